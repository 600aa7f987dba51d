"""Spoken card names per deck kind and language, plural rank names, and the terse braille form.

Decisions (see also ``docs/en/i18n.md``):

- French pack: names come from the message catalog of the UI language. English
  says "seven of hearts"; German says what a German child hears at the table,
  suit first, rank as a word: "Herz Sieben", "Pik Zehn", "Karo Ass", "Kreuz
  Bube" (Kreuz, Pik, Herz, Karo; Ass, König, Dame, Bube).
- Italian and Spanish packs are named in their own style, in their own
  language, whatever the UI language ("Sette di Denari", "Fante di Coppe", "Re
  di Bastoni"; "Siete de Oros", "Sota de Copas", "Rey de Bastos"). The rulings
  say these decks are *named in their own style*; these are the names printed
  on the cards and used at the table in Rubamazzo and Casita Robada, and there
  is no English or German word for Denari or Sota that a player would recognise
  on the card. So they are proper names, kept out of the catalogs on purpose.
- The ``numbers`` deck of War says its cards as numbers ("13").
- Braille gets the card code ("7H", "TS", "13"): terse, the same in every
  language, and what the braille tables of a later issue render as braille
  playing-card cells.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..cards import Card, DeckKind, Suit
from ..i18n import Catalog

RANK_IDS: Final = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
"""The message ids of the ranks, ace to king (context ``rank``): ``RANK_IDS[card.rank - 1]``."""
RANKS_IDS: Final = (
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
)
"""The message ids of the ranks in the plural (context ``rank plural``)."""
SUIT_IDS: Final = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
"""The message ids of the suits (context ``suit``), the French pack's suit words in every game."""

ITALIAN_RANKS: Final = {
    1: ("Asso", "Assi"),
    2: ("Due", "Due"),
    3: ("Tre", "Tre"),
    4: ("Quattro", "Quattro"),
    5: ("Cinque", "Cinque"),
    6: ("Sei", "Sei"),
    7: ("Sette", "Sette"),
    11: ("Fante", "Fanti"),
    12: ("Cavallo", "Cavalli"),
    13: ("Re", "Re"),
}
"""Italian rank names, singular and plural (the 40-card pack has no 8, 9, 10)."""

ITALIAN_SUITS: Final = {Suit.DIAMONDS: "Denari", Suit.HEARTS: "Coppe", Suit.SPADES: "Spade", Suit.CLUBS: "Bastoni"}

SPANISH_RANKS: Final = {
    1: ("As", "Ases"),
    2: ("Dos", "Doses"),
    3: ("Tres", "Treses"),
    4: ("Cuatro", "Cuatros"),
    5: ("Cinco", "Cincos"),
    6: ("Seis", "Seises"),
    7: ("Siete", "Sietes"),
    11: ("Sota", "Sotas"),
    12: ("Caballo", "Caballos"),
    13: ("Rey", "Reyes"),
}
"""Spanish rank names, singular and plural."""

SPANISH_SUITS: Final = {Suit.DIAMONDS: "Oros", Suit.HEARTS: "Copas", Suit.SPADES: "Espadas", Suit.CLUBS: "Bastos"}


class CardNames:
    """Card names for one deck kind in one UI language.

    >>> CardNames(Catalog("de"), DeckKind.FRENCH52).name(Card.parse("7H"))
    'Herz Sieben'
    """

    __slots__ = ("catalog", "kind")

    def __init__(self, catalog: Catalog, kind: DeckKind | str = DeckKind.FRENCH52) -> None:
        self.catalog = catalog
        self.kind = DeckKind(kind) if isinstance(kind, str) else kind

    def __repr__(self) -> str:
        return f"CardNames({self.catalog!r}, {self.kind!r})"

    def name(self, card: Card) -> str:
        """The spoken name: "seven of hearts", "Herz Sieben", "Sette di Denari", "13"."""
        if card.suit is None:
            return str(card.rank)
        if self.kind is DeckKind.ITALIAN40:
            return f"{ITALIAN_RANKS[card.rank][0]} di {ITALIAN_SUITS[card.suit]}"
        if self.kind is DeckKind.SPANISH40:
            return f"{SPANISH_RANKS[card.rank][0]} de {SPANISH_SUITS[card.suit]}"
        c = self.catalog
        return c.text(
            "{rank} of {suit}",
            "card name",
            rank=self.rank(card),
            suit=self.suit(card.suit),
        )

    def ranks(self, card: Card) -> str:
        """The card's rank in the plural, for ties: "sevens", "Siebenen", "Fanti", "13s"."""
        if card.suit is None:
            return self.catalog.text("{number}s", "rank plural, numbers deck", number=card.rank)
        if self.kind is DeckKind.ITALIAN40:
            return ITALIAN_RANKS[card.rank][1]
        if self.kind is DeckKind.SPANISH40:
            return SPANISH_RANKS[card.rank][1]
        return self.catalog.text(RANKS_IDS[card.rank - 1], "rank plural")

    def suit(self, suit: Suit) -> str:
        """A French-pack suit as a word of the UI language: "hearts", "Herz"."""
        return self.catalog.text(SUIT_IDS[suit], "suit")

    def rank(self, card: Card) -> str:
        """A French-pack card's rank as a word of the UI language, without its suit: "seven", "Sieben"."""
        return self.catalog.text(RANK_IDS[card.rank - 1], "rank")

    @staticmethod
    def code(card: Card) -> str:
        """The terse braille form: the card code ("7H", "TS", "13")."""
        return card.code

    @staticmethod
    def codes(cards: Iterable[Card]) -> str:
        """Card codes separated by spaces, for a braille line."""
        return " ".join(card.code for card in cards)
