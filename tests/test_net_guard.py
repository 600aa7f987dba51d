"""The way in cannot be guessed: wrong codes slowed and locked out per address, bounded in total, few waiting.

The guard's own arithmetic is checked on a clock the test moves; the server's use of it on real
loopback sockets (each pupil's computer another loopback address: 127.0.0.2, 127.0.0.3 ...) and over
real SSH, with the waits made short so that a test of twelve wrong codes takes a moment.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from net_bots import Bot
from net_support import CODE, Client, ServerThread

from accessible_cards.i18n import Catalog
from accessible_cards.net import cli as net_cli
from accessible_cards.net.client import NET_ERRORS
from accessible_cards.net.guard import JOIN, TEACHER, Guard, Limits, new_code, normal_code, spoken_code
from accessible_cards.net.protocol import Said, word
from accessible_cards.net.server import Config
from accessible_cards.net.teacher import Console

QUICK = Limits(first_wait=0.005, longest_wait=0.02)
"""The default limits with short waits: twelve wrong codes in well under a second."""
TEACHER_CODE = "123456789012"
ROOT = Path(__file__).resolve().parents[1]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- the guard's arithmetic ----------------------------------------------------------------------


def test_each_wrong_code_after_the_free_ones_doubles_the_wait_up_to_its_longest() -> None:
    clock = Clock()
    guard = Guard(Limits(), clock)
    waits = []
    for _ in range(11):
        clock.now += guard.delay("10.0.0.2")
        assert guard.wrong("10.0.0.2") is None
        waits.append(guard.delay("10.0.0.2"))
    assert waits == [0, 0, 0, 0.5, 1, 2, 4, 8, 8, 8, 8]
    assert guard.delay("10.0.0.3") == 0, "another computer does not wait"
    guard.right("10.0.0.2")
    assert guard.delay("10.0.0.2") == 0, "the right code ends the wait"


def test_twelve_wrong_codes_in_a_minute_lock_the_address_out_for_five_minutes() -> None:
    clock = Clock()
    guard = Guard(Limits(), clock)
    lockouts = []
    for _ in range(12):
        clock.now += guard.delay("10.0.0.2")
        lockouts.append(guard.wrong("10.0.0.2"))
    assert clock.now - 1000 < 60, "twelve wrong codes fit in a minute, waits and all"
    assert lockouts[:11] == [None] * 11
    lockout = lockouts[11]
    assert lockout is not None and (lockout.address, lockout.kind, lockout.tries) == ("10.0.0.2", JOIN, 12)
    assert 299 < guard.locked("10.0.0.2") <= 300
    guard.right("10.0.0.2")
    assert guard.locked("10.0.0.2") > 0, "the right code does not lift a lockout"
    assert guard.locked("10.0.0.2", TEACHER) == 0, "the teacher's code is counted apart"
    clock.now += 301
    assert guard.locked("10.0.0.2") == 0
    assert guard.unlock("10.0.0.2") and guard.delay("10.0.0.2") == 0


def test_many_addresses_together_guess_no_faster_than_the_total() -> None:
    clock = Clock()
    guard = Guard(Limits(), clock)
    for n in range(20):
        for _ in range(3):  # each within its free tries
            guard.wrong(f"10.0.1.{n}")
        clock.now += 0.5
    assert guard.delay("10.0.2.1") > 0, "a further address waits too: 60 wrong codes came this minute"
    assert guard.delay("10.0.2.1") <= 60
    clock.now += 60
    assert guard.delay("10.0.2.1") == 0, "once the minute has room again"


def test_the_teachers_code_is_counted_apart_from_the_join_code() -> None:
    guard = Guard(Limits(), Clock())
    for _ in range(3):
        guard.wrong("10.0.0.2", TEACHER)
    assert guard.delay("10.0.0.2", JOIN) == 0
    guard.wrong("10.0.0.2", TEACHER)
    assert guard.delay("10.0.0.2", TEACHER) == 0.5


def test_a_code_is_ten_digits_read_out_in_groups_digit_by_digit() -> None:
    code = Config().code
    assert re.fullmatch(r"\d{10}", code), code
    assert len({new_code() for _ in range(50)}) == 50
    assert spoken_code("4829135507") == "4 8 2, 9 1 3, 5 5 0 7"
    assert spoken_code("123456789012") == "1 2 3, 4 5 6, 7 8 9, 0 1 2"
    assert normal_code("4 8 2, 9 1 3, 5 5 0 7") == normal_code("482-913-5507") == "4829135507"


def test_a_kept_short_code_from_before_is_replaced_by_a_long_one(tmp_path: Path) -> None:
    (tmp_path / "join-code").write_text("12345\n")
    code = net_cli._join_code(tmp_path, None, False)
    assert re.fullmatch(r"\d{10}", code)
    assert net_cli._join_code(tmp_path, None, False) == code, "kept for the next start"
    assert net_cli._join_code(tmp_path, "4 8 2, 9 1 3, 5 5 0 7", False) == "4829135507"


def test_serve_says_the_code_in_groups_digit_by_digit(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "accessible_cards", "serve", "--host", "127.0.0.1", "--port", "0",
         "--speech", "off", "--data", str(tmp_path), "--lang", "en", "--no-announce"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline().strip() for _ in range(3)]
        code = (tmp_path / "join-code").read_text().strip()
        assert re.fullmatch(r"\d{10}", code)
        assert lines[1] == "Join code: " + spoken_code(code)
        teacher = (tmp_path / "teacher-code").read_text().strip()
        assert re.fullmatch(r"\d{12}", teacher)
    finally:
        process.terminate()
        process.wait(10)


# --- the server, on real sockets --------------------------------------------------------------------


def _guess(server: ServerThread, source: str, code: str = "11111") -> str:
    """One wrong code from ``source`` on a new connection: the refusal's id."""
    bot = Bot(server.port, source)
    try:
        bot.hello(code=code)
        return str(bot.wait_for("refused")["id"])
    finally:
        bot.close()


def _alerts(server: ServerThread) -> list[Said]:
    heard: list[Said] = []
    server.call(lambda: server.server.alerts.append(heard.append))
    return heard


def test_a_guesser_opening_connection_after_connection_is_locked_out_and_the_teacher_hears_it() -> None:
    server = ServerThread(limits=QUICK)
    try:
        heard = _alerts(server)
        answers = [_guess(server, "127.0.0.2") for _ in range(14)]
        assert answers == ["net-code"] * 12 + ["net-locked"] * 2
        assert _guess(server, "127.0.0.2", CODE) == "net-locked", "not even the right code gets in now"
        other = Bot(server.port, "127.0.0.3")
        other.hello("Mia")
        assert other.wait_for("welcome"), "another child's computer comes in as before"
        other.close()
        (said,) = heard
        english = word(said, Catalog("en").text)
        assert re.fullmatch(r"12 wrong join codes from 127\.0\.0\.2 in a minute: it may try again at \d\d:\d\d\.",
                            english), english  # fmt: skip
        german = word(said, Catalog("de").text)
        assert german.startswith("12 falsche Beitrittscodes von 127.0.0.2 in einer Minute: "), german
        assert NET_ERRORS["net-locked"](Catalog("de").text, {}).startswith("Von diesem Computer kamen zu viele")
        console = Console(server.server, Catalog("en").text)
        assert server.call(lambda: console.run("unlock 127.0.0.2")) == ["127.0.0.2 may try the codes again."]
        assert server.call(lambda: console.run("unlock 127.0.0.9")) == ["127.0.0.9 is not locked out."]
        back = Bot(server.port, "127.0.0.2")
        back.hello(code="4 8 2")  # a wrong one with spaces: counted as any other
        assert back.wait_for("refused")["id"] == "net-code"
        back.hello(code=" ".join(CODE))  # the right code, typed digit by digit
        assert back.wait_for("welcome")
        back.close()
    finally:
        server.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_child_whose_computer_is_locked_out_hears_why_and_the_game_ends(lang: str) -> None:
    server = ServerThread(limits=QUICK)
    try:
        server.call(lambda: [server.server.guard.wrong("127.0.0.1") for _ in range(12)])
        client = Client(server.port, lang)  # the right code, from the locked-out computer
        client.thread.join(10)
        assert client.status == 1
        locked = NET_ERRORS["net-locked"](Catalog(lang).text, {})
        assert locked in client.said
        lost = Catalog(lang).text("The connection to the server is lost. Connecting again.")
        assert lost not in client.said, "it does not try again and again"
    finally:
        server.close()


def test_one_connection_gets_three_codes_then_it_is_closed() -> None:
    server = ServerThread(limits=QUICK)
    try:
        bot = Bot(server.port, "127.0.0.4")
        for _ in range(4):
            bot.hello(code="99999")
        deadline = time.monotonic() + 5
        while not bot.closed and time.monotonic() < deadline:
            bot.poll()
            time.sleep(0.01)
        assert bot.closed
        assert [m["id"] for m in bot.lines] == ["net-code"] * 3
    finally:
        server.close()


def _closed_soon(sock: socket.socket, seconds: float = 5.0) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(100) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_connections_that_have_not_said_the_code_are_bounded_per_address_and_in_all() -> None:
    server = ServerThread(limits=Limits(pending_per_address=3, pending=5))
    held: list[socket.socket] = []
    try:
        for _ in range(3):
            held.append(socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.5", 0)))
        time.sleep(0.2)
        fourth = socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.5", 0))
        assert _closed_soon(fourth), "a fourth half-open connection from one address is closed at once"
        for _ in range(2):
            held.append(socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.6", 0)))
        time.sleep(0.2)
        sixth = socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.7", 0))
        assert _closed_soon(sixth), "past five in all, any address waits outside"
        held[0].sendall(f'{{"t": "hello", "code": "{CODE}", "v": 1}}\n'.encode())
        time.sleep(0.2)
        assert server.call(lambda: server.server.guard.waiting) == 4, "a child who said the code waits no more"
        child = Bot(server.port, "127.0.0.7")
        child.hello()
        assert child.wait_for("welcome")
        child.close()
    finally:
        for sock in held:
            sock.close()
        server.close()


def test_wrong_teachers_codes_close_the_connection_and_lock_the_address_out() -> None:
    server = ServerThread(limits=QUICK, teacher_code=TEACHER_CODE)
    try:
        heard = _alerts(server)
        for round_ in range(4):
            bot = Bot(server.port, "127.0.0.8")
            bot.hello("Tom")
            bot.wait_for("welcome")
            for _ in range(3):
                bot.send({"t": "teach", "code": "000000000000", "line": "hands 1"})
            deadline = time.monotonic() + 5
            while not bot.closed and time.monotonic() < deadline:
                bot.poll()
                time.sleep(0.01)
            assert bot.closed, f"round {round_}: three wrong teacher's codes end the connection"
            assert [m["id"] for m in bot.lines if m["t"] == "refused"] == ["net-teacher-code"] * 3
            bot.close()
        bot = Bot(server.port, "127.0.0.8")
        bot.hello("Tom")
        bot.wait_for("welcome")  # the join code still lets the child play
        bot.send({"t": "teach", "code": TEACHER_CODE, "line": "tables"})
        assert bot.wait_for("refused")["id"] == "net-locked", "the right teacher's code does not help now"
        bot.close()
        (said,) = heard
        assert word(said, Catalog("en").text).startswith("12 wrong teacher's codes from 127.0.0.8 in a minute")
        teacher = Bot(server.port, "127.0.0.9")
        teacher.hello("Teacher")
        teacher.wait_for("welcome")
        teacher.send({"t": "teach", "code": TEACHER_CODE, "line": "tables"})
        assert teacher.wait_for("teacher")
        teacher.close()
    finally:
        server.close()


# --- over real SSH ----------------------------------------------------------------------------------------


class _Guesser(asyncssh.SSHClient):
    """An SSH client that answers every password question with another wrong code."""

    asked = 0

    def password_auth_requested(self) -> str | None:
        type(self).asked += 1
        return None if type(self).asked > 20 else f"{type(self).asked:05d}"


async def _ssh_guess(port: int, source: str) -> int:
    """Try passwords on one SSH connection until it ends: how many were asked."""
    _Guesser.asked = 0
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.ConnectionLost, asyncssh.DisconnectError, OSError)):
        async with asyncssh.connect(
            "127.0.0.1", port, username="x", known_hosts=None, client_factory=_Guesser, local_addr=(source, 0),
            preferred_auth="password",
        ):  # fmt: skip
            pass
    return _Guesser.asked


def test_ssh_closes_after_three_wrong_passwords_and_counts_them_towards_the_lockout(tmp_path: Path) -> None:
    server = ServerThread(ssh=tmp_path, limits=QUICK)
    try:
        heard = _alerts(server)

        async def scenario() -> tuple[list[int], Any]:
            asked = [await _ssh_guess(server.port, "127.0.0.10") for _ in range(4)]
            with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):  # the right one, locked out
                await asyncssh.connect(
                    "127.0.0.1", server.port, username="x", password=CODE, known_hosts=None,
                    local_addr=("127.0.0.10", 0),
                )  # fmt: skip
            other = await asyncssh.connect(
                "127.0.0.1", server.port, username="en", password=CODE, known_hosts=None,
                local_addr=("127.0.0.11", 0),
            )  # fmt: skip
            other.close()
            return asked, other

        asked, _ = asyncio.run(scenario())
        assert asked == [3, 3, 3, 3], "each connection is closed after its third wrong password"
        (said,) = heard
        assert word(said, Catalog("en").text).startswith("12 wrong join codes from 127.0.0.10 in a minute")
    finally:
        server.close()


def test_an_ssh_connection_that_never_logs_in_is_closed_after_seconds(tmp_path: Path) -> None:
    server = ServerThread(ssh=tmp_path, limits=Limits(login_time=0.5))
    try:
        sock = socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.12", 0))
        sock.sendall(b"SSH-2.0-Guesser\r\n")
        sock.settimeout(5)
        started = time.monotonic()
        data = b""
        try:
            while chunk := sock.recv(4096):
                data += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        assert data.startswith(b"SSH-2.0-"), "the server greeted it"
        assert time.monotonic() - started < 5, "and closed it long before a minute"
        assert server.call(lambda: server.server.guard.waiting) == 0
        sock.close()
    finally:
        server.close()
