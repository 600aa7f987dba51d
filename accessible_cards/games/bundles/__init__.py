"""The Stealing Bundles family: the rules and presets, the narrator, the keys, the computer players, registered."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import GameState, choice
from accessible_cards.game import GameDescription, Variant, Voice, register_game
from accessible_cards.keys import CHOICE, HANDOFF
from accessible_cards.settings import Setting

from . import text
from .ai import OFFERED_LEVELS, available_levels, make_player
from .controller import BUNDLES, COMMANDS, BundlesController
from .match import BundlesMatchState
from .match import new_state as match_or_game
from .match import state_from_json as bundles_from_json
from .narrator import BundlesNarrator
from .rules import OPTION_SPECS, TITLES, VARIANTS, BundlesAction, BundlesOptions
from .scenario import BundlesMove, parse_scenario, script_from_json, script_to_json
from .simulate import figures_lines, simulate_bundles
from .state import BundlesState
from .tutorial import TUTORIAL


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    given = {"players": players, **options}  # an option given by name (--set players=...) is checked as such
    return match_or_game(BundlesOptions.preset(variant or "standard", given), seed)


def _narrator(state: GameState[Any], voice: Voice) -> BundlesNarrator:
    assert isinstance(state, (BundlesState, BundlesMatchState))
    return BundlesNarrator(
        voice.lang, voice.verbosity, state.options.deck, list(voice.names), voice.card_names, you=voice.you,
        options=state.options,
    )  # fmt: skip


def _action_to_json(action: Any) -> Any:
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
    return BundlesAction(
        card=_whole(data.get("card"), f"{where}.card"),
        steal=None if steal is None else _whole(steal, f"{where}.steal"),
        source=_whole(data.get("source"), f"{where}.source"),
        bundle=_whole(data.get("bundle"), f"{where}.bundle"),
        capture=tuple(_whole(card, f"{where}.capture") for card in capture),
        wild=wild,
    )


def _script_to_json(moves: Sequence[Any]) -> Any:
    return script_to_json([move for move in moves if isinstance(move, BundlesMove)])


DESCRIPTION = register_game(
    GameDescription(
        name="bundles",
        title="Stealing Bundles",
        menu_item="Play Stealing Bundles or one of its family",
        rules_item="Stealing Bundles and its family",
        package=__name__,
        order=2,
        aliases=("stealing-bundles", "bündel"),
        new_state=_new_state,
        state_from_json=bundles_from_json,
        action_to_json=_action_to_json,
        action_from_json=_action_from_json,
        parse_scenario=parse_scenario,
        script_to_json=_script_to_json,
        script_from_json=script_from_json,
        narrator=_narrator,
        describe=text.describe,
        simulate=simulate_bundles,
        figures_lines=figures_lines,
        controller=BundlesController,
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
        levels={level: functools.partial(make_player, level) for level in available_levels()},
        offered_levels=OFFERED_LEVELS,
        default_level="medium",
        level_setting="computer",
        variant_setting="variant",
        private_hands=True,
        tutorial=TUTORIAL,
    )
)
