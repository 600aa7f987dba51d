"""Braille playing-card letters: the cell of each rank and suit, per deck and scheme, and the tables made of them.

A card is two cells, rank then suit, with no number sign, the way physical
braille playing cards are marked. The narrators write the engine's card codes
("7H", "TS", "QD") on the braille line; our liblouis tables (``braille_tables/
cards-*.uti``, generated from :data:`SCHEMES` by :func:`write_tables`) turn
those codes into the two cells and leave everything else to the language
table behind them. See ``docs/en/braille.md`` for the reasoning behind each letter.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..cards import Card, DeckKind, deck

LETTER_DOTS: Final = {
    "a": "1",
    "b": "12",
    "c": "14",
    "d": "145",
    "e": "15",
    "f": "124",
    "g": "1245",
    "h": "125",
    "i": "24",
    "j": "245",
    "k": "13",
    "l": "123",
    "m": "134",
    "n": "1345",
    "o": "135",
    "p": "1234",
    "q": "12345",
    "r": "1235",
    "s": "234",
    "t": "2345",
    "u": "136",
    "v": "1236",
    "w": "2456",
    "x": "1346",
    "y": "13456",
    "z": "1356",
}
"""The dots of each letter of the basic braille alphabet (the same in English and German)."""

PRIVATE_BASE: Final = 0xE100
"""Our tables rewrite a card code into private-use characters U+E161..U+E17A (one per letter) that only they define."""

_DIGIT_RANKS: Final = {rank: "abcdefghi"[rank - 1] for rank in range(1, 10)}


@dataclass(frozen=True, slots=True)
class Scheme:
    """One card-letter scheme: a rank letter per rank (1..13) and a suit letter per suit code."""

    name: str
    kind: DeckKind
    ranks: dict[int, str]
    suits: dict[str, str]
    description: str

    @property
    def table(self) -> str:
        """The table file name: ``cards-en.uti``."""
        return f"cards-{self.name}.uti"

    def letters(self, card: Card) -> str:
        """The two letters of a card: ``gh`` for 7H in the English scheme."""
        if card.suit is None:
            raise ValueError(f"{card.code} has no suit: number cards are written as numbers")
        return self.ranks[card.rank] + self.suits[card.suit.value]

    def cells(self, card: Card) -> str:
        """The two cells of a card as Unicode braille: ``⠛⠓`` for 7H in the English scheme."""
        return "".join(dots_to_unicode(LETTER_DOTS[letter]) for letter in self.letters(card))

    def cards(self) -> tuple[Card, ...]:
        """Every card of the scheme's deck, in deck order."""
        return deck(self.kind).cards


def dots_to_unicode(dots: str) -> str:
    """One cell from its dot numbers: ``"125"`` -> ``"⠓"``."""
    return chr(0x2800 + sum(1 << (int(d) - 1) for d in dots))


SCHEMES: Final = {
    "en": Scheme(
        "en",
        DeckKind.FRENCH52,
        {**_DIGIT_RANKS, 10: "x", 11: "j", 12: "q", 13: "k"},
        {"C": "c", "D": "d", "H": "h", "S": "s"},
        "French pack, English letters: a, b-i, x for ten, j q k; clubs c, diamonds d, hearts h, spades s",
    ),
    "de": Scheme(
        "de",
        DeckKind.FRENCH52,
        {**_DIGIT_RANKS, 10: "z", 11: "u", 12: "o", 13: "k"},
        {"C": "x", "D": "k", "H": "h", "S": "p"},
        "French pack, German letters: Ass a, b-i, Zehn z, Bube u (Unter), Dame o (Ober), König k; "
        "Kreuz x, Karo k, Herz h, Pik p",
    ),
    "it": Scheme(
        "it",
        DeckKind.ITALIAN40,
        {**{rank: letter for rank, letter in _DIGIT_RANKS.items() if rank <= 7}, 11: "n", 12: "v", 13: "r"},
        {"D": "d", "H": "c", "S": "s", "C": "b"},
        "Italian pack: Asso a, b-g, Fante n, Cavallo v, Re r; Denari d, Coppe c, Spade s, Bastoni b",
    ),
    "es": Scheme(
        "es",
        DeckKind.SPANISH40,
        {**{rank: letter for rank, letter in _DIGIT_RANKS.items() if rank <= 7}, 11: "s", 12: "v", 13: "r"},
        {"D": "o", "H": "c", "S": "e", "C": "b"},
        "Spanish pack: As a, b-g, Sota s, Caballo v, Rey r; Oros o, Copas c, Espadas e, Bastos b",
    ),
}
"""Every card-letter scheme by name."""

DEFAULT_SCHEME: Final = {"en": "en", "de": "de"}
"""The French-pack scheme of each UI language; ``de`` may choose ``en`` instead (see ``docs/en/braille.md``)."""


def scheme_for(lang: str, deck_kind: DeckKind | str = DeckKind.FRENCH52, scheme: str | None = None) -> Scheme | None:
    """The scheme for a deck in a language: Italian and Spanish packs have their own; None for the numbers deck.

    ``scheme`` names a French-pack scheme explicitly ("en" or "de"); otherwise the language's default is used.
    """
    kind = DeckKind(deck_kind) if isinstance(deck_kind, str) else deck_kind
    if kind is DeckKind.NUMBERS:
        return None
    if kind is DeckKind.ITALIAN40:
        return SCHEMES["it"]
    if kind is DeckKind.SPANISH40:
        return SCHEMES["es"]
    name = scheme or DEFAULT_SCHEME.get(lang, "en")
    if name not in SCHEMES or SCHEMES[name].kind is not DeckKind.FRENCH52:
        raise ValueError(f"{name!r} is not a card scheme for the French pack (en, de)")
    return SCHEMES[name]


def _private(letter: str) -> str:
    return f"\\x{PRIVATE_BASE + ord(letter):04X}"


def table_text(scheme: Scheme) -> str:
    """The liblouis table of a scheme: one ``sign`` per letter cell, four ``correct`` rules per card.

    The rules rewrite a card code standing alone (at the start or after a space or punctuation,
    before the end or a character that is neither letter nor digit) into two private characters,
    before liblouis inserts number or capital signs; the codes are matched case-sensitively.
    """
    used = sorted({letter for card in scheme.cards() for letter in scheme.letters(card)})
    lines = [
        f"# Braille playing-card letters: {scheme.description}.",
        "# Generated by `python -m accessible_cards.braille.schemes` from accessible_cards/braille/schemes.py;",
        f"# do not edit by hand. Include it in front of a language table: {scheme.table},<language table>.",
        "# See docs/en/braille.md.",
        "",
        "# One private character per letter cell, so that no number or capital sign is added.",
    ]
    lines += [f"sign {_private(letter)} {LETTER_DOTS[letter]}" for letter in used]
    lines += [
        "",
        "# A no-break space is a blank cell in every language table: the game puts one between a number",
        '# and a card code, so that "P4 7H" is not read as the spaced number "4 7".',
        "space \\x00A0 0",
    ]
    lines += ["", "# A card code standing alone becomes its two cells, rank then suit."]
    for card in scheme.cards():
        out = "".join(_private(letter) for letter in scheme.letters(card))
        code = card.code
        for before in ("`", "_1$sp"):
            for after in ("~", "!$ld"):
                lines.append(f'noback correct {before}["{code}"]{after} "{out}"')
    return "\n".join(lines) + "\n"


def tables_dir() -> Path:
    """Our table folder: ``braille_tables/`` at the top of the project, or the installed package's copy of it."""
    from ..package_data import braille_tables

    return braille_tables()


def write_tables(folder: Path | None = None) -> list[Path]:
    """(Re)write every scheme's table into ``folder`` (``braille_tables/``); returns the paths."""
    target = folder or tables_dir()
    paths = []
    for scheme in SCHEMES.values():
        path = target / scheme.table
        path.write_text(table_text(scheme), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write_tables():
        print(written)
