"""``ssh -p PORT HOST``: the text interface rendered by the server, over a real SSH connection on loopback.

A real asyncssh client (and the system's ``ssh``, through a pseudo-terminal, when it is installed)
logs in with the join code as the password, chooses a language, and finds the same lobby and game
as the ``join`` client; a whole game is played. The host key is made once and kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
from pathlib import Path

import asyncssh
import pexpect
import pytest
from net_support import CODE, ServerThread

from accessible_cards.net.ssh import HOST_KEY, SSHSide


async def _read_until(process: asyncssh.SSHClientProcess[str], text: str, timeout: float = 10.0) -> str:
    seen = ""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while text not in seen:
        left = deadline - loop.time()
        if left <= 0:
            raise AssertionError(f"{text!r} never came; the end of what came: {seen[-400:]!r}")
        try:
            seen += await asyncio.wait_for(process.stdout.read(4096), left)
        except TimeoutError:
            continue
    return seen


def test_a_child_with_nothing_installed_plays_a_whole_game_over_ssh(tmp_path: Path) -> None:
    server = ServerThread(seed=55, ssh=tmp_path)

    async def play() -> str:
        async with asyncssh.connect("127.0.0.1", server.port, username="Mia", password=CODE, known_hosts=None) as conn:
            process = await conn.create_process(term_type="xterm")
            await _read_until(process, "2: Deutsch.")
            process.stdin.write("2")  # one key, no Enter: it acts at once
            await _read_until(process, "Lobby von Class 3b")
            process.stdin.write("1")
            await _read_until(process, "Welches Spiel?")
            process.stdin.write("2")
            await _read_until(process, "Wie viele Spieler?")
            process.stdin.write("2")
            await _read_until(process, "Wie viele davon Computerspieler?")
            process.stdin.write("1")
            await _read_until(process, "Regeloptionen?")
            process.stdin.write("1")  # den Tisch mit diesen Regeln anlegen
            seen = await _read_until(process, "du bist Mia")
            deadline = asyncio.get_running_loop().time() + 60
            chunk = seen
            while "Wie geht es weiter?" not in seen and asyncio.get_running_loop().time() < deadline:
                if "Was soll die Karte tun" in chunk:
                    process.stdin.write("1")
                elif "Du bist dran" in chunk:
                    process.stdin.write(":spielen 1\r")  # a typed command: a colon, the words, Enter
                chunk = ""
                with contextlib.suppress(TimeoutError):
                    chunk = await asyncio.wait_for(process.stdout.read(4096), 2)
                seen += chunk
            process.stdin.write("q")
            return seen

    try:
        seen = asyncio.run(play())
    finally:
        server.close()
    assert "\x1b" not in seen, "plain lines, no escape sequences"
    assert "Du bist dran" in seen
    table = server.server.table(1)
    assert table.table is not None and table.table.result is not None, seen[-500:]


def test_over_ssh_each_key_acts_at_once_arrows_and_escape_included(tmp_path: Path) -> None:
    """A terminal in raw mode sends a key as it is pressed: no Enter after a letter; arrows and Escape work."""
    server = ServerThread(ssh=tmp_path)

    async def keys() -> tuple[str, ...]:
        async with asyncssh.connect("127.0.0.1", server.port, username="en", password=CODE, known_hosts=None) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24))
            lobby = await _read_until(process, "Lobby of Class 3b")
            process.stdin.write("\x1b[B")  # Down arrow
            await _read_until(process, "2 of")
            process.stdin.write("\x1b[A")  # Up arrow
            await _read_until(process, "1 of")
            process.stdin.write("\r")  # Enter on the first item: create a table
            await _read_until(process, "Which game?")
            process.stdin.write("\x1b")  # Escape alone: back to the lobby
            back = await _read_until(process, "Lobby of Class 3b")
            process.stdin.write("?")
            await _read_until(process, "Escape: go back")
            process.stdin.write("x")
            await _read_until(process, "The X key does nothing here.")
            process.stdin.write(":helq\x7fp\r")  # a typed command, with Backspace, echoed as typed
            typed = await _read_until(process, "Escape: go back")
            assert "I do not know" not in typed
            process.stdin.write("\x03")  # Control-C asks first
            await _read_until(process, "Leave the server")
            process.stdin.write("y")
            end = await _read_until(process, "Goodbye")
            return lobby, back, typed, end

    try:
        lobby, back, typed, end = asyncio.run(keys())
    finally:
        server.close()
    assert "Lobby of Class 3b" in back
    assert "\r\n" in lobby, "a raw terminal: each line ends with CR LF"
    assert ":helq\b \bp\r\n" in typed, "the typed command is echoed as typed, Backspace too"
    assert "\x1b" not in typed + lobby + end, "plain lines, no escape sequences"
    assert "Goodbye" in end


def test_a_wrong_code_is_no_password(tmp_path: Path) -> None:
    server = ServerThread(ssh=tmp_path)

    async def attempt() -> None:
        await asyncssh.connect("127.0.0.1", server.port, username="x", password="00000", known_hosts=None)

    try:
        with pytest.raises(asyncssh.PermissionDenied):
            asyncio.run(attempt())
    finally:
        server.close()


def test_the_host_key_is_made_once_and_kept(tmp_path: Path) -> None:
    first = SSHSide(tmp_path).fingerprint
    assert first.startswith("SHA256:")
    assert (tmp_path / HOST_KEY).stat().st_mode & 0o077 == 0, "readable by the server's owner alone"
    assert SSHSide(tmp_path).fingerprint == first


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no ssh client on this machine")
def test_the_system_ssh_client_reaches_the_lobby(tmp_path: Path) -> None:
    server = ServerThread(ssh=tmp_path)
    child = pexpect.spawn(
        "ssh",
        ["-p", str(server.port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
         "-o", "PubkeyAuthentication=no", "-o", "LogLevel=ERROR", "en@127.0.0.1"],
        encoding="utf-8", timeout=15, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "TERM": "xterm"},
    )  # fmt: skip
    try:
        child.expect("(?i)password:")
        child.sendline(CODE)
        child.expect("Lobby of Class 3b")
        child.send("2")  # the terminal is raw: one key, no Enter
        child.expect("The lobby lists the tables")
        child.send("\x1b[B")  # Down arrow
        child.expect("3 of 3")
        child.send("q")
        child.expect("Leave the server")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
        server.close()
