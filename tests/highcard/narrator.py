"""High Card said aloud and on one braille line, in English or German, from the message catalogs.

Each :class:`~accessible_cards.utterance.Utterance` holds a whole sentence for
speech and a terse line of at most 40 cells for braille. Only what the events
and the listener's view hold is ever said: the turned cards, the pile sizes,
the points. ``full`` verbosity adds the points after every round; ``brief``
leaves the round number out of a round's result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from accessible_cards.cards import Card, DeckKind
from accessible_cards.engine import Event
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import SeatNarrator
from accessible_cards.narration.card_names import CardNames
from accessible_cards.utterance import BRAILLE_CELLS, Utterance

from .state import Dealt, GameOver, HighCardView, RoundWon, Turned

_B: Final = "braille"  # msgctxt of every braille text
_BETWEEN: Final = "player addressed, in a list after 'between'"


def fit(line: str) -> str:
    """A braille line cut to the display's width (the key fact comes first, so the end may go)."""
    return line if len(line) <= BRAILLE_CELLS else line[: BRAILLE_CELLS - 1] + "…"


class HighCardNarrator(SeatNarrator):
    """Says High Card for one listener: ``names`` per seat, ``you`` the seat spoken to as "you"."""

    def __init__(
        self,
        lang: str = "en",
        verbosity: str = "normal",
        names: Sequence[str | None] = ("", ""),
        *,
        you: int | None = None,
        card_names: str = "full",
    ) -> None:
        self.catalog = Catalog(lang)
        self.lang = lang
        self._seat_names = list(names)
        self.you = you
        self._verbosity = "normal"
        self.verbosity = verbosity
        self.short_names = card_names == "short"
        self.cards = CardNames(self.catalog, DeckKind.FRENCH52)

    def card(self, card: Card) -> str:
        """A card's spoken name: "king of spades" / "Pik König", or its code with short card names."""
        return card.code if self.short_names else self.cards.name(card)

    def _number(self, seat: int) -> str:
        """A seat on a braille list: its number, as the seats are listed in order."""
        return str(seat + 1)

    def _points(self, scores: Sequence[int]) -> tuple[str, str]:
        """Everybody's points as a spoken list and as a braille list."""
        c = self.catalog
        spoken = self._join(
            [
                c.plural("you: {n} point", "you: {n} points", points)
                if seat == self.you
                else c.plural("{seat}: {n} point", "{seat}: {n} points", points, seat=self.seat_name(seat))
                for seat, points in enumerate(scores)
            ]
        )
        return spoken, " ".join(f"{self._number(seat)}:{points}" for seat, points in enumerate(scores))

    def _between(self, seats: Sequence[int]) -> str:
        """Seats listed after "between" (German "dir" for the listener)."""
        c = self.catalog
        return self._join([c.text("you", _BETWEEN) if seat == self.you else self.seat_name(seat) for seat in seats])

    # -- events -------------------------------------------------------------------------

    def event(self, event: Event, view: HighCardView) -> Utterance | None:
        """The utterance for ``event``, read with ``view`` (the listener's view after it)."""
        c = self.catalog
        if isinstance(event, Dealt):
            n = event.counts[0]
            speech = c.plural("Each player gets {n} card face down.", "Each player gets {n} cards face down.", n)
            return Utterance(speech, c.text("{count} cards each, face down", _B, count=n), kind="dealt")
        if isinstance(event, Turned):
            card = self.card(event.card)
            if event.seat == self.you:
                speech = c.text("You turn the {card}.", card=card)
            else:
                speech = c.text("{seat} turns the {card}.", seat=self.seat_name(event.seat), card=card)
            braille = c.text("{seat}: {card}", _B, seat=self.braille_seat(event.seat), card=event.card.code)
            return Utterance(speech, fit(braille), kind="turned")
        if isinstance(event, RoundWon):
            return self._round(event, view)
        if isinstance(event, GameOver):
            return self._game_over(event)
        return None

    def _round(self, event: RoundWon, view: HighCardView) -> Utterance:
        c = self.catalog
        card = self.card(event.card)
        brief = self._verbosity == "brief"
        if len(event.winners) > 1:
            seats = self._between(event.winners)
            speech = (
                c.text("A tie: nobody scores.")
                if brief
                else c.text("Round {round} is a tie between {seats}: nobody scores.", round=event.round, seats=seats)
            )
            braille = c.text("R{round}: tie, {card}", _B, round=event.round, card=event.card.code)
        else:
            winner = event.winners[0]
            if winner == self.you:
                speech = (
                    c.text("You win the round with the {card}.", card=card)
                    if brief
                    else c.text("You win round {round} with the {card}.", round=event.round, card=card)
                )
            else:
                name = self.seat_name(winner)
                speech = (
                    c.text("{seat} wins the round with the {card}.", seat=name, card=card)
                    if brief
                    else c.text("{seat} wins round {round} with the {card}.", seat=name, round=event.round, card=card)
                )
            braille = c.text(
                "R{round} won: {seat}, {card}",
                _B,
                round=event.round,
                seat=self.braille_seat(winner),
                card=event.card.code,
            )
        if self._verbosity == "full":
            spoken, short = self._points(view.scores)
            speech += " " + c.text("Points: {points}.", points=spoken)
            braille += "; " + short
        return Utterance(speech, fit(braille), kind="round")

    def _game_over(self, event: GameOver) -> Utterance:
        c = self.catalog
        points = event.scores[event.winners[0]]
        if len(event.winners) > 1:
            seats = self._between(event.winners)
            speech = c.plural(
                "Game over: a draw between {seats}, {n} point each.",
                "Game over: a draw between {seats}, {n} points each.",
                points,
                seats=seats,
            )
            braille = c.text("Over: draw, {count} each", _B, count=points)
        elif event.winners[0] == self.you:
            speech = c.plural("Game over: you win with {n} point.", "Game over: you win with {n} points.", points)
            braille = c.text("Over, won: {seat}, {count}", _B, seat=self.braille_seat(self.you), count=points)
        else:
            winner = event.winners[0]
            speech = c.plural(
                "Game over: {seat} wins with {n} point.",
                "Game over: {seat} wins with {n} points.",
                points,
                seat=self.seat_name(winner),
            )
            braille = c.text("Over, won: {seat}, {count}", _B, seat=self.braille_seat(winner), count=points)
        return Utterance(speech, fit(braille), urgent=True, kind="game_over")

    # -- review keys ------------------------------------------------------------------------

    def table(self, view: HighCardView) -> Utterance:
        """T: the cards turned this round (the last round's until the next card is turned)."""
        c = self.catalog
        if not view.table:
            said = c.text("No card is turned yet this round.")
            return Utterance(said, c.text("Table: none", _B), kind="review.table")
        cards = self._join(
            [
                c.text("you turned the {card}", card=self.card(card))
                if seat == self.you
                else c.text("{seat} turned the {card}", seat=self.seat_name(seat), card=self.card(card))
                for seat, card in view.table
            ]
        )
        speech = c.text("Round {round}: {cards}.", round=view.round, cards=cards)
        short = " ".join(f"{self._number(seat)}:{card.code}" for seat, card in view.table)
        braille = c.text("R{round}: {cards}", _B, round=view.round, cards=short)
        return Utterance(speech, fit(braille), kind="review.table")

    def scores(self, view: HighCardView) -> Utterance:
        """S: everybody's points, and how many rounds are played."""
        c = self.catalog
        played = view.round if len(view.table) == view.players else max(view.round - 1, 0)
        spoken, short = self._points(view.scores)
        speech = c.plural(
            "Points after {played} of {n} round: {points}.",
            "Points after {played} of {n} rounds: {points}.",
            view.rounds,
            played=played,
            points=spoken,
        )
        return Utterance(speech, fit(c.text("Points: {points}", _B, points=short)), kind="review.scores")

    def pile(self, view: HighCardView) -> Utterance:
        """H: how many cards the listener's pile still holds (never which)."""
        c = self.catalog
        n = view.pile_sizes[view.seat]
        speech = c.plural("You have {n} card left to turn.", "You have {n} cards left to turn.", n)
        return Utterance(speech, c.text("Pile: {count}", _B, count=n), kind="review.pile")

    def turn(self) -> Utterance:
        """Said when it is the listener's turn."""
        c = self.catalog
        return Utterance(c.text("Your turn: press Enter to turn your card."), c.text("Your turn: Enter", _B))
