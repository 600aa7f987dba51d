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

import time
from pathlib import Path
from typing import Any

from .. import saves
from ..errors import CardsError, ScenarioError
from ..games.bundles import BundlesState
from ..games.bundles_rules import BundlesAction
from ..games.war import WarState
from ..scenario import BundlesMove, Scenario, load
from .app import App, GameRequest
from .bundles_screen import BundlesScreen
from .game_screen import GameScreen
from .messages import Translate, error_text
from .war_screen import WarScreen


def scenario_request(path: str) -> GameRequest:
    """The game a scenario file asks for, after checking that it plays (a ScenarioError otherwise)."""
    scenario = load(path)
    check(scenario)
    state = scenario.state
    if isinstance(state, BundlesState):
        return GameRequest("bundles", state.players, 1, state.options.variant, state.seed, scenario=path)
    if isinstance(state, WarState):
        return GameRequest("war", state.players, 1, seed=state.seed, scenario=path)
    raise ScenarioError("error-scenario-object", "a scenario must be a JSON object")


def check(scenario: Scenario) -> None:
    """Play a bundles scenario's moves on its state, as ``replay`` does: a bad move raises a ScenarioError."""
    state = scenario.state
    if not isinstance(state, BundlesState) or scenario.moves is None:
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
    """The screen that plays the scenario file of ``request``."""
    path = request.scenario or ""
    scenario = load(path)
    if isinstance(scenario.state, BundlesState):
        return ScenarioBundlesScreen(app, request, scenario)
    return ScenarioWarScreen(app, request, scenario)


def _opening(app: App, request: GameRequest) -> None:
    app.say(app.t("Scenario {name}. You are Player 1.", name=Path(request.scenario or "").name))


class ScenarioBundlesScreen(BundlesScreen):
    """Stealing Bundles from a scenario's deal; its moves are played as a script (see the module's decisions)."""

    def __init__(self, app: App, request: GameRequest, scenario: Scenario) -> None:
        super().__init__(app, request)
        state = scenario.state
        if not isinstance(state, BundlesState):
            raise ScenarioError("error-scenario-game", "not a bundles scenario", game="war")
        self.state = state
        self.options = state.options
        self.narrator = self._narrator()
        self.script: list[BundlesMove] = list(scenario.moves or [])

    def enter(self) -> None:
        if not self.started:
            _opening(self.app, self.request)
        super().enter()

    def before_input(self) -> None:
        """The script's moves for computer seats, then what every game does before a key."""
        state = self.state
        while self.script and state.result is None and self.app.running:
            turn = state.view(0).turn
            if turn is None or turn in self.humans:
                break
            pause = self.app.settings.computer_pause
            if pause > 0:
                time.sleep(pause)
            self.script_move()
        super().before_input()

    def script_move(self, saved: BundlesAction | None = None) -> None:
        """The script's next move, for the computer seat to play; the move is saved.

        Replaying a save, the scripted move must be the ``saved`` one (a SaveError otherwise).
        """
        state = self.state
        action = self.script.pop(0).action(state)
        if saved is not None and action != saved:
            raise saves.SaveError("error-save-moves", "a scripted move is not the saved one")
        self.last_play = []
        events = state.apply(action)
        self.moved(saves.Move(action, "script"), state)  # saved before it is told
        self._tell(events)

    def scripted(self) -> list[Any] | None:
        return self.script

    def _apply(self, action: BundlesAction) -> None:
        """The person's play: the script goes on only while the person plays the scripted move."""
        if self.script:
            try:
                expected = self.script[0].action(self.state)
            except CardsError:
                expected = None
            if action == expected:
                self.script.pop(0)
            else:
                self.script = []
        super()._apply(action)


class ScenarioWarScreen(WarScreen):
    """War from a scenario's piles."""

    def __init__(self, app: App, request: GameRequest, scenario: Scenario) -> None:
        super().__init__(app, request)
        state = scenario.state
        if not isinstance(state, WarState):
            raise ScenarioError("error-scenario-game", "not a War scenario", game="bundles")
        self.state = state

    def enter(self) -> None:
        if not self.started:
            _opening(self.app, self.request)
        super().enter()


# --- a refused scenario, in the player's language -------------------------------------------


def scenario_reason(error: CardsError, t: Translate) -> str:
    """Why a scenario file cannot be played, as one sentence in the catalog's language.

    ``t`` is a catalog's ``text``; :data:`~.messages.ERRORS` words the error. A refusal it does not
    know is said as a general sentence, never as the error's English text.
    """
    return error_text(error, t) or t("This scenario cannot be played as written; accessible-cards replay says why.")
