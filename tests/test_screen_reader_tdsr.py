"""What a real console screen reader speaks (issue 14): the game played under tdsr, every kind of key heard.

tdsr speaks new text as it appears, except after a cursor key: after Up or
Down it speaks the row the cursor then stands on, after Left or Right the
character under the cursor, and nothing else until the next key. These tests
press digits, letters, Enter, Escape and the four arrows, in the hand, in the
menus, in the history and in the rules, in English and German, and assert on
what tdsr sent to its speech server.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from tdsr_support import Listener, spoken, tdsr_home
from terminal_support import speech_dispatchers_under

pytestmark = [
    pytest.mark.terminal,
    pytest.mark.skipif(tdsr_home() is None, reason="tdsr is not here (../shared/tools/tdsr or ACCESSIBLE_CARDS_TDSR)"),
]


@pytest.fixture
def listeners() -> Iterator[list[Listener]]:
    started: list[Listener] = []
    yield started
    for listener in started:
        listener.close()


def said(lines: list[str]) -> list[str]:
    """What tdsr spoke for a key, without the empty texts it sends for a bare line feed."""
    return [text for text in spoken(lines) if text.strip()]


WORDS = {
    "en": {
        "turn": "Your turn",
        "hand": re.compile(r"^(\d): .+ (would|trail|capture|take|steal|build|add).*\.$"),
        "history": "History, newest last.",
        "rules": "Rules.",
        "back": "Back in the game.",
        "menu": "Game menu.",
        "of": "of",
        "top": "Top of the list.",
        "rules_item": "Rules",
        "section": "Stealing Bundles is a fishing game",
    },
    "de": {
        "turn": "Du bist dran",
        "hand": re.compile(r"^(\d): .+(käme|nimmt|nähme|stiehlt|stähle|baut|baute|legt|würde).*\.$"),
        "history": "Verlauf, das Neueste zuletzt.",
        "rules": "Regeln.",
        "back": "Zurück im Spiel.",
        "menu": "Spielmenü.",
        "of": "von",
        "top": "Anfang der Liste.",
        "rules_item": "Regeln",
        "section": "Stealing Bundles ist ein Angelspiel",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_key_is_heard_whole(listeners: list[Listener], tmp_path: Path, lang: str) -> None:
    words = WORDS[lang]
    listener = Listener(
        ["play", "bundles", "--humans", "1", "--seed", "7", "--lang", lang, "--speech", "screen-reader"], tmp_path
    )
    listeners.append(listener)
    start = said(listener.heard(until=words["turn"]))
    assert any(text.startswith(words["turn"]) for text in start), start

    # a digit: the card is named in one sentence, its number included (not swallowed as the key's echo)
    first = said(listener.press("1"))
    assert len(first) == 1 and words["hand"].match(first[0]), first
    assert first[0].startswith("1: ")

    # Right and Left: tdsr says the character under the cursor, which is the card's number, and the
    # row it stands on (read with tdsr's own read-line key) is the whole answer
    assert said(listener.press("right")) == ["letter 2"]
    row = said(listener.press("alt-i"))
    assert len(row) == 1 and words["hand"].match(row[0]) and row[0].startswith("2: "), row
    assert said(listener.press("left")) == ["letter 1"]
    assert said(listener.press("alt-i")) == first  # the same card, said the same way

    # a letter: R repeats the last announcement, all of it
    assert said(listener.press("r")) == first

    # the history: G opens it; Up at the top says so; Enter reads the whole entry
    opened = said(listener.press("g"))
    assert opened[0].startswith(words["history"]), opened
    assert said(listener.press("up")) == [words["top"]]
    entry = said(listener.press("enter"))
    assert entry and entry[0].startswith(f"1 {words['of']} 1: "), entry
    assert said(listener.press("escape")) == [words["back"]]

    # the rules: F1; Down and Up say each heading whole; Enter reads the section
    opened = said(listener.press("f1"))
    assert opened[0].startswith(words["rules"]), opened
    down = said(listener.press("down"))
    assert len(down) == 1 and down[0].startswith(f"2 {words['of']} "), down
    second = said(listener.press("down"))
    assert len(second) == 1 and second[0].startswith(f"3 {words['of']} "), second
    assert said(listener.press("up")) == down
    up = said(listener.press("up"))
    assert len(up) == 1 and up[0].startswith(f"1 {words['of']} "), up
    section = said(listener.press("enter"))
    assert section[0] == up[0] and section[1].startswith(words["section"]), section
    assert said(listener.press("escape")) == [words["back"]]

    # the game menu: Escape opens it, Down and Up say each item, Escape goes back
    menu = said(listener.press("escape"))
    assert menu[0].startswith(words["menu"]), menu
    assert said(listener.press("down")) == [f"2 {words['of']} 5: {words['rules_item']}"]
    assert said(listener.press("up"))[0].startswith(f"1 {words['of']} 5: ")
    assert said(listener.press("escape")) == [words["back"]]


def test_a_long_answer_to_an_arrow_is_heard_by_its_first_row_and_read_whole_with_enter(
    listeners: list[Listener], tmp_path: Path
) -> None:
    """A history entry wider than the screen: after Up tdsr speaks its first row, which starts it."""
    listener = Listener(
        ["play", "bundles", "--humans", "1", "--seed", "7", "--lang", "en", "--speech", "screen-reader"],
        tmp_path,
        columns=40,
    )
    listeners.append(listener)
    listener.heard(until="Your turn")
    listener.press("1")
    listener.press("enter")  # play the card: the computer answers
    listener.heard(until="Your turn")
    listener.press("g")
    for _entry in range(8):  # up to the first entry, the deal, which is longer than a row of 40
        first_row = said(listener.press("up"))
        assert len(first_row) == 1 and re.match(r"^\d+ of \d+: ", first_row[0]), first_row
        assert len(first_row[0]) < 40
        if first_row[0].startswith("1 of "):
            break
    assert first_row[0].startswith("1 of ") and "deal" in first_row[0], first_row
    whole = said(listener.press("enter"))
    assert whole[0] == first_row[0] and len(whole) > 1, whole  # the rest follows, row by row


def test_auto_chooses_the_screen_reader_under_tdsr(listeners: list[Listener], tmp_path: Path) -> None:
    """Run under tdsr, --speech auto sees it among the program's ancestors and leaves speech to it."""
    listener = Listener(
        ["play", "bundles", "--humans", "1", "--seed", "7", "--lang", "en", "--speech", "auto"],
        tmp_path,
        env={"ACCESSIBLE_CARDS_SPEECH": "", "ACCESSIBLE_CARDS_SCREEN_READER": ""},
    )
    listeners.append(listener)
    start = said(listener.heard(until="Your turn"))
    assert any("a screen reader is running" in text for text in start), start
    assert any("tdsr" in text for text in start if "screen reader" in text), start


def test_doctor_names_tdsr_when_run_under_it(listeners: list[Listener], tmp_path: Path) -> None:
    listener = Listener(["doctor"], tmp_path, env={"ACCESSIBLE_CARDS_SCREEN_READER": ""})
    listeners.append(listener)
    try:
        report = said(listener.heard(until="played", seconds=30))
    finally:
        listener.close()  # doctor may be ended before it has closed the speech-dispatcher its probe started:
        _end_speech_dispatchers_under(tmp_path)  # left running, it would hold port 6560 for every later test
    (line,) = [text for text in report if text.startswith("speech: screen reader")]
    assert "tdsr is reading" in line, report


def _end_speech_dispatchers_under(folder: Path) -> None:
    """Kill every speech-dispatcher whose command line names ``folder`` (its socket lies under it)."""
    for pid in speech_dispatchers_under(folder):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
