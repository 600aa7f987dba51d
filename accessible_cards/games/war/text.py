"""War's events as plain English lines, key fact first."""

from __future__ import annotations

from accessible_cards.engine import Event
from accessible_cards.games.war.state import (
    Battle,
    Dealt,
    FaceDown,
    GameOver,
    LastCardUp,
    PlayerOut,
    RanShort,
    TableSetAside,
    Took,
    WarStarted,
    WarView,
)
from accessible_cards.narration.names import card_name, cards, join, plural, ranks_name, seat_name

_SAFETY_STOP = "Safety stop after 10,000 rounds, as the game would not end"


def describe(event: Event, view: WarView) -> str | None:
    """One line for ``event``, read with ``view`` (the state just after it); None for nothing to say."""
    if isinstance(event, Dealt):
        each = set(event.counts)
        dealt = (
            f"{cards(event.counts[0])} each"
            if len(each) == 1
            else join([f"{seat_name(s)} {cards(n)}" for s, n in enumerate(event.counts)])
        )
        aside = f"; {cards(event.set_aside)} set aside, out of play" if event.set_aside else ""
        return f"The cards are dealt face down: {dealt}{aside}."
    if isinstance(event, Battle):
        shown = join([f"{seat_name(s)} {card_name(c)}" for s, c in event.cards])
        if len(event.high) == 1:
            best = dict(event.cards)[event.high[0]]
            return f"{seat_name(event.high[0])} wins with the {card_name(best)}. Cards: {shown}."
        tied = dict(event.cards)[event.high[0]]
        return f"Tie of {ranks_name(tied)} between {join([seat_name(s) for s in event.high])}. Cards: {shown}."
    if isinstance(event, WarStarted):
        return f"War! {join([seat_name(s) for s in event.seats])} go to war."
    if isinstance(event, FaceDown):
        laid = join([f"{seat_name(s)} {n}" for s, n in event.counts])
        return f"Cards face down: {laid}."
    if isinstance(event, LastCardUp):
        parts = [f"{seat_name(s)} turns up the last card" for s in event.seats]
        parts += [f"{seat_name(s)} has no card left; the tied card stands" for s in event.standing]
        return join(parts) + "."
    if isinstance(event, RanShort):
        return f"{join([seat_name(s) for s in event.seats])} cannot finish the war."
    if isinstance(event, Took):
        holds = join([f"{seat_name(s)} {view.pile_sizes[s]}" for s in range(view.players)])
        return f"{seat_name(event.seat)} takes {cards(event.count)}. Holding: {holds}."
    if isinstance(event, TableSetAside):
        return f"{cards(event.count)} on the table go out of play."
    if isinstance(event, PlayerOut):
        why = "has no cards left" if event.reason == "no_cards" else "is out of the war and the game"
        return f"{seat_name(event.seat)} {why}."
    if isinstance(event, GameOver):
        return _game_over(event)
    return None


def _game_over(event: GameOver) -> str:
    counts = ", ".join(
        plural(n, word)
        for n, word in ((event.rounds, "round"), (event.battles, "battle"), (event.plays, "play"), (event.wars, "war"))
    )
    names = join([seat_name(s) for s in event.winners])
    if event.reason == "cycle":
        return f"Game over: the same position came back, so the game would never end. Draw between {names}. {counts}."
    if event.reason == "draw_short":
        return f"Game over: {names} ran out of cards together. Draw. {counts}."
    if len(event.winners) == 1:
        held = event.scores[event.winners[0]]
        why = {"max_rounds": "Time is up", "round_limit": _SAFETY_STOP}.get(event.reason, "Game over")
        return f"{why}: {names} wins with {cards(held)}. {counts}."
    if not event.winners:
        return f"Game over: nobody has cards left. {counts}."
    if event.reason == "round_limit":
        return f"{_SAFETY_STOP}: draw between {names}, {cards(event.scores[event.winners[0]])} each. {counts}."
    return f"Time is up: draw between {names}, {cards(event.scores[event.winners[0]])} each. {counts}."
