"""How well Stiche-Raten's computer players play: seeded 4-player games, each level seeing only its own view.

Three measures, each on its own seeded games (the full game: 13 rounds of the 52-card pack unless
``--max-cards`` shortens it):

- ``levels``: one easy, one medium, one hard and one simple player at each table, seats rotating with the
  seed; each level's mean score per round and its share of exact bids;
- ``hard-medium``: two hard against two medium players (seats alternating, and every seed played twice
  with the seats swapped); the hard players' mean points per round minus the medium players', with a 95%
  interval over the games;
- ``medium-simple``: the same for medium against the simple bidder (it bids its aces and trumps and plays
  high).

Every decision is timed; the 95th percentile is printed per level.

    .venv/bin/python benchmarks/ohhell_strength.py --games 2000
    .venv/bin/python benchmarks/ohhell_strength.py --games 200 --only hard-medium
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence

from accessible_cards.games.ohhell.ai import make_player
from accessible_cards.games.ohhell.state import OhHellState

LEVELS = ("easy", "medium", "hard", "simple")


def play(
    levels: Sequence[str], seed: int, max_cards: int | None, times: dict[str, list[float]]
) -> tuple[list[float], list[int], int]:
    """One game; each seat's points, its exact bids, and the rounds played."""
    state = OhHellState(len(levels), {"max_cards": max_cards}, seed)
    players = [make_player(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    state.start()
    while state.result is None:
        seat = state.to_move()
        assert seat is not None
        view = state.view(seat)
        started = time.perf_counter()
        action = players[seat].choose(view, state.legal_actions())
        times[levels[seat]].append(time.perf_counter() - started)
        state.apply(action)
    exact = [sum(1 for row in state.sheet if row.bids[s] == row.tricks[s]) for s in range(len(levels))]
    return [float(t) for t in state.totals], exact, len(state.sheet)


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def levels_table(games: int, seed: int, max_cards: int | None, times: dict[str, list[float]]) -> None:
    points: dict[str, list[float]] = defaultdict(list)
    exact: dict[str, int] = defaultdict(int)
    rounds: dict[str, int] = defaultdict(int)
    for game in range(games):
        shift = game % 4
        seats = [LEVELS[(i + shift) % 4] for i in range(4)]
        totals, hits, played = play(seats, seed + game, max_cards, times)
        for level, total, hit in zip(seats, totals, hits, strict=True):
            points[level].append(total / played)
            exact[level] += hit
            rounds[level] += played
    print(f"levels: {games} games, one player of each level per table")
    for level in LEVELS:
        mean, half = interval(points[level])
        print(
            f"  {level:7s} mean score per round {mean:7.2f} ± {half:.2f}; exact bids {exact[level] / rounds[level]:.1%}"
        )


def duel(strong: str, weak: str, games: int, seed: int, max_cards: int | None, times: dict[str, list[float]]) -> None:
    """``strong`` against ``weak``, two seats each, every seed with the seats both ways."""
    differences: list[float] = []
    for game in range(games):
        seats = [strong, weak, strong, weak] if game % 2 == 0 else [weak, strong, weak, strong]
        totals, _, played = play(seats, seed + game // 2, max_cards, times)
        mine = sum(t for t, level in zip(totals, seats, strict=True) if level == strong) / 2
        theirs = sum(t for t, level in zip(totals, seats, strict=True) if level == weak) / 2
        differences.append((mine - theirs) / played)
    mean, half = interval(differences)
    print(f"{strong} - {weak}: {games} games, {mean:+.2f} points per round, 95% interval "
          f"[{mean - half:+.2f}, {mean + half:+.2f}]")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--hard-games", type=int, default=None, help="games with hard players (default: --games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-cards", type=int, default=None)
    parser.add_argument("--only", choices=("levels", "hard-medium", "medium-simple"), action="append")
    args = parser.parse_args()
    only = args.only or ["levels", "hard-medium", "medium-simple"]
    hard_games = args.hard_games or args.games
    times: dict[str, list[float]] = defaultdict(list)
    started = time.perf_counter()
    if "medium-simple" in only:
        duel("medium", "simple", args.games, args.seed, args.max_cards, times)
    if "hard-medium" in only:
        duel("hard", "medium", hard_games, args.seed + 100_000, args.max_cards, times)
    if "levels" in only:
        levels_table(hard_games, args.seed + 200_000, args.max_cards, times)
    for level in LEVELS:
        if times[level]:
            ordered = sorted(times[level])
            p95 = ordered[int(0.95 * (len(ordered) - 1))]
            print(f"  decision time {level:7s}: p95 {p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms "
                  f"over {len(ordered)} decisions")  # fmt: skip
    print(f"  ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
