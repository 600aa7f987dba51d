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

from typing import TYPE_CHECKING

from .. import game as registry
from ..errors import CardsError
from ..game import Scenario
from ..scenario import load
from ..table import SCRIPT, Seat, Table
from .game_screen import GameScreen
from .messages import Translate, error_text
from .request import GameRequest

if TYPE_CHECKING:
    from .app import App  # the app opens this module's screens; they only call its methods


def scenario_request(path: str) -> GameRequest:
    """The game a scenario file asks for, after checking that it plays (a ScenarioError otherwise)."""
    scenario = load(path)
    check(scenario)
    state = scenario.state
    return GameRequest(state.game, state.players, 1, state.variant, state.seed, scenario=path)


def check(scenario: Scenario) -> None:
    """Play a scenario's moves on its state, as ``replay`` does: a bad move raises a ScenarioError."""
    state = scenario.state
    if scenario.moves is None:
        return
    table = Table(registry.get(state.game), state, [Seat(SCRIPT)] * state.players, scenario.moves, record=False)
    table.start()
    table.play_script()


def scenario_screen(app: App, request: GameRequest) -> GameScreen:
    """The screen that plays the scenario file of ``request``: its deal, its script, Player 1 at the keyboard."""
    scenario = load(request.scenario or "")
    return GameScreen(app, request, scenario=scenario)


# -- why a scenario cannot be played, in the player's language -------------------------------------------


def scenario_reason(error: CardsError, t: Translate) -> str:
    """Why a scenario file cannot be played, as one sentence in the catalog's language.

    ``t`` is a catalog's ``text``; :data:`~.messages.ERRORS` words the error. A refusal it does not
    know is said as a general sentence, never as the error's English text.
    """
    return error_text(error, t) or t("This scenario cannot be played as written; accessible-cards replay says why.")
