"""What a run chooses on the command line holds for that run alone; the player's own choices are kept (issue 15)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from terminal_support import Player, assert_clean, start


def _number_of(line: str, label: str) -> str:
    """The number a listing gives the item that starts with ``label``."""
    found = re.search(r"(\d+): " + re.escape(label), line)
    assert found, line
    return found[1]


def test_one_off_flags_are_never_saved(players: list[Player], config: Path) -> None:
    player = start(
        players,
        config,
        *("play", "war", "--seed", "3", "--speech", "off", "--verbosity", "brief", "--lang", "de"),
        *("--braille", "unicode"),
    )
    player.wait_for(r"je 26 Karten")
    player.settle()
    player.press("escape")
    menu = player.wait_for(r"^Spielmenü")
    player.press(_number_of(menu, "Einstellungen"))
    listing = player.wait_for(r"^Einstellungen\.")
    player.press(_number_of(listing, "Krieg-Quiz"))
    player.wait_for(r"Krieg-Quiz: an")
    saved = tomllib.loads((config / "settings.toml").read_text(encoding="utf-8"))
    assert saved.get("war", {}).get("quiz") is True
    # the file keeps what it had before (here nothing, so the defaults), never this run's flags
    assert "language" not in saved and saved.get("verbosity", "normal") == "normal", saved
    assert saved.get("speech", {}).get("mode", "auto") == "auto", saved  # --speech and ACCESSIBLE_CARDS_SPEECH
    assert saved.get("braille", {}).get("output", "off") == "off", saved
    assert saved.get("war", {}).get("players", 2) == 2, saved
    assert_clean(player.lines())


def test_resume_goes_straight_into_the_saved_game_on_a_new_profile(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "de")
    player.wait_for(r"je 26 Karten")
    player.settle()
    player.press("enter")
    player.settle()
    player.press("q")
    player.wait_for(r"^Spiel beenden\?")
    player.press("2")
    player.wait_for(r"Auf Wiedersehen")
    assert not (config / "settings.toml").exists()  # nothing was chosen in the program: nothing is written
    again = start(players, config, "resume")
    first = again.wait_for(r"fortgesetzt nach \d+ Z(ug|ügen)\.")
    said = "\n".join(again.lines())
    assert "Sprache?" not in said and "Einführung?" not in said and "Hauptmenü" not in said, said
    assert again.said()[0] == first  # the saved game in its own language, with nothing before it
    assert_clean(again.lines())


def test_common_options_before_the_command_open_the_main_menu_with_them(players: list[Player], config: Path) -> None:
    player = start(players, config, "--lang", "de", "--braille", "unicode", "--verbosity", "brief", "--speech", "off")
    first = player.wait_for(r"^Willkommen\. Möchtest du zuerst eine kurze Einführung\?")
    assert "Sprache?" not in "\n".join(player.lines())
    assert player.said()[0] == first  # --lang answered the first-start question
    player.wait_for("^[\u2800-\u28ff]+$")  # --braille unicode: a line of braille cells under it
    player.press("2")  # no tutorial now: the main menu, in German
    player.wait_for(r"^Accessible Cards\. Hauptmenü")
    player.press("end", "enter")
    player.wait_for(r"Auf Wiedersehen")
    assert not (config / "settings.toml").exists()


def test_common_options_are_parsed_before_the_command() -> None:
    from accessible_cards.cli import build_parser

    args = build_parser().parse_args(["--lang", "de", "--verbosity", "full", "resume"])
    assert (args.common_lang, args.common_verbosity, args.command) == ("de", "full", "resume")


def test_play_with_lang_offers_the_tutorial_when_the_main_menu_first_opens(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "--lang", "en")
    player.wait_for(r"^Welcome\. Would you like a short tutorial first\?")
    assert "Sprache?" not in "\n".join(player.lines())
    player.press("2")
    player.wait_for(r"^Accessible Cards\. Main menu")


def test_yes_no_questions_take_y_and_n_and_their_help_says_so(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "en")
    player.wait_for(r"26 cards each")
    player.settle()
    player.press("q")
    player.wait_for(r"^Quit the game\?")
    player.new_lines()
    player.press("?")
    player.wait_for(r"Keys for this moment")
    help_lines = player.new_lines()
    assert "Y or J: yes (J as in ja)" in help_lines and "N: no" in help_lines, help_lines
    player.press("n")  # no: back in the game
    player.settle()
    assert not any("does nothing" in line for line in player.new_lines())
    player.press("q")
    player.wait_for(r"^Quit the game\?")
    player.press("y")
    player.wait_for(r"^Goodbye")


def test_german_yes_no_questions_take_j(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "--lang", "de")
    player.wait_for(r"^Willkommen\. Möchtest du zuerst eine kurze Einführung\?")
    player.press("n")  # no tutorial now
    player.wait_for(r"^Accessible Cards\. Hauptmenü")
    player.press("q")
    player.wait_for(r"^Accessible Cards beenden\?")
    player.press("j")
    player.wait_for(r"^Auf Wiedersehen")


def test_r_repeats_the_last_announcement_never_a_refusal(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "en")
    player.wait_for(r"26 cards each")
    player.settle()
    player.press("h")
    player.wait_for(r"You have 26 cards in your pile\.")
    player.new_lines()
    player.press("x")
    assert player.new_lines() == ["The X key does nothing here. Press ? for the keys."]
    player.press("r")
    assert player.new_lines() == ["You have 26 cards in your pile."]
    player.press("?")  # help still answers after a refusal
    assert player.new_lines()[0] == "Keys for this moment, one a line:"


def test_the_digit_of_a_player_count_is_the_count(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "--lang", "en")
    player.wait_for(r"^Welcome\.")
    player.press("n")
    menu = player.wait_for(r"^Accessible Cards\. Main menu")
    player.new_lines()
    player.press(_number_of(menu, "Play War"))
    question = player.wait_for(r"How many players\?")
    assert question.startswith("War. How many players? 2: two players. 3: three players. 4: four players."), question
    player.press("down")
    assert player.new_lines()[-1] == "3: three players"
    player.press("1")
    assert player.new_lines() == ["There is no item 1. Choose 2 to 4."]
    player.press("3")  # three players
    people = player.wait_for(r"How many of them are people")
    assert "1: one person. 2: two people. 3: three people." in people, people
    player.press("1")  # one person
    player.wait_for(r"^War for 3 players")


def test_a_which_choice_is_followed_by_what_was_chosen_alone(tmp_path: Path) -> None:
    """A "Which?" choice closes without "Back in the game."; leaving the game menu still says it."""
    import io

    from accessible_cards import settings as settings_file
    from accessible_cards.keys import Typed
    from accessible_cards.ui.app import App, GameRequest
    from accessible_cards.ui.game_screen import GameScreen, game_menu
    from accessible_cards.ui.terminal import Terminal

    loaded = settings_file.Loaded(settings_file.Settings(lang="en"), (), False, tmp_path / "settings.toml")
    out = io.StringIO()
    app = App(Terminal("en", stdin=io.StringIO(""), stdout=out), loaded)
    screen = GameScreen(app, GameRequest("war", 2, 1, None, 3))
    app.stack.append(screen)
    chosen: list[str] = []
    screen.choose("The seven can do more than one thing. Which?", [("take", lambda: chosen.append("take"))])
    start = len(out.getvalue())
    app.dispatch(Typed("number", 1))
    assert chosen == ["take"]
    assert "Back in the game." not in out.getvalue()[start:]
    app.push(game_menu(app, "war"))
    app.dispatch(Typed("number", 1))  # Back to the game
    assert out.getvalue().rstrip().endswith("Back in the game.")


def test_the_seed_is_said_at_full_verbosity_and_on_the_i_key(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "7", "--lang", "en")
    player.wait_for(r"26 cards each")
    assert player.new_lines()[0] == "War for 2 players."
    player.press("i")
    assert player.new_lines() == ["Seed 7. The same seed deals the same cards: --seed 7."]
    full = start(players, config, "play", "war", "--seed", "7", "--lang", "en", "--verbosity", "full")
    full.wait_for(r"26 cards each")
    assert full.new_lines()[0] == "War for 2 players. Seed 7."


def test_the_first_language_question_gives_its_hint_in_both_languages(players: list[Player], config: Path) -> None:
    player = start(players, config)
    line = player.wait_for(r"Language\? Sprache\?")
    assert line.endswith(
        "Up and Down to move, Enter to choose, Escape to go back. "
        "Pfeil hoch und runter zum Bewegen, Enter zum Wählen, Escape geht zurück."
    ), line
