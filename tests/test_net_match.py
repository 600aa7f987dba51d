"""A match over the network (Rubamazzo: best of 3): the next game waits until every child at the table asks for it.

Two real ``join`` clients, one in English and one in German, and a computer seat. When a game of the
match ends, each child hears the end and the standing; the next deal is held back until that child
presses Enter, and the server plays no further move (the computer's neither) while a child still
holds the deal, so nothing is told out of order. The teacher can start the next game for everyone.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_support import Client, ServerThread, local_announcements, open_client

from accessible_cards.ui.screens import ListScreen


@pytest.fixture
def server() -> Iterator[ServerThread]:
    running = ServerThread(seed=777)
    try:
        yield running
    finally:
        running.close()


def _seat_at_a_match(server: ServerThread) -> tuple[Client, Client]:
    anna = open_client(server, "en", "Anna")
    ben = open_client(server, "de", "Ben")
    anna.wait_said("Lobby of Class 3b")
    anna.send("1")  # Create a table
    anna.wait_said("Which game?")
    top = anna.app.stack[-1]
    number = next(
        i for i, item in enumerate(top.items, start=1) if "Rubamazzo" in item.label and "15" not in item.label
    )
    anna.send(str(number))
    anna.wait_said("How many players?")
    anna.send("3")
    anna.wait_said("How many of them computer players?")
    anna.send("1")
    anna.wait_said("Rule options?")
    anna.send("1")  # Create the table with these rules
    anna.wait_said("Table 1, seat 1: you are Anna.")
    ben.wait_said("Neuer Tisch: Tisch 1")
    ben.send("1")
    ben.wait_said("Platz 2: frei")
    ben.send("2")
    ben.wait_said("Tisch 1, Platz 2: du bist Ben.")
    return anna, ben


def _moves(server: ServerThread) -> int:
    return int(server.call(lambda: len(server.server.table(1).table.moves)))


def _play(clients: list[Client], server: ServerThread, slow: Client, timeout: float = 90.0) -> int:
    """Each child plays its first card on its turn; at a game's end, ``slow`` presses Enter last, and late.

    Returns how many times the table waited for ``slow``; while it waited, the server made no move
    and the other child was told nothing more.
    """
    deadline = time.monotonic() + timeout
    asked: dict[int, tuple[int, int, int]] = {}
    waits = 0
    while time.monotonic() < deadline:
        if all(c.app.game_screen_now is not None and c.app.game_screen_now.over for c in clients):
            return waits
        holding = [c for c in clients if c.app.game_screen_now.controller.waiting_for() is not None]
        if len(holding) == len(clients):  # each client has heard the end: one may hear it later than another
            for client in holding:
                if client is not slow:
                    client.send("")  # Enter: this child is ready for the next game
            quick = [c for c in clients if c is not slow]
            for client in quick:
                client.wait(lambda c=client: not c.app.game_screen_now.holding, what="the ready sent")
                client.wait_said("The next game starts when everyone")
            before = _moves(server)
            steps = [c.app.game_screen_now.remote.steps for c in quick]
            time.sleep(0.5)  # the slow child has not pressed Enter yet
            assert _moves(server) == before, "no move is made while a child still holds the deal"
            assert [c.app.game_screen_now.remote.steps for c in quick] == steps, "nothing more is told meanwhile"
            waits += 1
            slow.send("")
            slow.wait(lambda: slow.app.game_screen_now.controller.waiting_for() is None, what="the next deal")
            continue
        for number, client in enumerate(clients):
            app = client.app
            screen = app.game_screen_now
            if screen is None or screen.over:
                continue
            remote = screen.remote
            top = app.stack[-1]
            mark = (remote.steps, len(app.stack), len(client.output.said))
            if asked.get(number) == mark:
                continue
            if isinstance(top, ListScreen) and top.phase == "choice":
                asked[number] = mark
                client.send("1")
            elif top is screen and remote.to_move() == screen.seat_number and remote.legal_actions():
                asked[number] = mark
                client.send("play 1")
        time.sleep(0.005)
    raise AssertionError("the match did not end in time: " + " | ".join(c.said[-1] for c in clients))


def test_a_whole_match_waits_for_each_child_before_the_next_game(server: ServerThread) -> None:
    anna, ben = _seat_at_a_match(server)
    try:
        waits = _play([anna, ben], server, slow=ben)
        table = server.call(lambda: server.server.table(1))
        assert table.table.result is not None and table.table.result.reason.startswith("match"), "the whole match"
        assert waits >= 1, "at least one game ended within the match"
        waiting = ("The next game starts when everyone at the table has pressed Enter.",)
        for client, seat, lang in ((anna, 0, "en"), (ben, 1, "de")):
            heard = [line for line in client.app.game_screen_now.history if line not in waiting]
            expected = local_announcements(table, seat, lang)
            assert heard[: len(expected)] == expected, f"seat {seat + 1} heard otherwise than in local play"
            assert len(heard) - len(expected) <= 1, "then only who won the match"
        assert any(line in waiting for line in anna.app.game_screen_now.history), "Anna was told the table waits"
        assert any("Press Enter for the next game." in line for line in anna.said)
        assert any("Drücke Enter für das nächste Spiel." in line for line in ben.said)
    finally:
        anna.close()
        ben.close()


def test_a_move_before_all_are_ready_is_refused_and_the_teacher_can_start_the_next_game(server: ServerThread) -> None:
    anna, ben = _seat_at_a_match(server)
    try:
        deadline = time.monotonic() + 60
        while not server.call(lambda: bool(server.server.table(1).held)):
            assert time.monotonic() < deadline, "no game of the match ended"
            for client in (anna, ben):
                screen = client.app.game_screen_now
                top = client.app.stack[-1]
                if isinstance(top, ListScreen) and top.phase == "choice":
                    client.send("1")
                elif top is screen and screen.remote.to_move() == screen.seat_number and screen.remote.legal_actions():
                    client.send("play 1")
            time.sleep(0.05)
        anna.wait(lambda: anna.app.game_screen_now.controller.waiting_for() is not None, what="the held deal")
        anna.app.link.send({"t": "act", "action": 1})  # a move, straight to the server, before all are ready
        anna.wait_said("The next game starts when everyone at the table has pressed Enter.")
        before = _moves(server)
        assert server.call(lambda: server.server.start_now(server.server.table(1))), "the teacher starts it"
        assert server.call(lambda: server.server.table(1).held) == set()
        anna.wait_said("The teacher starts the next game.")
        ben.wait_said("Die Lehrkraft beginnt das nächste Spiel.")
        for client in (anna, ben):  # each is told the deal it held, with no key pressed
            client.wait(lambda c=client: c.app.game_screen_now.controller.waiting_for() is None, what="the next deal")
        play = [anna, ben]
        deadline = time.monotonic() + 60
        while _moves(server) < before + 4:  # the next game goes on: then each heard it as in local play
            assert time.monotonic() < deadline, "the next game did not go on"
            for client in play:
                screen = client.app.game_screen_now
                top = client.app.stack[-1]
                if isinstance(top, ListScreen) and top.phase == "choice":
                    client.send("1")
                elif top is screen and screen.remote.to_move() == screen.seat_number and screen.remote.legal_actions():
                    client.send("play 1")
            time.sleep(0.05)
        time.sleep(0.3)
        table = server.call(lambda: server.server.table(1))
        told = (
            "The next game starts when everyone at the table has pressed Enter.",
            "The teacher starts the next game.",
            "Die Lehrkraft beginnt das nächste Spiel.",
        )
        for client, seat, lang in ((anna, 0, "en"), (ben, 1, "de")):
            heard = [line for line in client.app.game_screen_now.history if line not in told]
            local = local_announcements(table, seat, lang)
            assert heard == local[: len(heard)] and len(local) - len(heard) <= 2, f"seat {seat + 1}: out of order"
    finally:
        anna.close()
        ben.close()


def test_a_server_killed_while_a_match_waits_comes_back_still_waiting(tmp_path: Path) -> None:
    import random

    from net_bots import Bot, play_bots
    from net_support import CODE

    first = ServerThread(seed=31, data=tmp_path)
    anna, ben = Bot(first.port), Bot(first.port)
    tokens = []
    for number, bot in enumerate((anna, ben), start=1):
        bot.hello()
        bot.wait_for("tables")
        if number == 1:
            bot.send({"t": "create", "game": "bundles", "variant": "rubamazzo", "players": 2})
            bot.wait_for("created")
        bot.send({"t": "sit", "table": 1, "seat": number})
        tokens.append(bot.wait_for("seated")["token"])
    try:
        held = lambda _bot, _message: bool(first.call(lambda: first.server.table(1).held))  # noqa: E731
        play_bots([anna, ben], random.Random(5), stop=held)
        assert first.call(lambda: first.server.table(1).held) == {0, 1}
        anna.send({"t": "ready"})
        anna.wait_for("notice", id="next-game-waits")
        assert first.call(lambda: first.server.table(1).held) == {1}
    finally:
        anna.close()
        ben.close()
        first.close()  # the next server reads the autosave (written at every change, so a kill leaves the same)
    second = ServerThread(seed=31, data=tmp_path)
    ben = Bot(second.port)
    try:
        assert second.call(lambda: second.server.table(1).held) == {1}, "still waiting for Ben"
        ben.send({"t": "rejoin", "code": CODE, "token": tokens[1], "seen": 0})
        ben.wait_for("seated")
        ben.send({"t": "act", "action": 0})
        assert ben.wait_for("refused", id="net-next-game")
        ben.send({"t": "ready"})
        deadline = time.monotonic() + 5
        while second.call(lambda: second.server.table(1).held):
            assert time.monotonic() < deadline, "the ready was not taken"
            time.sleep(0.01)
    finally:
        ben.close()
        second.close()
