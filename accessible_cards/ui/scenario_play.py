"""A scenario file played at the keyboard (``accessible-cards play --scenario FILE``): lessons and bug reports.

Decisions (``docs/lessons/`` and ``accessible-cards play --help`` say the same):

- The game starts from the scenario's deal: its cards, options, dealer and seed.
- The person at the keyboard plays seat 0 (Player 1, spoken to as "you");
  every other seat is a computer player.
- A bundles scenario's moves are a script. The computer seats' moves are
  played and announced as they come, up to the first move of seat 0: there
  the person takes over. While the person plays the script's card (with its
  choices), the script goes on and the computers answer as scripted; as soon
  as the person plays something else, the computers choose for themselves.
  So a lesson can set up a position (the computer takes a six, so its bundle
  shows a six) and say exactly what follows the right play. Without moves the
  computers choose from the deal on.
- War has no choices: the scenario fixes the piles, and Enter turns up the cards.
- The whole scenario is checked before the game starts, scripted moves
  included; a file that cannot be played is refused with one line in the
  player's language (:func:`scenario_reason`).
- "Play again" starts the same scenario again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import game as registry
from ..errors import CardsError, ScenarioError
from ..game import Scenario
from ..scenario import load
from .app import App, GameRequest, shown
from .game_screen import GameScreen


def scenario_request(path: str) -> GameRequest:
    """The game a scenario file asks for, after checking that it plays (a ScenarioError otherwise)."""
    scenario = load(path)
    check(scenario)
    state = scenario.state
    variant = getattr(getattr(state, "options", None), "variant", None)
    return GameRequest(state.game, state.players, 1, variant, getattr(state, "seed", None), scenario=path)


def check(scenario: Scenario) -> None:
    """Play a scenario's moves on its state, as ``replay`` does: a bad move raises a ScenarioError."""
    state = scenario.state
    if scenario.moves is None:
        return
    state.start()
    for move in scenario.moves:
        if state.result is not None:
            raise ScenarioError(
                "error-scenario-move",
                f"move {move.number}: the game is over",
                move=move.number,
                reason="game over",
                cause="error-game-over",
            )
        state.apply(move.action(state))


def scenario_screen(app: App, request: GameRequest) -> GameScreen:
    """The screen that plays the scenario file of ``request``: its deal, its script, Player 1 at the keyboard."""
    scenario = load(request.scenario or "")
    return GameScreen(app, request, scenario=scenario)


# -- why a scenario cannot be played, in the player's language -------------------------------------------

Translate = Callable[..., str]


_FROM_THE_FILE = ("code", "key", "value", "game", "name", "card", "choice")


def scenario_reason(error: CardsError, t: Translate) -> str:
    """Why a scenario file cannot be played, as one sentence in the catalog's language.

    ``t`` is a catalog's ``text``. A refusal this does not know is said as the
    error's own English sentence.
    """
    p: dict[str, Any] = {  # what the file says is said short and plain
        name: shown(value) if name in _FROM_THE_FILE and isinstance(value, str) else value
        for name, value in error.params.items()
    }
    texts: dict[str, Callable[[], str]] = {
        "error-scenario-size": lambda: t("{path}: too large for a scenario file (at most 1 MiB).", **p),
        "error-scenario-missing": lambda: t("{path}: no such file.", **p),
        "error-scenario-folder": lambda: t("{path}: is a folder, not a scenario file.", **p),
        "error-scenario-not-file": lambda: t("{path}: is a device or a pipe, not a scenario file.", **p),
        "error-scenario-limits": lambda: t("{path}: nested too deeply, or holds a number too long to read.", **p),
        "error-scenario-unreadable": lambda: t("{path}: cannot be read.", **p),
        "error-scenario-encoding": lambda: t("{path}: not UTF-8 text.", **p),
        "error-scenario-json": lambda: t("{path}: not valid JSON at line {line}, column {column}.", **p),
        "error-scenario-object": lambda: t("A scenario must be a JSON object."),
        "error-scenario-game": lambda: t("Unknown game '{game}'; scenarios exist for war and bundles.", **p),
        "error-scenario-key": lambda: t("Unknown key '{key}'; this scenario takes: {known}.", **p),
        "error-scenario-number": lambda: _number(p, t),
        "error-scenario-lists": lambda: t("'{key}' must be a list of lists of card codes.", **p),
        "error-scenario-code": lambda: t("{code} in '{key}' is not a card code.", **p),
        "error-scenario-options": lambda: t("'options' must be a JSON object."),
        "error-scenario-aside": lambda: t("'set_aside' needs 'piles' beside it."),
        "error-scenario-seed": lambda: t(
            "The scenario needs its cards ('piles' for War, 'hands' for bundles) or a 'seed' to deal from."
        ),
        "error-scenario-pile-count": lambda: t("{piles} piles for {players} players: give one pile per player.", **p),
        "error-scenario-players": lambda: t("War is for 2 to 4 players, not {players}.", **p),
        "error-scenario-empty-pile": lambda: t(
            "Player {number}'s pile is empty: every player needs at least one card.", number=int(p["seat"]) + 1
        ),
        "error-scenario-variant": lambda: t(
            "Unknown variant '{value}'; the variants are: {known}.",
            value=p["value"],
            known=", ".join(_variants()),
        ),
        "error-scenario-players-twice": lambda: t("'players' and the 'players' option disagree."),
        "error-scenario-hands": lambda: t("'{key}' needs 'hands' beside it.", **p),
        "error-scenario-hand-count": lambda: t("{hands} hands for {players} players: give one hand per player.", **p),
        "error-scenario-no-cards": lambda: t("The scenario lists no cards."),
        "error-scenario-moves": lambda: t("'moves' must be a list of moves, each with its 'card'."),
        "error-scenario-move": lambda: t("Move {move}: {reason}", move=p["move"], reason=_move_reason(p, t)),
        "error-card-code": lambda: t(
            "{code} is not a card code: a rank A, 2 to 9, T, J, Q or K, then a suit S, H, D or C, such as 7H.", **p
        ),
        "error-number-code": lambda: t("{code} is not a number card (1 to 13).", **p),
        "error-card-not-in-deck": lambda: t("{code} is not in the {deck} deck.", **p),
        "error-card-twice": lambda: t("{code} is listed twice.", **p),
        "error-number-too-often": lambda: t("{code} is listed more than {copies} times.", **p),
        "error-deck-kind": lambda: t("'{value}' is not a deck: french52, italian40, spanish40 or numbers.", **p),
        "error-option-unknown": lambda: t("Unknown option '{name}'; the options are: {known}.", **p),
        "error-option-value": lambda: t("The option '{name}' does not take {value}; it takes {allowed}.", **p),
        "error-variant": lambda: t("Unknown variant '{value}'; the variants are: {known}.", **p),
        "error-players": lambda: t("War is for 2 to 4 players, not {players}.", players=p.get("value", "")),
        "error-bundles-deal": lambda: t(
            "{players} hands of {hand} cards and 4 table cards do not fit in the deck.", **p
        ),
        "error-dealer": lambda: t("There is no seat {seat} to deal.", **p),
    }
    make = texts.get(error.msg_id)
    if make is None:
        return str(error)
    try:
        return make()
    except (KeyError, ValueError):
        return str(error)


def _number(p: dict[str, Any], t: Translate) -> str:
    if p.get("high") is None:
        return t("'{key}' must be a whole number from {low} up, not {value}.", **p)
    return t("'{key}' must be a whole number from {low} to {high}, not {value}.", **p)


def _move_reason(p: dict[str, Any], t: Translate) -> str:
    """The reason a scripted move cannot be played; the English reason when it has no translation."""
    cause = p.get("cause")
    if cause == "error-not-in-hand":
        return t("{card} is not in the hand of Player {number}.", card=p["card"], number=int(p["seat"]) + 1)
    if cause == "error-bundles-choice":
        return t("{card} does not allow the choice '{choice}' given here.", card=p["card"], choice=p["choice"])
    if cause == "error-bundles-choice-needed":
        return t("{card} needs a choice the move does not give: '{choice}'.", card=p["card"], choice=p["choice"])
    if cause == "error-game-over":
        return t("the game is already over.")
    reason = str(p.get("reason", ""))
    known = {
        "'card' is missing": lambda: t("the move has no 'card'."),
        'a move must be an object such as {"card": "7H"}': lambda: t("a move must be an object with its 'card'."),
        "'capture' must be a list of card codes": lambda: t("'capture' must be a list of card codes."),
        "the bundle in 'steal' must be 0 or 1": lambda: t("the bundle in 'steal' must be 0 or 1."),
        "'steal' must be a seat number (or [seat, bundle])": lambda: t("'steal' must be a seat number."),
        "'bundle' must be 0 or 1": lambda: t("'bundle' must be 0 or 1."),
        "'wild' must be true or false": lambda: t("'wild' must be true or false."),
    }
    make = known.get(reason)
    return make() if make is not None else reason


def _variants() -> list[str]:
    return [variant for game in registry.registered() for variant in game.variant_names()]
