"""Klondike's options and presets, and the card arithmetic both presets share (ints only).

A card is an int of the ``french52`` deck: ``id = (rank - 1) * 4 + suit`` with
suits in the order spades, hearts, diamonds, clubs (hearts and diamonds are red).

The two presets (``rulings.md``, "Klondike (the seed's version)", and the issue):

- ``braillespiel``, the seed's own game: a face-up card with everything on it moves onto a
  card one rank higher *or lower*, any suit, in the order 2 < ... < K < A with no wrap; an
  empty column takes any card; a foundation is built A, K, Q, ..., 2 by suit; turn three;
  passes without limit.
- ``classic``: build down in alternating colours, ranks A < 2 < ... < K; only a King (or a
  run starting with one) fills an empty column; foundations A to K by suit; turn three
  (or one); passes unlimited, 3 or 1; optional standard or Vegas scoring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from accessible_cards.engine import OptionSpec, choice, flag, parse_options, whole_number
from accessible_cards.errors import OptionError

BRAILLESPIEL: Final = "braillespiel"
CLASSIC: Final = "classic"
VARIANTS: Final = (BRAILLESPIEL, CLASSIC)

ANY_SUIT: Final = "any_suit"
ALTERNATE: Final = "alternate"
ACE_HIGH: Final = "ace_high"
ACE_LOW: Final = "ace_low"
DOWN_FROM_KING: Final = "ace_king_down"
UP_FROM_ACE: Final = "ace_up"
ANY_CARD: Final = "any"
KING_ONLY: Final = "king"

COLUMNS: Final = 7
SUITS: Final = 4
CARDS: Final = 52
KING: Final = 13

OPTION_SPECS: Final = (
    OptionSpec("build", ANY_SUIT, choice(ANY_SUIT, ALTERNATE), "any_suit or alternate"),
    OptionSpec("order", ACE_HIGH, choice(ACE_HIGH, ACE_LOW), "ace_high or ace_low"),
    OptionSpec("foundation", DOWN_FROM_KING, choice(DOWN_FROM_KING, UP_FROM_ACE), "ace_king_down or ace_up"),
    OptionSpec("empty", ANY_CARD, choice(ANY_CARD, KING_ONLY), "any or king"),
    OptionSpec("draw", 3, lambda value: _draw(value), "1 or 3"),
    OptionSpec("passes", None, whole_number(1, none_word="none"), "a whole number from 1 up, or none"),
    OptionSpec("scoring", "none", choice("none", "standard", "vegas"), "none, standard or vegas"),
    OptionSpec("from_foundation", False, flag, "true or false"),
    OptionSpec("winnable_only", False, flag, "true or false"),
)


def _draw(value: Any) -> int:
    number = whole_number(1, 3)(value)
    if number not in (1, 3):
        raise ValueError(value)
    return int(number)


@dataclass(frozen=True, slots=True)
class KlondikeOptions:
    """Every rule of one game, named as ``--set`` and scenario files name them."""

    build: str = ANY_SUIT
    order: str = ACE_HIGH
    foundation: str = DOWN_FROM_KING
    empty: str = ANY_CARD
    draw: int = 3
    passes: int | None = None
    """Passes through the stock allowed (None: no limit); 1 means the waste is never turned over."""
    scoring: str = "none"
    from_foundation: bool = False
    """True: a foundation's top card may come back to a column (never in the seed's game)."""
    winnable_only: bool = False
    """True: deal only deals the solver has proven winnable: the seed picks one of a shipped list of them (see
    ``winnable.py``); for rules the list lacks, a short search deals the first deal it wins."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "build": self.build,
            "order": self.order,
            "foundation": self.foundation,
            "empty": self.empty,
            "draw": self.draw,
            "passes": self.passes,
            "scoring": self.scoring,
            "from_foundation": self.from_foundation,
            "winnable_only": self.winnable_only,
        }


PRESETS: Final[Mapping[str, KlondikeOptions]] = {
    BRAILLESPIEL: KlondikeOptions(),
    CLASSIC: KlondikeOptions(build=ALTERNATE, order=ACE_LOW, foundation=UP_FROM_ACE, empty=KING_ONLY),
}


def options_for(variant: str | None, given: Mapping[str, Any]) -> KlondikeOptions:
    """The preset ``variant`` (braillespiel when None) with ``given`` laid over it; OptionError when wrong."""
    name = variant or BRAILLESPIEL
    preset = PRESETS.get(name)
    if preset is None:
        raise OptionError(
            "error-option-value",
            f"option 'variant' does not take {name!r}; it takes braillespiel or classic",
            name="variant",
            value=str(name),
            allowed="braillespiel or classic",
        )
    specs = tuple(replace(spec, default=getattr(preset, spec.name)) for spec in OPTION_SPECS)
    return KlondikeOptions(**parse_options(specs, given))


# --- card arithmetic (ints) ---------------------------------------------------------


def rank(card: int) -> int:
    """1 (ace) .. 13 (king)."""
    return card // 4 + 1


def suit(card: int) -> int:
    """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card % 4


def red(card: int) -> bool:
    return card % 4 in (1, 2)


def make(rank_: int, suit_: int) -> int:
    """The card of ``rank_`` (1..13) and ``suit_`` (0..3)."""
    return (rank_ - 1) * 4 + suit_


class Rules:
    """The checks of one option set, made fast for the engine and the solver."""

    __slots__ = (
        "alternate", "any_empty", "down", "draw", "fill_cards", "fit_cards", "fit_rows", "from_foundation",
        "options", "passes", "value",
    )  # fmt: skip

    def __init__(self, options: KlondikeOptions) -> None:
        self.options = options
        self.alternate = options.build == ALTERNATE
        self.any_empty = options.empty == ANY_CARD
        self.down = options.foundation == DOWN_FROM_KING
        self.draw = options.draw
        self.passes = options.passes
        self.from_foundation = options.from_foundation
        ace_high = options.order == ACE_HIGH
        self.value: tuple[int, ...] = tuple(
            (14 if rank(card) == 1 and ace_high else rank(card)) for card in range(CARDS)
        )
        """Each card's place in the column order: 2 < ... < K < A (ace_high) or A < 2 < ... < K."""
        self.fit_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(card for card in range(CARDS) if self.fits(card, onto)) for onto in range(CARDS)
        )
        """For each card, the cards that may go onto it in a column."""
        self.fit_rows: tuple[tuple[bool, ...], ...] = tuple(
            tuple(self.fits(card, onto) for card in range(CARDS)) for onto in range(CARDS)
        )
        """``fit_rows[onto][card]``: :meth:`fits` looked up, for the engine's move list."""
        self.fill_cards: tuple[bool, ...] = tuple(self.fills_empty(card) for card in range(CARDS))
        """``fill_cards[card]``: :meth:`fills_empty` looked up."""

    def fits(self, card: int, onto: int) -> bool:
        """True when ``card`` (with what lies on it) may go onto ``onto`` in a column."""
        if self.alternate:
            return self.value[onto] == self.value[card] + 1 and red(card) != red(onto)
        return abs(self.value[onto] - self.value[card]) == 1

    def fills_empty(self, card: int) -> bool:
        """True when ``card`` may start an empty column."""
        return self.any_empty or rank(card) == KING

    def foundation_rank(self, count: int) -> int:
        """The rank a foundation holding ``count`` cards takes next (A first; then K..2 or 2..K)."""
        if count == 0:
            return 1
        return 14 - count if self.down else count + 1

    def foundation_top(self, suit_: int, count: int) -> int:
        """The top card of a foundation holding ``count`` (> 0) cards."""
        top = 1 if count == 1 else (15 - count if self.down else count)
        return make(top, suit_)

    def to_foundation(self, card: int, counts: Sequence[int]) -> bool:
        """True when ``card`` is the next card of its suit's foundation."""
        n = counts[card % 4]
        return n < 13 and rank(card) == self.foundation_rank(n)

    def needs(self, onto: int) -> tuple[int, ...]:
        """The ranks (1..13) a card must have to go onto ``onto``: what a refusal names."""
        v = self.value[onto]
        values = (v - 1,) if self.alternate else (v - 1, v + 1)
        ranks = []
        for value in values:
            if value == 14 and self.options.order == ACE_HIGH:
                ranks.append(1)
            elif 1 <= value <= 13 and not (value == 1 and self.options.order == ACE_HIGH):
                ranks.append(value)
        return tuple(ranks)
