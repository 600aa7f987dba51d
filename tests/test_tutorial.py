"""The spoken tutorial, played through a real pseudo-terminal in both languages.

Each step waits for its key; a wrong key is told what to press and changes
nothing; Escape leaves at any moment; the main menu plays it again, and a
first start offers it once, after the language.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from terminal_support import Player, assert_clean, start

MENU_ITEM = {"en": "7: Tutorial: learn the keys with one short hand.", "de": "7: Einführung: die Tasten"}

# (keys pressed, a line that must follow) for the whole tutorial, per language.
WALK = {
    "en": [
        ("enter", "Your cards are numbered from the left, 1 to 3. Press H to hear your hand."),
        ("h", "You hold: 1 nine of diamonds, 2 seven of hearts and 3 five of spades."),
        ("2", "Press Enter, or 2 again, to play the seven."),
        ("enter", "You capture the seven of clubs with the seven of hearts."),
        ("1", "Press Enter, or 1 again, to play the nine."),
        ("1", "You steal Computer 1's bundle of 2 cards with the nine of diamonds."),
        ("t", "On the table: two of diamonds and four of hearts."),
        ("b", "Your bundle: 5 cards, top card nine of diamonds. Computer 1's bundle: empty."),
        ("s", "R repeats the last thing said, such as this sentence. Press R to repeat."),
        ("r", "G opens the history"),
        ("g", "History, newest last. Up and Down to move, Enter to read a whole entry, Escape to go back."),
        ("escape", "The question mark says the keys"),
        ("?", "Keys for this moment, one a line:"),
        ("1", "Press Enter, or 1 again, to play the five."),
        ("1", "You trail the five of spades."),
        ("escape", "Well done: that was the whole tutorial. The main menu plays it again: choose Tutorial."),
    ],
    "de": [
        ("enter", "Deine Karten sind von links nummeriert, 1 bis 3. Drücke H, um deine Karten zu hören."),
        ("h", "Deine Karten: 1 Karo Neun, 2 Herz Sieben und 3 Pik Fünf."),
        ("2", "Drücke Enter oder noch einmal 2, um die Sieben zu spielen."),
        ("2", "Du nimmst mit der Herz Sieben die Kreuz Sieben."),
        ("1", "Drücke Enter oder noch einmal 1, um die Neun zu spielen."),
        ("enter", "Du stiehlst Computer 1 mit der Karo Neun den Stapel mit 2 Karten."),
        ("t", "Auf dem Tisch: Karo Zwei und Herz Vier."),
        ("b", "Dein Stapel: 5 Karten, oben Karo Neun. Stapel von Computer 1: leer."),
        ("s", "R wiederholt das zuletzt Gesagte, zum Beispiel diesen Satz. Drücke R zum Wiederholen."),
        ("r", "G öffnet den Verlauf"),
        ("g", "Verlauf, das Neueste zuletzt."),
        ("escape", "Das Fragezeichen sagt die Tasten"),
        ("?", "Die Tasten für jetzt, eine pro Zeile:"),
        ("1", "Drücke Enter oder noch einmal 1, um die Fünf zu spielen."),
        ("enter", "Du legst die Pik Fünf auf den Tisch."),
        (
            "escape",
            "Gut gemacht: Das war die ganze Einführung. Im Hauptmenü kannst du sie wiederholen: Wähle Einführung.",
        ),
    ],
}


def _open_from_the_menu(players: list[Player], config: Path, lang: str) -> Player:
    config.mkdir()
    (config / "settings.toml").write_text(f'language = "{lang}"\ncomputer_pause = 0.0\n', encoding="utf-8")
    player = start(players, config)
    menu = player.wait_for("Main menu|Hauptmenü")
    assert MENU_ITEM[lang] in menu
    player.new_lines()
    player.press("7")
    return player


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tutorial_runs_to_its_end(players: list[Player], config: Path, lang: str) -> None:
    player = _open_from_the_menu(players, config, lang)
    (opening,) = player.new_lines()
    assert opening.startswith(("Tutorial. You play one short hand", "Einführung. Du spielst eine kurze Runde"))
    assert opening.endswith(("Press Enter to begin.", "Drücke Enter, um anzufangen."))
    said: list[str] = []
    for key, expected in WALK[lang]:
        player.press(key)
        fresh = player.new_lines()
        assert any(line.startswith(expected) for line in fresh), (key, expected, fresh)
        said += fresh
    assert any(
        line.startswith(("You win the game with 5 cards.", "Du gewinnst das Spiel mit 5 Karten.")) for line in said
    )
    # the menu after the game; with four games its German line is wrapped by the terminal
    assert any(line.startswith(("Accessible Cards. Main menu.", "Accessible Cards. Hauptmenü.")) for line in said[-4:])
    assert not any(line.startswith(("Not that key", "Nicht diese Taste")) for line in said)
    assert_clean(player.lines())


def test_a_wrong_key_is_told_what_to_press_and_changes_nothing(players: list[Player], config: Path) -> None:
    player = _open_from_the_menu(players, config, "en")
    player.new_lines()
    player.press("x")
    assert player.new_lines() == ["Not that key now. Press Enter to begin."]
    player.press("enter")
    player.new_lines()
    player.press("t")
    assert player.new_lines() == ["Not that key now. Press H to hear your hand."]
    player.press("h")
    player.new_lines()
    player.press("3")  # the five, not the seven
    assert player.new_lines() == ["Not that key now. Press 2 to select your seven."]
    player.press("2")
    player.new_lines()
    player.press("l")
    assert player.new_lines() == ["Not that key now. Press Enter, or 2 again, to play the seven."]
    player.press("enter")
    assert player.new_lines()[0] == "You capture the seven of clubs with the seven of hearts."


def test_escape_skips_the_tutorial(players: list[Player], config: Path) -> None:
    player = _open_from_the_menu(players, config, "de")
    player.press("enter")
    player.new_lines()
    player.press("escape")
    said = player.new_lines()
    assert said[0] == "Einführung verlassen. Im Hauptmenü kannst du sie wiederholen: Wähle Einführung."
    assert said[1].startswith("Accessible Cards. Hauptmenü.")
    player.press("7")  # and again from the menu
    assert player.new_lines()[0].startswith("Einführung. Du spielst eine kurze Runde")


def test_a_first_start_offers_the_tutorial_after_the_language(players: list[Player], config: Path) -> None:
    player = start(players, config)
    player.wait_for(r"Language\? Sprache\?")
    player.new_lines()
    player.press("1")
    assert player.new_lines() == [
        "Welcome. Would you like a short tutorial first? It teaches the keys with one hand of Stealing Bundles. "
        "1: Yes, start the tutorial. 2: No, go to the main menu. Up and Down to move, Enter to choose, "
        "Escape to go back."
    ]
    player.press("enter")
    (opening,) = player.new_lines()
    assert opening.startswith("Tutorial. You play one short hand of Stealing Bundles")
    player.press("q")
    assert player.new_lines() == ["Quit the game? It is not saved. 1: No, go on. 2: Yes, quit."]
    player.press("1")
    assert player.new_lines() == ["Back in the game.", opening]
    assert_clean(player.lines())
