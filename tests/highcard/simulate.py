"""Many seeded High Card games without a listener: the figures of ``accessible-cards simulate highcard``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.errors import OptionError

from .state import HighCardState, RoundWon


def simulate(
    players: int | None,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    *,
    variant: str | None = None,
    ai: Sequence[str] | None = None,
    swap: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games (2 players unless told) and count wins, draws and tied rounds.

    High Card has no presets (``variant`` is not asked of it) and no choices,
    so computer levels (``ai``, ``swap``) are refused.
    """
    if ai is not None or swap:
        raise OptionError("error-simulate-levels", "High Card has no choices: no computer levels play it")
    seats = 2 if players is None else players
    master = random.Random(seed)
    wins = [0] * seats
    draws = tied_rounds = rounds = 0
    options: dict[str, Any] = {}
    for _ in range(games):
        state = HighCardState(seats, settings, master.getrandbits(63))
        options = state.options
        state.start()
        while state.result is None:
            for event in state.apply(next(iter(state.legal_actions()))):
                if isinstance(event, RoundWon):
                    rounds += 1
                    tied_rounds += len(event.winners) > 1
        if len(state.result.winners) == 1:
            wins[state.result.winners[0]] += 1
        else:
            draws += 1
    return {
        "game": "highcard",
        "players": seats,
        "games": games,
        "seed": seed,
        "options": options,
        "wins": wins,
        "draws": draws,
        "rounds": rounds,
        "tied_rounds": tied_rounds,
    }


def figures_lines(figures: Mapping[str, Any]) -> list[str]:
    """The figures as the lines ``simulate`` prints without ``--json``."""
    wins = ", ".join(f"player {seat + 1}: {n}" for seat, n in enumerate(figures["wins"]))
    return [
        f"High Card, {figures['players']} players, {figures['games']} games, seed {figures['seed']}.",
        f"Wins: {wins}. Draws: {figures['draws']}. Tied rounds: {figures['tied_rounds']} of {figures['rounds']}.",
    ]
