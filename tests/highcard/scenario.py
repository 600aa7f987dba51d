"""High Card's scenario files: each seat's cards, top first, or a seed to deal from.

``{"game": "highcard", "cards": [["7H"], ["KS"]]}`` fixes a one-round game;
``{"game": "highcard", "seed": 5, "players": 3, "options": {"cards": 2}}``
deals from the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from accessible_cards.errors import CardsError, ScenarioError
from accessible_cards.game import Scenario
from accessible_cards.scenario import code_lists, refuse_unknown, whole

from .state import DECK, HighCardState

KEYS: Final = ("game", "players", "options", "cards", "seed")

ERRORS: Final[dict[str, Callable[[Callable[..., str], dict[str, Any]], str]]] = {
    # the refusals of its scenario files, worded from its own catalog; War words the same id its own way
    "error-scenario-pile-count": lambda t, p: t(
        "{piles} piles for {players} players: High Card takes one pile per player, for 2 to 4 players.", **p
    ),
    "error-scenario-empty-pile": lambda t, p: t(
        "Player {number}'s pile is empty: every player needs at least one card.", number=int(p["seat"]) + 1
    ),
}
"""High Card's own refusals by message id (its description's ``errors``)."""


def parse_scenario(data: Mapping[str, Any]) -> Scenario:
    """A High Card scenario from its JSON data; a ScenarioError names the first problem."""
    refuse_unknown(data, KEYS)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError("error-scenario-options", "'options' must be a JSON object")
    seed = whole(data, "seed", 0)
    players = whole(data, "players", 2, 4)
    cards = data.get("cards")
    try:
        if cards is None:
            if seed is None:
                raise ScenarioError(
                    "error-scenario-seed", "give 'cards', or a 'seed' to shuffle and deal from", key="cards"
                )
            return Scenario(HighCardState(players or 2, options, seed), None)
        piles = code_lists(cards, "cards")
        players = players if players is not None else len(piles)
        if len(piles) != players or not 2 <= players <= 4:
            raise ScenarioError(
                "error-scenario-pile-count",
                f"{len(piles)} piles for {players} players: give one pile per player, for 2 to 4 players",
                piles=len(piles),
                players=players,
            )
        if not piles[0] or any(len(pile) != len(piles[0]) for pile in piles):
            raise ScenarioError(
                "error-scenario-empty-pile", "every player needs the same number of cards, at least one", seat=0
            )
        ids = DECK.parse_many([code for pile in piles for code in pile])
        size = len(piles[0])
        dealt = [ids[seat * size : (seat + 1) * size] for seat in range(players)]
        return Scenario(HighCardState(players, options, seed, dealt), None)
    except ScenarioError:
        raise
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
