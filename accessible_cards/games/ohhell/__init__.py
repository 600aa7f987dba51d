"""Stiche-Raten (Oh Hell): bid the tricks you will take, then take exactly that many; registered here."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import GameState, choice
from accessible_cards.game import GameDescription, Voice, register_game
from accessible_cards.keys import HANDOFF
from accessible_cards.settings import Setting

from .ai import LEVELS, OFFERED_LEVELS, make_player
from .controller import COMMANDS, PLAYING, SHEET, OhHellController
from .narrator import OhHellNarrator
from .scenario import parse_scenario, script_from_json, script_to_json
from .sheet import score_sheet
from .simulate import figures_lines, simulate_ohhell
from .state import BID, MAX_PLAYERS, MIN_PLAYERS, OPTION_SPECS, TRUMP, OhHellState
from .text import ERRORS


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    return OhHellState(players, options, seed)


def _narrator(state: GameState[Any], voice: Voice) -> OhHellNarrator:
    assert isinstance(state, OhHellState)
    return OhHellNarrator(
        voice.lang,
        voice.verbosity,
        list(voice.names),
        you=voice.you,
        card_names=voice.card_names,
        pack=state.options["pack"],
    )


def _action_to_json(action: Any) -> Any:
    assert isinstance(action, int)
    if action >= TRUMP:
        return {"trump": action - TRUMP}
    if action >= BID:
        return {"bid": action - BID}
    return {"card": action}


def _action_from_json(data: Any, where: str) -> Any:
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError(f'{where} must be {{"card": N}}, {{"bid": N}} or {{"trump": N}}')
    ((key, value),) = data.items()
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}.{key} must be a whole number")
    if key == "card" and value < 64:
        return value
    if key == "bid" and value <= 21:
        return BID + value
    if key == "trump" and value < 4:
        return TRUMP + value
    raise ValueError(f'{where} must be {{"card": 0-63}}, {{"bid": 0-21}} or {{"trump": 0-3}}')


def _script_to_json(moves: Sequence[Any]) -> Any:
    return script_to_json(moves)


DESCRIPTION = register_game(
    GameDescription(
        name="ohhell",
        title="Stiche-Raten",
        menu_item="Play Stiche-Raten (Oh Hell)",
        rules_item="Stiche-Raten (Oh Hell)",
        package=__name__,
        order=3,
        aliases=("stiche-raten", "oh-hell", "stiche"),
        new_state=_new_state,
        state_from_json=OhHellState.from_json,
        action_to_json=_action_to_json,
        action_from_json=_action_from_json,
        parse_scenario=parse_scenario,
        script_to_json=_script_to_json,
        script_from_json=script_from_json,
        narrator=_narrator,
        controller=OhHellController,
        commands=COMMANDS,
        phases=((PLAYING, "Playing Stiche-Raten"), (SHEET, "Reading the score sheet")),
        reference_phases=(
            (PLAYING, "Playing Stiche-Raten"),
            (SHEET, "Reading the score sheet"),
            (HANDOFF, "Passing the keyboard"),
        ),
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        option_specs=OPTION_SPECS,
        settings_menu=(("computer", "Computer player: {value}", OFFERED_LEVELS),),
        settings=(
            Setting(
                "computer",
                "ohhell",
                "computer",
                choice(*LEVELS),
                "easy, medium or hard (also simple or random)",
                "medium",
            ),
        ),
        levels={level: functools.partial(make_player, level) for level in LEVELS},
        offered_levels=OFFERED_LEVELS,
        default_level="medium",
        level_setting="computer",
        private_hands=True,
        errors=ERRORS,
        score_sheet=score_sheet,
        simulate=simulate_ohhell,
        figures_lines=figures_lines,
    )
)
