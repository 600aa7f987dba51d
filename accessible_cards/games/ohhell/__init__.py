"""Stiche-Raten (Oh Hell): bid the tricks you will take, then take exactly that many; registered here."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from accessible_cards.engine import GameState, choice
from accessible_cards.game import (
    Controller,
    Controls,
    GameDescription,
    Player,
    Scenario,
    ScoreSheet,
    Voice,
    register_game,
)
from accessible_cards.keys import HANDOFF
from accessible_cards.settings import Setting

from .basics import BID, COMMANDS, LEVELS, MAX_PLAYERS, MIN_PLAYERS, OFFERED_LEVELS, OPTION_SPECS, PLAYING, SHEET, TRUMP
from .text import ERRORS

# The rules engine, the narrator, the computer players, the controller and the simulation load when a game
# first needs them (inside the functions below), so that the command line's help and the first menu start at once.


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    from .state import OhHellState

    return OhHellState(players, options, seed)


def _narrator(state: GameState[Any], voice: Voice) -> Any:
    from .narrator import OhHellNarrator
    from .state import OhHellState

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
    from .scenario import script_to_json

    return script_to_json(moves)


def _script_from_json(data: Any) -> list[Any]:
    from .scenario import script_from_json

    return script_from_json(data)


def _state_from_json(data: Mapping[str, Any]) -> GameState[Any]:
    from .state import OhHellState

    return OhHellState.from_json(data)


def _parse_scenario(data: Mapping[str, Any]) -> Scenario:
    from .scenario import parse_scenario

    return parse_scenario(data)


def _controller(controls: Controls, narrator: Any) -> Controller:
    from .controller import OhHellController

    return OhHellController(controls, narrator)


def _make_player(level: str, seed: int) -> Player:
    from .ai import make_player

    return make_player(level, seed)


def _score_sheet(state: GameState[Any], t: Callable[..., str], names: Sequence[str]) -> ScoreSheet:
    from .sheet import score_sheet

    return score_sheet(state, t, names)


def _simulate(**given: Any) -> dict[str, Any]:
    from .simulate import simulate_ohhell

    return simulate_ohhell(**given)


def _figures_lines(figures: Mapping[str, Any]) -> list[str]:
    from .simulate import figures_lines

    return figures_lines(figures)


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
        state_from_json=_state_from_json,
        action_to_json=_action_to_json,
        action_from_json=_action_from_json,
        parse_scenario=_parse_scenario,
        script_to_json=_script_to_json,
        script_from_json=_script_from_json,
        narrator=_narrator,
        controller=_controller,
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
        levels={level: functools.partial(_make_player, level) for level in LEVELS},
        offered_levels=OFFERED_LEVELS,
        default_level="medium",
        level_setting="computer",
        private_hands=True,
        errors=ERRORS,
        score_sheet=_score_sheet,
        simulate=_simulate,
        figures_lines=_figures_lines,
    )
)
