"""The spoken tutorial: one scripted hand of Stealing Bundles that walks a first-time player through the keys.

The cards are fixed, so every step is known: hear the hand (H), select and
play a card that captures, play a card that steals, read the table (T), the
bundles (B) and the scores (S), repeat (R), browse the history (G), hear the
keys (?), play the last card, and leave. Each step waits for its key; any other
key is answered with what to press, and nothing changes. Escape leaves the
tutorial at any moment; the main menu's "Tutorial" plays it again, and a first
start offers it once, after the language is chosen.

The hand is played with the real game screen, so every announcement and key
works as in a game; only the computer's three cards are scripted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from accessible_cards.games.bundles.state import BundlesState

from .app import App, GameRequest
from .bundles_screen import BundlesScreen
from .commands import Typed
from .screens import Item, ListScreen

YOUR_HAND = ("9D", "7H", "5S")
COMPUTER_HAND = ("9S", "4H", "KC")
TABLE = ("7C", "9H", "2D")
COMPUTER_PLAYS = ("9S", "4H", "KC")
"""Your seven takes the table's seven; the computer's nine takes the table's nine; your nine steals its bundle."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step: what it teaches, the key it waits for, and the card position it plays (for card steps)."""

    name: str
    position: int | None = None


STEPS = (
    Step("begin"),
    Step("hand"),
    Step("capture", 2),
    Step("steal", 1),
    Step("table"),
    Step("bundles"),
    Step("scores"),
    Step("repeat"),
    Step("history"),
    Step("help"),
    Step("trail", 1),
    Step("leave"),
)


def tutorial_offer(app: App) -> ListScreen:
    """Asked once, at the first start, after the language: the tutorial now, or the main menu."""
    t = app.t
    return ListScreen(
        app,
        t("Welcome. Would you like a short tutorial first? It teaches the keys with one hand of Stealing Bundles."),
        [
            Item(t("Yes, start the tutorial"), lambda: app.replace(TutorialScreen(app))),
            Item(t("No, go to the main menu"), app.pop),
        ],
        on_back=app.pop,
    )


class TutorialScreen(BundlesScreen):
    """The tutorial hand: you (Player 1) against one computer player, three cards each."""

    def __init__(self, app: App) -> None:
        super().__init__(app, GameRequest("bundles", 2, 1, "standard", 0))
        pack = self.state.deck
        self.state = BundlesState(
            self.options,
            0,
            1,
            [pack.parse_many(list(YOUR_HAND)), pack.parse_many(list(COMPUTER_HAND))],
            pack.parse_many(list(TABLE)),
            [],
        )
        self.script = pack.parse_many(list(COMPUTER_PLAYS))
        self.step = 0
        self.told: int | None = None  # the step whose instruction was said last
        self.dealt = False
        self.finished = False
        self.history_opened = False

    # -- the words ---------------------------------------------------------------

    def _hint(self) -> str:
        """What to press now, as a short sentence."""
        t = self.app.t
        name = STEPS[self.step].name
        target = self._target()
        selected = target is not None and self.selected == target
        hints: dict[str, Callable[[], str]] = {
            "begin": lambda: t("Press Enter to begin."),
            "hand": lambda: t("Press H to hear your hand."),
            "capture": lambda: (
                t("Press Enter, or 2 again, to play the seven.") if selected else t("Press 2 to select your seven.")
            ),
            "steal": lambda: (
                t("Press Enter, or 1 again, to play the nine.") if selected else t("Press 1 to select your nine.")
            ),
            "table": lambda: t("Press T to hear the table."),
            "bundles": lambda: t("Press B to hear the bundles."),
            "scores": lambda: t("Press S to hear the scores."),
            "repeat": lambda: t("Press R to repeat."),
            "history": lambda: t("Press G to open the history."),
            "help": lambda: t("Press the question mark to hear the keys."),
            "trail": lambda: (
                t("Press Enter, or 1 again, to play the five.") if selected else t("Press 1 to select your five.")
            ),
            "leave": lambda: t("Press Escape to finish the tutorial."),
        }
        return hints[name]()

    def _lesson(self) -> str:
        """What the step teaches, said before its hint."""
        t = self.app.t
        texts: dict[str, Callable[[], str]] = {
            "begin": lambda: t(
                "Tutorial. You play one short hand of Stealing Bundles against the computer and learn the keys "
                "on the way. Each step waits for its key. Escape leaves the tutorial at any moment."
            ),
            "hand": lambda: t("Your cards are numbered from the left, 1 to 3."),
            "capture": lambda: t(
                "A card that matches the rank of a table card captures it. The table holds a seven, and your "
                "second card is a seven. First select it, then play it."
            ),
            "steal": lambda: t(
                "Your seven took the table's seven; both are your bundle now, your seven on top. The computer took "
                "the table's nine, so its bundle shows a nine. A card that matches the top of another player's "
                "bundle steals the whole bundle, and your first card is a nine."
            ),
            "table": lambda: t(
                "You stole the computer's bundle: every card of it is yours. Before your last card, look around."
            ),
            "bundles": lambda: t("B says every bundle: its top card and how many cards it holds."),
            "scores": lambda: t("S says how many cards each player has taken, and what is left to play."),
            "repeat": lambda: t("R repeats the last thing said, such as this sentence."),
            "history": lambda: t(
                "G opens the history: every announcement of the game, newest last. Up and Down move through it; "
                "Escape brings you back."
            ),
            "help": lambda: t("The question mark says the keys for the moment you are in, wherever you are."),
            "trail": lambda: t(
                "Your last card is a five. No table card and no bundle shows a five, so it stays on the table: "
                "that is a trail."
            ),
            "leave": lambda: t(
                "That is the end of the hand and of the tutorial. In a game, Escape opens the game menu, with the "
                "rules, the settings and the way back to the main menu; Q quits the program after asking you."
            ),
        }
        return texts[STEPS[self.step].name]()

    def _instruct(self) -> None:
        self.told = self.step
        self.app.say(f"{self._lesson()} {self._hint()}")

    def waiting_for(self) -> str | None:
        if self.finished:
            return None
        return self.app.t("Not that key now. {hint}", hint=self._hint())

    # -- the flow ------------------------------------------------------------------

    def enter(self) -> None:
        self.app.follow(deck=self.options.deck)

    def resume(self) -> None:
        super().resume()
        if STEPS[self.step].name == "history" and self.history_opened:
            self._advance()
        else:
            self.told = None  # say the step again, after the quit question or a list

    def before_input(self) -> None:
        """The computer's scripted card, the turn as in a game, then the step's instruction once."""
        if self.finished:
            return
        state = self.state
        while self.dealt and self.script and state.result is None and state.view(0).turn == 1:
            pause = self.app.settings.computer_pause
            if pause > 0:
                time.sleep(pause)
            action = state.action_for(self.script.pop(0))
            self.last_play = []
            self._tell(state.apply(action))
        if self.dealt:
            super().before_input()
        if self.told != self.step:
            self._instruct()

    def _game_over(self) -> None:
        """No "What next?" list: the tutorial's last step follows."""

    def _target(self) -> int | None:
        position = STEPS[self.step].position
        return None if position is None else position - 1

    def _advance(self) -> None:
        self.step += 1
        self.told = None

    def intercept(self, typed: Typed) -> bool:
        """R and ? work everywhere in the game; at their own step they also move the tutorial on."""
        name = STEPS[self.step].name
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
        name = STEPS[self.step].name
        command = typed.name
        if command == "menu":
            self._leave(finished=name == "leave")
            return
        if name == "begin" and command == "play":
            self.dealt = True
            self._tell(self.state.start())
            self._advance()
            return
        if name in ("hand", "table", "bundles", "scores", "history") and command == name:
            self.history_opened = name == "history"
            super().handle(typed)
            if name != "history":
                self._advance()
            return
        target = self._target()
        if target is not None and self._card_key(typed, target):
            before = len(self.state.view(0).hand)
            super().handle(typed)
            if len(self.state.view(0).hand) < before:
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
