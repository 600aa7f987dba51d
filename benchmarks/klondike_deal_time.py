"""How long ``winnable_only`` makes the player wait for a Klondike deal, rule set by rule set.

For each rule set, game seeds 0 .. ``--seeds`` - 1 are dealt (``KlondikeState.start``, the whole deal) and
timed: median, p95 and the slowest, with where the deal came from (the list of winnable deals, or the short
search for rules the list lacks) and how many deals the search skipped on average.

Run: ``.venv/bin/python benchmarks/klondike_deal_time.py --seeds 15``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.state import KlondikeState
from accessible_cards.stats import percentile

RULE_SETS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("classic", {}),
    ("classic", {"draw": 1}),
    ("classic", {"from_foundation": True}),
    ("classic", {"draw": 1, "from_foundation": True}),
    ("braillespiel", {}),
    ("classic", {"passes": 3}),
    ("classic", {"draw": 1, "passes": 3}),
    ("classic", {"passes": 1}),
    ("classic", {"draw": 1, "passes": 1}),
    ("classic", {"passes": 2}),
    ("classic", {"draw": 1, "passes": 2}),
    ("braillespiel", {"passes": 1}),
)


def measure(variant: str, settings: dict[str, Any], seeds: int) -> dict[str, Any]:
    options = options_for(variant, {**settings, "winnable_only": True})
    times: list[float] = []
    skipped: list[int] = []
    searched = False
    for seed in range(seeds):
        started = time.perf_counter()
        state = KlondikeState(variant, options, seed)
        state.start()
        times.append(time.perf_counter() - started)
        skipped.append(state.skipped)
        searched = searched or state.searched
    return {
        "rules": " ".join([variant, *(f"{k}={v}" for k, v in settings.items())]),
        "from": "search" if searched else "list",
        "median_s": statistics.median(times),
        "p95_s": percentile(times, 0.95),
        "max_s": max(times),
        "skipped": statistics.mean(skipped),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seeds", type=int, default=15, help="game seeds per rule set")
    args = parser.parse_args()
    print("| rules | deal from | median | p95 | slowest | deals skipped (mean) |")
    print("|---|---|---|---|---|---|")
    for variant, settings in RULE_SETS:
        row = measure(variant, settings, args.seeds)
        print(
            f"| {row['rules']} | {row['from']} | {row['median_s']:.3f} s | {row['p95_s']:.3f} s "
            f"| {row['max_s']:.3f} s | {row['skipped']:.1f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
