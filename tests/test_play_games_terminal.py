"""Stealing Bundles, the War quiz, hot seat and German, played through a real pseudo-terminal."""

from __future__ import annotations

import re
import time
from pathlib import Path

from terminal_support import Player, assert_clean, start

from accessible_cards.games.war.state import TURN, Battle, WarState


def _play_to_the_end(player: Player, next_title: str, choice_title: str) -> list[str]:
    """Select and play the first card every turn (taking the first choice when asked) until the game ends."""
    said: list[str] = []
    for _ in range(80):
        said += player.new_lines()
        if any(next_title in line for line in said):
            return said
        if said and choice_title in said[-1]:
            player.press("enter")
        else:
            player.press("1", "1")
    raise AssertionError("the game did not end:\n" + "\n".join(said[-20:]))


def test_a_whole_stealing_bundles_game_in_german(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "bundles", "--seed", "5", "--pause", "0", "--lang", "de")
    player.wait_for("Du bist dran")
    said = _play_to_the_end(player, "Wie geht es weiter?", "Was willst du?")
    assert said[0] == "Stealing Bundles für 2 Spieler."
    assert said[1].startswith("Computer 1 gibt je 4 Karten. Tisch: ")
    assert any(line.startswith("Du bist dran. Deine Karten: 1 ") for line in said)
    plays = [line for line in said if line.startswith(("Du nimmst", "Du legst", "Du stiehlst"))]
    assert len(plays) >= 10, said
    assert any(line.startswith("Computer 1 ") for line in said[3:])
    assert_clean(player.lines())


def test_a_card_is_selected_then_played_and_bad_positions_are_refused(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "bundles", "--seed", "5", "--pause", "0", "--lang", "en")
    player.wait_for("Your turn")
    player.new_lines()
    player.press("7")
    assert player.new_lines() == ["You have no card in position 7. You hold 4 cards."]
    player.press("enter")
    assert player.new_lines() == ["Choose a card first: its number, or Left and Right."]
    player.press("right")
    (first,) = player.new_lines()
    assert first.startswith("1: ")
    player.press("left")
    assert player.new_lines() == ["Start of your hand."]
    player.press("enter")
    played = player.new_lines()
    card = first.split(": ", 1)[1].split(",")[0]
    assert played[0].startswith("You ") and card in played[0], (card, played)
    player.type(":hand\r")
    (hand,) = player.new_lines()
    assert hand.startswith("You hold: 1 ") and card not in hand


def test_hot_seat_never_reads_a_hand_before_its_owner_is_at_the_keyboard(players: list[Player], config: Path) -> None:
    player = start(
        players,
        config,
        "play",
        "bundles",
        "--players",
        "2",
        "--humans",
        "2",
        "--seed",
        "9",
        "--pause",
        "0",
        "--lang",
        "en",
    )
    player.wait_for("Press Enter when Player 1 is at the keyboard")
    player.new_lines()
    player.press("h")
    assert player.new_lines() == ["Press Enter when Player 1 is at the keyboard."]
    player.press("enter")
    (first_hand,) = player.new_lines()
    assert first_hand.startswith("Your turn. You hold: 1 ")
    player.press("1", "1")
    after = player.new_lines()
    assert after[-1] == "Player 2's turn. Press Enter when Player 2 is at the keyboard."
    assert not any("You hold" in line for line in after)
    player.press("enter")
    (second_hand,) = player.new_lines()
    assert second_hand.startswith("Your turn. You hold: 1 ")
    own = set(first_hand.split("You hold: ", 1)[1].split(", "))
    assert own.isdisjoint(second_hand.split("You hold: ", 1)[1].split(", "))


def test_the_war_quiz_asks_before_it_tells(players: list[Player], config: Path) -> None:
    """Krieg: "er lernt Zahlen der Größe nach schnell zu vergleichen" (comparing numbers quickly)."""
    state = WarState(2, seed=3)
    state.start()
    answers: list[int] = []
    for _ in range(2):
        battle = next(event for event in state.apply(TURN) if isinstance(event, Battle))
        answers.append(0 if len(battle.high) > 1 else battle.high[0] + 1)
    player = start(players, config, "play", "war", "--seed", "3", "--quiz", "--lang", "en")
    player.wait_for("Press Enter to turn up")
    player.new_lines()
    player.press("enter")
    (question,) = player.new_lines()
    assert question.startswith("1: You, ") and " 2: Computer 1, " in question
    assert question.endswith("Which card is higher? Press its number, or 0 if they are equal.")
    player.press("7")
    assert player.new_lines() == ["Press a player's number, or 0 if the cards are equal."]
    player.press(str(answers[0]))
    told = player.new_lines()
    assert told[0] == "Right! 1 of 1 right."
    assert "wins with" in told[1] or "win with" in told[1] or "Tie" in told[1] or "tie" in told[1]
    player.press("enter")
    player.new_lines()
    wrong = 1 if answers[1] != 1 else 2
    player.press(str(wrong))
    (verdict, *_rest) = player.new_lines()
    assert verdict.startswith("Not quite: ") and verdict.endswith("1 of 2 right.")


def test_the_hot_seat_war_quiz_names_each_pupil_and_scores_each(players: list[Player], config: Path) -> None:
    """Issue 15: with two pupils the question says who answers, and each pupil keeps a score of their own."""
    state = WarState(2, seed=3)
    state.start()
    answers: list[int] = []
    for _ in range(2):
        battle = next(event for event in state.apply(TURN) if isinstance(event, Battle))
        answers.append(0 if len(battle.high) > 1 else battle.high[0] + 1)
    player = start(players, config, "play", "war", "--seed", "3", "--quiz", "--humans", "2", "--lang", "en")
    player.wait_for("Press Enter to turn up")
    player.new_lines()
    player.press("enter")
    (question,) = player.new_lines()
    assert question.startswith("Player 1, your question: 1: Player 1, ") and " 2: Player 2, " in question
    player.press(str(answers[0]))
    told = player.new_lines()
    assert told[0] == "Right! Player 1: 1 of 1 right."
    player.press("enter")
    (question,) = player.new_lines()
    assert question.startswith("Player 2, your question: 1: Player 1, ")
    player.press("9")
    assert player.new_lines() == ["Player 2, press a player's number, or 0 if the cards are equal."]
    wrong = 1 if answers[1] != 1 else 2
    player.press(str(wrong))
    (verdict, *_rest) = player.new_lines()
    assert verdict.startswith("Not quite: ") and verdict.endswith(" Player 2: 0 of 1 right.")
    player.press("s")
    said = player.new_lines()
    assert said[-1] == "Quiz scores: Player 1: 1 of 1 right. Player 2: 0 of 1 right."


def test_typed_words_and_the_game_menu_in_german(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "de")
    player.wait_for("Drücke Enter, um die nächste Karte aufzudecken")
    player.new_lines()
    player.type(":tisch\r")
    assert player.new_lines() == ["Der Tisch ist leer."]
    player.type(":hilfe\r")
    help_lines = player.new_lines()
    assert help_lines[0] == "Die Tasten für jetzt, eine pro Zeile:"
    assert "Enter oder Leertaste: die nächste Karte aufdecken" in help_lines
    player.press("escape")
    (menu,) = player.new_lines()
    assert menu.startswith("Spielmenü. 1: Zurück zum Spiel. 2: Regeln.")
    player.press("2")
    rules = player.new_lines()
    assert rules[0].startswith("Regeln.")
    assert rules[1].startswith("1 von ") and "Krieg" in rules[1]
    player.press("down")
    heading, text = player.new_lines()  # the heading is a line of its own, its text the next
    assert heading.startswith("2 von ") and "Karten" in heading and text
    player.press("escape", "1")
    assert player.new_lines()[-1] == "Zurück im Spiel."


def test_a_whole_stealing_bundles_game_in_english(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "bundles", "--seed", "8", "--pause", "0", "--lang", "en")
    player.wait_for("Your turn")
    said = _play_to_the_end(player, "What next?", "can do more than one thing")
    assert said[0] == "Stealing Bundles for 2 players."
    assert any(line.startswith(("You capture", "You trail", "You steal")) for line in said)
    assert any(line.startswith("Computer 1 ") for line in said[3:])
    assert_clean(player.lines())


def test_a_whole_war_game_in_german(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "7", "--lang", "de", "--set", "max_rounds=5")
    player.wait_for("Drücke Enter, um die nächste Karte aufzudecken")
    said: list[str] = []
    for _ in range(12):
        player.press("enter")
        said += player.new_lines()
        if "Wie geht es weiter?" in " ".join(said):
            break
    assert said[0] == "Krieg für 2 Spieler."
    assert any(line.startswith(("Du gewinnst", "Computer 1 gewinnt")) for line in said), said
    assert "Wie geht es weiter?" in said[-1]
    assert_clean(player.lines())


def test_typed_words_without_a_colon_in_word_mode(players: list[Player], config: Path) -> None:
    config.mkdir()
    (config / "settings.toml").write_text('language = "en"\ninput = "words"\n', encoding="utf-8")
    player = start(players, config, "play", "bundles", "--seed", "5", "--pause", "0")
    player.wait_for("Your turn")
    player.new_lines()
    player.type("table\r")
    (table,) = player.new_lines()
    assert table.startswith("On the table: ")
    player.type("h\r")
    (hand,) = player.new_lines()
    assert hand.startswith("You hold: 1 ")
    first = hand.split("1 ", 1)[1].split(",")[0]
    player.type("play 1\r")
    assert first in player.new_lines()[0]


def test_a_broken_settings_file_is_said_once_and_kept(players: list[Player], config: Path) -> None:
    config.mkdir()
    broken = 'language = "de"\nverbosity = "loud"\n'
    (config / "settings.toml").write_text(broken, encoding="utf-8")
    player = start(players, config)
    player.wait_for("Hauptmenü")
    lines = player.new_lines()
    assert lines[0].startswith("Problem in der Einstellungsdatei: ")
    assert "verbosity" in lines[0]
    player.press("5")
    player.wait_for("Einstellungen")
    player.press("2", "q", "2")
    player.wait_for("Auf Wiedersehen")
    assert (config / "settings.toml").read_text(encoding="utf-8") == broken


def test_the_terminal_is_never_asked_for_the_cursor_and_no_colour_is_sent(players: list[Player], config: Path) -> None:
    player = start(players, config, "play", "war", "--seed", "3", "--lang", "en")
    player.wait_for("Press Enter to turn up")
    player.press("enter", "t", "?")
    player.settle()
    assert "\x1b[6n" not in player.raw  # a cursor-position request
    assert "\x1b[?1049h" not in player.raw  # the alternate screen
    for params in re.findall(r"\x1b\[([0-9;]*)m", player.raw):
        codes = [int(code) for code in params.split(";") if code]
        assert not any(30 <= code <= 49 or 90 <= code <= 107 for code in codes), params  # no colour at all


def test_unicode_braille_lines_follow_each_announcement(players: list[Player], config: Path) -> None:
    from accessible_cards.braille import louis

    player = start(players, config, "play", "war", "--seed", "3", "--lang", "en", "--braille", "unicode")
    player.wait_for("Press Enter to turn up")
    player.new_lines()
    player.press("enter")
    lines = player.new_lines()
    words = [line for line in lines if not all(0x2800 <= ord(ch) <= 0x28FF for ch in line)]
    cells = [line for line in lines if all(0x2800 <= ord(ch) <= 0x28FF for ch in line)]
    assert words and len(cells) == len(words), lines
    state = WarState(2, seed=3)
    state.start()
    battle = next(event for event in state.apply(TURN) if isinstance(event, Battle))
    card = battle.cards[0][1].code
    assert louis.to_unicode(card, "en") in cells[0], (card, cells[0])


def test_the_games_own_voice_is_announced_once_and_plus_changes_its_rate(
    players: list[Player], config: Path, tmp_path: Path
) -> None:
    """Issue 5: self-voicing says which engine it uses, once; + speaks faster and the settings keep it."""
    player = Player(
        ["play", "war", "--seed", "3", "--lang", "en"],
        config,
        env={
            "ACCESSIBLE_CARDS_SPEECH": "self",
            "SPEECHD_ADDRESS": f"unix_socket:{tmp_path / 'no-speechd.sock'}",  # no speech-dispatcher here
        },
    )
    players.append(player)
    player.wait_for("Press Enter to turn up")
    player.press("t")
    notice = player.wait_for(r"^Speech: the game speaks with (pyttsx3|espeak-ng)\.$", seconds=20)
    player.new_lines()
    player.press("+")
    assert player.new_lines() == ["Speech rate: 200 words a minute."]
    player.press("q", "2")
    player.wait_for("Goodbye")
    assert "rate = 200" in (config / "settings.toml").read_text(encoding="utf-8")
    assert sum(1 for line in player.lines() if line.startswith("Speech: ")) == 1, notice
    assert_clean(player.lines())


def _next_marker(player: Player, after: int, seconds: float = 10.0) -> tuple[int, str]:
    """The first line after line ``after`` that asks the person for a key: their turn, the next game, what next."""
    wanted = re.compile(r"^(Your turn\.|Press Enter for the next game\.|What next\?)")
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        lines = player.said()
        for index in range(after, len(lines)):
            if wanted.search(lines[index]):
                return index, lines[index]
        player.settle(0.03)
    raise AssertionError("the game stopped asking:\n" + "\n".join(player.said()[-15:]))


def test_a_rubamazzo_match_played_to_its_end_then_a_new_match(players: list[Player], config: Path) -> None:
    """Issue 15: a best of three; the standing after each game; the next game after Enter; "Play again" starts a
    new match. Seed 2 against the easy computer is decided in two games."""
    player = start(
        players, config, "play", "bundles", "--variant", "rubamazzo", "--seed", "2", "--pause", "0",
        "--level", "easy", "--lang", "en",
    )  # fmt: skip
    at, line = _next_marker(player, 0)
    assert "This is a match: best of 3 games." in player.said()[:at]
    pauses = 0
    for _ in range(200):
        if line.startswith("Your turn."):
            player.type("11")
        elif line.startswith("Press Enter"):
            pauses += 1
            standing = player.said()[at - 1]
            assert standing.startswith("After 1 game of the best of 3: you have won ")
            player.press("s")
            player.settle(0.2)
            assert player.said()[-1] == "Game 2 of the match. " + standing.split(" Next game:")[0]
            player.press("enter")
        else:
            break
        at, line = _next_marker(player, at + 1)
    said = player.said()
    assert line == "What next?" or line.startswith("What next?"), said[-5:]
    assert pauses == 1
    end = [text for text in said if "wins the match" in text or "win the match" in text]
    assert end in (["You win the match after 2 games."], ["Computer 1 wins the match after 2 games."])
    standing = next(text for text in reversed(said) if text.startswith("After 2 games of the best of 3: "))
    assert ("you have won 2 games" in standing) is (end[0].startswith("You"))
    player.press("1")  # Play again: a new match, from its first game
    again, _ = _next_marker(player, at + 1)
    fresh = player.said()[at + 1 : again]
    assert any("This is a match: best of 3 games." in text for text in fresh), fresh
    assert any(" deal" in text and "3 cards each" in text for text in fresh), fresh
    assert_clean(player.lines())
