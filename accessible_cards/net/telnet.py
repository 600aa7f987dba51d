"""A telnet listener (``serve --telnet PORT``): the same text sessions as SSH, for terminals without ``ssh``.

Telnet is not encrypted: anyone on the network can read what is typed and said, the join code too.
So ``serve`` offers it only when asked with ``--telnet``, and then prints a warning. A session asks
for the join code, then the language; the telnet protocol's own commands (IAC ...) are dropped from
what is typed, and the lines go out with CR LF. Output is bounded as for every connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from .server import OUTPUT_LIMIT
from .session import TextSession

log = logging.getLogger("accessible_cards.server")

IAC, SB, SE = 255, 250, 240
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

    def __init__(self, port: int) -> None:
        self.port = port
        """The server's own port, for the sessions' clients."""
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

            loop.call_soon_threadsafe(put)

        def finish(status: int) -> None:
            loop.call_soon_threadsafe(done.set)

        session = TextSession(self.port, None, "", write, finish)
        session.start()
        reading = loop.create_task(self._read(reader, session))
        await done.wait()
        reading.cancel()
        session.stop()
        with contextlib.suppress(Exception):
            writer.close()

    async def _read(self, reader: asyncio.StreamReader, session: TextSession) -> None:
        try:
            while True:
                data = await reader.read(4096)
                if not data:
                    break
                text = strip_telnet(data).replace(b"\r\n", b"\n").replace(b"\r\x00", b"\n").replace(b"\r", b"\n")
                session.feed(text.decode("utf-8", "replace"))
        finally:
            session.end_input()
