"""War at the keyboard: Enter turns up the next cards; review keys read the piles, the table, the scores.

With the quiz on, the face-up cards are said first and the child answers
which is higher before the result is announced; right answers are counted.
"""

from __future__ import annotations

from ..engine import Event
from ..games.war import TURN, Battle, GameOver, WarOptions, WarState
from ..narration.narrator import Utterance, WarNarrator
from .app import App, GameRequest, new_seed
from .commands import QUIZ, WAR, Typed
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


class WarScreen(Screen):
    """One game of War."""

    phase = WAR

    def __init__(self, app: App, request: GameRequest) -> None:
        super().__init__(app)
        self.request = request
        self.seed = new_seed(request)
        options = WarOptions.from_mapping({"face_down": app.settings.war_face_down, **request.options})
        self.state = WarState(request.players, options, self.seed)
        self.names = seat_names(app, request.players, request.humans)
        self.narrator = self._narrator()
        self.history: list[str] = []
        self.last_play: list[str] = []
        self.quiz = app.settings.war_quiz
        self.quiz_asked = 0
        self.quiz_right = 0
        self.held: list[Event] = []
        self.question: Battle | None = None
        self.started = False

    # -- opening ------------------------------------------------------------

    def enter(self) -> None:
        if self.started:
            return
        self.started = True
        app = self.app
        app.follow(deck=self.state.options.deck)
        app.say(
            app.tn(
                "War for {n} player. Seed {seed}.",
                "War for {n} players. Seed {seed}.",
                self.request.players,
                seed=self.seed,
            )
        )
        self._tell(self.state.start())
        self.last_play = []  # the deal is not a play
        if app.settings.verbosity != "brief":
            app.say(app.t("Press Enter to turn up the next card. Press ? for the keys."))

    def _narrator(self) -> WarNarrator:
        app = self.app
        you = you_seat(self.request.humans)
        return WarNarrator(app.lang, app.settings.verbosity, self.request.players, self.names, you=you)

    def resume(self) -> None:
        self.narrator = self._narrator()
        self.app.say(self.app.t("Back in the game."))

    # -- announcing -----------------------------------------------------------

    def _say(self, utterance: Utterance | None) -> None:
        if utterance is None:
            return
        self.app.announce(utterance)
        self.history.append(utterance.speech)
        self.last_play.append(utterance.speech)

    def _tell(self, events: list[Event]) -> None:
        view = self.state.view(0)
        for index, event in enumerate(events):
            if self.quiz and isinstance(event, Battle) and self.question is None and not self.held:
                self._ask(event, events[index:])
                return
            self._say(self.narrator.event(event, view))
            if isinstance(event, GameOver):
                self._game_over()

    # -- the quiz ---------------------------------------------------------------

    def _ask(self, battle: Battle, rest: list[Event]) -> None:
        app = self.app
        self.question = battle
        self.held = rest
        self.phase = QUIZ
        shown = " ".join(
            app.t(
                "{number}: {name}, {card}.",
                number=seat + 1,
                name=app.t("You") if seat == self.narrator.you else self.names[seat],
                card=self.narrator.card(card),
            )
            for seat, card in battle.cards
        )
        app.say(
            app.t(
                "{cards} Which card is higher? Press its number, or 0 if they are equal.",
                cards=shown,
            )
        )

    def _answer(self, number: int | None) -> None:
        app = self.app
        battle = self.question
        if battle is None:
            return
        seats = [seat for seat, _card in battle.cards]
        if number is None or not (number == 0 or number - 1 in seats):
            app.refuse(app.t("Press a player's number, or 0 if the cards are equal."))
            return
        self.quiz_asked += 1
        tie = len(battle.high) > 1
        right = (number == 0) if tie else (number - 1 == battle.high[0])
        if right:
            self.quiz_right += 1
            verdict = app.t("Right!")
        elif tie:
            verdict = app.t("Not quite: the cards are equal.")
        else:
            best = dict(battle.cards)[battle.high[0]]
            verdict = app.t("Not quite: the {card} is higher.", card=self.narrator.card(best))
        app.say(
            app.t(
                "{verdict} {right} of {asked} right.",
                verdict=verdict,
                right=self.quiz_right,
                asked=self.quiz_asked,
            )
        )
        held, self.held, self.question = self.held, [], None
        self.phase = WAR
        view = self.state.view(0)
        for event in held:
            self._say(self.narrator.event(event, view))
            if isinstance(event, GameOver):
                self._game_over()

    # -- keys -------------------------------------------------------------------

    def waiting_for(self) -> str | None:
        if self.phase == QUIZ:
            return self.app.t("Press a player's number, or 0 if the cards are equal.")
        return None

    def handle(self, typed: Typed) -> None:
        app = self.app
        name = typed.name
        if self.phase == QUIZ:
            if name == "answer":
                self._answer(typed.number)
            else:
                super().handle(typed)
            return
        view = self.state.view(0)
        if name == "play":
            if self.state.result is not None:
                app.refuse(app.t("The game is over."))
                return
            self.last_play = []
            self._tell(self.state.apply(TURN))
        elif name == "pile":
            app.say(self.narrator.pile(view))
        elif name == "table":
            app.say(self.narrator.table(view))
        elif name == "scores":
            app.say(self.narrator.scores(view))
        elif name == "last":
            app.say(" ".join(self.last_play) if self.last_play else app.t("Nothing has been played yet."))
        elif name == "history":
            app.push(
                history_screen(
                    app, app.t("History, newest last. Up and Down to move, Escape to go back."), self.history
                )
            )
        elif name == "verbosity":
            self._cycle_verbosity()
        elif name == "rules":
            app.show_rules("war")
        elif name == "menu":
            app.push(game_menu(app, "war"))
        else:
            super().handle(typed)

    def _cycle_verbosity(self) -> None:
        app = self.app
        order = ["brief", "normal", "full"]
        following = order[(order.index(app.settings.verbosity) + 1) % 3]
        app.change_settings(verbosity=following)
        self.narrator = self._narrator()
        app.say(app.t("Verbosity: {value}", value=app.t(following)))

    def _game_over(self) -> None:
        app = self.app
        if self.quiz_asked:
            app.say(app.t("Quiz: {right} of {asked} right.", right=self.quiz_right, asked=self.quiz_asked))
        request = self.request
        app.push(
            ListScreen(
                app,
                app.t("What next?"),
                [
                    Item(
                        app.t("Play again"),
                        lambda: app.replace_game(WarScreen(app, GameRequest("war", request.players, request.humans))),
                    ),
                    Item(app.t("Main menu"), app.back_to_menu),
                    Item(app.t("Quit"), app.quit),
                ],
                on_back=app.back_to_menu,
            )
        )


def game_menu(app: App, game: str) -> ListScreen:
    """The in-game menu (Escape): back to the game, rules, settings, main menu, quit."""
    from .app import settings_screen

    return ListScreen(
        app,
        app.t("Game menu."),
        [
            Item(app.t("Back to the game"), app.pop),
            Item(app.t("Rules"), lambda: app.show_rules(game)),
            Item(app.t("Settings"), lambda: app.push(settings_screen(app))),
            Item(app.t("Main menu, leaving this game"), app.back_to_menu),
            Item(app.t("Quit"), app.quit),
        ],
    )
