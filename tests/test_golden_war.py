"""Golden transcripts: a seeded 2-player War game as the narrator says it, in English and German.

``tests/golden/war_en.txt`` and ``tests/golden/war_de.txt`` hold one ``speech | braille`` line per
utterance of the game in ``tests/narration_support.py`` (seed ``GOLDEN_SEED``, ``max_rounds`` 50,
normal verbosity, seat 0 addressed as "you"). The test plays the game again and diffs.

After an intended change of wording, regenerate them and read the diff before committing::

    ACCESSIBLE_CARDS_REGENERATE=1 .venv/bin/python -m pytest tests/test_golden_war.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest
from narration_support import golden_lines

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ACCESSIBLE_CARDS_REGENERATE") == "1"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_war_transcript_matches_golden(lang: str) -> None:
    """Krieg, narrated: every event of the seeded game, key fact first, as the golden file has it."""
    path = GOLDEN / f"war_{lang}.txt"
    lines = golden_lines(lang)
    text = "\n".join(lines) + "\n"
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; regenerate with ACCESSIBLE_CARDS_REGENERATE=1"
    expected = path.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True), text.splitlines(keepends=True), str(path), "narrated now"
        )
    )
    assert not diff, f"transcript differs from {path.name} (ACCESSIBLE_CARDS_REGENERATE=1 rewrites it):\n{diff}"


def test_golden_game_has_a_war_and_stays_short() -> None:
    """The chosen seed shows a war, and the file stays readable (under 150 lines)."""
    lines = golden_lines("en")
    assert any(line.startswith("War between") for line in lines)
    assert len(lines) < 150
