"""Raw protocol clients for the network tests: a socket, lines in and out, nothing of the program's own client.

A :class:`Bot` says what a child's client would say, or anything else a test wants to send (bytes
that are no message at all, a flood); ``lines`` holds every message the server sent it.
"""

from __future__ import annotations

import json
import random
import socket
import time
from typing import Any

from net_support import CODE


class Bot:
    """One connection that speaks the protocol line by line."""

    def __init__(self, port: int, source: str | None = None) -> None:
        """``source``: the loopback address it comes from (127.0.0.2 ... : another child's computer)."""
        where = (source, 0) if source is not None else None
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=where)
        self.sock.setblocking(False)
        self.buffer = b""
        self.lines: list[dict[str, Any]] = []
        self.read_to = 0
        self.seat: int | None = None
        self.token: str | None = None
        self.closed = False
        self.waited: dict[str, int] = {}
        """Per kind of message, where ``wait_for`` looks next."""

    def send(self, message: dict[str, Any] | bytes) -> None:
        data = message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n"
        self.sock.setblocking(True)
        try:
            self.sock.sendall(data)
        finally:
            self.sock.setblocking(False)

    def hello(self, name: str | None = None, code: str = CODE) -> None:
        self.send({"t": "hello", "code": code, "name": name, "v": 1})

    def poll(self) -> list[dict[str, Any]]:
        """The messages that have come since the last poll."""
        self._fill()
        new = self.lines[self.read_to :]
        self.read_to = len(self.lines)
        return new

    def _fill(self) -> None:
        while True:
            try:
                chunk = self.sock.recv(65536)
            except BlockingIOError:
                break
            except OSError:
                self.closed = True
                break
            if not chunk:
                self.closed = True
                break
            self.buffer += chunk
        *whole, self.buffer = self.buffer.split(b"\n")
        for line in whole:
            message = json.loads(line)
            self.lines.append(message)
            if message.get("t") == "seated":
                self.seat = message["seat"]
                self.token = message["token"]

    def wait_for(self, kind: str, timeout: float = 5.0, **fields: Any) -> dict[str, Any]:
        """The first message of ``kind`` (with ``fields``) not waited for yet."""
        deadline = time.monotonic() + timeout
        start = self.waited.get(kind, 0)
        while time.monotonic() < deadline:
            self._fill()
            for index in range(start, len(self.lines)):
                message = self.lines[index]
                if message.get("t") == kind and all(message.get(k) == v for k, v in fields.items()):
                    self.waited[kind] = index + 1
                    return message
            time.sleep(0.002)
        raise AssertionError(f"no {kind} message came; last: {self.lines[-3:]}")

    def close(self) -> None:
        self.sock.close()


def play_bots(bots: list[Bot], rng: random.Random, timeout: float = 30.0, stop: Any = None) -> None:
    """Every bot plays a random legal move whenever the server offers it moves, until the game is over."""
    deadline = time.monotonic() + timeout
    over = set()
    while time.monotonic() < deadline and len(over) < len(bots):
        for number, bot in enumerate(bots):
            for message in bot.poll():
                if message.get("t") != "step":
                    continue
                if message.get("result") is not None:
                    over.add(number)
                legal = message.get("legal")
                if legal:
                    bot.send({"t": "act", "action": rng.choice(legal)})
                if stop is not None and stop(bot, message):
                    return
        time.sleep(0.001)
    if len(over) < len(bots):
        raise AssertionError("the game did not end in time")
