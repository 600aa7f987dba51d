"""The documentation: English and German twins, generated pages that cannot drift, embossable rules, live links.

- every file under ``docs/en`` has a twin under ``docs/de`` (and the other way round), with the same
  headings: the same level in the same order;
- the keyboard references equal what the key map makes (``scripts/make_docs.py`` writes them), and so
  do the card tables of the braille pages; the rules pages equal the ones each game's package holds;
- every rules page, in both languages, embosses to valid BRF: every line within the width, every page
  within the height, only Braille ASCII;
- every relative Markdown link in ``docs/`` and the READMEs points to a file (and heading) that exists.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import accessible_cards
from accessible_cards.braille import louis
from accessible_cards.braille.emboss import (
    BRAILLE_ASCII,
    braille_page_number,
    emboss,
    markdown_paragraphs,
    rules_markdown,
)
from accessible_cards.games.bundles.rules import VARIANTS
from accessible_cards.ui.app import read_rules
from accessible_cards.ui.keyref import keyboard_reference

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PACKAGE = Path(accessible_cards.__file__).resolve().parent
LANGUAGES = ("en", "de")
GAMES = ("war", "bundles", "ohhell", "klondike")

_FENCE = re.compile(r"^\s*(```|~~~)")
_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
_CODE_SPAN = re.compile(r"`[^`]*`")


def make_docs() -> ModuleType:
    """``scripts/make_docs.py`` as a module (``scripts/`` is not a package)."""
    name = "make_docs"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "make_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks."""
    lines: list[str] = []
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def headings(text: str) -> list[tuple[int, str]]:
    """(level, title) of every ATX heading outside code blocks."""
    found: list[tuple[int, str]] = []
    for line in prose_lines(text):
        match = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if match:
            found.append((len(match.group(1)), match.group(2)))
    return found


def slug(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title).replace("`", "").replace("*", "").lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file, with GitHub's -1, -2 for repeated titles."""
    seen: dict[str, int] = {}
    result: set[str] = set()
    for _level, title in headings(path.read_text(encoding="utf-8")):
        base = slug(title)
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def doc_files(lang: str) -> set[Path]:
    """Every file under ``docs/<lang>``, relative to that folder."""
    folder = DOCS / lang
    return {path.relative_to(folder) for path in folder.rglob("*") if path.is_file()}


def markdown_files() -> list[Path]:
    """The Markdown files whose links are checked: everything in docs/, and the READMEs."""
    files = sorted(DOCS.rglob("*.md"))
    return [*files, ROOT / "README.md", ROOT / "braille_tables" / "README.md"]


# -- twins ------------------------------------------------------------------------


def test_every_page_has_a_twin_in_the_other_language() -> None:
    english, german = doc_files("en"), doc_files("de")
    assert english, "docs/en is empty"
    assert sorted(map(str, english - german)) == [], "pages without a German twin"
    assert sorted(map(str, german - english)) == [], "pages without an English twin"


@pytest.mark.parametrize("page", sorted(str(p) for p in doc_files("en") if p.suffix == ".md"))
def test_twins_have_the_same_headings(page: str) -> None:
    english = headings((DOCS / "en" / page).read_text(encoding="utf-8"))
    german = headings((DOCS / "de" / page).read_text(encoding="utf-8"))
    assert english, f"{page} has no headings"
    assert [level for level, _ in english] == [level for level, _ in german], (
        f"{page}: the heading levels differ\nen: {english}\nde: {german}"
    )


def test_the_old_single_language_paths_are_gone() -> None:
    assert not (DOCS / "rules").exists()
    assert not list(DOCS.glob("*.de.md"))
    for name in ("braille.md", "architecture.md", "scenarios.md", "i18n.md"):
        assert not (DOCS / name).exists(), name


# -- generated pages -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_keyboard_reference_pages_equal_the_key_map(game: str, lang: str) -> None:
    page = DOCS / lang / "keys" / f"{game}.md"
    assert page.read_text(encoding="utf-8") == keyboard_reference(game, lang), (
        f"{page.relative_to(ROOT)} is out of date: run .venv/bin/python scripts/make_docs.py"
    )


def test_the_generator_writes_the_keyboard_pages() -> None:
    pages = make_docs().keyboard_pages()
    assert set(pages) == {DOCS / lang / "keys" / f"{game}.md" for lang in LANGUAGES for game in GAMES}


@pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")
def test_the_card_tables_of_the_braille_pages_are_up_to_date() -> None:
    """The tables of every card come from liblouis and schemes.py; the generator leaves nothing to write."""
    generator = make_docs()
    assert [str(path.relative_to(ROOT)) for path in generator.stale()] == []
    for lang in LANGUAGES:
        text = (DOCS / lang / "braille.md").read_text(encoding="utf-8")
        assert text.count(generator.BEGIN) == 1 and text.count(generator.END) == 1
        assert "| ⠛⠓ `7H` gh |" in text  # the seven of hearts, English letters, in a table row
        assert "⠵⠏ `TS` zp" in text  # the ten of spades, German letters


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_pages_in_docs_equal_the_games_own(game: str, lang: str) -> None:
    page = DOCS / lang / "rules" / f"{game}.md"
    own = PACKAGE / "games" / game / "rules" / f"{lang}.md"
    assert page.read_text(encoding="utf-8") == own.read_text(encoding="utf-8"), (
        f"{page.relative_to(ROOT)} is out of date: run .venv/bin/python scripts/make_docs.py"
    )


def test_the_generator_writes_the_rules_pages() -> None:
    pages = make_docs().rules_pages()
    assert set(pages) == {DOCS / lang / "rules" / f"{game}.md" for lang in LANGUAGES for game in GAMES}


# -- rules pages ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["war", "bundles", "ohhell", *VARIANTS])
def test_every_game_and_preset_finds_its_rules_in_its_language(game: str, lang: str) -> None:
    stem = game if game in ("war", "ohhell") else "bundles"
    assert rules_markdown(game, lang) == (DOCS / lang / "rules" / f"{stem}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_game_reads_the_same_rules_pages(game: str, lang: str) -> None:
    sections = read_rules(game, lang)
    assert sections is not None
    page = (DOCS / lang / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert len(sections) == len(headings(page))
    assert all(text for _heading, text in sections[1:]), "a heading without text"


def test_every_preset_is_named_in_both_rules_pages() -> None:
    for lang in LANGUAGES:
        text = (DOCS / lang / "rules" / "bundles.md").read_text(encoding="utf-8")
        for preset in VARIANTS:
            assert f"(`{preset}`)" in text, (lang, preset)


def check_brf(data: bytes, width: int, height: int) -> int:
    """Assert the page and line limits and the character set of a BRF file; return its page count."""
    text = data.decode("ascii")
    assert set(text) <= BRAILLE_ASCII | {"\r", "\n", "\f"}
    pages = [page.split("\r\n") for page in text.split("\f")]
    for number, page in enumerate(pages, 1):
        assert page[-1] == ""  # every page ends with a line end
        lines = page[:-1]
        assert len(lines) <= height
        assert all(len(line) <= width for line in lines), [line for line in lines if len(line) > width]
        assert lines[-1].strip() == braille_page_number(number)
    return len(pages)


@pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")
@pytest.mark.parametrize(("width", "height"), [(40, 25), (32, 20)])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_embosses_to_valid_brf(game: str, lang: str, width: int, height: int) -> None:
    page = DOCS / lang / "rules" / f"{game}.md"
    paragraphs = markdown_paragraphs(page.read_text(encoding="utf-8"))
    embossed = emboss(paragraphs, lang, width=width, height=height)
    assert embossed is not None
    assert check_brf(embossed.brf().encode("ascii"), width, height) == len(embossed.pages) > 1
    assert embossed.print_text.count("Braille page ") == len(embossed.pages)


# -- links ---------------------------------------------------------------------------------


def links(path: Path) -> list[str]:
    """The targets of the Markdown links in a file, outside code."""
    found: list[str] = []
    for line in prose_lines(path.read_text(encoding="utf-8")):
        found += _LINK.findall(_CODE_SPAN.sub("", line))
    return found


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_to_something_that_exists(path: Path) -> None:
    broken: list[str] = []
    for target in links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto: and the like
        file_part, _, anchor = target.partition("#")
        destination = (path.parent / file_part).resolve() if file_part else path
        if not destination.exists():
            broken.append(f"{target}: no such file")
        elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(f"{target}: no heading #{anchor}")
    assert broken == [], f"{path.relative_to(ROOT)}: broken links"
