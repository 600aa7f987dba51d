"""Stealing Bundles family: presets, options, the action value type, events, the view and scoring helpers.

The state itself is in :mod:`accessible_cards.games.bundles`; this module
holds the values it takes and returns, so that narration, computer players and
tests can import them without the rules engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from accessible_cards.cards import Card, DeckKind, Suit, deck
from accessible_cards.engine import Event, Result, parse_options
from accessible_cards.errors import OptionError

from .basics import OPTION_SPECS as OPTION_SPECS
from .basics import PRESETS as PRESETS
from .basics import VARIANTS as VARIANTS

GAME: Final = "bundles"
TABLE_CARDS: Final = 4
"""Cards laid face up on the table in the first deal (and in a tiebreak hand)."""
TIEBREAK_HAND: Final = 4
"""Cards dealt to each tied player in a tiebreak hand, whatever ``hand`` says (the rulings)."""

MATCH_GAMES: Final = (1, 3, 5, 7)
"""``match_games``: one game, or a match of 3, 5 or 7 (best of, or that many games by total cards)."""
TARGETS: Final = (11, 15, 21)
"""``target``: the Scopa points that win a match."""


@dataclass(frozen=True, slots=True)
class BundlesOptions:
    """Every setting of the family; a preset is a set of defaults, any option overrides it.

    ``match``, ``match_games``, ``target`` and the match side of ``scoring``
    are read by :class:`~accessible_cards.games.bundles.match.BundlesMatch`:
    ``scoring="scopa"`` plays to ``target`` points, else ``match_games`` above 1
    plays a match of that many games (``match``: by games won or by total cards).
    One game ignores them, except that ``scoring="scopa"`` counts its Scopa
    points (the ``scopa`` event, then ``game_over``).
    """

    variant: str = "standard"
    players: int = 2
    deck: str = "french52"
    hand: int = 4
    direction: str = "clockwise"
    stealing: bool = True
    last_capture_bonus: bool = False
    tiebreak: bool = True
    double_bundles: bool = False
    wild_jacks: bool = False
    sweep_bonus: bool = False
    sum15: bool = False
    scoring: str = "cards"
    match: str = "games"
    match_games: int = 1
    target: int = 11

    @classmethod
    def preset(cls, variant: str = "standard", given: Mapping[str, Any] | None = None) -> BundlesOptions:
        """The preset ``variant`` with ``given`` options (JSON values or ``--set`` words) on top."""
        name = variant.strip().lower() if isinstance(variant, str) else ""
        if name not in PRESETS:
            raise OptionError(
                "error-variant",
                f"unknown variant {variant!r}; variants are: {', '.join(VARIANTS)}",
                value=str(variant),
                known=", ".join(VARIANTS),
            )
        values = parse_options(OPTION_SPECS, {**PRESETS[name], **(given or {})})
        players, hand = values["players"], values["hand"]
        if players * hand + TABLE_CARDS > len(deck(values["deck"])):
            raise OptionError(
                "error-bundles-deal",
                f"{players} hands of {hand} and {TABLE_CARDS} table cards do not fit in the {values['deck']} deck",
                players=players,
                hand=hand,
            )
        return cls(variant=name, **values)

    @classmethod
    def from_mapping(cls, given: Mapping[str, Any]) -> BundlesOptions:
        """Options as ``to_dict`` wrote them (``variant`` names the preset underneath)."""
        rest = dict(given)
        variant = rest.pop("variant", "standard")
        return cls.preset(str(variant), rest)

    @property
    def is_match(self) -> bool:
        """True when these options play a match: Scopa points to a target, or more than one game."""
        return self.scoring == "scopa" or self.match_games > 1

    @property
    def match_kind(self) -> str:
        """How a match is won: ``points`` (Scopa, to ``target``), ``games`` (best of) or ``cards`` (total)."""
        return "points" if self.scoring == "scopa" else self.match

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready data, ``variant`` first."""
        return {
            "variant": self.variant,
            "players": self.players,
            "deck": self.deck,
            "hand": self.hand,
            "direction": self.direction,
            "stealing": self.stealing,
            "last_capture_bonus": self.last_capture_bonus,
            "tiebreak": self.tiebreak,
            "double_bundles": self.double_bundles,
            "wild_jacks": self.wild_jacks,
            "sweep_bonus": self.sweep_bonus,
            "sum15": self.sum15,
            "scoring": self.scoring,
            "match": self.match,
            "match_games": self.match_games,
            "target": self.target,
        }


@dataclass(frozen=True, slots=True)
class BundlesAction:
    """One play with every choice in it.

    ``card`` is the card id played. ``steal`` is the robbed seat (None: no
    steal) and ``source`` which of its bundles (0 unless ``double_bundles``).
    ``bundle`` is the own bundle that receives a take (0 unless
    ``double_bundles``). ``capture`` holds the table card ids taken, sorted
    (empty for a steal or a trail). ``wild`` marks a wild-Jack steal of a
    bundle whose top is not a Jack.
    """

    card: int
    steal: int | None = None
    source: int = 0
    bundle: int = 0
    capture: tuple[int, ...] = ()
    wild: bool = False

    @property
    def kind(self) -> str:
        """``steal``, ``capture`` or ``trail``."""
        if self.steal is not None:
            return "steal"
        return "capture" if self.capture else "trail"


# --- events -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The first deal (or a tiebreak hand's): hand sizes per seat, the face-up table cards, the stock left."""

    type: ClassVar[str] = "deal"
    dealer: int
    first: int
    counts: tuple[int, ...]
    table: tuple[Card, ...]
    stock: int


@dataclass(frozen=True, slots=True)
class Redealt(Event):
    """Every hand was empty: a new deal from the stock; ``table`` holds an uneven rest laid face up."""

    type: ClassVar[str] = "redeal"
    first: int
    counts: tuple[int, ...]
    table: tuple[Card, ...]
    stock: int


def _without_defaults(event: Event, data: dict[str, Any], optional: Sequence[str]) -> dict[str, Any]:
    """Drop the ``optional`` keys that hold their quiet value (None or False)."""
    for key in optional:
        if data.get(key) is None or data.get(key) is False:
            del data[key]
    return data


@dataclass(frozen=True, slots=True)
class Stole(Event):
    """``player`` played ``card`` and took ``victim``'s bundle of ``count`` cards.

    ``bundle`` (own bundle) and ``source`` (victim's bundle) appear only with
    ``double_bundles``; ``wild`` only for a wild-Jack steal.
    """

    type: ClassVar[str] = "steal"
    player: int
    card: Card
    victim: int
    count: int
    bundle: int | None = None
    source: int | None = None
    wild: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The issue's shape; the double-bundle and wild keys only when they say something."""
        return _without_defaults(self, Event.to_dict(self), ("bundle", "source", "wild"))


@dataclass(frozen=True, slots=True)
class Captured(Event):
    """``player`` played ``card`` and took ``cards`` from the table (``bundle`` only with ``double_bundles``)."""

    type: ClassVar[str] = "capture"
    player: int
    card: Card
    cards: tuple[Card, ...]
    bundle: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The issue's shape; ``bundle`` only with ``double_bundles``."""
        return _without_defaults(self, Event.to_dict(self), ("bundle",))


@dataclass(frozen=True, slots=True)
class Trailed(Event):
    """``player`` laid ``card`` on the table."""

    type: ClassVar[str] = "trail"
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Swept(Event):
    """``player``'s capture emptied the table; ``bonus`` stock cards went under the played card."""

    type: ClassVar[str] = "sweep"
    player: int
    bonus: int


@dataclass(frozen=True, slots=True)
class Leftovers(Event):
    """The cards left on the table at the end, and who got them (None: nobody)."""

    type: ClassVar[str] = "leftovers"
    cards: tuple[Card, ...]
    to: int | None


@dataclass(frozen=True, slots=True)
class TiebreakStarted(Event):
    """``players`` tied on ``score`` cards and play one tiebreak hand from a fresh full deck."""

    type: ClassVar[str] = "tiebreak"
    players: tuple[int, ...]
    score: int


@dataclass(frozen=True, slots=True)
class ScopaScored(Event):
    """Scopa scoring at the end of a game: each category's figures per seat, and the points they give.

    ``cards`` and ``coins`` count each seat's cards and coins (diamonds); ``settebello`` is the seat
    holding the seven of coins (None: nobody); ``primiera`` is each seat's primiera (None for a seat
    without a card of every suit); ``sweeps`` counts the captures that cleared the table (they give
    no point in this scoring); ``points`` are the points of this game.
    """

    type: ClassVar[str] = "scopa"
    cards: tuple[int, ...]
    coins: tuple[int, ...]
    settebello: int | None
    primiera: tuple[int | None, ...]
    sweeps: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The end. ``scores`` are the cards in each seat's bundles; ``tiebreak`` the cards gained in it.

    ``points`` are the Scopa points of this game (``scoring="scopa"`` only).
    """

    type: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    steals: int
    captures: int
    trails: int
    tiebreak: tuple[int, ...] | None = None
    points: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """``type``, ``scores``, ``winners`` first; ``tiebreak`` and ``points`` only when there are any."""
        return _without_defaults(self, Event.to_dict(self), ("tiebreak", "points"))


@dataclass(frozen=True, slots=True)
class MatchGameOver(Event):
    """Game ``game`` of the match ended: its winners and the running tallies.

    ``dealer`` deals the next game (None once the match is decided).
    """

    type: ClassVar[str] = "match_game"
    game: int
    winners: tuple[int, ...]
    wins: tuple[int, ...]
    cards: tuple[int, ...]
    points: tuple[int, ...]
    draws: int = 0
    dealer: int | None = None

    def holds_next(self) -> bool:
        return self.dealer is not None  # the next game is dealt: it waits until each person asks for it


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """The match is decided (``winners`` holds every seat sharing a drawn match)."""

    type: ClassVar[str] = "match_over"
    winners: tuple[int, ...]
    games: int


# --- the view ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BundlesView:
    """What one seat may know: its own hand and what lies face up; of others only hand sizes.

    ``bundles[seat]`` holds one (size, top card) pair per bundle of that seat;
    the top is None for an empty bundle.
    """

    seat: int
    players: int
    variant: str
    deck: str
    phase: str
    dealer: int
    turn: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    bundles: tuple[tuple[tuple[int, Card | None], ...], ...]
    stock: int
    leftovers: int
    last_taker: int | None
    tiebreak_players: tuple[int, ...]
    main_scores: tuple[int, ...] | None
    result: Result | None
    options: BundlesOptions | None = None
    """The rules in force (every seat knows them); None only for views made by hand."""
    bonus_card: Card | None = None
    """The stock card this seat took with the sweep bonus of the last play, which only it has seen
    (it lies face down under the played card); None for every other seat and after the next play."""
    legal: tuple[BundlesAction, ...] = ()
    """What this seat may play now with every choice: its legal actions when it is to move, and otherwise
    what it could do if it were (the table and the bundles are public, the hand its own)."""
    match: MatchStanding | None = None
    """The match this game belongs to, as it stands (None: a single game)."""


@dataclass(frozen=True, slots=True)
class MatchStanding:
    """A match as everyone at the table knows it: the games finished and the running tallies.

    ``kind`` is ``games`` (best of ``of``), ``cards`` (most cards over ``of`` games) or ``points``
    (Scopa points, first to ``of``); ``game`` is the number of the game being played (from 1);
    ``winners`` is set once the match is decided.
    """

    kind: str
    of: int
    game: int
    finished: int
    wins: tuple[int, ...]
    draws: int
    cards: tuple[int, ...]
    points: tuple[int, ...]
    winners: tuple[int, ...] | None = None


# --- card values ------------------------------------------------------------

_SUM_VALUES: Final = {11: 8, 12: 9, 13: 10}
"""Rubamazzo-15 values: A..7 their number, J=8, Q=9, K=10 (8, 9, 10 of a French pack their number)."""

_PRIMIERA: Final = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12}
"""Primiera values; every other rank counts 10."""


def rank_table(kind: DeckKind | str) -> tuple[int, ...]:
    """The rank (1..13) of each card id of a deck kind."""
    return tuple(card.rank for card in deck(kind).cards)


def sum_values(kind: DeckKind | str) -> tuple[int, ...]:
    """The rubamazzo-15 value of each card id."""
    return tuple(_SUM_VALUES.get(card.rank, card.rank) for card in deck(kind).cards)


def sum_sets(target: int, table: Sequence[int], values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every set of ``table`` card ids whose values add up to ``target``, each sorted, in a fixed order."""
    items = sorted(table)
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def walk(start: int, left: int) -> None:
        for index in range(start, len(items)):
            card = items[index]
            value = values[card]
            if value > left:
                continue
            chosen.append(card)
            if value == left:
                found.append(tuple(chosen))
            else:
                walk(index + 1, left - value)
            chosen.pop()

    if target > 0:
        walk(0, target)
    return found


def category_winner(values: Sequence[int | None]) -> int | None:
    """The one seat with the highest value above 0 (None: nobody has any, or the highest is shared)."""
    counted = [value or 0 for value in values]
    best = max(counted, default=0)
    if best <= 0 or counted.count(best) != 1:
        return None
    return counted.index(best)


def primiera(kind: DeckKind | str, pile: Sequence[int]) -> int | None:
    """The pile's primiera: its best card of each suit by 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, others 10,
    summed; None when the pile lacks a suit."""
    cards = deck(kind).cards
    best: dict[str, int] = {}
    for c in pile:
        card = cards[c]
        suit = card.suit.value if card.suit is not None else "?"
        best[suit] = max(best.get(suit, 0), _PRIMIERA.get(card.rank, 10))
    return sum(best.values()) if len(best) == 4 else None


def scopa_scored(
    kind: DeckKind | str, piles: Sequence[Sequence[int]], sweeps: Sequence[int] | None = None
) -> ScopaScored:
    """Rubamazzo's Scopa scoring for the cards in ``piles`` (each seat's bundles together).

    One point each for most cards, most coins (diamonds), the seven of coins and
    primiera; a tied category gives no point; primiera needs all four suits.
    """
    cards = deck(kind).cards
    n = len(piles)
    counts = tuple(len(pile) for pile in piles)
    coins = tuple(sum(1 for c in pile if cards[c].suit is Suit.DIAMONDS) for pile in piles)
    settebello = next(
        (
            seat
            for seat, pile in enumerate(piles)
            if any(cards[c].rank == 7 and cards[c].suit is Suit.DIAMONDS for c in pile)
        ),
        None,
    )
    primieras = tuple(primiera(kind, pile) for pile in piles)
    points = [0] * n
    for winner in (category_winner(counts), category_winner(coins), settebello, category_winner(primieras)):
        if winner is not None:
            points[winner] += 1
    return ScopaScored(counts, coins, settebello, primieras, tuple(sweeps or (0,) * n), tuple(points))


def scopa_points(kind: DeckKind | str, piles: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Rubamazzo's Scopa points per seat for the cards in ``piles`` (see :func:`scopa_scored`)."""
    return scopa_scored(kind, piles).points
