"""``accessible-cards solve klondike``: deals one after another, each searched by the solver.

Above both the state and the solver: it deals the states the solver searches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .actions import action_to_json
from .rules import options_for
from .solver import solve
from .state import KlondikeState


def solve_deals(
    *,
    variant: str | None,
    settings: Mapping[str, Any],
    seed: int,
    deals: int,
    states: int | None,
    seconds: float | None,
    start: Any = None,
) -> Iterator[dict[str, Any]]:
    """``accessible-cards solve klondike``: deals ``seed``, ``seed + 1``, ... each searched within the budget;
    or, with ``start`` (a scenario's state, before its deal), that one deal: its ``seed`` is None."""
    if start is not None:
        assert isinstance(start, KlondikeState)
        start.start()
        verdict = solve(start, states, seconds, first_pruned=True)
        yield {
            "seed": None,
            "verdict": verdict.verdict,
            "seconds": verdict.seconds,
            "states": verdict.states,
            "line": [action_to_json(action) for action in verdict.line],
        }
        return
    options = options_for(variant, settings)
    for number in range(deals):
        state = KlondikeState(variant or "braillespiel", options, seed + number)
        state.start()
        verdict = solve(state, states, seconds, first_pruned=True)
        yield {
            "seed": seed + number,
            "verdict": verdict.verdict,
            "seconds": verdict.seconds,
            "states": verdict.states,
            "line": [action_to_json(action) for action in verdict.line],
        }
