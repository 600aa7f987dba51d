"""Golden transcripts: a seeded 2-player Stealing Bundles game as the narrator says it, in English and German.

``tests/golden/bundles_en.txt`` and ``tests/golden/bundles_de.txt`` hold one ``speech | braille`` line per
utterance: every event, and at the start of each of seat 0's turns the turn announcement (with the hand, at
normal verbosity). The game is the standard preset, seed ``GOLDEN_SEED``; both seats choose with a seeded
random source; seat 0 listens and is addressed as "you".

After an intended change of wording, regenerate them and read the diff before committing::

    ACCESSIBLE_CARDS_REGENERATE=1 .venv/bin/python -m pytest tests/test_golden_bundles.py
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from accessible_cards.games.bundles.narrator import BundlesNarrator
from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.bundles.state import BundlesState

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ACCESSIBLE_CARDS_REGENERATE") == "1"
GOLDEN_SEED = 15
LISTENER = 0


def golden_lines(lang: str) -> list[str]:
    """The transcript of the seeded game: events, and seat 0's turns, at normal verbosity."""
    state = BundlesState(BundlesOptions.preset("standard"), seed=GOLDEN_SEED)
    narrator = BundlesNarrator(lang, "normal", state.options.deck, [None, None], you=LISTENER)
    chooser = random.Random(GOLDEN_SEED)
    lines: list[str] = []
    events = state.start()
    while True:
        view = state.view(LISTENER)
        said = [narrator.event(event, view) for event in events]
        if state.result is None and view.turn == LISTENER:
            said.append(narrator.turn(view))
        lines += [f"{u.speech} | {u.braille}" for u in said if u is not None]
        if state.result is not None:
            return lines
        events = state.apply(chooser.choice(state.actions()))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_bundles_transcript_matches_golden(lang: str) -> None:
    """Stealing Bundles, narrated: every event of the seeded game, key fact first, as the golden file has it."""
    path = GOLDEN / f"bundles_{lang}.txt"
    text = "\n".join(golden_lines(lang)) + "\n"
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


def test_golden_game_shows_each_kind_of_play_and_stays_short() -> None:
    """The chosen seed has steals both ways, captures, trails, re-deals and a sweep; the file stays readable."""
    text = "\n".join(golden_lines("en"))
    for words in (
        "You steal",
        "steals your",
        " capture",
        " trail",
        "New deal",
        "Your turn.",
        "Sweep!",
        "wins the game",
    ):
        assert words in text, words
    assert len(text.splitlines()) < 150
