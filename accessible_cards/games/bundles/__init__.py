"""The Stealing Bundles family: the rules and presets, the narrator, the keys, the computer players, registered."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import Event, GameState, choice
from accessible_cards.game import (
    Controller,
    Controls,
    GameDescription,
    Player,
    Scenario,
    Variant,
    Voice,
    register_game,
)
from accessible_cards.keys import CHOICE, HANDOFF
from accessible_cards.settings import Setting

from .basics import BUNDLES, COMMANDS, LEVELS, OFFERED_LEVELS, OPTION_SPECS, TITLES, VARIANTS
from .refusals import ERRORS
from .tutorial import TUTORIAL

# The rules engine, the narrator, the computer players, the controller and the simulation load when a game
# first needs them (inside the functions below), so that the command line's help and the first menu start at once.


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    from .match import new_state as match_or_game
    from .rules import BundlesOptions

    given = {"players": players, **options}  # an option given by name (--set players=...) is checked as such
    return match_or_game(BundlesOptions.preset(variant or "standard", given), seed)


def _narrator(state: GameState[Any], voice: Voice) -> Any:
    from .match import BundlesMatchState
    from .narrator import BundlesNarrator
    from .state import BundlesState

    assert isinstance(state, (BundlesState, BundlesMatchState))
    return BundlesNarrator(
        voice.lang, voice.verbosity, state.options.deck, list(voice.names), voice.card_names, you=voice.you,
        options=state.options,
    )  # fmt: skip


def _action_to_json(action: Any) -> Any:
    from .rules import BundlesAction

    assert isinstance(action, BundlesAction)
    return {
        "card": action.card,
        "steal": action.steal,
        "source": action.source,
        "bundle": action.bundle,
        "capture": list(action.capture),
        "wild": action.wild,
    }


def _whole(value: Any, where: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{where} must be a whole number")
    if value < low:
        raise ValueError(f"{where} is out of range")
    return value


def _action_from_json(data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{where} must be an object")
    steal = data.get("steal")
    capture = data.get("capture")
    if not isinstance(capture, list):
        raise ValueError(f"{where}.capture must be a list")
    wild = data.get("wild")
    if not isinstance(wild, bool):
        raise ValueError(f"{where}.wild must be true or false")
    from .rules import BundlesAction

    return BundlesAction(
        card=_whole(data.get("card"), f"{where}.card"),
        steal=None if steal is None else _whole(steal, f"{where}.steal"),
        source=_whole(data.get("source"), f"{where}.source"),
        bundle=_whole(data.get("bundle"), f"{where}.bundle"),
        capture=tuple(_whole(card, f"{where}.capture") for card in capture),
        wild=wild,
    )


def _script_to_json(moves: Sequence[Any]) -> Any:
    from .scenario import BundlesMove, script_to_json

    return script_to_json([move for move in moves if isinstance(move, BundlesMove)])


def _script_from_json(data: Any) -> list[Any]:
    from .scenario import script_from_json

    return list(script_from_json(data))


def _state_from_json(data: Mapping[str, Any]) -> GameState[Any]:
    from .match import state_from_json

    return state_from_json(data)


def _parse_scenario(data: Mapping[str, Any]) -> Scenario:
    from .scenario import parse_scenario

    return parse_scenario(data)


def _controller(controls: Controls, narrator: Any) -> Controller:
    from .controller import BundlesController

    return BundlesController(controls, narrator)


def _describe(event: Event, view: Any) -> str | None:
    from .text import describe

    return describe(event, view)


def _make_player(level: str, seed: int) -> Player:
    from .ai import make_player

    return make_player(level, seed)


def _simulate(**given: Any) -> dict[str, Any]:
    from .simulate import simulate_bundles

    return simulate_bundles(**given)


def _figures_lines(figures: Mapping[str, Any]) -> list[str]:
    from .simulate import figures_lines

    return figures_lines(figures)


DESCRIPTION = register_game(
    GameDescription(
        name="bundles",
        title="Stealing Bundles",
        menu_item="Play Stealing Bundles or one of its family",
        rules_item="Stealing Bundles and its family",
        package=__name__,
        errors=ERRORS,
        order=2,
        aliases=("stealing-bundles", "bündel"),
        new_state=_new_state,
        state_from_json=_state_from_json,
        action_to_json=_action_to_json,
        action_from_json=_action_from_json,
        parse_scenario=_parse_scenario,
        script_to_json=_script_to_json,
        script_from_json=_script_from_json,
        narrator=_narrator,
        describe=_describe,
        simulate=_simulate,
        figures_lines=_figures_lines,
        controller=_controller,
        commands=COMMANDS,
        phases=((BUNDLES, "Playing Stealing Bundles"),),
        reference_phases=(
            (BUNDLES, "Playing Stealing Bundles"),
            (CHOICE, "When a card can do more than one thing"),
            (HANDOFF, "Passing the keyboard"),
        ),
        variants=tuple(Variant(name, TITLES[name]) for name in VARIANTS),
        option_specs=OPTION_SPECS,
        settings_menu=(("computer", "Computer player: {value}", OFFERED_LEVELS),),
        settings=(
            Setting("variant", "bundles", "variant", choice(*VARIANTS), ", ".join(VARIANTS), "standard"),
            Setting(
                "computer",
                "bundles",
                "computer",
                choice(*OFFERED_LEVELS, "simple", "random"),
                "easy, medium or hard (also simple or random)",
                "medium",
            ),
        ),
        levels={level: functools.partial(_make_player, level) for level in LEVELS},
        offered_levels=OFFERED_LEVELS,
        default_level="medium",
        level_setting="computer",
        variant_setting="variant",
        private_hands=True,
        tutorial=TUTORIAL,
    )
)
