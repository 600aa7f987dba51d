"""The message catalogs and their PO parser.

House style: "English and German catalogs keep the same keys, and a test says so"; every
message has a translator comment; placeholders are named and every translation keeps them.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from accessible_cards.i18n import (
    COMPILE_COMMAND,
    LANGUAGES,
    Catalog,
    CatalogError,
    MissingMessageError,
    PoEntry,
    PoSyntaxError,
    compile_catalog,
    compile_plural,
    load_po,
    mo_content,
    placeholders,
    read_po,
)

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "accessible_cards" / "locale"

HEADER = """msgid ""
msgstr ""
"Language: xx\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def _entries(lang: str) -> list[PoEntry]:
    return list(load_po(lang).entries.values())


def test_english_and_german_have_exactly_the_same_keys() -> None:
    english = load_po("en").entries
    german = load_po("de").entries
    assert set(english) == set(german), {
        "only in en": sorted(map(str, set(english) - set(german))),
        "only in de": sorted(map(str, set(german) - set(english))),
    }
    for key, entry in english.items():
        assert german[key].msgid_plural == entry.msgid_plural, key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_has_a_translator_comment(lang: str) -> None:
    bare = [entry.key for entry in _entries(lang) if not any(comment.strip() for comment in entry.comments)]
    assert not bare, f"entries without a '#.' comment in {lang}.po: {bare}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_is_translated(lang: str) -> None:
    empty = [entry.key for entry in _entries(lang) if not all(form.strip() for form in entry.msgstr)]
    assert not empty


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_of_each_translation_match_its_msgid(lang: str) -> None:
    """Named placeholders (German word order differs); a plural form may leave out {n} only."""
    for entry in _entries(lang):
        wanted = placeholders(entry.msgid)
        if entry.msgid_plural is not None:
            assert placeholders(entry.msgid_plural) == wanted | {"n"}, entry.key
            wanted = wanted | {"n"}
            for form in entry.msgstr:
                got = placeholders(form)
                assert wanted - {"n"} <= got <= wanted, (entry.key, form)
        else:
            assert placeholders(entry.msgstr[0]) == wanted, (entry.key, entry.msgstr[0])


def test_english_translations_repeat_the_source() -> None:
    """Keys are the English source strings: the English catalog says exactly its msgids."""
    for entry in _entries("en"):
        forms = (entry.msgid,) if entry.msgid_plural is None else (entry.msgid, entry.msgid_plural)
        assert entry.msgstr == forms, entry.key


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


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("(n != 1)", [1, 0, 1, 1]),
        ("n > 1", [0, 0, 1, 1]),
        ("0", [0, 0, 0, 0]),
        ("n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2", [2, 0, 1, 2]),
    ],
)
def test_plural_rules_compile(rule: str, expected: list[int]) -> None:
    forms = compile_plural(rule)
    assert [forms(n) for n in (0, 1, 2, 5)] == expected


@pytest.mark.parametrize("rule", ["n !! 1", "n ? 1", "(n != 1", "x > 1", ""])
def test_bad_plural_rules_are_refused(rule: str) -> None:
    with pytest.raises(CatalogError):
        compile_plural(rule)


def test_a_well_formed_file_reads_with_continuations_escapes_and_context() -> None:
    text = (
        HEADER
        + """
#. a comment for translators
#: accessible_cards/x.py:1
#, python-format
msgctxt "braille"
msgid "Say "
"\\"{word}\\""
msgstr "Sag \\"{word}\\"\\tnow"

#. plural
msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"
#~ msgid "old"
#~ msgstr "alt"
"""
    )
    po = read_po(text, "test.po")
    entry = po.entries[("braille", 'Say "{word}"')]
    assert entry.msgstr == ('Sag "{word}"\tnow',)
    assert entry.comments == ("a comment for translators",)
    assert entry.flags == ("python-format",)
    assert po.entries[(None, "{n} card")].msgstr == ("{n} Karte", "{n} Karten")
    assert po.nplurals == 2
    assert len(po.entries) == 2


MALFORMED = {
    "no header": ('msgid "a"\nmsgstr "b"\n', "must start with a header"),
    "unknown keyword": (HEADER + '\nmsgid "a"\nmsgtxt "b"\n', "unknown keyword 'msgtxt'"),
    "unterminated string": (HEADER + '\nmsgid "a\nmsgstr "b"\n', "expected a quoted string"),
    "bad escape": (HEADER + '\nmsgid "a\\q"\nmsgstr "b"\n', "unknown escape"),
    "unescaped quote": (HEADER + '\nmsgid "a"b"\nmsgstr "b"\n', "unescaped quote"),
    "string without keyword": (HEADER + '\n"stray"\n', "no keyword before it"),
    "missing msgstr": (HEADER + '\nmsgid "a"\n', "needs one msgstr"),
    "key twice": (HEADER + '\nmsgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', "already defined on line"),
    "msgid twice": (HEADER + '\nmsgid "a"\nmsgid "b"\nmsgstr "c"\n', "msgid given twice"),
    "plural with plain msgstr": (HEADER + '\nmsgid "a"\nmsgid_plural "as"\nmsgstr "b"\n', "needs msgstr[0]"),
    "gap in plural forms": (
        HEADER + '\nmsgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[2] "c"\n',
        "needs msgstr[0], msgstr[1]",
    ),
    "too few plural forms": (HEADER + '\nmsgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\n', "nplurals=2"),
    "fuzzy": (HEADER + '\n#, fuzzy\nmsgid "a"\nmsgstr "b"\n', "fuzzy"),
    "out of order": (HEADER + '\nmsgid "a"\nmsgctxt "c"\nmsgstr "b"\n', "out of order"),
    "no plural forms header": ('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n', "Plural-Forms"),
    "not utf-8": ('msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n', "charset=UTF-8"),
    "second header": (HEADER + '\nmsgid ""\nmsgstr "x"\n', "must come first, once"),
    "dangling comment": (HEADER + "\n#. lonely\n", "comments with no message"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_po_is_refused_with_a_clear_error(case: str) -> None:
    text, reason = MALFORMED[case]
    with pytest.raises(PoSyntaxError) as caught:
        read_po(text, "broken.po")
    message = str(caught.value)
    assert "broken.po" in message
    assert reason in message
    assert caught.value.msg_id == "error-po-syntax"


def test_an_error_names_the_line() -> None:
    with pytest.raises(PoSyntaxError, match=r"broken\.po:9: unknown keyword"):
        read_po(HEADER + '\nmsgid "a"\nmsgstr "b"\nbogus "c"\n', "broken.po")


def test_a_missing_key_raises_in_strict_mode() -> None:
    catalog = Catalog("de", strict=True)
    with pytest.raises(MissingMessageError, match=re.escape("no entry for msgid 'No such message.'")):
        catalog.text("No such message.")
    with pytest.raises(MissingMessageError, match="msgid_plural"):
        catalog.plural("{n} card to {seat}", "{n} wrong plural", 2, seat="X")


def test_a_missing_key_falls_back_to_english_at_run_time() -> None:
    catalog = Catalog("de", strict=False)
    assert catalog.text("No such message about {x}.", x="y") == "No such message about y."
    assert catalog.plural("{n} thing", "{n} things", 1) == "1 thing"
    assert catalog.plural("{n} thing", "{n} things", 3) == "3 things"
    assert catalog.text("{seat} out", "braille", seat="S1") == "S1 raus"


def test_tests_run_strict_by_default() -> None:
    assert Catalog("en").strict


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(CatalogError, match="languages are: en, de"):
        Catalog("fr")


def test_catalogs_are_parsed_once() -> None:
    assert load_po("de") is load_po("de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_equals_a_fresh_compile(lang: str) -> None:
    committed = LOCALE / f"{lang}.mo"
    assert committed.is_file(), f"{committed.name} is missing: run {COMPILE_COMMAND}"
    assert mo_content(committed.read_bytes()) == mo_content(compile_catalog(lang)), (
        f"{committed.name} is out of date: run {COMPILE_COMMAND}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_holds_every_entry_of_the_source(lang: str) -> None:
    compiled = mo_content((LOCALE / f"{lang}.mo").read_bytes())[1]
    assert {key: (entry.msgid_plural, entry.msgstr) for key, entry in compiled.items()} == {
        entry.key: (entry.msgid_plural, entry.msgstr) for entry in _entries(lang)
    }


def test_the_compiled_catalogs_are_package_data() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["accessible_cards"]
    package = ROOT / "accessible_cards"
    shipped = {path for pattern in patterns for path in package.glob(pattern)}
    for lang in LANGUAGES:
        assert {LOCALE / f"{lang}.po", LOCALE / f"{lang}.mo"} <= shipped, lang
