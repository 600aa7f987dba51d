"""What the winnable list misses when cards may come back from the foundations.

With ``from_foundation=true`` and no list of its own, ``winnable_only`` deals from the list of the same rules
without it (``games/klondike/winnable.py``): every deal in it is winnable with cards back too, as those rules
only add moves. What it lacks are the deals winnable only with a card brought back. This benchmark solves
again, with cards allowed back, every deal of the list's classic entries that the list does not hold (the deals
proven lost without cards back, and the ones left undecided) and counts the ones now won.

Run: ``nice -n 19 .venv/bin/python benchmarks/klondike_cards_back.py --states 300000``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from importlib import resources
from typing import Any

from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.solver import solve
from accessible_cards.games.klondike.state import KlondikeState
from accessible_cards.games.klondike.winnable import FILE

NAMES = ("classic", "classic-turn-one")


def entries() -> list[dict[str, Any]]:
    text = resources.files("accessible_cards.games.klondike").joinpath(FILE).read_text(encoding="utf-8")
    sets = json.loads(text)["rule_sets"]
    return [entry for entry in sets.values() if entry["name"] in NAMES]


def measure(entry: dict[str, Any], states: int) -> str:
    listed, open_ = set(entry["winnable"]), set(entry["undecided"])
    lost = [seed for seed in range(entry["tried"]) if seed not in listed and seed not in open_]
    options = options_for(entry["preset"], {**entry["settings"], "from_foundation": True})
    counts: dict[str, dict[str, list[int]]] = {"lost": {}, "undecided": {}}
    started = time.process_time()
    for kind, seeds in (("lost", lost), ("undecided", sorted(open_))):
        for seed in seeds:
            state = KlondikeState(entry["preset"], options, seed)
            state.start()
            verdict = solve(state, states, None, first_pruned=True).verdict
            counts[kind].setdefault(verdict, []).append(seed)
    cpu = time.process_time() - started
    parts = []
    for kind, verdicts in counts.items():
        said = ", ".join(
            f"{verdict} {len(seeds)} {seeds if verdict == 'winnable' else ''}".strip()
            for verdict, seeds in sorted(verdicts.items())
        )
        parts.append(f"{sum(len(s) for s in verdicts.values())} {kind} without cards back: {said or 'none'}")
    return (
        f"{entry['name']}, {entry['tried']} deals, with cards back at {states} positions: "
        + "; ".join(parts)
        + f"; {cpu:.0f} s of CPU"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--states", type=int, default=300_000, help="positions a deal (default 300,000)")
    parser.add_argument("--only", choices=NAMES, help="this entry only")
    args = parser.parse_args(argv)
    for entry in entries():
        if args.only and entry["name"] != args.only:
            continue
        print(measure(entry, args.states), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
