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
            process.stdin.write("2\n")
            await _read_until(process, "Lobby von Class 3b")
            process.stdin.write("1\n")
            await _read_until(process, "Welches Spiel?")
            process.stdin.write("2\n")
            await _read_until(process, "Wie viele Spieler?")
            process.stdin.write("2\n")
            await _read_until(process, "Wie viele davon Computerspieler?")
            process.stdin.write("1\n")
            seen = await _read_until(process, "du bist Mia")
            for _ in range(200):
                if "Wie geht es weiter?" in seen:
                    break
                process.stdin.write("spielen 1\n")
                with contextlib.suppress(TimeoutError):
                    seen += await asyncio.wait_for(process.stdout.read(4096), 2)
                if "Was soll die Karte tun" in seen[-300:] or "1:" in seen[-200:]:
                    process.stdin.write("1\n")
            process.stdin.write("q\n")
            return seen

    try:
        seen = asyncio.run(play())
    finally:
        server.close()
    assert "\x1b" not in seen, "plain lines, no escape sequences"
    assert "Du bist dran" in seen
    table = server.server.tables[1]
    assert table.table is not None and table.table.result is not None, seen[-500:]


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
    first = SSHSide(tmp_path, CODE).fingerprint
    assert first.startswith("SHA256:")
    assert (tmp_path / HOST_KEY).stat().st_mode & 0o077 == 0, "readable by the server's owner alone"
    assert SSHSide(tmp_path, CODE).fingerprint == first


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
        child.sendline("2")
        child.expect("The lobby lists the tables")
        child.sendline("q")
        child.expect("Leave the server")
        child.sendline("y")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
        server.close()
