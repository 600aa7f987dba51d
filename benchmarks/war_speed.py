"""War games per second: the engine's simulate path against a minimal ints-and-deque War.

Both play the same seeded 2-player games under the same rules (3 face down,
winnings shuffled back, a player who cannot finish a war loses). The simulate
path is a table of computer seats played out (what ``simulate war`` runs); beside
it the state's ``play_out()`` alone (the table's own cost is the difference) and
the events path. All are timed in alternating batches in one run, so a busy
machine slows them alike; the figure to read is the ratio. Run: ``.venv/bin/python benchmarks/war_speed.py``.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from minimal_war import play as minimal_play

from accessible_cards.game import get
from accessible_cards.games.war.state import TURN, WarState
from accessible_cards.table import Seat, Table


def engine_batch(seeds: range) -> int:
    """The state's quiet path on its own: play_out, no listener."""
    plays = 0
    for seed in seeds:
        state = WarState(2, seed=seed)
        state.play_out()
        plays += state.plays
    return plays


def table_batch(seeds: range) -> int:
    """The simulate path: a table of two computer seats, nobody listening, no moves kept, played out."""
    game = get("war")
    seats = [Seat.computer("", 0)] * 2
    only = {seat: game.make_player("", 0) for seat in range(2)}
    plays = 0
    for seed in seeds:
        state = WarState(2, seed=seed)
        Table(game, state, seats, players=only, record=False).play_out()
        plays += state.plays
    return plays


def narrated_batch(seeds: range) -> int:
    """The interactive path: one apply() per battle, events built."""
    plays = 0
    for seed in seeds:
        state = WarState(2, seed=seed)
        state.start()
        while state.result is None:
            state.apply(TURN)
        plays += state.plays
    return plays


def minimal_batch(seeds: range) -> int:
    return sum(minimal_play(seed) for seed in seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per batch (default 2000)")
    parser.add_argument("--repeats", type=int, default=5, help="alternating batches (default 5)")
    args = parser.parse_args()
    timings: dict[str, list[float]] = {"minimal": [], "engine": [], "table": [], "events": []}
    batches = {"minimal": minimal_batch, "engine": engine_batch, "table": table_batch, "events": narrated_batch}
    checks: dict[str, int] = {}
    for repeat in range(args.repeats):
        seeds = range(repeat * args.games, (repeat + 1) * args.games)
        for name, batch in batches.items():
            start = time.perf_counter()
            checks[name] = batch(seeds)
            timings[name].append(time.perf_counter() - start)
        if len(set(checks.values())) != 1:
            raise SystemExit(f"the paths disagree on the same games: {checks}")
    best = {name: min(values) for name, values in timings.items()}
    ratios = [e / m for e, m in zip(timings["engine"], timings["minimal"], strict=True)]
    table_ratios = [t / m for t, m in zip(timings["table"], timings["minimal"], strict=True)]
    table_engine = [t / e for t, e in zip(timings["table"], timings["engine"], strict=True)]
    event_ratios = [e / m for e, m in zip(timings["events"], timings["minimal"], strict=True)]
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games} games x {args.repeats} batches")
    labels = (
        ("minimal", "minimal War"),
        ("engine", "engine, play_out alone"),
        ("table", "engine, simulate path"),
        ("events", "engine, events"),
    )
    for name, label in labels:
        print(f"{label:24} {args.games / best[name]:9.0f} games/s (best batch)")
    batches_text = ", ".join(f"{r:.2f}" for r in ratios)
    print(f"play_out / minimal time: median {statistics.median(ratios):.2f}x (batches: {batches_text})")
    table_text = ", ".join(f"{r:.2f}" for r in table_ratios)
    print(f"simulate / minimal time: median {statistics.median(table_ratios):.2f}x (batches: {table_text})")
    print(f"simulate / play_out time: median {statistics.median(table_engine):.3f}x (the table's own cost)")
    print(f"events / minimal time: median {statistics.median(event_ratios):.2f}x")


if __name__ == "__main__":
    main()
