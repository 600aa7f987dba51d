"""The hint: a good next move, found from what the player sees alone.

The hidden cards (the stock and the face-down column cards) are never read: the hint knows
only which cards are not in sight (the pack less the face-up and foundation cards), and deals
them into the hidden places at random, from its own fixed seed, several times over. The solver
searches each such deal with a small budget; the first move of a winning line that most deals
agree on is the hint. When no deal is won in the budget, the solver's own first choice in the
player's position (a move to a foundation, one that turns a card up, ...) is the hint.
Sorting the unseen cards before dealing them makes the hint the same whatever the real hidden
cards are: it depends on the view and the seed only.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Final

from accessible_cards.cards import Card

from .actions import DRAW, FOUNDATION, WASTE, Draw, Move
from .rules import CARDS, Rules, make
from .solver import WINNABLE, Solver
from .state import KlondikeState, KlondikeView

SAMPLES: Final = 4
STATES_PER_SAMPLE: Final = 2_000
SECONDS: Final = 0.2
"""The whole hint's time, under the 300 ms it must keep at p95 (the last search may run a little over)."""


def _id(card: Card) -> int:
    assert card.suit is not None
    return make(card.rank, ("S", "H", "D", "C").index(card.suit.value))


def sampled_state(view: KlondikeView, rng: random.Random) -> KlondikeState:
    """A state that agrees with ``view`` in every card it shows, its hidden places filled from ``rng``."""
    rules = Rules(view.options)
    seen = {_id(card) for column in view.columns for card in column.up} | {_id(card) for card in view.waste}
    for s, n in enumerate(view.foundations):
        seen |= {rules.foundation_top(s, k) for k in range(1, n + 1)}
    unseen = sorted(set(range(CARDS)) - seen)
    rng.shuffle(unseen)
    state = KlondikeState(view.variant, view.options, None)
    state.started = True
    position = 0
    for i, column in enumerate(view.columns):
        hidden = unseen[position : position + column.down]
        position += column.down
        state.columns[i] = hidden + [_id(card) for card in column.up]
        state.down[i] = column.down
    state.stock = unseen[position : position + view.stock]
    state.waste = [_id(card) for card in view.waste]
    state.found = list(view.foundations)
    state.pass_number = view.pass_number
    state.total = len(seen) + len(unseen)
    return state


def hint(view: KlondikeView, seed: int = 0) -> Move | Draw | None:
    """A good next move for the player of ``view`` (None: no card move and no draw is possible)."""
    legal = [a for a in view.legal if isinstance(a, (Move, Draw))]
    if not legal:
        return None
    rng = random.Random(seed)
    votes: Counter[Move | Draw] = Counter()
    deadline = time.perf_counter() + SECONDS
    first: Move | Draw | None = None
    for _ in range(SAMPLES):
        state = sampled_state(view, rng)
        if first is None:
            first = _first_choice(state)
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        verdict = Solver(state.rules, STATES_PER_SAMPLE, left).solve(state)
        if verdict.verdict == WINNABLE and verdict.line:
            votes[verdict.line[0]] += 1
    if votes:
        return votes.most_common(1)[0][0]
    if first is not None and first in view.legal:
        return first
    return DRAW if DRAW in view.legal else next((a for a in legal if isinstance(a, Move)), None)


def _first_choice(state: KlondikeState) -> Move | Draw | None:
    """The move the solver would try first here (its ordering), as the player's action."""
    moves = Solver(state.rules).ordered_moves(state)
    for kind, a, b, count, p, _pass in moves:
        if kind == 0:
            return Move(a, b, count)
        if kind == 1:
            return Move(WASTE, b, 1) if p == len(state.waste) else DRAW
        return Move(FOUNDATION + a, b, 1)
    return DRAW if state.can_draw() else None
