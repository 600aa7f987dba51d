"""The program as a listener meets it: a real pseudo-terminal, keys typed, the screen read back.

Each test asserts what a person would hear from a screen reader reading the
new lines: the announcements in order, the answers of review keys, the help,
refusals with their reasons, and no stray escape codes or warnings.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from terminal_support import Player, assert_clean, start


def test_first_start_asks_the_language_and_keeps_it(players: list[Player], config: Path) -> None:
    player = start(players, config)
    player.wait_for(r"Language\? Sprache\?")
    player.press("2")
    player.wait_for(r"^Willkommen\. Möchtest du zuerst eine kurze Einführung\?")
    player.press("2")  # no tutorial now
    player.wait_for(r"^Accessible Cards\. Hauptmenü")
    player.press("end", "enter")  # Quit, the last item
    player.wait_for(r"Auf Wiedersehen")
    assert 'language = "de"' in (config / "settings.toml").read_text(encoding="utf-8")
    again = start(players, config)
    line = again.wait_for(r"Hauptmenü")
    assert "Sprache?" not in "\n".join(again.lines())
    assert "Einführung?" not in "\n".join(again.lines())  # offered once only
    assert_clean([*again.lines(), line])


def test_a_whole_war_game_in_english(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "7", "--lang", "en", "--set", "max_rounds=6")
    player.wait_for(r"Press Enter to turn up the next card")
    opening = player.new_lines()
    assert opening[0] == "War for 2 players."
    assert opening[1] == "The cards are dealt face down: 26 cards each."
    for _ in range(12):
        player.press("enter")
        if any("What next?" in line for line in player.lines()):
            break
    player.wait_for(r"What next\?")
    said = player.new_lines()
    battles = [line for line in said if re.match(r"(You|Computer 1) wins? with", line)]
    assert battles, said
    assert any(line.startswith("Time is up") for line in said), said
    assert_clean(player.lines())
    player.press("3")  # Quit, from the "What next?" list
    player.wait_for("Goodbye")


def test_review_keys_answer_and_change_nothing(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "en")
    player.wait_for(r"Press Enter to turn up")
    player.new_lines()
    player.press("h")
    assert player.new_lines() == ["You have 26 cards in your pile."]
    player.press("t")
    assert player.new_lines() == ["The table is empty."]
    player.press("l")
    assert player.new_lines() == ["Nothing has been played yet."]
    player.press("enter")
    turned = player.new_lines()
    assert turned and re.match(r"(You|Computer 1) wins? with the", turned[0]), turned
    player.press("l")
    assert player.new_lines() == [" ".join(turned)]
    player.press("r")
    assert player.new_lines() == [" ".join(turned)]
    player.press("s")
    (scores,) = player.new_lines()
    assert scores.startswith("Cards held: you have 2") or scores.startswith("Cards held: you have 2"), scores


def test_help_is_the_key_map_and_unknown_keys_get_a_reason(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "en")
    player.wait_for(r"Press Enter to turn up")
    player.new_lines()
    player.press("?")
    help_lines = player.new_lines()
    assert help_lines[:2] == ["Keys for this moment, one a line:", "Enter or Space: turn up the next card"]
    for line in ("H: how many cards your pile holds", "T: the cards on the table", "Q: quit, after you confirm"):
        assert line in help_lines
    player.press("x")
    assert player.new_lines() == ["The X key does nothing here. Press ? for the keys."]
    player.type(":tisch\r")
    assert player.new_lines() == ["The table is empty."]
    player.type(":bogus\r")
    assert player.new_lines() == ["I do not know the command :bogus. Press ? for the keys."]


def test_quit_asks_first(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "en")
    player.wait_for(r"Press Enter to turn up")
    player.new_lines()
    player.press("q")
    question = "Quit the game? It is saved: Resume game goes on with it. 1: No, go on. 2: Yes, quit."
    assert player.new_lines() == [question]
    player.press("enter")
    assert player.new_lines() == ["Back in the game."]
    player.press("q", "2")
    player.wait_for("Goodbye")
    player.child.expect(r"\s*$|.*")
    player.child.wait()


def test_history_is_browsed_with_the_arrows(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "11", "--lang", "en")
    player.wait_for(r"Press Enter to turn up")
    player.press("enter", "enter")
    player.new_lines()
    player.press("g")
    opened = player.new_lines()
    assert opened[0].startswith("History, newest last.")
    assert re.match(r"\d+ of \d+: ", opened[1])
    player.press("up")
    (earlier,) = player.new_lines()
    number = int(opened[1].split(" ")[0])
    assert earlier.startswith(f"{number - 1} of {number}: ")
    player.press("home")
    (first,) = player.new_lines()
    assert first.startswith(f"1 of {number}: The cards are dealt")
    player.press("escape")
    assert player.new_lines() == ["Back in the game."]


def test_the_cursor_waits_at_the_prompt(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "en")
    player.wait_for(r"Press Enter to turn up")
    player.settle()
    column, row = player.cursor()
    assert player.screen.display[row].startswith(">")
    assert column == 2


def test_no_escape_sequences_when_output_is_not_a_terminal(config: Path) -> None:
    """Piped, the program reads lines and writes plain text only."""
    result = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "play", "war", "--seed", "4", "--lang", "en"],
        input="\n\nh\nq\n2\n",
        capture_output=True,
        text=True,
        timeout=30,
        env={"ACCESSIBLE_CARDS_CONFIG_DIR": str(config), "PATH": "/usr/bin:/bin", "ACCESSIBLE_CARDS_SPEECH": "off"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout
    lines = result.stdout.splitlines()
    assert lines[0] == "War for 2 players."
    assert "You have" in "\n".join(lines) and lines[-1] == "Goodbye."
    assert result.stderr == ""
