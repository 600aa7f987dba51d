"""Write the generated parts of ``docs/``, so that they cannot drift from the code.

- ``docs/<lang>/keys/<game>.md``: the keyboard reference, made from the key map
  (:func:`accessible_cards.ui.keyref.keyboard_reference`).
- ``docs/<lang>/rules/<game>.md``: a copy of the rules page the game's package holds
  (``accessible_cards/games/<game>/rules/<lang>.md``, English where a language has none),
  which the game reads with F1 and ``emboss rules`` embosses.
- The card tables in ``docs/<lang>/braille.md`` (between the two marker comments):
  every card's cells as liblouis writes them with our card tables, checked
  against the letters in ``accessible_cards/braille/schemes.py``.

Every registered game gets its pages. Run ``.venv/bin/python scripts/make_docs.py`` after
changing keys, rules or card letters;
``--check`` only lists the files that are out of date (exit status 1 if any).
``tests/test_docs.py`` fails while a file differs from what this writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Final

from accessible_cards import game as registry
from accessible_cards.braille import louis
from accessible_cards.braille.schemes import SCHEMES, Scheme
from accessible_cards.i18n import LANGUAGES
from accessible_cards.rules import rules_text
from accessible_cards.ui.keyref import keyboard_reference

ROOT: Final = Path(__file__).resolve().parents[1]
DOCS: Final = ROOT / "docs"
BEGIN: Final = "<!-- card tables: written by scripts/make_docs.py, do not edit by hand -->"
END: Final = "<!-- end of the card tables -->"

_SUITS: Final = ("S", "H", "D", "C")
_CODES: Final = "A23456789TJQK"
_RANK_WORD: Final = {"en": "rank", "de": "Rang"}
_TITLES: Final = {
    "en": {
        "en": "French pack, English letters",
        "de": "French pack, German letters",
        "it": "Italian pack",
        "es": "Spanish pack",
    },
    "de": {
        "en": "Französisches Blatt, englische Buchstaben",
        "de": "Französisches Blatt, deutsche Buchstaben",
        "it": "Italienisches Blatt",
        "es": "Spanisches Blatt",
    },
}
_NAMES: Final = {
    # the names the letters come from: rank names (ace to king; empty where the code says it all), suits S H D C
    "en": (("ace", *[""] * 8, "ten", "jack", "queen", "king"), ("spades", "hearts", "diamonds", "clubs")),
    "de": (("Ass", *[""] * 8, "Zehn", "Bube", "Dame", "König"), ("Pik", "Herz", "Karo", "Kreuz")),
    "it": (
        ("Asso", "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "", "", "", "Fante", "Cavallo", "Re"),
        ("Spade", "Coppe", "Denari", "Bastoni"),
    ),
    "es": (
        ("As", "Dos", "Tres", "Cuatro", "Cinco", "Seis", "Siete", "", "", "", "Sota", "Caballo", "Rey"),
        ("Espadas", "Copas", "Oros", "Bastos"),
    ),
}


def keyboard_pages() -> dict[Path, str]:
    """Every keyboard reference page and its text."""
    return {
        DOCS / lang / "keys" / f"{game}.md": keyboard_reference(game, lang)
        for lang in LANGUAGES
        for game in registry.names()
    }


def rules_pages() -> dict[Path, str]:
    """Every game's rules page in every language, as its package holds it."""
    pages: dict[Path, str] = {}
    for lang in LANGUAGES:
        for game in registry.names():
            text = rules_text(game, lang)
            if text is None:
                raise RuntimeError(f"{game} has no rules page in its package")
            pages[DOCS / lang / "rules" / f"{game}.md"] = text
    return pages


def _rank_label(scheme: Scheme, rank: int) -> str:
    code, name = _CODES[rank - 1], _NAMES[scheme.name][0][rank - 1]
    return f"{code} ({name})" if name else code


def card_table(scheme: Scheme, page_lang: str) -> str:
    """One scheme's table: a row per rank, a column per suit; each cell shows braille, code and letters.

    The braille is liblouis' own translation of the code alone, with the language table of the
    scheme's language (the page's language for the Italian and Spanish packs); it must equal the
    scheme's letters.
    """
    lang = scheme.name if scheme.name in LANGUAGES else page_lang
    header = " | ".join(f"{suit}: {name}" for suit, name in zip(_SUITS, _NAMES[scheme.name][1]))
    title = _TITLES[page_lang][scheme.name]
    lines = [f"### {title} (`{scheme.table}`)", "", f"| {_RANK_WORD[page_lang]} | {header} |", "|---" * 5 + "|"]
    cards = {(card.rank, card.suit.value if card.suit else ""): card for card in scheme.cards()}
    for rank in sorted({rank for rank, _suit in cards}):
        row = [_rank_label(scheme, rank)]
        for suit in _SUITS:
            card = cards[(rank, suit)]
            cells = louis.to_unicode(card.code, lang, None, scheme.kind)
            if cells is None:
                raise RuntimeError(louis.unavailable_reason() or "liblouis is missing")
            if cells != scheme.cells(card):
                raise RuntimeError(f"{scheme.table}: liblouis writes {card.code} as {cells}, not {scheme.cells(card)}")
            row.append(f"{cells} `{card.code}` {scheme.letters(card)}")
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def card_tables(page_lang: str) -> str:
    """Every scheme's table for the braille page of ``page_lang``, between the markers."""
    tables = [card_table(scheme, page_lang) for scheme in SCHEMES.values()]
    return "\n".join([BEGIN, "", "\n\n".join(tables), "", END])


def with_card_tables(text: str, page_lang: str) -> str:
    """``text`` (a braille page) with its card tables written afresh."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError("the braille page has no card-table markers")
    return text[:start] + card_tables(page_lang) + text[end + len(END) :]


def expected() -> dict[Path, str]:
    """Every generated file and the text it must have (the braille pages only when liblouis works)."""
    pages = {**keyboard_pages(), **rules_pages()}
    if louis.available():
        for lang in LANGUAGES:
            path = DOCS / lang / "braille.md"
            if path.is_file():
                pages[path] = with_card_tables(path.read_text(encoding="utf-8"), lang)
    return pages


def stale() -> list[Path]:
    """The generated files whose text differs from what they must say."""
    return [path for path, text in expected().items() if not path.is_file() or path.read_text("utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    """Write the generated files (or, with ``--check``, list the stale ones)."""
    parser = argparse.ArgumentParser(description="Write the generated parts of docs/.")
    parser.add_argument("--check", action="store_true", help="only list the files that are out of date")
    args = parser.parse_args(argv)
    if not louis.available():
        print(f"The card tables are left as they are: {louis.unavailable_reason()}", file=sys.stderr)
    if args.check:
        old = stale()
        for path in old:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if old else 0
    for path, text in expected().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
