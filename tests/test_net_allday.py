"""A class that runs all day, on a real loopback server: finished tables leave the lobby and free the table limit,
a table everyone has left is held and then ended and saved, one child holds only a few tables that wait, War gets
computer seats, and the server's log and code files are private, bounded and rotated.
"""

from __future__ import annotations

import logging
import os
import random
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

from net_bots import Bot
from net_support import CODE, ServerThread
from test_net_faults import _serve

from accessible_cards.i18n import Catalog
from accessible_cards.net.cli import _join_code
from accessible_cards.net.client import NET_ERRORS
from accessible_cards.net.teacher import Console

ROOT = Path(__file__).resolve().parent.parent


def _lobby(port: int, name: str | None = None) -> Bot:
    bot = Bot(port)
    bot.hello(name)
    bot.wait_for("tables")
    return bot


def _listed(bot: Bot) -> list[dict]:
    """The tables of the lobby as the bot last heard them."""
    return [message for message in bot.lines if message["t"] == "tables"][-1]["tables"]


def _play_to_the_end(bot: Bot, seed: int, timeout: float = 20.0) -> dict:
    rng = random.Random(seed)
    while True:
        step = bot.wait_for("step", timeout=timeout)
        if step["result"] is not None:
            return step
        if step.get("legal"):
            bot.send({"t": "act", "action": rng.choice(step["legal"])})


def _wait(predicate, timeout: float = 10.0, what: str = "") -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out: {what}")


def _replay(path: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "accessible_cards", "replay", path, "--lang", "en"],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip


def test_finished_tables_leave_the_lobby_free_the_table_limit_and_stay_saved_for_replay(tmp_path: Path) -> None:
    """Five games one after another on a server of 2 tables: each is created; the lobby lists only live tables."""
    server = ServerThread(max_tables=2, data=tmp_path)
    teacher = Console(server.server, Catalog("en").text)
    try:
        for game in range(5):
            anna = _lobby(server.port, "Anna")
            anna.send({"t": "create", "game": "bundles", "players": 2, "computers": 1})
            created = anna.wait_for("created")  # refused "net-too-many-tables" at the third, before
            anna.send({"t": "sit", "table": created["table"], "seat": 1})
            anna.wait_for("seated")
            _play_to_the_end(anna, game)
            other = _lobby(server.port)
            listed = _listed(other)
            assert all(table["status"] != "over" for table in listed), "a finished table is not in the lobby"
            assert created["table"] not in [table["table"] for table in listed]
            other.close()
            anna.close()
        assert server.call(lambda: teacher.run("tables")) == ["No tables yet: create one."]
        finished = server.call(lambda: teacher.run("finished"))
        assert len(finished) == 5 and finished[0].startswith("Table 1: Stealing Bundles, finished; seat 1: Anna;")
        path = finished[0].rsplit("Its game: ", 1)[1].rstrip(".")
        assert Path(path).parent == tmp_path / "games"
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
        shown = _replay(path)
        assert shown.returncode == 0, shown.stderr
        assert "deal 4 cards each" in shown.stdout.splitlines()[0] and len(shown.stdout.splitlines()) > 5
        assert not list((tmp_path / "tables").glob("table-*.json")), "no finished table comes back at a restart"
    finally:
        server.close()


def test_a_table_left_by_everyone_is_held_for_its_children_then_ended_and_saved(tmp_path: Path) -> None:
    server = ServerThread(data=tmp_path)
    server.config.hold = 1.0  # seconds, not minutes: read each time a table empties
    teacher = Console(server.server, Catalog("en").text)
    try:
        anna, ben = _lobby(server.port, "Anna"), _lobby(server.port, "Ben")
        anna.send({"t": "create", "game": "bundles", "players": 2})
        anna.wait_for("created")
        for seat, bot in enumerate((anna, ben), start=1):
            bot.send({"t": "sit", "table": 1, "seat": seat})
            bot.wait_for("seated")
        first = anna.wait_for("step")
        token = ben.token
        anna.close()
        ben.close()  # both gone home: every seat "(away)"
        _wait(lambda: "Anna (away)" in server.call(lambda: teacher.run("tables"))[0], what="both away")
        time.sleep(0.6)
        back = Bot(server.port)  # Ben comes back within the hold: the table is kept
        back.send({"t": "rejoin", "code": CODE, "token": token, "seen": 0})
        back.wait_for("seated")
        time.sleep(0.8)
        assert server.call(lambda: 1 in server.server.tables), "kept while someone is at it"
        back.close()
        assert first["n"] == 1
        waiting = _lobby(server.port, "Cleo")  # a table created and never sat at goes too
        waiting.send({"t": "create", "game": "war", "players": 2})
        waiting.wait_for("created")
        _wait(lambda: not server.call(lambda: dict(server.server.tables)), timeout=5, what="the tables ended")
        listed = _listed(_lobby(server.port))
        assert listed == [], "no table left playing with every seat away"
        finished = server.call(lambda: teacher.run("finished"))
        assert len(finished) == 1 and finished[0].startswith("Table 1: Stealing Bundles, finished")
        shown = _replay(finished[0].rsplit("Its game: ", 1)[1].rstrip("."))
        assert shown.returncode == 0, shown.stderr
        assert "deals 4 cards each" in shown.stdout.splitlines()[0], "the game as far as it went"
    finally:
        server.close()


def test_a_child_holds_at_most_two_tables_that_have_not_started() -> None:
    server = ServerThread()
    try:
        anna = _lobby(server.port, "Anna")
        for _ in range(2):
            anna.send({"t": "create", "game": "bundles", "players": 3})
            anna.wait_for("created")
        anna.send({"t": "create", "game": "bundles", "players": 3})
        refused = anna.wait_for("refused")
        assert refused["id"] == "net-too-many-waiting" and refused["p"] == {"most": 2}
        assert NET_ERRORS[refused["id"]](Catalog("en").text, refused["p"]) == (
            "You have created as many waiting tables as you may (2); one of them has to start first."
        )
        german = NET_ERRORS[refused["id"]](Catalog("de").text, refused["p"])
        assert german.startswith("Du hast schon so viele wartende Tische") and "(2)" in german
        again = _lobby(server.port, "Anna")  # a new connection under the same name: the same count
        again.send({"t": "create", "game": "bundles", "players": 3})
        assert again.wait_for("refused")["id"] == "net-too-many-waiting"
        ben = _lobby(server.port, "Ben")  # another child may create
        ben.send({"t": "create", "game": "bundles", "players": 2, "computers": 1})
        ben.wait_for("created")
        anna.send({"t": "create", "game": "bundles", "players": 2, "computers": 1})
        assert anna.wait_for("refused")["id"] == "net-too-many-waiting"
        assert server.call(lambda: len(server.server.tables)) == 3
    finally:
        server.close()


def test_a_war_table_gets_computer_seats_and_a_gone_childs_seat_is_handed_to_the_computer() -> None:
    server = ServerThread()
    teacher = Console(server.server, Catalog("en").text)
    try:
        anna = _lobby(server.port, "Anna")
        anna.send({"t": "create", "game": "war", "players": 2, "computers": 1, "options": "max_rounds=30"})
        anna.wait_for("created")  # refused "net-no-computers" before
        anna.send({"t": "sit", "table": 1, "seat": 1})
        anna.wait_for("seated")
        _play_to_the_end(anna, 1)
        deal = next(message for message in anna.lines if message["t"] == "step")
        assert deal["names"][1] is None and deal["legal"] == ["turn"], "Anna turns the cards against a computer"
        anna.close()
        ben = _lobby(server.port, "Ben")  # three players; Ben sits, then his laptop sleeps
        ben.send({"t": "create", "game": "war", "players": 3, "options": "max_rounds=30"})
        number = ben.wait_for("created")["table"]
        ben.send({"t": "sit", "table": number, "seat": 1})
        ben.wait_for("seated")
        ben.close()
        _wait(lambda: "(away)" in server.call(lambda: teacher.run("tables"))[0], what="Ben away")
        assert server.call(lambda: teacher.run(f"start {number}")) == [f"Table {number} starts."]
        assert server.call(lambda: teacher.run(f"computer {number} 1")) == [
            f"A computer plays seat 1 at table {number} now."
        ]
        _wait(lambda: server.call(lambda: number in server.server.finished), timeout=20, what="the War game ends")
        running = server.call(lambda: server.server.finished[number].table)
        assert running.result is not None and len(running.moves) > 1
        assert {move.by for move in running.moves} == {"computer"}
    finally:
        server.close()


def test_the_server_log_and_code_files_are_private_and_a_guessing_attack_is_one_line_and_its_count(
    tmp_path: Path,
) -> None:
    process, port = _serve(tmp_path, 3)
    try:
        for name in ("server.log", "join-code", "teacher-code"):
            assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o600, name
        for _ in range(3):  # wrong codes within an address's free tries: each answered at once
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(b'{"t": "hello", "code": "00000", "name": null, "v": 1}\n')
                sock.settimeout(5)
                sock.recv(4096)
        for _ in range(300):  # a refused message, connection after connection (the guard slows wrong codes)
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(b"not a message\n")
                sock.settimeout(5)
                sock.recv(4096)
    finally:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=20)
    text = (tmp_path / "server.log").read_text(encoding="utf-8")
    wrong = [line for line in text.splitlines() if "wrong join code" in line]
    assert 1 <= len(wrong) <= 3, f"{len(wrong)} lines of the same refusal"
    refused = [line for line in text.splitlines() if "refused a message" in line]
    assert 1 <= len(refused) <= 10, f"{len(refused)} lines of the same refusal"
    assert "the same line" in text and "more times" in text, "the count of the repeated refusal is written"
    assert len(text.encode()) < 8000, f"{len(text.encode())} bytes for 300 refused messages"


def test_the_log_file_rotates_and_every_file_is_private(tmp_path: Path) -> None:
    from accessible_cards.net.logs import open_log

    handler = open_log(tmp_path, size=4000, files=3)
    log = logging.getLogger("accessible_cards.server.test")
    try:
        for number in range(400):
            log.info("table %d: starts", number)  # each line different: none is counted away
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
    files = sorted(tmp_path.glob("server.log*"))
    assert [path.name for path in files] == ["server.log", "server.log.1", "server.log.2", "server.log.3"]
    assert all(path.stat().st_size <= 4000 for path in files)
    assert all(stat.S_IMODE(path.stat().st_mode) == 0o600 for path in files)
    assert "table 399: starts" in (tmp_path / "server.log").read_text(encoding="utf-8")


def test_the_join_code_file_is_never_readable_by_others_not_even_for_a_moment(tmp_path: Path) -> None:
    """Under umask 0 every file operation on the code file finds it private (before, it was written 0666 first)."""
    path = tmp_path / "join-code"
    seen: list[int] = []
    watching = [True]

    def audit(event: str, args: tuple) -> None:  # type: ignore[type-arg]
        if watching[0] and event in ("open", "os.chmod") and args and str(args[0]) == str(path) and path.exists():
            seen.append(stat.S_IMODE(os.stat(path).st_mode))

    sys.addaudithook(audit)
    old = os.umask(0)
    try:
        assert _join_code(tmp_path, "4829135507", False) == "4829135507"
        assert _join_code(tmp_path, None, False) == "4829135507", "kept for a server started again"
    finally:
        os.umask(old)
        watching[0] = False
    assert seen and all(mode == 0o600 for mode in seen), [oct(mode) for mode in seen]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
