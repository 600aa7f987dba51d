"""Issue 14: braille lines fit a 40-cell display in at least 95% of the lines of seeded games.

The games are played through the program itself (benchmarks/braille_fit.py, which prints the
whole table for docs/performance.md): every line the display is given is translated with real
liblouis and the player's default table, English and German, and its cells are counted, per
preset and options and per number of players. "Which?" choices come one choice a line, key first.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from accessible_cards.braille import louis
from accessible_cards.braille.display import BLANK, window_starts

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from braille_fit import Case, cases, game_lines, measure

pytestmark = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")


@pytest.mark.parametrize("case", cases(), ids=lambda case: case.label)
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
