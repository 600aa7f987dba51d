"""Golden transcripts: a seeded 4-player Stiche-Raten game as the narrator says it, in English and German.

``tests/golden/ohhell_en.txt`` and ``tests/golden/ohhell_de.txt`` hold one ``speech | braille`` line per
utterance: every event, and at the start of each of seat 0's turns the turn announcement. The game has
three rounds (``max_cards=3``) with Greifen und Passen, seed ``GOLDEN_SEED``; seat 0 ("you") plays as the
medium computer player would, the others are a medium, a hard and an easy player.

After an intended change of wording, regenerate them and read the diff before committing::

    ACCESSIBLE_CARDS_REGENERATE=1 .venv/bin/python -m pytest tests/test_golden_ohhell.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from accessible_cards.game import Voice
from accessible_cards.games.ohhell import DESCRIPTION
from accessible_cards.games.ohhell.ai import make_player
from accessible_cards.games.ohhell.state import OhHellState

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ACCESSIBLE_CARDS_REGENERATE") == "1"
GOLDEN_SEED = 3
NAMES = ["Anna", "Computer 1", "Computer 2", "Computer 3"]


def golden_lines(lang: str) -> list[str]:
    state = OhHellState(4, {"max_cards": 3, "grab_and_pass": True}, GOLDEN_SEED)
    narrator = DESCRIPTION.narrator(state, Voice(lang, "normal", NAMES, 0))
    players = [
        make_player(level, GOLDEN_SEED + seat) for seat, level in enumerate(("medium", "medium", "hard", "easy"))
    ]
    lines: list[str] = []
    events = state.start()
    while True:
        view = state.view(0)
        said = [narrator.event(event, view) for event in events]
        if state.result is None and view.to_move == 0:
            said.append(narrator.turn(view))
        lines += [f"{u.speech} | {u.braille}" for u in said if u is not None]
        if state.result is not None:
            return lines
        seat = state.to_move()
        assert seat is not None
        events = state.apply(players[seat].choose(state.view(seat), state.legal_actions()))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ohhell_transcript_matches_golden(lang: str) -> None:
    path = GOLDEN / f"ohhell_{lang}.txt"
    text = "\n".join(golden_lines(lang)) + "\n"
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; regenerate with ACCESSIBLE_CARDS_REGENERATE=1"
    expected = path.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(expected.splitlines(keepends=True), text.splitlines(keepends=True), str(path), "now")
    )
    assert not diff, f"transcript differs from {path.name} (ACCESSIBLE_CARDS_REGENERATE=1 rewrites it):\n{diff}"


def test_golden_game_holds_every_kind_of_announcement() -> None:
    text = "\n".join(golden_lines("en"))
    for words in ("Round 1 of 3", "bids", "Bids so far", "leads the", "Follow ", "wins trick", "is over:",
                  "Totals:", "Game over", "Your bid", "Your turn", "No trump"):  # fmt: skip
        assert words in text, words
