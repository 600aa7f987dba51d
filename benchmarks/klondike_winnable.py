"""Klondike's "winnable deals only": are the deals it gives as hard as winnable deals in general, and how fast?

Three samples of winnable deals, each searched by the same solver at the same budget of positions (every card
known; ``solve`` with the fast search first, as ``accessible-cards solve klondike`` does):

- *dealt*: the deals ``winnable_only`` deals for game seeds 1 .. ``--deals`` (a listed deal, renamed);
- *general*: winnable deals in general: the plain deals of seeds ``--general-seed``, +1, ... that the solver
  wins, a uniform sample of winnable deals (or, with ``--general-log``, the lines ``scripts/winnable_deals.py
  --log`` wrote for its own seeds 0, 1, 2, ...: the same kind of sample, already searched);
- *old*: the deals the former ``winnable_only`` dealt, the first deal that a best-first search of 10,000
  positions with pruning wins (the fallback for rules the list lacks still deals so).

For each: the moves of the solver's winning line (moves to win), the positions the search went through before
it found the win (dead ends it explored: a deal with more dead ends needs more search), and the share of deals
that the old 10,000-position search wins (an easy deal: the old selection has only those). And the time to
deal with ``winnable_only`` (the list) and the old search, median, p95 and the slowest.

Run: ``nice -n 19 .venv/bin/python benchmarks/klondike_winnable.py --deals 40`` (``--variant``, ``--set``,
``--budget``, ``--json``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.solver import WINNABLE, Solver, solve
from accessible_cards.games.klondike.state import WINNABLE_STATES, KlondikeState
from accessible_cards.stats import percentile


def _easy(state: KlondikeState) -> bool:
    """The old selection's test: a best-first search of 10,000 positions with pruning wins the deal."""
    return Solver(state.rules, WINNABLE_STATES, prune=True).solve_best_first(state).verdict == WINNABLE


def _searched(state: KlondikeState, budget: int) -> dict[str, Any]:
    verdict = solve(state, budget, first_pruned=True)
    return {
        "verdict": verdict.verdict,
        "states": verdict.states,
        "moves": len(verdict.line),
        "easy": _easy(state),
    }


def dealt(variant: str, settings: dict[str, Any], deals: int, budget: int) -> tuple[list[dict[str, Any]], list[float]]:
    options = options_for(variant, {**settings, "winnable_only": True})
    rows: list[dict[str, Any]] = []
    times: list[float] = []
    for game_seed in range(1, deals + 1):
        started = time.perf_counter()
        state = KlondikeState(variant, options, game_seed)
        event = state.start()[0]
        times.append(time.perf_counter() - started)
        if event.searched:  # type: ignore[attr-defined]
            raise SystemExit(f"the list lacks these rules ({variant} {settings}): nothing to compare")
        rows.append({"seed": game_seed, **_searched(state, budget)})
    return rows, times


def old(variant: str, settings: dict[str, Any], deals: int, budget: int) -> tuple[list[dict[str, Any]], list[float]]:
    options = options_for(variant, settings)
    rows: list[dict[str, Any]] = []
    times: list[float] = []
    for game_seed in range(1, deals + 1):
        started = time.perf_counter()
        state = KlondikeState(variant, options, game_seed)
        state.start()
        state._search_winnable()  # the former winnable_only, from the game's seed
        times.append(time.perf_counter() - started)
        rows.append({"seed": game_seed, **_searched(state, budget)})
    return rows, times


def general(variant: str, settings: dict[str, Any], deals: int, budget: int, first: int) -> list[dict[str, Any]]:
    options = options_for(variant, settings)
    rows: list[dict[str, Any]] = []
    seed = first
    while len(rows) < deals:
        state = KlondikeState(variant, options, seed)
        state.start()
        row = _searched(state, budget)
        if row["verdict"] == WINNABLE:
            rows.append({"seed": seed, **row})
        seed += 1
    return rows


def from_log(path: str, rule_set: str, budget: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with open(path, encoding="utf-8") as log:
        for line in log:
            row = json.loads(line)
            if row["rule_set"] == rule_set and row["verdict"] == WINNABLE:
                rows.append(row)
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    won = [r for r in rows if r["verdict"] == WINNABLE]
    moves = [float(r["moves"]) for r in won]
    states = [float(r["states"]) for r in won]
    out: dict[str, Any] = {
        "deals": len(rows),
        "won": len(won),
        "moves_mean": statistics.fmean(moves) if moves else 0.0,
        "moves_median": percentile(moves, 0.5),
        "states_median": percentile(states, 0.5),
        "states_mean": statistics.fmean(states) if states else 0.0,
        "states_p90": percentile(states, 0.9),
    }
    if all("easy" in r for r in rows):
        out["easy_share"] = sum(1 for r in rows if r["easy"]) / len(rows) if rows else 0.0
    return out


def timing(times: list[float]) -> dict[str, float]:
    return {"median_s": percentile(times, 0.5), "p95_s": percentile(times, 0.95), "max_s": max(times)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a rule option")
    parser.add_argument("--deals", type=int, default=40, help="deals in each sample")
    parser.add_argument("--budget", type=int, default=300_000, help="positions a deal for the solver")
    parser.add_argument("--general-seed", type=int, default=1_000_000, help="the first seed of the general sample")
    parser.add_argument("--general-log", help="take the general sample from scripts/winnable_deals.py's log")
    parser.add_argument("--rule-set", default="classic", help="with --general-log: the rule set's name there")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    settings: dict[str, Any] = {}
    for item in args.set:
        key, _, value = item.partition("=")
        settings[key] = int(value) if value.isdigit() else value
    out: dict[str, Any] = {"variant": args.variant, "settings": settings, "budget": args.budget}
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("dealt", lambda: dealt(args.variant, settings, args.deals, args.budget)),
        ("old", lambda: old(args.variant, settings, args.deals, args.budget)),
    ]
    for name, step in steps:
        started = time.process_time()
        rows, times = step()
        out[name] = {**summary(rows), **timing(times), "cpu_s": time.process_time() - started}
    started = time.process_time()
    if args.general_log:
        rows = from_log(args.general_log, args.rule_set, args.budget)
        for row in rows:  # the log has no "easy": search each again with the old 10,000 positions
            state = KlondikeState(args.variant, options_for(args.variant, settings), int(row["seed"]))
            state.start()
            row["easy"] = _easy(state)
        source = f"log {args.general_log}"
    else:
        rows = general(args.variant, settings, args.deals, args.budget, args.general_seed)
        source = f"seeds from {args.general_seed}"
    out["general"] = {**summary(rows), "source": source, "cpu_s": time.process_time() - started}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for name in ("dealt", "general", "old"):
        s = out[name]
        line = (
            f"{name}: {s['won']} of {s['deals']} won; moves to win mean {s['moves_mean']:.1f}, median "
            f"{s['moves_median']:.0f}; positions searched median {s['states_median']:.0f}, mean "
            f"{s['states_mean']:.0f}, p90 {s['states_p90']:.0f}; won by the old 10,000-position search "
            f"{100 * s.get('easy_share', 0):.0f}%"
        )
        if "p95_s" in s:
            line += f"; time to deal median {s['median_s']:.4f} s, p95 {s['p95_s']:.4f} s, max {s['max_s']:.4f} s"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
