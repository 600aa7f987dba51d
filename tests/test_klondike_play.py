"""Klondike as a player meets it: golden transcripts in English and German, scenario files and
``replay --json``, and whole games through a real pseudo-terminal (keys and typed moves)."""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tdsr_support import tdsr_home
from terminal_support import Player, assert_clean, start

from accessible_cards.errors import ScenarioError
from accessible_cards.games.klondike.actions import DRAW, FOUNDATION, Move
from accessible_cards.games.klondike.narrator import KlondikeNarrator
from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.scenario import parse_move
from accessible_cards.games.klondike.state import KlondikeState
from accessible_cards.scenario import load, parse
from accessible_cards.utterance import BRAILLE_CELLS

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "docs" / "lessons" / "klondike-quick-win.json"
GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ACCESSIBLE_CARDS_REGENERATE") == "1"


def golden_lines(lang: str) -> list[str]:
    """The lesson played with a refusal, a review of the board, undo and redo; then 40 steps of a seeded
    Braillespiel game played a fixed way, with a column, the waste and the foundations read after every tenth."""
    narrator = KlondikeNarrator(lang, "normal")
    lines: list[str] = []

    def say(utterance: object) -> None:
        assert utterance is not None
        speech, braille = utterance.speech, utterance.braille  # type: ignore[attr-defined]
        assert len(braille) <= BRAILLE_CELLS
        lines.append(f"{speech} | {braille}")

    scenario = load(LESSON)
    state = scenario.state
    assert isinstance(state, KlondikeState)
    for event in state.start():
        say(narrator.event(event, state.view(0)))
    lines.append(narrator.refusal(state.view(0), Move(1, 0, 1)))
    say(narrator.overview(state.view(0)))
    for number, move in enumerate(scenario.moves or [], 1):
        for event in state.apply(move.action(state)):
            say(narrator.event(event, state.view(0)))
        if number == 4:
            for word in ("undo", "redo"):
                for event in state.apply(parse_move(word, state)):  # type: ignore[arg-type]
                    say(narrator.event(event, state.view(0)))
    seeded = KlondikeState("braillespiel", options_for("braillespiel", {}), 2)
    for event in seeded.start():
        say(narrator.event(event, seeded.view(0)))
    boards = {seeded.snapshot()[:5]}
    for number in range(1, 41):  # a fixed way to play: a card to a foundation, else a move to a new board, else draw
        view = seeded.view(0)
        if seeded.result is not None:
            break
        moves = [a for a in view.legal if isinstance(a, Move)]
        moves.sort(key=lambda a: a.target != FOUNDATION)
        action = DRAW
        for move in moves:
            probe = seeded.clone()
            probe.apply_quiet(move)
            if probe.snapshot()[:5] not in boards:
                action = move
                break
        for event in seeded.apply(action):
            say(narrator.event(event, seeded.view(0)))
        boards.add(seeded.snapshot()[:5])
        if number % 10 == 0:
            say(narrator.column(seeded.view(0), number // 10 + 2))
            say(narrator.waste(seeded.view(0)))
            say(narrator.foundations(seeded.view(0)))
    return lines


@pytest.mark.parametrize("lang", ["en", "de"])
def test_klondike_transcript_matches_golden(lang: str) -> None:
    path = GOLDEN / f"klondike_{lang}.txt"
    text = "\n".join(golden_lines(lang)) + "\n"
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; regenerate with ACCESSIBLE_CARDS_REGENERATE=1"
    expected = path.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), str(path), "now"))
    assert not diff, f"transcript differs from {path.name} (ACCESSIBLE_CARDS_REGENERATE=1 rewrites it):\n{diff}"


def test_the_golden_game_says_what_the_issue_asks() -> None:
    lines = golden_lines("en")
    text = "\n".join(lines)
    assert "The two of spades cannot go on the ace of hearts" in text
    assert "Column 2: the three of spades is turned up." in text
    assert "Waste: the three of hearts; 2 cards left in the stock." in text
    assert "You win in 11 moves!" in text
    assert any(line.startswith("Undone: the two of spades goes back to column 2.") for line in lines)


def test_replay_json_prints_every_event() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "replay", str(LESSON), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert events[0]["type"] == "dealt" and events[0]["stock"] == 3
    assert [e["type"] for e in events].count("moved") == 8
    assert events[-1] == {"type": "game_over", "reason": "won", "foundation": 8, "moves": 11, "score": None}


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"columns": [["AS"]]}, "7 lists"),
        ({"stock": ["AS"], "seed": 1}, "'stock' needs 'columns'"),
        ({"seed": 1, "moves": [3]}, "'moves' must be a list"),
        ({"variant": "spider", "seed": 1}, "unknown variant"),
        ({"columns": [["AS", "AS"], [], [], [], [], [], []]}, "twice"),
        ({"seed": 1, "options": {"draw": 2}}, "draw"),
    ],
)
def test_a_bad_scenario_is_refused(data: dict[str, object], words: str) -> None:
    with pytest.raises(ScenarioError) as refused:
        parse({"game": "klondike", **data})
    assert words in str(refused.value)


def test_a_scenario_move_that_is_not_legal_names_its_number() -> None:
    scenario = parse({"game": "klondike", "columns": [["AS"], [], [], [], [], [], []], "moves": ["1 2"]})
    scenario.state.start()
    with pytest.raises(ScenarioError) as refused:
        scenario.moves[0].action(scenario.state)  # type: ignore[index]
    assert "move 1" in str(refused.value)


# --- the terminal ---------------------------------------------------------------------------


@pytest.mark.terminal
def test_the_lesson_is_won_with_keys_in_a_terminal(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "--scenario", str(LESSON), "--lang", "en")
    player.wait_for("The cards are dealt")
    player.press("2", "1")
    player.wait_for("cannot go on the ace of hearts: nothing goes on it")
    player.press("o")
    player.wait_for(r"^Columns 1: ace of hearts")
    for keys in (("1", "f"), ("3", "f"), ("4", "f"), ("2", "f")):
        player.press(*keys)
    player.wait_for("Column 2: the three of spades is turned up.")
    player.press("u")
    player.wait_for("Undone: the two of spades goes back to column 2.")
    player.press("e")
    player.press("2", "f", "d")
    player.wait_for("Waste: the three of hearts; 2 cards left in the stock.")
    player.press("w", "f", "d", "w", "f", "d", "w", "f")
    player.wait_for("You win in 11 moves!")
    player.wait_for("What next?")
    assert_clean(player.lines())


@pytest.mark.terminal
def test_typed_moves_and_where_in_german(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "--scenario", str(LESSON), "--lang", "de")
    player.wait_for("Die Karten sind ausgelegt")
    player.type(":wo PikDrei\r")
    player.wait_for("Pik Drei: noch nicht aufgedeckt.")
    player.type(":1 f\r")
    player.wait_for("Herz Ass aus Reihe 1 auf den Zielstapel.")
    player.type(":AS f\r")
    player.wait_for("Pik Ass aus Reihe 3 auf den Zielstapel.")
    player.type(":2 5\r")
    player.wait_for("Pik Zwei kann nicht in die leere Reihe 5: nur ein König kann das.")
    player.type(":2s f\r")
    player.wait_for("Reihe 2: Pik Drei ist aufgedeckt.")
    player.type(":wo PikDrei\r")
    player.wait_for("Pik Drei: Reihe 2, offen, ganz oben.")
    assert_clean(player.lines())


@pytest.mark.terminal
def test_one_player_saves_quits_and_resumes_with_undo(players: list[Player], config: Path) -> None:
    """One seat through the shared parts: the game is saved after each move and resumed where it was."""
    player = start(players, config, "play", "klondike", "--seed", "9", "--variant", "classic", "--lang", "en")
    player.wait_for("The cards are dealt")
    player.press("d")
    player.wait_for("Waste: the king of diamonds; 21 cards left in the stock.")
    player.press("q", "2")
    player.wait_for("Goodbye.")
    again = start(players, config, "resume", "--lang", "en")
    again.wait_for(r"Klondike \(classic\) resumed after 1 move\.")
    again.press("s")
    again.wait_for("Waste: the king of diamonds on top, 2 cards under it; 21 cards in the stock.")
    again.press("u")
    again.wait_for("Undone: the draw; 3 cards go back to the stock.")
    assert_clean(again.lines())


TDSR = tdsr_home() or Path("/nonexistent")


@pytest.mark.terminal
@pytest.mark.skipif(not TDSR.is_dir(), reason="tdsr is not on this machine")
def test_the_lesson_is_won_under_tdsr(tmp_path: Path) -> None:
    """A whole game under a real console screen reader: tdsr speaks each new line the game writes.

    tdsr runs the game in its own pty and pipes what it would speak to its speech server, here a
    file: ``s<text>`` is spoken, ``x`` stops speech (each key does that first).
    """
    import time

    import pexpect

    speech = tmp_path / "speech.txt"
    env = dict(os.environ)
    env.update(
        {
            "HOME": str(tmp_path),  # tdsr writes its configuration there
            "PYTHONPATH": str(TDSR),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "ACCESSIBLE_CARDS_CONFIG_DIR": str(tmp_path / "config"),
            "ACCESSIBLE_CARDS_SPEECH": "off",
        }
    )
    program = [
        str(Path(sys.executable).with_name("accessible-cards")),
        "play",
        "--scenario",
        str(LESSON),
        "--lang",
        "en",
    ]
    child = pexpect.spawn(
        sys.executable,
        ["-c", "from tdsr.__main__ import main; main()", "-s", f"sh -c 'cat > {speech}'", "--", *program],
        env=env,
        dimensions=(40, 200),
        encoding="utf-8",
    )
    try:

        def spoken() -> list[str]:
            text = speech.read_text(encoding="utf-8") if speech.exists() else ""
            return [line[1:] for line in text.splitlines() if line.startswith("s")]

        def wait_for(words: str) -> None:
            end = time.monotonic() + 15
            while time.monotonic() < end:
                if any(words in line for line in spoken()):
                    return
                child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.2)
            raise AssertionError(f"tdsr never said {words!r}:\n" + "\n".join(spoken()[-15:]))

        wait_for("The cards are dealt")
        for key in ["1", "f", "3", "f", "4", "f", "2", "f"]:
            child.send(key)
            child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.3)
        wait_for("Column 2: the three of spades is turned up.")
        for key in ["2", "f", "d", "w", "f", "d", "w", "f", "d", "w", "f"]:
            child.send(key)
            child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.3)
        wait_for("You win in 11 moves!")
        said = spoken()
        first = next(n for n, line in enumerate(said) if "three of spades" in line)
        assert said[first] == "Column 2: the three of spades is turned up."  # never said while face down
        assert not any("\x1b" in line for line in said)
    finally:
        child.terminate(force=True)
