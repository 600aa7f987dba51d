"""Key to spoken under tdsr, a real console screen reader: for each kind of key, how long until tdsr speaks.

The program runs under tdsr in a pseudo-terminal; tdsr's speech goes to a
stand-in that writes each line it gets with the moment it came (the same
monotonic clock as this process). For each press, the figure is the time from
sending the key to the first thing tdsr sends to be spoken, and the check is
that what it spoke is the answer: the card's number for Left and Right (the
character under the cursor), the menu item for Up and Down (the cursor's row),
the new text for the others. tdsr waits 20 ms after an arrow key on purpose,
so arrows can never be quicker than that.

Rounds, in a Stealing Bundles game: 1 and 2 (digits, select a card), T (a
letter, the table), Right and Left (the hand), Escape (the game menu opens),
Down and Up (its items), Enter (back to the game).

Run: ``.venv/bin/python benchmarks/screen_reader_latency.py [--rounds 30]``
(tdsr from ``../shared/tools/tdsr`` or ``ACCESSIBLE_CARDS_TDSR``).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from tdsr_support import TDSR_KEYS, Listener, tdsr_home

ROUND = [
    ("digit", "1", re.compile(r"^s1: ")),
    ("digit", "2", re.compile(r"^s2: ")),
    ("letter", "t", re.compile(r"^sOn the table: ")),
    ("Right", "right", re.compile(r"^l3$")),
    ("Left", "left", re.compile(r"^l2$")),
    ("Escape", "escape", re.compile(r"^sGame menu\. ")),
    ("Down", "down", re.compile(r"^s2 of 5: ")),
    ("Up", "up", re.compile(r"^s1 of 5: ")),
    ("Enter", "enter", re.compile(r"^sBack in the game\.")),
]
KINDS = ["digit", "letter", "Enter", "Escape", "Up", "Down", "Left", "Right"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(rounds: int) -> tuple[dict[str, list[float]], dict[str, int]]:
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    wrong: dict[str, int] = dict.fromkeys(KINDS, 0)
    with tempfile.TemporaryDirectory() as folder:
        listener = Listener(
            ["play", "bundles", "--humans", "1", "--seed", "7", "--lang", "en", "--speech", "screen-reader"],
            Path(folder),
            cursor_delay=None,  # tdsr's own 20 ms
        )
        listener.child.delaybeforesend = None  # pexpect waits 50 ms before each send unless told not to
        try:
            listener.heard(until="Your turn")
            for _round in range(rounds):
                for kind, key, expected in ROUND:
                    listener.heard(quiet=0.08, seconds=0.4, some=False)
                    sent = time.monotonic()
                    listener.child.send(TDSR_KEYS.get(key, key))
                    first: tuple[float, str] | None = None
                    end = sent + 3.0
                    while first is None and time.monotonic() < end:
                        listener._drain()
                        for moment, line in listener.entries()[listener.seen :]:
                            if moment >= sent and line != "x" and line.strip() not in ("s", ""):
                                first = (moment, line)
                                break
                        time.sleep(0.002)
                    listener.heard(quiet=0.08, seconds=0.6)
                    if first is None:
                        wrong[kind] += 1
                        continue
                    times[kind].append(first[0] - sent)
                    if not expected.search(first[1]):
                        wrong[kind] += 1
        finally:
            listener.close()
    return times, wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    if tdsr_home() is None:
        print("tdsr is not here: ../shared/tools/tdsr, or set ACCESSIBLE_CARDS_TDSR")
        return 1
    times, wrong = measure(args.rounds)
    print(f"key to spoken under tdsr, {args.rounds} rounds (tdsr waits 20 ms after an arrow before it reads):")
    for kind in KINDS:
        values = times[kind]
        if not values:
            print(f"  {kind:7} nothing spoken")
            continue
        median = statistics.median(values) * 1000
        p95 = percentile(values, 0.95) * 1000
        print(
            f"  {kind:7} median {median:5.1f} ms, 95th percentile {p95:5.1f} ms,"
            f" {len(values)} presses, {wrong[kind]} not the answer"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
