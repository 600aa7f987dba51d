"""War's scenario files: the piles (and the cards set aside), or a seed to deal from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from accessible_cards.cards import deck
from accessible_cards.errors import CardsError, ScenarioError
from accessible_cards.game import Scenario
from accessible_cards.scenario import code_lists, refuse_unknown, whole

from .state import WarOptions, WarState

WAR_KEYS: Final = ("game", "players", "options", "piles", "set_aside", "seed")


def parse_scenario(data: Mapping[str, Any]) -> Scenario:
    """A War scenario from its JSON data; a ScenarioError names the first problem."""
    refuse_unknown(data, WAR_KEYS)
    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise ScenarioError("error-scenario-options", "'options' must be a JSON object")
    try:
        options = WarOptions.from_mapping(options_data)
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    seed = whole(data, "seed", 0)
    players = whole(data, "players", 2, 4)
    piles_data = data.get("piles")
    if piles_data is None:
        if "set_aside" in data:
            raise ScenarioError("error-scenario-aside", "'set_aside' needs 'piles' beside it")
        if seed is None:
            raise ScenarioError(
                "error-scenario-seed", "give 'piles', or a 'seed' to shuffle and deal from", key="piles"
            )
        return Scenario(WarState(players or 2, options, seed), None)
    piles_codes = code_lists(piles_data, "piles")
    players = players if players is not None else len(piles_codes)
    if len(piles_codes) != players:
        raise ScenarioError(
            "error-scenario-pile-count",
            f"{len(piles_codes)} piles for {players} players: give one pile per player",
            piles=len(piles_codes),
            players=players,
        )
    if not 2 <= players <= 4:
        raise ScenarioError("error-scenario-players", f"War is for 2 to 4 players, not {players}", players=players)
    for seat, pile in enumerate(piles_codes):
        if not pile:
            raise ScenarioError(
                "error-scenario-empty-pile",
                f"player {seat + 1}'s pile is empty: every player needs at least one card",
                seat=seat,
            )
    aside_codes = code_lists([data.get("set_aside", [])], "set_aside")[0]
    pack = deck(options.deck)
    try:
        ids = pack.parse_many([code for pile in piles_codes for code in pile] + list(aside_codes))
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    piles: list[list[int]] = []
    position = 0
    for pile in piles_codes:
        piles.append(ids[position : position + len(pile)])
        position += len(pile)
    return Scenario(WarState(players, options, seed, piles, ids[position:]), None)
