"""Klondike against the clock (the seed's "gegeneinander auf Zeit"): several racers, the same deal, a time limit.

Each racer has a board of their own, all dealt from the same seed. When the time is up, the racer
with more cards on the foundations wins (equal counts: a draw); a racer who puts every card on
the foundations first wins at once.

Two ways to race:

- ``together`` (a network table, each child at their own computer): every racer may move at any
  time (:meth:`RaceState.movers`), on one shared clock that starts with the deal;
- at one keyboard (hot seat): the racers play the same deal in turn, each with the same time; a
  racer's clock starts with :class:`Go` (the racer is at the keyboard), and the next racer is asked
  to the keyboard when it ends. Equal counts go to the one who reached that count sooner on their own
  clock, else a draw.

The clock is injectable (``set_clock``; real play uses ``time.monotonic``), and time enters the
game only through its actions: each racer's move carries the seconds of their clock it was made
at, and the clock's own steps (:class:`Tick`: each minute left, 30 and 10 seconds, the end) are
actions the table plays for the clock. So a save replays exactly, and a resumed race goes on
with each racer's board and the time left when it was left (a :class:`Stop`), or as its last move or tick left it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final

from accessible_cards.engine import Event, GameState, LegalActions, Result
from accessible_cards.errors import IllegalActionError

from .actions import Action, action_from_json, action_to_json
from .basics import DEFAULT_MINUTES as DEFAULT_MINUTES
from .basics import RACE_MINUTES as RACE_MINUTES
from .basics import RACE_VARIANTS as RACE_VARIANTS
from .rules import BRAILLESPIEL, KlondikeOptions, options_for
from .state import GAME, Dealt, KlondikeState, KlondikeView, card_of

RACERS: Final = 2
TIME_UP: Final = "time"


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RaceMove:
    """``racer``'s move on their own board, made when their clock showed ``at`` seconds used."""

    racer: int
    action: Action
    at: float


@dataclass(frozen=True, slots=True)
class Go:
    """At one keyboard: ``racer`` is at the keyboard, and their clock starts."""

    racer: int


@dataclass(frozen=True, slots=True)
class Tick:
    """The clock reached ``at`` seconds used: a minute left, 30 or 10 seconds, or the end.

    ``racer`` is whose clock (None: the one clock of a race played together).
    """

    racer: int | None
    at: float


@dataclass(frozen=True, slots=True)
class Stop:
    """The race was left while the clock showed ``at`` seconds used: a resumed race goes on from there, not
    from the last move. ``racer`` as in :class:`Tick`."""

    racer: int | None
    at: float


RaceAction = RaceMove | Go | Tick | Stop


# --- events --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RaceStarted(Event):
    """A race of ``racers`` on the same deal, ``minutes`` each; ``together``: all at once, else in turn."""

    type: ClassVar[str] = "race_started"
    racers: int
    minutes: int
    together: bool


@dataclass(frozen=True, slots=True)
class ClockStarted(Event):
    """``racer``'s clock runs (None: everyone's, together), with ``seconds`` to go."""

    type: ClassVar[str] = "clock_started"
    racer: int | None
    seconds: int


@dataclass(frozen=True, slots=True)
class ClockTick(Event):
    """``racer``'s clock (None: everyone's) has ``left`` seconds left; 0: the time is up."""

    type: ClassVar[str] = "clock"
    racer: int | None
    left: int


@dataclass(frozen=True, slots=True)
class Raced(Event):
    """Something that happened on ``racer``'s own board: ``event`` tells it in full.

    Only the racer (and a watcher) is told it: the racers play the same deal, so a card the
    rival turns up is one still face down on this racer's own board.
    """

    type: ClassVar[str] = "raced"
    racer: int
    event: Event

    def for_seat(self, seat: int) -> Event | None:
        return self if seat in (self.racer, -1) else None

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "racer": self.racer, "event": self.event.to_dict()}


@dataclass(frozen=True, slots=True)
class Progress(Event):
    """``racer`` has ``foundation`` cards on the foundations now (the news everyone may hear)."""

    type: ClassVar[str] = "progress"
    racer: int
    foundation: int


@dataclass(frozen=True, slots=True)
class RacerDone(Event):
    """``racer`` is done: ``reason`` won (every card up), stuck, gave_up or time; ``at`` seconds used."""

    type: ClassVar[str] = "racer_done"
    racer: int
    reason: str
    foundation: int
    at: float


@dataclass(frozen=True, slots=True)
class RaceOver(Event):
    """The race is over: each racer's ``foundations``, the ``seconds`` on their clock when they reached that count,
    the ``winners`` (several: a draw).

    ``faster``: at one keyboard, the winner had as many cards as another racer, and had them sooner.
    """

    type: ClassVar[str] = "race_over"
    foundations: tuple[int, ...]
    seconds: tuple[float, ...]
    winners: tuple[int, ...]
    faster: bool


# --- the view ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Racer:
    """What anyone may know of one racer: the count on the foundations, the moves, the clock."""

    foundation: int
    moves: int
    done: str | None
    used: float
    """Seconds of this racer's clock used now."""
    left: float
    started: bool


@dataclass(frozen=True, slots=True)
class RaceView:
    """One racer's view: their own board in full (no other board), and every racer's counts and clock.

    A watcher (``seat`` -1) sees every board's public part.
    """

    seat: int
    variant: str
    minutes: int
    together: bool
    turn: int | None
    """At one keyboard: the racer whose turn it is (None once the race is over)."""
    racers: tuple[Racer, ...]
    boards: tuple[KlondikeView | None, ...]
    result: Result | None
    held: bool = False
    """The clock stands still (a paused table, a hand-over)."""

    @property
    def board(self) -> KlondikeView | None:
        """The listener's own board (None for a watcher)."""
        return self.boards[self.seat] if 0 <= self.seat < len(self.boards) else None

    @property
    def options(self) -> KlondikeOptions | None:
        board = next((b for b in self.boards if b is not None), None)
        return None if board is None else board.options


class RaceLegal(LegalActions[Any]):
    """The legal actions of a race: ``in`` asks the state (a move's time is its own), iteration lists them now."""

    __slots__ = ("_state",)

    def __init__(self, state: RaceState, actions: Sequence[Any]) -> None:
        super().__init__(actions)
        self._state = state

    def __contains__(self, action: object) -> bool:
        return self._state.is_legal(action)


# --- the state --------------------------------------------------------------------------------------------


class RaceState(GameState[Any]):
    """A race of Klondike: one board per racer, the same deal, the clock."""

    game: ClassVar[str] = GAME

    def __init__(
        self,
        variant: str,
        options: KlondikeOptions,
        seed: int | None,
        minutes: int = DEFAULT_MINUTES,
        together: bool = False,
        racers: int = RACERS,
        columns: Sequence[Sequence[int]] | None = None,
        stock: Sequence[int] | None = None,
    ) -> None:
        self.players = racers
        self.seed = seed
        self._variant = variant
        self.options = options
        self.minutes = minutes
        self.together = together
        self.limit = float(minutes * 60)
        base = RACE_VARIANTS.get(variant, BRAILLESPIEL)
        self.boards = [KlondikeState(base, options, seed, columns, stock) for _ in range(racers)]
        self.clock: Callable[[], float] = time.monotonic
        self.held_at: float | None = None
        """The clock's reading when it was held (a hand-over, a paused table); None while it runs."""
        self.used = [0.0] * racers
        """Seconds used by each racer's clock (together: the first holds the one shared clock)."""
        self.marks = [0.0] * racers
        """The clock's reading when ``used`` was last set (live only: not saved)."""
        self.begun = [False] * racers
        self.ticks = [0] * racers
        self.done: list[str | None] = [None] * racers
        self.finished_at = [0.0] * racers
        self.reached = [0.0] * racers
        """The seconds on each racer's clock when their count on the foundations last changed."""
        self.turn = 0
        self.started = False
        self._result: Result | None = None
        self.bounds = _bounds(minutes)

    # -- shape ----------------------------------------------------------------------------

    @property
    def variant(self) -> str | None:
        return self._variant

    @property
    def deck_kind(self) -> str | None:
        return "french52"

    @property
    def result(self) -> Result | None:
        return self._result

    def set_clock(self, clock: Callable[[], float]) -> None:
        now = clock()
        for k in range(self.players):  # a running clock goes on from where it stands
            self.marks[k] = now - (self._reading() - self.marks[k]) if self._running_clock(k) else now
        if self.held_at is not None:
            self.held_at = now
        self.clock = clock

    def hold_clock(self, held: bool) -> None:
        now = self.clock()
        if held and self.held_at is None:
            self.held_at = now
        elif not held and self.held_at is not None:
            shift = now - self.held_at  # the time it stood still does not count
            self.marks = [mark + shift for mark in self.marks]
            self.held_at = None

    def _reading(self) -> float:
        return self.held_at if self.held_at is not None else self.clock()

    def _key(self, racer: int) -> int:
        return 0 if self.together else racer

    def running(self, racer: int) -> bool:
        """True while ``racer`` may move: the race goes on, they are not done, their clock runs."""
        if not self.started or self._result is not None or self.done[racer] is not None:
            return False
        return self.together or (racer == self.turn and self.begun[racer])

    def _running_clock(self, key: int) -> bool:
        if self.together:
            return self.started and self._result is None and key == 0
        return self.running(key)

    def now(self, racer: int) -> float:
        """Seconds used by ``racer``'s clock now."""
        k = self._key(racer)
        if self._running_clock(k):
            return min(self.used[k] + max(self._reading() - self.marks[k], 0.0), self.limit)
        return self.used[k]

    def _set_time(self, key: int, at: float) -> None:
        """The clock of ``key`` shows ``at``; a live clock read a little late keeps what it ran over."""
        live = self.used[key] + max(self._reading() - self.marks[key], 0.0)
        self.used[key] = max(self.used[key], at)
        self.marks[key] = self._reading() - max(live - self.used[key], 0.0)

    def to_move(self) -> int | None:
        if not self.started or self._result is not None:
            return None
        if self.together:
            return next(r for r in range(self.players) if self.done[r] is None)
        return self.turn

    def movers(self) -> tuple[int, ...]:
        if not self.started or self._result is not None:
            return ()
        if self.together:
            return tuple(r for r in range(self.players) if self.done[r] is None)
        return (self.turn,)

    # -- the deal -----------------------------------------------------------------------

    def start(self) -> list[Event]:
        if self.started:
            raise IllegalActionError("error-already-dealt", "the cards are already dealt")
        first = self.boards[0]
        dealt = first.start()
        self.boards = [first] + [first.clone() for _ in range(self.players - 1)]
        self.started = True
        events: list[Event] = [RaceStarted(self.players, self.minutes, self.together)]
        if self.together:
            self.marks[0] = self._reading()
            for racer in range(self.players):
                events += [Raced(racer, event) for event in dealt]
            events.append(ClockStarted(None, int(self.limit)))
        return events

    # -- legal actions --------------------------------------------------------------------

    def legal_for(self, seat: int) -> LegalActions[Any]:
        """What ``seat``'s person may do now, as the keys name it: the board's actions, or Go."""
        if not self.started or self._result is not None or not 0 <= seat < self.players:
            return LegalActions(())
        if not self.together and seat == self.turn and not self.begun[seat] and self.done[seat] is None:
            return LegalActions((Go(seat),))
        if not self.running(seat):
            return LegalActions(())
        return self.boards[seat].legal_actions()

    def legal_actions(self) -> LegalActions[Any]:
        seat = self.to_move()
        if seat is None:
            return RaceLegal(self, ())
        listed = [a if isinstance(a, Go) else RaceMove(seat, a, self.now(seat)) for a in self.legal_for(seat)]
        return RaceLegal(self, listed)

    def seat_action(self, seat: int, action: Any) -> Any:
        """A person's action from ``seat``: a board's action becomes their move, at their clock's time now."""
        if isinstance(action, RaceMove):
            if action.racer != seat:
                raise IllegalActionError("error-move-not-allowed", "a move on another racer's board")
            action = action.action
        if isinstance(action, (Tick, Stop)):
            raise IllegalActionError("error-move-not-allowed", "the clock's step is not a person's")
        if isinstance(action, Go):
            return action
        return RaceMove(seat, action, self.now(seat))

    def is_legal(self, action: object) -> bool:
        if not self.started or self._result is not None:
            return False
        if isinstance(action, RaceMove):
            r = action.racer
            if not 0 <= r < self.players or not self.running(r):
                return False
            # a move read off the clock just before a clock step may carry a time a little before it: it counts then
            return 0 <= action.at < self.limit and action.action in self.boards[r].legal_actions()
        if isinstance(action, Go):
            r = action.racer
            return (
                not self.together
                and r == self.turn
                and 0 <= r < self.players
                and not self.begun[r]
                and self.done[r] is None
            )
        if isinstance(action, Tick):
            if self.together:
                if action.racer is not None:
                    return False
                k = 0
            else:
                if action.racer != self.turn or not self.running(self.turn):
                    return False
                k = self.turn
            return action.at in self.bounds[self.ticks[k] :]
        if isinstance(action, Stop):
            if self.together:
                if action.racer is not None:
                    return False
                return self.used[0] <= action.at <= self.limit
            turn = self.turn
            return action.racer == turn and self.running(turn) and self.used[turn] <= action.at <= self.limit
        return False

    # -- the clock ----------------------------------------------------------------------------

    def _clock_racer(self) -> int | None:
        """The racer whose clock runs now (0 for the one clock of a race played together), or None."""
        if not self.started or self._result is not None:
            return None
        racer = 0 if self.together else self.turn
        if not self.running(racer) and not self.together:
            return None
        return racer

    def clock_action(self) -> Tick | None:
        """The clock's step that is due now (a minute left, 30 or 10 seconds, the end), or None."""
        racer = self._clock_racer()
        if racer is None:
            return None
        k = self._key(racer)
        now = self.now(racer)
        due = [mark for mark in self.bounds[self.ticks[k] :] if mark <= now]
        if not due:
            return None
        return Tick(None if self.together else racer, due[-1])  # a clock looked at late says only the newest

    def leave_action(self) -> Stop | None:
        """The clock's reading, to keep when the race is left while a clock runs (None when none runs)."""
        racer = self._clock_racer()
        if racer is None:
            return None
        return Stop(None if self.together else racer, round(self.now(racer), 3))

    def next_clock(self) -> float | None:
        """Seconds until the clock's next step (None: no clock runs now)."""
        if not self.started or self._result is not None or self.held_at is not None:
            return None
        racer = 0 if self.together else self.turn
        if not self.together and not self.running(racer):
            return None
        n = self.ticks[self._key(racer)]
        if n >= len(self.bounds):
            return None
        return max(self.bounds[n] - self.now(racer), 0.0)

    # -- applying -------------------------------------------------------------------------------

    def apply(self, action: Any) -> list[Event]:
        if not self.is_legal(action):
            raise IllegalActionError("error-move-not-allowed", f"{action!r} is not allowed now", action=repr(action))
        events: list[Event] = []
        if isinstance(action, Go):
            r = action.racer
            self.begun[r] = True
            self.marks[r] = self._reading()
            board = self.boards[r]
            tops = tuple(card_of(column[-1]) for column in board.columns if column)
            events.append(ClockStarted(r, int(self.limit - self.used[r])))
            events.append(Raced(r, Dealt(tops, len(board.stock), board.skipped, board.searched)))
        elif isinstance(action, Tick):
            k = 0 if action.racer is None else action.racer
            self._set_time(k, action.at)
            self.ticks[k] = self.bounds.index(action.at) + 1
            left = round(self.limit - action.at)
            events.append(ClockTick(action.racer, left))
            if left <= 0:
                for r in range(self.players):
                    if self.done[r] is None and (self.together or r == action.racer):
                        self._racer_done(r, TIME_UP, action.at, events)
        elif isinstance(action, Stop):
            self._set_time(0 if action.racer is None else action.racer, action.at)
        else:
            assert isinstance(action, RaceMove)
            r = action.racer
            self._set_time(self._key(r), action.at)
            board = self.boards[r]
            before = board.on_foundations()
            inner = board.apply(action.action)
            events += [Raced(r, event) for event in inner]
            if board.on_foundations() != before:
                self.reached[r] = action.at
                events.append(Progress(r, board.on_foundations()))
            if board.result is not None and self.done[r] is None:
                self._racer_done(r, board.result.reason, action.at, events)
        return events

    def _racer_done(self, racer: int, reason: str, at: float, events: list[Event]) -> None:
        self.done[racer] = reason
        self.finished_at[racer] = at
        events.append(RacerDone(racer, reason, self.boards[racer].on_foundations(), at))
        if self.together:
            if reason == "won" or all(d is not None for d in self.done):
                self._finish(events, first=racer if reason == "won" else None)
            return
        if racer + 1 < self.players:
            self.turn = racer + 1
        else:
            self._finish(events)

    def _finish(self, events: list[Event], first: int | None = None) -> None:
        counts = tuple(board.on_foundations() for board in self.boards)
        seconds = tuple(self.reached)
        faster = False
        if first is not None:
            winners: tuple[int, ...] = (first,)
        else:
            best = max(counts)
            winners = tuple(r for r in range(self.players) if counts[r] == best)
            if len(winners) > 1 and not self.together:
                quickest = min(seconds[r] for r in winners)
                fastest = tuple(r for r in winners if seconds[r] == quickest)
                if len(fastest) == 1:
                    winners, faster = fastest, True
        self._result = Result(counts, winners, "race")
        events.append(RaceOver(counts, tuple(round(s, 1) for s in seconds), winners, faster))

    # -- views -------------------------------------------------------------------------------------

    def _racers(self) -> tuple[Racer, ...]:
        return tuple(
            Racer(
                board.on_foundations(),
                board.moves,
                self.done[r],
                round(self.now(r), 3),
                round(self.limit - self.now(r), 3),
                self.together or self.begun[r],
            )
            for r, board in enumerate(self.boards)
        )

    def _board_view(self, racer: int) -> KlondikeView:
        view = self.boards[racer].view()
        if not self.running(racer):
            view = replace(view, legal=())
        return replace(view, seat=racer)

    def view(self, seat: int = 0) -> RaceView:
        boards: list[KlondikeView | None] = [None] * self.players
        if 0 <= seat < self.players and self.started:
            boards[seat] = self._board_view(seat)
        return self._view(seat, boards)

    def public_view(self) -> RaceView:
        boards: list[KlondikeView | None] = [self._board_view(r) if self.started else None for r in range(self.players)]
        return self._view(-1, boards)

    def _view(self, seat: int, boards: Sequence[KlondikeView | None]) -> RaceView:
        turn = None if self._result is not None or self.together else self.turn
        return RaceView(
            seat,
            self._variant,
            self.minutes,
            self.together,
            turn,
            self._racers(),
            tuple(boards),
            self._result,
            self.held_at is not None,
        )

    def hidden_cards(self, racer: int) -> list[int]:
        """The cards ``racer`` cannot see on their own board (for the tests)."""
        return self.boards[racer].hidden_cards()

    # -- copies and files ---------------------------------------------------------------------------

    def clone(self) -> RaceState:
        other = RaceState.__new__(RaceState)
        other.__dict__.update(self.__dict__)
        other.boards = [board.clone() for board in self.boards]
        for name in ("used", "marks", "begun", "ticks", "done", "finished_at", "reached"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def to_json(self) -> dict[str, Any]:
        result = self._result
        return {
            "game": GAME,
            "race": {
                "minutes": self.minutes,
                "together": self.together,
                "racers": self.players,
                "used": list(self.used),
                "begun": list(self.begun),
                "ticks": list(self.ticks),
                "done": list(self.done),
                "finished_at": list(self.finished_at),
                "reached": list(self.reached),
                "turn": self.turn,
            },
            "variant": self._variant,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "started": self.started,
            "phase": "deal" if not self.started else ("over" if result is not None else "play"),
            "boards": [board.to_json() for board in self.boards],
            "result": None
            if result is None
            else {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RaceState:
        race = data["race"]
        variant = str(data["variant"])
        if variant not in RACE_VARIANTS:
            raise ValueError(f"not a race preset: {variant!r}")
        minutes = int(race["minutes"])
        if minutes not in RACE_MINUTES:
            raise ValueError(f"a race takes {', '.join(map(str, RACE_MINUTES))} minutes, not {minutes}")
        racers = int(race["racers"])
        options = options_for(RACE_VARIANTS[variant], data["options"])
        state = cls(variant, options, data["seed"], minutes, bool(race["together"]), racers)
        boards = data["boards"]
        if len(boards) != racers:
            raise ValueError("one board per racer")
        state.boards = [KlondikeState.from_json(board) for board in boards]
        state.started = bool(data["started"])
        state.used = [float(x) for x in race["used"]]
        state.begun = [bool(x) for x in race["begun"]]
        state.ticks = [int(x) for x in race["ticks"]]
        state.done = [None if x is None else str(x) for x in race["done"]]
        state.finished_at = [float(x) for x in race["finished_at"]]
        state.reached = [float(x) for x in race["reached"]]
        state.turn = int(race["turn"])
        now = state.clock()
        state.marks = [now] * racers
        result = data["result"]
        if result is not None:
            state._result = Result(
                tuple(int(x) for x in result["scores"]), tuple(int(x) for x in result["winners"]), str(result["reason"])
            )
        return state


def _bounds(minutes: int) -> tuple[float, ...]:
    """The seconds used at which the clock speaks: each whole minute left, 30 and 10 seconds left, the end."""
    limit = minutes * 60
    marks = {float(limit - 60 * m) for m in range(1, minutes)} | {float(limit - 30), float(limit - 10), float(limit)}
    return tuple(sorted(mark for mark in marks if mark > 0))


# --- actions in files --------------------------------------------------------------------------------------


def race_action_to_json(action: Any) -> Any:
    if isinstance(action, RaceMove):
        return {"racer": action.racer, "at": action.at, "action": action_to_json(action.action)}
    if isinstance(action, Go):
        return {"go": action.racer}
    if isinstance(action, Tick):
        return {"tick": action.at, "racer": action.racer}
    if isinstance(action, Stop):
        return {"stop": action.at, "racer": action.racer}
    return action_to_json(action)


def race_action_from_json(data: Any, where: str) -> Any:
    """A race's action, or a board's own (a network client names its move on its board so)."""
    if isinstance(data, dict) and set(data) == {"racer", "at", "action"}:
        racer, at = data["racer"], data["at"]
        if _whole(racer) and _seconds(at):
            return RaceMove(racer, action_from_json(data["action"], where), float(at))
    elif isinstance(data, dict) and set(data) == {"go"}:
        if _whole(data["go"]):
            return Go(data["go"])
    elif isinstance(data, dict) and set(data) == {"tick", "racer"}:
        racer = data["racer"]
        if (racer is None or _whole(racer)) and _seconds(data["tick"]):
            return Tick(racer, float(data["tick"]))
    elif isinstance(data, dict) and set(data) == {"stop", "racer"}:
        racer = data["racer"]
        if (racer is None or _whole(racer)) and _seconds(data["stop"]):
            return Stop(racer, float(data["stop"]))
    else:
        return action_from_json(data, where)
    raise ValueError(f"{where} is not a move of a race")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 16


def _seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 24 * 3600


def view_aged(view: Any, seconds: float) -> Any:
    """A race's view made ``seconds`` ago, with each running clock moved on by them (what T reads on a network
    client between the server's steps); any other view as it is."""
    if not isinstance(view, RaceView) or view.result is not None or view.held or seconds <= 0:
        return view
    limit = float(view.minutes * 60)
    racers = tuple(
        replace(racer, used=min(racer.used + seconds, limit), left=max(racer.left - seconds, 0.0))
        if racer.started and racer.done is None and (view.together or view.turn == number)
        else racer
        for number, racer in enumerate(view.racers)
    )
    return replace(view, racers=racers)


__all__ = [
    "RACE_MINUTES",
    "RACE_VARIANTS",
    "ClockStarted",
    "ClockTick",
    "Go",
    "Progress",
    "RaceMove",
    "RaceOver",
    "RaceStarted",
    "RaceState",
    "RaceView",
    "Raced",
    "Racer",
    "RacerDone",
    "Stop",
    "Tick",
    "race_action_from_json",
    "race_action_to_json",
    "view_aged",
]
