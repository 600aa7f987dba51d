"""Resuming a saved game at the keyboard: the newest unfinished save, replayed through its own screen.

Decisions:

- The main menu offers "Resume game" only when an unfinished save is there;
  ``accessible-cards resume`` without one says "There is no saved game to
  resume." and shows the main menu. A finished game's file stays (``replay``
  reads it) but is never offered.
- A saved game is rebuilt by dealing again from its saved start and replaying
  every move silently through the screen's own code: the deal, each turn, each
  person's play as the keys make it, each computer play as the computer makes
  it (the computer player is asked again, so it sees and draws exactly what it
  did; its saved move is the one played). So the history, the narrator and the
  computer players are what they were. The state reached must equal the saved
  one.
- Anything wrong with the file (a newer or unknown version, a truncated file,
  not a save at all, wrong types, moves that do not replay) is said in one
  sentence in the player's language; the file is renamed aside
  (``NAME.broken-YYYYMMDD-HHMMSS``) and the main menu offers a new game.
"""

from __future__ import annotations

from pathlib import Path

from accessible_cards.games.bundles.ai import make_player
from accessible_cards.games.bundles.ai.basic import Player
from accessible_cards.games.bundles.rules import BundlesAction
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.games.war.state import WarState

from .. import saves
from ..saves import SavedGame, SaveError
from ..scenario import Scenario
from .app import VARIANT_NAMES, App, GameRequest
from .bundles_screen import BundlesScreen
from .game_screen import GameScreen
from .scenario_play import ScenarioBundlesScreen, ScenarioWarScreen
from .war_screen import WarScreen


def resume_saved(app: App) -> bool:
    """Open the newest unfinished saved game where it stopped; otherwise say why and show the main menu."""
    path = saves.latest_unfinished()
    if path is None:
        app.say(app.t("There is no saved game to resume."))
        app.back_to_menu()
        return False
    depth = len(app.stack)
    try:
        screen = rebuild(app, saves.load(path), path)
    except SaveError as error:
        del app.stack[depth:]
        app.say(bad_save(app, error, path, saves.put_aside(path)))
        app.back_to_menu()
        return False
    app.replace_game(screen)  # the game has begun: entering it says nothing
    moves = len(screen.record.moves) if screen.record is not None else 0
    if isinstance(screen, WarScreen):
        app.follow(deck=screen.state.options.deck)
        game = app.t("War")
    else:
        assert isinstance(screen, BundlesScreen)
        app.follow(deck=screen.options.deck)
        game = app.t(VARIANT_NAMES.get(screen.options.variant, screen.options.variant))
    app.say(
        app.tn(
            "{game} resumed after {n} move. Seed {seed}. G reads the history.",
            "{game} resumed after {n} moves. Seed {seed}. G reads the history.",
            moves,
            game=game,
            seed=screen.seed,
        )
    )
    if isinstance(screen, WarScreen) and app.settings.verbosity != "brief":
        app.say(app.t("Press Enter to turn up the next card. Press ? for the keys."))
    return True


def rebuild(app: App, saved: SavedGame, path: Path) -> GameScreen:
    """The screen of a saved game, replayed to where it stopped; a SaveError when the file does not hold up."""
    if saved.finished:  # the file says so at its start, where the menu looks, unless it is damaged
        raise SaveError("error-save-damaged", "damaged: a finished game where an unfinished one was found")
    try:
        screen = _replayed(app, saved, path)
    except SaveError:
        raise
    except Exception as error:  # the game's own code met data made by hand: the file is at fault
        raise SaveError("error-save-damaged", f"damaged: {type(error).__name__}: {error}", reason=str(error)) from None
    state = screen.state
    saves.check_current(state, saved)
    if state.result is not None:
        raise SaveError("error-save-mismatch", "the moves end the game, but the save says it goes on")
    return screen


def _replayed(app: App, saved: SavedGame, path: Path) -> WarScreen | BundlesScreen:
    info = saved.info
    request = GameRequest(
        info.game, info.players, info.humans, info.variant, info.seed, dict(info.options), info.scenario
    )
    start = saved.start_state()
    screen: WarScreen | BundlesScreen
    if isinstance(start, WarState):
        screen = ScenarioWarScreen(app, request, Scenario(start, None)) if info.scenario else WarScreen(app, request)
        screen.state = start
    else:
        assert isinstance(start, BundlesState)
        if saved.script is not None:
            screen = ScenarioBundlesScreen(app, request, Scenario(start, saved.script))
        else:
            screen = BundlesScreen(app, request)
        screen.state = start
        screen.options = start.options
        screen.computers = _computers(saved)
        screen.rebuild_narrator()
    if info.seed is not None:
        screen.seed = info.seed
    screen.record = saves.Record.resumed(path, saved)
    screen.started = True
    _replay(app, screen, saved)
    return screen


def _computers(saved: SavedGame) -> dict[int, Player]:
    info = saved.info
    computers = {computer.seat: make_player(computer.level, computer.seed) for computer in info.computers}
    if set(computers) != set(range(info.humans, info.players)):
        raise SaveError("error-save-damaged", "damaged: one computer player for each seat after the people")
    return computers


def _replay(app: App, screen: WarScreen | BundlesScreen, saved: SavedGame) -> None:
    """Deal and play every saved move through the screen, with nothing said and nothing written."""
    quiz = isinstance(screen, WarScreen) and screen.quiz
    app.muted = True
    screen.restoring = True
    try:
        if isinstance(screen, WarScreen):
            screen.quiz = False
            tally = saved.extra.get("quiz", [0, 0])
            if not (isinstance(tally, list) and len(tally) == 2 and all(type(n) is int and n >= 0 for n in tally)):
                raise SaveError("error-save-damaged", "damaged: extra.quiz must be two counts")
            screen.quiz_asked, screen.quiz_right = tally
        screen.deal()
        for number, move in enumerate(saved.moves, 1):
            saves.check_move(screen.state, move, number)
            if isinstance(screen, WarScreen):
                screen.turn()
            else:
                _bundles_move(screen, move, number)
    finally:
        app.muted = False
        screen.restoring = False
        if isinstance(screen, WarScreen):
            screen.quiz = quiz


def _bundles_move(screen: BundlesScreen, move: saves.Move, number: int) -> None:
    """One saved move, made the way it was made at the keyboard."""
    action = move.action
    turn = screen.state.view(0).turn
    wrong = SaveError("error-save-moves", f"move {number} was not made by the seat to play", move=number)
    if not isinstance(action, BundlesAction):
        raise wrong
    if move.by == "computer":
        if turn not in screen.computers:
            raise wrong
        screen.computer_move(action)
    elif move.by == "script":
        if not isinstance(screen, ScenarioBundlesScreen) or not screen.script:
            raise wrong
        screen.script_move(action)
    else:
        if turn not in screen.humans:
            raise wrong
        screen._apply(action)  # the keys' own path


def bad_save(app: App, error: SaveError, path: Path, aside: Path | None) -> str:
    """Why a saved game cannot be resumed, in one sentence, with where the file was put aside."""
    t = app.t
    name = path.name
    if error.msg_id == "error-save-newer":
        if aside is None:
            return t("The saved game {file} comes from a newer version of Accessible Cards.", file=name)
        return t(
            "The saved game {file} comes from a newer version of Accessible Cards; it was put aside as {aside}.",
            file=name,
            aside=aside.name,
        )
    if error.msg_id in ("error-save-format", "error-save-version"):
        if aside is None:
            return t("The file {file} is not a saved game this program can read.", file=name)
        return t(
            "The file {file} is not a saved game this program can read; it was put aside as {aside}.",
            file=name,
            aside=aside.name,
        )
    if error.msg_id == "error-save-unreadable":
        return t("The saved game {file} cannot be read: {reason}.", file=name, reason=error.params.get("reason", ""))
    if aside is None:
        return t("The saved game {file} is damaged and cannot be resumed.", file=name)
    return t(
        "The saved game {file} is damaged and cannot be resumed; it was put aside as {aside}.",
        file=name,
        aside=aside.name,
    )
