"""Many seeded games without a listener: the figures behind ``accessible-cards simulate``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .games.war import TURN, WarOptions, WarStarted, WarState
from .stats import summary


def game_seeds(seed: int, games: int) -> list[int]:
    """One seed per game, drawn from ``seed``: the same seed gives the same games."""
    master = random.Random(seed)
    return [master.getrandbits(63) for _ in range(games)]


def simulate_war(players: int, games: int, seed: int, settings: Mapping[str, Any]) -> dict[str, Any]:
    """Play ``games`` War games and summarise them as the ``--json`` output names them."""
    options = WarOptions.from_mapping(settings)
    counts: dict[str, list[int]] = {"rounds": [], "battles": [], "plays": [], "wars": []}
    wins = [0] * players
    draws = cycles = first_wars = 0
    for game_seed in game_seeds(seed, games):
        state = WarState(players, options, game_seed)
        state.start()
        if state.result is None and any(isinstance(e, WarStarted) for e in state.apply(TURN)):
            first_wars += 1
        result = state.play_out()
        for name, value in state.counts().items():
            counts[name].append(value)
        if len(result.winners) == 1:
            wins[result.winners[0]] += 1
        else:
            draws += 1
        if result.reason == "cycle":
            cycles += 1
    return {
        "game": "war",
        "players": players,
        "games": games,
        "seed": seed,
        "options": options.to_dict(),
        **{name: summary(values) for name, values in counts.items()},
        "wins": wins,
        "draws": draws,
        "cycles": cycles,
        "first_battle_war_rate": round(first_wars / games, 6) if games else 0.0,
    }
