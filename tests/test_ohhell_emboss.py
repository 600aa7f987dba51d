"""``accessible-cards emboss scores SAVEFILE``: a saved Stiche-Raten game's score sheet as a 40 x 25 BRF table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from saves_support import only_save, play

from accessible_cards.braille.emboss import BRAILLE_ASCII
from accessible_cards.ui.app import GameRequest

LINES = ["bid 0", "bid 1", "play 1", "play 2", "play 3"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_score_sheet_embosses_as_a_table_with_its_print_twin(data_folder: Path, tmp_path: Path, lang: str) -> None:
    play(GameRequest("ohhell", 4, 1, None, 7, options={"max_cards": 4}), LINES, budget=3000, input="words")
    save = only_save(data_folder)
    out = tmp_path / "sheet.brf"
    run = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "emboss", "scores", str(save), "--output", str(out), "--lang", lang],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    pages = out.read_bytes().decode("ascii").split("\f")
    for page in pages:
        lines = page.split("\r\n")[:-1]
        assert len(lines) == 25
        assert all(len(line) <= 40 and set(line) <= BRAILLE_ASCII for line in lines)
    twin = out.with_suffix(".txt").read_text(encoding="utf-8")
    heading = "Rd bid pts" if lang == "en" else "Rd Ans Pkt"
    assert heading in " ".join(twin.split())
    rows = [line.split() for line in twin.splitlines() if line[:1].isdigit()]
    assert [row[0] for row in rows][:4] == ["1", "2", "3", "4"]
    assert all(len(row) % 2 == 1 for row in rows)  # the round, then a bid and the points so far per player


def test_a_game_without_a_score_sheet_is_refused(data_folder: Path, tmp_path: Path) -> None:
    play(GameRequest("war", 2, 1, seed=3, options={"max_rounds": 3}), ["enter"], budget=20)
    run = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "emboss", "scores", str(only_save(data_folder)), "--output",
         str(tmp_path / "x.brf")],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert run.returncode == 2 and "war keeps no score sheet (the games that do: ohhell)" in run.stderr
