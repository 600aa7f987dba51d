"""One client's connection to the server: its bounded output, its message budget, the table and seat it holds.

Output to a connection is buffered and bounded: a connection that stops reading is dropped, and its
seat waits for it to come back with its token. A connection that has not said the join code yet holds
a place among those that wait (:class:`Pending`), given up once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any, Final

from .guard import Guard
from .protocol import encode

if TYPE_CHECKING:
    from .server import Server  # the server makes each connection and hears what it sends and when it ends
    from .tables import NetTable

log = logging.getLogger("accessible_cards.server")

OUTPUT_LIMIT: Final = 512 * 1024
"""The most bytes waiting to go to one connection; beyond it the connection is dropped (it does not read)."""
RATE: Final = 20.0
"""Messages a second a connection may send, on average."""
BURST: Final = 40.0
"""Messages a connection may send at once."""


class Pending:
    """A connection's place among those that have not said the code: given up once, whatever happens."""

    def __init__(self, guard: Guard, address: str) -> None:
        self.guard = guard
        self.address = address
        self.held = True

    def release(self) -> None:
        if self.held:
            self.held = False
            self.guard.admitted(self.address)


class Connection:
    """One client's connection: its name, the table and seat it holds, its bounded output, its message budget."""

    def __init__(self, server: Server, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        """The address alone: what wrong codes are counted by."""
        self.pending: Pending | None = None
        """Its place among the connections that have not said the code yet (released once it has)."""
        self.teacher_tries = 0
        """Wrong teacher's codes it has sent (at :data:`.server.CODE_TRIES` it is closed)."""
        self.name: str | None = None
        self.admitted = False
        self.table: NetTable | None = None
        self.seat: int | None = None
        self.closed = False
        self.budget = BURST
        self.last = time.monotonic()
        self.flooded = 0
        self.sent = 0

    def send(self, message: dict[str, Any] | bytes) -> None:
        """Queue one message; a connection whose unread output passes the limit is dropped."""
        if self.closed:
            return
        data = message if isinstance(message, bytes) else encode(message)
        transport = self.writer.transport
        if transport.get_write_buffer_size() + len(data) > self.server.config.output_limit:
            log.warning(
                "%s: dropped, it does not read (%d bytes waiting)", self.peer, transport.get_write_buffer_size()
            )
            self.close()
            return
        self.sent += len(data)
        self.server.wire(self, data)
        self.writer.write(data)

    def refuse(self, msg_id: str, **params: Any) -> None:
        self.send({"t": "refused", "id": msg_id, "p": params})

    def spend(self) -> bool:
        """True when the connection may send one more message now (a token bucket)."""
        now = time.monotonic()
        self.budget = min(BURST, self.budget + (now - self.last) * RATE)
        self.last = now
        if self.budget >= 1:
            self.budget -= 1
            return True
        return False

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.pending is not None:
            self.pending.release()
        self.server.gone(self)
        with contextlib.suppress(Exception):
            self.writer.transport.abort()
