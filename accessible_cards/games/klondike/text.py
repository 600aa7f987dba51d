"""Klondike's refusals in words: one wording per message id, for ``ui/messages.py`` (the game's ``errors``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

ERRORS: Final[dict[str, Callable[[Callable[..., str], dict[str, Any]], str]]] = {
    "error-scenario-stock-alone": lambda t, p: t("'stock' needs 'columns' beside it."),
    "error-scenario-column-count": lambda t, p: t("'columns' must hold 7 lists, not {count}.", **p),
    "error-scenario-move-texts": lambda t, p: t(
        '\'moves\' must be a list of moves written out, such as "3 5" or "draw".'
    ),
    "error-move-not-allowed": lambda t, p: t("That move is not allowed now."),
    "error-klondike-winnable-network": lambda t, p: t(
        "Winnable deals only is not offered at a network table: its deals come from a public list, "
        "so a player could look up every hidden card."
    ),
}
