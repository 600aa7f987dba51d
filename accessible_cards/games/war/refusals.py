"""War's refusals in words: one wording per message id, for ``ui/messages.py`` (the game's ``errors``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

ERRORS: Final[dict[str, Callable[[Callable[..., str], dict[str, Any]], str]]] = {
    "error-players": lambda t, p: t("War is for 2 to 4 players, not {players}.", players=p.get("value", "")),
    "error-scenario-players": lambda t, p: t("War is for 2 to 4 players, not {players}.", **p),
    "error-scenario-aside": lambda t, p: t("'set_aside' needs 'piles' beside it."),
    "error-scenario-pile-count": lambda t, p: t("{piles} piles for {players} players: give one pile per player.", **p),
    "error-scenario-empty-pile": lambda t, p: t(
        "Player {number}'s pile is empty: every player needs at least one card.", number=int(p["seat"]) + 1
    ),
}
