"""Many seeded games without a listener: the figures behind ``accessible-cards simulate``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .games.bundles import BundlesState
from .games.bundles_rules import BundlesOptions
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


def simulate_bundles(
    variant: str, players: int | None, games: int, seed: int, settings: Mapping[str, Any]
) -> dict[str, Any]:
    """Play ``games`` Stealing Bundles games with random legal choices and summarise them for ``--json``."""
    given = dict(settings)
    if players is not None:
        given["players"] = players
    options = BundlesOptions.preset(variant, given)
    n = options.players
    wins = [0] * n
    totals = [0] * n
    draws = steals = captures = trails = 0
    for game_seed in game_seeds(seed, games):
        state = BundlesState(options, game_seed)
        chooser = random.Random(game_seed ^ 0x5BD1E995)
        state.start()
        while state.result is None:
            state.play_quiet(chooser.choice(state.actions()))
        result = state.result
        if len(result.winners) == 1:
            wins[result.winners[0]] += 1
        else:
            draws += 1
        for seat, score in enumerate(result.scores):
            totals[seat] += score
        steals += state.steals
        captures += state.captures
        trails += state.trails
    per_game = max(games, 1)
    return {
        "game": "bundles",
        "variant": options.variant,
        "players": n,
        "games": games,
        "options": options.to_dict(),
        "wins": wins,
        "draws": draws,
        "score": {"mean": [round(total / per_game, 3) for total in totals]},
        "steals_per_game": round(steals / per_game, 3),
        "captures_per_game": round(captures / per_game, 3),
        "trails_per_game": round(trails / per_game, 3),
    }
