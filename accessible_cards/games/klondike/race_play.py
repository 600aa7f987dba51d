"""Klondike's race said aloud and at the keys: the racer's own board in full, the rival in short news, the clock.

The racer plays their own board with Klondike's own keys (:class:`~.controller.KlondikeController`,
which sees only that board through :class:`BoardControls`); T tells the time left. The narrator says
the racer's own moves as Klondike says them, the rival's progress in one short line ("Anna: 15
cards on the foundations"; at brief verbosity only when the rival is done, at normal every fifth
card, at full every card), the clock at the start, at each minute left, at 30 and 10 seconds and
at the end, then both results and the winner. No line names a card of the rival's board: the
racers play the same deal, so the rival's face-up cards are face down on this racer's board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Final

from accessible_cards.engine import Event, Result
from accessible_cards.game import Controller, Controls, Voice
from accessible_cards.i18n import Catalog
from accessible_cards.keys import Typed
from accessible_cards.narration.base import SeatNarrator
from accessible_cards.utterance import Utterance

from .controller import KlondikeController, rules_line
from .narrator import KlondikeNarrator, fit
from .race import (
    ClockStarted,
    ClockTick,
    Go,
    Progress,
    Raced,
    RaceMove,
    RaceOver,
    RacerDone,
    RaceStarted,
    RaceState,
    RaceView,
)
from .state import KlondikeView

_B: Final = "braille"
NEWS_EVERY: Final = 5
"""At normal verbosity, the rival's count is told every fifth card on the foundations."""


def clock_words(c: Catalog, seconds: float) -> str:
    """ "4 minutes", "1 minute 20 seconds", "30 seconds" in words."""
    whole = max(round(seconds), 0)
    minutes, rest = divmod(whole, 60)
    if minutes and rest:
        return c.text(
            "{minutes} and {seconds}",
            minutes=c.plural("{n} minute", "{n} minutes", minutes),
            seconds=c.plural("{n} second", "{n} seconds", rest),
        )
    if minutes:
        return c.plural("{n} minute", "{n} minutes", minutes)
    return c.plural("{n} second", "{n} seconds", rest)


def clock_code(seconds: float) -> str:
    """``4:00``, ``0:30``: the time on a braille line."""
    whole = max(round(seconds), 0)
    return f"{whole // 60}:{whole % 60:02d}"


class RaceNarrator(SeatNarrator):
    """Says a race to one racer (or a watcher): their own board through Klondike's narrator, the rest in short."""

    def __init__(self, state: RaceState, voice: Voice) -> None:
        self.catalog = Catalog(voice.lang)
        self.lang = voice.lang
        self._seat_names = list(voice.names)
        self.you = voice.you
        self._verbosity = "normal"
        self.verbosity = voice.verbosity
        self.minutes = state.minutes
        self.together = state.together
        self.racers = state.players
        self.options = state.options
        self.variant = state.variant
        self.board = KlondikeNarrator(voice.lang, voice.verbosity, card_names=voice.card_names)

    # -- events ---------------------------------------------------------------------------

    def event(self, event: Event, view: RaceView) -> Utterance | None:
        c = self.catalog
        if isinstance(event, RaceStarted):
            return self._started(event)
        if isinstance(event, ClockStarted):
            if event.racer is not None and event.racer != view.seat and view.seat != -1:
                return None
            time = clock_words(c, event.seconds)
            if event.racer is not None and view.seat == -1:
                speech = c.text("{name}'s clock runs: {time}.", name=self.seat_name(event.racer), time=time)
            else:
                speech = c.text("The clock runs: {time}. Go!", time=time)
            braille = c.text("Go: {time}", _B, time=clock_code(event.seconds))
            return Utterance(speech, fit(braille), urgent=True, kind="race.clock")
        if isinstance(event, ClockTick):
            if event.racer is not None and event.racer != view.seat and view.seat != -1:
                return None
            return self._tick(event)
        if isinstance(event, Raced):
            return self._raced(event, view)
        if isinstance(event, Progress):
            return self._progress(event, view)
        if isinstance(event, RacerDone):
            return self._done(event, view)
        if isinstance(event, RaceOver):
            return self.race_over(event.foundations, event.winners, event.faster)
        return None

    def _started(self, event: RaceStarted) -> Utterance:
        c = self.catalog
        names = self._join([self.seat_name(r) for r in range(event.racers)])
        if event.together:
            speech = c.plural(
                "A race on the same deal: {names} play at once, {n} minute.",
                "A race on the same deal: {names} play at once, {n} minutes.",
                event.minutes,
                names=names,
            )
        else:
            speech = c.plural(
                "A race on the same deal: {names} play it in turn, {n} minute each.",
                "A race on the same deal: {names} play it in turn, {n} minutes each.",
                event.minutes,
                names=names,
            )
        braille = c.text("Race: {count} min", _B, count=event.minutes)
        return Utterance(speech, fit(braille), kind="race.started")

    def _tick(self, event: ClockTick) -> Utterance:
        c = self.catalog
        if event.left <= 0:
            return Utterance(c.text("Time is up."), c.text("Time up", _B), urgent=True, kind="race.clock")
        speech = c.text("{time} left.", time=clock_words(c, event.left))
        braille = c.text("Time: {time} left", _B, time=clock_code(event.left))
        return Utterance(speech, fit(braille), urgent=event.left <= 10, kind="race.clock")

    def _raced(self, event: Raced, view: RaceView) -> Utterance | None:
        if view.seat == -1:
            board = view.boards[event.racer] if 0 <= event.racer < len(view.boards) else None
            if board is None:
                return None
            said = self.board.event(event.event, board)
            if said is None:
                return None
            name = self.seat_name(event.racer)
            return Utterance(
                self.catalog.text("{name}: {said}", name=name, said=said.speech),
                fit(f"{self.braille_name(event.racer)}: {said.braille}"),
                kind=said.kind,
            )
        if event.racer != view.seat or view.board is None:
            return None  # never a card of another racer's board: it lies face down on this one
        return self.board.event(event.event, view.board)

    def _progress(self, event: Progress, view: RaceView) -> Utterance | None:
        if event.racer == view.seat or view.seat == -1:
            return None
        verbosity = self._verbosity
        if verbosity == "brief" or (verbosity == "normal" and event.foundation % NEWS_EVERY):
            return None
        return self.rival_count(event.racer, event.foundation)

    def rival_count(self, racer: int, count: int) -> Utterance:
        c = self.catalog
        speech = c.plural(
            "{name}: {n} card on the foundations.",
            "{name}: {n} cards on the foundations.",
            count,
            name=self.seat_name(racer),
        )
        braille = c.text("{name}: F{count}", _B, name=self.braille_name(racer), count=count)
        return Utterance(speech, fit(braille), kind="race.news")

    def _done(self, event: RacerDone, view: RaceView) -> Utterance | None:
        c = self.catalog
        if event.racer == view.seat:
            return None  # the board's own end, or "Time is up", said it
        if event.reason == "time" and view.seat != -1:
            return None  # the one clock's "Time is up" said it
        speech = self.done_line(event)
        braille = c.text("{name} done: F{count}", _B, name=self.braille_name(event.racer), count=event.foundation)
        return Utterance(speech, fit(braille), kind="race.news")

    def done_line(self, event: RacerDone) -> str:
        """A racer is done: "Anna has put every card on the foundations!", "Anna's time is up: 14 cards ..."."""
        c = self.catalog
        name = self.seat_name(event.racer)
        if event.reason == "won":
            speech = c.text("{name} has put every card on the foundations!", name=name)
        elif event.reason == "time":
            speech = c.plural(
                "{name}'s time is up: {n} card on the foundations.",
                "{name}'s time is up: {n} cards on the foundations.",
                event.foundation,
                name=name,
            )
        else:
            speech = c.plural(
                "{name} is done: {n} card on the foundations.",
                "{name} is done: {n} cards on the foundations.",
                event.foundation,
                name=name,
            )
        return speech

    def race_over(self, foundations: Sequence[int], winners: Sequence[int], faster: bool) -> Utterance:
        """Both results and the winner: "Anna: 14 cards on the foundations; Ben: 12. Anna wins the race."."""
        c = self.catalog
        parts = [
            c.plural("{name}: {n} card", "{name}: {n} cards", count, name=self.seat_name(racer))
            for racer, count in enumerate(foundations)
        ]
        speech = c.text("The race is over. {results}.", results="; ".join(parts))
        codes = " ".join(f"{self.braille_name(r)} {count}" for r, count in enumerate(foundations))
        if len(winners) == 1:
            name = self.seat_name(winners[0])
            if faster:
                speech += " " + c.text("{name} wins the race: as many cards, in less time.", name=name)
            else:
                speech += " " + c.text("{name} wins the race.", name=name)
            braille = c.text("{results}: {name} wins", _B, results=codes, name=self.braille_name(winners[0]))
        else:
            speech += " " + c.text("A draw.")
            braille = c.text("{results}: draw", _B, results=codes)
        return Utterance(speech, fit(braille), urgent=True, kind="race.over")

    # -- review ------------------------------------------------------------------------------------

    def time_left(self, view: RaceView) -> Utterance:
        """The T key: the listener's time left and count, and every rival's count."""
        c = self.catalog
        seat = view.seat
        if view.result is not None:
            return self.race_over(view.result.scores, view.result.winners, False)
        parts: list[str] = []
        braille = ""
        if seat == -1 and view.together and view.racers:
            left = view.racers[0].left
            parts.append(c.text("{time} left.", time=clock_words(c, left)))
            braille = c.text("Time: {time} left", _B, time=clock_code(left))
        if 0 <= seat < len(view.racers):
            me = view.racers[seat]
            if me.done is not None:
                parts.append(c.plural("You are done: {n} card on the foundations.",
                                      "You are done: {n} cards on the foundations.", me.foundation))  # fmt: skip
                braille = c.text("Done: F{count}", _B, count=me.foundation)
            elif not me.started:
                parts.append(c.text("Your clock has not started: {time} to go.", time=clock_words(c, me.left)))
                braille = c.text("Time: {time}", _B, time=clock_code(me.left))
            else:
                parts.append(c.text("{time} left.", time=clock_words(c, me.left)))
                braille = c.text("Time: {time} left", _B, time=clock_code(me.left))
        for racer, other in enumerate(view.racers):
            if racer == seat:
                continue
            if not other.started and other.done is None:  # at one keyboard: their turn has not come yet
                parts.append(c.text("{name} has not started.", name=self.seat_name(racer)))
                braille += " " + c.text("{name} not started", _B, name=self.braille_name(racer))
                continue
            parts.append(self.rival_count(racer, other.foundation).speech)
            braille += f" {self.braille_name(racer)} F{other.foundation}"
        return Utterance(" ".join(parts), fit(braille.strip()), kind="review.time")


class BoardControls:
    """The controls of the table as Klondike's own controller needs them: the racer's own board, its moves."""

    def __init__(self, controls: Controls) -> None:
        self.outer = controls

    @property
    def lang(self) -> str:
        return self.outer.lang

    @property
    def listener(self) -> int:
        return self.outer.listener

    @property
    def names(self) -> Sequence[str]:
        return self.outer.names

    @property
    def persons(self) -> Sequence[int]:
        return self.outer.persons

    @property
    def verbosity(self) -> str:
        return self.outer.verbosity

    def setting(self, name: str) -> Any:
        return self.outer.setting(name)

    def t(self, msgid: str, context: str | None = None, **params: Any) -> str:
        return self.outer.t(msgid, context, **params)

    def tn(self, msgid: str, plural: str, n: int, **params: Any) -> str:
        return self.outer.tn(msgid, plural, n, **params)

    def say(self, text: str | Utterance) -> None:
        self.outer.say(text)

    def announce(self, utterance: Utterance | None) -> None:
        self.outer.announce(utterance)

    def refuse(self, text: str | Utterance) -> None:
        self.outer.refuse(text)

    def race(self) -> RaceView:
        view: RaceView = self.outer.view()
        return view

    def view(self) -> KlondikeView | None:
        """The racer's own board; its result is the race's once the race is over, or "time" once theirs is."""
        race = self.race()
        board = race.board
        if board is None:
            return None
        if race.result is not None:
            return replace(board, result=race.result, reason=board.reason or "race", legal=())
        me = race.racers[race.seat]
        if me.done is not None and board.result is None:
            return replace(board, result=Result((me.foundation,), (), me.done), reason=me.done, legal=())
        return board

    def legal_actions(self) -> Sequence[Any]:
        board = self.view()
        return () if board is None else board.legal

    def play(self, action: Any) -> None:
        """The racer's move on their own board, at their clock's time now."""
        race = self.race()
        self.outer.play(RaceMove(race.seat, action, race.racers[race.seat].used))

    def choose(
        self,
        title: str,
        options: Sequence[tuple[str, Callable[[], None]]],
        braille: Sequence[str] | None = None,
    ) -> None:
        self.outer.choose(title, options, braille)

    def save(self) -> None:
        self.outer.save()


class RaceController(Controller):
    """A racer at the keys: Klondike's own keys on their own board, T for the time, the hand-over between racers."""

    narrator: RaceNarrator
    separate_histories = True

    def __init__(self, controls: Controls, narrator: RaceNarrator) -> None:
        super().__init__(controls, narrator)
        self.board_controls = BoardControls(controls)
        self.board = KlondikeController(self.board_controls, narrator.board)
        self.phase = self.board.phase
        self.replaying = False

    def _sync(self) -> None:
        self.board.narrator = self.narrator.board

    def opening(self, players: int, seed: int | None, variant: str | None) -> Utterance:
        c = self.controls
        n = self.narrator
        o = n.options
        title = (
            c.t("Klondike race, the classic game")
            if n.variant == "classic_race"
            else c.t("Klondike race, the Braillespiel game")
        )
        line = rules_line(c, title, o)
        # the braille title is short: the race's long menu name would not fit 40 cells
        braille = c.tn("{game}: {n} player", "{game}: {n} players", players, game=c.t("Klondike race", "braille"))
        if seed is not None:
            line += " " + c.t("Seed {seed}.", seed=seed)
            braille += "\n" + c.t("Seed {seed}", "braille", seed=seed)
        return Utterance(line, braille)

    def hint(self) -> Utterance:
        c = self.controls
        board = self.board.hint()
        return Utterance(board.speech + " " + c.t("T tells the time left."), board.braille)

    def handle(self, typed: Typed) -> bool:
        self._sync()
        c = self.controls
        race: RaceView = c.view()
        if typed.name == "time":
            c.say(self.narrator.time_left(race))
            return True
        if race.board is None:
            return self._watch(race, typed)
        me = race.racers[race.seat] if 0 <= race.seat < len(race.racers) else None
        if race.result is None and me is not None and me.done is not None and typed.name in _MOVES:
            c.refuse(c.t("Your part of the race is over; the others play on."))
            return True
        return self.board.handle(typed)

    def _watch(self, race: RaceView, typed: Typed) -> bool:
        """A watcher's review: O reads each board's overview, F each board's foundations."""
        c = self.controls
        reviews = {"board": self.narrator.board.overview, "foundation": self.narrator.board.foundations}
        review = reviews.get(typed.name)
        if review is None:
            return False
        for racer, board in enumerate(race.boards):
            if board is not None:
                said = review(board)
                name = self.narrator.seat_name(racer)
                c.say(Utterance(c.t("{name}: {said}", name=name, said=said.speech),
                                fit(f"{self.narrator.braille_name(racer)}: {said.braille}")))  # fmt: skip
        return True

    def tell(self, events: Sequence[Event]) -> bool:
        self._sync()
        for event in events:
            self.controls.announce(self.narrator.event(event, self.controls.view()))
        return True

    def turn_prompt(self) -> Utterance | None:
        """At one keyboard, the racer who has just come to the keyboard starts their clock."""
        c = self.controls
        race: RaceView = c.view()
        if self.replaying or race.together or race.result is not None or race.turn != c.listener:
            return None
        if not race.racers[race.turn].started:
            c.play(Go(race.turn))
        return None

    def handoff(self, seat: int) -> Utterance | None:
        c = self.controls
        race: RaceView = c.view()
        if race.together:
            return None
        name = c.names[seat] if 0 <= seat < len(c.names) else c.t("Player {number}", "seat name", number=seat + 1)
        time = clock_words(self.narrator.catalog, race.racers[seat].left)
        if seat == 0 and not race.racers[seat].started:
            speech = c.t("{name}: your turn at the deal, {time}. Press Enter to start the clock.", name=name, time=time)
        elif race.racers[seat].started:
            speech = c.t("{name}: your race goes on, {time} left. Press Enter to go on.", name=name, time=time)
        else:
            speech = c.t(
                "{name}: your turn at the same deal, {time}. Press Enter to start the clock.", name=name, time=time
            )
            before = race.racers[seat - 1] if seat > 0 else None
            if before is not None and before.done is not None:  # said while the racer before is still there
                done = RacerDone(seat - 1, before.done, before.foundation, before.used)
                speech = self.narrator.done_line(done) + " " + speech
        braille = c.t("{name}: Enter, {time}", "braille", name=self.narrator.braille_name(seat),
                      time=clock_code(race.racers[seat].left))  # fmt: skip
        return Utterance(speech, fit(braille), urgent=True, kind="handoff")

    def waiting_for(self) -> str | None:
        return self.board.waiting_for()

    def begin_replay(self) -> None:
        self.replaying = True

    def end_replay(self) -> None:
        self.replaying = False


_MOVES: Final = frozenset({"draw", "undo", "redo", "auto", "hint", "give_up", "move_text", "moves", "more", "fewer"})
"""The keys that would change the board, or ask about moves (a column key reads a column once it is over)."""
