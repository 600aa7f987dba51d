"""Klondike's solver on seeded deals: the shares winnable, not winnable and undecided, and the time per deal;
and the hint's time.

Each configuration deals seeds ``--seed``, ``--seed + 1``, ... and searches each deal with every card known,
within ``--states`` positions and ``--seconds`` seconds. The share winnable comes with its 95% Wilson
interval, to compare with Solvitaire's 81.956% +/- 0.096% for classic turn three (Blake & Gent, 2019; its
preset lets cards come back from the foundations, so the classic runs here set ``from_foundation=true``).
The hint is timed on positions from random play, from the player's view alone.

Solvitaire itself: when it is built (``$SOLVITAIRE``, or where ``scripts/build_solvitaire.sh`` puts it), the
run ends with the classic configurations beside it, deal by deal, ``--beside-deals`` deals at
``--beside-seconds`` a deal (``benchmarks/klondike_vs_solvitaire.py``, which also takes several budgets);
when it is not, one sentence says so and the run is otherwise the same. ``--solvitaire PATH`` runs only that
comparison, with Solvitaire at PATH, at ``--seconds`` a deal; ``--solvitaire none`` leaves it out.

Run: ``.venv/bin/python benchmarks/klondike_solver.py --deals 1000`` (``--only NAME`` for one
configuration, ``--jobs N`` processes, ``--json`` for the figures as JSON).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from accessible_cards.games.klondike.actions import GiveUp, Move, Undo
from accessible_cards.games.klondike.hint import hint
from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.solver import solve
from accessible_cards.games.klondike.state import KlondikeState
from accessible_cards.stats import percentile, wilson

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "classic-turn-three": ("classic", {"draw": 3, "from_foundation": True}),
    "classic-turn-one": ("classic", {"draw": 1, "from_foundation": True}),
    "braillespiel": ("braillespiel", {}),
}


def _one(job: tuple[str, dict[str, Any], int, int, float | None, bool]) -> dict[str, Any]:
    variant, options, seed, states, seconds, prune = job
    state = KlondikeState(variant, options_for(variant, options), seed)
    state.start()
    verdict = solve(state, states, seconds, first_pruned=prune)
    return {"seed": seed, "verdict": verdict.verdict, "seconds": verdict.seconds, "states": verdict.states}


def run_config(
    name: str, deals: int, seed: int, states: int, seconds: float | None, jobs: int, prune: bool, log: str | None
) -> dict[str, Any]:
    variant, options = CONFIGS[name]
    work = [(variant, options, seed + n, states, seconds, prune) for n in range(deals)]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    out = open(log, "a", encoding="utf-8") if log else None  # noqa: SIM115 - one line per deal as it ends
    try:
        with multiprocessing.Pool(jobs) if jobs > 1 else _Serial() as pool:
            for result in pool.imap(_one, work):
                results.append(result)
                if out is not None:
                    out.write(json.dumps({"config": name, **result}) + "\n")
                    out.flush()
    finally:
        if out is not None:
            out.close()
    counts = {v: sum(1 for r in results if r["verdict"] == v) for v in ("winnable", "not_winnable", "undecided")}
    times = [r["seconds"] for r in results]
    low, high = wilson(counts["winnable"], deals)
    return {
        "name": name,
        "variant": variant,
        "options": options,
        "deals": deals,
        "counts": counts,
        "winnable": counts["winnable"] / deals,
        "winnable_95": [low, high],
        "median_s": percentile(times, 0.5),
        "p95_s": percentile(times, 0.95),
        "wall_s": time.perf_counter() - started,
    }


class _Serial:
    """``multiprocessing.Pool``'s ``imap`` in this process (``--jobs 1``)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, function: Any, work: list[Any]) -> Any:
        return map(function, work)


def hint_times(positions: int, seed: int) -> dict[str, float]:
    """The hint's time on positions met in random play of classic and braillespiel games."""
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < positions:
        variant = rng.choice(["classic", "braillespiel"])
        state = KlondikeState(variant, options_for(variant, {}), rng.getrandbits(32))
        state.start()
        for _ in range(rng.randrange(0, 40)):
            legal = [a for a in state.legal_actions() if not isinstance(a, (GiveUp, Undo))]
            if state.result is not None or not legal:
                break
            moves = [a for a in legal if isinstance(a, Move)]
            state.apply(rng.choice(moves or legal))
        if state.result is not None:
            continue
        start = time.perf_counter()
        hint(state.view(0))
        times.append(time.perf_counter() - start)
    return {"positions": positions, "median_s": percentile(times, 0.5), "p95_s": percentile(times, 0.95)}


def winnable_deals(count: int) -> dict[str, dict[str, float]]:
    """``winnable_only``: the share of deals skipped and the time to deal, for seeds 0 .. count - 1 (with the
    shipped list nothing is skipped; ``benchmarks/klondike_winnable.py`` compares the deals themselves)."""
    figures = {}
    for variant in ("classic", "braillespiel"):
        skipped = 0
        times: list[float] = []
        for seed in range(count):
            start = time.perf_counter()
            state = KlondikeState(variant, options_for(variant, {"winnable_only": True}), seed)
            state.start()
            times.append(time.perf_counter() - start)
            skipped += state.skipped
        figures[variant] = {
            "deals": count,
            "skipped": skipped,
            "skipped_share": skipped / (skipped + count),
            "median_s": percentile(times, 0.5),
            "max_s": max(times),
        }
    return figures


SOLVITAIRE = Path("~/.cache/accessible-cards/solvitaire/solvitaire").expanduser()
"""Where ``scripts/build_solvitaire.sh`` puts Solvitaire."""


def beside_solvitaire(path: str, only: list[str] | None, deals: int, seed: int, seconds: float) -> int:
    """The classic configurations beside Solvitaire, deal by deal, at ``seconds`` a deal."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import klondike_vs_solvitaire as vs

    if not vs.present(Path(path).expanduser()):
        return 0
    names = [n for n in (only or list(CONFIGS)) if CONFIGS[n][0] == "classic"]
    arguments = ["--solvitaire", path, "--budgets", str(seconds), "--deals", str(deals), "--seed", str(seed)]
    for name in names:
        sys.argv = [vs.__file__, *arguments, "--draw", str(CONFIGS[name][1]["draw"])]
        vs.main()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--states", type=int, default=120_000, help="positions per deal")
    parser.add_argument("--seconds", type=float, default=None, help="seconds per deal")
    parser.add_argument(
        "--sound-only", action="store_true", help="search with every move from the start (no pruned first searches)"
    )
    parser.add_argument("--only", action="append", choices=sorted(CONFIGS), default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--hints", type=int, default=200, help="positions to time the hint on (0: none)")
    parser.add_argument("--winnable", type=int, default=0, help="time winnable_only on this many seeds (0: not)")
    parser.add_argument("--log", default=None, help="append each deal's verdict to this file as a JSON line")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--solvitaire", default=None, help="compare only with the Solvitaire program at this path ('none': never)"
    )
    parser.add_argument("--beside-deals", type=int, default=30, help="deals for the comparison that ends a run")
    parser.add_argument("--beside-seconds", type=float, default=10.0, help="seconds a deal in that comparison")
    args = parser.parse_args()
    if args.solvitaire not in (None, "none"):
        return beside_solvitaire(args.solvitaire, args.only, args.deals, args.seed, args.seconds or 10.0)
    figures: dict[str, Any] = {"configs": []}
    for name in (args.only or list(CONFIGS)) if args.deals > 0 else []:
        result = run_config(
            name, args.deals, args.seed, args.states, args.seconds, args.jobs, not args.sound_only, args.log
        )
        figures["configs"].append(result)
        if not args.json:
            c = result["counts"]
            print(
                f"{name}: {args.deals} deals, winnable {c['winnable']} ({100 * result['winnable']:.1f}%, 95% "
                f"{100 * result['winnable_95'][0]:.1f}-{100 * result['winnable_95'][1]:.1f}%), not winnable "
                f"{c['not_winnable']}, undecided {c['undecided']} ({100 * c['undecided'] / args.deals:.1f}%); "
                f"median {result['median_s']:.3f} s, p95 {result['p95_s']:.3f} s per deal; "
                f"{result['wall_s']:.0f} s in all",
                flush=True,
            )
    if args.hints:
        figures["hint"] = hint_times(args.hints, args.seed)
        if not args.json:
            h = figures["hint"]
            print(f"hint: {args.hints} positions, median {h['median_s'] * 1000:.0f} ms, p95 {h['p95_s'] * 1000:.0f} ms")
    if args.winnable:
        figures["winnable_only"] = winnable_deals(args.winnable)
        if not args.json:
            for variant, w in figures["winnable_only"].items():
                print(
                    f"winnable only, {variant}: {w['deals']} deals dealt, {w['skipped']} skipped "
                    f"({100 * w['skipped_share']:.0f}% of those tried); median {w['median_s']:.2f} s, "
                    f"at most {w['max_s']:.2f} s to deal"
                )
    if args.json:
        print(json.dumps(figures))
    elif args.solvitaire is None and args.beside_deals > 0:
        beside_solvitaire(
            os.environ.get("SOLVITAIRE") or str(SOLVITAIRE),
            args.only,
            args.beside_deals,
            args.seed,
            args.beside_seconds,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
