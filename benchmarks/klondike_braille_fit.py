"""Klondike's longest braille lines: hand-made boards, every line counted with every table of the language.

Played games (``braille_fit.py``) rarely reach the boards with the longest lines, so this lays
them out by hand: a Braillespiel run of 18 face-up cards over six face-down ones, the classic run
from a king down to the two, every column and the waste empty with full foundations, seven columns
of kings and queens. For each board it counts every review line (the seven columns, the waste, the
foundations, the board overview), the line of every card a routing key can select, and the refusal
of every move between two places that is not allowed, in English and German, with every table the
player may choose (``en-ueb-g1``, ``en-ueb-g2``, ``en-us-g2``; ``de-g1``, ``de-g0``, ``de-g2``),
and keeps the most cells of each line.

Run: ``.venv/bin/python benchmarks/klondike_braille_fit.py`` (``--show`` prints the lines over 40 cells).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from accessible_cards.braille import louis
from accessible_cards.cards import deck
from accessible_cards.games.klondike.actions import FOUNDATION, WASTE, Move
from accessible_cards.games.klondike.narrator import KlondikeNarrator
from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.state import KlondikeState
from accessible_cards.utterance import BRAILLE_CELLS, Utterance

FRENCH = deck("french52")
LONG_RUN = "KS QH KD QC KH QS KC QD JH TS 9H 8S 7H 6S 5H 4S 3H 2S"
"""Braillespiel builds one up or down in any suit: 18 cards face up in one column."""


def laid_out(
    variant: str,
    columns: Sequence[str],
    down: Sequence[int] = (),
    waste: str = "",
    stock: str = "",
    found: Sequence[int] = (0, 0, 0, 0),
) -> KlondikeState:
    """A started board: ``columns`` bottom card first (the first ``down[i]`` face down), the stock's top last."""

    def ids(codes: str) -> list[int]:
        return FRENCH.parse_many(codes.split()) if codes.strip() else []

    state = KlondikeState(variant, options_for(variant, {}), None)
    state.started = True
    state.columns = [ids(text) for text in columns] + [[] for _ in range(7 - len(columns))]
    state.down = [*down, *([0] * (7 - len(down)))]
    state.stock = ids(stock)
    state.waste = ids(waste)
    state.found = list(found)
    state.total = sum(map(len, state.columns)) + len(state.stock) + len(state.waste) + sum(found)
    return state


def boards() -> dict[str, KlondikeState]:
    """The boards with the longest lines, by name."""
    return {
        "braillespiel, 18 cards face up over 6": laid_out(
            "braillespiel", [LONG_RUN, "9C", "TD"], [6], waste="4D 3C 5C", stock="2C 2D"
        ),
        "classic, king to two over 6": laid_out(
            "classic", ["5C 6D KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H", "9C"], [6], waste="AS"
        ),
        "braillespiel, all empty, 50 on the foundations": laid_out("braillespiel", [], found=(13, 13, 12, 12)),
        "classic, kings and queens": laid_out(
            "classic", ["KC", "KD", "KH", "KS", "QC", "QD", "QH"], found=(1, 1, 1, 1), waste="TC", stock="2C"
        ),
    }


def lines_of(state: KlondikeState, lang: str) -> list[Utterance]:
    """Every review line, the routed selection of every face-up card, the refusal of every move not allowed."""
    view = state.view(0)
    narrator = KlondikeNarrator(lang)
    said = narrator.review_all(view)
    for index, column in enumerate(view.columns):
        for count in range(1, len(column.up) + 1):
            said.append(narrator.route_selected(view, index, count))
    for source in [WASTE, *range(7)]:
        for target in [FOUNDATION, *range(7)]:
            for count in (1, 2, 3):
                if Move(source, target, count) not in view.legal:
                    said.append(narrator.refusal_utterance(view, Move(source, target, count)))
    return said


def most_cells(line: str, lang: str) -> int:
    """The cells of ``line`` with the table of the language that takes the most."""
    counts = [louis.to_unicode(line, lang, grade) for grade in louis.grade_names(lang)]
    return max(len(cells) if cells is not None else len(line) for cells in counts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print the lines over 40 cells")
    args = parser.parse_args(argv)
    print(f"Klondike's braille lines of at most {BRAILLE_CELLS} cells, the most cells over every table")
    print()
    print("| board | language | lines | <= 40 cells | longest |")
    print("|---|---|---|---|---|")
    over: list[str] = []
    for name, state in boards().items():
        for lang in ("en", "de"):
            counts = [(most_cells(line.braille, lang), line.braille) for line in lines_of(state, lang)]
            fit = sum(1 for cells, _ in counts if cells <= BRAILLE_CELLS)
            longest = max(cells for cells, _ in counts)
            print(f"| {name} | {lang} | {len(counts)} | {fit / len(counts):.1%} | {longest} |")
            over += [f"{lang} {cells}: {line}" for cells, line in counts if cells > BRAILLE_CELLS]
    if args.show:
        for line in sorted(set(over)):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
