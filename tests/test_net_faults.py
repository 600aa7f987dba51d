"""Faults on a real loopback server: each leaves nothing lost, nothing leaked, the right sentence said, a log line.

A child whose connection drops comes back by itself to the same hand and hears what was missed; a server
killed with SIGKILL comes back with every table from its autosave; a client that stops reading is dropped
and may come again; a wrong join code, a forged token, and oversize, malformed and flooding messages
each get one refusal, and no table changes.
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_bots import Bot, play_bots
from net_support import CODE, Client, ServerThread, local_announcements, open_client, play_out

from accessible_cards.i18n import Catalog
from accessible_cards.net.client import NET_ERRORS
from accessible_cards.net.guard import Limits

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def server() -> Iterator[ServerThread]:
    running = ServerThread(seed=777)
    try:
        yield running
    finally:
        running.close()


def sentence(msg_id: str, lang: str, **params: object) -> str:
    return NET_ERRORS[msg_id](Catalog(lang).text, dict(params))


def seated_bots(server: ServerThread, players: int, computers: int, game: str = "bundles") -> list[Bot]:
    bots = []
    for seat in range(players - computers):
        bot = Bot(server.port)
        bots.append(bot)
        bot.hello(f"Kind {seat + 1}")
        bot.wait_for("tables")
        if seat == 0:
            bot.send({"t": "create", "game": game, "players": players, "computers": computers})
            bot.wait_for("created")
        bot.send({"t": "sit", "table": server.server.next_number - 1, "seat": seat + 1})
        bot.wait_for("seated")
    return bots


def test_a_dropped_child_comes_back_by_itself_to_the_same_hand_and_hears_what_was_missed(server: ServerThread) -> None:
    anna = open_client(server, "en", "Anna")
    ben = open_client(server, "de", "Ben")
    try:
        anna.send("1")
        anna.wait_said("Which game?")
        anna.send("2", "3", "1", "1")  # Stealing Bundles, 3 players, 1 computer, the preset's rules
        anna.wait_said("Table 1, seat 1: you are Anna.")
        ben.wait_said("Neuer Tisch")
        ben.send("1")
        ben.wait_said("Platz 2: frei")
        ben.send("2")
        ben.wait_said("du bist Ben")
        dropped = []

        def drop_ben_once() -> None:
            screen = anna.app.game_screen_now
            if dropped or screen is None or screen.remote.steps < 4:
                return
            conn = server.call(lambda: server.server.table(1).seats[1].conn)
            if conn is not None:
                server.call(conn.close)
                dropped.append(True)

        play_out([anna, ben], during=drop_ben_once)
        assert dropped
        ben.wait_said("Wieder verbunden.")
        assert any(line.startswith("Die Verbindung zum Server ist weg") for line in ben.said)
        assert "Wieder am Tisch." in ben.said
        table = server.call(lambda: server.server.table(1))
        expected = local_announcements(table, 1, "de")
        assert ben.app.game_screen_now.history == expected, "nothing missed, nothing twice"
    finally:
        anna.close()
        ben.close()


def _serve(data: Path, seed: int) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "accessible_cards", "serve", "--host", "127.0.0.1", "--port", "0", "--pause", "0",
         "--speech", "off", "--code", CODE, "--data", str(data), "--seed", str(seed), "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert process.stdout is not None
    for _ in range(10):
        line = process.stdout.readline()
        found = re.search(r"port (\d+)\.", line)
        if found:
            return process, int(found.group(1))
    process.kill()
    raise AssertionError("serve did not say its port")


def test_a_server_killed_with_sigkill_goes_on_with_every_table_from_its_autosave(tmp_path: Path) -> None:
    process, port = _serve(tmp_path, 31)
    bot = again = other = None
    try:
        bot = Bot(port)
        bot.hello("Anna")
        bot.wait_for("tables")
        bot.send({"t": "create", "game": "bundles", "players": 2, "computers": 1})
        bot.wait_for("created")
        bot.send({"t": "sit", "table": 1, "seat": 1})
        bot.wait_for("seated")
        bot.send({"t": "create", "game": "war", "players": 3})  # a table still waiting for its children
        bot.wait_for("refused", id="net-at-table")
        other = Bot(port)
        other.hello()
        other.wait_for("tables")
        other.send({"t": "create", "game": "war", "players": 3})
        other.wait_for("created")
        moves = 0
        rng = random.Random(5)
        while moves < 3:
            step = bot.wait_for("step")
            if step.get("legal"):
                bot.send({"t": "act", "action": rng.choice(step["legal"])})
                moves += 1
        time.sleep(0.2)
        heard = [m for m in bot.poll() and bot.lines if m["t"] == "step"]
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        bot.close()
        other.close()
        process, port = _serve(tmp_path, 31)
        again = Bot(port)
        again.send({"t": "rejoin", "code": CODE, "token": bot.token, "seen": 0})
        seated = again.wait_for("seated")
        assert seated["back"] and seated["seat"] == 0 and seated["table"] == 1
        again.wait_for("caught_up")
        back = [m for m in again.lines if m["t"] == "step"]
        assert back[: len(heard)] == heard, "the same deal, the same hand, every step as it was told"
        assert len(back) == len(heard), "nothing was played that the child was not told of"
        listing = Bot(port)
        listing.hello()
        tables = listing.wait_for("tables")["tables"]
        assert [(t["table"], t["game"], t["status"]) for t in tables] == [
            (1, "bundles", "playing"),
            (2, "war", "waiting"),
        ]
        listing.close()
        play_bots([again], rng)
        assert again.lines[-1]["t"] == "step" and again.lines[-1]["result"] is not None
        assert (tmp_path / "server.log").read_text().count("back from its autosave") == 2
        finished = tmp_path / "games" / "table-1.json"  # the game over is saved for replay, just after its last step
        deadline = time.monotonic() + 10
        while not finished.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert json.loads(finished.read_text(encoding="utf-8"))["finished"] is True
        written = {p.relative_to(tmp_path).parts[0] for p in tmp_path.rglob("*")}
        own = {"tables", "games", "server.log", "ssh_host_ed25519_key", "join-code", "teacher-code"}
        assert written <= own, f"serve wrote outside its own files: {written}"
    finally:
        for each in (bot, again, other):
            if each is not None:
                each.close()
        process.kill()
        process.wait(10)


def test_a_client_that_stops_reading_is_dropped_and_may_come_again(caplog: pytest.LogCaptureFixture) -> None:
    server = ServerThread(seed=3, output_limit=8192, send_buffer=4096, waiting_per_child=100)  # many lobby changes
    try:
        sleeper = socket.socket()
        sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sleeper.connect(("127.0.0.1", server.port))
        sleeper.sendall(json.dumps({"t": "hello", "code": CODE, "v": 1}).encode() + b"\n")
        busy = Bot(server.port)
        busy.hello()
        busy.wait_for("tables")
        with caplog.at_level(logging.WARNING, "accessible_cards.server"):
            for _ in range(60):
                busy.send({"t": "create", "game": "war", "players": 4})
                busy.wait_for("created")
                if server.call(lambda: sum(1 for c in server.server.connections if c.admitted)) == 1:
                    break
            assert server.call(lambda: sum(1 for c in server.server.connections if c.admitted)) == 1
        assert any("does not read" in record.getMessage() for record in caplog.records)
        busy.send({"t": "ping"})
        busy.wait_for("pong")
        listed = [m for m in busy.lines if m["t"] == "tables"][-1]
        assert len(listed["tables"]) == len(server.server.tables) >= 2, "the other client goes on"
        sleeper.close()
        back = Bot(server.port)
        back.hello()
        assert back.wait_for("tables")["tables"], "the dropped child comes again"
        back.close()
        busy.close()
    finally:
        server.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_wrong_join_code_is_said_and_nobody_is_let_in(
    server: ServerThread, lang: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, "accessible_cards.server"):
        client = Client(server.port, lang, code="11111")
        client.thread.join(10)
    assert client.status == 1
    assert sentence("net-code", lang) in client.said
    assert any("wrong join code" in record.getMessage() for record in caplog.records)
    assert server.call(lambda: [c for c in server.server.connections if c.admitted]) == []


def test_a_forged_token_takes_no_seat(server: ServerThread, caplog: pytest.LogCaptureFixture) -> None:
    (anna,) = seated_bots(server, 2, 1)
    anna.wait_for("step")
    forger = Bot(server.port)
    try:
        with caplog.at_level(logging.WARNING, "accessible_cards.server"):
            forger.send({"t": "rejoin", "code": CODE, "token": anna.token[:-2] + "xx", "seen": 0})
            assert forger.wait_for("refused")["id"] == "net-token"
        assert any("token that holds no seat" in r.getMessage() for r in caplog.records)
        assert not [m for m in forger.lines if m["t"] in ("seated", "step")]
        assert server.call(lambda: server.server.table(1).seats[0].conn) is not None, "Anna keeps her seat"
        forger.send({"t": "act", "action": {"card": 0}})
        assert forger.wait_for("refused")["id"] == "net-hello-first"
    finally:
        forger.close()
        anna.close()


def test_oversize_malformed_and_flooding_messages_get_one_refusal_each_and_change_no_table(
    server: ServerThread, caplog: pytest.LogCaptureFixture
) -> None:
    (anna,) = seated_bots(server, 2, 1)
    (ben,) = seated_bots(server, 2, 1)
    anna.wait_for("step")
    ben.wait_for("step")
    before = server.call(lambda: [len(t.table.moves) for t in server.server.tables.values()])
    bad = [
        (b"x" * 10_000 + b"\n", "net-too-long"),
        (b"{not json\n", "net-malformed"),
        (b"[1, 2]\n", "net-malformed"),
        (b"\xff\xfe\n", "net-malformed"),
        (b'{"t": "act", "action": 1, "extra": 2}\n', "net-malformed"),
        (b'{"t": "sit", "table": "1", "seat": 1}\n', "net-malformed"),
        (b'{"t": "run", "code": "import os"}\n', "net-unknown"),
        (b'{"t": "act", "action": {"card": 999}}\n', "net-bad-move"),
        (b'{"t": "act", "action": "turn"}\n', "net-bad-move"),
        (b'{"t": "talk", "text": "' + b"a" * 500 + b'"}\n', "net-malformed"),
    ]
    with caplog.at_level(logging.WARNING, "accessible_cards.server"):
        for line, msg_id in bad:
            anna.send(line)
            refused = anna.wait_for("refused")
            assert refused["id"] == msg_id, line[:40]
            assert sentence(msg_id, "de")  # each is worded in the child's language
        anna.send(b'{"t": "list"}\n' * 300)
        time.sleep(0.5)
        anna.poll()
        refusals = [m for m in anna.lines if m["t"] == "refused" and m["id"] == "net-flood"]
        assert len(refusals) == 1, "one refusal for a flood, not one per message"
    assert sum("refused a message" in r.getMessage() for r in caplog.records) >= len(bad) - 2
    assert any("sends too fast" in r.getMessage() for r in caplog.records)
    after = server.call(lambda: [len(t.table.moves) for t in server.server.tables.values()])
    assert after == before, "no table changed"
    ben.send({"t": "list"})
    assert ben.wait_for("tables"), "the other child's connection goes on"
    anna.close()
    ben.close()


class _Join:
    """``accessible-cards join`` as a process of its own, its lines read on a thread."""

    def __init__(self, port: int) -> None:
        import threading

        self.process = subprocess.Popen(
            [sys.executable, "-m", "accessible_cards", "join", "127.0.0.1", "--port", str(port), "--code", CODE,
             "--lang", "en", "--speech", "off", "--name", "Anna"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()

    def wait(self, text: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines:
                if text in line:
                    return line
            time.sleep(0.02)
        raise AssertionError(f"{text!r} never came: {self.lines[-6:]}")


def test_a_killed_client_started_again_comes_back_to_the_same_hand(server: ServerThread) -> None:
    first = _Join(server.port)
    try:
        first.wait("Lobby of Class 3b")
        first.send("1")
        first.wait("Which game?")
        first.send("2", "2", "1", "1")  # Stealing Bundles, 2 players, 1 computer, the preset's rules
        deal = first.wait("4 cards each")
        first.send("h")
        hand = first.wait("You hold")
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(10)
        deadline = time.monotonic() + 5
        while server.call(lambda: server.server.table(1).seats[0].conn) is not None and time.monotonic() < deadline:
            time.sleep(0.02)
        again = _Join(server.port)
        try:
            again.wait("Back at the table. What happened while you were away follows.")
            assert again.wait("4 cards each") == deal, "the same deal is told again"
            again.wait("That is everything so far")
            again.send("h")
            assert again.wait("You hold") == hand, "the same hand"
            assert not any(line.startswith("Lobby of") for line in again.lines), "straight back to the seat"
            again.send("q", "y")
            assert again.process.wait(10) == 0
        finally:
            again.process.kill()
    finally:
        first.process.kill()


def test_silent_connections_are_dropped_and_a_full_server_says_so() -> None:
    server = ServerThread(max_connections=2, limits=Limits(hello_time=0.3))
    try:
        silent = Bot(server.port)
        silent.send(b"")
        time.sleep(0.6)
        silent.poll()
        assert silent.closed, "a connection that never says the join code is dropped"
        first, second = Bot(server.port), Bot(server.port)
        first.hello()
        second.hello()
        first.wait_for("welcome")
        second.wait_for("welcome")
        third = Bot(server.port)
        third.hello()
        assert third.wait_for("refused")["id"] == "net-full"
        assert sentence("net-full", "de").startswith("Der Server hat so viele Kinder")
        for bot in (silent, first, second, third):
            bot.close()
    finally:
        server.close()


def test_a_move_sent_as_the_connection_dropped_may_be_made_again_once_back() -> None:
    """The server never got it: after the drop the seat's moves are open again (the server refuses a second one)."""
    from accessible_cards import game as registry
    from accessible_cards.net.protocol import to_wire
    from accessible_cards.net.remote import RemoteTable

    game = registry.get("bundles")
    state = game.new_state(2, "standard", {}, 3)
    state.start()
    sent: list[object] = []
    remote = RemoteTable(game, game.new_state(2, "standard", {}, 0), state.to_move(), ["person", "person"],
                         lambda message: sent.append(message) or True)  # fmt: skip
    seat = state.to_move()
    remote.take({"events": [], "view": to_wire(state.view(seat)), "to_move": seat, "result": None,
                 "legal": [game.action_to_json(a) for a in state.legal_actions()]})  # fmt: skip
    action = remote.legal_actions()[0]
    remote.play(action)
    assert remote.legal_actions() == (), "one move per turn"
    remote.offer_again()
    assert remote.legal_actions()[0] == action
    remote.play(action)
    assert len(sent) == 2


def test_a_surprise_inside_the_server_is_logged_and_refused_and_the_connection_goes_on(
    server: ServerThread, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("a fault in the server's own code")

    monkeypatch.setattr(server.server, "_create", broken)
    bot = Bot(server.port)
    try:
        bot.hello()
        bot.wait_for("tables")
        with caplog.at_level(logging.ERROR, "accessible_cards.server"):
            bot.send({"t": "create", "game": "war", "players": 2})
            assert bot.wait_for("refused")["id"] == "net-error"
        assert any("could not be handled" in r.getMessage() for r in caplog.records)
        assert sentence("net-error", "en") == "The server could not do that; it goes on."
        bot.send({"t": "ping"})
        bot.wait_for("pong")
    finally:
        bot.close()
