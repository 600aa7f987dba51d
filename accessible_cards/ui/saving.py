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
- With several unfinished games, a list names each (game, players, moves, when it
  was saved), newest first, to choose from; none is ever removed without asking.
- Only one program writes a save: resuming takes its lock (a lock file beside it,
  freed by the system when the program ends or is killed). A game open in another
  copy of the program is said to be open elsewhere, and the main menu offers a
  new game.
- Anything wrong with the file (a newer or unknown version, a truncated file,
  not a save at all, wrong types, moves that do not replay) is said in one
  sentence in the player's language; the file is renamed aside
  (``NAME.broken-YYYYMMDD-HHMMSS``) and the main menu offers a new game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .. import game as registry
from .. import saves
from ..saves import SavedGame, SaveError
from ..table import Move
from .game_screen import GameScreen
from .messages import system_reason
from .request import GameRequest
from .screens import Item, ListScreen

if TYPE_CHECKING:
    from .app import App  # the app opens this module's screens; they only call its methods


def resume_saved(app: App) -> bool:
    """Open the unfinished saved game (a list to choose from when there are several); else say why, over the menu."""
    saves.clean()
    paths = saves.unfinished()
    if not paths:
        app.say(app.t("There is no saved game to resume."))
        app.back_to_menu()
        return False
    if len(paths) == 1:
        return resume_path(app, paths[0])
    items = [Item(_label(app, path), _opener(app, path)) for path in paths]
    app.push(
        ListScreen(
            app,
            app.tn("{n} unfinished game. Which one goes on?", "{n} unfinished games. Which one goes on?", len(paths)),
            items,
        )
    )
    return True


def _opener(app: App, path: Path) -> Callable[[], None]:
    def act() -> None:
        resume_path(app, path)

    return act


def _label(app: App, path: Path) -> str:
    """A game of the resume list: its game, players, moves and when it was saved."""
    try:
        saved = saves.load(path)
    except SaveError:
        return app.t("{file}, which cannot be read", file=path.name)
    when = saved.saved[:16].replace("T", " ")
    return app.tn(
        "{game}, {players} players, {n} move, saved {when}",
        "{game}, {players} players, {n} moves, saved {when}",
        len(saved.moves),
        game=app.t(saved.game.variant_title(saved.info.variant)),
        players=saved.info.players,
        when=when,
    )


def resume_path(app: App, path: Path) -> bool:
    """Open the saved game ``path`` where it stopped; otherwise say why and show the main menu."""
    depth = len(app.stack)
    lock = saves.Lock(path)
    try:
        saved = saves.load(path)
        with contextlib.suppress(OSError):  # the lock cannot be made (a read-only folder): saving says so
            lock.take()
        screen = rebuild(app, saved, path)
    except saves.SaveLocked:
        del app.stack[depth:]
        app.say(
            app.t(
                "The game {file} is open elsewhere, in another copy of Accessible Cards; it goes on there. "
                "Choose a game in the main menu to start a new one.",
                file=path.name,
            )
        )
        app.back_to_menu()
        return False
    except SaveError as error:
        del app.stack[depth:]
        if lock.handle is not None:
            lock.release()
            with contextlib.suppress(OSError):
                saves.lock_path(path).unlink()
        app.say(bad_save(app, error, path, saves.put_aside(path)))
        app.back_to_menu()
        return False
    if screen.record is not None:
        screen.record.lock = lock
    app.replace_game(screen)  # the game has begun: entering it says nothing
    moves = len(screen.table.moves)
    state = screen.table.state
    app.follow(deck=state.deck_kind)
    game = app.t(screen.game.variant_title(state.variant))
    seed = screen.seed_to_tell()  # the seed only when it may be told (full verbosity); I says it on request
    if seed is None:
        app.say(
            app.tn(
                "{game} resumed after {n} move. G reads the history.",
                "{game} resumed after {n} moves. G reads the history.",
                moves,
                game=game,
            )
        )
    else:
        app.say(
            app.tn(
                "{game} resumed after {n} move. Seed {seed}. G reads the history.",
                "{game} resumed after {n} moves. Seed {seed}. G reads the history.",
                moves,
                game=game,
                seed=seed,
            )
        )
    hint = screen.controller.hint()
    if hint and app.settings.verbosity != "brief":
        app.say(hint)
    return True


def saved_language() -> str | None:
    """The language of the newest unfinished saved game (None when there is none, or it cannot be read)."""
    path = saves.latest_unfinished()
    if path is None:
        return None
    try:
        return saves.load(path).info.lang
    except SaveError:
        return None  # resume_saved says what is wrong with it


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
    state = screen.table.state
    saves.check_current(state, saved)
    if state.result is not None:
        raise SaveError("error-save-mismatch", "the moves end the game, but the save says it goes on")
    return screen


def _replayed(app: App, saved: SavedGame, path: Path) -> GameScreen:
    info = saved.info
    game = registry.get(info.game)
    start = saved.start_state()
    variant = start.variant
    request = GameRequest(info.game, info.players, info.humans, variant, info.seed, dict(info.options), info.scenario)
    levels = {computer.seat: (computer.level, computer.seed) for computer in info.computers}
    if game.levels and set(levels) != set(range(info.humans, info.players)):
        raise SaveError("error-save-damaged", "damaged: one computer player for each seat after the people")
    script = saved.script
    scenario = registry.Scenario(start, script) if script is not None or info.scenario else None
    if scenario is None:
        scenario = registry.Scenario(start, None)
    screen = GameScreen(app, request, scenario=scenario, levels=levels)
    if info.seed is not None:
        screen.seed = info.seed
    screen.seed_chosen = info.scenario is not None  # whether the player chose the seed is not kept: it stays untold
    screen.record = saves.Record.resumed(path, saved, sealed=True)  # an older file is sealed from now on
    screen.started = True
    _replay(app, screen, saved)
    return screen


def _replay(app: App, screen: GameScreen, saved: SavedGame) -> None:
    """Deal and play every saved move through the screen, with nothing said and nothing written."""
    app.muted = True
    screen.restoring = True
    controller = screen.controller
    try:
        try:
            controller.restore_extra(saved.extra)
        except ValueError as error:
            raise SaveError("error-save-damaged", f"damaged: {error}", reason=str(error)) from None
        controller.begin_replay()
        screen.deal()
        for number, move in enumerate(saved.moves, 1):
            saves.check_move(screen.table.state, move, number)
            _move(screen, Move(move.action, move.by), number)
    finally:
        app.muted = False
        screen.restoring = False
        controller.end_replay()


def _move(screen: GameScreen, move: Move, number: int) -> None:
    """One saved move, made the way it was made at the keyboard."""
    table = screen.table
    turn = table.to_move()
    wrong = SaveError("error-save-moves", f"move {number} was not made by the seat to play", move=number)
    seats = table.seats
    if turn is None:
        raise wrong
    if move.by == "clock":
        screen.clock_move(move)
    elif move.by == "person":
        if seats[turn].kind != "person":
            raise wrong
        screen.play(move.action)  # the keys' own path
    elif move.by == "script":
        if not table.script:
            raise wrong
        screen.computer_move(move)
    else:
        if seats[turn].kind != "computer":
            raise wrong
        screen.computer_move(move)


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
        return t(
            "The saved game {file} cannot be read: {reason}.",
            file=name,
            reason=system_reason(t, error.params.get("errno")),
        )
    if aside is None:
        return t("The saved game {file} is damaged and cannot be resumed.", file=name)
    return t(
        "The saved game {file} is damaged and cannot be resumed; it was put aside as {aside}.",
        file=name,
        aside=aside.name,
    )
