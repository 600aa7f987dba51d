"""``simulate`` speed, this checkout against another: the same runs, the same figures, alternating.

Each case is one ``accessible-cards simulate`` run (War; Stealing Bundles at random with 2 and 4
players; Stiche-Raten between computer players), timed in a fresh process. With ``--against DIR``
the same cases run on the checkout in DIR (with its own ``.venv``) in alternating rounds, so a busy
machine slows both alike; printed per case: the best time of each, the ratio of the best times
and the median ratio of the rounds (this checkout's time to the other's), and whether both gave
the same figures. Run:

    .venv/bin/python benchmarks/simulate_speed.py --against ../main --repeats 5
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

CASES: dict[str, dict[str, Any]] = {
    "war, 2 players, 2000 games": {"game": "war", "players": 2, "games": 2000},
    "bundles random, 2 players, 2000 games": {"game": "bundles", "players": 2, "games": 2000},
    "bundles random, 4 players, 2000 games": {"game": "bundles", "players": 4, "games": 2000},
    "bundles taker-easy, 300 games": {"game": "bundles", "games": 300, "ai": ["taker", "easy"]},
    "ohhell easy x4, 3 cards, 100 games": {
        "game": "ohhell",
        "games": 100,
        "ai": ["easy"] * 4,
        "settings": {"max_cards": "3"},
    },
}


def once() -> None:
    """Run every case once in this process; print each one's seconds and a digest of its figures."""
    from accessible_cards import game as registry
    from accessible_cards.simulate import simulate

    out: dict[str, list[Any]] = {}
    for name, case in CASES.items():
        began = time.perf_counter()
        figures = simulate(
            registry.get(case["game"]),
            players=case.get("players"),
            games=case["games"],
            seed=2026,
            settings=case.get("settings", {}),
            ai=case.get("ai"),
        )
        seconds = time.perf_counter() - began
        figures.pop("decision_ms", None)  # times, not figures
        digest = hashlib.sha256(json.dumps(figures, sort_keys=True).encode()).hexdigest()[:12]
        out[name] = [seconds, digest]
    print(json.dumps(out))


def run(checkout: Path) -> dict[str, list[Any]]:
    python = checkout / ".venv" / "bin" / "python"
    env = dict(os.environ, PYTHONPATH=str(checkout))
    done = subprocess.run(
        [str(python), str(Path(__file__).resolve()), "--once"],
        cwd=checkout,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", type=Path, help="another checkout, with its own .venv")
    parser.add_argument("--repeats", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--once", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.once:
        once()
        return
    sides = {"this": ROOT} | ({"other": args.against.resolve()} if args.against else {})
    times: dict[str, dict[str, list[float]]] = {side: {name: [] for name in CASES} for side in sides}
    digests: dict[str, dict[str, str]] = {side: {} for side in sides}
    for repeat in range(args.repeats):
        order = list(sides) if repeat % 2 == 0 else list(reversed(sides))
        for side in order:
            for name, (seconds, digest) in run(sides[side]).items():
                times[side][name].append(seconds)
                digests[side][name] = digest
    print(f"Command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"this: {ROOT}" + (f"; other: {sides['other']}" if args.against else ""))
    for name in CASES:
        line = f"{name:40} this {1000 * min(times['this'][name]):8.1f} ms"
        if args.against:
            ratios = [t / o for t, o in zip(times["this"][name], times["other"][name], strict=True)]
            same = "same figures" if digests["this"][name] == digests["other"][name] else "FIGURES DIFFER"
            best = min(times["this"][name]) / min(times["other"][name])
            line += (
                f", other {1000 * min(times['other'][name]):8.1f} ms; this / other: best {best:.3f}, median "
                f"{statistics.median(ratios):.3f} (rounds: {', '.join(f'{r:.2f}' for r in ratios)}); {same}"
            )
        print(line)


if __name__ == "__main__":
    main()
