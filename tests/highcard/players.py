"""High Card's computer level: ``simple`` turns its card when it is its move (there is nothing else to choose)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from accessible_cards.errors import IllegalActionError

from .state import HighCardView, Turn

LEVELS: Final = ("simple",)


class SimplePlayer:
    """Turns its card; it sees its own seat's view and the legal actions, never the state."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.seen: list[HighCardView] = []

    def observe(self, view: HighCardView) -> None:
        """The table shows it every view its seat gets, as a person sees every card turned."""
        self.seen.append(view)

    def choose(self, view: HighCardView, legal_actions: Iterable[Turn]) -> Turn:
        actions = tuple(legal_actions)
        if not actions:
            raise IllegalActionError("error-ai-no-action", "there is no legal action to choose from")
        return actions[0]
