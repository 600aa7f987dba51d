"""War (Krieg): the rules, the narrator, the keys and the scenario files of one game, registered by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import GameState, flag, whole_number
from accessible_cards.game import GameDescription, Voice, register_game
from accessible_cards.settings import Setting

from . import text
from .controller import COMMANDS, QUIZ, WAR, WarController
from .narrator import WarNarrator
from .scenario import parse_scenario
from .simulate import figures_lines, simulate_war
from .state import OPTION_SPECS, TURN, WarOptions, WarState


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    return WarState(players, WarOptions.from_mapping(options), seed)


def _narrator(state: GameState[Any], voice: Voice) -> WarNarrator:
    return WarNarrator(voice.lang, voice.verbosity, len(voice.names), list(voice.names), you=voice.you)


def _action_to_json(action: Any) -> Any:
    return "turn"


def _action_from_json(data: Any, where: str) -> Any:
    if data != "turn":
        raise ValueError(f'{where} must be "turn"')
    return TURN


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
        order=1,
        aliases=("krieg",),
        new_state=_new_state,
        state_from_json=WarState.from_json,
        action_to_json=_action_to_json,
        action_from_json=_action_from_json,
        parse_scenario=parse_scenario,
        script_to_json=_no_script,
        script_from_json=_read_no_script,
        narrator=_narrator,
        describe=text.describe,
        simulate=simulate_war,
        figures_lines=figures_lines,
        controller=WarController,
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
