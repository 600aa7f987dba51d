"""Many seeded games of the Stealing Bundles family: the figures of ``accessible-cards simulate bundles``.

Without computer levels every seat plays random legal choices; with them
(``--ai``) the figures add win rates with their 95% intervals and decision times.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.errors import OptionError
from accessible_cards.stats import game_seeds, percentile, wilson

from .ai import make_player, show_everyone
from .rules import BundlesOptions
from .state import BundlesState


def play_ai_game(
    options: BundlesOptions, levels: Sequence[str], game_seed: int, shift: int = 0
) -> tuple[BundlesState, list[list[float]]]:
    """One game between computer players: entry ``i`` of ``levels`` sits at seat ``(i + shift) % players``.

    Every player sees every play (:func:`~accessible_cards.games.bundles.ai.show_everyone`).
    Returns the finished state and each entry's decision times in seconds.
    """
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
    players: int | None,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    *,
    variant: str | None = None,
    ai: Sequence[str] | None = None,
    swap: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games of the preset ``variant`` (default standard) and summarise them for ``--json``.

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
    options = BundlesOptions.preset(variant or "standard", given)
    n = options.players
    if ai is not None:
        return _simulate_ai(options, list(ai), games, seed, swap)
    if swap:
        raise OptionError("error-simulate-swap", "swapping seats goes with computer levels (--ai)")
    wins = [0] * n
    totals = [0] * n
    draws = steals = captures = trails = 0
    played = 0  # the games finished: fewer than asked when the run was stopped
    for game_seed in game_seeds(seed, games):
        played += 1
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
    games = played
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
    played = 0  # the games finished: fewer than asked when the run was stopped
    for index, game_seed in enumerate(game_seeds(seed, games)):
        played += 1
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
    games = played
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


def figures_lines(figures: Mapping[str, Any]) -> list[str]:
    """The figures of :func:`simulate_bundles` as the lines ``simulate`` prints without ``--json``."""
    options = ", ".join(f"{k}={v}" for k, v in figures["options"].items() if k not in ("variant", "players"))
    lines = [
        f"Stealing Bundles, {figures['variant']}, {figures['players']} players, {figures['games']} games; "
        f"options: {options}"
    ]
    levels = figures.get("ai")
    names = [f"player {seat + 1}" for seat in range(figures["players"])]
    if levels is not None:
        names = [f"{name} ({level})" for name, level in zip(names, levels)]
        if figures["swap"]:
            lines.append("Seats swapped halfway: each figure follows its level.")
    wins = ", ".join(f"{name}: {n}" for name, n in zip(names, figures["wins"]))
    means = ", ".join(f"{name}: {m}" for name, m in zip(names, figures["score"]["mean"]))
    lines.append(f"Wins: {wins}. Draws: {figures['draws']}.")
    lines.append(f"Mean cards: {means}.")
    lines.append(
        f"Per game: {figures['steals_per_game']} steals, {figures['captures_per_game']} captures, "
        f"{figures['trails_per_game']} trails."
    )
    if levels is not None:
        for index, name in enumerate(names):
            low, high = figures["win_rate_ci95"][index]
            ms = figures["decision_ms"]
            lines.append(
                f"{name}: wins {100 * figures['win_rate'][index]:.1f}% of decided games "
                f"(95% interval {100 * low:.1f}-{100 * high:.1f}%); decisions mean {ms['mean'][index]} ms, "
                f"95th percentile {ms['p95'][index]} ms, longest {ms['max'][index]} ms."
            )
    return lines
