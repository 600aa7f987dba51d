"""A telnet listener (``serve --telnet PORT``): the same text sessions as SSH, for terminals without ``ssh``.

Telnet is not encrypted: anyone on the network can read what is typed and said, the join code too.
So ``serve`` offers it only when asked with ``--telnet``, and then prints a warning. A session asks
for the join code, then the language. The server offers to echo and to suppress go-ahead (IAC WILL
ECHO, IAC WILL SGA), which puts the client in character mode: each key comes as it is pressed and
acts at once, as over SSH. The telnet protocol's own commands (IAC ...) are dropped from what is
typed, and the lines go out with CR LF. Output is bounded as for every connection.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import logging

from .connection import OUTPUT_LIMIT
from .guard import JOIN
from .server import Server
from .session import TextSession

log = logging.getLogger("accessible_cards.server")

IAC, SB, SE = 255, 250, 240
WILL, ECHO, SUPPRESS_GO_AHEAD = 251, 1, 3
CHARACTER_MODE = bytes((IAC, WILL, ECHO, IAC, WILL, SUPPRESS_GO_AHEAD))
_OPTION_COMMANDS = (251, 252, 253, 254)  # WILL WONT DO DONT, each followed by one option byte


def strip_telnet(data: bytes) -> bytes:
    """``data`` without the telnet commands in it (a command cut at the end is dropped too)."""
    out = bytearray()
    i = 0
    while i < len(data):
        byte = data[i]
        if byte != IAC:
            out.append(byte)
            i += 1
            continue
        command = data[i + 1] if i + 1 < len(data) else None
        if command == IAC:
            out.append(IAC)
            i += 2
        elif command in _OPTION_COMMANDS:
            i += 3
        elif command == SB:
            end = data.find(bytes((IAC, SE)), i + 2)
            i = len(data) if end < 0 else end + 2
        else:
            i += 2
    return bytes(out)


class TelnetSide:
    """The telnet listener of a server: one text session per connection."""

    def __init__(self, port: int, server: Server) -> None:
        self.port = port
        """The server's own port, for the sessions' clients."""
        self.server = server
        """Its guard checks each typed join code, by the telnet client's own address."""
        self.listener: asyncio.Server | None = None

    async def start(self, host: str, port: int) -> int:
        self.listener = await asyncio.start_server(self.serve, host, port)
        return int(self.listener.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.close()
            with contextlib.suppress(Exception):
                await self.listener.wait_closed()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def write(text: str) -> None:
            def put() -> None:
                if writer.transport.is_closing():
                    return
                if writer.transport.get_write_buffer_size() > OUTPUT_LIMIT:
                    log.warning("a telnet session dropped: it does not read")
                    writer.transport.abort()
                    return
                writer.write(text.replace("\n", "\r\n").encode("utf-8", "replace"))

            with contextlib.suppress(RuntimeError):  # the server has stopped: nobody is left to write to
                loop.call_soon_threadsafe(put)

        def finish(status: int) -> None:
            with contextlib.suppress(RuntimeError):  # the server stopped first: nothing waits for the session
                loop.call_soon_threadsafe(done.set)

        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else str(peer)

        def check(typed: str) -> str | None:
            """On the session's thread: the code its client is to say, or None when ``typed`` is wrong."""
            return asyncio.run_coroutine_threadsafe(self._check(address, typed), loop).result()

        writer.write(CHARACTER_MODE)
        session = TextSession(self.port, None, "", write, finish, check=check)
        session.start()
        reading = loop.create_task(self._read(reader, session))
        await done.wait()
        reading.cancel()
        session.stop()
        with contextlib.suppress(Exception):
            writer.close()

    async def _check(self, address: str, typed: str) -> str | None:
        guard = self.server.guard
        while (wait := guard.delay(address, JOIN)) > 0 and not guard.locked(address, JOIN):
            await asyncio.sleep(wait)
        if guard.locked(address, JOIN):
            log.warning("%s: a telnet code refused, locked out after wrong codes", address)
            return None
        if not self.server.check_code(address, typed, JOIN):
            log.warning("%s: a wrong telnet join code", address)
            return None
        return self.server.inside

    async def _read(self, reader: asyncio.StreamReader, session: TextSession) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")("replace")  # a character cut between two reads stays whole
        try:
            while True:
                data = await reader.read(4096)
                if not data:
                    break
                session.feed(decoder.decode(strip_telnet(data)))
        finally:
            session.end_input()
