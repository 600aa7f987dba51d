"""How many positions Klondike's solver searches to decide a deal, with its shortcuts and without, beside Solvitaire.

The shortcuts counted (each proven in ``solver.py``'s docstring): a part of a run moves onto another column's
card only to send the card it uncovers to its foundation; turning one card, a card of the stock goes up by
itself when rule 1 allows it; and rule 1's second form. The search "without" them is the same search with the
three switched off. Solvitaire (when built:
``scripts/build_solvitaire.sh``) plays the same deal by its preset ``klondike`` (draw 3) or ``klondike-deal-1``
(draw 1), whose part-run rule is the first shortcut; its positions are the size of its cache at the end, the
count that matches this solver's positions searched.

The deals are the classic deals of ``benchmarks/klondike_vs_solvitaire.py`` (cards may come back from the
foundations). Each search is one process, one after the other, with no position limit and ``--seconds`` each.

Run: ``.venv/bin/python benchmarks/klondike_positions.py --seconds 60 18:1 20:1 45:1 3:3 3:1`` (seed:draw).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from klondike_vs_solvitaire import DEFAULT_PATH, VERDICTS, deal, solvitaire_deal

from accessible_cards.games.klondike.solver import UNDECIDED, Solver

PRESETS = {3: "klondike", 1: "klondike-deal-1"}


def ours(seed: int, draw: int, seconds: float, shortcuts: bool) -> dict[str, Any]:
    """The search with every move (and the shortcuts, or not) on one deal: verdict, positions, seconds."""
    state = deal(seed, draw)
    solver = Solver(state.rules, None, seconds)
    if not shortcuts:
        solver.swaps = False
        solver.talon_settles = False
        solver.drop_second_form()
    started = time.perf_counter()
    verdict = solver.solve(state)
    return {"verdict": verdict.verdict, "positions": verdict.states, "seconds": time.perf_counter() - started}


def solvitaire(path: Path, seed: int, draw: int, seconds: float) -> dict[str, Any]:
    """Solvitaire's verdict, the size of its cache at the end and its own time, on the same deal."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as out:
        json.dump(solvitaire_deal(deal(seed, draw)), out)
    command = [str(path), "--type", PRESETS[draw], "--classify", "--timeout", str(int(seconds * 1000)), out.name]
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 30, check=False)
    finally:
        os.unlink(out.name)
    fields = [field.strip() for field in run.stdout.strip().splitlines()[-1].split(",")]
    # ", result, time (ms), states, unique states, backtracks, dominance moves, removed, cache size, ..."
    return {
        "verdict": VERDICTS.get(fields[1], UNDECIDED),
        "positions": int(fields[8]),
        "seconds": int(fields[2]) / 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=60.0, help="the budget of each search")
    parser.add_argument("--solvitaire", default=os.environ.get("SOLVITAIRE") or str(DEFAULT_PATH))
    parser.add_argument("deals", nargs="+", help="seed:draw")
    args = parser.parse_args()
    path = Path(args.solvitaire).expanduser()
    built = path.is_file() and os.access(path, os.X_OK)
    if not built:
        print(f"Solvitaire is not at {path}: only this solver is measured; scripts/build_solvitaire.sh builds it.")
    print("| deal | with the shortcuts | without them | Solvitaire's preset |")
    print("|---|---|---|---|")
    for item in args.deals:
        seed, draw = (int(part) for part in item.split(":"))
        cells = [ours(seed, draw, args.seconds, True), ours(seed, draw, args.seconds, False)]
        cells.append(solvitaire(path, seed, draw, args.seconds) if built else {})
        text = [
            f"{c['verdict']}, {c['positions']:,} positions, {c['seconds']:.1f} s" if c else "not built" for c in cells
        ]
        print(f"| seed {seed}, draw {draw} | " + " | ".join(text) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
