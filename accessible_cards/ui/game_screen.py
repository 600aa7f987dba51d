"""The one game screen: any registered game at the keyboard, driven by the game's own controller.

The screen holds a :class:`~accessible_cards.table.Table` and reads only the
views it gives: the listening seat's (the person at the keyboard). It runs the
table loop between keys (computer seats after the settable pause, a
scenario's script, the hand-over when several people share one keyboard and
the game has private hands, "your turn"), saves after every move before it is
told, and answers the keys every game shares: last play, history, verbosity,
rules, the game menu. Everything that is the game's own (its phases, review
keys, how a key becomes an action) is its controller's.
"""

from __future__ import annotations

import dataclasses
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import game as games
from .. import saves
from ..engine import Event, fresh_seed
from ..game import Controller, GameDescription, Scenario, Voice
from ..keys import HANDOFF, Typed
from ..narration.base import people_first, seat_names
from ..table import COMPUTER, Move, Seat, Table
from ..utterance import VERBOSITIES, Utterance
from .messages import system_reason
from .request import GameRequest
from .screens import Item, ListScreen, Screen, history_screen

if TYPE_CHECKING:
    from .app import App  # the app opens this module's screens; they only call its methods

ControllerFactory = Callable[[Any, Any], Controller]
CLOCK_DUE = "clock_due"
"""The background command that says: the game's clock has a step due (a race's minute left)."""
CLOCK_SAME = 0.002
"""Seconds: a clock timer due this close to the moment asked for is kept as it is."""
CLOCK_RATE_ENV = "ACCESSIBLE_CARDS_CLOCK_RATE"
"""For tests of a whole program: the game's clock runs this many times faster than real time."""


def clock_rate() -> float:
    """How many game seconds pass in a real second: 1, or what ``ACCESSIBLE_CARDS_CLOCK_RATE`` says (for tests)."""
    try:
        rate = float(os.environ.get(CLOCK_RATE_ENV, "1"))
    except ValueError:
        return 1.0
    return rate if 0 < rate <= 10_000 else 1.0


def game_clock() -> Callable[[], float]:
    """The clock a game reads: ``time.monotonic``, sped up by :func:`clock_rate`."""
    rate = clock_rate()
    if rate == 1.0:
        return time.monotonic
    return lambda: time.monotonic() * rate


def you_seat(humans: int) -> int | None:
    """A lone person is spoken to as "you"; with several at one keyboard, everyone by name."""
    return 0 if humans == 1 else None


def new_seed(request: GameRequest) -> int:
    """The game's seed: given, or fresh."""
    return request.seed if request.seed is not None else fresh_seed()


def game_options(app: App, game: GameDescription, request: GameRequest) -> dict[str, Any]:
    """The rule options of a new game: the game's settings that are options, then what the request gives."""
    spec_names = {spec.name for spec in game.option_specs} - {"players", "humans"}  # seat counts come from the request
    chosen = app.settings.game(game.name)
    return {**{name: value for name, value in chosen.items() if name in spec_names}, **request.options}


class GameScreen(Screen):
    """A game in progress at this keyboard."""

    def __init__(
        self,
        app: App,
        request: GameRequest,
        *,
        scenario: Scenario | None = None,
        controller: ControllerFactory | None = None,
        levels: Mapping[int, tuple[str, int]] | None = None,
    ) -> None:
        super().__init__(app)
        game = games.get(request.game)
        self.game = game
        self.request = request
        self.chose = False
        if scenario is not None:
            state = scenario.state
            self.seed: int | None = state.seed
        else:
            self.seed = new_seed(request)
            state = game.new_state(request.players, request.variant, game_options(app, game, request), self.seed)
        seats: list[Seat] = []
        level = str(app.settings.game(game.name).get(game.level_setting or "", game.default_level or ""))
        for seat in range(request.players):
            if seat < request.humans:
                seats.append(Seat.person())
            elif levels is not None and seat in levels:
                seats.append(Seat.computer(*levels[seat]))
            elif game.levels:
                seats.append(Seat.computer(level, (self.seed or 0) * 7 + seat))
            else:
                seats.append(Seat.computer("", 0))
        self.table = Table(game, state, seats, scenario.moves if scenario is not None else None, clock=game_clock())
        self.clock_timer: threading.Timer | None = None
        self.clock_due_at = 0.0
        """When ``clock_timer`` fires (``time.monotonic``)."""
        self.names = seat_names(app.t, people_first(request.players, request.humans))
        self.narrator = self._narrator()
        self.controller = (controller or game.controller)(self, self.narrator)
        self.history: list[str] = []
        self.histories: dict[int, list[str]] = {}
        """The histories of the people away from the keyboard, when each keeps their own (a race)."""
        self.last_play: list[str] = []
        self.over = False
        self.record: saves.Record | None = None
        self.restoring = False  # a saved game is being replayed: nothing is written
        persons = self.table.persons()
        self.at_keyboard: int | None = None if len(persons) > 1 and game.private_hands else persons[0]
        self.handing_off = False
        self.handoff_to = 0
        self.announced_turn: tuple[int, int] | None = None
        self.started = False
        self.seed_chosen = request.seed is not None or scenario is not None
        """True when the player chose the seed (``--seed``, a scenario): the deal is theirs to know."""

    # -- the Controls the controller sees ---------------------------------------------

    @property
    def phase(self) -> str:  # type: ignore[override]
        return HANDOFF if self.handing_off else self.controller.phase

    @property
    def lang(self) -> str:
        return self.app.lang

    @property
    def listener(self) -> int:
        """The seat whose view is read: the person at the keyboard."""
        if self.at_keyboard is not None:
            return self.at_keyboard
        return min(self.table.persons())

    @property
    def persons(self) -> Sequence[int]:
        return self.table.persons()

    @property
    def verbosity(self) -> str:
        return self.app.settings.verbosity

    def setting(self, name: str) -> Any:
        return self.app.settings.game(self.game.name).get(name)

    def t(self, msgid: str, context: str | None = None, **params: Any) -> str:
        return self.app.t(msgid, context, **params)

    def tn(self, msgid: str, plural: str, n: int, **params: Any) -> str:
        return self.app.tn(msgid, plural, n, **params)

    def say(self, text: str | Utterance) -> None:
        self.app.say(text)

    def refuse(self, text: str | Utterance) -> None:
        self.app.refuse(text)

    def announce(self, utterance: Utterance | None) -> None:
        """Say a game announcement and keep it in the history and the last play."""
        if utterance is None:
            return
        self.app.announce(utterance)
        self.history.append(utterance.speech)
        self.last_play.append(utterance.speech)

    def view(self) -> Any:
        return self.table.view(self.listener)

    def legal_actions(self) -> Sequence[Any]:
        return self.table.legal_actions()

    def play(self, action: Any) -> None:
        """The person's move: played, saved before it is told, then told (a clock step due comes first)."""
        if not self.restoring:
            self.clock_due()
        self.last_play = []
        events = self.table.play(action)
        self._after(events)

    # -- the game's clock (a race) ---------------------------------------------------------

    def clock_due(self) -> None:
        """Play and tell every step of the game's clock that is due now; then wait for the next one."""
        while not self.restoring and self.table.result is None:
            self.last_play = []
            events = self.table.clock_step()
            if events is None:
                break
            self._after(events)
        self.arm_clock()

    def clock_move(self, move: Move) -> None:
        """A saved step of the clock, made again."""
        self.last_play = []
        self._after(self.table.replay(move))

    def arm_clock(self) -> None:
        """Wake the program when the game's clock has its next step due (none while no clock runs).

        Called before every key; a timer already set for the same moment is kept, so keys typed
        while a race runs do not each start a thread of their own.
        """
        wait = None if self.restoring or self.table.result is not None else self.table.state.next_clock()
        due = None if wait is None else time.monotonic() + wait / clock_rate() + 0.005
        timer = self.clock_timer
        if timer is not None and due is not None and timer.is_alive() and abs(due - self.clock_due_at) < CLOCK_SAME:
            return
        self.clock_timer = None
        if timer is not None:
            timer.cancel()
        if due is None:
            return
        self.app.background[CLOCK_DUE] = self.clock_due
        terminal = self.app.terminal
        timer = threading.Timer(due - time.monotonic(), lambda: terminal.inject(Typed(CLOCK_DUE)))
        timer.daemon = True
        self.clock_timer, self.clock_due_at = timer, due
        timer.start()

    def choose(
        self,
        title: str,
        options: Sequence[tuple[str, Callable[[], None]]],
        braille: Sequence[str] | None = None,
    ) -> None:
        def chosen(act: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                self.chose = True  # what was chosen is told next: no "Back in the game." before it
                self.app.pop()
                act()

            return run

        terse = list(braille or [])
        items = [
            Item(label, chosen(act), braille=terse[index + 1] if index + 1 < len(terse) else "")
            for index, (label, act) in enumerate(options)
        ]
        self.app.push(ListScreen(self.app, title, items, phase="choice", braille_title=terse[0] if terse else None))

    def save(self) -> None:
        self.save_game()

    def leave(self) -> None:
        """Left mid-play: the clock's reading goes into the save (a resumed race goes on from now)."""
        if not self.started or self.table.result is not None:
            return
        made = len(self.table.moves)
        self.table.leave()
        if len(self.table.moves) != made:
            self.save_game()

    # -- narrating ----------------------------------------------------------------------

    def _narrator(self) -> Any:
        app = self.app
        voice = Voice(
            app.lang, app.settings.verbosity, self.names, you_seat(self.request.humans), app.settings.card_names
        )
        return self.game.narrator(self.table.state, voice)

    def rebuild_narrator(self) -> None:
        """Make the narrator again (language or verbosity changed)."""
        self.narrator = self._narrator()
        self.controller.narrator = self.narrator

    def _after(self, events: Sequence[Event]) -> None:
        """A move was made: saved before it is told (unless the controller holds it back), then told."""
        held = self.controller.holds(events)
        if not held:
            self.save_game()
        self.controller.tell(events)
        if self.table.result is not None and not held:
            self._game_over()

    # -- opening and the loop ------------------------------------------------------------

    def enter(self) -> None:
        if self.started:
            return
        self.started = True
        app = self.app
        app.follow(deck=self.table.state.deck_kind)
        if self.request.scenario is not None:
            app.say(app.t("Scenario {name}. You are Player 1.", name=Path(self.request.scenario).name))
        seed = self.seed_to_tell()
        opening = self.controller.opening(self.request.players, seed, self.request.variant)
        app.say(opening if isinstance(opening, Utterance) else Utterance(opening, self.braille_title(seed)))
        self.deal()
        hint = self.controller.hint()
        if hint and app.settings.verbosity != "brief":
            app.say(hint)

    def braille_title(self, seed: int | None) -> str:
        """The opening's braille: the game's name (without what follows its comma) and the players; the seed on a
        line of its own ("Casita Robada: 4 players", "Seed 1234"), so that each fits a 40-cell display."""
        t = self.app.t
        name = t(self.game.variant_title(self.request.variant)).split(",")[0].strip()
        players = self.app.tn("{game}: {n} player", "{game}: {n} players", self.request.players, game=name)
        if seed is None:
            return players
        return players + "\n" + t("Seed {seed}", "braille", seed=seed)

    def deal(self) -> None:
        """Deal the cards and save the game (its save starts from the state before the deal)."""
        self.begin_saving()
        events = self.table.start()
        self.save_game()
        self.controller.tell(events)
        self.last_play = []  # the deal is not a play
        if self.table.result is not None:
            self._game_over()

    def _pause(self) -> bool:
        pause = self.app.settings.computer_pause
        if pause > 0 and not self.restoring:
            time.sleep(pause)
        return self.app.running

    def computer_move(self, saved: Move | None = None) -> None:
        self.last_play = []
        events = self.table.step(saved)
        self._after(events)

    def before_input(self) -> None:
        """Computer seats play; then the person to play is asked to the keyboard and told it is their turn."""
        self._seat_turn()
        self.arm_clock()

    def _seat_turn(self) -> None:
        table = self.table
        # while the controller waits for a key (a quiz answer, the next game of a match), so does the table
        while table.result is None and table.automatic() and self.app.running:
            if self.controller.waiting_for() is not None:
                return
            if not self._pause():
                return
            self.computer_move()
        if self.controller.waiting_for() is not None:
            return
        if table.result is not None or self.phase != self.controller.phase or self.handing_off:
            return
        turn = table.to_move()
        if turn is None:
            return
        if self.at_keyboard is None or (
            self.game.private_hands and len(table.persons()) > 1 and self.at_keyboard != turn
        ):
            utterance = self.controller.handoff(turn)
            if utterance is not None:
                if self.controller.separate_histories:
                    self._hand_history(self.at_keyboard, turn)
                self.at_keyboard = None
                self.handing_off = True
                self.handoff_to = turn
                self.table.state.hold_clock(True)  # the clock stands still while the people change places
                self.app.forget()
                self.app.say(utterance)
                return
            self.at_keyboard = turn
        key = (turn, len(self.history))
        if self.announced_turn != key:
            self.announced_turn = key
            prompt = self.controller.turn_prompt()
            if prompt is not None:
                self.app.say(prompt)

    def _hand_history(self, leaving: int | None, coming: int) -> None:
        """Each person keeps a history of their own (a race): the one leaving keeps it, the one coming gets theirs."""
        if leaving is not None:
            self.histories[leaving] = self.history
        self.history = self.histories.pop(coming, [])
        self.last_play = []

    # -- keys ------------------------------------------------------------------------------

    def waiting_for(self) -> str | None:
        if self.handing_off:
            return self.app.t("Press Enter when {name} is at the keyboard.", name=self.names[self.handoff_to])
        return self.controller.waiting_for()

    def resume(self) -> None:
        """Back from a list above it: after the game menu "Back in the game."; after a choice, its announcement."""
        self.rebuild_narrator()
        chose, self.chose = self.chose, False
        if not self.handing_off and not chose:
            self.app.say(self.app.t("Back in the game."))

    def seed_to_tell(self, asked: bool = False) -> int | None:
        """The seed, when it may be told now (None: not now).

        The one place that decides it, for the opening line, the resume line and the I key: told at full
        verbosity and when ``asked``; but while the game goes on, only when the player chose the seed (or
        the scenario file gave it): the deal follows from the seed, so telling it would give away every
        card nobody may see yet.
        """
        if self.table.result is None and not self.seed_chosen:
            return None
        if asked or self.app.settings.verbosity == "full":
            return self.seed
        return None

    def seed_line(self) -> str:
        """The answer of the I key: the game's seed, to play the same deal again."""
        if self.seed is not None and self.seed_to_tell(asked=True) is None:
            return self.app.t(
                "The seed is told when the game is over: it would give away the cards nobody may see yet."
            )
        seed = self.seed_to_tell(asked=True)
        if seed is None:
            return self.app.t("This game was dealt from a scenario file; it has no seed.")
        return self.app.t("Seed {seed}. The same seed deals the same cards: --seed {seed}.", seed=seed)

    def handle(self, typed: Typed) -> None:
        """The game's own keys first, then the review keys every game has; anything else is refused with a reason."""
        app = self.app
        name = typed.name
        if self.handing_off:
            if name == "ready":
                self.at_keyboard = self.handoff_to
                self.handing_off = False
                self.table.state.hold_clock(False)
                self.announced_turn = None
            else:
                super().handle(typed)
            return
        if self.controller.handle(typed):
            if self.table.result is not None and not self.over and self.controller.waiting_for() is None:
                self._game_over()  # a step the controller held back (a quiz answer) has ended the game
            return
        if name == "last":
            app.say(" ".join(self.last_play) if self.last_play else app.t("Nothing has been played yet."))
        elif name == "history":
            title = app.t("History, newest last. Up and Down to move, Enter to read a whole entry, Escape to go back.")
            app.push(history_screen(app, title, self.history))
        elif name == "verbosity":
            following = VERBOSITIES[(VERBOSITIES.index(app.settings.verbosity) + 1) % len(VERBOSITIES)]
            app.change_settings(verbosity=following)
            self.rebuild_narrator()
            app.say(app.t("Verbosity: {value}", value=app.t(following)))
        elif name == "rules":
            app.show_rules(self.game.name)
        elif name == "seed":
            app.say(self.seed_line())
        elif name == "menu":
            app.push(GameMenu(app, self.game.name))
        else:
            super().handle(typed)

    # -- saving -------------------------------------------------------------------------------

    def begin_saving(self) -> None:
        """Open this game's save file, from the state before the deal; a resumed game keeps its own."""
        if self.record is not None:
            return
        request = self.request
        computers = [
            saves.Computer(seat, who.level or "", who.seed or 0)
            for seat, who in enumerate(self.table.seats)
            if who.kind == COMPUTER and self.game.levels
        ]
        info = saves.GameInfo(
            self.game.name,
            request.variant or "standard",
            request.players,
            request.humans,
            self.seed,
            dict(request.options),
            request.scenario,
            tuple(self.names),
            self.app.lang,
            tuple(computers),
        )
        script: list[Any] | None = list(self.table.script) if self.table.script else None
        self.record = saves.open_record(info, self.table.state.to_json(), script, self.game)

    def save_game(self) -> None:
        """Write the save; say once when saving fails (the game goes on), and once when it works again."""
        record = self.record
        if record is None or self.restoring:
            return
        state = self.table.state
        record.moves = self.table.moves  # the table's own list: every move in order
        news = record.save(state.to_json(), state.result is not None, self.controller.save_extra())
        if news is None:
            return
        t = self.app.t
        if news.news == "saved-again":
            self.app.say(t("The game is saved again."))
        elif news.kind == "read-only":
            self.app.say(
                t(
                    "The game cannot be saved: the folder {folder} cannot be written. "
                    "The game goes on, and saving is tried again after every move.",
                    folder=news.folder,
                )
            )
        elif news.kind == "locked":
            self.app.say(
                t(
                    "The game cannot be saved here: it is open in another copy of Accessible Cards, "
                    "which goes on saving it."
                )
            )
        elif news.kind == "full":
            self.app.say(
                t(
                    "The game cannot be saved: the disk is full. "
                    "The game goes on, and saving is tried again after every move."
                )
            )
        else:
            self.app.say(
                t(
                    "The game cannot be saved: {reason}. The game goes on, and saving is tried again after every move.",
                    reason=system_reason(t, news.errno),
                )
            )

    @property
    def saved(self) -> bool:
        """True while this game is kept in a save file that the last write reached."""
        return self.record is not None and not self.record.failing

    # -- the end ---------------------------------------------------------------------------------

    def _game_over(self) -> None:
        self.controller.game_over()
        self.what_next()

    def what_next(self) -> None:
        """After the end: play again (same seats and variant, a new shuffle), the main menu, or quit."""
        if self.over:
            return
        self.over = True
        app = self.app
        again = dataclasses.replace(self.request, seed=None)  # a scenario plays again from its own deal
        app.push(
            ListScreen(
                app,
                app.t("What next?"),
                [
                    Item(app.t("Play again"), lambda: app.replace_game(app.game_screen(again))),
                    Item(app.t("Main menu"), app.back_to_menu),
                    Item(app.t("Quit"), app.quit),
                ],
                on_back=app.back_to_menu,
            )
        )


class GameMenu(ListScreen):
    """The in-game menu (Escape): back to the game, rules, settings, main menu, quit.

    Its words are made again whenever it comes back (after Settings, the language may have changed).
    """

    def __init__(self, app: App, game: str) -> None:
        self.game = game
        super().__init__(app, *self._words(app))

    def _words(self, app: App) -> tuple[str, list[Item]]:
        game = self.game
        return app.t("Game menu."), [
            Item(app.t("Back to the game"), app.pop),
            Item(app.t("Rules"), lambda: app.show_rules(game)),
            Item(app.t("Settings"), app.show_settings),
            Item(app.t("Main menu, leaving this game"), app.back_to_menu),
            Item(app.t("Quit"), app.quit),
        ]

    def resume(self) -> None:
        self.title, self.items = self._words(self.app)
        super().resume()


def game_menu(app: App, game: str) -> ListScreen:
    """The in-game menu (Escape): back to the game, rules, settings, main menu, quit."""
    return GameMenu(app, game)
