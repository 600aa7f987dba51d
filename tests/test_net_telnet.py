"""``serve --telnet PORT``: the text sessions over telnet, with the protocol's own commands dropped."""

from __future__ import annotations

import asyncio
import socket
import time

from net_support import CODE, ServerThread

from accessible_cards.net.telnet import TelnetSide, strip_telnet


def _read_until(sock: socket.socket, text: str, timeout: float = 10.0) -> str:
    seen = b""
    deadline = time.monotonic() + timeout
    sock.settimeout(0.2)
    while text.encode() not in seen:
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} never came: {seen[-300:]!r}")
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            continue
        if not chunk:
            break
        seen += chunk
    return seen.decode()


def test_the_telnet_commands_are_dropped_from_what_is_typed() -> None:
    assert strip_telnet(b"\xff\xfd\x18\xff\xfb\x1f12\xff\xff3\xff\xfa\x18\x00xterm\xff\xf04") == b"12\xff34"


def test_a_telnet_session_asks_the_code_and_the_language_then_the_lobby() -> None:
    server = ServerThread()
    telnet = TelnetSide(server.port)
    port = asyncio.run_coroutine_threadsafe(telnet.start("127.0.0.1", 0), server.loop).result(10)
    try:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            _read_until(sock, "Join code, Beitrittscode:")
            sock.sendall(b"\xff\xfd\x01" + CODE.encode() + b"\r\n")
            _read_until(sock, "2: Deutsch.")
            sock.sendall(b"2\r\n")
            seen = _read_until(sock, "Lobby von Class 3b")
            assert "\r\n" in seen and "\x1b" not in seen
            sock.sendall(b"q\r\n")
            _read_until(sock, "Den Server verlassen?")
            sock.sendall(b"j\r\n")
            _read_until(sock, "Auf Wiedersehen.")
        with socket.create_connection(("127.0.0.1", port)) as sock:
            _read_until(sock, "Join code")
            sock.sendall(b"99999\r\n1\r\n")
            _read_until(sock, "That join code is not right.")
        assert server.call(lambda: [c for c in server.server.connections if c.admitted]) == []
    finally:
        asyncio.run_coroutine_threadsafe(telnet.close(), server.loop).result(10)
        server.close()
