"""Stealing Bundles' refusals in words: one wording per message id, for ``ui/messages.py`` (the game's ``errors``).

The ``error-move-*`` ids are the reasons a scenario file's move cannot be read; ``ui/messages.py`` says them
after "Move {move}:".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

ERRORS: Final[dict[str, Callable[[Callable[..., str], dict[str, Any]], str]]] = {
    "error-bundles-deal": lambda t, p: t(
        "{players} hands of {hand} cards and 4 table cards do not fit in the deck.", **p
    ),
    "error-dealer": lambda t, p: t("There is no seat {seat} to deal.", **p),
    "error-match-over": lambda t, p: t("The match is over."),
    "error-not-in-hand": lambda t, p: t(
        "{card} is not in the hand of Player {number}.", card=p["card"], number=int(p["seat"]) + 1
    ),
    "error-bundles-choice": lambda t, p: t(
        "{card} does not allow the choice '{choice}' given here.", card=p["card"], choice=p["choice"]
    ),
    "error-bundles-choice-needed": lambda t, p: t(
        "{card} needs a choice the move does not give: '{choice}'.", card=p["card"], choice=p["choice"]
    ),
    "error-scenario-players-twice": lambda t, p: t("'players' and the 'players' option disagree."),
    "error-scenario-hands": lambda t, p: t("'{key}' needs 'hands' beside it.", **p),
    "error-scenario-hand-count": lambda t, p: t("{hands} hands for {players} players: give one hand per player.", **p),
    "error-move-no-card": lambda t, p: t("the move has no 'card'."),
    "error-move-not-object": lambda t, p: t("a move must be an object with its 'card'."),
    "error-move-capture": lambda t, p: t("'capture' must be a list of card codes."),
    "error-move-steal-bundle": lambda t, p: t("the bundle in 'steal' must be 0 or 1."),
    "error-move-steal": lambda t, p: t("'steal' must be a seat number."),
    "error-move-bundle": lambda t, p: t("'bundle' must be 0 or 1."),
    "error-move-wild": lambda t, p: t("'wild' must be true or false."),
}
