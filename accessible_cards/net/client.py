"""``accessible-cards join``: a child's own client, speaking and brailling in the child's own settings.

The server sends ids, events and views, never sentences. This client words
them: a :class:`RemoteGameScreen` is the game screen of local play (the same
keys, review, history and announcements, from the game's own controller and
narrator), over a :class:`RemoteTable` that holds only this seat's view, as
the server last sent it, and sends this seat's moves to the server.

A thread reads the connection and hands each message to the program's loop as
a background command (``net``), so a message never waits for a key and never
cuts off what is being said. When the connection drops, the thread connects
again by itself and comes back to the seat with its token, and the server
sends what was missed.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import queue
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TextIO

from .. import game as registry
from ..errors import CardsError, IllegalActionError
from ..files import FileProblem, read_bounded, write_atomic
from ..game import GameDescription
from ..keys import Typed
from ..narration.base import seat_names
from ..table import COMPUTER, PERSON, Seat
from ..ui.app import App, GameRequest, players_label
from ..ui.commands import key_map, parse_words
from ..ui.game_screen import GameScreen, game_clock
from ..ui.messages import refusal
from ..ui.screens import Item, ListScreen
from ..ui.terminal import Terminal, _enter_command
from ..utterance import Utterance
from .keystream import BACKSPACE, KeyStream
from .protocol import (
    OPTIONS_LENGTH,
    SAID_PARTS,
    SERVER_LINE,
    ProtocolError,
    decode,
    encode,
    from_wire,
    game_classes,
    said_from_wire,
    word,
)

NET: Final = "net"
"""The background command that says: messages from the server are waiting."""
RETRY: Final = 1.0
RETRIES: Final = 120


# --- the connection ------------------------------------------------------------------------------


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


# --- the terminal ----------------------------------------------------------------------------------


class NetTerminal(Terminal):
    """The terminal of local play; when input is not a terminal, lines are read on a thread, so news never waits."""

    def __init__(
        self,
        lang: str,
        input_mode: str = "keys",
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        keys: KeyStream | None = None,
    ) -> None:
        super().__init__(lang, input_mode, stdin, stdout)
        self._lines: queue.SimpleQueue[str | bool | None] = queue.SimpleQueue()
        self._reader: threading.Thread | None = None
        self.keys = keys
        """A remote terminal's keys (SSH, telnet): each key acts at once, as at a local terminal."""

    def inject(self, command: Typed | Any) -> None:
        super().inject(command)
        self._lines.put(None)
        if self.keys is not None:
            self.keys.wake()

    def _read_stdin(self) -> None:
        while True:
            try:
                text = self.stdin.readline()
            except (OSError, ValueError):
                text = ""
            if not text:
                self._lines.put(False)
                return
            self._lines.put(text)

    def read(self, phase: str) -> Typed | None:
        if self.keys is not None:
            return self._read_key_stream(phase, self.keys)
        if self.interactive:
            return super().read(phase)
        if self._reader is None:
            self._reader = threading.Thread(target=self._read_stdin, name="net-stdin", daemon=True)
            self._reader.start()
        while True:
            injected = self._take_injected(phase)
            if injected is not None:
                return injected
            item = self._lines.get()
            if item is None:
                continue
            if item is False:
                return None
            text = str(item).rstrip("\r\n")
            if not text.strip():
                entered = _enter_command(phase)
                if isinstance(entered, Typed):
                    return entered
                self.unknown(entered)
                continue
            typed = parse_words(text, phase, self.lang)
            if typed is not None:
                return typed
            self.unknown(text.strip())

    def _read_key_stream(self, phase: str, keys: KeyStream) -> Typed | None:
        """As local play's keys: a bound key acts at once; colon or slash starts a typed command, read on Enter."""
        while True:
            injected = self._take_injected(phase)
            if injected is not None:
                return injected
            key = keys.get()
            if key is None:
                continue
            if key is False:
                return None
            key = str(key)
            if key in ("c-c", "c-d"):
                return Typed("quit")  # asks first, as at a local terminal
            if key in (":", "/"):
                text = typed_line(keys, self.stdout, key)
                if text is None:
                    return None
                if not text.strip(":/ "):
                    continue  # given up with Escape, or nothing typed
                typed = parse_words(text, phase, self.lang)
                if typed is not None:
                    return typed
                self.unknown(text.strip())
                continue
            if key == "enter":
                entered = _enter_command(phase)
                if isinstance(entered, Typed):
                    return entered
                self.unknown(entered)
                continue
            command = key_map(phase).get(key)
            if command is not None and not (self.input_mode == "words" and len(key) == 1):
                return Typed(command.name, int(key) if key.isdigit() else None)
            self.unknown(key if len(key) == 1 else "?key")


def typed_line(keys: KeyStream, out: TextIO, start: str = "") -> str | None:
    """A line typed on a remote terminal, echoed as it is typed (Backspace takes a character back, Escape gives up).

    None when the input ends. ``start`` is what began it (the colon of a typed command), echoed first.
    """
    text = start
    out.write(start)
    out.flush()
    while True:
        key = keys.get()
        if key is None:
            continue  # news waits until the line is done
        if key is False:
            return None
        key = str(key)
        if key == "enter":
            out.write("\n")
            out.flush()
            return text
        if key == "escape":
            out.write("\n")
            out.flush()
            return ""
        if key == BACKSPACE:
            if text:
                text = text[:-1]
                out.write("\b \b")
        elif key == "space" or len(key) == 1:
            character = " " if key == "space" else key
            if len(text) < 80:
                text += character
                out.write(character)
        out.flush()


# --- the table, as this seat knows it -----------------------------------------------------------------


class RemoteTable:
    """What the game screen asks of a table, answered from the server's last step for this seat.

    ``state`` is a state of the same game and options, never dealt from the server's seed: the
    narrator and the screen read only its rules (deck, options) from it, never a card.
    """

    def __init__(
        self, game: GameDescription, state: Any, seat: int, kinds: Sequence[str], send: Callable[[Any], bool]
    ) -> None:
        self.game = game
        self.state = state
        self.seat = seat
        self.seats = tuple(Seat(kind) for kind in kinds)
        self.send = send
        self.classes = game_classes(game)
        self.moves: list[Any] = []
        self.script: list[Any] = []
        self.listeners: list[Any] = []
        self.started = False
        self._view: Any = None
        self.clock = game_clock()
        self._view_at = 0.0
        """The clock's reading when the last view came (a race's clocks run on from there)."""
        self.paused = False
        """The teacher has paused the table: its clocks stand still."""
        self._to_move: int | None = None
        self._movers: tuple[int, ...] = ()
        """The seats that play at once (a race), when the server says so."""
        self._legal: tuple[Any, ...] = ()
        self._offered: tuple[Any, ...] = ()
        self._result: Any = None
        self.steps = 0

    @property
    def result(self) -> Any:
        return self._result

    def to_move(self) -> int | None:
        if not self.started:
            return None
        return self.seat if self.seat in self._movers else self._to_move

    def view(self, seat: int) -> Any:
        aged = self.game.view_aged
        if aged is None or self.paused:
            return self._view
        return aged(self._view, self.clock() - self._view_at)

    def pause(self, paused: bool) -> None:
        """The table is paused or goes on: the view's clocks stop where they stand now, or run on from here."""
        if paused and not self.paused:
            self._view = self.view(self.seat)
        self.paused = paused
        self._view_at = self.clock()

    def legal_actions(self) -> Sequence[Any]:
        return self._legal

    def persons(self) -> tuple[int, ...]:
        return (self.seat,)

    def automatic(self) -> bool:
        return False  # the server plays the computer seats

    def start(self) -> list[Any]:
        return []

    def leave(self) -> list[Any]:
        return []  # the server keeps the table and its clock

    def play(self, action: Any) -> list[Any]:
        """Send this seat's move; its events come back from the server as the next step."""
        if not self.started or self.to_move() != self.seat:
            raise IllegalActionError("net-not-your-turn", "not this seat's turn")
        offered, self._legal = self._legal, ()  # one move per turn: the next step says what may follow
        if not self.send({"t": "act", "action": self.game.action_to_json(action)}):
            self._legal = offered
            raise IllegalActionError("net-offline", "the connection is down")
        return []

    def offer_again(self) -> None:
        """Back on the server after a drop: a move sent meanwhile may be lost, so this seat's moves are open again."""
        self._legal = self._offered

    def take(self, message: Mapping[str, Any]) -> list[Any]:
        """One step from the server: its events, and this seat's view after it."""
        classes = self.classes
        events = [from_wire(event, classes) for event in message.get("events") or ()]
        self._view = from_wire(message.get("view"), classes)
        self._view_at = self.clock()
        to_move = message.get("to_move")
        self._to_move = to_move if isinstance(to_move, int) else None
        movers = message.get("movers") or ()
        self._movers = tuple(seat for seat in movers if isinstance(seat, int)) if isinstance(movers, list) else ()
        self._result = from_wire(message.get("result"), classes)
        legal = message.get("legal") or ()
        self._legal = tuple(self.game.action_from_json(action, "the server's move") for action in legal)
        self._offered = self._legal
        self.started = True
        self.steps += 1
        return events


class RemoteGameScreen(GameScreen):
    """The game screen of local play, for one seat of a table the server holds."""

    def __init__(self, app: NetApp, seated: Mapping[str, Any]) -> None:
        game = registry.get(str(seated["game"]))
        players = int(seated["players"])
        seat = seated.get("seat")
        self.watching = not isinstance(seat, int)
        self.seat_number = seat if isinstance(seat, int) else -1
        self.table_number = int(seated["table"])
        kinds = [str(kind) for kind in seated["kinds"]]
        variant = seated.get("variant")
        options = dict(seated.get("options") or {})
        humans = sum(1 for kind in kinds if kind == PERSON)
        request = GameRequest(game.name, players, humans, variant if isinstance(variant, str) else None, None, options)
        super().__init__(app, request)
        rules_only = game.new_state(players, request.variant, {**options, **game.network_options}, 0)  # its rules only
        self.table = RemoteTable(game, rules_only, self.seat_number, kinds, app.link_send)  # type: ignore[assignment]
        if self.watching:
            self.remote.persons = lambda: ()  # type: ignore[method-assign]
        self.given_names = [name if isinstance(name, str) else None for name in seated.get("names") or []]
        self.kinds = kinds
        self.names = seat_names(app.t, [kind == COMPUTER for kind in kinds], self.given_names)
        self.at_keyboard = self.seat_number
        self.narrator = self._narrator()
        self.controller = game.controller(self, self.narrator)
        self.net_app = app
        self.holding = False
        """A match's next game waits on the server until this seat asks for it."""

    @property
    def remote(self) -> RemoteTable:
        table = self.table
        assert isinstance(table, RemoteTable)
        return table

    def _narrator(self) -> Any:
        from ..game import Voice

        app = self.app
        seat = getattr(self, "seat_number", 0)
        voice = Voice(
            app.lang, app.settings.verbosity, self.names, seat if seat >= 0 else None, app.settings.card_names
        )
        return self.game.narrator(self.table.state, voice)

    def rebuild_narrator(self) -> None:
        if hasattr(self, "kinds"):
            self.names = seat_names(self.app.t, [kind == COMPUTER for kind in self.kinds], self.given_names)
        super().rebuild_narrator()

    def enter(self) -> None:
        if self.started:
            return
        self.started = True
        app = self.app
        app.follow(deck=self.table.state.deck_kind)
        app.say(self.controller.opening(self.request.players, None, self.request.variant))
        if self.watching:
            app.say(app.t("You watch table {table}: you hear what lies face up, no hand.", table=self.table_number))
        else:
            app.say(
                app.t(
                    "Table {table}, seat {seat}: you are {name}.",
                    table=self.table_number,
                    seat=self.seat_number + 1,
                    name=self.names[self.seat_number],
                )
            )
        if not self.remote.started:
            app.say(app.t("The game starts when every seat is taken."))

    def take(self, message: Mapping[str, Any]) -> None:
        """One step from the server, told as local play tells it."""
        remote = self.remote
        first = not remote.started
        try:
            events = remote.take(message)
        except (ValueError, TypeError, KeyError):
            self.app.refuse(self.app.t("A message from the server could not be read; it is left out."))
            return
        names = message.get("names")
        if isinstance(names, list) and len(names) == len(self.kinds):
            self.given_names = [name if isinstance(name, str) else None for name in names]
            self.rebuild_narrator()
        self.last_play = []
        self.controller.tell(events)
        if any(event.holds_next() for event in events):
            self.holding = True  # the server waits until this seat asks for the next game
            self._ready_when_asked()
        if first:
            self.last_play = []  # the deal is not a play
            hint = self.controller.hint()
            if hint and self.app.settings.verbosity != "brief":
                self.app.say(hint)
        if remote.result is not None and not self.over:
            self._game_over()

    def seed_line(self) -> str:
        return self.app.t("The server keeps this table's seed; the teacher's log has it.")

    def clock_due(self) -> None:
        """The server keeps the game's clock and sends its steps."""

    def arm_clock(self) -> None:
        """The server keeps the game's clock."""

    def before_input(self) -> None:
        if not self.watching:
            super().before_input()  # a watcher has no turn

    def handle(self, typed: Typed) -> None:
        if not self.remote.started and typed.name not in ("menu", "rules", "history", "verbosity", "last"):
            self.app.refuse(self.app.t("The game starts when every seat is taken."))
            return
        super().handle(typed)
        self._ready_when_asked()

    def tell_held_deal(self) -> None:
        """The teacher started the next game: the deal held back is told now, as Enter would, before what follows."""
        if not self.holding or self.controller.waiting_for() is None:
            return
        self.holding = False  # the server goes on already: nothing to tell it
        enter = key_map(self.controller.phase).get("enter")
        if enter is not None:
            self.handle(Typed(enter.name))

    def _ready_when_asked(self) -> None:
        """The controller has told the next game's deal (Enter was pressed): the server is told this seat is ready."""
        if not self.holding or self.watching or self.controller.waiting_for() is not None:
            return
        self.holding = False
        self.net_app.link_send({"t": "ready"})  # the server says so when the others are not ready yet

    def what_next(self) -> None:
        if self.over:
            return
        self.over = True
        app = self.net_app
        app.push(
            ListScreen(
                app,
                app.t("What next?"),
                [Item(app.t("Back to the lobby"), app.leave_table), Item(app.t("Quit"), app.quit)],
                on_back=app.leave_table,
            )
        )


# --- the lobby ---------------------------------------------------------------------------------------------


class LobbyScreen(ListScreen):
    """The server's tables, and what a child may do there: take a seat, create a table, hear the help, leave."""

    def __init__(self, app: NetApp) -> None:
        self.net_app = app
        super().__init__(app, "", [], on_back=app.confirm_quit)
        self._build()

    def _build(self) -> None:
        app = self.net_app
        t = app.t
        items: list[Item] = []
        for table in app.tables:
            items.append(Item(app.table_label(table), self._open(table)))
        items.append(Item(t("Create a table"), lambda: app.push(app.create_screen())))
        items.append(Item(t("Help"), lambda: app.say(app.lobby_help())))
        items.append(Item(t("Leave"), app.confirm_quit))
        self.items = items
        self.index = min(self.index, len(items) - 1)
        self.title = t("Lobby of {server}.", server=app.server_name) + " " + app.tables_count()

    def _open(self, table: Mapping[str, Any]) -> Callable[[], None]:
        return lambda: self.net_app.push(self.net_app.seats_screen(table))

    def refresh(self) -> None:
        self._build()

    def resume(self) -> None:
        self._build()
        super().resume()


class NetApp(App):
    """The program of ``join``: the lobby first, then the game screen of the seat taken."""

    def __init__(self, terminal: Terminal, loaded: Any, link_factory: Callable[[NetApp], Link], **kw: Any) -> None:
        super().__init__(terminal, loaded, **kw)
        self.link = link_factory(self)
        self.server_name = ""
        self.games: list[dict[str, Any]] = []
        self.tables: list[dict[str, Any]] = []
        self.lobby: LobbyScreen | None = None
        self.game_screen_now: RemoteGameScreen | None = None
        self.creating: tuple[Mapping[str, Any], str | None, int, int] | None = None
        """The table being made, while its rule options may be typed."""
        self.options_screen: ListScreen | None = None
        self.background[NET] = self.pump
        self.admitted = False
        self.teacher_code: str | None = None
        """A teacher's seat: typed lines the game does not know go to the teacher's console."""
        self.seats_file: Path | None = None
        """Where this child's seat tokens are kept, per server, so a new start comes back to the seat."""
        self.server_key = ""

    def wake(self) -> None:
        self.terminal.inject(Typed(NET))

    def link_send(self, message: Any) -> bool:
        return self.link.send(message)

    # -- words ------------------------------------------------------------------------------------------

    def game_title(self, name: str, variant: str | None) -> str:
        game = registry.find(name)
        return self.t(game.variant_title(variant)) if game is not None else name

    def table_label(self, table: Mapping[str, Any]) -> str:
        seats = table.get("seats") or []
        free = sum(1 for seat in seats if not seat.get("taken"))
        game = self.game_title(str(table.get("game")), table.get("variant"))
        status = str(table.get("status"))
        if status == "waiting":
            where = self.tn("{n} seat free", "{n} seats free", free)
        elif status == "playing":
            where = self.t("playing")
        else:
            where = self.t("game over")
        options = str(table.get("options") or "")[:200]
        if options:
            game = f"{game} ({options})"  # the rule options as they were typed: KEY=VALUE words
        return self.t("Table {table}: {game}, {where}", table=table.get("table"), game=game, where=where)

    def tables_count(self) -> str:
        n = len(self.tables)
        if not n:
            return self.t("No tables yet: create one.")
        return self.tn("{n} table.", "{n} tables.", n)

    def lobby_help(self) -> str:
        return self.t(
            "The lobby lists the tables. Choose a table to hear its seats and take a free one; "
            "choose Create a table to start one, with computer players if you like. "
            "At the table the keys are those of a game on your own; press question mark for them."
        )

    def seat_label(self, table: Mapping[str, Any], number: int, seat: Mapping[str, Any]) -> str:
        if seat.get("kind") == COMPUTER:
            return self.t("Seat {seat}: a computer player", seat=number)
        if seat.get("taken"):
            name = seat.get("name")
            if isinstance(name, str) and name:
                return self.t("Seat {seat}: {name}", seat=number, name=name)
            return self.t("Seat {seat}: taken", seat=number)
        return self.t("Seat {seat}: free", seat=number)

    # -- screens ----------------------------------------------------------------------------------------

    def seats_screen(self, table: Mapping[str, Any]) -> ListScreen:
        number = int(table["table"])
        items = []
        for n, seat in enumerate(table.get("seats") or [], start=1):
            free = seat.get("kind") == PERSON and not seat.get("taken") and table.get("status") == "waiting"
            action = functools.partial(self.sit, number, n) if free else None
            items.append(Item(self.seat_label(table, n, seat), action))
        items.append(Item(self.t("Watch this table"), functools.partial(self.watch, number)))
        return ListScreen(self, self.table_label(table) + ".", items)

    def watch(self, table: int) -> None:
        self.link.send({"t": "watch", "table": table})

    def sit(self, table: int, seat: int) -> None:
        self.link.send({"t": "sit", "table": table, "seat": seat})

    def create_screen(self) -> ListScreen:
        items = []
        for info in self.games:
            name = str(info["game"])
            variants = list(info.get("variants") or []) or [None]
            for variant in variants:
                items.append(Item(self.game_title(name, variant), functools.partial(self._players, info, variant)))
        return ListScreen(self, self.t("Which game?"), items)

    def _players(self, info: Mapping[str, Any], variant: str | None) -> None:
        low, high = int(info["min"]), int(info["max"])
        fixed = (info.get("fixed") or {}).get(variant or "") if isinstance(info.get("fixed"), dict) else None
        counts = [int(fixed)] if isinstance(fixed, int) and low <= fixed <= high else list(range(low, high + 1))
        items = [Item(players_label(self, n), functools.partial(self._computers, info, variant, n)) for n in counts]
        self.push(ListScreen(self, self.t("How many players?"), items, numbers=counts))

    def _computers(self, info: Mapping[str, Any], variant: str | None, players: int) -> None:
        if not info.get("computers"):
            self._create(info, variant, players, 0)
            return
        counts = list(range(players))
        items = [
            Item(
                self.tn("{n} computer player", "{n} computer players", n),
                functools.partial(self._create, info, variant, players, n),
            )
            for n in counts
        ]
        self.push(ListScreen(self, self.t("How many of them computer players?"), items, numbers=counts))

    def _create(self, info: Mapping[str, Any], variant: str | None, players: int, computers: int) -> None:
        specs = [spec for spec in info.get("options") or () if isinstance(spec, list) and len(spec) == 2]
        if not specs:
            self._send_create(info, variant, players, computers, "")
            return
        self.creating = (info, variant, players, computers)
        plain = functools.partial(self._send_create, info, variant, players, computers, "")
        items = [
            Item(self.t("Create the table with these rules"), plain),
            Item(self.t("The options, one a line"), lambda: self._say_options(specs)),
        ]
        title = self.t(
            "Rule options? Type a colon, set and the options (as :set hand=3), then Enter; or choose an item."
        )
        self.options_screen = ListScreen(self, title, items)
        self.push(self.options_screen)

    def _say_options(self, specs: Sequence[Sequence[Any]]) -> None:
        for name, allowed in specs:
            self.say(self.t("{name}: {allowed}", name=str(name)[:32], allowed=str(allowed)[:80]))

    def _send_create(
        self, info: Mapping[str, Any], variant: str | None, players: int, computers: int, options: str
    ) -> None:
        """Ask the server for the table; a refused option keeps the options screen, to type them again."""
        if not options:
            del self.stack[1:]
        self.link.send(
            {"t": "create", "game": info["game"], "variant": variant, "players": players, "computers": computers,
             "options": options or None}
        )  # fmt: skip

    def keep_token(self, token: str | None) -> None:
        """Keep (or forget, None) the seat's token for this server; a file that cannot be written is let be."""
        path = self.seats_file
        if path is None:
            return
        kept = _read_seats(path)
        if token is None:
            kept.pop(self.server_key, None)
        else:
            kept[self.server_key] = token
        with contextlib.suppress(OSError):
            write_atomic(path, json.dumps(kept))

    def back_to_menu(self) -> None:
        if self.game_screen_now is not None and len(self.stack) > 1:
            self.leave_table()
            return
        super().back_to_menu()

    def leave_table(self) -> None:
        self.link.send({"t": "leave"})
        self.keep_token(None)
        self.link.token = None
        self.link.seen = 0
        self.game_screen_now = None
        del self.stack[1:]
        self.stack[0].resume()

    # -- news from the server ------------------------------------------------------------------------------

    def pump(self) -> None:
        """Every message that has come, in order."""
        while True:
            try:
                message = self.link.messages.get_nowait()
            except queue.Empty:
                return
            try:
                self.take(message)
            except CardsError as error:
                self.refuse(refusal(error, self.t))
            except (ValueError, TypeError, KeyError, AttributeError, IndexError):  # not a message this client knows
                self.refuse(self.t("A message from the server could not be read; it is left out."))

    def take(self, message: Mapping[str, Any]) -> None:
        kind = message.get("t")
        if kind == "welcome":
            self.admitted = True
            self.server_name = str(message.get("server") or "")
            self.games = [g for g in message.get("games") or [] if registry.find(str(g.get("game"))) is not None]
        elif kind == "tables":
            known = {table.get("table") for table in self.tables}
            self.tables = [table for table in message.get("tables") or [] if isinstance(table, dict)]
            if self.lobby is None:
                self.lobby = LobbyScreen(self)
                self.stack.append(self.lobby)
                self.lobby.enter()
                return
            self.lobby.refresh()
            if self.stack and self.stack[-1] is self.lobby:
                for table in self.tables:
                    if table.get("table") not in known:
                        self.say(self.t("New table: {table}.", table=self.table_label(table)))
        elif kind == "created":
            self.creating = None
            del self.stack[1:]
            self.sit(int(message["table"]), 1)
        elif kind == "seated":
            self.link.token = str(message["token"])
            self.keep_token(self.link.token)
            screen = self.game_screen_now
            if (
                message.get("back")
                and screen is not None
                and screen.table_number == message.get("table")
                and screen.seat_number == message.get("seat")
            ):
                self.say(self.t("Back at the table."))
                screen.remote.offer_again()
                screen.announced_turn = None  # "your turn" again, if it is
                return
            if self.lobby is None:
                self.lobby = LobbyScreen(self)
                self.stack.append(self.lobby)
            screen = RemoteGameScreen(self, message)
            self.game_screen_now = screen
            del self.stack[1:]
            self.push(screen)
            if message.get("back"):
                self.say(self.t("Back at the table. What happened while you were away follows."))
        elif kind == "watching":
            if self.lobby is None:
                self.lobby = LobbyScreen(self)
                self.stack.append(self.lobby)
            screen = RemoteGameScreen(self, message)
            self.game_screen_now = screen
            del self.stack[1:]
            self.push(screen)
        elif kind == "step":
            screen = self.game_screen_now
            if screen is not None:
                screen.take(message)
                self.link.seen = screen.remote.steps
        elif kind == "caught_up":
            self.say(self.t("That is everything so far; G reads the history."))
        elif kind == "left":
            screen, self.game_screen_now = self.game_screen_now, None
            if screen is not None:  # the teacher ended the table, or gave the seat to a computer
                self.keep_token(None)
                self.link.token = None
                self.link.seen = 0
                if screen in self.stack and self.lobby is not None:
                    del self.stack[1:]
                    self.lobby.resume()
        elif kind == "talk":
            screen = self.game_screen_now
            seat = message.get("seat")
            if screen is not None and isinstance(seat, int) and 0 <= seat < len(screen.names):
                text = self.t("{name} says: {text}", name=screen.names[seat], text=str(message.get("text"))[:120])
                screen.announce(Utterance(text, text))
        elif kind == "teacher":
            for data in list(message.get("said") or [])[:SAID_PARTS]:
                try:
                    text = word(said_from_wire(data, self.catalog.knows), self.t)
                except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                    text = self.t("A message from the server could not be read; it is left out.")
                self.say(text[:1000])
        elif kind == "notice":
            notice = str(message.get("id"))
            screen = self.game_screen_now
            if notice in ("table-paused", "table-resumed") and screen is not None:
                screen.remote.pause(notice == "table-paused")
            self.notice(notice, message.get("p") or {})
        elif kind == "refused":
            self.refuse(self.server_refusal(str(message.get("id")), message.get("p") or {}))
            screen = self.game_screen_now
            if screen is not None and screen.remote.started:
                screen.remote.offer_again()  # a refused move changed nothing: this seat may move again
            if message.get("id") == "net-token" and not self.admitted:
                self.keep_token(None)  # the seat is gone (the table ended): the lobby instead
                self.link.token = None
                self.link.send({"t": "hello", "code": self.link.code, "name": self.link.name, "v": 1})
            elif message.get("id") in ("net-code", "net-locked") and not self.admitted:
                self.running = False
        elif kind == "_lost":
            self.say(self.t("The connection to the server is lost. Connecting again."))
        elif kind == "_back":
            self.say(self.t("Connected again."))
        elif kind == "_gone":
            self.say(self.t("The server cannot be reached. Goodbye."))
            self.running = False

    def notice(self, msg_id: str, params: Mapping[str, Any]) -> None:
        """News from the teacher or about the table, in the child's words; kept in the history at the table."""
        t = self.t
        screen = self.game_screen_now
        if msg_id == "teacher-message":
            text = t("Message from the teacher: {text}", text=str(params.get("text"))[:120])
        elif msg_id == "seat-computer":
            seat = params.get("seat")
            names = screen.names if screen is not None else []
            if not isinstance(seat, int) or not 0 <= seat < len(names):
                return
            text = t("A computer plays for {name} from now on.", name=names[seat])
        else:
            wording = NOTICES.get(msg_id)
            if wording is None:
                return
            text = t(wording)
        if screen is not None and self.stack and screen in self.stack:
            screen.announce(Utterance(text, text))
        else:
            self.say(text)
        if msg_id == "next-game-started" and screen is not None:
            screen.tell_held_deal()

    def _unknown(self, text: str) -> None:
        """A typed line ``say good luck`` (``sag viel Glück``) goes to the table; anything else is refused."""
        words = text.strip().lstrip(":/").strip()
        if self.teacher_code is not None and words.lstrip("!"):  # "!end 1": a command that is also a key's word
            line = words.lstrip("!").strip()[:200]
            self.link.send({"t": "teach", "code": self.teacher_code, "lang": self.lang, "line": line})
            return
        first, _, rest = words.partition(" ")
        creating = self.creating is not None and self.stack and self.stack[-1] is self.options_screen
        if first.lower() in ("set", "setze") and rest.strip() and creating and self.creating is not None:
            self._send_create(*self.creating, " ".join(rest.split())[:OPTIONS_LENGTH])
            return
        if first.lower() in ("say", "sag") and rest.strip() and self.game_screen_now is not None:
            self.link.send({"t": "talk", "text": rest.strip()[:120]})
            self.say(self.t("Said to the table: {text}", text=rest.strip()[:120]))
            return
        super()._unknown(text)

    def server_refusal(self, msg_id: str, params: Mapping[str, Any]) -> str:
        wording = NET_ERRORS.get(msg_id)
        if wording is not None:
            return wording(self.t, dict(params))
        safe = {str(k): str(v)[:40] for k, v in params.items() if isinstance(k, str)}
        return refusal(CardsError(msg_id, msg_id, **safe), self.t)

    def quit(self) -> None:
        super().quit()
        self.link.close()

    def confirm_quit(self) -> None:
        in_game = self.game_screen_now is not None and not self.game_screen_now.over
        title = self.t("Leave the table? Your seat is kept for you.") if in_game else self.t("Leave the server?")
        self.push(
            ListScreen(
                self,
                title,
                [Item(self.t("No, go on"), self.pop), Item(self.t("Yes, leave"), self.quit)],
                hint=False,
                answers=(1, 0),
            )
        )


NOTICES: Final[Mapping[str, str]] = {
    "table-paused": "The teacher has paused this table.",
    "table-resumed": "The table goes on.",
    "table-ended": "The teacher has ended this table.",
    "coaching-on": "The teacher can see every hand at this table now.",
    "coaching-off": "The teacher no longer sees the hands at this table.",
    "talk-off": "Table talk is off now.",
    "talk-on": "Table talk is on: type say and your words.",
    "next-game-waits": "The next game starts when everyone at the table has pressed Enter.",
    "next-game-started": "The teacher starts the next game.",
}
"""News about the table, by its id: the catalog msgid that words it."""

NET_ERRORS: Final[Mapping[str, Callable[[Callable[..., str], dict[str, Any]], str]]] = {
    "net-code": lambda t, p: t("That join code is not right. Ask your teacher for the code."),
    "net-token": lambda t, p: t("That seat is not known here any more."),
    "net-hello-first": lambda t, p: t("The join code is needed first."),
    "net-locked": lambda t, p: t(
        "Too many wrong codes came from this computer: it must wait a few minutes. Ask your teacher."
    ),
    "net-already": lambda t, p: t("You are already connected."),
    "net-too-long": lambda t, p: t("A message was too long; it was left out."),
    "net-malformed": lambda t, p: t("A message could not be read; it was left out."),
    "net-unknown": lambda t, p: t("A message could not be read; it was left out."),
    "net-flood": lambda t, p: t("Too many messages at once; slow down."),
    "net-at-table": lambda t, p: t("You are at a table already; leave it first."),
    "net-not-at-table": lambda t, p: t("You are not at a table."),
    "net-too-many-tables": lambda t, p: t("There are as many tables as the server holds."),
    "net-too-many-waiting": lambda t, p: t(
        "You have created as many waiting tables as you may ({most}); one of them has to start first.", **p
    ),
    "net-no-game": lambda t, p: t("This server has no such game."),
    "net-players": lambda t, p: t("That game takes {low} to {high} players.", **p),
    "net-no-computers": lambda t, p: t("That game has no computer players."),
    "net-computers": lambda t, p: t("At least one seat must be for a person."),
    "net-variant": lambda t, p: t("That game has no such preset."),
    "net-level": lambda t, p: t("There is no such computer level."),
    "net-no-table": lambda t, p: t("There is no table {table}.", **p),
    "net-no-seat": lambda t, p: t("That table has seats 1 to {seats}.", **p),
    "net-seat-taken": lambda t, p: t("Seat {seat} is taken.", **p),
    "net-not-started": lambda t, p: t("The game starts when every seat is taken."),
    "net-over": lambda t, p: t("The game is over."),
    "net-not-your-turn": lambda t, p: t("It is not your turn."),
    "net-bad-move": lambda t, p: t("That move cannot be played now."),
    "net-no-watching": lambda t, p: t("This game cannot be watched."),
    "net-full": lambda t, p: t("The server holds as many children as it can; ask your teacher."),
    "net-teacher-code": lambda t, p: t("That is not the teacher's code."),
    "net-error": lambda t, p: t("The server could not do that; it goes on."),
    "net-paused": lambda t, p: t("The teacher has paused this table."),
    "net-next-game": lambda t, p: t("The next game starts when everyone at the table has pressed Enter."),
    "net-talk-off": lambda t, p: t("Table talk is off at this table."),
    "net-offline": lambda t, p: t("The connection to the server is lost. Connecting again."),
}


def _read_seats(path: Path) -> dict[str, str]:
    """The kept seat tokens, per server; empty when the file is missing or not of this shape."""
    try:
        data = json.loads(read_bounded(path, 64 * 1024))
    except (FileProblem, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str) and len(v) <= 64}


def run_join(
    host: str,
    port: int,
    code: str,
    name: str | None,
    terminal: Terminal,
    loaded: Any,
    *,
    outputs: Sequence[Any] = (),
    overrides: Mapping[str, Any] | None = None,
    save_settings: bool = True,
    ready: Callable[[NetApp], None] | None = None,
    seats_file: Path | None = None,
    teacher_code: str | None = None,
) -> int:
    """Join the server at ``host``:``port`` and run the lobby, then the table, until the child leaves."""
    app = NetApp(
        terminal,
        loaded,
        lambda app: Link(host, port, code, name, app.wake),
        outputs=outputs,
        overrides=overrides,
        save_settings=save_settings,
    )
    app.seats_file = seats_file
    app.teacher_code = teacher_code
    app.server_key = f"{host}:{port}"
    if seats_file is not None:
        app.link.token = _read_seats(seats_file).get(app.server_key)
    if ready is not None:
        ready(app)
    try:
        app.link.open()
    except OSError as error:
        app.say(app.t("The server {host} port {port} cannot be reached: {reason}.", host=host, port=port,
                      reason=os.strerror(error.errno) if error.errno else str(error)))  # fmt: skip
        return 1
    app.say(app.t("Connecting to {host}.", host=host))
    try:
        while app.running and app.lobby is None:
            typed = terminal.read("menu")
            if typed is None:
                return 0
            if typed.name == NET:
                app.pump()
        if not app.running:
            return 1
        return app.loop()
    finally:
        app.link.close()
        for output in app.outputs:
            with contextlib.suppress(Exception):
                output.close()
