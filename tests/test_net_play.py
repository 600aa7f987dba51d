"""Classroom play over real loopback sockets: children in English and German at one table, whole games.

Each child runs the real ``join`` client (lobby, game screen, the game's own controller and narrator)
against a real server on an ephemeral port. What each child's game screen announces is compared with
what the same seat hears in local play from the same seed and moves: the game's narrator, in that
child's language, over that seat's own view after each step.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from net_support import Client, ServerThread

from accessible_cards.game import Voice
from accessible_cards.i18n import Catalog
from accessible_cards.net.protocol import seat_names
from accessible_cards.net.server import NetTable
from accessible_cards.ui.screens import ListScreen


@pytest.fixture
def server() -> Iterator[ServerThread]:
    running = ServerThread(seed=4242)
    try:
        yield running
    finally:
        running.close()


def _open(server: ServerThread, lang: str, name: str) -> Client:
    client = Client(server.port, lang, name=name)
    client.wait(lambda: client.app is not None and client.app.lobby is not None, what="the lobby")
    return client


def play_out(clients: list[Client], timeout: float = 60.0) -> None:
    """Each child plays the first card of the hand on their turn (and the first choice, if asked) until the end."""
    deadline = time.monotonic() + timeout
    asked: dict[int, tuple[int, int]] = {}
    while time.monotonic() < deadline:
        done = True
        for number, client in enumerate(clients):
            app = client.app
            assert app is not None
            screen = app.game_screen_now
            if screen is None or not screen.over:
                done = False
            if screen is None or screen.over:
                continue
            remote = screen.remote
            top = app.stack[-1]
            mark = (remote.steps, len(app.stack))
            if asked.get(number) == mark:
                continue
            if isinstance(top, ListScreen) and top.phase == "choice":
                asked[number] = mark
                client.send("1")
            elif top is screen and remote.to_move() == screen.seat_number and remote.legal_actions():
                asked[number] = mark
                client.send("play 1")
        if done:
            return
        time.sleep(0.005)
    raise AssertionError("the game did not end in time: " + " | ".join(c.said[-1] for c in clients))


def local_announcements(table: NetTable, seat: int, lang: str, verbosity: str = "normal") -> list[str]:
    """What ``seat`` hears in local play of the same seed and moves, in ``lang``: the narrator over its own view."""
    game = table.game
    assert table.table is not None
    state = game.new_state(table.players, table.variant, table.options, table.seed)
    kinds = [s.kind for s in table.seats]
    names = seat_names(Catalog(lang).text, kinds, [s.name for s in table.seats])
    narrator = game.narrator(state, Voice(lang, verbosity, names, seat))
    heard: list[str] = []

    def tell(events: list) -> None:
        view = state.view(seat)
        for event in events:
            utterance = narrator.event(event, view)
            if utterance is not None:
                heard.append(utterance.speech)

    tell(state.start())
    for move in table.table.moves:
        tell(state.apply(move.action))
    return heard


def test_english_and_german_children_play_a_whole_game_at_one_table(server: ServerThread) -> None:
    anna = _open(server, "en", "Anna")
    ben = _open(server, "de", "Ben")
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
        anna.wait_said("Table 1, seat 1: you are Anna.")
        ben.wait_said("Neuer Tisch: Tisch 1: Stealing Bundles")
        ben.send("1")  # the table
        ben.wait_said("Platz 2: frei")
        ben.send("2")
        ben.wait_said("Tisch 1, Platz 2: du bist Ben.")
        play_out([anna, ben])
        table = server.call(lambda: server.server.tables[1])
        assert table.table.result is not None
        for client, seat, lang in ((anna, 0, "en"), (ben, 1, "de")):
            screen = client.app.game_screen_now
            expected = local_announcements(table, seat, lang)
            assert len(expected) > 10 and any("Computer" in line for line in expected)
            assert screen.history == expected, f"seat {seat + 1} ({lang}) heard otherwise than in local play"
        assert any("Ben" in line for line in anna.said), "Anna hears Ben's moves by his name"
        assert any("Computer 1" in line for line in ben.said)
    finally:
        anna.close()
        ben.close()
