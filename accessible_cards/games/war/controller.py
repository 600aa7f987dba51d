"""War at the keyboard: Enter turns up the next cards; review keys read the piles, the table, the scores.

With the quiz on, the face-up cards are said first and the child answers
which is higher before the result is announced; right answers are counted.
When several pupils share the keyboard (hot seat), they take turns: each
question names the pupil who answers, and every pupil has a score of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import Event
from accessible_cards.game import Controller, Controls
from accessible_cards.keys import Typed
from accessible_cards.utterance import Utterance

from .basics import COMMANDS as COMMANDS
from .basics import QUIZ as QUIZ
from .basics import WAR as WAR
from .narrator import WarNarrator
from .state import TURN, Battle, GameOver


class WarController(Controller):
    """One game of War at the keyboard."""

    narrator: WarNarrator

    def __init__(self, controls: Controls, narrator: WarNarrator) -> None:
        super().__init__(controls, narrator)
        self.phase = WAR
        self.quiz = bool(controls.setting("quiz"))
        self.pupils: tuple[int, ...] = tuple(controls.persons) or (controls.listener,)
        """The seats of the people at the keyboard: they take turns answering."""
        self.quiz_asked = [0] * len(controls.names)
        self.quiz_right = [0] * len(controls.names)
        self.asked_seat: int | None = None
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

    @property
    def several(self) -> bool:
        """True when several pupils take turns (each is then named)."""
        return len(self.pupils) > 1

    def next_pupil(self) -> int:
        """The seat of the pupil whose turn it is to answer: the pupils in seat order, one question each."""
        return self.pupils[sum(self.quiz_asked[seat] for seat in self.pupils) % len(self.pupils)]

    def quiz_scores(self) -> str | None:
        """Every pupil's score so far (None before the first answer)."""
        c = self.controls
        if not any(self.quiz_asked):
            return None
        if not self.several:
            seat = self.pupils[0]
            return c.t("Quiz: {right} of {asked} right.", right=self.quiz_right[seat], asked=self.quiz_asked[seat])
        scores = " ".join(
            c.t(
                "{name}: {right} of {asked} right.",
                name=c.names[seat],
                right=self.quiz_right[seat],
                asked=self.quiz_asked[seat],
            )
            for seat in self.pupils
        )
        return c.t("Quiz scores: {scores}", scores=scores)

    def _quiz_total(self) -> None:
        line = self.quiz_scores()
        if line is not None:
            self.controls.say(line)

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
        question = c.t("{cards} Which card is higher? Press its number, or 0 if they are equal.", cards=shown)
        self.asked_seat = self.next_pupil()
        if self.several:
            question = c.t("{name}, your question: {question}", name=c.names[self.asked_seat], question=question)
        c.say(question)

    def _answer(self, number: int | None) -> None:
        c = self.controls
        battle = self.question
        if battle is None:
            return
        seats = [seat for seat, _card in battle.cards]
        if number is None or not (number == 0 or number - 1 in seats):
            c.refuse(self.waiting_for() or "")
            return
        seat = self.asked_seat if self.asked_seat is not None else self.next_pupil()
        self.quiz_asked[seat] += 1
        tie = len(battle.high) > 1
        right = (number == 0) if tie else (number - 1 == battle.high[0])
        if right:
            self.quiz_right[seat] += 1
            verdict = c.t("Right!")
        elif tie:
            verdict = c.t("Not quite: the cards are equal.")
        else:
            best = dict(battle.cards)[battle.high[0]]
            verdict = c.t("Not quite: the {card} is higher.", card=self.narrator.card(best))
        right_so_far, asked_so_far = self.quiz_right[seat], self.quiz_asked[seat]
        if self.several:
            c.say(
                c.t(
                    "{verdict} {name}: {right} of {asked} right.",
                    verdict=verdict,
                    name=c.names[seat],
                    right=right_so_far,
                    asked=asked_so_far,
                )
            )
        else:
            c.say(c.t("{verdict} {right} of {asked} right.", verdict=verdict, right=right_so_far, asked=asked_so_far))
        held, self.held, self.question, self.asked_seat = self.held, [], None, None
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
            c = self.controls
            if self.several and self.asked_seat is not None:
                return c.t(
                    "{name}, press a player's number, or 0 if the cards are equal.", name=c.names[self.asked_seat]
                )
            return c.t("Press a player's number, or 0 if the cards are equal.")
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
            line = self.quiz_scores()
            if line is not None:
                c.say(line)
        else:
            return False
        return True

    # -- saving -------------------------------------------------------------------------

    def save_extra(self) -> dict[str, Any]:
        """The quiz's tally per seat: ``{"quiz": [[asked, right], ...]}``, one pair for every seat."""
        return {"quiz": [[asked, right] for asked, right in zip(self.quiz_asked, self.quiz_right, strict=True)]}

    def restore_extra(self, extra: Mapping[str, Any]) -> None:
        """Read the tally back; an older save's one shared pair ``[asked, right]`` becomes the first pupil's."""
        tally = extra.get("quiz", [0, 0])
        seats = len(self.quiz_asked)

        def counts(pair: Any) -> bool:
            return (
                isinstance(pair, list)
                and len(pair) == 2
                and all(type(n) is int and n >= 0 for n in pair)
                and pair[1] <= pair[0]
            )

        if isinstance(tally, list) and len(tally) == 2 and all(type(n) is int for n in tally):
            if not counts(tally):
                raise ValueError("extra.quiz must be two counts")
            asked, right = [0] * seats, [0] * seats
            asked[self.pupils[0]], right[self.pupils[0]] = tally
        elif isinstance(tally, list) and len(tally) == seats and all(counts(pair) for pair in tally):
            asked, right = [pair[0] for pair in tally], [pair[1] for pair in tally]
        else:
            raise ValueError("extra.quiz must be two counts for every seat")
        self.quiz_asked, self.quiz_right = asked, right

    def begin_replay(self) -> None:
        self._replaying_quiz = self.quiz
        self.quiz = False

    def end_replay(self) -> None:
        if self._replaying_quiz is not None:
            self.quiz = self._replaying_quiz
            self._replaying_quiz = None
