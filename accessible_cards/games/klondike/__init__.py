"""Klondike (Patience): the seed's game (``braillespiel``) and the ``classic`` one, registered by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import GameState, OptionSpec, choice, flag, one_of, parse_options
from accessible_cards.errors import OptionError
from accessible_cards.game import Controller, Controls, GameDescription, Scenario, Variant, Voice, register_game
from accessible_cards.keys import Typed
from accessible_cards.settings import Setting

from .basics import COMMANDS, DEFAULT_MINUTES, PLAYING, RACE_MINUTES, RACE_VARIANTS
from .rules import OPTION_SPECS, VARIANTS, options_for
from .text import ERRORS

# The rules engine, the narrator, the race, the solver and the controller load when a game first needs them
# (inside the functions below), so that the command line's help and the first menu start at once.

TITLES = {
    "braillespiel": "Klondike (Braillespiel)",
    "classic": "Klondike (classic)",
    "race": "Klondike race against the clock (Braillespiel)",
    "classic_race": "Klondike race against the clock (classic)",
}
ALL_VARIANTS = (*VARIANTS, *RACE_VARIANTS)
MINUTES_ALLOWED = ", ".join(str(m) for m in RACE_MINUTES)
RACE_SPECS = (
    OptionSpec("race_minutes", DEFAULT_MINUTES, one_of(*RACE_MINUTES), MINUTES_ALLOWED),
    OptionSpec("race_together", False, flag, "true or false"),
    OptionSpec("network_table", False, flag, "true or false"),
)
"""A race's own options: the minutes each racer has; ``race_together`` and ``network_table`` are set by a
network table."""
_RACE_NAMES = tuple(spec.name for spec in RACE_SPECS)


def _new_state(players: int, variant: str | None, options: Mapping[str, Any], seed: int) -> GameState[Any]:
    rules = {name: value for name, value in options.items() if name not in _RACE_NAMES}
    race = parse_options(RACE_SPECS, {name: value for name, value in options.items() if name in _RACE_NAMES})
    from .race import RaceState
    from .state import KlondikeState

    base = options_for(RACE_VARIANTS.get(variant, variant) if variant is not None else None, rules)
    if race["network_table"] and base.winnable_only:
        # the list of winnable deals is public: from a seat's face-up cards a child could look up the whole deal
        raise OptionError("error-klondike-winnable-network", "winnable_only is not offered at a network table")
    if variant is not None and variant in RACE_VARIANTS:
        return RaceState(variant, base, seed, int(race["race_minutes"]), bool(race["race_together"]), max(players, 2))
    return KlondikeState(variant or "braillespiel", base, seed)


def _state_from_json(data: Mapping[str, Any]) -> GameState[Any]:
    from .race import RaceState
    from .state import KlondikeState

    if "race" in data:
        return RaceState.from_json(data)
    return KlondikeState.from_json(data)


def _narrator(state: GameState[Any], voice: Voice) -> Any:
    from .narrator import KlondikeNarrator
    from .race import RaceState
    from .race_play import RaceNarrator

    if isinstance(state, RaceState):
        return RaceNarrator(state, voice)
    return KlondikeNarrator(voice.lang, voice.verbosity, card_names=voice.card_names)


def _controller(controls: Controls, narrator: Any) -> Controller:
    from .controller import KlondikeController
    from .race_play import RaceController, RaceNarrator

    if isinstance(narrator, RaceNarrator):
        return RaceController(controls, narrator)
    return KlondikeController(controls, narrator)


def _action_to_json(action: Any) -> Any:
    from .race import race_action_to_json

    return race_action_to_json(action)


def _action_from_json(data: Any, where: str) -> Any:
    from .race import race_action_from_json

    return race_action_from_json(data, where)


def _view_aged(view: Any, seconds: float) -> Any:
    from .race import view_aged

    return view_aged(view, seconds)


def _parse_scenario(data: Mapping[str, Any]) -> Scenario:
    from .scenario import parse_scenario

    return parse_scenario(data)


def _script_to_json(moves: Sequence[Any]) -> Any:
    from .scenario import script_to_json

    return script_to_json(moves)


def _script_from_json(data: Any) -> list[Any]:
    from .scenario import script_from_json

    return script_from_json(data)


def _read_line(text: str, lang: str) -> Typed | None:
    from .controller import read_line

    return read_line(text, lang)


def _solve(**given: Any) -> Any:
    from .deals import solve_deals

    return solve_deals(**given)


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
        max_players=2,
        variant_players={**{name: 1 for name in VARIANTS}, **{name: 2 for name in RACE_VARIANTS}},
        network_options={"race_together": True, "network_table": True},
        view_aged=_view_aged,
        private_hands=True,
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
        phases=((PLAYING, "Playing Klondike"),),
        variants=tuple(Variant(name, TITLES[name]) for name in ALL_VARIANTS),
        variant_setting="variant",
        default_variants={"de": "braillespiel", "en": "classic"},
        option_specs=(*OPTION_SPECS, RACE_SPECS[0]),
        read_line=_read_line,
        solve=_solve,
        settings_menu=(
            ("auto_foundation", "Klondike, cards to the foundations by themselves: {value}", (False, True)),
            ("race_minutes", "Klondike race, minutes for each player: {value}", RACE_MINUTES),
        ),
        settings=(
            Setting("variant", "klondike", "variant", choice(*ALL_VARIANTS), ", ".join(ALL_VARIANTS), None),
            Setting("auto_foundation", "klondike", "auto_foundation", flag, "true or false", False),
            Setting("winnable_only", "klondike", "winnable_only", flag, "true or false", False),
            Setting(
                "race_minutes", "klondike", "race_minutes", one_of(*RACE_MINUTES), MINUTES_ALLOWED, DEFAULT_MINUTES
            ),
        ),
    )
)

__all__ = ["DESCRIPTION"]
