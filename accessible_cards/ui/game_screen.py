"""What every game screen shares: seat names, announcing with a history, the review keys every game has.

Last play, history, verbosity, rules and the game menu work the same in
every game; so does the list after the end (play again, main menu, quit).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from .. import saves
from ..engine import GameState
from ..utterance import VERBOSITIES, Utterance
from .app import App, GameRequest, settings_screen
from .commands import Typed
from .screens import Item, ListScreen, Screen, history_screen


def seat_names(app: App, players: int, humans: int) -> list[str]:
    """People are numbered players ("Player 1"), the other seats computers ("Computer 1")."""
    names: list[str] = []
    for seat in range(players):
        if seat < humans:
            names.append(app.t("Player {number}", "seat name", number=seat + 1))
        else:
            names.append(app.t("Computer {number}", number=seat + 1 - humans))
    return names


def you_seat(humans: int) -> int | None:
    """A lone person is spoken to as "you"; with several at one keyboard, everyone by name."""
    return 0 if humans == 1 else None


class GameScreen(Screen):
    """A game in progress: announcements go to the history; the shared review keys work."""

    game: ClassVar[str]

    def __init__(self, app: App, request: GameRequest) -> None:
        super().__init__(app)
        self.request = request
        self.history: list[str] = []
        self.last_play: list[str] = []
        self.over = False
        self.record: saves.Record | None = None
        self.restoring = False  # a saved game is being replayed: nothing is written

    def rebuild_narrator(self) -> None:
        """Make the narrator again (language or verbosity changed)."""

    def announce(self, utterance: Utterance | None) -> None:
        """Say a game announcement and keep it in the history and the last play."""
        if utterance is None:
            return
        self.app.announce(utterance)
        self.history.append(utterance.speech)
        self.last_play.append(utterance.speech)

    def resume(self) -> None:
        self.rebuild_narrator()
        self.app.say(self.app.t("Back in the game."))

    def handle(self, typed: Typed) -> None:
        """The review keys every game has; anything else is refused with a reason."""
        app = self.app
        name = typed.name
        if name == "last":
            app.say(" ".join(self.last_play) if self.last_play else app.t("Nothing has been played yet."))
        elif name == "history":
            title = app.t("History, newest last. Up and Down to move, Escape to go back.")
            app.push(history_screen(app, title, self.history))
        elif name == "verbosity":
            following = VERBOSITIES[(VERBOSITIES.index(app.settings.verbosity) + 1) % len(VERBOSITIES)]
            app.change_settings(verbosity=following)
            self.rebuild_narrator()
            app.say(app.t("Verbosity: {value}", value=app.t(following)))
        elif name == "rules":
            app.show_rules(self.game)
        elif name == "menu":
            app.push(game_menu(app, self.game))
        else:
            super().handle(typed)

    # -- saving -------------------------------------------------------------------

    def begin_saving(
        self,
        start: GameState[Any],
        seed: int,
        names: Sequence[str],
        computers: Sequence[saves.Computer] = (),
        script: Sequence[Any] | None = None,
    ) -> None:
        """Open this game's save file, from ``start`` (the state before the deal); a resumed game keeps its own."""
        if self.record is not None:
            return
        request = self.request
        info = saves.GameInfo(
            self.game,
            request.variant,
            request.players,
            request.humans,
            seed,
            dict(request.options),
            request.scenario,
            tuple(names),
            self.app.lang,
            tuple(computers),
        )
        self.record = saves.open_record(info, start.to_json(), script)

    def moved(self, move: saves.Move, state: GameState[Any], complete: bool = True) -> None:
        """A move was made: the save keeps it, and the game is saved once the move is ``complete``."""
        if self.record is None:
            return
        self.record.moves.append(move)
        if complete:
            self.save_game(state)

    def save_extra(self) -> dict[str, Any]:
        """What the screen keeps in the save besides the moves."""
        return {}

    def save_game(self, state: GameState[Any]) -> None:
        """Write the save; say once when saving fails (the game goes on), and once when it works again."""
        record = self.record
        if record is None or self.restoring:
            return
        news = record.save(state.to_json(), state.result is not None, self.save_extra())
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
                    reason=news.reason,
                )
            )

    @property
    def saved(self) -> bool:
        """True while this game is kept in a save file that the last write reached."""
        return self.record is not None and not self.record.failing

    def what_next(self) -> None:
        """After the end: play again (same seats and variant, a new shuffle), the main menu, or quit."""
        if self.over:
            return
        self.over = True
        app = self.app
        request = self.request
        again = dataclasses.replace(request, seed=None)  # a scenario plays again from its own deal
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
            Item(app.t("Settings"), lambda: app.push(settings_screen(app))),
            Item(app.t("Main menu, leaving this game"), app.back_to_menu),
            Item(app.t("Quit"), app.quit),
        ]

    def resume(self) -> None:
        self.title, self.items = self._words(self.app)
        super().resume()


def game_menu(app: App, game: str) -> ListScreen:
    """The in-game menu (Escape): back to the game, rules, settings, main menu, quit."""
    return GameMenu(app, game)
