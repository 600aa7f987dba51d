"""The message catalogs: their sources as Babel reads them, the compiled files and the Catalog.

House style: "English and German catalogs keep the same keys, and a test says so"; every
message has a translator comment; placeholders are named and every translation keeps them.
Each check runs on every catalog: the shared one, each registered game's, and the tests'
High Card game's (``tests/highcard/locale/``).
"""

from __future__ import annotations

import gettext
import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Final

import pytest
from babel.messages.catalog import Message

from accessible_cards import game as registry
from accessible_cards import i18n
from accessible_cards import settings as settings_file
from accessible_cards.i18n import (
    LANGUAGES,
    SHARED_PACKAGE,
    Catalog,
    CatalogError,
    Key,
    MissingMessageError,
    catalog_packages,
    compile_catalog,
    load_mo,
    locale_file,
    mo_content,
    placeholders,
    read_source,
)

ROOT = Path(__file__).resolve().parents[1]
HIGH_CARD = "highcard"
PACKAGES = (*catalog_packages(), HIGH_CARD)
"""Every catalog's package: the shared one, the registered games', and High Card's."""
CATALOGS = [(package, lang) for package in PACKAGES for lang in LANGUAGES]


@pytest.fixture(autouse=True)
def _high_card_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card in the registry (its catalog's files found through its package); the registry is as it was
    afterwards."""
    registry.registered()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    import highcard

    registry.register_game(highcard.DESCRIPTION)


def _path(package: str, lang: str, suffix: str) -> Path:
    return Path(str(locale_file(lang, suffix, package)))


def _messages(lang: str, package: str = SHARED_PACKAGE) -> dict[Key, Message]:
    """The entries of ``package``'s ``locale/<lang>.po`` by key, the header left out."""
    return {(message.context, _msgid(message)): message for message in read_source(lang, package) if message.id}


def _msgid(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _plural_id(message: Message) -> str | None:
    return None if isinstance(message.id, str) else message.id[1]


def _forms(message: Message) -> tuple[str, ...]:
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


# -- the sources ---------------------------------------------------------------------


@pytest.mark.parametrize("package", PACKAGES)
def test_english_and_german_have_exactly_the_same_keys(package: str) -> None:
    english = _messages("en", package)
    german = _messages("de", package)
    assert set(english) == set(german), {
        "only in en": sorted(map(str, set(english) - set(german))),
        "only in de": sorted(map(str, set(german) - set(english))),
    }
    for key, message in english.items():
        assert _plural_id(german[key]) == _plural_id(message), key


@pytest.mark.parametrize(("package", "lang"), CATALOGS)
def test_every_entry_has_a_translator_comment(package: str, lang: str) -> None:
    bare = [
        key for key, message in _messages(lang, package).items() if not any(c.strip() for c in message.auto_comments)
    ]
    assert not bare, f"entries without a '#.' comment in {i18n.catalog_name(package, lang, '.po')}: {bare}"


@pytest.mark.parametrize(("package", "lang"), CATALOGS)
def test_every_entry_is_translated(package: str, lang: str) -> None:
    empty = [
        key for key, message in _messages(lang, package).items() if not all(form.strip() for form in _forms(message))
    ]
    assert not empty


@pytest.mark.parametrize(("package", "lang"), CATALOGS)
def test_no_entry_is_fuzzy(package: str, lang: str) -> None:
    """A compile leaves fuzzy entries out: check the translation and remove the flag."""
    fuzzy = [key for key, message in _messages(lang, package).items() if message.fuzzy]
    assert not fuzzy


@pytest.mark.parametrize(("package", "lang"), CATALOGS)
def test_no_key_is_defined_twice(package: str, lang: str) -> None:
    """Babel merges a key given twice into one entry, keeping the first translation: count the msgids."""
    text = _path(package, lang, ".po").read_text(encoding="utf-8")
    written = sum(1 for line in text.splitlines() if line.startswith("msgid "))
    assert written - 1 == len(_messages(lang, package))  # less the header


@pytest.mark.parametrize(("package", "lang"), CATALOGS)
def test_the_header_names_the_language_utf8_and_the_plural_rule(package: str, lang: str) -> None:
    catalog = read_source(lang, package)
    headers = dict(catalog.mime_headers)
    assert headers["Language"] == lang
    assert catalog.charset.lower() == "utf-8"
    assert re.fullmatch(r"nplurals=\d+; plural=.+;", headers["Plural-Forms"]), headers["Plural-Forms"]


@pytest.mark.parametrize(("package", "lang"), CATALOGS)
def test_plural_forms_are_valid(package: str, lang: str) -> None:
    """Every plural entry has the header's nplurals forms, and the rule gives a form in range for every count."""
    catalog = read_source(lang, package)
    rule = gettext.c2py(catalog.plural_expr)  # what the program's gettext compiles the rule with
    assert {rule(n) for n in range(1000)} <= set(range(catalog.num_plurals))
    for key, message in _messages(lang, package).items():
        if message.pluralizable:
            assert len(_forms(message)) == catalog.num_plurals, key
    assert not [(message.id, errors) for message, errors in catalog.check()]


@pytest.mark.parametrize(("package", "lang"), CATALOGS)
def test_placeholders_of_each_translation_match_its_msgid(package: str, lang: str) -> None:
    """Named placeholders (German word order differs); a plural form may leave out {n} only."""
    for key, message in _messages(lang, package).items():
        wanted = placeholders(_msgid(message))
        plural = _plural_id(message)
        if plural is not None:
            assert placeholders(plural) == wanted | {"n"}, key
            wanted = wanted | {"n"}
            for form in _forms(message):
                got = placeholders(form)
                assert wanted - {"n"} <= got <= wanted, (key, form)
        else:
            assert placeholders(_forms(message)[0]) == wanted, (key, message.string)


@pytest.mark.parametrize("package", PACKAGES)
def test_english_translations_repeat_the_source(package: str) -> None:
    """Keys are the English source strings: the English catalog says exactly its msgids."""
    for key, message in _messages("en", package).items():
        source = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        assert _forms(message) == source, key


def test_a_malformed_source_is_refused_with_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "de.po"
    broken.write_text('msgid ""\nmsgstr "Language: de\\n"\n\nmsgid "a"\nmsgtxt "b"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "locale_file", lambda lang, suffix, package=SHARED_PACKAGE: broken)
    with pytest.raises(CatalogError, match=r"locale/de\.po:5: .*'msgtxt \"b\"'") as caught:
        read_source("de")
    assert caught.value.msg_id == "error-catalog"


# -- the compiled catalogs ---------------------------------------------------------------


@pytest.mark.parametrize(("package", "lang"), CATALOGS)
def test_the_compiled_catalog_equals_a_fresh_compile(package: str, lang: str) -> None:
    committed = _path(package, lang, ".mo")
    name = i18n.catalog_name(package, lang, ".mo")
    assert committed.is_file(), f"{name} is missing: run {i18n.COMPILE_COMMAND}"
    assert mo_content(committed.read_bytes()) == mo_content(compile_catalog(lang, package)), (
        f"{name} is out of date: run {i18n.COMPILE_COMMAND}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogs_hold_every_entry_of_the_sources(lang: str) -> None:
    """A Catalog answers from the shared catalog and every registered game's, High Card's too while it is in."""
    compiled = {entry.key: (entry.msgid_plural, entry.msgstr) for entry in Catalog(lang)}
    source: dict[Key, tuple[str | None, tuple[str, ...]]] = {}
    for package in reversed(catalog_packages()):
        source.update((key, (_plural_id(m), _forms(m))) for key, m in _messages(lang, package).items())
    assert HIGH_CARD in catalog_packages()
    assert compiled == source


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_key_in_two_catalogs_says_the_same_in_both(lang: str) -> None:
    """A key belongs to one catalog; where two must hold it (High Card's copy of a game's sentence), equally."""
    said: dict[Key, tuple[str, tuple[str | None, tuple[str, ...]]]] = {}
    differ = []
    for package in PACKAGES:
        for key, message in _messages(lang, package).items():
            forms = (_plural_id(message), _forms(message))
            if key in said and said[key][1] != forms:
                differ.append((key, said[key][0], package))
            said.setdefault(key, (package, forms))
    assert not differ


def test_a_key_of_the_shared_catalog_is_in_no_game_catalog() -> None:
    shared = set(_messages("en"))
    for package in PACKAGES[1:]:
        assert not shared & set(_messages("en", package)), package


def test_every_sentence_is_in_the_catalog_of_the_code_that_says_it() -> None:
    """A game's own sentences in its catalog, the shared layers' and those of several games in the shared one."""
    spec = importlib.util.spec_from_file_location("catalog_owners", ROOT / "scripts" / "catalog_owners.py")
    assert spec is not None and spec.loader is not None
    owners = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(owners)
    assert owners.misplaced(ROOT) == [], "move them (scripts/catalog_owners.py lists them)"


COMPOSED: Final = ("card as object (German: accusative, with article)", "rank with colour and article")
"""The contexts of entries the code puts together from parts (``"the " + rank``, ``f"a {colour} {rank}"``)."""


def test_every_catalog_entry_is_said_by_some_code() -> None:
    """An entry no code says is a sentence left behind: the translators would keep it up for nobody."""
    spec = importlib.util.spec_from_file_location("catalog_owners", ROOT / "scripts" / "catalog_owners.py")
    assert spec is not None and spec.loader is not None
    owners = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(owners)
    values = {setting.allowed for setting in (*settings_file.SETTINGS, *settings_file.game_settings())}
    left = [
        (catalog, msgid)
        for catalog, context, msgid in owners.unnamed(ROOT)
        if context not in COMPOSED and msgid not in values
    ]
    assert left == []


def test_every_game_carries_its_catalog_in_its_package() -> None:
    for game in registry.registered():
        for lang in LANGUAGES:
            assert _path(game.package, lang, ".mo").is_file(), (game.name, lang)


def test_the_compiled_catalogs_are_package_data() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["accessible_cards"]
    package = ROOT / "accessible_cards"
    shipped = {path for pattern in patterns for path in package.glob(pattern)}
    for name in PACKAGES:
        if name == HIGH_CARD:
            continue  # the tests' game is not shipped
        for lang in LANGUAGES:
            assert {_path(name, lang, ".po"), _path(name, lang, ".mo")} <= shipped, (name, lang)


def test_start_up_reads_the_compiled_catalog_without_babel() -> None:
    """The fast path: the standard gettext reads the .mo; Babel is for compiling and the tests."""
    code = (
        "import sys; from accessible_cards.i18n import Catalog; "
        "print(Catalog('de').text('Goodbye.')); print('babel' in sys.modules)"
    )
    env = dict(os.environ, ACCESSIBLE_CARDS_I18N_STRICT="0")
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert said.stdout.splitlines()[1] == "False", said.stdout


# -- the Catalog -------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "n", "expected"), [
    ("en", 0, "0 cards"),
    ("en", 1, "1 card"),
    ("en", 2, "2 cards"),
    ("de", 0, "0 Karten"),
    ("de", 1, "1 Karte"),
    ("de", 2, "2 Karten"),
])  # fmt: skip
def test_plural_forms_pick_the_right_form(lang: str, n: int, expected: str) -> None:
    said = Catalog(lang).plural("{n} card to {seat}", "{n} cards to {seat}", n, seat="X")
    assert said.startswith(expected)


def test_named_placeholders_follow_german_word_order() -> None:
    catalog = Catalog("de")
    assert catalog.text("{rank} of {suit}", "card name", rank="Sieben", suit="Herz") == "Herz Sieben"
    assert catalog.plural("{seat} takes {n} card.", "{seat} takes {n} cards.", 10, seat="Spieler 1") == (
        "Spieler 1 nimmt 10 Karten."
    )


def test_a_missing_key_raises_in_strict_mode() -> None:
    catalog = Catalog("de", strict=True)
    with pytest.raises(MissingMessageError, match=re.escape("no entry for msgid 'No such message.'")):
        catalog.text("No such message.")
    with pytest.raises(MissingMessageError, match="msgid_plural"):
        catalog.plural("{n} card to {seat}", "{n} wrong plural", 2, seat="X")
    with pytest.raises(MissingMessageError, match="wrong or empty entry"):
        catalog.text("{n} card to {seat}")  # a plural entry asked for as a plain one
    with pytest.raises(MissingMessageError, match="wrong or empty entry"):
        catalog.plural("{rank} of {suit}", "{rank}s of {suit}", 2, "card name")  # and the reverse


def test_a_missing_key_falls_back_to_english_at_run_time() -> None:
    catalog = Catalog("de", strict=False)
    assert catalog.text("No such message about {x}.", x="y") == "No such message about y."
    assert catalog.plural("{n} thing", "{n} things", 1) == "1 thing"
    assert catalog.plural("{n} thing", "{n} things", 3) == "3 things"
    assert catalog.text("{seat} out", "braille", seat="S1") == "S1 raus"
    assert catalog.text("No such {x}", "braille", x="line") == "No such line"


def test_tests_run_strict_by_default() -> None:
    assert Catalog("en").strict


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(CatalogError, match="languages are: en, de"):
        Catalog("fr")


def test_catalogs_are_read_once() -> None:
    assert load_mo("de") is load_mo("de")
    assert Catalog("de")._mo is Catalog("de")._mo


def test_a_game_sentence_is_said_from_its_own_catalog() -> None:
    """The Catalog of a language answers from the games' catalogs too, in strict mode."""
    assert Catalog("de", strict=True).text("War") == "Krieg"
    assert not Catalog("de", strict=False, packages=(SHARED_PACKAGE,)).knows("Play High Card")
    assert Catalog("de", strict=True).knows("Play High Card")
