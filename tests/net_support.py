"""A real server on a loopback port in a thread of its own, and real ``join`` clients fed lines through pipes.

:class:`ServerThread` runs :class:`~accessible_cards.net.server.Server` on its own asyncio loop, on an
ephemeral port, and records every byte it sends to each connection (``wire``). :class:`Client` runs
the ``join`` program (:func:`~accessible_cards.net.client.run_join`) on a thread, with the real
:class:`~accessible_cards.net.terminal.NetTerminal` reading lines from a pipe, and records every
utterance given to its outputs. Both are closed by the tests' fixtures, whatever happens.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from accessible_cards.game import Voice
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import seat_names
from accessible_cards.net.client import NetApp, run_join
from accessible_cards.net.connection import Connection
from accessible_cards.net.server import Config, Server
from accessible_cards.net.tables import NetTable
from accessible_cards.net.teacher import Console
from accessible_cards.net.terminal import NetTerminal
from accessible_cards.outputs import RecordingOutput
from accessible_cards.settings import Loaded, Settings
from accessible_cards.table import COMPUTER
from accessible_cards.ui.screens import ListScreen

CODE = "24680"


class ServerThread:
    """A server on 127.0.0.1, port 0, on a loop of its own; ``wire`` holds every byte sent, per connection."""

    def __init__(self, seed: int = 100, ssh: Path | None = None, **config: Any) -> None:
        self.config = Config(name="Class 3b", code=CODE, pause=0.0, seed=seed, **config)
        self.server = Server(self.config, Console)
        if ssh is not None:
            from accessible_cards.net.ssh import SSHSide

            self.server.ssh = SSHSide(ssh)
        self.wire: dict[Connection, bytearray] = {}
        self.server.taps.append(self._tap)
        self.loop = asyncio.new_event_loop()
        self.port = 0
        started = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.port = self.loop.run_until_complete(self.server.start("127.0.0.1", 0))
            if self.server.ssh is not None:
                self.server.ssh.port = self.port
            started.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name="test-server", daemon=True)
        self.thread.start()
        assert started.wait(10), "the server did not start"

    def _tap(self, conn: Connection, data: bytes) -> None:
        self.wire.setdefault(conn, bytearray()).extend(data)

    def call(self, function: Callable[[], Any]) -> Any:
        """Run ``function`` on the server's loop and give back what it returns."""

        async def inside() -> Any:
            return function()

        return asyncio.run_coroutine_threadsafe(inside(), self.loop).result(10)

    def close(self) -> None:
        if self.loop.is_closed():
            return
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


class _Lines(io.StringIO):
    def __init__(self, sink: Callable[[str], None]) -> None:
        super().__init__()
        self.sink = sink

    def write(self, text: str) -> int:
        self.sink(text)
        return len(text)


class Client:
    """One child's ``join`` program on a thread: ``send(line)`` types a line; ``said`` is every utterance."""

    def __init__(
        self,
        port: int,
        lang: str = "en",
        *,
        code: str = CODE,
        name: str | None = None,
        verbosity: str = "normal",
        teacher: str | None = None,
    ) -> None:
        read, write = os.pipe()
        self._keys = os.fdopen(write, "w", buffering=1)
        stdin = os.fdopen(read, "r")
        self.lines: list[str] = []
        self.output = RecordingOutput()
        self.terminal = NetTerminal(lang, "keys", stdin=stdin, stdout=_Lines(self.lines.append))
        settings = Settings(lang=lang, verbosity=verbosity, computer_pause=0.0)
        loaded = Loaded(settings, (), False, Path(os.devnull))
        self.app: NetApp | None = None
        self.status: int | None = None

        def ready(app: NetApp) -> None:
            self.app = app

        def run() -> None:
            self.status = run_join(
                "127.0.0.1", port, code, name, self.terminal, loaded, outputs=[self.output], save_settings=False,
                ready=ready, teacher_code=teacher,
            )  # fmt: skip

        self.thread = threading.Thread(target=run, name=f"client-{lang}", daemon=True)
        self.thread.start()

    @property
    def said(self) -> list[str]:
        return [utterance.speech for utterance in self.output.said]

    def send(self, *lines: str) -> None:
        for line in lines:
            self._keys.write(line + "\n")
            self._keys.flush()

    def wait(self, predicate: Callable[[], bool], timeout: float = 10.0, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.01)
        raise AssertionError(f"timed out waiting for {what or predicate}; said: {self.said[-8:]}")

    def wait_said(self, text: str, timeout: float = 10.0) -> None:
        self.wait(lambda: any(text in line for line in self.said), timeout, repr(text))

    def close(self) -> None:
        app = self.app
        if app is not None:
            app.running = False
            app.link.close()
            app.wake()
        with contextlib.suppress(OSError):
            self._keys.close()
        self.thread.join(10)


def open_client(server: ServerThread, lang: str, name: str) -> Client:
    client = Client(server.port, lang, name=name)
    client.wait(lambda: client.app is not None and client.app.lobby is not None, what="the lobby")
    return client


def play_out(clients: list[Client], timeout: float = 60.0, during: Callable[[], None] | None = None) -> None:
    """Each child plays the first card of the hand on their turn (and the first choice, if asked) until the end."""
    deadline = time.monotonic() + timeout
    asked: dict[int, tuple[int, int]] = {}
    while time.monotonic() < deadline:
        done = True
        for number, client in enumerate(clients):
            app = client.app
            assert app is not None
            screen = app.game_screen_now
            if screen is None or not screen.over:
                done = False
            if screen is None or screen.over:
                continue
            remote = screen.remote
            top = app.stack[-1]
            mark = (remote.steps, len(app.stack), len(client.output.said))  # a refused move is tried again
            if asked.get(number) == mark:
                continue
            if isinstance(top, ListScreen) and top.phase == "choice":
                asked[number] = mark
                client.send("1")
            elif top is screen and remote.to_move() == screen.seat_number and remote.legal_actions():
                asked[number] = mark
                client.send("play 1")
        if done:
            return
        if during is not None:
            during()
        time.sleep(0.005)
    raise AssertionError("the game did not end in time: " + " | ".join(c.said[-1] for c in clients))


def local_announcements(table: NetTable, seat: int | None, lang: str, verbosity: str = "normal") -> list[str]:
    """What ``seat`` hears in local play of the same seed and moves, in ``lang``: the narrator over its own view.

    ``seat`` None: someone watching, told over the public view, with nobody spoken to as "you".
    """
    game = table.game
    assert table.table is not None
    state = game.new_state(table.players, table.variant, table.options, table.seed)
    kinds = [s.kind for s in table.seats]
    names = seat_names(Catalog(lang).text, [kind == COMPUTER for kind in kinds], [s.name for s in table.seats])
    narrator = game.narrator(state, Voice(lang, verbosity, names, seat))
    see = state.public_view if seat is None else (lambda: state.view(seat))
    heard: list[str] = []

    def tell(events: list) -> None:
        view = see()
        for event in events:
            utterance = narrator.event(event, view)
            if utterance is not None:
                heard.append(utterance.speech)

    tell(state.start())
    for move in table.table.moves:
        tell(state.apply(move.action))
    return heard
