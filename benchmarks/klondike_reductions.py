"""Two reductions Klondike's solver leaves out, counted in its own searches: what would they have saved?

- *Renamed twins*: positions that differ by a suit renaming that keeps colours are won or lost together
  (``winnable.py`` argues why), so one key for the eight renamings of a position would let the search skip
  them. Each new position's seven renamed twins are looked up among the positions already searched.
- *The proof of a loss in every position*: ``Solver._doomed``, which the search runs once before it starts, run
  on every position searched; each position it proves lost is a subtree the search would not have to enter.

The search runs as it does (every move; the classic deals of ``benchmarks/klondike_vs_solvitaire.py``, cards
may come back from the foundations), and the time with the proof in every position is given beside the time
without.

Run: ``.venv/bin/python benchmarks/klondike_reductions.py --states 150000 3:3 20:3 18:1 3:1`` (seed:draw).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from klondike_vs_solvitaire import deal

from accessible_cards.games.klondike.solver import HIDDEN, Solver
from accessible_cards.games.klondike.winnable import RENAMINGS, rename


def tables() -> list[bytes]:
    """For each renaming but the first (none), a ``bytes.translate`` table of the search's card bytes."""
    made = []
    for renaming in RENAMINGS[1:]:
        table = bytearray(range(256))
        for card in range(52):
            table[card] = rename(card, renaming)
            table[card + HIDDEN] = rename(card, renaming) + HIDDEN
        made.append(bytes(table))
    return made


def doomed(seed: int, draw: int, states: int) -> dict[str, Any]:
    """The positions of the search that ``_doomed`` proves lost, and the search's time with and without it."""
    state = deal(seed, draw)
    started = time.perf_counter()
    Solver(state.rules, states, None, False).solve(state)
    plain = time.perf_counter() - started
    solver = Solver(state.rules, states, None, False)
    generate = solver._moves
    proven = 0

    def moves(node: Any) -> Any:
        nonlocal proven
        if solver._doomed(node):
            proven += 1
        return generate(node)

    solver._moves = moves  # type: ignore[method-assign]
    started = time.perf_counter()
    solver.solve(state)
    return {"doomed": proven, "plain_s": plain, "checked_s": time.perf_counter() - started}


def count(seed: int, draw: int, states: int) -> dict[str, Any]:
    state = deal(seed, draw)
    solver = Solver(state.rules, states, None, False)
    plain_key = solver._key
    renamings = tables()
    seen: set[Any] = set()
    twins = 0

    def key(node: Any) -> Any:
        nonlocal twins
        own = plain_key(node)
        if own not in seen:
            seen.add(own)
            cols, downs, pile, pos, found, pass_number = node
            for table in renamings:
                twin = (
                    tuple(col.translate(table) for col in cols),
                    downs,
                    pile.translate(table),
                    pos,
                    found,
                    pass_number,
                )
                other = plain_key(twin)
                if other != own and other in seen:
                    twins += 1
                    break
        return own

    solver._key = key  # type: ignore[method-assign]
    verdict = solver.solve(state)
    return {"seed": seed, "draw": draw, "verdict": verdict.verdict, "positions": verdict.states, "twins": twins}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--states", type=int, default=150_000, help="positions per deal")
    parser.add_argument("deals", nargs="+", help="seed:draw")
    args = parser.parse_args()
    for item in args.deals:
        seed, draw = (int(part) for part in item.split(":"))
        row = count(seed, draw, args.states)
        proof = doomed(seed, draw, args.states)
        print(
            f"seed {row['seed']}, draw {row['draw']}: {row['verdict']} after {row['positions']} positions; "
            f"renamed twins met: {row['twins']}; proven lost by the check: {proof['doomed']}, "
            f"search {proof['plain_s']:.1f} s, with the check in every position {proof['checked_s']:.1f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
