"""The message catalogs: their sources as Babel reads them, the compiled files and the Catalog.

House style: "English and German catalogs keep the same keys, and a test says so"; every
message has a translator comment; placeholders are named and every translation keeps them.
"""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from accessible_cards import i18n
from accessible_cards.i18n import (
    LANGUAGES,
    Catalog,
    CatalogError,
    Key,
    MissingMessageError,
    compile_catalog,
    load_mo,
    mo_content,
    placeholders,
    read_source,
)

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "accessible_cards" / "locale"


def _messages(lang: str) -> dict[Key, Message]:
    """The entries of ``locale/<lang>.po`` by key, the header left out."""
    return {(message.context, _msgid(message)): message for message in read_source(lang) if message.id}


def _msgid(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _plural_id(message: Message) -> str | None:
    return None if isinstance(message.id, str) else message.id[1]


def _forms(message: Message) -> tuple[str, ...]:
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


# -- the sources ---------------------------------------------------------------------


def test_english_and_german_have_exactly_the_same_keys() -> None:
    english = _messages("en")
    german = _messages("de")
    assert set(english) == set(german), {
        "only in en": sorted(map(str, set(english) - set(german))),
        "only in de": sorted(map(str, set(german) - set(english))),
    }
    for key, message in english.items():
        assert _plural_id(german[key]) == _plural_id(message), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_has_a_translator_comment(lang: str) -> None:
    bare = [key for key, message in _messages(lang).items() if not any(c.strip() for c in message.auto_comments)]
    assert not bare, f"entries without a '#.' comment in {lang}.po: {bare}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_is_translated(lang: str) -> None:
    empty = [key for key, message in _messages(lang).items() if not all(form.strip() for form in _forms(message))]
    assert not empty


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_entry_is_fuzzy(lang: str) -> None:
    """A compile leaves fuzzy entries out: check the translation and remove the flag."""
    fuzzy = [key for key, message in _messages(lang).items() if message.fuzzy]
    assert not fuzzy


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_defined_twice(lang: str) -> None:
    """Babel merges a key given twice into one entry, keeping the first translation: count the msgids."""
    text = (LOCALE / f"{lang}.po").read_text(encoding="utf-8")
    written = sum(1 for line in text.splitlines() if line.startswith("msgid "))
    assert written - 1 == len(_messages(lang))  # less the header


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_names_the_language_utf8_and_the_plural_rule(lang: str) -> None:
    catalog = read_source(lang)
    headers = dict(catalog.mime_headers)
    assert headers["Language"] == lang
    assert catalog.charset.lower() == "utf-8"
    assert re.fullmatch(r"nplurals=\d+; plural=.+;", headers["Plural-Forms"]), headers["Plural-Forms"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_valid(lang: str) -> None:
    """Every plural entry has the header's nplurals forms, and the rule gives a form in range for every count."""
    catalog = read_source(lang)
    rule = gettext.c2py(catalog.plural_expr)  # what the program's gettext compiles the rule with
    assert {rule(n) for n in range(1000)} <= set(range(catalog.num_plurals))
    for key, message in _messages(lang).items():
        if message.pluralizable:
            assert len(_forms(message)) == catalog.num_plurals, key
    assert not [(message.id, errors) for message, errors in catalog.check()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_of_each_translation_match_its_msgid(lang: str) -> None:
    """Named placeholders (German word order differs); a plural form may leave out {n} only."""
    for key, message in _messages(lang).items():
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


def test_english_translations_repeat_the_source() -> None:
    """Keys are the English source strings: the English catalog says exactly its msgids."""
    for key, message in _messages("en").items():
        source = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        assert _forms(message) == source, key


def test_a_malformed_source_is_refused_with_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "de.po"
    broken.write_text('msgid ""\nmsgstr "Language: de\\n"\n\nmsgid "a"\nmsgtxt "b"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "locale_file", lambda lang, suffix: broken)
    with pytest.raises(CatalogError, match=r"locale/de\.po:5: .*'msgtxt \"b\"'") as caught:
        read_source("de")
    assert caught.value.msg_id == "error-catalog"


# -- the compiled catalogs ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_equals_a_fresh_compile(lang: str) -> None:
    committed = LOCALE / f"{lang}.mo"
    assert committed.is_file(), f"{committed.name} is missing: run {i18n.COMPILE_COMMAND}"
    assert mo_content(committed.read_bytes()) == mo_content(compile_catalog(lang)), (
        f"{committed.name} is out of date: run {i18n.COMPILE_COMMAND}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_holds_every_entry_of_the_source(lang: str) -> None:
    compiled = {entry.key: (entry.msgid_plural, entry.msgstr) for entry in Catalog(lang)}
    source = {key: (_plural_id(message), _forms(message)) for key, message in _messages(lang).items()}
    assert compiled == source


def test_the_compiled_catalogs_are_package_data() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["accessible_cards"]
    package = ROOT / "accessible_cards"
    shipped = {path for pattern in patterns for path in package.glob(pattern)}
    for lang in LANGUAGES:
        assert {LOCALE / f"{lang}.po", LOCALE / f"{lang}.mo"} <= shipped, lang


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
