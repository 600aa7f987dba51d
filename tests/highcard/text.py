"""High Card's events as plain English lines, for ``replay`` without ``--json``."""

from __future__ import annotations

from accessible_cards.engine import Event
from accessible_cards.narration.names import card_name, join, plural, seat_name

from .state import Dealt, GameOver, HighCardView, RoundWon, Turned


def describe(event: Event, view: HighCardView) -> str | None:
    """One line for ``event``; None for nothing to say."""
    if isinstance(event, Dealt):
        return f"Each player gets {plural(event.counts[0], 'card')} face down."
    if isinstance(event, Turned):
        return f"{seat_name(event.seat)} turns the {card_name(event.card)}."
    if isinstance(event, RoundWon):
        if len(event.winners) > 1:
            return f"Round {event.round} is a tie between {join([seat_name(s) for s in event.winners])}."
        return f"{seat_name(event.winners[0])} wins round {event.round} with the {card_name(event.card)}."
    if isinstance(event, GameOver):
        points = plural(event.scores[event.winners[0]], "point")
        if len(event.winners) > 1:
            return f"Game over: a draw between {join([seat_name(s) for s in event.winners])}, {points} each."
        return f"Game over: {seat_name(event.winners[0])} wins with {points}."
    return None
