"""Braille translation speed: one announcement after the first, and each table's first-use compile time.

The per-announcement figure translates real braille lines of a narrated War game (English and
German, every offered table) through :mod:`accessible_cards.braille.louis`, after a warm-up call,
and reports the median per line. The first-use figure runs fresh Python processes per table and
times the first ``to_unicode`` call there: loading liblouis, compiling the card table and the
language table, and one translation. It is what a player waits for once, when a table is first
used; importing the wrapper loads no table at all.
Run: ``.venv/bin/python benchmarks/braille_speed.py``.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from accessible_cards.braille import louis
from accessible_cards.games.war.narrator import WarNarrator
from accessible_cards.games.war.state import TURN, WarOptions, WarState

_FIRST_USE = """
import json, sys, time
start = time.perf_counter()
from accessible_cards.braille import louis
imported = time.perf_counter()
cells = louis.to_unicode(sys.argv[1], sys.argv[2], sys.argv[3])
first = time.perf_counter()
louis.to_unicode(sys.argv[1], sys.argv[2], sys.argv[3])
second = time.perf_counter()
print(json.dumps({"import": imported - start, "first": first - imported, "second": second - first}))
"""


def war_lines(lang: str) -> list[str]:
    """The braille lines of a seeded 2-player War game."""
    narrator = WarNarrator(lang, "normal", 2, you=0)
    state = WarState(2, WarOptions(max_rounds=40), seed=7)
    lines = []
    events = state.start()
    while True:
        view = state.view(0)
        lines += [said.braille for said in (narrator.event(e, view) for e in events) if said is not None]
        if state.result is not None:
            return lines
        events = state.apply(TURN)


def per_line(lang: str, grade: str, lines: list[str], rounds: int) -> float:
    """Median seconds per line, over ``rounds`` passes, after a warm-up pass."""
    for line in lines:
        louis.to_unicode(line, lang, grade)
    timings = []
    for _ in range(rounds):
        start = time.perf_counter()
        for line in lines:
            louis.to_unicode(line, lang, grade)
        timings.append((time.perf_counter() - start) / len(lines))
    return statistics.median(timings)


def first_use(lang: str, grade: str, text: str) -> dict[str, float]:
    """Times in a fresh process: importing the wrapper, the first translation (compiles), the second."""
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_USE, text, lang, grade], capture_output=True, text=True, check=True, cwd=root
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    """Print the figures and the command that produced them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20, help="passes over the lines (default 20)")
    parser.add_argument("--fresh", type=int, default=5, help="fresh processes per table (default 5)")
    args = parser.parse_args()
    if not louis.available():
        print(louis.unavailable_reason())
        sys.exit(1)
    print(f"# {' '.join(['.venv/bin/python', 'benchmarks/braille_speed.py', *sys.argv[1:]])}")
    print(f"# liblouis {louis.version()}, Python {platform.python_version()}, {platform.machine()}")
    print("table        lines  per announcement (median)  first use: compile+translate (median of fresh runs)")
    for lang, grades in louis.GRADES.items():
        lines = war_lines(lang)
        for grade in grades:
            each = per_line(lang, grade, lines, args.rounds)
            fresh = [first_use(lang, grade, lines[1]) for _ in range(args.fresh)]
            first = statistics.median(run["first"] for run in fresh)
            second = statistics.median(run["second"] for run in fresh)
            print(
                f"{grade:<12} {len(lines):>5}  {each * 1e3:8.3f} ms"
                f"{'':17}{first * 1e3:8.2f} ms (second call {second * 1e3:.3f} ms)"
            )
    imports = [first_use("en", "en-ueb-g1", "7H")["import"] for _ in range(args.fresh)]
    print(f"importing accessible_cards.braille.louis (no tables loaded): {statistics.median(imports) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
