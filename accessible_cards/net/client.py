"""``accessible-cards join``: a child's own client, speaking and brailling in the child's own settings.

The server sends ids, events and views, never sentences; this client words
them in the child's language. Its lobby lists the server's tables and makes
new ones; a seat taken opens the game screen of local play over the seat's
view (:mod:`.remote`).

The connection (:class:`~.link.Link`) hands each message to the program's
loop as a background command (``net``), so a message never waits for a key and
never cuts off what is being said.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import queue
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from .. import game as registry
from ..errors import CardsError
from ..files import FileProblem, read_bounded, write_atomic
from ..keys import Typed
from ..table import COMPUTER, PERSON
from ..ui.app import App, players_label
from ..ui.messages import refusal
from ..ui.screens import Item, ListScreen
from ..ui.terminal import Terminal
from ..utterance import Utterance
from .link import Link
from .protocol import OPTIONS_LENGTH, SAID_PARTS, said_from_wire, word
from .remote import RemoteGameScreen

NET: Final = "net"
"""The background command that says: messages from the server are waiting."""


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
        self.handlers: Mapping[str, Callable[[Mapping[str, Any]], None]] = {
            "welcome": self._on_welcome,
            "tables": self._on_tables,
            "created": self._on_created,
            "seated": self._on_seated,
            "watching": self._on_watching,
            "step": self._on_step,
            "caught_up": self._on_caught_up,
            "left": self._on_left,
            "talk": self._on_talk,
            "teacher": self._on_teacher,
            "notice": self._on_notice,
            "refused": self._on_refused,
            "_lost": self._on_lost,
            "_back": self._on_back,
            "_gone": self._on_gone,
        }
        """What each kind of message from the server does, by its ``t``; ``_lost``, ``_back`` and ``_gone``
        come from the connection itself."""

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
        """One message from the server, to the method of its kind; a kind this client does not know is let be."""
        kind = message.get("t")
        handler = self.handlers.get(kind) if isinstance(kind, str) else None
        if handler is not None:
            handler(message)

    def _lobby_first(self) -> LobbyScreen:
        """The lobby under whatever opens now, made when the first message to come is not the list of tables."""
        if self.lobby is None:
            self.lobby = LobbyScreen(self)
            self.stack.append(self.lobby)
        return self.lobby

    def _open_table(self, message: Mapping[str, Any]) -> None:
        """The game screen of the table just taken (a seat, or a place to watch), over the lobby."""
        self._lobby_first()
        screen = RemoteGameScreen(self, message)
        self.game_screen_now = screen
        del self.stack[1:]
        self.push(screen)

    def _on_welcome(self, message: Mapping[str, Any]) -> None:
        self.admitted = True
        self.server_name = str(message.get("server") or "")
        self.games = [g for g in message.get("games") or [] if registry.find(str(g.get("game"))) is not None]

    def _on_tables(self, message: Mapping[str, Any]) -> None:
        known = {table.get("table") for table in self.tables}
        self.tables = [table for table in message.get("tables") or [] if isinstance(table, dict)]
        if self.lobby is None:
            self._lobby_first().enter()
            return
        self.lobby.refresh()
        if self.stack and self.stack[-1] is self.lobby:
            for table in self.tables:
                if table.get("table") not in known:
                    self.say(self.t("New table: {table}.", table=self.table_label(table)))

    def _on_created(self, message: Mapping[str, Any]) -> None:
        self.creating = None
        del self.stack[1:]
        self.sit(int(message["table"]), 1)

    def _on_seated(self, message: Mapping[str, Any]) -> None:
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
        self._open_table(message)
        if message.get("back"):
            self.say(self.t("Back at the table. What happened while you were away follows."))

    def _on_watching(self, message: Mapping[str, Any]) -> None:
        self._open_table(message)

    def _on_step(self, message: Mapping[str, Any]) -> None:
        screen = self.game_screen_now
        if screen is not None:
            screen.take(message)
            self.link.seen = screen.remote.steps

    def _on_caught_up(self, message: Mapping[str, Any]) -> None:
        self.say(self.t("That is everything so far; G reads the history."))

    def _on_left(self, message: Mapping[str, Any]) -> None:
        screen, self.game_screen_now = self.game_screen_now, None
        if screen is not None:  # the teacher ended the table, or gave the seat to a computer
            self.keep_token(None)
            self.link.token = None
            self.link.seen = 0
            if screen in self.stack and self.lobby is not None:
                del self.stack[1:]
                self.lobby.resume()

    def _on_talk(self, message: Mapping[str, Any]) -> None:
        screen = self.game_screen_now
        seat = message.get("seat")
        if screen is not None and isinstance(seat, int) and 0 <= seat < len(screen.names):
            text = self.t("{name} says: {text}", name=screen.names[seat], text=str(message.get("text"))[:120])
            screen.announce(Utterance(text, text))

    def _on_teacher(self, message: Mapping[str, Any]) -> None:
        for data in list(message.get("said") or [])[:SAID_PARTS]:
            try:
                text = word(said_from_wire(data, self.catalog.knows), self.t)
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                text = self.t("A message from the server could not be read; it is left out.")
            self.say(text[:1000])

    def _on_notice(self, message: Mapping[str, Any]) -> None:
        notice = str(message.get("id"))
        screen = self.game_screen_now
        if notice in ("table-paused", "table-resumed") and screen is not None:
            screen.remote.pause(notice == "table-paused")
        self.notice(notice, message.get("p") or {})

    def _on_refused(self, message: Mapping[str, Any]) -> None:
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

    def _on_lost(self, message: Mapping[str, Any]) -> None:
        self.say(self.t("The connection to the server is lost. Connecting again."))

    def _on_back(self, message: Mapping[str, Any]) -> None:
        self.say(self.t("Connected again."))

    def _on_gone(self, message: Mapping[str, Any]) -> None:
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
        error = CardsError(msg_id, msg_id, **safe)
        if self.game_screen_now is not None:  # the table's game refused a move
            error.of_game(self.game_screen_now.game.name)
        return refusal(error, self.t)

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
