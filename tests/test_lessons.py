"""The lessons in docs/lessons: every scenario replays to its end and shows its rule; every lesson has both texts.

``play --scenario`` plays a lesson at the keyboard of a real pseudo-terminal;
a scenario that cannot be played is refused with one line and exit status 1.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from terminal_support import Player, assert_clean, start

LESSONS = Path(__file__).resolve().parents[1] / "docs" / "lessons"
SCENARIOS = sorted(LESSONS.glob("*.json"))

Events = list[dict[str, Any]]


def _replay(path: Path) -> Events:
    result = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return [json.loads(line) for line in result.stdout.splitlines()]


def _of(events: Events, kind: str) -> Events:
    return [event for event in events if event["type"] == kind]


def _first_steal(events: Events) -> None:
    """Stealing Bundles: "matching an opponent's bundle steals the whole pile"."""
    (steal,) = _of(events, "steal")
    assert steal["player"] == 0 and steal["victim"] == 1 and steal["count"] == 2


def _capture_several(events: Events) -> None:
    """Stealing Bundles: "you capture all matching table cards together with your played card"."""
    assert any(len(capture["cards"]) >= 3 for capture in _of(events, "capture"))


def _trail_invites_steal(events: Events) -> None:
    """A trailed card is captured; the capture's rank on top of the bundle is then stolen."""
    plays = [event for event in events if event["type"] in ("trail", "capture", "steal")]
    trail, capture, steal = plays[:3]
    assert trail["type"] == "trail" and trail["player"] == 0
    assert capture["type"] == "capture" and capture["cards"] == [trail["card"]]
    assert steal["type"] == "steal" and steal["victim"] == capture["player"]
    assert steal["card"][0] == capture["card"][0] == trail["card"][0]


def _redeal(events: Events) -> None:
    """Stealing Bundles: "when all hands are empty, the dealer deals 4 more to each player"."""
    (redeal,) = _of(events, "redeal")
    assert redeal["counts"] == [4, 4] and redeal["stock"] == 0 and redeal["table"] == []
    before = events.index(redeal)
    assert sum(1 for event in events[:before] if event["type"] in ("trail", "capture", "steal")) == 8


def _war(events: Events) -> None:
    """Krieg: "Wenn beide Karten denselben Wert haben, dann ist Krieg"."""
    assert len(_of(events, "war")) == 1
    assert _of(events, "face_down")[0]["counts"] == [[0, 3], [1, 3]]
    assert events[-1]["wars"] == 1


def _last_capture(events: Events) -> None:
    """Rubamazzo: the cards left on the table go to the last player who captured or stole."""
    takes = [event for event in events if event["type"] in ("capture", "steal")]
    (leftovers,) = _of(events, "leftovers")
    assert leftovers["cards"] and leftovers["to"] == takes[-1]["player"] == 0
    assert events.index(takes[-1]) < max(i for i, event in enumerate(events) if event["type"] == "trail")


RULES: dict[str, Callable[[Events], None]] = {
    "first-steal": _first_steal,
    "capture-several": _capture_several,
    "trail-invites-steal": _trail_invites_steal,
    "redeal": _redeal,
    "war-with-a-war": _war,
    "rubamazzo-last-capture": _last_capture,
}


def test_the_lessons_cover_the_rules_a_teacher_needs() -> None:
    assert len(SCENARIOS) >= 6
    assert set(RULES) <= {path.stem for path in SCENARIOS}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda path: path.stem)
def test_every_lesson_replays_to_its_end(path: Path) -> None:
    events = _replay(path)
    assert events[-1]["type"] == "game_over", events[-1]
    rule = RULES.get(path.stem)
    if rule is not None:
        rule(events)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda path: path.stem)
def test_every_lesson_has_its_text_in_both_languages(path: Path) -> None:
    headings = {}
    for lang in ("en", "de"):
        text_path = path.with_name(f"{path.stem}.{lang}.md")
        assert text_path.is_file(), f"{text_path.name} is missing"
        text = text_path.read_text(encoding="utf-8")
        assert f"accessible-cards play --scenario docs/lessons/{path.name}" in text
        headings[lang] = re.findall(r"^#+ ", text, flags=re.MULTILINE)
        assert len(headings[lang]) >= 4
    assert headings["en"] == headings["de"]


# --- play --scenario --------------------------------------------------------------------


def test_a_lesson_is_played_at_the_keyboard_and_played_again(players: list[Player], config: Path) -> None:
    lesson = str(LESSONS / "first-steal.json")
    player = start(players, config, "play", "--scenario", lesson, "--lang", "en", "--pause", "0")
    player.wait_for("Your turn")
    opening = player.new_lines()
    assert opening == [
        "Scenario first-steal.json. You are Player 1.",
        "Stealing Bundles for 2 players.",
        "You deal 3 cards each. Table: six of clubs, ten of diamonds, four of spades and queen of clubs. "
        "The stock is empty. Computer 1 plays first.",
        "Computer 1 captures the six of clubs with the six of spades.",
        "Your turn. You hold: 1 six of hearts, 2 three of clubs and 3 jack of diamonds.",
    ]
    player.press("1")
    assert player.new_lines() == ["1: six of hearts, would steal Computer 1's bundle of 2 cards."]
    player.press("1")
    assert player.new_lines() == [
        "You steal Computer 1's bundle of 2 cards with the six of hearts.",
        "Computer 1 trails the eight of diamonds.",  # the script goes on: the pupil played its card
        "Your turn. You hold: 1 three of clubs and 2 jack of diamonds.",
    ]
    player.press("1", "1", "1", "1")
    player.wait_for("What next")
    said = player.new_lines()
    assert "You win the game with 3 cards." in said[-2], said
    player.press("1")  # play again: the same lesson from its deal
    player.wait_for("Computer 1 captures the six of clubs")
    assert player.new_lines()[0] == "Scenario first-steal.json. You are Player 1."
    assert_clean(player.lines())


def test_a_rubamazzo_lesson_in_german_gives_the_leftovers_to_the_last_taker(
    players: list[Player], config: Path
) -> None:
    lesson = str(LESSONS / "rubamazzo-last-capture.json")
    player = start(players, config, "play", "--scenario", lesson, "--lang", "de", "--pause", "0")
    player.wait_for("Du bist dran")
    for _ in range(3):
        player.press("1", "1")
    player.wait_for("Wie geht es weiter")
    said = player.new_lines()
    assert said[0] == "Szenario rubamazzo-last-capture.json. Du bist Spieler 1."
    assert "Du nimmst mit Tre di Bastoni Tre di Coppe." in said
    assert any(line.endswith("Die 4 Karten gehen an dich.") for line in said), said
    assert_clean(player.lines())


BAD = {
    "card.json": ('{"game": "bundles", "hands": [["7H"], ["7X"]]}', "7X is not a card code", "7X ist kein Kartencode"),
    "broken.json": (
        '{"game": "bundles",',
        "not valid JSON at line 1, column 20.",
        "kein gültiges JSON in Zeile 1, Spalte 20.",
    ),
    "move.json": (
        '{"game": "bundles", "hands": [["7H"], ["7S"]], "moves": [{"card": "7H"}]}',
        "Move 1: 7H is not in the hand of Player 2.",
        "Zug 1: 7H ist nicht im Blatt von Spieler 2.",
    ),
    "players.json": (
        '{"game": "war", "players": 7}',
        "'players' must be a whole number from 2 to 4, not 7.",
        "'players' muss eine ganze Zahl von 2 bis 4 sein, nicht 7.",
    ),
    "missing.json": (None, "missing.json: no such file.", "missing.json: Diese Datei gibt es nicht."),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_scenario_is_refused_in_one_line(tmp_path: Path, name: str, lang: str) -> None:
    content, english, german = BAD[name]
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "play", "--scenario", str(path), "--lang", lang],
        capture_output=True,
        text=True,
        timeout=30,
        env={"ACCESSIBLE_CARDS_CONFIG_DIR": str(tmp_path / "config"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("accessible-cards: ")
    assert (english if lang == "en" else german) in line
    assert "Traceback" not in result.stderr


def test_a_scenario_fixes_the_game_so_game_flags_are_refused(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "play", "--scenario", "x.json", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=30,
        env={"ACCESSIBLE_CARDS_CONFIG_DIR": str(tmp_path / "config"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert result.returncode == 2
    assert "--scenario fixes the game" in result.stderr
