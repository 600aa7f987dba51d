"""The table: one loop that runs a game for its seats, whoever sits in them.

A seat is a person (at this keyboard, or later at a remote client), a
computer level, or a scenario's script standing in front of either. The
table steps the game: it plays the computer and scripted seats when they are
to move, takes the persons' moves when they make them, records every action
in order (a save is the start plus these moves), lets every computer player
see its own seat's view after each move, and hands each listener the events
with the view of the seat it speaks for. Screens, lessons, the tutorial,
``simulate``, ``replay``, ``resume`` and a server all use this one loop; none
of them holds the state, only the views the table gives them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .engine import Event, GameState, Result
from .errors import CardsError, IllegalActionError, ScenarioError
from .game import GameDescription, OnlyMove, Player, ScriptMove

PERSON: Final = "person"
COMPUTER: Final = "computer"
SCRIPT: Final = "script"
CLOCK: Final = "clock"
CHOOSERS: Final = (PERSON, COMPUTER, SCRIPT, CLOCK)
"""Who chose a move: a person, a computer player, a scenario's script, the clock (a race's minutes)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move of the game: the action, and who chose it."""

    action: Any
    by: str = PERSON


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat: a person, or a computer of ``level`` with its own seed."""

    kind: str
    level: str | None = None
    seed: int | None = None

    @classmethod
    def person(cls) -> Seat:
        return cls(PERSON)

    @classmethod
    def computer(cls, level: str, seed: int) -> Seat:
        return cls(COMPUTER, level, seed)


class RandomChoice:
    """A player that draws every choice from ``rng`` without looking at the view (random play).

    One may sit at every seat: the seats then share its random source, in the order they move.
    ``pick(legal_actions)`` is the same choice without the view: the random source's own ``choice``,
    which the table's quiet loop calls directly.
    """

    __slots__ = ("pick",)
    sees = False

    def __init__(self, rng: random.Random) -> None:
        self.pick = rng.choice

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        return self.pick(legal_actions)


Listener = Callable[[Sequence[Event], Move | None], None]
"""Told after the deal (move None) and after every move, with that step's events."""


class Table:
    """One game, its seats, its moves so far; the only holder of the state.

    ``players`` gives computer seats their players ready-made (a simulation's own choosers);
    without it each computer seat gets its game's player of its level and seed. With
    ``record=False`` the table keeps no list of moves (many games simulated, none saved).
    """

    def __init__(
        self,
        game: GameDescription,
        state: GameState[Any],
        seats: Sequence[Seat],
        script: Sequence[ScriptMove] | None = None,
        clock: Callable[[], float] | None = None,
        *,
        players: Mapping[int, Player] | None = None,
        record: bool = True,
    ) -> None:
        self.game = game
        self.state = state
        if clock is not None:
            state.set_clock(clock)
        self.seats = tuple(seats)
        self.players: dict[int, Player] = (
            dict(players)
            if players is not None
            else {
                seat: game.make_player(who.level or "", who.seed or 0)
                for seat, who in enumerate(self.seats)
                if who.kind == COMPUTER and game.has_computers
            }
        )
        self.script: list[ScriptMove] = list(script or [])
        self.moves: list[Move] = []
        self.record = record
        self.listeners: list[Listener] = []
        self.started = False

    # -- what anyone may ask ---------------------------------------------------------

    @property
    def result(self) -> Result | None:
        return self.state.result

    def to_move(self) -> int | None:
        """The seat to move now; None when the game is over."""
        return self.state.to_move()

    def view(self, seat: int) -> Any:
        """What ``seat`` may know now."""
        return self.state.view(seat)

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions of the seat to move."""
        return tuple(self.state.legal_actions())

    def persons(self) -> tuple[int, ...]:
        """The seats people sit at."""
        return tuple(seat for seat, who in enumerate(self.seats) if who.kind == PERSON)

    def automatic(self) -> bool:
        """True when the seat to move is played by the table itself (a computer or the script)."""
        seat = self.to_move()
        return seat is not None and self.seats[seat].kind != PERSON

    # -- stepping ----------------------------------------------------------------------

    def start(self) -> list[Event]:
        """Deal; every listener hears the deal's events."""
        self.started = True
        events = self.state.start()
        self._show_players()
        self._tell(events, None)
        return events

    def step(self, saved: Move | None = None) -> list[Event]:
        """The seat to move is the table's own: its script's next move, else its computer player's choice.

        Replaying a save, ``saved`` is the move to make: a scripted move must be
        that move; a computer player is still asked, so that it sees and draws
        exactly what it did, and the saved move is the one played.
        """
        seat = self.to_move()
        if seat is None or self.seats[seat].kind == PERSON:
            raise IllegalActionError("error-not-automatic", "the seat to move is a person's")
        if self.script and (saved is None or saved.by == SCRIPT):
            action = self.script.pop(0).action(self.state)
            if saved is not None and action != saved.action:
                raise IllegalActionError("error-script-mismatch", "a scripted move is not the saved one")
            return self._apply(Move(action, SCRIPT))
        player = self.players[seat]
        view = self.state.view(seat) if getattr(player, "sees", True) else None
        action = player.choose(view, self.state.legal_actions())
        if saved is not None:
            action = saved.action
        return self._apply(Move(action, COMPUTER))

    def play(self, action: Any) -> list[Event]:
        """A person's move; the script goes on only while the person plays the scripted move."""
        if self.script:
            try:
                expected = self.script[0].action(self.state)
            except CardsError:
                expected = None
            if action == expected:
                self.script.pop(0)
            else:
                self.script = []
        return self._apply(Move(action, PERSON))

    def clock_step(self) -> list[Event] | None:
        """Play the game's clock step that is due now (a race's minute left, its end); None when none is due."""
        if not self.started or self.result is not None:
            return None
        action = self.state.clock_action()
        if action is None:
            return None
        return self._apply(Move(action, CLOCK))

    def run_clock(self) -> list[Event]:
        """Play every step of the game's clock that is due now; their events, in order."""
        told: list[Event] = []
        while (events := self.clock_step()) is not None:
            told += events
        return told

    def leave(self) -> list[Event]:
        """The game is left mid-play: the clock's due steps, then its reading (a race's time used so far)."""
        if not self.started or self.result is not None:
            return []
        events = self.run_clock()
        action = self.state.leave_action() if self.result is None else None
        if action is not None:
            events += self._apply(Move(action, CLOCK))
        return events

    def replay(self, move: Move) -> list[Event]:
        """Make a saved move the way it was made: by the table for its own seats, else as a person's."""
        if move.by == CLOCK:
            return self._apply(move)
        if move.by == PERSON:
            return self.play(move.action)
        return self.step(move)

    def follow(self, move: Move) -> list[Event]:
        """Make a recorded move as it stands, whoever made it: no computer player is asked, no script followed.

        The state checks it as any move (IllegalActionError when it is not legal where it stands).
        """
        return self._apply(move)

    def play_script(self) -> None:
        """Play the script's moves to its end, each by the table whoever's seat it is (a scenario replayed or checked).

        A ScenarioError when a move comes after the game's end; a move that cannot be made raises its own error.
        """
        while self.script:
            if self.result is not None:
                number = self.script[0].number
                raise ScenarioError(
                    "error-scenario-move",
                    f"move {number}: the game is over",
                    move=number,
                    reason="game over",
                    cause="error-game-over",
                )
            self._apply(Move(self.script.pop(0).action(self.state), SCRIPT))

    def play_out(self, until: Callable[[], bool] | None = None) -> Result | None:
        """Play the table's computer seats until the game ends or another seat is to move; the result.

        ``until()`` is asked after each move; True stops there (a simulation counting each game of a match).
        Nobody listening and no moves kept, a game played by its only action goes to its end by
        the state's own quiet path (:meth:`GameState.play_out`). Nobody listening, each move is
        made by the state's quiet play (:meth:`GameState.play_quiet`), no events built.
        """
        if not self.started:
            self.start()
        state = self.state
        if self.listeners or self.script:
            while state.result is None and self.automatic():
                self.step()
                if until is not None and until():
                    break
            return state.result
        players = self.players
        quiet = until is None and not self.record
        if quiet and players:
            first = next(iter(players.values()))
            if type(first) is OnlyMove and all(type(player) is OnlyMove for player in players.values()):
                result = state.play_out()
                if result is not None:
                    return result
            lone = self._lone_chooser(first)
            if lone is not None:
                # one blind chooser at every seat (random play): nobody to ask whose move it is, no view to build;
                # a chooser that picks from the legal actions alone (``pick``) is called without the view
                actions, play = state.actions, state.play_quiet
                pick = getattr(lone, "pick", None)
                if pick is not None:
                    while state.result is None:
                        play(pick(actions()))
                    return state.result
                choose = lone.choose
                while state.result is None:
                    play(choose(None, actions()))
                return state.result
        seats = self.seats
        moves = self.moves if self.record else None
        to_move, actions, view, play = state.to_move, state.actions, state.view, state.play_quiet
        observers = [
            (seat, observe) for seat, player in players.items() if (observe := getattr(player, "observe", None))
        ]
        blind = {seat for seat, player in players.items() if not getattr(player, "sees", True)}
        while state.result is None:
            seat = to_move()
            if seat is None or seats[seat].kind != COMPUTER:
                break
            action = players[seat].choose(None if seat in blind else view(seat), actions())
            play(action)
            if moves is not None:
                moves.append(Move(action, COMPUTER))
            for other, observe in observers:
                observe(view(other))
            if until is not None and until():
                break
        return state.result

    # -- inside ----------------------------------------------------------------------------

    def _lone_chooser(self, first: Player) -> Player | None:
        """``first`` when it alone sits at every seat, all of them computers', and it neither looks nor watches."""
        if getattr(first, "sees", True) or getattr(first, "observe", None) is not None:
            return None
        if len(self.players) != len(self.seats) or any(player is not first for player in self.players.values()):
            return None
        return first if all(who.kind == COMPUTER for who in self.seats) else None

    def _apply(self, move: Move) -> list[Event]:
        events = self.state.apply(move.action)
        if self.record:
            self.moves.append(move)
        self._show_players()
        self._tell(events, move)
        return events

    def _show_players(self) -> None:
        """Every computer player sees its own seat's view, as a person at the table sees every card played."""
        for seat, player in self.players.items():
            observe = getattr(player, "observe", None)
            if observe is not None:
                observe(self.state.view(seat))

    def _tell(self, events: Sequence[Event], move: Move | None) -> None:
        for listener in self.listeners:
            listener(events, move)
