"""Many seeded games without a listener: the figures behind ``accessible-cards simulate``."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.games.war.state import TURN, WarOptions, WarStarted, WarState

from .errors import OptionError
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


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) with no games."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.95 for the 95th) of ``values``; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def play_ai_game(
    options: BundlesOptions, levels: Sequence[str], game_seed: int, shift: int = 0
) -> tuple[BundlesState, list[list[float]]]:
    """One game between computer players: entry ``i`` of ``levels`` sits at seat ``(i + shift) % players``.

    Every player sees every play (:func:`~accessible_cards.games.bundles.ai.show_everyone`).
    Returns the finished state and each entry's decision times in seconds.
    """
    from accessible_cards.games.bundles.ai import make_player, show_everyone

    n = options.players
    seat_of = [(entry + shift) % n for entry in range(n)]
    players = {seat_of[entry]: make_player(level, game_seed * 8 + entry) for entry, level in enumerate(levels)}
    entry_of = {seat: entry for entry, seat in enumerate(seat_of)}
    times: list[list[float]] = [[] for _ in levels]
    state = BundlesState(options, game_seed)
    state.start()
    show_everyone(players, state)
    clock = time.perf_counter
    while state.result is None:
        seat = state.turn
        began = clock()
        action = players[seat].choose(state.view(seat), state.actions())
        times[entry_of[seat]].append(clock() - began)
        state.play_quiet(action)
        show_everyone(players, state)
    return state, times


def simulate_bundles(
    variant: str,
    players: int | None,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    ai: Sequence[str] | None = None,
    swap: bool = False,
) -> dict[str, Any]:
    """Play ``games`` Stealing Bundles games and summarise them for ``--json``.

    Without ``ai`` every seat plays random legal choices. With ``ai`` (one
    level per seat) computer players play, and the figures add win rates
    among decided games with their 95% intervals and decision times. With
    ``swap`` the second half of the games moves every level one seat on, so
    no level keeps the seat that plays first; every per-seat figure is then
    per entry of ``ai``.
    """
    given = dict(settings)
    if players is not None:
        given["players"] = players
    elif ai:
        given["players"] = len(ai)
    options = BundlesOptions.preset(variant, given)
    n = options.players
    if ai is not None:
        return _simulate_ai(options, list(ai), games, seed, swap)
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


def _simulate_ai(options: BundlesOptions, levels: list[str], games: int, seed: int, swap: bool) -> dict[str, Any]:
    from accessible_cards.games.bundles.ai import make_player

    n = options.players
    if len(levels) != n:
        raise OptionError(
            "error-ai-seats",
            f"--ai names {len(levels)} levels for {n} players; give one level per seat",
            levels=len(levels),
            players=n,
        )
    for level in levels:
        make_player(level, 0)  # an unknown level is refused before the first game
    wins = [0] * n
    totals = [0] * n
    draws = steals = captures = trails = 0
    times: list[list[float]] = [[] for _ in range(n)]
    for index, game_seed in enumerate(game_seeds(seed, games)):
        shift = 1 if swap and index >= games // 2 else 0
        state, spent = play_ai_game(options, levels, game_seed, shift)
        result = state.result
        assert result is not None
        entry_of = {(entry + shift) % n: entry for entry in range(n)}
        if len(result.winners) == 1:
            wins[entry_of[result.winners[0]]] += 1
        else:
            draws += 1
        for seat, score in enumerate(result.scores):
            totals[entry_of[seat]] += score
        for entry in range(n):
            times[entry].extend(spent[entry])
        steals += state.steals
        captures += state.captures
        trails += state.trails
    decided = games - draws
    per_game = max(games, 1)
    return {
        "game": "bundles",
        "variant": options.variant,
        "players": n,
        "games": games,
        "options": options.to_dict(),
        "ai": levels,
        "swap": swap,
        "wins": wins,
        "draws": draws,
        "score": {"mean": [round(total / per_game, 3) for total in totals]},
        "steals_per_game": round(steals / per_game, 3),
        "captures_per_game": round(captures / per_game, 3),
        "trails_per_game": round(trails / per_game, 3),
        "win_rate": [round(w / decided, 4) if decided else 0.0 for w in wins],
        "win_rate_ci95": [[round(x, 4) for x in wilson(w, decided)] for w in wins],
        "decision_ms": {
            "mean": [round(1000 * sum(t) / len(t), 3) if t else 0.0 for t in times],
            "p95": [round(1000 * percentile(t, 0.95), 3) for t in times],
            "max": [round(1000 * max(t), 3) if t else 0.0 for t in times],
        },
    }
