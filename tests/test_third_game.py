"""The proof that a game needs no edit outside its own package: High Card (``tests/highcard``) through the registry.

High Card lives under ``tests/`` and registers itself as a real game does. The
programs these tests start find it only through the environment
(``ACCESSIBLE_CARDS_GAMES=highcard`` with ``tests`` on ``PYTHONPATH``); then it
is played in a real pseudo-terminal from the main menu and from ``play
highcard``, saved, killed with SIGKILL and resumed, replayed from a scenario
file, simulated, and reviewed with the keys every game shares.

In this process the game joins the registry only for the tests that ask for
it (the ``high_card`` fixture), so that every other test sees the built-in
games alone.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest
from terminal_support import Player, assert_clean

from accessible_cards import game as registry
from accessible_cards import saves
from accessible_cards.cards import Card
from accessible_cards.engine import Event
from accessible_cards.errors import ScenarioError
from accessible_cards.game import GameDescription
from accessible_cards.i18n import Catalog
from accessible_cards.scenario import parse as parse_scenario
from accessible_cards.ui.scenario_play import scenario_reason
from accessible_cards.utterance import BRAILLE_CELLS, VERBOSITIES

TESTS = Path(__file__).resolve().parent
NAMES = ["Player 1", "Computer 1"]
RESUMED = re.compile(r"^High Card resumed after (\d+) moves?\. G reads the history\.$")


def environment() -> dict[str, str]:
    """What a program needs to find High Card: the module's name, and the folder that holds it."""
    path = os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH", "")]))
    return {"ACCESSIBLE_CARDS_GAMES": "highcard", "PYTHONPATH": path}


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameDescription]:
    """High Card in this process's registry for one test; the registry is as it was afterwards."""
    registry.registered()  # the built-in games are found first
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    import highcard

    yield registry.register_game(highcard.DESCRIPTION)


def _configure(config: Path) -> None:
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text('language = "en"\ncomputer_pause = 0.0\n', encoding="utf-8")


def _start(players: list[Player], config: Path, *args: str) -> Player:
    player = Player(list(args), config, env=environment())
    players.append(player)
    return player


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    """The program without a terminal, finding High Card as the terminal tests do."""
    return subprocess.run(
        [sys.executable, "-m", "accessible_cards", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **environment()},
        check=False,
    )


def _play_out(state: Any) -> Iterator[tuple[list[Event], Any]]:
    """Deal and play ``state`` to its end, yielding each step's events with the state just after it."""
    yield state.start(), state
    while state.result is None:
        yield state.apply(next(iter(state.legal_actions()))), state


def _transcript(state: Any, verbosity: str = "normal") -> list[list[str]]:
    """What the first seat hears of each step, as the game screen says it (a lone person is "you")."""
    from highcard.narrator import HighCardNarrator

    narrator = HighCardNarrator("en", verbosity, NAMES, you=0)
    said: list[list[str]] = []
    events = state.start()
    while True:
        view = state.view(0)
        said.append([u.speech for u in (narrator.event(event, view) for event in events) if u is not None])
        if state.result is not None:
            return said
        events = state.apply(next(iter(state.legal_actions())))


def _cards_in(value: Any) -> set[Card]:
    """Every card a view or an event holds, however deep."""
    if isinstance(value, Card):
        return {value}
    if is_dataclass(value) and not isinstance(value, type):
        return set().union(*(_cards_in(getattr(value, f.name)) for f in fields(value)))
    if isinstance(value, (tuple, list)):
        return set().union(*(_cards_in(item) for item in value))
    return set()


# --- the game itself -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_game_plays_to_its_end_and_every_step_reads_back(high_card: GameDescription, seats: int) -> None:
    state = high_card.new_state(seats, None, {"cards": 5}, 11)
    before = state.to_json()
    assert before["phase"] == "deal" and before["game"] == "highcard"
    events = state.start()
    moves = 0
    while state.result is None:
        seat = state.to_move()
        (action,) = state.legal_actions()
        assert high_card.action_from_json(high_card.action_to_json(action), "move") == action
        assert action.seat == seat
        copy = state.clone()
        events = state.apply(action)
        assert copy.to_json() != state.to_json()  # the copy stayed where it was
        assert high_card.state_from_json(state.to_json()).to_json() == state.to_json()
        moves += 1
    assert moves == 5 * seats
    assert events[-1].type == "game_over"
    assert sum(state.result.scores) <= 5
    assert state.to_move() is None and not state.legal_actions()


def test_each_seats_view_holds_only_the_cards_turned_this_round(high_card: GameDescription) -> None:
    """Nothing hidden leaks: no view and no event holds a card before its owner turns it, not even its own."""
    for seed in range(20):
        state = high_card.new_state(3, None, {"cards": 4}, seed)
        turned: set[Card] = set()
        for events, after in _play_out(state):
            for event in events:
                turned |= _cards_in(event)
                assert _cards_in(event) <= turned
            for seat in range(3):
                view = after.view(seat)
                on_table = {card for _, card in view.table}
                assert _cards_in(view) == on_table <= turned
                assert view.legal_actions == ((next(iter(after.legal_actions())),) if after.to_move() == seat else ())


def test_the_narrator_speaks_every_event_in_both_languages_within_a_braille_line(high_card: GameDescription) -> None:
    from highcard.narrator import HighCardNarrator

    for lang in ("en", "de"):
        for verbosity in VERBOSITIES:
            for seats in (2, 3, 4):
                names = ["Player 1", *(f"Computer {n}" for n in range(1, seats))]
                narrator = HighCardNarrator(lang, verbosity, names, you=0)
                state = high_card.new_state(seats, None, {"cards": 13}, seats)
                for events, after in _play_out(state):
                    view = after.view(0)
                    said = [narrator.event(event, view) for event in events]
                    said += [narrator.table(view), narrator.scores(view), narrator.pile(view), narrator.turn()]
                    for utterance in said:
                        assert utterance is not None and utterance.speech and utterance.braille
                        assert len(utterance.braille) <= BRAILLE_CELLS, utterance.braille


def test_a_scenario_fixes_each_seats_card(high_card: GameDescription) -> None:
    scenario = parse_scenario({"game": "highcard", "cards": [["7H"], ["KS"]]})
    assert scenario.moves is None
    said = _transcript(scenario.state)
    assert said == [
        ["Each player gets 1 card face down."],
        ["You turn the seven of hearts."],
        ["Computer 1 turns the king of spades.", "Computer 1 wins round 1 with the king of spades.",
         "Game over: Computer 1 wins with 1 point."],
    ]  # fmt: skip
    seeded = parse_scenario({"game": "highcard", "seed": 4, "players": 3})
    assert seeded.state.to_json() == high_card.new_state(3, None, {}, 4).to_json()


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"game": "highcard", "cards": [["7H"], ["KS", "2C"]]}, "the same number of cards"),
        ({"game": "highcard", "cards": [["7H"]]}, "1 piles for 1 players"),
        ({"game": "highcard", "cards": [["7H"], ["7H"]]}, "listed twice"),
        ({"game": "highcard", "cards": [["7H"], ["ZZ"]]}, "not a card code"),
        ({"game": "highcard", "hands": [["7H"], ["KS"]]}, "unknown key 'hands'"),
        ({"game": "highcard"}, "a 'seed'"),
    ],
)
def test_a_bad_scenario_is_refused_in_one_sentence(high_card: GameDescription, data: Any, reason: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(reason)):
        parse_scenario(data)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_id_two_games_word_is_said_as_the_refusing_game_words_it(high_card: GameDescription, lang: str) -> None:
    """War and High Card both refuse a scenario with 'error-scenario-pile-count'; each says its own sentence."""
    catalog = Catalog(lang, strict=True)
    said = {}
    five = [["7H"], ["KS"], ["2C"], ["3D"], ["4H"]]
    for game, key in (("war", "piles"), ("highcard", "cards")):
        with pytest.raises(ScenarioError) as refused:
            parse_scenario({"game": game, key: five, "players": 2})
        assert refused.value.msg_id == "error-scenario-pile-count" and refused.value.by_game == game
        said[game] = scenario_reason(refused.value, catalog.text)
    expected = {
        "en": ("5 piles for 2 players: give one pile per player.", "High Card takes one pile per player"),
        "de": ("5 Stapel für 2 Spieler: Gib einen Stapel pro Spieler an.", "Höchste Karte braucht einen Stapel"),
    }[lang]
    assert said["war"] == expected[0]
    assert expected[1] in said["highcard"] and said["highcard"].startswith("5 ")


def test_its_rules_pages_are_read_from_its_own_package(high_card: GameDescription) -> None:
    from accessible_cards.rules import rules_text

    english, german = rules_text("highcard", "en"), rules_text("highcard", "de")
    assert english is not None and english.startswith("# High Card\n")
    assert german is not None and german.startswith("# Höchste Karte\n")
    assert english == (TESTS / "highcard" / "rules" / "en.md").read_text(encoding="utf-8")


def test_the_program_finds_it_through_the_environment_alone() -> None:
    probe = "from accessible_cards import game; print(' '.join(game.names()))"
    found = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env={**os.environ, **environment()}, check=True
    )
    assert found.stdout.split()[-1] == "highcard"
    without = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "highcard" not in without.stdout.split()
    assert "highcard" not in registry.names()  # this process's registry holds the built-in games only


# --- replay and simulate -----------------------------------------------------------------------------


def test_replayed_from_a_scenario_file_as_json_lines(high_card: GameDescription, tmp_path: Path) -> None:
    data = {"game": "highcard", "cards": [["7H", "2C"], ["KS", "2D"]]}
    path = tmp_path / "highcard.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = _run("replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    expected = [event.to_dict() for events, _ in _play_out(parse_scenario(data).state) for event in events]
    assert lines == expected
    assert [line["type"] for line in lines] == [
        "dealt", "turned", "turned", "round", "turned", "turned", "round", "game_over"
    ]  # fmt: skip
    assert lines[3] == {"type": "round", "round": 1, "winners": [1], "card": "KS"}
    assert lines[6] == {"type": "round", "round": 2, "winners": [0, 1], "card": "2C"}
    assert lines[7] == {"type": "game_over", "scores": [0, 1], "winners": [1]}
    plain = _run("replay", str(path))
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.splitlines()[-2:] == [
        "Round 2 is a tie between Player 1 and Player 2: nobody scores.",  # the narrator's words
        "Game over: Player 2 wins with 1 point.",
    ]


def test_a_seeded_scenario_replays_the_seeds_deal(high_card: GameDescription, tmp_path: Path) -> None:
    path = tmp_path / "seeded.json"
    path.write_text('{"game": "highcard", "seed": 9, "players": 3}', encoding="utf-8")
    result = _run("replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    expected = [e.to_dict() for events, _ in _play_out(high_card.new_state(3, None, {}, 9)) for e in events]
    assert [json.loads(line) for line in result.stdout.splitlines()] == expected


def test_simulated_a_hundred_games(high_card: GameDescription) -> None:
    result = _run("simulate", "highcard", "--games", "100", "--seed", "1", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["game"] == "highcard" and figures["games"] == 100 and figures["players"] == 2
    assert sum(figures["wins"]) + figures["draws"] == 100
    assert figures["rounds"] == 300 and 0 < figures["tied_rounds"] < 300
    assert high_card.simulate is not None
    assert figures == high_card.simulate(players=None, games=100, seed=1, settings={})  # the same seeded games
    plain = _run("simulate", "highcard", "--games", "100", "--seed", "1")
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.splitlines()[0] == "High Card, 2 players, 100 games, seed 1."


# --- in a real terminal -----------------------------------------------------------------------------


def test_played_from_the_main_menu(players: list[Player], config: Path) -> None:
    _configure(config)
    player = _start(players, config)
    menu = player.wait_for(r"Main menu")
    found = re.search(r"(\d+): Play High Card\.", menu)
    assert found is not None, menu
    player.new_lines()
    player.press(found.group(1))
    assert player.wait_for(r"How many players\?").startswith("High Card. How many players? 2: two players.")
    player.press("2")  # 2 players
    player.wait_for(r"How many of them are people")
    player.press("1")  # 1 person: the other seat is the computer
    player.wait_for(r"^Your turn: press Enter to turn your card\.$")
    opening = player.new_lines()
    assert re.match(r"^High Card for 2 players\.$", opening[-4]), opening
    assert opening[-3:-1] == [
        "Each player gets 3 cards face down.",
        "Press Enter to turn your card. Press ? for the keys.",
    ]
    for round_ in (1, 2, 3):
        player.press("enter")
        player.wait_for(r"^Your turn: press Enter" if round_ < 3 else r"^What next\?")
        said = player.new_lines()
        assert re.match(r"^You turn the \w+ of \w+\.$", said[0]), said
        assert re.match(r"^Computer 1 turns the \w+ of \w+\.$", said[1]), said
        assert re.match(rf"^(You win|Computer 1 wins) round {round_} with the |^Round {round_} is a tie", said[2]), said
    assert said[3].startswith("Game over: ") and said[4].startswith("What next? 1: Play again."), said
    assert_clean(player.lines())
    player.press("3")  # Quit
    player.wait_for("Goodbye")


def test_played_from_the_command_line_says_what_the_narrator_says(
    high_card: GameDescription, players: list[Player], config: Path
) -> None:
    _configure(config)
    expected = _transcript(high_card.new_state(2, None, {"cards": 2}, 3))
    player = _start(players, config, "play", "highcard", "--seed", "3", "--set", "cards=2")
    player.wait_for(r"^Your turn: press Enter")
    assert player.new_lines() == [
        "High Card for 2 players.",
        *expected[0],
        "Press Enter to turn your card. Press ? for the keys.",
        "Your turn: press Enter to turn your card.",
    ]
    player.press("enter")
    player.wait_for(r"^Your turn: press Enter")
    assert player.new_lines() == [*expected[1], *expected[2], "Your turn: press Enter to turn your card."]
    player.press("enter")
    player.wait_for(r"What next\?")
    assert player.new_lines()[:-1] == [*expected[3], *expected[4]]
    assert_clean(player.lines())


def test_saved_killed_and_resumed_to_the_same_game(
    high_card: GameDescription, players: list[Player], config: Path, data_folder: Path
) -> None:
    _configure(config)
    player = _start(players, config, "play", "highcard", "--seed", "5", "--set", "cards=4")
    player.wait_for(r"^Your turn: press Enter")
    for round_ in (1, 2):
        player.press("enter")
        player.wait_for(rf"round {round_}|Round {round_}")
    player.settle()
    player.new_lines()
    player.press("g")
    history = player.wait_for(r"^\d+ of \d+: ")
    player.press("escape")
    player.child.kill(9)  # no goodbye: the save is all there is
    player.child.wait()
    player.close()
    (path,) = saves.game_files(data_folder / "saves")
    saved = saves.load(path)
    assert saved.info.game == "highcard" and not saved.finished
    assert [move.by for move in saved.moves] == ["person", "computer", "person", "computer"]
    saves.replay(saved)  # the moves lead to the saved position

    again = _start(players, config, "resume")
    match = RESUMED.match(again.wait_for(RESUMED.pattern))
    assert match is not None and match.groups() == ("4",)
    again.wait_for(r"^Your turn: press Enter")
    again.new_lines()
    again.press("g")
    assert again.wait_for(r"^\d+ of \d+: ") == history  # the same history, to its last line
    again.press("escape")
    for round_ in (3, 4):
        again.press("enter")
        again.wait_for(rf"round {round_}|Round {round_}")
    again.wait_for(r"What next\?")
    assert_clean(again.lines())
    finished = saves.load(path)
    assert finished.finished
    straight = high_card.new_state(2, None, {"cards": 4}, 5)
    for _ in _play_out(straight):
        pass
    assert finished.current == straight.to_json()  # the game played in pieces is the game played straight through
    assert len(finished.moves) == 8


def test_reviewed_with_the_keys_every_game_shares(players: list[Player], config: Path) -> None:
    _configure(config)
    player = _start(players, config, "play", "highcard", "--seed", "3", "--set", "cards=4")
    player.wait_for(r"^Your turn: press Enter")
    player.new_lines()
    player.press("?")
    keys = player.new_lines()
    assert keys[:2] == ["Keys for this moment, one a line:", "Enter or Space: turn your card"]
    for line in (
        "T: the cards turned this round",
        "S: the points so far",
        "H: how many cards your pile still holds",
        "R: repeat the last announcement",
        "G: browse the game's history",
        "V: brief, normal or full announcements",
        "F1: the rules of this game",
        "Q: quit, after you confirm",
    ):
        assert line in keys, keys
    player.press("t")
    assert player.new_lines() == ["No card is turned yet this round."]
    player.press("h")
    assert player.new_lines() == ["You have 4 cards left to turn."]

    player.press("enter")
    player.wait_for(r"^Your turn: press Enter")
    round_one = player.new_lines()
    player.press("r")
    assert player.new_lines() == [round_one[-1]]  # R repeats what was said last
    player.press("l")
    assert player.new_lines() == [" ".join(round_one[1:3])]  # the last play: the computer's turn and the result
    player.press("t")
    (table,) = player.new_lines()
    assert table.startswith("Round 1: you turned the ") and " and Computer 1 turned the " in table
    player.press("s")
    (scores,) = player.new_lines()
    assert scores.startswith("Points after 1 of 4 rounds: you: ")

    player.press("g")
    opened = player.new_lines()
    assert opened[0].startswith("History, newest last.")
    assert opened[1] == f"4 of 4: {round_one[2]}"
    player.press("home")
    assert player.new_lines() == ["1 of 4: Each player gets 4 cards face down."]
    player.press("escape")
    assert player.new_lines() == ["Back in the game."]

    player.press("v")
    assert player.new_lines() == ["Verbosity: full"]
    player.press("enter")
    player.wait_for(r"^Your turn: press Enter")
    assert " Points: you: " in player.new_lines()[2]  # full verbosity adds everybody's points
    player.press("v")
    assert player.new_lines() == ["Verbosity: brief"]
    player.press("enter")
    player.wait_for(r"^Your turn: press Enter")
    result = player.new_lines()[2]
    assert re.match(r"^(You win the round with|Computer 1 wins the round with|A tie: nobody scores)", result)

    player.press("f1")
    rules = player.new_lines()
    assert rules[0] == "Rules. Up and Down move from heading to heading, Enter reads the section, Escape goes back."
    assert rules[1] == "1 of 5: High Card"  # each heading a line of its own, its text on the next
    assert rules[2].startswith("High Card is a tiny game the tests play")
    player.press("down")
    heading, deal = player.new_lines()
    assert heading == "2 of 5: The deal"
    assert deal.startswith("Each player gets the same number of cards face down")
    player.press("escape")
    assert player.new_lines() == ["Back in the game."]
    player.press("escape")
    assert player.new_lines()[0].startswith("Game menu. 1: Back to the game. 2: Rules. 3: Settings.")
    player.press("1")
    assert player.new_lines() == ["Back in the game."]
    player.press("q")
    question = "Quit the game? It is saved: Resume game goes on with it. 1: No, go on. 2: Yes, quit."
    assert player.new_lines() == [question]
    player.press("2")
    player.wait_for("Goodbye")
    assert_clean(player.lines())
