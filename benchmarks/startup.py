"""How quickly the program starts: ``--help``, ``play --help`` and the first menu line in a pseudo-terminal.

Each command is started ``--runs`` times as a fresh process (``python -m accessible_cards``); the
wall time from start to exit (for the help) or to the main menu's first line is reported as median and
95th percentile. Run: ``.venv/bin/python benchmarks/startup.py``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from terminal_latency import start_times


def help_times(args: list[str], runs: int) -> list[float]:
    """Seconds from start to exit of ``accessible-cards ARGS`` (a help page, printed to nowhere)."""
    times: list[float] = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "accessible_cards", *args], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - began)
    return times


def menu_times(runs: int) -> list[float]:
    """Seconds from start to the main menu's first line, in a pseudo-terminal, speech off."""
    return start_times(runs, ["--speech", "off"])


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * 0.95 + 0.5) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20, help="starts of each command to time (default 20)")
    parser.add_argument("--no-menu", action="store_true", help="leave out the pseudo-terminal's first menu line")
    args = parser.parse_args()
    rows = [
        ("accessible-cards --help", help_times(["--help"], args.runs)),
        ("accessible-cards play --help", help_times(["play", "--help"], args.runs)),
    ]
    if not args.no_menu:
        rows.append(("first menu line (pty)", menu_times(args.runs)))
    print(f"{'start':<30} {'median':>9} {'p95':>9}   ({args.runs} runs each)")
    for name, times in rows:
        print(f"{name:<30} {statistics.median(times) * 1000:>6.0f} ms {p95(times) * 1000:>6.0f} ms")


if __name__ == "__main__":
    main()
