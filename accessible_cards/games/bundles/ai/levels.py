"""The levels offered to players: ``easy`` and ``medium``; and ``taker``, the yardstick of the benchmarks.

- ``easy`` plays a random legal card, but takes an obvious steal most of the
  time: a gentle partner for a young child.
- ``medium`` is the seed's tips made precise (see :class:`MediumPlayer`).
- ``taker`` always makes its largest immediate take, counted in cards, and
  otherwise trails a random card. It is not offered to players; it is defined
  this simply so that a win rate against it means the same on any day.

``hard`` searches; it lives in :mod:`accessible_cards.games.bundles.ai.search`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from accessible_cards.games.bundles.ai.basic import SeededPlayer, _listed
from accessible_cards.games.bundles.ai.memory import Memory
from accessible_cards.games.bundles.rules import BundlesAction, BundlesView

EASY_STEAL_CHANCE: Final = 0.3
"""How often ``easy`` takes a steal it could make (otherwise any legal card)."""


def take_size(view: BundlesView, action: BundlesAction) -> int:
    """The cards an action takes from the others, the played card not counted: a bundle's size, a capture's cards."""
    if action.steal is not None:
        return view.bundles[action.steal][action.source][0]
    return len(action.capture)


class EasyPlayer(SeededPlayer):
    """Level ``easy``: a random legal card, with a small preference for obvious steals."""

    level: Final = "easy"

    def choose(self, view: BundlesView, legal_actions: Iterable[BundlesAction]) -> BundlesAction:
        """A steal (the player's own coin says when), else any legal action."""
        actions = _listed(legal_actions)
        steals = [action for action in actions if action.steal is not None]
        if steals and self._rng.random() < EASY_STEAL_CHANCE:
            return steals[self._rng.randrange(len(steals))]
        return actions[self._rng.randrange(len(actions))]


class TakerPlayer(SeededPlayer):
    """The yardstick ``taker``: the largest immediate take in cards (a steal or a capture), else a random trail.

    Among equally large takes, and among trails, the player's own random source chooses.
    """

    level: Final = "taker"

    def choose(self, view: BundlesView, legal_actions: Iterable[BundlesAction]) -> BundlesAction:
        """The biggest take, or a random card when nothing takes."""
        actions = _listed(legal_actions)
        takes = [action for action in actions if action.steal is not None or action.capture]
        if not takes:
            return actions[self._rng.randrange(len(actions))]
        sizes = [take_size(view, action) for action in takes]
        best = max(sizes)
        top = [action for action, size in zip(takes, sizes) if size == best]
        return top[self._rng.randrange(len(top))] if len(top) > 1 else top[0]


class MediumPlayer:
    """Level ``medium``: the seed's tips, made precise.

    1. Always prefer a steal to a table capture. A card that could take
       now is never trailed (the engine refuses it); another card may be,
       when every take would leave a big bundle open (rule 3).
    2. Count the cards played: every card seen face up is remembered (see
       :class:`~accessible_cards.games.bundles.ai.memory.Memory`), so a rank whose other
       copies have all been seen is "safe", and a seat that trailed while it
       could have taken holds none of the ranks that were open.
    3. End a turn on a safe top card. Each play is worth the cards it gains,
       less the cards the next player is expected to take in answer (their
       biggest take among the ranks they may hold; a bundle stolen with a
       rank this player still holds counts less, since it can be stolen
       back), less the cards left under a top rank that another seat may
       hold before the game ends. So a big bundle under a safe top is not
       put at risk for a small capture.
    4. Defend when ahead, gamble when behind: what may be lost counts a
       little more while the player leads and a little less while it trails.
    """

    level: Final = "medium"

    AHEAD: Final = 1.1
    LEVEL: Final = 1.0
    BEHIND: Final = 0.9
    GUARDED: Final = 0.4
    LATER: Final = 1.0

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.memory = Memory()

    def observe(self, view: BundlesView) -> None:
        """Remember what ``view`` shows."""
        self.memory.observe(view)

    def caution(self, view: BundlesView) -> float:
        """How much exposure counts now: by the lead in cards over the best opponent."""
        sizes = [sum(size for size, _ in seat) for seat in view.bundles]
        mine = sizes[view.seat]
        best_other = max((size for seat, size in enumerate(sizes) if seat != view.seat), default=0)
        if mine > best_other:
            return self.AHEAD
        if mine < best_other:
            return self.BEHIND
        return self.LEVEL

    def values(self, view: BundlesView, actions: Sequence[BundlesAction]) -> list[float]:
        """Each action's worth in cards: what it gains, less (by caution) the expected reply and lasting exposure.

        ``observe(view)`` must have been called first.
        """
        memory = self.memory
        ranks = memory.ranks
        caution = self.caution(view)
        stealing = view.options.stealing if view.options is not None else True
        chance = {rank: memory.threat(view, rank) for rank in set(ranks)}
        lasting: dict[int, float] = {}

        def later(rank: int) -> float:
            if rank not in lasting:
                lasting[rank] = memory.lasting_threat(view, rank)
            return lasting[rank]

        held: dict[int, int] = {}
        for card in view.hand:
            held[card.rank] = held.get(card.rank, 0) + 1
        table_ranks: dict[int, int] = {}
        for card in view.table:
            table_ranks[card.rank] = table_ranks.get(card.rank, 0) + 1
        mine = [(size, top.rank if top is not None else 0) for size, top in view.bundles[view.seat]]

        def reply(table: dict[int, int], bundles: list[tuple[int, int]], keep: dict[int, int]) -> float:
            """The cards the next player is expected to take: their biggest take among the ranks they may hold."""
            takes: list[tuple[float, int]] = []
            for rank, p in chance.items():
                if p <= 0.0:
                    continue
                take = 0.0
                if stealing:
                    for size, top in bundles:
                        if top == rank and size:
                            # a bundle stolen with a rank this player still holds can be stolen back
                            take = max(take, size * (self.GUARDED if keep.get(rank, 0) else 1.0))
                if take == 0.0:
                    take = float(table.get(rank, 0))
                if take > 0.0:
                    takes.append((take, rank))
            takes.sort(reverse=True)
            expected, none_yet = 0.0, 1.0
            for take, rank in takes:
                p = chance[rank]
                expected += take * p * none_yet
                none_yet *= 1.0 - p
            return expected

        def value(action: BundlesAction) -> float:
            rank = ranks[action.card]
            keep = dict(held)
            keep[rank] -= 1
            table = dict(table_ranks)
            bundles = list(mine)
            if action.steal is None and not action.capture:
                table[rank] = table.get(rank, 0) + 1
                gain = 0
            else:
                gain = take_size(view, action) + 1
                for card in action.capture:
                    table[ranks[card]] -= 1
                size, _ = bundles[action.bundle]
                bundles[action.bundle] = (size + gain, rank)
            exposure = sum(size * later(top) for size, top in bundles if top)
            return gain - caution * (reply(table, bundles, keep) + self.LATER * exposure)

        return [value(action) for action in actions]

    def choose(self, view: BundlesView, legal_actions: Iterable[BundlesAction]) -> BundlesAction:
        """The best legal action by the rules above; ties broken by the player's own random source."""
        actions = _listed(legal_actions)
        self.observe(view)
        if any(action.steal is not None for action in actions):
            # a steal is always preferred to a table capture (but not always to keeping a safe top)
            actions = tuple(action for action in actions if not action.capture)
        values = self.values(view, actions)
        best = max(values)
        top = [action for value, action in zip(values, actions) if value == best]
        return top[self._rng.randrange(len(top))] if len(top) > 1 else top[0]
