"""The deal handed to Solvitaire by benchmarks/klondike_vs_solvitaire.py is the deal the game deals: every
card once, the columns of one to seven cards with only the top face up, the stock in the order drawing
turns it up. No Solvitaire is needed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import klondike_vs_solvitaire
from klondike_vs_solvitaire import card_name, deal, solvitaire_deal

from accessible_cards.games.klondike.actions import Draw


def _card(name: str) -> str:
    """A card's name with the face-down mark (a lower-case suit) taken off."""
    return name[:-1] + name[-1].upper()


def test_card_names_are_solvitaires() -> None:
    assert [card_name(c) for c in range(4)] == ["AS", "AH", "AD", "AC"]
    assert card_name(9 * 4 + 3) == "10C" and card_name(12 * 4 + 1, face_down=True) == "Kh"


@pytest.mark.parametrize("draw", [3, 1])
def test_the_deal_file_holds_the_games_deal(draw: int) -> None:
    state = deal(7, draw)
    doc = solvitaire_deal(state)
    piles, stock = doc["tableau piles"], doc["stock"]
    every = [_card(name) for pile in piles for name in pile] + stock
    assert len(every) == 52 and len(set(every)) == 52
    assert [len(pile) for pile in piles] == list(range(1, 8))
    for pile, column in zip(piles, state.columns, strict=True):
        assert [_card(name) for name in pile] == [card_name(c) for c in column]
        assert pile[-1] == _card(pile[-1])  # the top card face up
        assert all(name != _card(name) for name in pile[:-1])  # the rest face down
    # Solvitaire draws from the end of its stock list: the game's draws must turn up the cards in that order.
    turned: list[str] = []
    while state.stock:
        before = len(state.waste)
        state.apply(Draw())
        turned += [card_name(c) for c in state.waste[before:]]
    assert turned == list(reversed(stock))


def test_without_solvitaire_the_comparison_says_so_and_passes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "argv", ["klondike_vs_solvitaire.py", "--solvitaire", str(tmp_path / "none")])
    assert klondike_vs_solvitaire.main() == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "Solvitaire is not at" in out and "scripts/build_solvitaire.sh" in out


def test_solvitaire_agrees_on_easy_deals_when_it_is_there() -> None:
    """Seeds 5 and 6 are won at once by both solvers (skipped without Solvitaire)."""
    path = os.environ.get("SOLVITAIRE") or str(klondike_vs_solvitaire.DEFAULT_PATH)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.skip("Solvitaire is not built (scripts/build_solvitaire.sh)")
    for seed in (5, 6):
        state = deal(seed, 3)
        verdict, _, word = klondike_vs_solvitaire.solvitaire(path, "klondike-arbitrary-built-moves", state, 5)
        assert (verdict, word) == ("winnable", "solved")


def test_the_table_takes_a_run_s_rows_in_place_of_the_same_preset_draw_and_budget(tmp_path: Path) -> None:
    """``--table``: a draw 3 run and a draw 1 run fill one table; running one again replaces its row."""
    page = tmp_path / "page.md"
    page.write_text("# Figures\n\n<!-- solvitaire-table -->\n<!-- /solvitaire-table -->\n\nAfter.\n", encoding="utf-8")

    def result(draw: int, ours: tuple[int, int, int], contradictions: list[int]) -> dict[str, object]:
        counts = {"winnable": ours[0], "not_winnable": ours[1], "undecided": ours[2]}
        return {
            "draw": draw,
            "budget_s": 10.0,
            "deals": sum(ours),
            "preset": f"klondike-{draw}",
            "counts": {"ours": counts, "solvitaire": counts},
            "contradictions": contradictions,
            "both_decided": ours[0] + ours[1],
            "ours_median_s": 0.02,
            "solvitaire_median_s": 0.04,
        }

    klondike_vs_solvitaire.write_table(page, [result(3, (100, 20, 30), [])])
    klondike_vs_solvitaire.write_table(page, [result(1, (40, 4, 6), [17])])
    klondike_vs_solvitaire.write_table(page, [result(3, (110, 20, 20), [])])
    text = page.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert len(rows) == 2
    assert "| 110 / 20 / 20 (13%) |" in rows[1] and "100 / 20 / 30" not in text
    assert "| seed 17 |" in rows[0] and "| 0.020 s / 0.040 s |" in rows[0]
    assert text.startswith("# Figures\n") and text.endswith("\n\nAfter.\n")
