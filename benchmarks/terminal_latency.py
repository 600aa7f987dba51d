"""How quickly the program answers a person, measured in a real pseudo-terminal.

Two figures: the time from start to the first menu line, and the time from a
key press to its announcement line (review keys and Enter in a War game).
Run: ``.venv/bin/python benchmarks/terminal_latency.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence

import pexpect


def spawn(args: list[str], config: str) -> pexpect.spawn:
    env = dict(os.environ, ACCESSIBLE_CARDS_CONFIG_DIR=config, TERM="xterm-256color")
    child = pexpect.spawn(
        sys.executable, ["-m", "accessible_cards", *args], env=env, dimensions=(40, 300), encoding="utf-8"
    )
    child.delaybeforesend = None  # pexpect waits 50 ms before each send unless told not to
    return child


def start_times(runs: int, args: Sequence[str] = ()) -> list[float]:
    """Seconds from start (with ``args``) to the main menu's first line."""
    times: list[float] = []
    with tempfile.TemporaryDirectory() as config:
        with open(os.path.join(config, "settings.toml"), "w", encoding="utf-8") as file:
            file.write('language = "en"\n')
        for _ in range(runs):
            began = time.perf_counter()
            child = spawn(list(args), config)
            child.expect("Main menu", timeout=20)
            times.append(time.perf_counter() - began)
            child.terminate(force=True)
    return times


def key_times(presses: int) -> list[float]:
    """Seconds from a key press to the end of its announcement line."""
    times: list[float] = []
    with tempfile.TemporaryDirectory() as config:
        child = spawn(["play", "war", "--seed", "5", "--lang", "en"], config)
        child.expect("Press Enter to turn up", timeout=20)
        time.sleep(0.3)
        answers = {"h": r"in your pile\.\r\n", "t": r"\.\r\n", "s": r"Cards held: .*\r\n", "\r": r"\.\r\n"}
        keys = list(answers)
        for index in range(presses):
            key = keys[index % len(keys)]
            child.expect(pexpect.TIMEOUT, timeout=0.05)  # drain what came before
            began = time.perf_counter()
            child.send(key)
            child.expect(answers[key], timeout=10)
            times.append(time.perf_counter() - began)
        child.terminate(force=True)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--starts", type=int, default=5, help="program starts to time (default 5)")
    parser.add_argument("--presses", type=int, default=200, help="key presses to time (default 200)")
    args = parser.parse_args()
    starts = start_times(args.starts)
    keys = key_times(args.presses)
    print(
        f"start to first menu line: median {statistics.median(starts) * 1000:.0f} ms, max {max(starts) * 1000:.0f} ms"
    )
    ordered = sorted(keys)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    print(
        f"key press to announcement: median {statistics.median(keys) * 1000:.1f} ms, "
        f"95th percentile {p95 * 1000:.1f} ms, over {len(keys)} presses"
    )


if __name__ == "__main__":
    main()
