"""Classroom play over real loopback sockets: children in English and German at one table, whole games.

Each child runs the real ``join`` client (lobby, game screen, the game's own controller and narrator)
against a real server on an ephemeral port. What each child's game screen announces is compared with
what the same seat hears in local play from the same seed and moves: the game's narrator, in that
child's language, over that seat's own view after each step.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from net_support import ServerThread, local_announcements, open_client, play_out


@pytest.fixture
def server() -> Iterator[ServerThread]:
    running = ServerThread(seed=4242)
    try:
        yield running
    finally:
        running.close()


def test_english_and_german_children_play_a_whole_game_at_one_table(server: ServerThread) -> None:
    anna = open_client(server, "en", "Anna")
    ben = open_client(server, "de", "Ben")
    mia = open_client(server, "de", "Mia")
    try:
        anna.wait_said("Lobby of Class 3b")
        ben.wait_said("Lobby von Class 3b")
        anna.send("1")  # Create a table
        anna.wait_said("Which game?")
        anna.send("2")  # Stealing Bundles
        anna.wait_said("How many players?")
        anna.send("3")
        anna.wait_said("How many of them computer players?")
        anna.send("1")
        anna.wait_said("Rule options?")
        anna.send("1")  # Create the table with these rules
        anna.wait_said("Table 1, seat 1: you are Anna.")
        ben.wait_said("Neuer Tisch: Tisch 1: Stealing Bundles")
        ben.send("1")  # the table
        ben.wait_said("Platz 2: frei")
        ben.send("2")
        ben.wait_said("Tisch 1, Platz 2: du bist Ben.")
        mia.send("1")  # Mia watches: she hears the public steps only
        mia.wait_said("Diesem Tisch zuschauen")
        mia.send("4")
        mia.wait_said("Du schaust Tisch 1 zu")
        play_out([anna, ben])
        mia.wait(lambda: mia.app.game_screen_now.over, what="the end, for the watcher")
        table = server.call(lambda: server.server.table(1))
        assert table.table.result is not None
        for client, seat, lang in ((anna, 0, "en"), (ben, 1, "de")):
            screen = client.app.game_screen_now
            expected = local_announcements(table, seat, lang)
            assert len(expected) > 10 and any("Computer" in line for line in expected)
            assert screen.history == expected, f"seat {seat + 1} ({lang}) heard otherwise than in local play"
        assert mia.app.game_screen_now.history == local_announcements(table, None, "de")
        assert any("Ben" in line for line in anna.said), "Anna hears Ben's moves by his name"
        assert any("Computer 1" in line for line in ben.said)
    finally:
        anna.close()
        ben.close()
        mia.close()


def test_the_seed_key_at_a_network_table_says_the_server_keeps_it(server: ServerThread) -> None:
    anna = open_client(server, "en", "Anna")
    try:
        anna.send("1")
        anna.wait_said("Which game?")
        anna.send("2", "2", "1", "1")
        anna.wait(lambda: anna.app.game_screen_now is not None and anna.app.game_screen_now.remote.started)
        anna.send("i")
        anna.wait_said("The server keeps this table's seed; the teacher's log has it.")
    finally:
        anna.close()


def test_table_options_are_checked_by_the_game_and_a_bad_one_refused_in_the_childs_language(
    server: ServerThread,
) -> None:
    ben = open_client(server, "de", "Ben")
    anna = open_client(server, "en", "Anna")
    try:
        ben.wait_said("Lobby von Class 3b")
        ben.send("1")
        ben.wait_said("Welches Spiel?")
        ben.send("2")  # Stealing Bundles
        ben.wait_said("Wie viele Spieler?")
        ben.send("2")
        ben.wait_said("Wie viele davon Computerspieler?")
        ben.send("1")
        ben.wait_said("Regeloptionen?")
        ben.send("2")  # the options, one a line
        ben.wait_said("match_games: 1, 3, 5 or 7")
        ben.send(":setze hand=99")
        ben.wait_said("Die Option 'hand' nimmt 99 nicht")
        ben.send(":setze colour=red")
        ben.wait_said("colour")
        assert server.call(lambda: dict(server.server.tables)) == {}, "no table is made with a bad option"
        assert ben.app.stack[-1] is ben.app.options_screen, "the options can be typed again"
        ben.send(":setze match_games=3 hand=3")
        ben.wait_said("Tisch 1, Platz 1: du bist Ben.")
        table = server.call(lambda: server.server.table(1))
        assert table.options == {"match_games": "3", "hand": "3"}
        anna.wait_said("match_games=3 hand=3")  # the lobby says the table's rules
        assert ben.app.game_screen_now.table.state.options.match_games == 3
    finally:
        ben.close()
        anna.close()
