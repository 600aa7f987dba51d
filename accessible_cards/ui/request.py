"""What a new game needs, below the app and every screen that opens a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameRequest:
    """What a new game needs: the game, its seats and its options (or a scenario file that fixes them)."""

    game: str
    players: int
    humans: int
    variant: str | None = None
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    scenario: str | None = None
