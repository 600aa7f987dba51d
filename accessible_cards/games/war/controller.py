"""War at the keyboard: Enter turns up the next cards; review keys read the piles, the table, the scores.

With the quiz on, the face-up cards are said first and the child answers
which is higher before the result is announced; right answers are counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from accessible_cards.engine import Event
from accessible_cards.game import Controller, Controls
from accessible_cards.keys import Typed, command
from accessible_cards.utterance import Utterance

from .narrator import WarNarrator
from .state import TURN, Battle, GameOver

WAR: Final = "war"
QUIZ: Final = "quiz"

COMMANDS: Final = (
    # translators: the help line of each command; the key names come first, then this text
    command("play", ["enter", "space"], ["play", "go", "turn"], ["spielen", "los", "aufdecken"], [WAR],
            "turn up the next card"),
    command("pile", ["h"], ["pile", "hand"], ["stapel", "hand"], [WAR], "how many cards your pile holds"),
    command("table", ["t"], ["table"], ["tisch"], [WAR], "the cards on the table"),
    command("scores", ["s"], ["scores", "score"], ["stand", "punkte"], [WAR], "scores and card counts"),
    command(
        "answer",
        [str(d) for d in range(10)],
        ["answer"],
        ["antwort"],
        [QUIZ],
        "the number of the player with the higher card, 0 if they are equal",
        takes_number=True,
    ),
)  # fmt: skip


class WarController(Controller):
    """One game of War at the keyboard."""

    narrator: WarNarrator

    def __init__(self, controls: Controls, narrator: WarNarrator) -> None:
        super().__init__(controls, narrator)
        self.phase = WAR
        self.quiz = bool(controls.setting("quiz"))
        self.quiz_asked = 0
        self.quiz_right = 0
        self.held: list[Event] = []
        self.question: Battle | None = None
        self._replaying_quiz: bool | None = None

    def opening(self, players: int, seed: int | None, variant: str | None) -> str:
        if seed is None:  # not to be told now
            return self.controls.tn("War for {n} player.", "War for {n} players.", players)
        return self.controls.tn(
            "War for {n} player. Seed {seed}.", "War for {n} players. Seed {seed}.", players, seed=seed
        )

    def hint(self) -> str | Utterance | None:
        c = self.controls
        return Utterance(
            c.t("Press Enter to turn up the next card. Press ? for the keys."),
            c.t("Enter: next card, ?: keys", "braille"),
        )

    # -- announcing -----------------------------------------------------------------

    def holds(self, events: Sequence[Event]) -> bool:
        return self.quiz and self.question is None and any(isinstance(event, Battle) for event in events)

    def tell(self, events: Sequence[Event]) -> bool:
        view = self.controls.view()
        for index, event in enumerate(events):
            if self.quiz and isinstance(event, Battle) and self.question is None and not self.held:
                self._ask(event, list(events[index:]))
                return False
            self.controls.announce(self.narrator.event(event, view))
            if isinstance(event, GameOver):
                self._quiz_total()
        return True

    def _quiz_total(self) -> None:
        if self.quiz_asked:
            c = self.controls
            c.say(c.t("Quiz: {right} of {asked} right.", right=self.quiz_right, asked=self.quiz_asked))

    # -- the quiz ---------------------------------------------------------------------

    def _ask(self, battle: Battle, rest: list[Event]) -> None:
        c = self.controls
        self.question = battle
        self.held = rest
        self.phase = QUIZ
        shown = " ".join(
            c.t(
                "{number}: {name}, {card}.",
                number=seat + 1,
                name=c.t("You") if seat == self.narrator.you else c.names[seat],
                card=self.narrator.card(card),
            )
            for seat, card in battle.cards
        )
        c.say(c.t("{cards} Which card is higher? Press its number, or 0 if they are equal.", cards=shown))

    def _answer(self, number: int | None) -> None:
        c = self.controls
        battle = self.question
        if battle is None:
            return
        seats = [seat for seat, _card in battle.cards]
        if number is None or not (number == 0 or number - 1 in seats):
            c.refuse(c.t("Press a player's number, or 0 if the cards are equal."))
            return
        self.quiz_asked += 1
        tie = len(battle.high) > 1
        right = (number == 0) if tie else (number - 1 == battle.high[0])
        if right:
            self.quiz_right += 1
            verdict = c.t("Right!")
        elif tie:
            verdict = c.t("Not quite: the cards are equal.")
        else:
            best = dict(battle.cards)[battle.high[0]]
            verdict = c.t("Not quite: the {card} is higher.", card=self.narrator.card(best))
        c.say(c.t("{verdict} {right} of {asked} right.", verdict=verdict, right=self.quiz_right, asked=self.quiz_asked))
        held, self.held, self.question = self.held, [], None
        self.phase = WAR
        c.save()  # the step is complete: saved before the rest is told
        view = c.view()
        for event in held:
            c.announce(self.narrator.event(event, view))
            if isinstance(event, GameOver):
                self._quiz_total()

    # -- keys -------------------------------------------------------------------------

    def waiting_for(self) -> str | None:
        if self.phase == QUIZ:
            return self.controls.t("Press a player's number, or 0 if the cards are equal.")
        return None

    def handle(self, typed: Typed) -> bool:
        c = self.controls
        name = typed.name
        if self.phase == QUIZ:
            if name == "answer":
                self._answer(typed.number)
                return True
            return False
        view = c.view()
        if name == "play":
            if view.result is not None:
                c.refuse(c.t("The game is over."))
            else:
                c.play(TURN)
        elif name == "pile":
            c.say(self.narrator.pile(view))
        elif name == "table":
            c.say(self.narrator.table(view))
        elif name == "scores":
            c.say(self.narrator.scores(view))
        else:
            return False
        return True

    # -- saving -------------------------------------------------------------------------

    def save_extra(self) -> dict[str, Any]:
        return {"quiz": [self.quiz_asked, self.quiz_right]}

    def restore_extra(self, extra: Mapping[str, Any]) -> None:
        tally = extra.get("quiz", [0, 0])
        if not (isinstance(tally, list) and len(tally) == 2 and all(type(n) is int and n >= 0 for n in tally)):
            raise ValueError("extra.quiz must be two counts")
        self.quiz_asked, self.quiz_right = tally

    def begin_replay(self) -> None:
        self._replaying_quiz = self.quiz
        self.quiz = False

    def end_replay(self) -> None:
        if self._replaying_quiz is not None:
            self.quiz = self._replaying_quiz
            self._replaying_quiz = None
