"""Stealing Bundles speed: random-play games per second (2 and 4 players, standard) and the cost of clone().

Two paths are timed: ``quiet`` (``actions()`` + ``play_quiet()``, no events: what simulation and search
use) and ``events`` (``legal_actions()`` + ``apply()``, every event built: what replays and play use).
Each figure is the best of several batches. Run: ``.venv/bin/python benchmarks/bundles_speed.py``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from accessible_cards.games.bundles import BundlesState
from accessible_cards.games.bundles_rules import BundlesOptions


def quiet_batch(options: BundlesOptions, seeds: range) -> int:
    """Random play without events; returns the number of plays."""
    plays = 0
    for seed in seeds:
        state = BundlesState(options, seed)
        chooser = random.Random(seed)
        state.start()
        while state.result is None:
            state.play_quiet(chooser.choice(state.actions()))
            plays += 1
    return plays


def events_batch(options: BundlesOptions, seeds: range) -> int:
    """Random play through the checked ``apply()``, every event built; returns the number of plays."""
    plays = 0
    for seed in seeds:
        state = BundlesState(options, seed)
        chooser = random.Random(seed)
        state.start()
        while state.result is None:
            state.apply(chooser.choice(list(state.legal_actions())))
            plays += 1
    return plays


def clone_cost(options: BundlesOptions, count: int) -> float:
    """Seconds per clone() of a mid-game state (after 10 plays)."""
    state = BundlesState(options, 1)
    chooser = random.Random(1)
    state.start()
    for _ in range(10):
        state.play_quiet(chooser.choice(state.actions()))
    start = time.perf_counter()
    for _ in range(count):
        state.clone()
    return (time.perf_counter() - start) / count


def main() -> None:
    """Time the batches and print the figures with the command that produced them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per batch (default 2000)")
    parser.add_argument("--batches", type=int, default=3, help="batches per figure (default 3)")
    args = parser.parse_args()
    print(f"Command: {' '.join([sys.executable.rsplit('/', 1)[-1], *sys.argv])}")
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    for players in (2, 4):
        options = BundlesOptions.preset("standard", {"players": players})
        for label, batch in (("quiet", quiet_batch), ("events", events_batch)):
            best = float("inf")
            plays = 0
            for number in range(args.batches):
                seeds = range(number * args.games, (number + 1) * args.games)
                start = time.perf_counter()
                plays = batch(options, seeds)
                best = min(best, time.perf_counter() - start)
            print(
                f"standard, {players} players, {label:6}: {args.games / best:8.0f} games/s, "
                f"{plays / best:9.0f} plays/s (best of {args.batches} batches of {args.games})"
            )
    for players in (2, 4):
        seconds = clone_cost(BundlesOptions.preset("standard", {"players": players}), 100_000)
        print(f"clone(), standard, {players} players, mid-game: {seconds * 1e6:.2f} microseconds")


if __name__ == "__main__":
    main()
