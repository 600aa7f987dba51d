"""Issue 14: braille lines fit a 40-cell display in at least 95% of the lines of seeded games.

The games are played through the program itself (benchmarks/braille_fit.py, which prints the
whole table for docs/performance.md): every line the display is given is translated with real
liblouis and the player's default table, English and German, and its cells are counted, per
preset and options and per number of players. "Which?" choices come one choice a line, key first.

Issue 16: every Stiche-Raten line (the deal, each bid with the running total, each card, each trick,
the round's end, the totals, every review answer and score sheet cell the person asks for before each
move) fits 40 cells with every braille table the player may choose, in English and German, for
every option and 3 to 6 players; a list too long for one line goes on in lines of its own, and no
line is cut short.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from accessible_cards.braille import louis
from accessible_cards.braille.display import BLANK, window_starts

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from braille_fit import Case, cases, game_lines, measure

pytestmark = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")


OHHELL = [case for case in cases() if case.game == "ohhell"]


@pytest.mark.parametrize("case", [case for case in cases() if case.game != "ohhell"], ids=lambda case: case.label)
def test_at_least_95_percent_of_the_lines_fit_40_cells(case: Case) -> None:
    rows = measure([case], [1, 2, 3, 4], [1])
    assert rows
    for row in rows:
        assert row.lines > 40, row
        assert row.share >= 0.95, (row.case, row.players, f"{row.share:.1%}", row.over)


def test_which_choices_come_one_a_line_key_first() -> None:
    """A card that can do several things: the title "2S: which?", then "1 take 2C >1", "2 take 2C >2" ..."""
    case = Case("doubles", "bundles", "standard", {"double_bundles": True, "wild_jacks": True})
    seen: list[list[str]] = []
    for seed in range(1, 8):
        lines = game_lines(case, 3, seed, "en")
        for index, line in enumerate(lines):
            if line.endswith(": which?"):
                following = []
                for after in lines[index + 1 :]:
                    if not after.split(" ", 1)[0].isdigit():
                        break
                    following.append(after)
                seen.append([line, *following])
    assert seen, "no game of these seeds asked which"
    for choice in seen:
        assert len(choice) >= 3, choice
        for number, line in enumerate(choice[1:], start=1):
            assert line.startswith(f"{number} "), choice
            assert line.split(" ")[1] in ("take", "steal", "trail"), choice
            cells = louis.to_unicode(line, "en")
            assert cells is not None and len(cells) <= 40, line


def test_the_title_keeps_its_seed_on_a_line_of_its_own() -> None:
    """At full verbosity a chosen seed is told: "Casita Robada: 4 players", then "Seed 123456"."""
    case = Case("casita", "bundles", "casita-robada")
    lines = game_lines(case, 4, 123456, "de", "full")
    assert lines[:2] == ["Casita Robada: 4 Spieler", "Startwert 123456"]


def test_long_lines_pan_at_word_boundaries() -> None:
    """Where a line is longer than 40 cells, no window of it ends inside a word."""
    long = [line for case in cases()[-2:] for line in game_lines(case, 4, 2, "en", "full")]
    for line in long:
        cells = louis.to_unicode(line, "en")
        assert cells is not None
        for start in window_starts(cells, 40)[1:]:
            assert cells[start - 1] == BLANK, line


def _ohhell_rows(case: Case, players: list[int], max_cards: int | None) -> list[Any]:
    """Full verbosity (the braille lines are the same at every verbosity but for the deal's), English and German."""
    short = Case(case.label, case.game, case.variant, {**case.options, "max_cards": max_cards})
    return measure([short], players, [1], verbosities=("full",), all_tables=True)


def _check_every_line_fits(rows: list[Any]) -> None:
    for row in rows:
        assert row.lines > 100, row
        assert row.share == 1.0, (row.case, row.players, f"{row.share:.2%}", row.over)
        assert row.cut == 0, (row.case, row.players, "lines cut short")
        assert set(row.by_table) == {*louis.grade_names("en"), *louis.grade_names("de")}, row.by_table


@pytest.mark.parametrize("case", OHHELL, ids=lambda case: case.label)
def test_every_stiche_raten_line_fits_40_cells_with_every_table(case: Case) -> None:
    """Short games (at most 4 cards a round) of 6 players: the longest lists of seats."""
    _check_every_line_fits(_ohhell_rows(case, [6], 4))


def test_the_review_answers_and_the_sheet_are_among_the_lines_counted() -> None:
    lines = game_lines(Case("ohhell", "ohhell", None, {"max_cards": 3}), 6, 1, "en")
    for head in ("Hand: ", "Bids: ", "Played: ", "Pts: ", "T1: ", "Trick: ", "Sheet: ", "R1 You bid ", "R1 C5 pts "):
        assert any(line.replace("\u00a0", " ").startswith(head) for line in lines), head
    assert any(line.startswith("Over") for line in lines), "the game did not end"
    bids = [line for line in lines if line.startswith("Bids: ")]
    assert any("\n" not in line for line in bids)  # each line is a line of the display
    assert any(line.replace("\u00a0", " ").startswith("C5 ") for line in lines), "no list went on in a line of its own"


@pytest.mark.slow
def test_a_whole_stiche_raten_game_fits_with_every_table() -> None:
    """A whole game of 3 players with two Skat packs and Greifen und Passen: hands of up to 21 cards."""
    case = Case("ohhell skat64 grab", "ohhell", None, {"pack": "skat64", "grab_and_pass": True})
    _check_every_line_fits(_ohhell_rows(case, [3], None))
