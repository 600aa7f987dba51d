"""Issue 6, BRF for embossers: every line within the width, every page within the height, only Braille ASCII.

Lines too long are wrapped at a word boundary, never cut; pages are separated by form feeds and
carry braille page numbers; a print twin ``.txt`` is written alongside.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import accessible_cards
from accessible_cards.braille import louis
from accessible_cards.braille.cli import add_braille_parser, add_emboss_parser, braille_report, run_braille, run_emboss
from accessible_cards.braille.emboss import (
    BRAILLE_ASCII,
    CONTINUED,
    Paragraph,
    braille_page_number,
    emboss,
    markdown_paragraphs,
    rules_markdown,
    wrap,
)

PACKAGE = Path(accessible_cards.__file__).resolve().parent

pytestmark = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")


def check_brf(data: bytes, width: int, height: int) -> list[list[str]]:
    """Split a BRF file into pages of lines, asserting the page and line limits and the character set."""
    text = data.decode("ascii")
    assert set(text) <= BRAILLE_ASCII | {"\r", "\n", "\f"}
    pages = [page.split("\r\n") for page in text.split("\f")]
    for number, page in enumerate(pages, 1):
        assert page[-1] == ""  # every page ends with a line end
        lines = page[:-1]
        assert len(lines) <= height
        assert all(len(line) <= width for line in lines)
        assert lines[-1].strip() == braille_page_number(number)
    return [page[:-1] for page in pages]


def parser() -> argparse.ArgumentParser:
    """A parser with just our two commands."""
    top = argparse.ArgumentParser()
    commands = top.add_subparsers(dest="command")
    add_braille_parser(commands)
    add_emboss_parser(commands)
    return top


@pytest.mark.parametrize(
    ("game", "lang", "width", "height"),
    [("war", "en", 40, 25), ("war", "de", 40, 25), ("bundles", "en", 40, 25), ("rubamazzo", "de", 32, 20)],
)
def test_emboss_rules(tmp_path: Path, game: str, lang: str, width: int, height: int) -> None:
    """``emboss rules GAME`` writes a BRF within the page size and a print twin with the same text."""
    out = tmp_path / "rules.brf"
    args = parser().parse_args(
        ["emboss", "rules", game, "--lang", lang, "-o", str(out), "--width", str(width), "--height", str(height)]
    )
    assert run_emboss(args) == 0
    pages = check_brf(out.read_bytes(), width, height)
    assert len(pages) > 2
    twin = out.with_suffix(".txt").read_text(encoding="utf-8")
    assert twin.startswith("Braille page 1")
    assert f"Braille page {len(pages)}" in twin
    heading = "Krieg" if (game, lang) == ("war", "de") else None
    if heading:
        assert heading in twin


def test_words_are_never_cut(tmp_path: Path) -> None:
    """Every word of the BRF translation of a paragraph appears whole on some line."""
    text = " ".join(["Stealing Bundles is a fishing game for two to four players"] * 6)
    embossed = emboss([Paragraph(text)], "en", width=20, height=6)
    assert embossed is not None
    brf = louis.to_brf(text)
    assert brf is not None
    words = brf.split()
    lines = [line for page in embossed.pages for line in page[:-1] if line.strip()]
    assert [w for line in lines for w in line.split()] == words
    assert all(len(line) <= 20 for line in lines)
    assert len(embossed.pages) > 1


def test_wrap() -> None:
    """Wrapping keeps words whole and honours the first-line indent; only an over-long word is split."""
    assert wrap("aa bb cc dd", 5) == ["aa bb", "cc dd"]
    assert wrap("aa bb cc", 6, indent=2) == ["  aa", "bb cc"]
    assert wrap("abcdefghij", 4) == ["abc-", "def-", "ghij"]


def test_markdown_paragraphs() -> None:
    """Headings, list items, table rows and text become paragraphs without Markdown marks."""
    text = "# Title\n\nSome `code` and **bold**\ntext.\n\n- item one\n- item two\n\n| a | b |\n|---|---|\n| x | y |\n"
    assert markdown_paragraphs(text) == [
        Paragraph("Title", heading=True),
        Paragraph("Some code and bold text."),
        Paragraph("item one", 2),
        Paragraph("item two", 2),
        Paragraph("x: b y", 2),
    ]
    assert braille_page_number(12) == "#AB"


def test_rules_files() -> None:
    """GAME is war, bundles or a preset; each language reads its game's rules/<lang>.md, English when it has none."""

    def page(game: str, lang: str) -> str:
        return (PACKAGE / "games" / game / "rules" / f"{lang}.md").read_text(encoding="utf-8")

    assert rules_markdown("war", "en") == page("war", "en")
    assert rules_markdown("rubamazzo", "de") == page("bundles", "de")
    assert rules_markdown("bundles", "de_DE") == page("bundles", "de")
    assert rules_markdown("war", "fr") == page("war", "en")
    with pytest.raises(ValueError, match="not a game"):
        rules_markdown("poker", "en")


def test_bad_sizes_and_games(tmp_path: Path) -> None:
    """A page too small or an unknown game is refused with a message, nothing written."""
    out = tmp_path / "x.brf"
    assert run_emboss(parser().parse_args(["emboss", "rules", "war", "-o", str(out), "--width", "5"])) == 2
    assert run_emboss(parser().parse_args(["emboss", "rules", "poker", "-o", str(out)])) == 2
    assert not out.exists()


def test_braille_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``braille TEXT`` and ``braille --card`` print Unicode braille."""
    assert run_braille(parser().parse_args(["braille", "You", "win", "7H"])) == 0
    assert capsys.readouterr().out == "⠠⠽⠕⠥⠀⠺⠊⠝⠀⠛⠓\n"
    assert run_braille(parser().parse_args(["braille", "--card", "KC", "--lang", "de"])) == 0
    assert capsys.readouterr().out.splitlines() == ["KC: letters k x (cards-de.uti)", "⠅⠭"]
    assert run_braille(parser().parse_args(["braille", "--card", "QD", "--deck", "italian40"])) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "⠧⠙"
    assert run_braille(parser().parse_args(["braille", "--card", "TD", "--deck", "italian40"])) == 2
    assert run_braille(parser().parse_args(["braille", "--table", "en-ueb-g2", "the", "card"])) == 0
    assert capsys.readouterr().out == "⠮⠀⠉⠜⠙\n"


def test_doctor_report() -> None:
    """``doctor`` rows: liblouis and the card tables work here; each row has a reason."""
    rows = {row[0]: row for row in braille_report()}
    assert rows["liblouis"][1] and rows["card tables"][1]
    assert set(rows) >= {"liblouis", "card tables", "BrlAPI"}
    assert all(reason for _, _, reason, _ in rows.values())


def test_a_line_break_before_a_number_is_not_a_numbered_item() -> None:
    """The source's paragraphs, not its line breaks: "… 10 bis" / "2. Farben …" is one item, as in war/rules/de.md."""
    page = rules_markdown("war", "de")
    assert "Bube, 10 bis\n  2. Farben" in page
    (item,) = [p for p in markdown_paragraphs(page) if "10 bis" in p.text]
    assert "10 bis 2. Farben zählen nicht" in item.text and item.indent == 2
    assert not any(p.text.startswith("2. Farben") for p in markdown_paragraphs(page))
    text = "Text bis\n2. Farben.\n\n1. one\n   goes on\n2. two\n"
    assert markdown_paragraphs(text) == [
        Paragraph("Text bis 2. Farben."),
        Paragraph("1. one goes on", 2),
        Paragraph("2. two", 2),
    ]


def test_the_report_counts_braille_pages_with_plural_forms(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "Wrote h.brf (1 braille page)", not "(1 braille pages)"; German too."""
    out = tmp_path / "h.brf"
    args = parser().parse_args(["emboss", "rules", "war", "-o", str(out)])
    assert run_emboss(args, markdown="# One\n\nA short page.\n") == 0
    said = capsys.readouterr().out
    assert f"Wrote {out} (1 braille page) and its print twin {out.with_suffix('.txt')}." in said
    args = parser().parse_args(["emboss", "rules", "war", "--lang", "de", "-o", str(out)])
    assert run_emboss(args) == 0
    said = capsys.readouterr().out
    assert "Braille-Seiten)" in said and "braille pages" not in said


def test_a_paragraph_longer_than_a_page_keeps_the_print_twin_page_for_page() -> None:
    """A paragraph that runs over a whole page: the print twin still names every braille page, the page that
    holds only its middle as going on, so a teacher following along does not lose count."""
    long = " ".join(f"The card number {n} goes on the foundation." for n in range(60))
    paragraphs = [Paragraph("Rules", heading=True), Paragraph(long), Paragraph("The end.")]
    embossed = emboss(paragraphs, "en", width=32, height=20)
    assert embossed is not None and len(embossed.pages) >= 3
    headings = [f"Braille page {n}" for n in range(1, len(embossed.pages) + 1)]
    assert [line for line in embossed.print_text.splitlines() if line.startswith("Braille page ")] == headings
    assert CONTINUED in embossed.print_text
    assert embossed.print_text.rstrip().endswith("The end.")
