"""Klondike's solver beside Solvitaire, deal by deal: the same deals, the same wall-clock budget per deal.

Classic rules, draw 3 or draw 1, passes without limit, cards may come back from the foundations
(``from_foundation=true``). Each seed is dealt as the game deals it and handed to Solvitaire as a deal file
(:func:`solvitaire_deal`); Solvitaire plays it by its preset ``klondike-arbitrary-built-moves`` (draw 3) or
``klondike-deal-1-arbitrary-built-moves`` (draw 1): the same rules, any face-up run may move (its plain
``klondike`` presets move part of a run only when the card it uncovers can then be played; ``--preset``
picks one). The two run one after the other on each deal, never side by side, so both meet the same load.

Solvitaire is not part of the project: ``scripts/build_solvitaire.sh`` builds it from its public source.
Without it this prints one sentence saying so and compares nothing.

Run: ``.venv/bin/python benchmarks/klondike_vs_solvitaire.py --solvitaire PATH --draw 3 --budgets 1,5,10
--deals 60,60,30`` (or the path in ``SOLVITAIRE``; ``--log FILE`` for each deal as a JSON line,
``--json`` for the figures as JSON). ``--table docs/performance.md`` writes each result as a row of the table
between the file's ``<!-- solvitaire-table -->`` and ``<!-- /solvitaire-table -->`` lines, in place of the row of
the same preset, draw and budget (so a draw 3 run and a draw 1 run fill one table).
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

from accessible_cards.games.klondike.rules import options_for, rank, suit
from accessible_cards.games.klondike.solver import NOT_WINNABLE, UNDECIDED, WINNABLE, solve
from accessible_cards.games.klondike.state import KlondikeState
from accessible_cards.stats import percentile

DEFAULT_PATH = Path("~/.cache/accessible-cards/solvitaire/solvitaire").expanduser()
PRESETS = {3: "klondike-arbitrary-built-moves", 1: "klondike-deal-1-arbitrary-built-moves"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"  # the order of ``rules.suit``: 0 spades, 1 hearts, 2 diamonds, 3 clubs
VERDICTS = {"solved": WINNABLE, "unsolvable": NOT_WINNABLE}
"""Solvitaire's words for a verdict; the others ("timed-out", "memory-limit-reached") leave a deal undecided."""


def deal(seed: int, draw: int) -> KlondikeState:
    """The classic deal of ``seed`` as a game deals it, started."""
    state = KlondikeState("classic", options_for("classic", {"draw": draw, "from_foundation": True}), seed)
    state.start()
    return state


def card_name(card: int, face_down: bool = False) -> str:
    """Solvitaire's name of ``card``: rank then suit, ``10`` for ten; a lower-case suit is face down."""
    letter = SUITS[suit(card)]
    return RANKS[rank(card) - 1] + (letter.lower() if face_down else letter)


def solvitaire_deal(state: KlondikeState) -> dict[str, Any]:
    """``state``'s deal as a Solvitaire deal file: each pile bottom first (a face-down card's suit in lower
    case); the stock bottom first too, its last card the first drawn, as in ``state.stock``."""
    piles = [
        [card_name(card, row < state.down[column]) for row, card in enumerate(cards)]
        for column, cards in enumerate(state.columns)
    ]
    return {"tableau piles": piles, "stock": [card_name(card) for card in state.stock]}


def ours(state: KlondikeState, budget: float) -> tuple[str, float]:
    """The project's solver on ``state`` within ``budget`` seconds (no position limit): verdict, seconds."""
    start = time.perf_counter()
    verdict = solve(state, None, budget, first_pruned=True)
    return verdict.verdict, time.perf_counter() - start


def solvitaire(path: str, preset: str, state: KlondikeState, budget: float) -> tuple[str, float, str]:
    """Solvitaire on ``state`` within ``budget`` seconds: verdict, seconds (the whole process), its word."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as out:
        json.dump(solvitaire_deal(state), out)
    command = [path, "--type", preset, "--classify", "--timeout", str(int(budget * 1000)), out.name]
    start = time.perf_counter()
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=budget + 30, check=False)
        word = run.stdout.strip().splitlines()[-1].rsplit(",", 1)[-1].strip() if run.stdout.strip() else "no-output"
    except subprocess.TimeoutExpired:
        word = "killed"
    finally:
        seconds = time.perf_counter() - start
        os.unlink(out.name)
    return VERDICTS.get(word, UNDECIDED), seconds, word


def compare(path: str, preset: str, draw: int, budget: float, deals: int, seed: int, log: Any | None) -> dict[str, Any]:
    """Both solvers on seeds ``seed`` .. ``seed + deals - 1`` at ``budget`` seconds each, alternately."""
    rows: list[dict[str, Any]] = []
    for n in range(deals):
        state = deal(seed + n, draw)
        our_verdict, our_s = ours(state, budget)
        their_verdict, their_s, word = solvitaire(path, preset, state, budget)
        row: dict[str, Any] = {
            "draw": draw,
            "budget_s": budget,
            "seed": seed + n,
            "ours": our_verdict,
            "ours_s": round(our_s, 4),
            "solvitaire": their_verdict,
            "solvitaire_s": round(their_s, 4),
            "solvitaire_word": word,
        }
        rows.append(row)
        if log is not None:
            log.write(json.dumps(row) + "\n")
            log.flush()
    decided = (WINNABLE, NOT_WINNABLE)
    both = [r for r in rows if r["ours"] in decided and r["solvitaire"] in decided]
    contradictions = [r["seed"] for r in both if r["ours"] != r["solvitaire"]]
    counts = {
        who: {v: sum(1 for r in rows if r[who] == v) for v in (WINNABLE, NOT_WINNABLE, UNDECIDED)}
        for who in ("ours", "solvitaire")
    }
    ours_median = percentile([r["ours_s"] for r in both], 0.5) if both else None
    their_median = percentile([r["solvitaire_s"] for r in both], 0.5) if both else None
    return {
        "draw": draw,
        "budget_s": budget,
        "deals": deals,
        "seed": seed,
        "preset": preset,
        "counts": counts,
        "contradictions": contradictions,
        "both_decided": len(both),
        "ours_median_s": ours_median,
        "solvitaire_median_s": their_median,
        "ratio": ours_median / their_median if ours_median is not None and their_median else None,
    }


def _line(result: dict[str, Any]) -> str:
    def wlu(counts: dict[str, int]) -> str:
        return f"{counts[WINNABLE]}/{counts[NOT_WINNABLE]}/{counts[UNDECIDED]}"

    medians = (
        f"median {result['ours_median_s']:.3f} s vs {result['solvitaire_median_s']:.3f} s (ratio {result['ratio']:.1f})"
        if result["ours_median_s"] is not None and result["ratio"] is not None
        else "no deal decided by both"
    )
    return (
        f"draw {result['draw']}, {result['budget_s']:g} s, {result['deals']} deals: ours W/L/U "
        f"{wlu(result['counts']['ours'])}, Solvitaire {wlu(result['counts']['solvitaire'])}; "
        f"contradictions {len(result['contradictions'])} {result['contradictions'] or ''}; "
        f"{result['both_decided']} decided by both, {medians}"
    )


TABLE_START = "<!-- solvitaire-table -->"
TABLE_END = "<!-- /solvitaire-table -->"
TABLE_HEAD = (
    "| Solvitaire's preset | draw | budget a deal | deals | ours W/L/U (undecided) | Solvitaire W/L/U (undecided) "
    "| contradictions | decided by both | median, ours / Solvitaire |",
    "|---|---|---|---|---|---|---|---|---|",
)


def table_row(result: dict[str, Any]) -> str:
    """One result as a row of the side-by-side table."""

    def wlu(counts: dict[str, int]) -> str:
        share = 100 * counts[UNDECIDED] / result["deals"] if result["deals"] else 0
        return f"{counts[WINNABLE]} / {counts[NOT_WINNABLE]} / {counts[UNDECIDED]} ({share:.0f}%)"

    medians = (
        f"{result['ours_median_s']:.3f} s / {result['solvitaire_median_s']:.3f} s"
        if result["ours_median_s"] is not None and result["solvitaire_median_s"] is not None
        else "none decided by both"
    )
    contradictions = ", ".join(f"seed {seed}" for seed in result["contradictions"]) or "none"
    return (
        f"| `{result['preset']}` | {result['draw']} | {result['budget_s']:g} s | {result['deals']} "
        f"| {wlu(result['counts']['ours'])} | {wlu(result['counts']['solvitaire'])} | {contradictions} "
        f"| {result['both_decided']} | {medians} |"
    )


def write_table(path: Path, results: list[dict[str, Any]]) -> None:
    """Put each result's row into ``path``'s table (replacing the row of the same preset, draw and budget)."""
    text = path.read_text(encoding="utf-8")
    if TABLE_START not in text or TABLE_END not in text:
        raise SystemExit(f"{path} has no {TABLE_START} ... {TABLE_END} lines to write the table between")
    before, rest = text.split(TABLE_START, 1)
    inside, after = rest.split(TABLE_END, 1)
    rows = {tuple(line.split("|")[1:4]): line for line in inside.strip().splitlines() if line.startswith("| `")}
    for result in results:
        row = table_row(result)
        rows[tuple(row.split("|")[1:4])] = row
    ordered = sorted(rows.values(), key=lambda line: [cell.strip() for cell in line.split("|")[1:4]])
    body = "\n".join([*TABLE_HEAD, *ordered])
    path.write_text(f"{before}{TABLE_START}\n{body}\n{TABLE_END}{after}", encoding="utf-8")


def present(path: Path) -> bool:
    """Whether Solvitaire is at ``path``; if not, one sentence says so and how to build it."""
    if path.is_file() and os.access(path, os.X_OK):
        return True
    print(f"Solvitaire is not at {path}, so nothing is compared; scripts/build_solvitaire.sh builds it.")
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solvitaire", default=os.environ.get("SOLVITAIRE") or str(DEFAULT_PATH))
    parser.add_argument("--preset", default=None, help="Solvitaire's game type (default: by --draw)")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3)
    parser.add_argument("--budgets", default="1,5,10", help="seconds per deal, comma separated")
    parser.add_argument("--deals", default="30", help="deals per budget: one number, or one per budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", default=None, help="append each deal's verdicts to this file as a JSON line")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--table", type=Path, default=None, help="write the results into this file's table")
    args = parser.parse_args()
    path = Path(args.solvitaire).expanduser()
    if not present(path):
        return 0
    budgets = [float(b) for b in args.budgets.split(",")]
    counts = [int(d) for d in args.deals.split(",")]
    if len(counts) == 1:
        counts *= len(budgets)
    if len(counts) != len(budgets):
        parser.error("--deals takes one number, or one per budget")
    preset = args.preset or PRESETS[args.draw]
    results = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115 - one line per deal
    try:
        for budget, deals in zip(budgets, counts, strict=True):
            result = compare(str(path), preset, args.draw, budget, deals, args.seed, log)
            results.append(result)
            if not args.json:
                print(_line(result), flush=True)
    finally:
        if log is not None:
            log.close()
    if args.json:
        print(json.dumps({"solvitaire": str(path), "results": results}))
    if args.table is not None:
        write_table(args.table, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
