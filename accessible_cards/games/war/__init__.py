"""War (Krieg): the rules, the narrator, the keys and the scenario files of one game, registered by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import Event, GameState, flag, whole_number
from accessible_cards.game import Controller, Controls, GameDescription, Scenario, Voice, register_game
from accessible_cards.settings import Setting

from .basics import COMMANDS, OPTION_SPECS, QUIZ, WAR
from .refusals import ERRORS

# The rules engine, the narrator, the controller and the simulation load when a game first needs them
# (inside the functions below), so that the command line's help and the first menu start at once.


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    from .state import WarOptions, WarState

    return WarState(players, WarOptions.from_mapping(options), seed)


def _narrator(state: GameState[Any], voice: Voice) -> Any:
    from .narrator import WarNarrator

    return WarNarrator(voice.lang, voice.verbosity, len(voice.names), list(voice.names), you=voice.you)


def _action_to_json(action: Any) -> Any:
    return "turn"


def _action_from_json(data: Any, where: str) -> Any:
    if data != "turn":
        raise ValueError(f'{where} must be "turn"')
    from .state import TURN

    return TURN


def _state_from_json(data: Mapping[str, Any]) -> GameState[Any]:
    from .state import WarState

    return WarState.from_json(data)


def _parse_scenario(data: Mapping[str, Any]) -> Scenario:
    from .scenario import parse_scenario

    return parse_scenario(data)


def _controller(controls: Controls, narrator: Any) -> Controller:
    from .controller import WarController

    return WarController(controls, narrator)


def _describe(event: Event, view: Any) -> str | None:
    from .text import describe

    return describe(event, view)


def _simulate(**given: Any) -> dict[str, Any]:
    from .simulate import simulate_war

    return simulate_war(**given)


def _figures_lines(figures: Mapping[str, Any]) -> list[str]:
    from .simulate import figures_lines

    return figures_lines(figures)


def _no_script(moves: Sequence[Any]) -> Any:
    return None


def _read_no_script(data: Any) -> list[Any]:
    if data is not None:
        raise ValueError("War scenarios have no scripted moves")
    return []


DESCRIPTION = register_game(
    GameDescription(
        name="war",
        title="War",
        menu_item="Play War",
        rules_item="War",
        package=__name__,
        errors=ERRORS,
        order=1,
        aliases=("krieg",),
        new_state=_new_state,
        state_from_json=_state_from_json,
        action_to_json=_action_to_json,
        action_from_json=_action_from_json,
        parse_scenario=_parse_scenario,
        script_to_json=_no_script,
        script_from_json=_read_no_script,
        narrator=_narrator,
        describe=_describe,
        simulate=_simulate,
        figures_lines=_figures_lines,
        controller=_controller,
        commands=COMMANDS,
        phases=((WAR, "Playing War"), (QUIZ, "The War quiz")),
        option_specs=OPTION_SPECS,
        one_move=True,
        settings_menu=(("quiz", "War quiz: {value}", (False, True)),),
        settings=(
            Setting("face_down", "war", "face_down", whole_number(0, 10), "0 to 10", 3),
            Setting("quiz", "war", "quiz", flag, "true or false", False),
        ),
    )
)

__all__ = ["DESCRIPTION"]
