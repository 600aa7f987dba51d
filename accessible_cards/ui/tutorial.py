"""The spoken tutorial: one scripted hand that walks a first-time player through the keys.

A game that has a tutorial gives its scenario (the cards, the computer's
scripted plays), its steps and each step's words (:class:`~accessible_cards.game.Tutorial`).
Each step waits for its key; any other key is answered with what to press, and
nothing changes. Escape leaves the tutorial at any moment; the main menu's
"Tutorial" plays it again, and a first start offers it once, after the language
is chosen. The hand is played with the real game screen, so every announcement
and key works as in a game; only the computer's cards are scripted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import game as registry
from ..game import GameDescription, Tutorial
from ..keys import Typed
from ..scenario import parse
from .game_screen import GameScreen
from .request import GameRequest
from .screens import Item, ListScreen, Screen

if TYPE_CHECKING:
    from .app import App  # the app opens this module's screens; they only call its methods


def _first_tutorial() -> GameDescription:
    return next(game for game in registry.registered() if game.tutorial is not None)


def tutorial_screen(app: App, game: GameDescription | None = None) -> Screen:
    """The tutorial of ``game`` (default: the first game that has one)."""
    return TutorialScreen(app, game or _first_tutorial())


def tutorial_offer(app: App) -> ListScreen:
    """Asked once, at the first start, after the language: the tutorial now, or the main menu."""
    t = app.t
    game = _first_tutorial()
    assert game.tutorial is not None
    return ListScreen(
        app,
        t(game.tutorial.offer),
        [
            Item(t("Yes, start the tutorial"), lambda: app.replace(TutorialScreen(app, game))),
            Item(t("No, go to the main menu"), app.pop),
        ],
        on_back=app.pop,
        answers=(0, 1),
    )


class TutorialScreen(GameScreen):
    """The tutorial hand: you (Player 1) against the computer, the game's own scenario."""

    def __init__(self, app: App, game: GameDescription) -> None:
        tutorial = game.tutorial
        assert tutorial is not None
        scenario = parse(dict(tutorial.scenario))
        state = scenario.state
        super().__init__(app, GameRequest(game.name, state.players, 1, None, 0), scenario=scenario)
        self.tutorial: Tutorial = tutorial
        self.steps = tutorial.steps
        self.step = 0
        self.told: int | None = None  # the step whose instruction was said last
        self.dealt = False
        self.finished = False
        self.history_opened = False

    @property
    def selected(self) -> Any:
        return getattr(self.controller, "selected", None)

    # -- the words ---------------------------------------------------------------

    def _hint(self) -> str:
        """What to press now, as a short sentence."""
        target = self._target()
        return self.tutorial.hint(
            self.app.t, self.steps[self.step].name, target is not None and self.selected == target
        )

    def _lesson(self) -> str:
        return self.tutorial.lesson(self.app.t, self.steps[self.step].name)

    def _instruct(self) -> None:
        self.told = self.step
        self.app.say(f"{self._lesson()} {self._hint()}")

    def waiting_for(self) -> str | None:
        if self.finished:
            return None
        return self.app.t("Not that key now. {hint}", hint=self._hint())

    # -- the flow ------------------------------------------------------------------

    def enter(self) -> None:
        self.started = True
        self.app.follow(deck=self.table.state.deck_kind)

    def begin_saving(self) -> None:
        """The tutorial is not saved."""

    def resume(self) -> None:
        super().resume()
        if self.steps[self.step].name == "history" and self.history_opened:
            self._advance()
        else:
            self.told = None  # say the step again, after the quit question or a list

    def before_input(self) -> None:
        """The computer's scripted card, the turn as in a game, then the step's instruction once."""
        if self.finished:
            return
        if self.dealt:
            super().before_input()
        if self.told != self.step:
            self._instruct()

    def _game_over(self) -> None:
        """No "What next?" list: the tutorial's last step follows."""
        self.controller.game_over()

    def _target(self) -> int | None:
        position = self.steps[self.step].position
        return None if position is None else position - 1

    def _advance(self) -> None:
        self.step += 1
        self.told = None

    def intercept(self, typed: Typed) -> bool:
        """R and ? work everywhere in the game; at their own step they also move the tutorial on."""
        name = self.steps[self.step].name
        if typed.name == "repeat" and name == "repeat":
            if self.app.last_said is not None:
                self.app.say(self.app.last_said)
            self._advance()
            return True
        if typed.name == "help" and name == "help":
            self.app.say(self.app.help_text(self.phase))
            self._advance()
            return True
        return False

    def handle(self, typed: Typed) -> None:
        app = self.app
        name = self.steps[self.step].name
        command = typed.name
        if command == "menu":
            self._leave(finished=name == "leave")
            return
        if name == "begin" and command == "play":
            self.dealt = True
            events = self.table.start()
            self.controller.tell(events)
            self._advance()
            return
        if self.steps[self.step].review and command == name:
            self.history_opened = name == "history"
            super().handle(typed)
            if name != "history":
                self._advance()
            return
        target = self._target()
        if target is not None and self._card_key(typed, target):
            before = len(self.table.moves)
            super().handle(typed)
            if len(self.table.moves) > before:
                self._advance()
            elif self.selected == target and command in ("select", "next", "previous"):
                app.say(self._hint())
            return
        app.refuse(app.t("Not that key now. {hint}", hint=self._hint()))

    def _card_key(self, typed: Typed, target: int) -> bool:
        """A key that selects or plays the step's card (the arrows move the selection freely)."""
        command = typed.name
        if command in ("next", "previous"):
            return True
        if command in ("select", "play_position"):
            return typed.number == target + 1
        return command == "play" and self.selected == target

    def _leave(self, finished: bool) -> None:
        app = self.app
        self.finished = True
        if finished:
            app.say(app.t("Well done: that was the whole tutorial. The main menu plays it again: choose Tutorial."))
        else:
            app.say(app.t("Tutorial left. The main menu plays it again: choose Tutorial."))
        app.pop()
