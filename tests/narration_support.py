"""Helpers shared by the narrator and golden-transcript tests: play a War game and narrate every event."""

from __future__ import annotations

from collections.abc import Iterator

from accessible_cards.engine import Event
from accessible_cards.games.war.narrator import WarNarrator
from accessible_cards.games.war.state import TURN, WarOptions, WarState, WarView
from accessible_cards.utterance import Utterance


def narrated(
    state: WarState, narrator: WarNarrator, seat: int = 0
) -> Iterator[tuple[Event, WarView, Utterance | None]]:
    """Deal and play ``state`` to the end; yield each event, the listener's view after it, and what is said."""
    events = state.start()
    while True:
        view = state.view(seat)
        for event in events:
            yield event, view, narrator.event(event, view)
        if state.result is not None:
            return
        events = state.apply(TURN)


def utterances(state: WarState, narrator: WarNarrator, seat: int = 0) -> list[Utterance]:
    """Everything said over a whole game, in order."""
    return [said for _, _, said in narrated(state, narrator, seat) if said is not None]


GOLDEN_SEED = 1
GOLDEN_OPTIONS = WarOptions(max_rounds=50)


def golden_game() -> WarState:
    """The seeded 2-player game of the golden transcripts."""
    return WarState(2, GOLDEN_OPTIONS, seed=GOLDEN_SEED)


def golden_lines(lang: str) -> list[str]:
    """The golden transcript: one ``speech | braille`` line per utterance, normal verbosity, seat 0 is "you"."""
    narrator = WarNarrator(lang, "normal", 2, you=0)
    return [f"{said.speech} | {said.braille}" for said in utterances(golden_game(), narrator)]
