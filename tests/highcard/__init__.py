"""High Card, a tiny game for the tests: each player turns one card, the highest wins the round.

It joins the program as any game outside the package does, through the
environment: ``ACCESSIBLE_CARDS_GAMES=highcard`` with this folder's parent on
``PYTHONPATH``. This module registers its description, as a real game's
package does; nothing outside this package and the catalogs names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import GameState
from accessible_cards.game import GameDescription, Voice, register_game

from .controller import COMMANDS, PLAYING, HighCardController
from .narrator import HighCardNarrator
from .players import LEVELS, SimplePlayer
from .scenario import ERRORS, parse_scenario
from .simulate import figures_lines, simulate
from .state import OPTION_SPECS, HighCardState, Turn


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    return HighCardState(players, options, seed)


def _state_from_json(data: Mapping[str, Any]) -> GameState[Any]:
    return HighCardState.from_json(data)


def _narrator(state: GameState[Any], voice: Voice) -> HighCardNarrator:
    return HighCardNarrator(voice.lang, voice.verbosity, voice.names, you=voice.you, card_names=voice.card_names)


def _action_to_json(action: Any) -> Any:
    assert isinstance(action, Turn)
    return {"seat": action.seat}


def _action_from_json(data: Any, where: str) -> Any:
    seat = data.get("seat") if isinstance(data, dict) and set(data) == {"seat"} else None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        raise ValueError(f'{where} must be {{"seat": N}}, the seat that turns its card')
    return Turn(seat)


def _no_script(moves: Sequence[Any]) -> Any:
    return None


def _read_no_script(data: Any) -> list[Any]:
    if data is not None:
        raise ValueError("High Card scenarios have no scripted moves")
    return []


DESCRIPTION = register_game(
    GameDescription(
        name="highcard",
        title="High Card",
        menu_item="Play High Card",
        rules_item="High Card",
        package=__name__,
        errors=ERRORS,
        aliases=("high-card", "höchste-karte"),
        new_state=_new_state,
        state_from_json=_state_from_json,
        action_to_json=_action_to_json,
        action_from_json=_action_from_json,
        parse_scenario=parse_scenario,
        script_to_json=_no_script,
        script_from_json=_read_no_script,
        narrator=_narrator,
        controller=HighCardController,
        commands=COMMANDS,
        phases=((PLAYING, "Playing High Card"),),
        option_specs=OPTION_SPECS,
        order=900,
        levels={level: SimplePlayer for level in LEVELS},
        default_level="simple",
        simulate=simulate,
        figures_lines=figures_lines,
    )
)

__all__ = ["DESCRIPTION"]
