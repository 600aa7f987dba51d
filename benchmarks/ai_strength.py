"""How strong the computer levels are: win rates between levels over many seeded games, and decision times.

Each match plays seeded games of Stealing Bundles between levels; with two players the seats are swapped
halfway, with more the levels go round every seat in turn. A win rate counts decided games only, with
its 95% Wilson interval. Decision times are measured inside each game (so they are as busy as the
machine was); the 95th percentile is over every decision of that level. Games run in ``--jobs``
processes. Run: ``.venv/bin/python benchmarks/ai_strength.py`` (all matches; ``--quick`` for a short
check, ``--only NAME`` for some matches).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.bundles.simulate import play_ai_game
from accessible_cards.simulate import game_seeds, percentile, wilson


@dataclass(frozen=True)
class Match:
    """Levels (first is the one measured) in a preset with as many players as levels, over ``games`` games."""

    name: str
    variant: str
    levels: tuple[str, ...]
    games: int
    target: float | None = None


MATCHES: tuple[Match, ...] = (
    Match("medium-taker", "standard", ("medium", "taker"), 4000, 0.62),
    Match("hard-taker", "standard", ("hard", "taker"), 4000, 0.66),
    Match("hard-medium", "standard", ("hard", "medium"), 4000, 0.53),
    Match("medium-easy", "standard", ("medium", "easy"), 4000, 0.65),
    Match("hard-3", "standard", ("hard", "medium", "medium"), 900),
    Match("hard-4", "standard", ("hard", "medium", "medium", "medium"), 800),
    Match("rubamazzo-hard-medium", "rubamazzo", ("hard", "medium"), 2000),
    Match("rubamazzo-hard-taker", "rubamazzo", ("hard", "taker"), 2000),
    Match("casita-hard-medium", "casita-robada", ("hard", "medium"), 2000),
    Match("casita-hard-taker", "casita-robada", ("hard", "taker"), 2000),
)


def _one(task: tuple[str, tuple[str, ...], int, int]) -> tuple[int | None, list[list[float]]]:
    """One game: the entry (index into the levels) that won, None for a draw, and each entry's decision times."""
    variant, levels, seed, shift = task
    options = BundlesOptions.preset(variant, {"players": len(levels)})
    state, times = play_ai_game(options, levels, seed, shift)
    result = state.result
    assert result is not None
    n = len(levels)
    if len(result.winners) != 1:
        return None, times
    winner_seat = result.winners[0]
    return (winner_seat - shift) % n, times


def tasks(match: Match, seed: int) -> list[tuple[str, tuple[str, ...], int, int]]:
    """The games of a match: two players swap seats halfway; more players go round every seat."""
    n = len(match.levels)
    out = []
    for index, game_seed in enumerate(game_seeds(seed, match.games)):
        shift = (1 if index >= match.games // 2 else 0) if n == 2 else index % n
        out.append((match.variant, match.levels, game_seed, shift))
    return out


def run(match: Match, seed: int, jobs: int) -> dict[str, Any]:
    """Play a match and return its figures."""
    n = len(match.levels)
    wins = [0] * n
    draws = 0
    times: list[list[float]] = [[] for _ in range(n)]
    began = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        for winner, spent in pool.imap_unordered(_one, tasks(match, seed), chunksize=20):
            if winner is None:
                draws += 1
            else:
                wins[winner] += 1
            for entry in range(n):
                times[entry].extend(spent[entry])
    decided = match.games - draws
    low, high = wilson(wins[0], decided)
    return {
        "match": match.name,
        "variant": match.variant,
        "levels": list(match.levels),
        "games": match.games,
        "draws": draws,
        "wins": wins,
        "win_rate": round(wins[0] / decided, 4) if decided else 0.0,
        "win_rate_ci95": [round(low, 4), round(high, 4)],
        "target": match.target,
        "decision_ms": {
            level: {
                "mean": round(1000 * sum(spent) / len(spent), 3),
                "p95": round(1000 * percentile(spent, 0.95), 3),
                "max": round(1000 * max(spent), 3),
            }
            for level, spent in zip(match.levels, times)
            if spent
        },
        "seconds": round(time.perf_counter() - began, 1),
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Play the chosen matches and print one line each (and JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026, help="the seed of the games (default 2026)")
    parser.add_argument("--only", action="append", default=[], help="a match name; repeat for more")
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--json", action="store_true", help="print one JSON object per match")
    args = parser.parse_args(argv)
    print(f"Command: {' '.join([sys.executable.rsplit('/', 1)[-1], *sys.argv])}")
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}, {args.jobs} processes")
    for match in MATCHES:
        if args.only and match.name not in args.only:
            continue
        if args.quick:
            match = Match(match.name, match.variant, match.levels, max(20, match.games // 10), match.target)
        figures = run(match, args.seed, args.jobs)
        if args.json:
            print(json.dumps(figures), flush=True)
            continue
        low, high = figures["win_rate_ci95"]
        target = f", target {100 * match.target:.0f}%" if match.target else ""
        rate = figures["win_rate"]
        times = figures["decision_ms"][match.levels[0]]
        print(
            f"{match.name}: {match.levels[0]} wins {100 * rate:.1f}% of decided games "
            f"(95% interval {100 * low:.1f}-{100 * high:.1f}%{target}); {match.games} games, {figures['draws']} draws; "
            f"{match.levels[0]} decides in {times['mean']} ms on average, p95 {times['p95']} ms, "
            f"longest {times['max']} ms; {figures['seconds']} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
