"""The work Klondike's solver does a position: positions a second, and machine instructions a position.

The search with every move (``Solver.solve``) runs on four hard classic deals (cards back from the foundations,
as in ``benchmarks/klondike_vs_solvitaire.py``) for ``--positions`` positions each. Positions a second follow the
machine's load; machine instructions do not, so ``--instructions`` counts them with valgrind's cachegrind (when
installed): the same run with ``--positions`` and with one position, the difference divided by the positions
searched, so Python's start and the imports fall out. Changes that keep the search the same (the same positions
in the same order) are compared by that count.

Run: ``.venv/bin/python benchmarks/klondike_search_work.py --positions 60000`` (positions a second), or
``.venv/bin/python benchmarks/klondike_search_work.py --positions 5000 --instructions``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from klondike_vs_solvitaire import deal

from accessible_cards.games.klondike.solver import Solver

DEALS = ("20:1", "3:3", "25:3", "18:1")
"""Seed and draw: four deals none of whose searches ends within a few hundred thousand positions."""


def search(positions: int, deals: tuple[str, ...]) -> tuple[int, float]:
    """Positions searched in all, and the processor seconds they took."""
    total = 0
    seconds = 0.0
    for item in deals:
        seed, draw = (int(part) for part in item.split(":"))
        state = deal(seed, draw)
        solver = Solver(state.rules, positions, None)
        started = time.process_time()
        verdict = solver.solve(state)
        seconds += time.process_time() - started
        total += verdict.states
    return total, seconds


def instructions(positions: int, deals: tuple[str, ...]) -> int | None:
    """Machine instructions of this script searching ``positions`` a deal, by cachegrind; None without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    command = [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, __file__, "--positions", str(positions), "--deals", ",".join(deals)]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    return int(found.group(1).replace(",", "")) if found else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=60_000, help="positions searched in each deal")
    parser.add_argument("--deals", default=",".join(DEALS), help="seed:draw, comma separated")
    parser.add_argument("--instructions", action="store_true", help="count machine instructions (valgrind)")
    args = parser.parse_args()
    deals = tuple(args.deals.split(","))
    if args.instructions:
        many = instructions(args.positions, deals)
        one = instructions(1, deals)
        if many is None or one is None:
            print("valgrind is not installed: no instructions counted (apt-get install valgrind).")
            return 0
        searched = args.positions * len(deals)
        print(f"{(many - one) // searched:,} machine instructions a position ({searched:,} positions)")
        return 0
    positions, seconds = search(args.positions, deals)
    print(f"{positions:,} positions in {seconds:.2f} processor seconds: {positions / seconds:,.0f} a second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
