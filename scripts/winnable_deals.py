"""Make ``accessible_cards/games/klondike/winnable.json``: the winnable deals ``winnable_only`` deals from.

For each rule set below it solves the deals of seeds 0, 1, 2, ... (``KlondikeState``'s plain deal, a
uniform sample of all deals) with every card known, within a budget of positions a deal (no limit in
seconds, so the list does not depend on the machine), and keeps every seed proven winnable. The search is
the ``accessible-cards solve klondike`` one (``deals.solve_deals``): the fast search first, then every move
on the rest of the budget; a "winnable" comes with a line of play, which this script replays on the engine
before it keeps the seed, and "not winnable" comes only from the search with every move. So every listed
deal is winnable; the deals left undecided are counted (and listed) in the file, as the rules page says.

Run: ``nice -n 19 .venv/bin/python scripts/winnable_deals.py`` (every rule set), or ``--only NAME``;
``--log FILE`` appends one JSON line a deal (verdict, positions, the line's length) for the benchmark.
A rule set already in the file is made again only when named with ``--only``.

``--harder STATES --only NAME`` searches again, with that larger budget, only the deals the rule set's entry
left undecided: the ones now proven winnable join the list (their lines replayed first), the ones proven lost
are counted, and the entry keeps both budgets. These are the hardest deals, so without them the list would
lean towards easy ones.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Final

from accessible_cards.games.klondike.actions import action_from_json
from accessible_cards.games.klondike.deals import solve_deals
from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.state import KlondikeState
from accessible_cards.games.klondike.winnable import FILE, rule_key

ROOT: Final = Path(__file__).resolve().parents[1]
OUT: Final = ROOT / "accessible_cards" / "games" / "klondike" / FILE

RULE_SETS: Final[dict[str, tuple[str, dict[str, Any], int, int]]] = {
    # name: (preset, settings, deals tried, positions a deal)
    "braillespiel": ("braillespiel", {}, 1000, 300_000),
    "braillespiel-turn-one": ("braillespiel", {"draw": 1}, 1000, 300_000),
    "classic": ("classic", {}, 240, 300_000),
    "classic-turn-one": ("classic", {"draw": 1}, 160, 300_000),
    "classic-one-pass": ("classic", {"passes": 1}, 2000, 300_000),
    "classic-three-passes": ("classic", {"passes": 3}, 240, 300_000),
    "classic-turn-one-three-passes": ("classic", {"draw": 1, "passes": 3}, 160, 300_000),
    "classic-turn-one-one-pass": ("classic", {"draw": 1, "passes": 1}, 160, 300_000),
}
"""The presets' own rules (the seed's Braillespiel, classic; the races deal by the same two) in turn three,
and in turn one, the other ``draw``; and classic with the pass limits its rules page names, one pass and three,
where a search for a winnable deal would keep the player waiting seconds (with one pass few deals are winnable).
Other rule sets are not listed: ``winnable_only`` searches for them."""


def replays_to_a_win(variant: str, settings: dict[str, Any], seed: int, line: list[Any]) -> bool:
    state = KlondikeState(variant, options_for(variant, settings), seed)
    state.start()
    for step in line:
        state.apply(action_from_json(step, "solver"))
    return state.result is not None and state.result.reason == "won"


def checked(name: str, variant: str, settings: dict[str, Any], deal: dict[str, Any], log: Any, **extra: Any) -> str:
    """A solved deal's verdict, its winning line replayed on the engine first, and its line in ``log``."""
    seed = int(deal["seed"])
    if deal["verdict"] == "winnable" and not replays_to_a_win(variant, settings, seed, deal["line"]):
        raise AssertionError(f"{name}, seed {seed}: the solver's line does not win")  # pragma: no cover - a solver bug
    if log is not None:
        record = {"rule_set": name, "seed": seed, "verdict": deal["verdict"], "states": deal["states"]}
        log.write(json.dumps({**record, "moves": len(deal["line"]), **extra}) + "\n")
        log.flush()
    return str(deal["verdict"])


def make(name: str, log: Any, deals_tried: int | None = None) -> dict[str, Any]:
    variant, settings, deals, budget = RULE_SETS[name]
    deals = deals_tried or deals
    options = options_for(variant, settings)
    winnable: list[int] = []
    undecided: list[int] = []
    lost = 0
    started = time.process_time()
    for deal in solve_deals(variant=variant, settings=settings, seed=0, deals=deals, states=budget, seconds=None):
        verdict = checked(name, variant, settings, deal, log)
        if verdict == "winnable":
            winnable.append(int(deal["seed"]))
        elif verdict == "not_winnable":
            lost += 1
        else:
            undecided.append(int(deal["seed"]))
    cpu = time.process_time() - started
    print(
        f"{name}: {deals} deals, winnable {len(winnable)}, not winnable {lost}, undecided {len(undecided)}; "
        f"{cpu:.0f} s of CPU",
        file=sys.stderr,
    )
    return {
        "key": rule_key(options),
        "entry": {
            "name": name,
            "preset": variant,
            "settings": settings,
            "budget": budget,
            "tried": deals,
            "not_winnable": lost,
            "undecided": undecided,
            "winnable": winnable,
        },
    }


def harder(entry: dict[str, Any], states: int, log: Any) -> dict[str, Any]:
    """``entry`` with its undecided deals searched again on ``states`` positions each."""
    name, variant, settings = entry["name"], entry["preset"], entry["settings"]
    winnable = list(entry["winnable"])
    still: list[int] = []
    lost = int(entry["not_winnable"])
    for seed in entry["undecided"]:
        deal = next(solve_deals(variant=variant, settings=settings, seed=seed, deals=1, states=states, seconds=None))
        verdict = checked(name, variant, settings, deal, log, harder=states)
        if verdict == "winnable":
            winnable.append(seed)
        elif verdict == "not_winnable":
            lost += 1
        else:
            still.append(seed)
        print(f"{name} seed {seed}: {verdict} ({deal['states']} positions)", file=sys.stderr)
    return {
        **entry,
        "harder_budget": states,
        "not_winnable": lost,
        "undecided": still,
        "winnable": sorted(winnable),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--only", action="append", choices=sorted(RULE_SETS), help="make this rule set (again)")
    parser.add_argument("--log", help="append one JSON line a deal to this file")
    parser.add_argument("--deals", type=int, help="deals tried per rule set (default: each one's own number)")
    parser.add_argument("--out", type=Path, default=OUT, help="the file to read and write (default: the game's own)")
    parser.add_argument("--harder", type=int, metavar="STATES", help="search the undecided deals again (with --only)")
    args = parser.parse_args(argv)
    if args.harder is not None and not args.only:
        parser.error("--harder needs --only NAME")
    data: dict[str, Any] = {"rule_sets": {}}
    out: Path = args.out
    if out.is_file():
        data = json.loads(out.read_text(encoding="utf-8"))
    data["about"] = (
        "Seeds of KlondikeState's plain deal that the solver proved winnable (every card known), from "
        "seeds 0 .. tried - 1, by rule set; made by scripts/winnable_deals.py"
    )
    known = {entry.get("name") for entry in data["rule_sets"].values()}
    names = args.only or [name for name in RULE_SETS if name not in known]
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115 - one line a deal
    try:
        for name in names:
            if args.harder is not None:
                key = next(k for k, v in data["rule_sets"].items() if v.get("name") == name)
                data["rule_sets"][key] = harder(data["rule_sets"][key], args.harder, log)
                out.write_text(_dump(data), encoding="utf-8")
                continue
            made = make(name, log, args.deals)
            data["rule_sets"] = {k: v for k, v in data["rule_sets"].items() if v.get("name") != name}
            data["rule_sets"][made["key"]] = made["entry"]
            data["rule_sets"] = dict(sorted(data["rule_sets"].items(), key=lambda item: item[1]["name"]))
            out.write_text(_dump(data), encoding="utf-8")
    finally:
        if log is not None:
            log.close()
    return 0


def _dump(data: dict[str, Any]) -> str:
    """One rule set a few lines: its seeds on one line each, so the file stays small and its diffs readable."""
    lines = ["{", f'  "about": {json.dumps(data["about"])},', '  "rule_sets": {']
    sets = list(data["rule_sets"].items())
    for i, (key, entry) in enumerate(sets):
        fields = [f'      "{field}": {json.dumps(value, separators=(",", ":"))}' for field, value in entry.items()]
        lines.append(f"    {json.dumps(key)}: {{")
        lines.append(",\n".join(fields))
        lines.append("    }" + ("," if i < len(sets) - 1 else ""))
    lines += ["  }", "}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
