"""``ssh -p 2222 HOST``: the linear text interface, rendered by the server for a child with nothing installed.

The SSH password is the join code. Each session runs the ``join`` client itself (the lobby, the game
screen of local play, the game's controller and narrator) on a thread of its own, connected to this
server over loopback like any other client, and writes its lines into the SSH channel: the child's
own screen reader reads them. The SSH server's line editor is off: the child's terminal is raw (the
``ssh`` client makes it so when it asks for a pseudo-terminal), so each key comes as it is pressed
and acts at once, Escape, the arrows and F1 included, as in local play (see :mod:`.keystream`). The
first question asks for the language.

prompt_toolkit's ``contrib.ssh`` serves prompt_toolkit applications that run on the server's event
loop; the program's loop reads keys synchronously, so each session runs it on a thread instead, and
the lines stay plain, with no escape sequences, as a screen reader wants them.

The host key is made once (Ed25519) in the server's own folder and kept; its fingerprint is what
``serve`` prints for the teacher.

Passwords are checked by the server's guard (:mod:`.guard`), by the child's own address, like the
protocol's join code: each waits as the guard says, a locked-out address gets no password right,
and after :data:`PASSWORD_TRIES` wrong ones the connection is closed. A connection has
:attr:`~.guard.Limits.login_time` seconds to log in. The session's own client then says the server's inside code.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from pathlib import Path
from typing import Any

import asyncssh

from .connection import OUTPUT_LIMIT, Pending
from .guard import JOIN
from .server import Server
from .session import TextSession

HOST_KEY = "ssh_host_ed25519_key"
PASSWORD_TRIES = 3
"""Wrong passwords one SSH connection may give before it is closed."""
log = logging.getLogger("accessible_cards.server")


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key: read from ``folder``, or made there once (readable by its owner alone)."""
    path = folder / HOST_KEY
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    folder.mkdir(parents=True, exist_ok=True)
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(handle, "wb") as file:
        file.write(key.export_private_key())
    return key


class _Session(asyncssh.SSHServerSession[str]):
    """One SSH session: its text session (the join client on a thread) writes into the channel."""

    def __init__(self, side: SSHSide, username: str) -> None:
        self.side = side
        self.chan: Any = None
        self.loop = asyncio.get_running_loop()
        self.text = TextSession(side.port, side.inside, username, self.write, self.finish)

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def shell_requested(self) -> bool:
        return True

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        return True

    def session_started(self) -> None:
        self.text.start()

    def write(self, text: str) -> None:
        def put() -> None:
            with contextlib.suppress(Exception):
                if self.chan.get_write_buffer_size() > OUTPUT_LIMIT:  # the child's terminal does not read
                    log.warning("an SSH session dropped: it does not read")
                    self.chan.close()
                    return
                # no line editor, a raw terminal: each line ends with CR LF
                self.chan.write(text.replace("\n", "\r\n"))

        self.loop.call_soon_threadsafe(put)

    def finish(self, status: int) -> None:
        def end() -> None:
            with contextlib.suppress(Exception):
                self.chan.exit(status)

        self.loop.call_soon_threadsafe(end)

    def data_received(self, data: str, datatype: Any) -> None:
        self.text.feed(data)

    def eof_received(self) -> bool:
        self.text.end_input()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.text.stop()


class _Server(asyncssh.SSHServer):
    def __init__(self, side: SSHSide, server: Server, pending: Pending) -> None:
        self.side = side
        self.server = server
        self.pending = pending
        self.username = ""
        self.address = pending.address
        self.wrong = 0
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def connection_lost(self, exc: Exception | None) -> None:
        self.pending.release()

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        guard = self.server.guard
        while (wait := guard.delay(self.address, JOIN)) > 0 and not guard.locked(self.address, JOIN):
            await asyncio.sleep(wait)
        if guard.locked(self.address, JOIN):
            log.warning("%s: an SSH password refused, locked out after wrong codes", self.address)
            self._close()
            return False
        if self.server.check_code(self.address, password, JOIN):
            return True
        log.warning("%s: a wrong SSH password", self.address)
        self.wrong += 1
        if self.wrong >= PASSWORD_TRIES:
            self._close()
        return False

    def _close(self) -> None:
        """End the connection before the refusal goes out: the client is asked for no further password."""
        if self.conn is not None:
            self.conn.close()

    def auth_completed(self) -> None:
        self.pending.release()

    def session_requested(self) -> _Session:
        return _Session(self.side, self.username)


class SSHSide:
    """The SSH side of a server: its host key, and a session per child."""

    def __init__(self, folder: Path) -> None:
        self.key = host_key(folder)
        self.inside = ""
        """The server's inside code, which each session's own client says (set by :meth:`serve`)."""
        self.port = 0
        """The server's own port, for the sessions' clients (set once it listens)."""
        self.connections: list[Any] = []

    @property
    def fingerprint(self) -> str:
        return str(self.key.get_fingerprint("sha256"))

    async def serve(self, sock: socket.socket, server: Server, pending: Pending) -> None:
        """Serve one connection; ``pending`` is its place among those not logged in yet, given up once it has."""
        self.inside = server.inside
        conn = await asyncssh.run_server(
            sock,
            server_factory=lambda: _Server(self, server, pending),
            server_host_keys=[self.key],
            line_editor=False,
            login_timeout=server.guard.limits.login_time,
        )
        self.connections.append(conn)

    async def close(self) -> None:
        for conn in self.connections:
            conn.close()
        self.connections.clear()
