"""Cards, card codes and the deck kinds every game draws from.

A card code is rank then suit: ranks ``A 2 3 4 5 6 7 8 9 T J Q K``, suits
``S H D C`` (``TH`` is the ten of hearts, ``10H`` is accepted too). The
``numbers`` deck of War has no suits: its cards are written ``1`` .. ``13``.

Inside the engine a card is a small int, its position in the deck kind's
canonical order, so that piles are deques of ints. ``Deck.card(i)`` and
``Deck.parse_many(codes)`` cross between ints and :class:`Card` values at the
edges.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .errors import CardParseError, OptionError


class Suit(enum.Enum):
    """The four French suits; Italian and Spanish decks use the same codes."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_RANK_CODES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: ``rank`` 1 (ace) .. 13 (king), ``suit`` None only in the numbers deck."""

    rank: int
    suit: Suit | None = None

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a suited code such as ``7H``, ``th`` or ``10H``."""
        text = code.strip().upper() if isinstance(code, str) else ""
        if len(text) in (2, 3):
            rank_text, suit_text = text[:-1], text[-1]
            if rank_text == "10":
                rank_text = "T"
            if rank_text in _RANK_CODES:
                for suit in SUITS:
                    if suit.value == suit_text:
                        return cls(_RANK_CODES.index(rank_text) + 1, suit)
        raise CardParseError(
            "error-card-code",
            f"{code!r} is not a card code (rank A 2-9 T J Q K, then suit S H D C, e.g. 7H)",
            code=str(code),
        )

    @classmethod
    def parse_number(cls, code: str | int) -> Card:
        """Parse a card of the numbers deck: ``1`` .. ``13``."""
        text = str(code).strip()
        if text.isdigit() and 1 <= int(text) <= 13 and not isinstance(code, bool):
            return cls(int(text), None)
        raise CardParseError(
            "error-number-code",
            f"{code!r} is not a number card (1 to 13)",
            code=str(code),
        )

    @property
    def code(self) -> str:
        """The card's code: ``TH``, or ``7`` for a number card."""
        if self.suit is None:
            return str(self.rank)
        return _RANK_CODES[self.rank - 1] + self.suit.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        if self.suit is None:
            return f"Card.parse_number({self.code!r})"
        return f"Card.parse({self.code!r})"


class DeckKind(enum.Enum):
    """The packs named in the rulings."""

    FRENCH52 = "french52"
    ITALIAN40 = "italian40"
    SPANISH40 = "spanish40"
    NUMBERS = "numbers"
    SKAT64 = "skat64"
    """Two Skat packs shuffled together: 7 8 9 10 J Q K A of each suit, every card twice."""

    def __repr__(self) -> str:
        return f"DeckKind({self.value!r})"


class Deck:
    """One deck kind: its cards in canonical order, and the int <-> card mapping.

    Card ``i`` of a suited deck is ``cards[i]``; the numbers deck holds four
    copies of each number and the skat64 pack two of each card, so two ids can
    name equal cards.
    """

    __slots__ = ("_ids", "cards", "kind")

    def __init__(self, kind: DeckKind) -> None:
        self.kind = kind
        if kind is DeckKind.NUMBERS:
            cards = tuple(Card(rank, None) for rank in range(1, 14) for _ in SUITS)
        elif kind is DeckKind.SKAT64:
            cards = tuple(Card(rank, suit) for rank in (1, 7, 8, 9, 10, 11, 12, 13) for suit in SUITS for _ in "ab")
        else:
            short = kind is not DeckKind.FRENCH52
            ranks = [r for r in range(1, 14) if not (short and r in (8, 9, 10))]
            cards = tuple(Card(rank, suit) for rank in ranks for suit in SUITS)
        self.cards: tuple[Card, ...] = cards
        ids: dict[Card, list[int]] = {}
        for index, card in enumerate(cards):
            ids.setdefault(card, []).append(index)
        self._ids = ids

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"Deck(DeckKind({self.kind.value!r}))"

    @property
    def suited(self) -> bool:
        """True when cards carry a suit (every kind but ``numbers``)."""
        return self.kind is not DeckKind.NUMBERS

    def card(self, card_id: int) -> Card:
        """The card with engine id ``card_id``."""
        return self.cards[card_id]

    def code(self, card_id: int) -> str:
        """The code of the card with engine id ``card_id``."""
        return self.cards[card_id].code

    def parse(self, code: str | int) -> Card:
        """Parse one code as a card of this deck, refusing cards it lacks."""
        card = Card.parse_number(code) if not self.suited else Card.parse(str(code))
        if card not in self._ids:
            raise CardParseError(
                "error-card-not-in-deck",
                f"{code!r} is not in the {self.kind.value} deck",
                code=str(code),
                deck=self.kind.value,
            )
        return card

    def parse_many(self, codes: Iterable[str | int]) -> list[int]:
        """Parse codes into distinct engine ids; a card twice (a fifth copy of a number) is refused."""
        used: dict[Card, int] = {}
        result: list[int] = []
        for code in codes:
            card = self.parse(code)
            count = used.get(card, 0)
            copies = self._ids[card]
            if count >= len(copies):
                if len(copies) == 1:
                    raise CardParseError(
                        "error-card-twice",
                        f"{card.code} is listed twice",
                        code=card.code,
                    )
                raise CardParseError(
                    "error-number-too-often",
                    f"{card.code} is listed more than {len(copies)} times",
                    code=card.code,
                    copies=len(copies),
                )
            used[card] = count + 1
            result.append(copies[count])
        return result

    def codes(self, card_ids: Sequence[int]) -> list[str]:
        """The codes of engine ids, in order."""
        return [self.cards[i].code for i in card_ids]


_DECKS: Final = {kind: Deck(kind) for kind in DeckKind}


def deck(kind: DeckKind | str) -> Deck:
    """The shared, read-only :class:`Deck` of a kind (by enum or by name)."""
    if isinstance(kind, str):
        try:
            kind = DeckKind(kind)
        except ValueError:
            raise OptionError(
                "error-deck-kind",
                f"{kind!r} is not a deck kind (french52, italian40, spanish40, numbers, skat64)",
                value=kind,
            ) from None
    return _DECKS[kind]
