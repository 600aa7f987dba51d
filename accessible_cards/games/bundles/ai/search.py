"""Level ``hard``: a search over the hidden cards, from what its own seat has seen.

For each decision the player deals out, many times, the cards it cannot see
(the other hands and the stock order) in a way consistent with everything
its seat has seen (determinization, with the counting and the opponent
modelling of :class:`~accessible_cards.games.bundles.ai.memory.Memory`). In every sample
it plays each distinct legal action (cards of one rank act alike when only
cards count), lets the other seats answer as they would with the cards the
sample gives them (their biggest take), and scores the position when its
turn comes back (or a new deal starts): the lead in cards, each bundle
counted at risk when another seat holds its top rank (the seat about to move
may still cover its own top, so its risk counts less) or when copies of that
rank are still in the stock. The same samples serve every action (common
random numbers); the best average wins.

When nothing is hidden any more (two players, the stock dealt out, every
other card seen), the rest of the game is solved exactly by alpha-beta
search over the distinct plays of both seats.

Deeper playouts were measured and play worse: in a sample every hidden card
is known, so the player's own later choices look better than they can be
(see docs/performance.md). The number of samples is fixed by the position,
never by the clock, so the choice depends only on the views shown and the
player's seed.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from typing import Final

from accessible_cards.games.bundles.ai.basic import _listed
from accessible_cards.games.bundles.ai.memory import Memory
from accessible_cards.games.bundles.rules import BundlesAction, BundlesOptions, BundlesView
from accessible_cards.games.bundles.state import BundlesState

PLAYOUT_BUDGET: Final = 160
"""Sampled answers per decision, shared among the distinct actions."""

MIN_SAMPLES: Final = 12
"""Samples per decision at the least, however many actions there are."""

RISK: Final = 0.55
"""The share of a bundle counted lost when a seat that is not about to move holds its top rank."""

RISK_MOVER: Final = 0.55
"""The same for the seat about to move (it may cover its top first)."""

RISK_STOCK: Final = 1.0
"""The share counted lost for the chance that a copy of the top rank still in the stock goes to another seat."""

_TIEBREAK: Final = "tiebreak"


class HardPlayer:
    """Level ``hard``: determinized search with informed playouts to the end of the deal."""

    level: Final = "hard"

    def __init__(self, seed: int, budget: int | None = None) -> None:
        self.seed = seed
        self.budget = budget if budget is not None else PLAYOUT_BUDGET
        self._rng = random.Random(seed)
        self.memory = Memory()
        self.playouts = 0
        self.plays = 0

    def observe(self, view: BundlesView) -> None:
        """Remember what ``view`` shows (hosts call this after every play for the best counting)."""
        self.memory.observe(view)

    # -- choosing ------------------------------------------------------------

    def choose(self, view: BundlesView, legal_actions: Iterable[BundlesAction]) -> BundlesAction:
        """The action with the best average over the samples; ties broken by the player's own random source."""
        actions = _listed(legal_actions)
        self.observe(view)
        if len(actions) == 1 or view.options is None:
            return actions[self._rng.randrange(len(actions))] if len(actions) > 1 else actions[0]
        distinct = self._distinct(view, actions)
        if len(distinct) == 1:
            group = distinct[0][1]
            return group[self._rng.randrange(len(group))]
        template = self._template(view)
        memory = self.memory
        pool = [card for card in range(len(memory.ranks)) if card not in memory.seen]
        known = self._known(template, view, pool)
        if known is not None:
            values = [self._solve(_after(known, action), view.seat, -1e9, 1e9) for action, _ in distinct]
            best = max(values)
            top = [group for value, (_, group) in zip(values, distinct) if value >= best - 1e-9]
            group = top[self._rng.randrange(len(top))] if len(top) > 1 else top[0]
            return group[self._rng.randrange(len(group))] if len(group) > 1 else group[0]
        samples = max(MIN_SAMPLES, self.budget // len(distinct))
        totals = [0.0] * len(distinct)
        seat = view.seat
        ranks = memory.ranks
        unseen_ranks: dict[int, int] = {}
        for card in pool:
            unseen_ranks[ranks[card]] = unseen_ranks.get(ranks[card], 0) + 1
        for _ in range(samples):
            sample = self._sample(template, view, pool)
            if len(sample.stock) + sum(len(hand) for s, hand in enumerate(sample.hands) if s != seat) == len(pool):
                # every unseen card not in another hand is in the stock
                in_stock = dict(unseen_ranks)
                for other, hand in enumerate(sample.hands):
                    if other != seat:
                        for card in hand:
                            in_stock[ranks[card]] -= 1
            else:
                in_stock = {}
                for card in sample.stock:
                    in_stock[ranks[card]] = in_stock.get(ranks[card], 0) + 1
            for index, (action, _) in enumerate(distinct):
                state = sample.clone()
                state.play_quiet(action)
                totals[index] += self._playout(state, seat, in_stock)
        self.playouts += samples * len(distinct)
        self.plays += samples * len(distinct)
        best = max(totals)
        top = [group for total, (_, group) in zip(totals, distinct) if total >= best - 1e-9]
        group = top[self._rng.randrange(len(top))] if len(top) > 1 else top[0]
        return group[self._rng.randrange(len(group))] if len(group) > 1 else group[0]

    def _distinct(
        self, view: BundlesView, actions: Sequence[BundlesAction]
    ) -> list[tuple[BundlesAction, list[BundlesAction]]]:
        """Actions grouped by what they do to the count: cards of one rank act alike unless suits score."""
        options = view.options
        if options is None or options.scoring != "cards":
            return [(action, [action]) for action in actions]
        ranks = self.memory.ranks
        groups: dict[tuple[object, ...], list[BundlesAction]] = {}
        for action in actions:
            key = (
                ranks[action.card],
                action.steal,
                action.source,
                action.bundle,
                tuple(sorted(ranks[c] for c in action.capture)),
                action.wild,
            )
            groups.setdefault(key, []).append(action)
        return [(group[0], group) for group in groups.values()]

    def _template(self, view: BundlesView) -> BundlesState:
        """A state holding everything the seat knows; hidden hands and the stock are filled per sample."""
        options = view.options
        assert options is not None
        state = BundlesState(search_options(options), 0, view.dealer, hands=[[] for _ in range(view.players)])
        ids = self.memory.ids
        state.phase = view.phase
        state.turn = view.turn if view.turn is not None else view.seat
        state.hands = [[] for _ in range(view.players)]
        state.hands[view.seat] = [ids[card] for card in view.hand]
        state.table = [ids[card] for card in view.table]
        state.bundles = [[ids[top]] * size if top is not None else [] for seat in view.bundles for size, top in seat]
        state.last_taker = view.last_taker if view.last_taker is not None else -1
        state.tiebreak_players = view.tiebreak_players
        state.main_scores = view.main_scores if view.main_scores is not None else (0,) * view.players
        state._legal = None
        return state

    def _sample(self, template: BundlesState, view: BundlesView, unseen: Sequence[int]) -> BundlesState:
        """One deal of the ``unseen`` cards into the other hands and the stock, respecting what is known."""
        memory = self.memory
        state = template.clone()
        ranks = memory.ranks
        rng = self._rng
        others = sum(view.hand_sizes) - view.hand_sizes[view.seat]
        if not memory.excluded and len(unseen) == others + view.stock and sum(view.hand_sizes) > view.players:
            # every unseen card is in a hand or the stock, and the stock's order cannot matter before the
            # player's next turn: drawing the hands is enough
            chosen = rng.sample(unseen, others)
            drawn = set(chosen)
            state.stock = [card for card in unseen if card not in drawn]
            for seat, size in enumerate(view.hand_sizes):
                if seat != view.seat and size:
                    state.hands[seat], chosen = chosen[:size], chosen[size:]
            return state
        pool = list(unseen)
        rng.shuffle(pool)
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat or size == 0:
                continue
            excluded = memory.excluded.get(seat)
            if excluded:
                allowed = [card for card in pool if ranks[card] not in excluded][:size]
                if len(allowed) < size:
                    allowed = pool[:size]
                taken = set(allowed)
                pool = [card for card in pool if card not in taken]
                state.hands[seat] = allowed
            else:
                state.hands[seat] = pool[:size]
                pool = pool[size:]
        state.stock = pool[: view.stock]
        return state

    # -- the end game, solved --------------------------------------------------

    def _known(self, template: BundlesState, view: BundlesView, pool: Sequence[int]) -> BundlesState | None:
        """The exact position when nothing is hidden any more (two players, the stock out, every other card seen)."""
        if view.players != 2 or view.stock or view.phase == _TIEBREAK:
            return None
        other = 1 - view.seat
        if len(pool) != view.hand_sizes[other]:
            return None
        state = template.clone()
        state.hands[other] = list(pool)
        return state

    def _solve(self, state: BundlesState, seat: int, alpha: float, beta: float) -> float:
        """The value for ``seat`` of best play by both seats to the end (alpha-beta over distinct plays)."""
        self.plays += 1  # the play that made this position
        if state.result is not None:
            return _final(state, seat)
        mover = state.turn == seat
        best = -1e9 if mover else 1e9
        for action in _ordered(state):
            value = self._solve(_after(state, action), seat, alpha, beta)
            if mover:
                if value > best:
                    best = value
                alpha = max(alpha, value)
            else:
                if value < best:
                    best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    # -- playing out ---------------------------------------------------------

    def _playout(self, state: BundlesState, seat: int, in_stock: dict[int, int]) -> float:
        """The other seats answer until ``seat`` plays again (or a new deal starts); the score then for ``seat``."""
        hands = state.hands
        plays = 0
        while state.result is None:
            held = sum(len(hand) for hand in hands)
            if held == 0:
                break
            state.play_quiet(_biggest_take(state))
            plays += 1
            if state.turn == seat or sum(len(hand) for hand in hands) >= held:
                break
        self.plays += plays
        return _score(state, seat, in_stock)


def _biggest_take(state: BundlesState) -> BundlesAction:
    """How the other seats answer in a sample: the biggest steal, else the biggest capture, else the first card."""
    actions = state.actions()
    if len(actions) == 1:
        return actions[0]
    nb, bundles = state.nb, state.bundles
    best, best_size = actions[0], 0
    for action in actions:
        if action.steal is not None:
            size = 100 + len(bundles[action.steal * nb + action.source])
        else:
            size = len(action.capture)
        if size > best_size:
            best, best_size = action, size
    return best


def _after(state: BundlesState, action: BundlesAction) -> BundlesState:
    """A copy of ``state`` with ``action`` played."""
    other = state.clone()
    other.play_quiet(action)
    return other


def _ordered(state: BundlesState) -> list[BundlesAction]:
    """The distinct plays of the seat to move (one card per rank and choice), biggest takes first."""
    ranks, nb, bundles = state._ranks, state.nb, state.bundles
    seen: dict[tuple[object, ...], tuple[int, BundlesAction]] = {}
    for action in state.actions():
        key = (ranks[action.card], action.steal, action.source, action.bundle, len(action.capture), action.wild)
        if key not in seen:
            if action.steal is not None:
                size = 100 + len(bundles[action.steal * nb + action.source])
            else:
                size = len(action.capture)
            seen[key] = (size, action)
    return [action for _, action in sorted(seen.values(), key=lambda pair: -pair[0])]


def _final(state: BundlesState, seat: int) -> float:
    """A finished game for ``seat``: a win is worth more than any margin, then the margin in cards."""
    nb, bundles = state.nb, state.bundles
    totals = [0] * state.players
    for index, bundle in enumerate(bundles):
        totals[index // nb] += len(bundle)
    lead = totals[seat] - max(total for other, total in enumerate(totals) if other != seat)
    return lead + (100.0 if lead > 0 else -100.0 if lead < 0 else 0.0)


def _score(state: BundlesState, seat: int, in_stock: dict[int, int]) -> float:
    """The seat's lead in cards over the best other seat; mid-game, each bundle counts at risk of a steal.

    A bundle is at risk when another seat holds its top rank (weight ``RISK``,
    ``RISK_MOVER`` for the seat about to move) or when copies of that rank are
    still in the sample's stock (``in_stock``: the chance that one of them is
    dealt to another seat, times ``RISK_STOCK``).
    """
    nb, bundles, players = state.nb, state.bundles, state.players
    if nb == 1:
        totals = [float(len(bundle)) for bundle in bundles]
    else:
        totals = [0.0] * players
        for index, bundle in enumerate(bundles):
            totals[index // nb] += len(bundle)
    if state._result is None and state.options.stealing:
        ranks, hands, turn = state._ranks, state.hands, state.turn
        share = 1.0 / players
        for index, bundle in enumerate(bundles):
            if not bundle:
                continue
            owner = index // nb
            top = ranks[bundle[-1]]
            held = False
            for other in range(players):
                if other != owner:
                    for card in hands[other]:
                        if ranks[card] == top:
                            held = True
                            break
                    if held:
                        break
            if held:
                # the seat to move may cover its own top first; the others are open to it now
                totals[owner] -= (RISK_MOVER if owner == turn else RISK) * len(bundle)
            else:
                copies = in_stock.get(top, 0)
                if copies:
                    totals[owner] -= RISK_STOCK * len(bundle) * (1.0 - share**copies)
    mine = totals[seat]
    return mine - max(total for other, total in enumerate(totals) if other != seat)


def search_options(options: BundlesOptions) -> BundlesOptions:
    """The options a search plays under: no tiebreak hand, counted in cards."""
    return dataclasses.replace(options, tiebreak=False, scoring="cards")
