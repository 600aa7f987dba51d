"""Klondike (Patience): the seed's game (``braillespiel``) and the ``classic`` one, registered by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from accessible_cards.engine import GameState, choice, flag
from accessible_cards.game import GameDescription, Variant, Voice, register_game
from accessible_cards.settings import Setting

from .controller import COMMANDS, PLAYING, KlondikeController, read_line
from .narrator import KlondikeNarrator
from .rules import OPTION_SPECS, VARIANTS, options_for
from .scenario import parse_scenario, script_from_json, script_to_json
from .solver import solve_deals
from .state import KlondikeState, action_from_json, action_to_json
from .text import ERRORS

TITLES = {"braillespiel": "Klondike (Braillespiel)", "classic": "Klondike (classic)"}


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    return KlondikeState(variant or "braillespiel", options_for(variant, options), seed)


def _narrator(state: GameState[Any], voice: Voice) -> KlondikeNarrator:
    return KlondikeNarrator(voice.lang, voice.verbosity, card_names=voice.card_names)


DESCRIPTION = register_game(
    GameDescription(
        name="klondike",
        title="Klondike",
        menu_item="Play Klondike",
        rules_item="Klondike",
        package=__name__,
        order=4,
        errors=ERRORS,
        aliases=("patience", "patiencen", "solitaire"),
        min_players=1,
        max_players=1,
        new_state=_new_state,
        state_from_json=KlondikeState.from_json,
        action_to_json=action_to_json,
        action_from_json=action_from_json,
        parse_scenario=parse_scenario,
        script_to_json=script_to_json,
        script_from_json=script_from_json,
        narrator=_narrator,
        controller=KlondikeController,
        commands=COMMANDS,
        phases=((PLAYING, "Playing Klondike"),),
        variants=tuple(Variant(name, TITLES[name]) for name in VARIANTS),
        variant_setting="variant",
        default_variants={"de": "braillespiel", "en": "classic"},
        option_specs=OPTION_SPECS,
        read_line=read_line,
        solve=solve_deals,
        settings_menu=(
            ("auto_foundation", "Klondike, cards to the foundations by themselves: {value}", (False, True)),
        ),
        settings=(
            Setting("variant", "klondike", "variant", choice(*VARIANTS), ", ".join(VARIANTS), None),
            Setting("auto_foundation", "klondike", "auto_foundation", flag, "true or false", False),
            Setting("winnable_only", "klondike", "winnable_only", flag, "true or false", False),
        ),
    )
)

__all__ = ["DESCRIPTION"]
