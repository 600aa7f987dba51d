"""The ``join`` client's connection to the server, read on a thread of its own.

The thread hands each message to the program (:attr:`Link.messages`, then ``wake``), so a message never
waits for a key. When the connection drops, the thread connects again by itself and comes back to the
seat with its token, and the server sends what was missed.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

from .protocol import SERVER_LINE, ProtocolError, decode, encode

RETRY: Final = 1.0
RETRIES: Final = 120


class Link:
    """The connection to the server, read on a thread of its own; it connects again by itself when it drops.

    ``messages`` holds what the server sent, and ``{"t": "_lost"}`` / ``{"t": "_back"}`` for the
    connection itself; ``wake`` is called after each. ``token`` and ``seen`` (set by the program) say
    which seat to come back to, and how many of its steps were heard already.
    """

    def __init__(self, host: str, port: int, code: str, name: str | None, wake: Callable[[], None]) -> None:
        self.host = host
        self.port = port
        self.code = code
        self.name = name
        self.wake = wake
        self.messages: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.token: str | None = None
        self.seen = 0
        self.closing = False
        self.admitted = False
        """The server has let this connection in (a wrong code before it ends the link: no coming again)."""
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def open(self, timeout: float = 5.0) -> None:
        """Connect and say hello (or come back to the seat of ``token``); OSError when the server cannot be reached."""
        self._sock = self._connect(timeout)
        if self.token is not None:
            self.send({"t": "rejoin", "code": self.code, "token": self.token, "seen": 0})
        else:
            self.send({"t": "hello", "code": self.code, "name": self.name, "v": 1})
        self._thread = threading.Thread(target=self._run, name="net-reader", daemon=True)
        self._thread.start()

    def _connect(self, timeout: float) -> socket.socket:
        sock = socket.create_connection((self.host, self.port), timeout=timeout)
        sock.settimeout(None)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def send(self, message: Mapping[str, Any]) -> bool:
        """Send one message; False when the connection is down (it is being made again)."""
        data = encode(message)
        with self._lock:
            sock = self._sock
            if sock is None:
                return False
            try:
                sock.sendall(data)
            except OSError:
                return False
        return True

    def close(self) -> None:
        self.closing = True
        with self._lock:
            sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def _put(self, message: dict[str, Any]) -> None:
        self.messages.put(message)
        self.wake()

    def _run(self) -> None:
        while not self.closing:
            sock = self._sock
            if sock is not None:
                self._read(sock)
            if self.closing:
                return
            with self._lock:
                self._sock = None
            self._put({"t": "_lost"})
            if not self._reconnect():
                self._put({"t": "_gone"})
                return
            self._put({"t": "_back"})

    def _read(self, sock: socket.socket) -> None:
        buffer = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            while True:
                end = buffer.find(b"\n")
                if end < 0:
                    if len(buffer) > SERVER_LINE:
                        return  # not the server of this program: give up this connection
                    break
                line, buffer = buffer[:end], buffer[end + 1 :]
                try:
                    message = decode(line, SERVER_LINE)
                except ProtocolError:
                    continue
                if message["t"] == "welcome":
                    self.admitted = True
                elif message["t"] == "refused" and message.get("id") in FINAL and not self.admitted:
                    self.closing = True  # the code is wrong, or this computer is locked out: coming again won't help
                self._put(message)

    def _reconnect(self) -> bool:
        for _ in range(RETRIES):
            if self.closing:
                return False
            time.sleep(RETRY)
            try:
                sock = self._connect(2.0)
            except OSError:
                continue
            with self._lock:
                self._sock = sock
            self.admitted = False
            if self.token is not None:
                self.send({"t": "rejoin", "code": self.code, "token": self.token, "seen": self.seen})
            else:
                self.send({"t": "hello", "code": self.code, "name": self.name, "v": 1})
            return True
        return False


FINAL: Final = frozenset({"net-code", "net-locked"})
"""Refusals of a connection not let in that end the link: connecting again would only be refused again."""
