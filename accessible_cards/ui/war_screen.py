"""War at the keyboard: Enter turns up the next cards; review keys read the piles, the table, the scores.

With the quiz on, the face-up cards are said first and the child answers
which is higher before the result is announced; right answers are counted.
"""

from __future__ import annotations

from typing import Any

from accessible_cards.games.war.narrator import WarNarrator
from accessible_cards.games.war.state import TURN, Battle, GameOver, WarOptions, WarState

from .. import saves
from ..engine import Event
from .app import App, GameRequest, new_seed
from .commands import QUIZ, WAR, Typed
from .game_screen import GameScreen, seat_names, you_seat


class WarScreen(GameScreen):
    """One game of War."""

    phase = WAR
    game = "war"

    def __init__(self, app: App, request: GameRequest) -> None:
        super().__init__(app, request)
        self.seed = new_seed(request)
        options = WarOptions.from_mapping({"face_down": app.settings.war_face_down, **request.options})
        self.state = WarState(request.players, options, self.seed)
        self.names = seat_names(app, request.players, request.humans)
        self.narrator = self._narrator()
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
        self.deal()
        if app.settings.verbosity != "brief":
            app.say(app.t("Press Enter to turn up the next card. Press ? for the keys."))

    def deal(self) -> None:
        """Deal the cards and save the game (its save starts from the state before the deal)."""
        self.begin_saving(self.state, self.seed, self.names)
        events = self.state.start()
        self.save_game(self.state)
        self._tell(events)
        self.last_play = []  # the deal is not a play

    def turn(self) -> None:
        """Turn up the next cards: one step, saved before it is told (with the quiz, once it is answered)."""
        self.last_play = []
        events = self.state.apply(TURN)
        if not self.quiz:
            self.moved(saves.Move(TURN), self.state)
        self._tell(events)
        if self.quiz:
            self.moved(saves.Move(TURN), self.state, complete=self.question is None)

    def save_extra(self) -> dict[str, Any]:
        return {"quiz": [self.quiz_asked, self.quiz_right]}

    def _narrator(self) -> WarNarrator:
        app = self.app
        you = you_seat(self.request.humans)
        return WarNarrator(app.lang, app.settings.verbosity, self.request.players, self.names, you=you)

    def rebuild_narrator(self) -> None:
        self.narrator = self._narrator()

    # -- announcing -----------------------------------------------------------

    def _tell(self, events: list[Event]) -> None:
        view = self.state.view(0)
        for index, event in enumerate(events):
            if self.quiz and isinstance(event, Battle) and self.question is None and not self.held:
                self._ask(event, events[index:])
                return
            self.announce(self.narrator.event(event, view))
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
        self.save_game(self.state)  # the step is complete: saved before the rest is told
        view = self.state.view(0)
        for event in held:
            self.announce(self.narrator.event(event, view))
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
            self.turn()
        elif name == "pile":
            app.say(self.narrator.pile(view))
        elif name == "table":
            app.say(self.narrator.table(view))
        elif name == "scores":
            app.say(self.narrator.scores(view))
        else:
            super().handle(typed)

    def _game_over(self) -> None:
        app = self.app
        if self.quiz_asked:
            app.say(app.t("Quiz: {right} of {asked} right.", right=self.quiz_right, asked=self.quiz_asked))
        self.what_next()
