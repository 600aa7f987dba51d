"""The history of a saved game, as the game said it: for ``replay`` and ``emboss history``.

The saved moves are replayed (:func:`accessible_cards.saves.replay`) and every
event is narrated by the game's own narrator, from the first person's view, in
the language asked for.
"""

from __future__ import annotations

from typing import Any

from . import saves
from .engine import Event, GameState
from .game import Voice
from .i18n import Catalog
from .narration.base import people_first, seat_names


def history(saved: saves.SavedGame, lang: str, verbosity: str = "normal", card_names: str = "full") -> list[str]:
    """The game's announcements, as its history lists them, in ``lang``: the first person's view, newest last."""
    info = saved.info
    names = seat_names(Catalog(lang).text, people_first(info.players, info.humans))
    you = 0 if info.humans == 1 else None
    narrator = saved.game.narrator(saved.start_state(), Voice(lang, verbosity, names, you, card_names))
    lines: list[str] = []

    def step(events: list[Event], state: GameState[Any]) -> None:
        for event in events:
            utterance = narrator.event(event, state.view(0))
            if utterance is not None:
                lines.append(utterance.speech)

    saves.replay(saved, step)
    return lines
