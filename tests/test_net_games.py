"""Every registered game at a network table: a child seated with computer players hears what local play says.

The registry decides which games a class can play over the network, so a new game package must work
there without any code in the network layer naming it. Each game is created at a real server on a
loopback port, the child's real ``join`` client plays its seat's first legal move at each turn (up
to a number of steps, for games that can last long), and the child's history is compared with the
narrator of local play over the same seed and moves, in English and in German.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from net_support import ServerThread, local_announcements, open_client

from accessible_cards import game as games

STEPS = 40
PACE = 0.06
"""A child's pace between moves: well under the server's limit of messages a second."""


@pytest.fixture
def server() -> Iterator[ServerThread]:
    running = ServerThread(seed=777)
    try:
        yield running
    finally:
        running.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", games.names())
def test_every_game_plays_at_a_network_table_as_in_local_play(server: ServerThread, name: str, lang: str) -> None:
    described = games.get(name)
    players = described.min_players
    computers = players - 1 if described.levels else 0
    persons = players - computers
    child = open_client(server, lang, "Anna")
    others = [open_client(server, lang, f"Kind {n}") for n in range(1, persons)]
    watcher = open_client(server, lang, "Mia")
    watchable = described.new_state(players, None, {}, 1).public_view() is not None
    try:
        assert child.app is not None
        child.app.link.send({"t": "create", "game": name, "variant": None, "players": players, "computers": computers})
        child.wait(lambda: child.app is not None and child.app.game_screen_now is not None, what="the table")
        for number, other in enumerate(others, start=2):
            other.send("1")  # the table
            other.wait_said({"en": f"Seat {number}: free", "de": f"Platz {number}: frei"}[lang])  # its seats
            other.send(str(number))
            other.wait(lambda o=other: o.app is not None and o.app.game_screen_now is not None, what="a seat")
        if watchable:
            assert watcher.app is not None
            watcher.app.watch(1)
            watcher.wait(lambda: watcher.app is not None and watcher.app.game_screen_now is not None, what="watching")
        clients = [child, *others]
        deadline = time.monotonic() + 60
        moved = 0
        while moved < STEPS and time.monotonic() < deadline:
            acted = False
            for client in clients:
                assert client.app is not None
                screen = client.app.game_screen_now
                if screen is None or screen.over:
                    continue
                remote = screen.remote
                if remote.to_move() == screen.seat_number and remote.legal_actions():
                    steps = remote.steps
                    remote.play(remote.legal_actions()[0])
                    client.wait(lambda r=remote, s=steps: r.steps > s, what="the server's answer to a move")
                    moved += 1
                    time.sleep(PACE)
                    acted = True
            if all(
                c.app is not None and c.app.game_screen_now is not None and c.app.game_screen_now.over for c in clients
            ):
                break
            if not acted:
                time.sleep(0.01)
        assert moved > 0, f"{name}: the child never had a move"
        table = server.call(lambda: server.server.table(1))
        assert table.table is not None

        def same() -> bool:
            screen = child.app.game_screen_now if child.app is not None else None
            return screen is not None and screen.history == local_announcements(table, 0, lang)

        try:
            child.wait(same, timeout=5, what="the history of local play")
        except AssertionError:
            screen = child.app.game_screen_now
            assert screen is not None
            assert screen.history == local_announcements(table, 0, lang), f"{name} ({lang}) told otherwise"
        if watchable:

            def watched() -> bool:
                screen = watcher.app.game_screen_now if watcher.app is not None else None
                return screen is not None and screen.history == local_announcements(table, None, lang)

            try:
                watcher.wait(watched, timeout=5, what="the public history of local play")
            except AssertionError:
                screen = watcher.app.game_screen_now
                assert screen is not None
                assert screen.history == local_announcements(table, None, lang), f"{name} ({lang}): watcher"
    finally:
        for client in (child, *others, watcher):
            client.close()
