"""The classroom server: it owns the tables, and each seat's connection gets only that seat's view.

One asyncio loop serves every connection. A connection first says the join
code (``hello``), or a seat's token to come back to it (``rejoin``). In the
lobby it lists the tables, creates one (a game, its preset, its seats and
computer seats), takes a seat or leaves. A table starts when every person's
seat is taken, and runs on :class:`~accessible_cards.table.Table`: after the
deal and after every move, each seated connection is sent that step's public
events and its own seat's view (the legal actions only to the seat to move);
computer seats play after the table's pause.

A table lives while it waits or plays: once its game is over (or the teacher ends it) it leaves
the lobby and the table limit, and its game is saved for ``replay``; a table nobody sits at or
watches is held for :attr:`Config.hold`, then ended the same way. A child may hold only
:attr:`Config.waiting_per_child` tables they created that have not started.

Nothing from the network is trusted: each line is size-bounded and checked
(:mod:`.protocol`), a connection that sends too fast is refused and then
dropped, a seat's moves come only from the connection that holds its token,
and a bad message gets one refusal (a message id, worded by the client) and a
line in the log, never a change at another table. Output to each connection
is buffered and bounded: a connection that stops reading is dropped, and its
seat waits for it to come back with its token.

A table's record is :mod:`.tables`, one client's connection :mod:`.connection`, and the tables on
disk (each table's autosave, a finished table's game) :mod:`.saved`; the server ties them together.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from .. import game as registry
from ..engine import Event, fresh_seed, parse_settings
from ..errors import CardsError
from ..files import FileProblem
from ..table import COMPUTER, PERSON, Move, Seat, Table
from . import saved
from .connection import OUTPUT_LIMIT, Connection, Pending
from .guard import CODE_LENGTH, JOIN, TEACHER, Guard, Limits, Lockout, new_code, normal_code
from .protocol import (
    CLIENT_LINE,
    VERSION,
    Joined,
    ProtocolError,
    Said,
    check_client,
    decode,
    encode,
    said_to_wire,
    to_wire,
)
from .tables import NetSeat, NetTable

log = logging.getLogger("accessible_cards.server")

FLOOD_DROP: Final = 200
"""Messages refused for flooding before the connection is dropped."""
CODE_TRIES: Final = 3
"""Wrong codes one connection may send before it is closed."""


@dataclass
class Config:
    """How the server runs: its name, join code, the computer's pause, its data folder, the first seed."""

    name: str = "Accessible Cards"
    code: str = ""
    pause: float = 1.0
    data: Path | None = None
    seed: int | None = None
    """The first table's seed (each further table one more); None: fresh seeds."""
    output_limit: int = OUTPUT_LIMIT
    send_buffer: int | None = None
    """The socket's own send buffer for each connection, in bytes (None: the system's)."""
    max_tables: int = 100
    """The most live tables (waiting or playing); a table that is over leaves the lobby and no longer counts."""
    max_connections: int = 1000
    limits: Limits = field(default_factory=Limits)
    """Wrong codes and connections not yet admitted (:mod:`.guard`)."""
    waiting_per_child: int = 2
    """The most tables one child (a connection, or a name) may hold that they created and that have not started."""
    hold: float = 300.0
    """Seconds a table that nobody sits at (or watches) is kept for its children; then it is ended and saved."""
    max_finished: int = 500
    """Finished tables kept for their children to come back to the end and for the teacher's list (each is saved)."""

    teacher_code: str = ""
    """The code of a teacher's seat: the console's commands from a client (empty: none)."""

    clock: Callable[[], float] = time.monotonic
    """The clock the games read (a race's minutes); tests give a faster one."""
    clock_rate: float = 1.0
    """Game seconds in a real second on ``clock`` (how long to wait for its next step)."""

    def __post_init__(self) -> None:
        if not self.code:
            self.code = new_code()


LOOPBACK: Final = frozenset({"127.0.0.1", "::1"})
"""Where the server's own text sessions connect from."""


class TeacherConsole(Protocol):
    """A teacher's console over a server: one command line in, the answer's lines out, not worded yet."""

    def answer(self, line: str) -> list[Said | Joined | str]: ...


class Server:
    """The tables and the connections of one classroom.

    ``console`` makes the teacher's console for this server (:class:`~.teacher.Console`, handed in by
    whoever runs it): the console commands the server, so the server does not import it.
    """

    def __init__(self, config: Config, console: Callable[[Server], TeacherConsole]) -> None:
        self.config = config
        self.console = console
        """Makes the console that answers a teacher's command from a client (:meth:`_teach`)."""
        self.tables: dict[int, NetTable] = {}
        """The live tables: waiting or playing (the lobby's list, and what the table limit counts)."""
        self.finished: dict[int, NetTable] = {}
        """Tables that are over or ended, oldest first, at most :attr:`Config.max_finished`."""
        self.next_number = 1
        self.connections: set[Connection] = set()
        self.next_seed = config.seed
        self._listening: socket.socket | None = None
        self._accepting: asyncio.Task[None] | None = None
        self._routes: set[asyncio.Task[None]] = set()
        self.ssh: Any = None
        """The SSH side (:class:`~.ssh.SSHSide`), when the server offers it."""
        self.taps: list[Any] = []
        """Called with (connection, bytes) for every line sent: the tests' audit of every byte."""
        self.guard = Guard(config.limits)
        """Wrong codes per address and in total, and the connections not yet admitted."""
        self.alerts: list[Callable[[Said], None]] = []
        """Called with what the teacher must hear at once (an address locked out): the ``serve`` console."""
        self.inside = secrets.token_hex(CODE_LENGTH // 2)
        """The code of this server's own text sessions (SSH, telnet), whose people the guard has checked already."""

    def table(self, number: int) -> NetTable | None:
        """Table ``number``, live or finished (None: no such table, or one finished long ago)."""
        return self.tables.get(number) or self.finished.get(number)

    # -- running ------------------------------------------------------------------------------

    async def start(self, host: str = "0.0.0.0", port: int = 2222) -> int:
        """Load the autosaved tables, then listen; the port listened on (port 0: a free one).

        One port serves both: a connection whose first bytes are an SSH client's greeting goes to
        :attr:`ssh` (the text interface rendered here), any other speaks the protocol.
        """
        self.load_tables()
        listening = socket.create_server((host, port), reuse_port=False)
        listening.setblocking(False)
        self._listening = listening
        self._accepting = asyncio.get_running_loop().create_task(self._accept(listening))
        return int(listening.getsockname()[1])

    async def stop(self) -> None:
        if self._accepting is not None:
            self._accepting.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._accepting
        if self._listening is not None:
            self._listening.close()
        for conn in list(self.connections):
            conn.close()
        for task in list(self._routes):
            task.cancel()
        if self.ssh is not None:
            await self.ssh.close()

    async def _accept(self, listening: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            sock, _address = await loop.sock_accept(listening)
            sock.setblocking(False)
            task = loop.create_task(self._route(sock))
            self._routes.add(task)
            task.add_done_callback(self._routes.discard)

    async def _route(self, sock: socket.socket) -> None:
        """Hand a new connection to the SSH server or to the protocol, by its first bytes.

        A connection is let in only while few others from its address, and not too many in all, wait
        to say the code (:meth:`Guard.enter`): past that it is closed at once and holds nothing.
        """
        try:
            address = str(sock.getpeername()[0])
        except OSError:
            sock.close()
            return
        if not self.guard.enter(address):
            self._refused_waiting(address)
            sock.close()
            return
        pending = Pending(self.guard, address)
        try:
            await self._route_in(sock, pending)
        finally:
            pending.release()

    def _refused_waiting(self, address: str) -> None:
        log.warning("%s: refused, %d connections wait for their code already", address, self.guard.waiting)

    async def _route_in(self, sock: socket.socket, pending: Pending) -> None:
        loop = asyncio.get_running_loop()
        readable: asyncio.Future[None] = loop.create_future()

        def ready() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(sock.fileno(), ready)
        try:
            await asyncio.wait_for(readable, self.guard.limits.hello_time)
            head = sock.recv(4, socket.MSG_PEEK)
        except (TimeoutError, OSError):
            sock.close()
            return
        finally:
            with contextlib.suppress(Exception):
                loop.remove_reader(sock.fileno())
        if head == b"SSH-" and self.ssh is not None:
            try:
                await self.ssh.serve(sock, self, pending)
            except Exception as error:  # a client that gives up before it logs in, a wrong password
                log.info("an SSH connection ended before its session: %s", error or type(error).__name__)
                sock.close()
            return
        try:
            reader, writer = await asyncio.open_connection(sock=sock, limit=CLIENT_LINE * 2)
        except OSError:
            sock.close()
            return
        await self._serve(reader, writer, pending)

    def wire(self, conn: Connection, data: bytes) -> None:
        for tap in self.taps:
            tap(conn, data)

    async def _serve(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, pending: Pending | None = None
    ) -> None:
        conn = Connection(self, reader, writer)
        conn.pending = pending
        if len(self.connections) >= self.config.max_connections:
            log.warning("%s: refused, the server holds %d connections", conn.peer, len(self.connections))
            conn.refuse("net-full")
            writer.close()
            return
        self.connections.add(conn)
        log.info("%s: connected", conn.peer)
        sock = writer.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        writer.transport.set_write_buffer_limits(high=self.config.output_limit)
        if sock is not None and self.config.send_buffer:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.config.send_buffer)
        buffer = b""
        skipping = False
        tries = 0
        try:
            while not conn.closed:
                try:  # a connection that never says the join code is not kept waiting
                    chunk = await asyncio.wait_for(
                        reader.read(4096), None if conn.admitted else self.guard.limits.hello_time
                    )
                except TimeoutError:
                    log.warning("%s: dropped, it never said the join code", conn.peer)
                    break
                if not chunk:
                    break
                buffer += chunk
                while not conn.closed:
                    end = buffer.find(b"\n")
                    if end < 0:
                        if len(buffer) > CLIENT_LINE:
                            if not skipping:
                                self._bad(conn, ProtocolError("net-too-long", f"more than {CLIENT_LINE} bytes"))
                            skipping = True
                            buffer = b""
                        break
                    line, buffer = buffer[:end], buffer[end + 1 :]
                    if skipping:
                        skipping = False  # the end of the line that was too long
                        continue
                    if not line.strip():
                        continue
                    if not conn.spend():
                        conn.flooded += 1
                        if conn.flooded == 1:
                            log.warning("%s: sends too fast; refused", conn.peer)
                            conn.refuse("net-flood")
                        if conn.flooded >= FLOOD_DROP:
                            log.warning("%s: dropped for flooding", conn.peer)
                            conn.close()
                        continue
                    conn.flooded = 0
                    try:
                        message = check_client(decode(line, CLIENT_LINE))
                    except ProtocolError as error:
                        self._bad(conn, error)
                        continue
                    if message["t"] in ("hello", "rejoin", "teach") and not self._inside(conn, message):
                        kind = TEACHER if message["t"] == "teach" else JOIN
                        if not await self._may_try(conn, kind):
                            conn.close()
                            break
                    if not conn.admitted:
                        if not self._admit(conn, message):
                            tries += 1
                            if tries >= CODE_TRIES:
                                conn.close()
                        continue
                    try:
                        self._handle(conn, message)
                    except Exception:  # a surprise in one message: logged and refused, the connection goes on
                        log.exception("%s: a message could not be handled", conn.peer)
                        conn.refuse("net-error")
        except (ConnectionError, OSError):
            pass
        except Exception:  # never let one connection's surprise end the server
            log.exception("%s: unexpected error", conn.peer)
        finally:
            conn.close()
            self.connections.discard(conn)
            log.info("%s: disconnected", conn.peer)

    def _bad(self, conn: Connection, error: ProtocolError) -> None:
        log.warning("%s: refused a message: %s", conn.peer, error)
        conn.refuse(error.msg_id)

    # -- coming in ------------------------------------------------------------------------------

    async def _may_try(self, conn: Connection, kind: str) -> bool:
        """Wait as long as the guard says before a code from ``conn``'s address is checked; False when that
        address is locked out (it is told so, and the connection is closed)."""
        while True:
            if self.guard.locked(conn.address, kind):
                log.warning("%s: refused, locked out after wrong codes", conn.peer)
                conn.refuse("net-locked")
                return False
            wait = self.guard.delay(conn.address, kind)
            if wait <= 0:
                return not conn.closed
            await asyncio.sleep(wait)

    def _inside(self, conn: Connection, message: dict[str, Any]) -> bool:
        """A hello of this server's own text sessions (SSH, telnet), whose code the guard has checked already."""
        return (
            message["t"] in ("hello", "rejoin")
            and conn.address in LOOPBACK
            and secrets.compare_digest(str(message["code"]).encode(), self.inside.encode())
        )

    def check_code(self, address: str, typed: str, kind: str = JOIN) -> bool:
        """Whether ``typed`` is the join code (or the teacher's), counted for ``address`` either way.

        Call it once :meth:`Guard.delay` has passed; a wrong code that locks the address out is told
        to the teacher at once (:attr:`alerts`).
        """
        code = self.config.code if kind == JOIN else self.config.teacher_code
        if code and secrets.compare_digest(normal_code(typed).encode(), normal_code(code).encode()):
            self.guard.right(address, kind)
            return True
        lockout = self.guard.wrong(address, kind)
        if lockout is not None:
            self.alert(lockout)
        return False

    def alert(self, lockout: Lockout) -> None:
        """Tell the teacher (the log and the console) that an address is locked out."""
        until = time.strftime("%H:%M", time.localtime(time.time() + self.guard.locked(lockout.address, lockout.kind)))
        msgid = (
            "{tries} wrong join codes from {address} in a minute: it may try again at {time}."
            if lockout.kind == JOIN
            else "{tries} wrong teacher's codes from {address} in a minute: it may try again at {time}."
        )
        said = Said(msgid, None, {"tries": lockout.tries, "address": lockout.address, "time": until})
        log.warning("%s: locked out until %s after %d wrong %s codes", lockout.address, until, lockout.tries,
                    lockout.kind)  # fmt: skip
        for alert in list(self.alerts):
            try:
                alert(said)
            except Exception:  # a console that cannot print never stops the server
                log.exception("the teacher's console could not be told")

    def _admit(self, conn: Connection, message: dict[str, Any]) -> bool:
        kind = message["t"]
        if kind not in ("hello", "rejoin"):
            conn.refuse("net-hello-first")
            return False
        if not self._inside(conn, message) and not self.check_code(conn.address, str(message["code"])):
            log.warning("%s: wrong join code", conn.peer)
            conn.refuse("net-code")
            return False
        if conn.pending is not None:
            conn.pending.release()  # it has said the code: it no longer waits
        if kind == "rejoin":
            return self._rejoin(conn, message)
        conn.admitted = True
        conn.name = (message.get("name") or "").strip() or None
        conn.send({"t": "welcome", "v": VERSION, "server": self.config.name, "games": self._games()})
        conn.send(self._tables())
        return True

    def _games(self) -> list[dict[str, Any]]:
        return [
            {
                "game": game.name,
                "variants": list(game.variant_names()),
                "min": game.min_players,
                "max": game.max_players,
                "levels": list(game.offered_levels),
                "computers": game.has_computers,
                "fixed": dict(game.variant_players),
                "options": [[spec.name, spec.allowed] for spec in game.option_specs],
            }
            for game in registry.registered()
        ]

    def _tables(self) -> dict[str, Any]:
        return {"t": "tables", "tables": [table.summary() for table in self.tables.values()]}

    def _lobby_changed(self) -> None:
        message = encode(self._tables())
        for conn in list(self.connections):
            if conn.admitted and conn.table is None:
                conn.send(message)

    def _rejoin(self, conn: Connection, message: dict[str, Any]) -> bool:
        token = str(message["token"])
        for table in [*self.tables.values(), *self.finished.values()]:
            for seat, sitting in enumerate(table.seats):
                if sitting.token is not None and secrets.compare_digest(sitting.token.encode(), token.encode()):
                    if sitting.conn is not None and sitting.conn is not conn:
                        old = sitting.conn
                        sitting.conn = None
                        old.table = None
                        old.close()
                    conn.admitted = True
                    conn.name = sitting.name
                    conn.send({"t": "welcome", "v": VERSION, "server": self.config.name, "games": self._games()})
                    self._seat(conn, table, seat, sitting.token, back=True, seen=int(message.get("seen") or 0))
                    log.info("%s: back at table %d, seat %d", conn.peer, table.number, seat + 1)
                    self._check_empty(table)
                    return True
        log.warning("%s: a token that holds no seat", conn.peer)
        conn.refuse("net-token")
        return False

    def _handle(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "list":
            conn.send(self._tables())
        elif kind == "ping":
            conn.send({"t": "pong"})
        elif kind in ("hello", "rejoin"):
            conn.refuse("net-already")
        elif kind == "create":
            self._create(conn, message)
        elif kind == "sit":
            self._sit(conn, message)
        elif kind == "watch":
            self._watch(conn, message)
        elif kind == "leave":
            self._leave(conn)
        elif kind == "act":
            self._act(conn, message)
        elif kind == "ready":
            self._ready(conn)
        elif kind == "talk":
            self._talk(conn, message)
        elif kind == "teach":
            self._teach(conn, message)
        else:
            conn.refuse("net-unknown")

    # -- the lobby ----------------------------------------------------------------------------------

    def _create(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn.table is not None:
            conn.refuse("net-at-table")
            return
        if len(self.tables) >= self.config.max_tables:
            log.warning("%s: refused a table, the server holds %d", conn.peer, len(self.tables))
            conn.refuse("net-too-many-tables", most=self.config.max_tables)
            return
        mine = sum(1 for table in self.tables.values() if table.table is None and self._created_by(table, conn))
        if mine >= self.config.waiting_per_child:
            log.warning("%s: refused a table, it holds %d that have not started", conn.peer, mine)
            conn.refuse("net-too-many-waiting", most=self.config.waiting_per_child)
            return
        game = registry.find(str(message["game"]))
        if game is None:
            conn.refuse("net-no-game", game=str(message["game"]))
            return
        players = int(message["players"])
        if not game.min_players <= players <= game.max_players:
            conn.refuse("net-players", low=game.min_players, high=game.max_players)
            return
        fixed = game.variant_players.get(str(message.get("variant") or game.default_variant("en") or ""))
        if fixed and players != fixed:
            conn.refuse("net-players", low=fixed, high=fixed)
            return
        computers = int(message.get("computers") or 0)
        if computers and not game.has_computers:
            conn.refuse("net-no-computers")
            return
        if not 0 <= computers < players:
            conn.refuse("net-computers", most=players - 1)
            return
        variant = message.get("variant")
        if variant is not None and variant not in game.variant_names():
            conn.refuse("net-variant", variant=str(variant))
            return
        level = message.get("level") or game.default_level
        if computers and game.levels and level not in game.levels:
            conn.refuse("net-level", level=str(level))
            return
        seed = self._seed()
        try:
            options = parse_settings(str(message.get("options") or "").split())  # KEY=VALUE words, as --set
            game.new_state(players, variant, {**options, **game.network_options}, seed)  # the game's own checks
        except CardsError as error:
            conn.refuse(error.msg_id, **{k: str(v) for k, v in error.params.items()})
            return
        number = self.next_number
        self.next_number += 1
        seats = [NetSeat(PERSON) for _ in range(players - computers)]
        seats += [NetSeat(COMPUTER, str(level) if level else None) for _ in range(computers)]
        table = NetTable(number, game, variant, players, seed, seats, options, creator=conn, creator_name=conn.name)
        self.tables[number] = table
        log.info(
            "%s: created table %d (%s, %d players, %d computers)", conn.peer, number, game.name, players, computers
        )
        conn.send({"t": "created", "table": number})
        self.autosave(table)
        self._check_empty(table)
        self._lobby_changed()

    @staticmethod
    def _created_by(table: NetTable, conn: Connection) -> bool:
        return table.creator is conn or (conn.name is not None and table.creator_name == conn.name)

    def _seed(self) -> int:
        if self.next_seed is None:
            return fresh_seed()
        seed = self.next_seed
        self.next_seed += 1
        return seed

    def _sit(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn.table is not None:
            conn.refuse("net-at-table")
            return
        table = self.tables.get(int(message["table"]))
        if table is None:
            conn.refuse("net-no-table", table=int(message["table"]))
            return
        seat = int(message["seat"]) - 1
        if not 0 <= seat < table.players:
            conn.refuse("net-no-seat", seat=seat + 1, seats=table.players)
            return
        sitting = table.seats[seat]
        if sitting.kind != PERSON or sitting.token is not None:
            conn.refuse("net-seat-taken", seat=seat + 1)
            return
        sitting.token = secrets.token_urlsafe(24)
        sitting.name = conn.name
        log.info("%s: sits at table %d, seat %d", conn.peer, table.number, seat + 1)
        self._seat(conn, table, seat, sitting.token)
        self._check_empty(table)
        if table.table is None and all(s.token is not None for s in table.seats if s.kind == PERSON):
            self._begin(table)
        else:
            self.autosave(table)
        self._lobby_changed()

    def _seat(
        self, conn: Connection, table: NetTable, seat: int, token: str, back: bool = False, seen: int = 0
    ) -> None:
        conn.table = table
        conn.seat = seat
        table.seats[seat].conn = conn
        conn.send(
            {
                "t": "seated",
                "table": table.number,
                "seat": seat,
                "token": token,
                "game": table.game.name,
                "variant": table.variant,
                "players": table.players,
                "options": table.options,
                "kinds": [s.kind for s in table.seats],
                "names": [s.name for s in table.seats],
                "back": back,
            }
        )
        for data in table.steps.get(seat, [])[seen:]:
            conn.send(data)
        if back and table.table is not None:
            conn.send({"t": "caught_up", "steps": len(table.steps.get(seat, []))})

    def _watch(self, conn: Connection, message: dict[str, Any]) -> None:
        """Watch a table: its public steps only (what lies face up, the counts), from the deal on."""
        if conn.table is not None:
            conn.refuse("net-at-table")
            return
        table = self.tables.get(int(message["table"]))
        if table is None:
            conn.refuse("net-no-table", table=int(message["table"]))
            return
        probe = table.game.new_state(table.players, table.variant, table.game_options(), 0)
        if probe.public_view() is None:
            conn.refuse("net-no-watching")
            return
        conn.table = table
        conn.seat = None
        table.watchers.append(conn)
        self._check_empty(table)
        conn.send(
            {
                "t": "watching",
                "table": table.number,
                "game": table.game.name,
                "variant": table.variant,
                "players": table.players,
                "options": table.options,
                "kinds": [s.kind for s in table.seats],
                "names": [s.name for s in table.seats],
            }
        )
        for data in table.steps.get(-1, []):
            conn.send(data)
        log.info("%s: watches table %d", conn.peer, table.number)

    def _leave(self, conn: Connection) -> None:
        table, seat = conn.table, conn.seat
        if table is not None and conn in table.watchers:
            table.watchers.remove(conn)
            conn.table = None
            conn.send({"t": "left", "table": table.number})
            conn.send(self._tables())
            self._check_empty(table)
            return
        if table is None or seat is None:
            conn.refuse("net-not-at-table")
            return
        sitting = table.seats[seat]
        conn.table = conn.seat = None
        sitting.conn = None
        if table.table is None:  # before the game: the seat is free again
            sitting.token = None
            sitting.name = None
        self.autosave(table)
        log.info("%s: left table %d", conn.peer, table.number)
        conn.send({"t": "left", "table": table.number})
        conn.send(self._tables())
        self._check_empty(table)
        self._lobby_changed()

    def gone(self, conn: Connection) -> None:
        """A connection ended: its seat is kept for its token."""
        table, seat = conn.table, conn.seat
        if table is not None and conn in table.watchers:
            table.watchers.remove(conn)
        if table is not None and seat is not None and table.seats[seat].conn is conn:
            table.seats[seat].conn = None
        if table is not None:
            self._check_empty(table)

    # -- a table's life: held while nobody is there, over, ended ------------------------------------------

    def _check_empty(self, table: NetTable) -> None:
        """Start the hold of a live table that nobody sits at or watches; stop it when someone is back."""
        if table.number not in self.tables:
            return
        present = bool(table.watchers) or any(seat.conn is not None for seat in table.seats)
        if present:
            if table.hold_handle is not None:
                table.hold_handle.cancel()
                table.hold_handle = None
        elif table.hold_handle is None:
            table.hold_handle = asyncio.get_running_loop().call_later(self.config.hold, self._abandoned, table)

    def _abandoned(self, table: NetTable) -> None:
        """The hold is over and still nobody is at the table: it is ended, and a game begun is saved."""
        table.hold_handle = None
        if table.number not in self.tables:
            return
        if table.watchers or any(seat.conn is not None for seat in table.seats):
            return
        log.info("table %d: nobody came back within %.0f seconds; ended", table.number, self.config.hold)
        self._close_table(table)
        self._lobby_changed()

    def _close_table(self, table: NetTable) -> None:
        """Take a table out of the live ones: a game that began is saved for replay and kept in the finished list;
        its autosave is removed, so a server started again does not bring it back."""
        self.tables.pop(table.number, None)
        for handle in (table.hold_handle, table.clock_handle):
            if handle is not None:
                handle.cancel()
        table.hold_handle = table.clock_handle = None
        if table.table is not None:
            table.saved_as = saved.save_game(self.config.data, table)
            self.finished[table.number] = table
            while len(self.finished) > self.config.max_finished:
                del self.finished[next(iter(self.finished))]
        saved.forget_table(self.config.data, table.number)

    # -- at the table -----------------------------------------------------------------------------------

    def _begin(self, table: NetTable, moves: Sequence[Move] = ()) -> None:
        """Deal (and make ``moves``, a table coming back from its autosave); then the computers play on."""
        state = table.game.new_state(table.players, table.variant, table.game_options(), table.seed)
        seats = [
            Seat.computer(s.level or "", table.seed * 7 + n) if s.kind == COMPUTER else Seat.person()
            for n, s in enumerate(table.seats)
        ]
        table.table = Table(table.game, state, seats, clock=self.config.clock)
        table.table.listeners.append(lambda events, move: self._tell(table, events, move))
        log.info("table %d: starts, seed %d", table.number, table.seed)
        table.restoring = True
        try:
            table.table.start()
            for move in moves:
                table.table.replay(move)
        finally:
            table.restoring = False
        self.autosave(table)
        self._go_on(table)

    # -- the autosave -------------------------------------------------------------------------------------

    def autosave(self, table: NetTable) -> None:
        """Write the table (its seats, tokens, seed and moves) into the server's own folder, atomically."""
        if table.restoring or table.number not in self.tables:
            return
        path = saved.table_file(self.config.data, table.number)
        if path is not None:
            saved.write_table(path, table)

    def load_tables(self) -> None:
        """Every autosaved table, as it was; a file that cannot be read is logged and left alone."""
        files = saved.table_files(self.config.data)
        if files is None:
            return
        for path in files:
            try:
                data = saved.read_table(path)
                table, moves = saved.restore(data)
                if moves is not None:
                    self._begin(table, moves)
            except (FileProblem, ValueError, KeyError, TypeError, CardsError) as error:
                log.error("%s: cannot be read: %s", path.name, error)
                continue
            self.tables[table.number] = table
            self.next_number = max(self.next_number, table.number + 1)
            if table.seed >= (self.next_seed or 0) and self.next_seed is not None:
                self.next_seed = table.seed + 1
            log.info("table %d: back from its autosave, %d moves", table.number, len(data["moves"]))
            if table.status == "over":  # over when the server stopped: saved for replay, not back in the lobby
                self._close_table(table)
            else:
                self._check_empty(table)  # held for its children to come back
        for number in saved.game_numbers(self.config.data):
            self.next_number = max(self.next_number, number + 1)  # a number is never given twice

    def _tell(self, table: NetTable, events: Sequence[Event], move: Move | None) -> None:
        """One step: each seat is sent the step's public events and its own view; the seat to move its actions."""
        running = table.table
        assert running is not None
        if not table.restoring and any(event.holds_next() for event in events):
            # the next game of a match is dealt: no one plays on until every person at the table asks for it
            table.held = {seat for seat, sitting in enumerate(table.seats) if sitting.kind == PERSON}
        self.autosave(table)  # saved before it is told, so nothing said is lost when the server is killed
        to_move = running.to_move()
        movers = running.state.movers()
        result = running.result
        who = None
        if move is not None and running.moves:
            who = {"by": move.by}
        for seat, sitting in enumerate(table.seats):
            if sitting.kind != PERSON:
                continue
            sent = table.steps.setdefault(seat, [])
            message: dict[str, Any] = {
                "t": "step",
                "n": len(sent) + 1,
                "events": _wire_events(events, seat),
                "move": who,
                "view": to_wire(running.view(seat)),
                "to_move": to_move,
                "result": to_wire(result),
            }
            if move is None:
                message["names"] = [s.name for s in table.seats]  # the deal: everyone's names, now all are seated
            if len(movers) > 1:
                message["movers"] = list(movers)  # seats that play at once (a race): each may move now
            if seat in movers and result is None and not table.held:
                message["legal"] = [table.game.action_to_json(action) for action in running.state.legal_for(seat)]
            data = encode(message)
            sent.append(data)
            if sitting.conn is not None:
                sitting.conn.send(data)
        public = running.state.public_view()
        if public is not None:
            watched = table.steps.setdefault(-1, [])
            message = {
                "t": "step",
                "n": len(watched) + 1,
                "events": _wire_events(events, -1),
                "move": who,
                "view": to_wire(public),
                "to_move": to_move,
                "result": to_wire(result),
            }
            if move is None:
                message["names"] = [s.name for s in table.seats]
            data = encode(message)
            watched.append(data)
            for conn in list(table.watchers):
                conn.send(data)

    def _act(self, conn: Connection, message: dict[str, Any]) -> None:
        table, seat = conn.table, conn.seat
        if table is None or seat is None or table.seats[seat].conn is not conn:
            conn.refuse("net-not-at-table")
            return
        running = table.table
        if running is None:
            conn.refuse("net-not-started")
            return
        if running.result is not None:
            conn.refuse("net-over")
            return
        if table.paused:
            conn.refuse("net-paused")
            return
        if table.held:
            conn.refuse("net-next-game")
            return
        running.run_clock()  # a clock step due (a race's end) comes before the move
        if running.result is not None:
            conn.refuse("net-over")
            return
        if seat not in running.state.movers():
            conn.refuse("net-not-your-turn")
            return
        try:
            action = table.game.action_from_json(message["action"], "the move")
            action = running.state.seat_action(seat, action)
        except (ValueError, TypeError, KeyError, CardsError):
            log.warning("%s: a move that is no move", conn.peer)
            conn.refuse("net-bad-move")
            return
        if action not in running.state.legal_actions():
            log.warning("%s: a move that is not allowed now", conn.peer)
            conn.refuse("net-bad-move")
            return
        try:
            running.play(action)
        except CardsError as error:
            log.warning("%s: refused move: %s", conn.peer, error)
            conn.refuse(error.msg_id, **{k: str(v) for k, v in error.params.items()})
            return
        self._go_on(table)

    def _ready(self, conn: Connection) -> None:
        """A person at the table asks for the next game of the match; once all have, it goes on."""
        table, seat = conn.table, conn.seat
        if table is None or seat is None or table.seats[seat].conn is not conn:
            conn.refuse("net-not-at-table")
            return
        if seat not in table.held:
            return  # asked twice, or nothing waits: nothing to do
        table.held.discard(seat)
        self.autosave(table)
        if table.held:
            log.info("table %d: seat %d is ready for the next game", table.number, seat + 1)
            conn.send({"t": "notice", "id": "next-game-waits", "p": {}})
        else:
            self.release(table)

    def release(self, table: NetTable) -> None:
        """The next game of the match goes on: each seat is sent where it stands (the seat to move its moves)."""
        table.held.clear()
        running = table.table
        if running is None:
            return
        log.info("table %d: the next game goes on", table.number)
        self._tell(table, [], None)
        self._go_on(table)

    def _clock_later(self, table: NetTable) -> None:
        """Wake for the game's next clock step (a race's minute left, its end), if a clock runs."""
        running = table.table
        if table.clock_handle is not None:
            table.clock_handle.cancel()
            table.clock_handle = None
        if running is None or running.result is not None or table.paused:
            return
        wait = running.state.next_clock()
        if wait is None:
            return
        delay = wait / self.config.clock_rate + 0.005
        table.clock_handle = asyncio.get_running_loop().call_later(delay, self._clock, table)

    def _clock(self, table: NetTable) -> None:
        table.clock_handle = None
        running = table.table
        if running is None or table.paused or table.number not in self.tables:
            return
        try:
            running.run_clock()
        except Exception:
            log.exception("table %d: the clock's step failed", table.number)
            return
        self._go_on(table)

    def _go_on(self, table: NetTable) -> None:
        """The computer seats play, each after the table's pause, until a person is to move."""
        running = table.table
        self._clock_later(table)
        if table.held:
            return  # the next game of the match waits for the people at the table
        if table.paused or running is None or table.scheduled or running.result is not None or not running.automatic():
            if running is not None and running.result is not None and table.number in self.tables:
                log.info("table %d: over", table.number)
                self._close_table(table)
                self._lobby_changed()
            return
        table.scheduled = True
        asyncio.get_running_loop().call_later(self.config.pause, self._computer, table)

    def _computer(self, table: NetTable) -> None:
        table.scheduled = False
        running = table.table
        if table.paused or running is None or running.result is not None or not running.automatic():
            return
        try:
            running.step()
        except Exception:
            log.exception("table %d: a computer move failed", table.number)
            return
        self._go_on(table)

    def _teach(self, conn: Connection, message: dict[str, Any]) -> None:
        """A teacher's console command from a client that gives the teacher's code; the answer is message ids
        with parameters, worded by the client in its own language."""
        if not self.check_code(conn.address, str(message["code"]), TEACHER):
            log.warning("%s: a wrong teacher's code", conn.peer)
            conn.refuse("net-teacher-code")
            conn.teacher_tries += 1
            if conn.teacher_tries >= CODE_TRIES:
                conn.close()
            return
        log.info("%s: teacher's command %r", conn.peer, str(message["line"])[:40])
        answer = self.console(self).answer(str(message["line"]))
        conn.send({"t": "teacher", "said": [said_to_wire(text) for text in answer]})  # worded by the client

    def _talk(self, conn: Connection, message: dict[str, Any]) -> None:
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            conn.refuse("net-not-at-table")
            return
        if not table.talk:
            conn.refuse("net-talk-off")
            return
        text = str(message["text"]).strip()
        if not text:
            return
        for other, sitting in enumerate(table.seats):
            if sitting.conn is not None and other != seat:
                sitting.conn.send({"t": "talk", "seat": seat, "text": text})

    # -- what the teacher may do ------------------------------------------------------------------------

    def notify(self, table: NetTable | None, msg_id: str, **params: Any) -> None:
        """News for every child at ``table`` (None: everyone connected), worded by each client."""
        message = encode({"t": "notice", "id": msg_id, "p": params})
        for conn in list(self.connections):
            if conn.admitted and (table is None or conn.table is table):
                conn.send(message)

    def start_now(self, table: NetTable, level: str | None = None) -> bool:
        """Start a waiting table now: every free seat is played by a computer. False when it cannot be."""
        if table.table is not None and table.held:
            self.notify(table, "next-game-started")  # each client tells the deal it holds, before what follows
            self.release(table)  # the next game of a match: the teacher starts it for everyone
            return True
        if table.table is not None or not table.game.has_computers:
            return False
        if not any(seat.token is not None for seat in table.seats):
            return False
        for seat in table.seats:
            if seat.kind == PERSON and seat.token is None:
                seat.kind, seat.level = COMPUTER, level or table.game.default_level
        self._begin(table)
        self._lobby_changed()
        return True

    def set_paused(self, table: NetTable, paused: bool) -> None:
        table.paused = paused
        if table.table is not None:
            table.table.state.hold_clock(paused)  # a race's clock stands still while the table is paused
        self.notify(table, "table-paused" if paused else "table-resumed")
        if not paused:
            self._go_on(table)

    def end_table(self, table: NetTable) -> None:
        """Close a table: its children are told and go back to the lobby; its autosave is removed."""
        self.notify(table, "table-ended")
        for seat in table.seats:
            conn = seat.conn
            if conn is not None:
                conn.table = conn.seat = None
                conn.send({"t": "left", "table": table.number})
                conn.send(self._tables())
            seat.conn = None
            seat.token = None  # an ended table takes nobody back
        table.paused = True
        self._close_table(table)
        log.info("table %d: ended by the teacher", table.number)
        self._lobby_changed()

    def replace_by_computer(self, table: NetTable, seat: int, level: str | None = None) -> bool:
        """A computer plays ``seat`` from now on (a child who is not coming back). False when it cannot."""
        sitting = table.seats[seat]
        if sitting.kind != PERSON or not table.game.has_computers:
            return False
        level = level or table.game.default_level or ""
        sitting.kind, sitting.level = COMPUTER, level
        conn = sitting.conn
        sitting.conn = None
        sitting.token = None
        if conn is not None:
            conn.table = conn.seat = None
            conn.send({"t": "left", "table": table.number})
        running = table.table
        if running is not None:
            seats = list(running.seats)
            seats[seat] = Seat.computer(level, table.seed * 7 + seat)
            running.seats = tuple(seats)
            running.players[seat] = table.game.make_player(level, table.seed * 7 + seat)
        self.notify(table, "seat-computer", seat=seat)
        self.autosave(table)
        if seat in table.held:
            table.held.discard(seat)
            if not table.held:
                self.release(table)
                return True
        self._go_on(table)
        return True

    def set_pause(self, seconds: float) -> None:
        self.config.pause = seconds

    def set_talk(self, table: NetTable, on: bool) -> None:
        table.talk = on
        self.notify(table, "talk-on" if on else "talk-off")

    def set_coaching(self, table: NetTable, on: bool) -> None:
        table.coaching = on
        self.notify(table, "coaching-on" if on else "coaching-off")


def _wire_events(events: Sequence[Event], seat: int) -> list[Any]:
    """The step's events as ``seat`` may be told them (-1: the watchers)."""
    told = (event.for_seat(seat) for event in events)
    return [to_wire(event) for event in told if event is not None]


def addresses() -> list[str]:
    """This machine's addresses others can reach it at (IPv4), loopback when there is no other."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this asks which address would be used
            found.append(probe.getsockname()[0])
        finally:
            probe.close()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    return [a for a in found if not a.startswith("127.")] or ["127.0.0.1"]
