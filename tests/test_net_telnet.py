"""``serve --telnet PORT``: the text sessions over telnet, with the protocol's own commands dropped."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time

from net_support import CODE, ServerThread

from accessible_cards.net.guard import Limits
from accessible_cards.net.telnet import CHARACTER_MODE, TelnetSide, strip_telnet


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
    return strip_telnet(seen).decode()


def test_the_telnet_commands_are_dropped_from_what_is_typed() -> None:
    assert strip_telnet(b"\xff\xfd\x18\xff\xfb\x1f12\xff\xff3\xff\xfa\x18\x00xterm\xff\xf04") == b"12\xff34"


def test_a_telnet_session_asks_the_code_and_the_language_then_the_lobby() -> None:
    server = ServerThread()
    telnet = TelnetSide(server.port, server.server)
    port = asyncio.run_coroutine_threadsafe(telnet.start("127.0.0.1", 0), server.loop).result(10)
    try:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            offer = b""
            while len(offer) < len(CHARACTER_MODE):
                offer += sock.recv(len(CHARACTER_MODE) - len(offer))
            assert offer == b"\xff\xfb\x01\xff\xfb\x03", "IAC WILL ECHO, IAC WILL SGA: character mode"
            _read_until(sock, "Join code, Beitrittscode:")
            sock.sendall(b"\xff\xfd\x01" + CODE.encode() + b"\r\n")
            _read_until(sock, "2: Deutsch.")
            sock.sendall(b"2")  # character mode: one key, no Enter
            seen = _read_until(sock, "Lobby von Class 3b")
            assert "\r\n" in seen and "\x1b" not in seen
            sock.sendall(b"\x1b[B")  # Down arrow
            _read_until(sock, "2 von 3: Hilfe")
            sock.sendall(b"q")
            _read_until(sock, "Den Server verlassen?")
            sock.sendall(b"j")
            _read_until(sock, "Auf Wiedersehen.")
        with socket.create_connection(("127.0.0.1", port)) as sock:
            _read_until(sock, "Join code")
            sock.sendall(b"99999\r\x001")
            _read_until(sock, "That join code is not right.")
        assert server.call(lambda: [c for c in server.server.connections if c.admitted]) == []
    finally:
        asyncio.run_coroutine_threadsafe(telnet.close(), server.loop).result(10)
        server.close()


def test_telnet_codes_are_counted_by_the_telnet_computers_address_and_a_session_gets_three() -> None:
    """A telnet guesser is locked out by its own address; the SSH and telnet sessions of other children, whose
    clients all connect from the server's own loopback address, are not locked out with it."""
    server = ServerThread(limits=Limits(first_wait=0.005, longest_wait=0.02))
    telnet = TelnetSide(server.port, server.server)
    port = asyncio.run_coroutine_threadsafe(telnet.start("127.0.0.1", 0), server.loop).result(10)
    try:
        for _ in range(4):
            with socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.20", 0)) as sock:
                _read_until(sock, "Join code")
                for attempt in range(3):
                    sock.sendall(b"99999\r")
                    wrong = "That join code is not right. Dieser Beitrittscode stimmt nicht."
                    seen = _read_until(sock, wrong)
                    if attempt < 2 and "Join code" not in seen.split(wrong, 1)[1]:
                        _read_until(sock, "Join code")
                sock.settimeout(5)
                rest = b""
                with contextlib.suppress(TimeoutError, ConnectionResetError):
                    while chunk := sock.recv(4096):
                        rest += chunk
                assert b"Join code" not in rest, "after three wrong codes the session ends"
        guard = server.server.guard
        assert server.call(lambda: guard.locked("127.0.0.20")) > 0
        assert server.call(lambda: guard.locked("127.0.0.1")) == 0
        with socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.21", 0)) as sock:
            _read_until(sock, "Join code")
            sock.sendall(CODE.encode() + b"\r")
            _read_until(sock, "2: Deutsch.")
            sock.sendall(b"1")
            _read_until(sock, "Lobby of Class 3b")
    finally:
        asyncio.run_coroutine_threadsafe(telnet.close(), server.loop).result(10)
        server.close()
