"""Many seeded Stiche-Raten games between computer players: the figures of ``accessible-cards simulate ohhell``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.errors import OptionError
from accessible_cards.game import get
from accessible_cards.stats import game_seeds
from accessible_cards.table import Seat, Table

from .ai import LEVELS
from .state import OhHellState


def simulate_ohhell(
    players: int | None,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    *,
    variant: str | None = None,
    ai: Sequence[str] | None = None,
    swap: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games, one computer level per seat (``ai``, default medium everywhere).

    ``swap`` turns the levels one seat further every game, so that no level keeps the seat after the
    first dealer. The figures are per seat: mean score per round, the share of exact bids, and wins.
    """
    levels = list(ai) if ai is not None else ["medium"] * (4 if players is None else players)
    for level in levels:
        if level not in LEVELS:
            raise OptionError(
                "error-ai-level", f"unknown computer level {level!r}", level=level, known=", ".join(LEVELS)
            )
    count = len(levels)
    OhHellState(count, settings)  # the options and players, checked before the first game
    points = [0.0] * count
    exact = [0] * count
    wins = [0.0] * count
    rounds = 0
    played = 0
    game = get("ohhell")
    for number, game_seed in enumerate(game_seeds(seed, games)):
        played += 1
        shift = number % count if swap else 0
        seats = [Seat.computer(levels[(seat + shift) % count], game_seed * 10 + seat) for seat in range(count)]
        state = OhHellState(count, settings, game_seed)
        Table(game, state, seats, record=False).play_out()
        assert state.result is not None
        rounds += len(state.sheet)
        for seat in range(count):
            who = (seat - shift) % count  # the level's own place in ``levels``
            points[who] += state.totals[seat]
            exact[who] += sum(1 for row in state.sheet if row.bids[seat] == row.tricks[seat])
            if seat in state.result.winners:
                wins[who] += 1 / len(state.result.winners)
    per_level = max(rounds, 1)
    return {
        "game": "ohhell",
        "players": count,
        "games": played,
        "seed": seed,
        "levels": levels,
        "swap": swap,
        "options": dict(state.options) if played else dict(settings),
        "score_per_round": [round(p / per_level, 4) for p in points],
        "exact_bids": [round(e / per_level, 4) for e in exact],
        "wins": [round(w, 2) for w in wins],
    }


def figures_lines(figures: Mapping[str, Any]) -> list[str]:
    options = ", ".join(f"{k}={v}" for k, v in figures["options"].items())
    lines = [
        f"Stiche-Raten, {figures['players']} players, {figures['games']} games, seed {figures['seed']}; "
        f"options: {options}"
    ]
    for place, level in enumerate(figures["levels"]):
        lines.append(
            f"Player {place + 1} ({level}): {figures['score_per_round'][place]:.2f} points per round, "
            f"exact bids {figures['exact_bids'][place]:.1%}, wins {figures['wins'][place]}"
        )
    return lines
