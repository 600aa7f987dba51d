"""Klondike's actions: a card move, a draw, undo, redo, giving up; and how a file writes them.

Below the state and the solver alike: the solver searches with these moves, and the state
(which asks the solver for a winnable deal when the list of them lacks its rules) plays them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .rules import COLUMNS, SUITS

WASTE: Final = 7
"""A move's source: the waste's top card."""
FOUNDATION: Final = 8
"""A move's target: the card's own foundation. As a source, ``FOUNDATION + suit`` (``from_foundation``)."""


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``count`` cards from ``source`` (column 0-6, ``WASTE``, ``FOUNDATION + suit``) to ``target``."""

    source: int
    target: int
    count: int = 1

    def __repr__(self) -> str:
        return f"Move({self.source}, {self.target}, {self.count})"


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn cards from the stock onto the waste; with the stock empty, turn the waste over as the new stock."""

    def __repr__(self) -> str:
        return "Draw()"


@dataclass(frozen=True, slots=True)
class Undo:
    def __repr__(self) -> str:
        return "Undo()"


@dataclass(frozen=True, slots=True)
class Redo:
    def __repr__(self) -> str:
        return "Redo()"


@dataclass(frozen=True, slots=True)
class GiveUp:
    """The player stops: the game ends with the cards on the foundations so far."""

    def __repr__(self) -> str:
        return "GiveUp()"


Action = Move | Draw | Undo | Redo | GiveUp
DRAW: Final = Draw()
UNDO: Final = Undo()
REDO: Final = Redo()
GIVE_UP: Final = GiveUp()


# --- actions in files -----------------------------------------------------------------------


def action_to_json(action: Any) -> Any:
    if isinstance(action, Move):
        return {"move": [action.source, action.target, action.count]}
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Undo):
        return "undo"
    if isinstance(action, Redo):
        return "redo"
    if isinstance(action, GiveUp):
        return "give_up"
    raise ValueError(f"not a Klondike action: {action!r}")


_WORDS: Final[dict[str, Action]] = {"draw": DRAW, "undo": UNDO, "redo": REDO, "give_up": GIVE_UP}


def action_from_json(data: Any, where: str) -> Action:
    if isinstance(data, str) and data in _WORDS:
        return _WORDS[data]
    if isinstance(data, dict) and set(data) == {"move"}:
        values = data["move"]
        if (
            isinstance(values, list)
            and len(values) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        ):
            source, target, count = values
            if (
                0 <= source < FOUNDATION + SUITS
                and (0 <= target < COLUMNS or target == FOUNDATION)
                and 1 <= count <= 52
            ):
                return Move(source, target, count)
    raise ValueError(f'{where} must be "draw", "undo", "redo", "give_up" or {{"move": [source, target, count]}}')
