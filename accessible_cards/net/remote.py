"""The table as one seat of ``join`` knows it: the server's last step for the seat, told by the game screen.

The server sends ids, events and views, never sentences. A :class:`RemoteGameScreen` is the game
screen of local play (the same keys, review, history and announcements, from the game's own
controller and narrator), over a :class:`RemoteTable` that holds only this seat's view, as the
server last sent it, and sends this seat's moves to the server.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .. import game as registry
from ..errors import IllegalActionError
from ..game import GameDescription
from ..keys import Typed
from ..narration.base import seat_names
from ..table import COMPUTER, PERSON, Seat
from ..ui.commands import key_map
from ..ui.game_screen import GameScreen, game_clock
from ..ui.request import GameRequest
from ..ui.screens import Item, ListScreen
from .protocol import from_wire, game_classes

if TYPE_CHECKING:
    from .client import NetApp  # the client opens this module's screen; it only calls the client's methods


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
