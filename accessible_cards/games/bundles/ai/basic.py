"""The first computer players of Stealing Bundles: ``random`` and ``simple``, and the level registry.

Every player follows :class:`Player`: ``choose(view, legal_actions)`` gets the
seat's :class:`BundlesView` and the legal actions the engine lists for that
seat, and returns one of those actions. It never sees the state. Chance comes
only from the player's own :class:`random.Random`, seeded when it is made, so
a player's choices depend only on its seed and the views it was shown, in
order.

The ``simple`` player remembers every card it has seen face up (its hand, the
table, the top of every bundle) because the view shows only what lies face up
now; ``observe(view)`` lets a host show it more views than its own turns (for
example after every play in a game of three or four), and ``choose`` observes
the view it is given.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import Final, Protocol, runtime_checkable

from accessible_cards.cards import Card, Deck, deck
from accessible_cards.errors import IllegalActionError, OptionError
from accessible_cards.games.bundles.basics import BASIC_LEVELS as BASIC_LEVELS
from accessible_cards.games.bundles.basics import LEVELS as LEVELS
from accessible_cards.games.bundles.basics import OFFERED_LEVELS as OFFERED_LEVELS
from accessible_cards.games.bundles.basics import YARDSTICK_LEVELS as YARDSTICK_LEVELS
from accessible_cards.games.bundles.rules import BundlesAction, BundlesView

_TIEBREAK: Final = "tiebreak"


@runtime_checkable
class Player(Protocol):
    """A computer player for one seat of one game (a tiebreak hand included)."""

    def choose(self, view: BundlesView, legal_actions: Iterable[BundlesAction]) -> BundlesAction:
        """One of ``legal_actions`` (as the engine lists them for ``view.seat``), chosen from the view alone."""
        ...


def _listed(legal_actions: Iterable[BundlesAction]) -> tuple[BundlesAction, ...]:
    """The legal actions as a tuple in the engine's order; refuses an empty list."""
    actions = tuple(legal_actions)
    if not actions:
        raise IllegalActionError("error-ai-no-action", "there is no legal action to choose from")
    return actions


class SeededPlayer:
    """A player with only its own seeded random source and no memory (``observe`` ignores the view)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def observe(self, view: BundlesView) -> None:
        """Nothing to remember."""


class RandomPlayer(SeededPlayer):
    """Level ``random``: a uniformly random legal action."""

    level: Final = "random"

    def choose(self, view: BundlesView, legal_actions: Iterable[BundlesAction]) -> BundlesAction:
        """A legal action drawn uniformly with the player's own random source."""
        actions = _listed(legal_actions)
        return actions[self._rng.randrange(len(actions))]


class SimplePlayer:
    """Level ``simple``: the seed's "Tips and Strategy" made plain.

    In order of priority:

    1. A steal beats a table capture, and a bigger steal a smaller one (a
       wild-Jack steal is a steal like any other); among equal steals, rob the
       seat with the most cards.
    2. A capture beats a trail (the engine never lets a card that can take be
       trailed, so this means: never trail while any card can take), and a
       capture of more cards beats one of fewer (rank and sum-15 sets alike).
    3. A take puts the played card on top of the receiving bundle: among equal
       takes, and for the receiving bundle with ``double_bundles``, prefer the
       play that leaves the fewest cards exposed to a steal, each bundle
       weighted by the chance that an opponent holds its top rank ("safe"
       tops: ranks whose other copies have been seen).
    4. A trail lays the card least likely to be captured: the rank with the
       fewest unseen copies, then one of which the player holds another copy.

    Remaining ties are broken by the player's own random source.
    """

    level: Final = "simple"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._deck: Deck | None = None
        self._totals: dict[int, int] = {}
        self._seen: set[Card] = set()
        self._seen_ranks: dict[int, int] = {}
        self._phase: str | None = None
        self._stock = -1

    # -- memory --------------------------------------------------------------

    def observe(self, view: BundlesView) -> None:
        """Remember every card face up in ``view``; a tiebreak hand (a fresh deck) starts the count again."""
        if self._deck is None or self._deck.kind.value != view.deck:
            self._deck = deck(view.deck)
            self._totals = {}
            for card in self._deck.cards:
                self._totals[card.rank] = self._totals.get(card.rank, 0) + 1
            self._forget()
        elif (view.phase == _TIEBREAK and self._phase != _TIEBREAK) or view.stock > self._stock:
            self._forget()
        self._phase, self._stock = view.phase, view.stock
        self._see(view.hand)
        self._see(view.table)
        self._see(top for seat in view.bundles for _, top in seat if top is not None)

    def _forget(self) -> None:
        """Start counting from nothing (a new deck)."""
        self._seen = set()
        self._seen_ranks = {}

    def _see(self, cards: Iterable[Card]) -> None:
        seen, ranks = self._seen, self._seen_ranks
        for card in cards:
            if card not in seen:
                seen.add(card)
                ranks[card.rank] = ranks.get(card.rank, 0) + 1

    def unseen(self, rank: int) -> int:
        """How many cards of ``rank`` this player has not seen yet (in other hands or the stock)."""
        return max(0, self._totals.get(rank, 0) - self._seen_ranks.get(rank, 0))

    def threat(self, view: BundlesView, rank: int) -> float:
        """The chance that the opponents' hands hold a card of ``rank``, from the unseen cards.

        0.0 for a "safe" rank (every other copy seen). With every opponent's
        hand empty, the cards they will be dealt next from the stock count instead.
        """
        missing = self.unseen(rank)
        if missing == 0 or self._deck is None:
            return 0.0
        hidden = len(self._deck) - len(self._seen)
        held = sum(view.hand_sizes) - view.hand_sizes[view.seat]
        if held == 0:
            # every other hand is empty: what counts is the next deal's cards for the other seats
            each = view.options.hand if view.options is not None else 4
            held = min(view.stock, each * view.players) * (view.players - 1) // view.players
        held = min(held, hidden)
        if held <= 0 or hidden <= 0:
            return 0.0
        return 1.0 - math.comb(hidden - missing, held) / math.comb(hidden, held)

    # -- choosing ------------------------------------------------------------

    def choose(self, view: BundlesView, legal_actions: Iterable[BundlesAction]) -> BundlesAction:
        """The best legal action by the tips above; ties broken by the player's own random source."""
        actions = _listed(legal_actions)
        self.observe(view)
        assert self._deck is not None
        cards = self._deck.cards
        threats: dict[int, float] = {}

        def threat(rank: int) -> float:
            if rank not in threats:
                threats[rank] = self.threat(view, rank)
            return threats[rank]

        held: dict[int, int] = {}
        for card in view.hand:
            held[card.rank] = held.get(card.rank, 0) + 1
        mine = view.bundles[view.seat]

        def key(action: BundlesAction) -> tuple[int, int, float, int]:
            rank = cards[action.card].rank
            if action.steal is None and not action.capture:
                # a trail: least likely to be captured, then a rank held twice (to take it back)
                return (0, 0, -threat(rank), held.get(rank, 0))
            if action.steal is not None:
                victim = view.bundles[action.steal]
                gain = victim[action.source][0] + 1
                kind, leader = 2, sum(size for size, _ in victim)
            else:
                gain = len(action.capture) + 1
                kind, leader = 1, 0
            exposure = 0.0
            for index, (size, top) in enumerate(mine):
                if index == action.bundle:
                    exposure += (size + gain) * threat(rank)
                elif top is not None:
                    exposure += size * threat(top.rank)
            return (kind, gain, -exposure, leader)

        scored = [(key(action), action) for action in actions]
        best = max(score for score, _ in scored)
        top = [action for score, action in scored if score == best]
        return top[self._rng.randrange(len(top))] if len(top) > 1 else top[0]


# -- the registry ------------------------------------------------------------

PlayerFactory = Callable[[int], Player]
"""Makes a player from its seed."""

_FACTORIES: dict[str, PlayerFactory] = {"random": RandomPlayer, "simple": SimplePlayer}


def register_level(level: str, factory: PlayerFactory) -> None:
    """Make ``level`` available through :func:`make_player`."""
    _FACTORIES[level.strip().lower()] = factory


def available_levels() -> tuple[str, ...]:
    """The level names :func:`make_player` builds now, in order of strength where known."""
    known = [name for name in LEVELS if name in _FACTORIES]
    return tuple(known + sorted(name for name in _FACTORIES if name not in LEVELS))


def make_player(level: str, seed: int) -> Player:
    """A new player of ``level`` with its own random source seeded by ``seed``.

    Raises OptionError for an unknown level.
    """
    name = level.strip().lower() if isinstance(level, str) else ""
    factory = _FACTORIES.get(name)
    if factory is None:
        offered = ", ".join(available_levels())
        raise OptionError(
            "error-ai-level",
            f"unknown computer level {level!r}; levels are: {offered}",
            level=str(level),
            known=offered,
        )
    return factory(seed)
