"""Saved games: written after every move to the user's data folder, read back to resume or replay them.

A save is one JSON object::

    {"format": "accessible-cards-save", "version": 1, "finished": false,
     "started": "...", "saved": "...",
     "game": {"game": "NAME", "variant": "VARIANT", "players": 2, "humans": 1, "seed": 5,
              "options": {...}, "scenario": null, "names": ["Player 1", "Computer 1"], "lang": "en",
              "computers": [{"seat": 1, "level": "simple", "seed": 36}]},
     "start": {...}, "script": null, "moves": [...], "extra": {...}, "current": {...}}

``game.game`` names a registered game (:mod:`accessible_cards.game`); everything
game-specific is read and written by that game's description. ``start`` is the
state *before* the deal (``to_json()``: the seed and the random source, or a
scenario's cards), so dealing again gives the deal's events too. ``moves`` are
the actions taken since, in order, each as the game's ``action_to_json`` writes
it: an object gets who chose it (``person``, ``computer`` or a scenario's
``script``) as its first key ``by``; any other value (a word such as
``"turn"``) stands alone, chosen by a person. ``script`` is a scenario's scripted moves (the game's
``script_to_json``), ``extra`` what the screen keeps besides (such as a quiz's
tally), and ``current`` the state after the last move, as a check: replaying the
moves from ``start`` must reach it exactly, or the file is damaged.

Computer players remember what they saw and draw from their own seeded random
source, so replaying every move from the start, showing them every view the
live game showed, rebuilds them exactly; that is done where a game is resumed
(the game screen). :func:`replay` here plays the moves alone, for ``replay`` and
``emboss history`` (:mod:`accessible_cards.transcript`).

The hidden part, ``start`` and ``current`` (every hand, the stock, the random
source), is written as one ``sealed`` text in their place: base64 of
zlib-compressed JSON (:func:`seal`), so that a text viewer shows no card of it.
That keeps a curious player out, not a programmer. Files of older versions hold
``start`` and ``current`` plainly and are read alike.

Only one program writes a save: it holds the save's lock (:class:`Lock`,
``flock`` on ``.NAME.json.lock`` beside it, freed by the system when the program
ends or is killed). Only finished games are pruned (:func:`prune`); temporary
files of saves that were killed are cleaned when a game starts or is resumed
(:func:`clean`). Everything loaded is checked for depth and size
(:func:`check_shape`), so whatever loads can be written again.

Files are written atomically (a temporary file in the same folder, flushed and
synced, renamed over the old one, then the folder synced), so a save is always
either the old one or the new one, whenever the program is stopped. A problem
with a file is a :class:`SaveError` naming what is wrong.
"""

from __future__ import annotations

import base64
import contextlib
import errno
import json
import os
import re
import sys
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from . import files
from . import game as registry
from .engine import Event, GameState
from .errors import CardsError
from .files import read_bounded, write_atomic
from .game import GameDescription
from .table import CHOOSERS, PERSON, Move, Seat, Table

FORMAT: Final = "accessible-cards-save"
VERSION: Final = 1
MAX_BYTES: Final = 16 * 1024 * 1024
"""A bigger file is not a save of ours (the longest games write about 100 KB)."""
KEEP: Final = 30
"""How many finished games the saves folder keeps; older finished ones go when a new game starts.

An unfinished game is never removed without the player's word."""
MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects a save may hold (ours hold 6 at most)."""
MAX_NODES: Final = 2_000_000
"""The most values a save may hold in all (the longest games hold about 20,000)."""
DATA_ENV: Final = "ACCESSIBLE_CARDS_DATA_DIR"

_PEEK: Final = 256
_FINISHED: Final = re.compile(rb'"finished"\s*:\s*(true|false)')


class SaveError(CardsError):
    """A saved game that cannot be read or resumed; ``msg_id`` says why (``error-save-...``)."""


class SaveLocked(SaveError):
    """The game is open in another copy of the program, which holds its lock."""

    def __init__(self, path: Path) -> None:
        super().__init__("error-save-locked", f"{path}: the game is open elsewhere", path=str(path))


# --- where ---------------------------------------------------------------------


def data_dir() -> Path:
    """The user's data folder: ``ACCESSIBLE_CARDS_DATA_DIR``, else the platform's (platformdirs)."""
    given = os.environ.get(DATA_ENV)
    if given:
        return Path(given)
    import platformdirs

    return Path(platformdirs.user_data_dir("accessible-cards", appauthor=False))


def saves_dir() -> Path:
    """The folder of the saved games."""
    return data_dir() / "saves"


def new_path(game: str, folder: Path | None = None, when: datetime | None = None) -> Path:
    """A fresh file name for a new game: its start time and game, ``2025-03-01-161502-NAME.json``."""
    folder = folder or saves_dir()
    stamp = (when or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    path = folder / f"{stamp}-{game}.json"
    number = 2
    while path.exists():
        path = folder / f"{stamp}-{game}-{number}.json"
        number += 1
    return path


def game_files(folder: Path | None = None) -> list[Path]:
    """The saved games in ``folder``, the most recently saved first (temporary and put-aside files left out)."""
    folder = folder or saves_dir()
    try:
        found = [path for path in folder.glob("*.json") if not path.name.startswith(".") and path.is_file()]
    except OSError:
        return []
    stamped: list[tuple[float, str, Path]] = []
    for path in found:
        with contextlib.suppress(OSError):
            stamped.append((path.stat().st_mtime, path.name, path))
    return [path for _, _, path in sorted(stamped, reverse=True)]


def is_finished(path: Path) -> bool:
    """True when the file says its game is finished.

    Our files say it near their start, so only that is read (the menu asks often); a file that does
    not is read whole. A file that cannot be read is not finished: resuming it says what is wrong.
    """
    try:
        with path.open("rb") as file:
            head = file.read(_PEEK)
    except OSError:
        return False
    found = _FINISHED.search(head)
    if found is not None:
        return found.group(1) == b"true"
    try:
        data = read_json(path)
    except SaveError:
        return False
    return isinstance(data, dict) and data.get("finished") is True


def unfinished(folder: Path | None = None) -> list[Path]:
    """Every saved game that is not finished (or cannot be told to be), the most recently saved first."""
    return [path for path in game_files(folder) if not is_finished(path)]


def latest_unfinished(folder: Path | None = None) -> Path | None:
    """The most recently saved game that is not finished (or cannot be told to be), or None."""
    for path in game_files(folder):
        if not is_finished(path):
            return path
    return None


def put_aside(path: Path, when: datetime | None = None) -> Path | None:
    """Rename a bad file to ``NAME.broken-YYYYMMDD-HHMMSS`` beside it, so it is kept but not read again.

    None when it cannot be renamed (a read-only folder).
    """
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    number = 2
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{number}")
        number += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def prune(folder: Path | None = None, keep: int = KEEP) -> None:
    """Keep the ``keep`` most recent finished games and every unfinished one; clean up what stopped programs left."""
    folder = folder or saves_dir()
    finished = [path for path in game_files(folder) if is_finished(path)]
    for path in finished[keep:]:
        with contextlib.suppress(OSError):
            path.unlink()
    clean(folder)


def clean(folder: Path | None = None) -> None:
    """Remove temporary files left by a program stopped while saving, and locks of games that are gone.

    A temporary file is removed unless its game is open (locked) in a running program: a kill leaves
    the lock free, so what it left goes at the next start.
    """
    folder = folder or saves_dir()
    with contextlib.suppress(OSError):
        for path in list(folder.glob(".*.tmp")):
            name = path.name[1:].rsplit(".", 2)[0]  # ".GAME.json.<random>.tmp" -> "GAME.json"
            if not is_locked(folder / name):
                with contextlib.suppress(OSError):
                    path.unlink()
        for path in list(folder.glob(".*.lock")):
            game = folder / path.name[1 : -len(".lock")]
            if not game.exists() and not is_locked(game):
                with contextlib.suppress(OSError):
                    path.unlink()


# --- one writer for one game ------------------------------------------------------


def lock_path(path: Path) -> Path:
    """The lock file of a save: ``.NAME.lock`` beside it."""
    return path.with_name(f".{path.name}.lock")


_HELD: dict[str, int] = {}
"""The locks this program holds, by lock file: a game closed and resumed again in the same program keeps its lock."""


class Lock:
    """The lock of one save, held by the one program that writes it (``flock``; the system frees it on exit or kill)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle: int | None = None

    def take(self) -> None:
        """Take the lock, or a :class:`SaveLocked` when another program holds it (an OSError when it cannot be made)."""
        if self.handle is not None:
            return
        lock = lock_path(self.path)
        key = str(lock.absolute())
        if key in _HELD:
            self.handle = _HELD[key]
            return
        lock.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            _lock_now(handle, exclusive=True)
        except OSError as error:
            os.close(handle)
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK):
                raise SaveLocked(self.path) from None
            raise
        _HELD[key] = self.handle = handle

    def release(self) -> None:
        """Let the lock go (it goes anyway when the program ends)."""
        if self.handle is not None:
            _HELD.pop(str(lock_path(self.path).absolute()), None)
            with contextlib.suppress(OSError):
                os.close(self.handle)
            self.handle = None


def _lock_now(handle: int, exclusive: bool) -> None:
    """Lock the open file ``handle`` without waiting; an OSError when another program holds it.

    ``flock`` where there is one; on Windows (no ``fcntl``) ``msvcrt.locking`` of the file's first
    byte, which the system frees when the program ends too. A shared lock only looks: on Windows it
    is let go at once.
    """
    if sys.platform == "win32":
        import msvcrt

        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        if not exclusive:
            msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(handle, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)


def release_all() -> None:
    """Let every lock this program holds go: for a program that lives on after its games (the tests)."""
    for handle in _HELD.values():
        with contextlib.suppress(OSError):
            os.close(handle)
    _HELD.clear()


def is_locked(path: Path) -> bool:
    """True when a running program holds the lock of the save ``path``."""
    lock = lock_path(path)
    if str(lock.absolute()) in _HELD:
        return True
    try:
        handle = os.open(lock, os.O_RDONLY)
    except OSError:
        return False
    try:
        _lock_now(handle, exclusive=False)
    except OSError:
        return True
    finally:
        os.close(handle)
    return False


# --- writing -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Storage:
    """News about saving: ``failed`` (``kind`` read-only, full, locked or other, with the reason) or ``saved-again``."""

    news: str
    kind: str = ""
    folder: str = ""
    reason: str = ""
    errno: int | None = None
    """The system's error number behind ``reason`` (the player hears it worded from the number)."""


def storage_failure(error: OSError, folder: Path) -> Storage:
    """What a failed write means for the player: a folder that cannot be written, a full disk, or another reason."""
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        kind = "read-only"
    elif error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        kind = "full"
    else:
        kind = "other"
    return Storage("failed", kind, str(folder), error.strerror or str(error), error.errno)


# --- what a save holds -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Computer:
    """A computer player: its seat, its level, and the seed of its own random source."""

    seat: int
    level: str
    seed: int


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The game as it was asked for: enough to set up the same screen again."""

    game: str
    variant: str
    players: int
    humans: int
    seed: int | None
    options: dict[str, Any]
    scenario: str | None
    names: tuple[str, ...]
    lang: str
    computers: tuple[Computer, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "humans": self.humans,
            "seed": self.seed,
            "options": dict(self.options),
            "scenario": self.scenario,
            "names": list(self.names),
            "lang": self.lang,
            "computers": [{"seat": c.seat, "level": c.level, "seed": c.seed} for c in self.computers],
        }

    @classmethod
    def from_json(cls, data: Any) -> GameInfo:
        """Read and check the ``game`` object of a save; a SaveError names what is wrong."""
        data = _object(data, "game")
        game = _choice(data.get("game"), "game.game", registry.names())
        description = registry.get(game)
        players = _int(data.get("players"), "game.players", description.min_players, description.max_players)
        humans = _int(data.get("humans"), "game.humans", 1, players)
        names = _list(data.get("names"), "game.names")
        if len(names) != players or not all(isinstance(name, str) for name in names):
            raise _damaged("game.names must be one name per player")
        computers = []
        for index, item in enumerate(_list(data.get("computers"), "game.computers")):
            where = f"game.computers[{index}]"
            entry = _object(item, where)
            seat = _int(entry.get("seat"), f"{where}.seat", humans, players - 1)
            computers.append(Computer(seat, _str(entry.get("level"), f"{where}.level"), _int(entry.get("seed"), where)))
        seed = data.get("seed")
        scenario = data.get("scenario")
        return cls(
            game=game,
            variant=_str(data.get("variant"), "game.variant"),
            players=players,
            humans=humans,
            seed=None if seed is None else _int(seed, "game.seed"),
            options=_object(data.get("options"), "game.options"),
            scenario=None if scenario is None else _str(scenario, "game.scenario"),
            names=tuple(names),
            lang=_str(data.get("lang"), "game.lang"),
            computers=tuple(computers),
        )


def move_to_json(game: GameDescription, move: Move) -> Any:
    """One move as the save keeps it: ``{"by": ..., **fields}`` when the game writes an object; a person's
    move written as a plain value stays that value (War's ``"turn"``); any other plain value is kept
    with who made it, ``{"by": ..., "move": value}``."""
    data = game.action_to_json(move.action)
    if isinstance(data, dict):
        return {"by": move.by, **data}
    if move.by == PERSON:
        return data
    return {"by": move.by, "move": data}


def move_from_json(game: GameDescription, data: Any, number: int) -> Move:
    """Read move ``number`` (from 1) of ``game``; a SaveError names what is wrong."""
    where = f"move {number}"
    by: Any = PERSON
    if isinstance(data, dict):
        data = dict(data)
        by = data.pop("by", None)
        if set(data) == {"move"} and not isinstance(data["move"], dict):
            data = data["move"]  # a plain value kept with who made it
    try:
        action = game.action_from_json(data, where)
    except ValueError as error:
        raise _damaged(str(error)) from None
    return Move(action, _choice(by, f"{where}.by", CHOOSERS))


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A save as read from its file: checked for shape, not yet replayed."""

    info: GameInfo
    start: dict[str, Any]
    script: list[Any] | None
    moves: tuple[Move, ...]
    current: dict[str, Any]
    finished: bool
    extra: dict[str, Any]
    started: str
    saved: str
    sealed: bool = True
    """Whether the file kept its hidden part sealed (files of older versions did not)."""

    @property
    def game(self) -> GameDescription:
        """The description of the saved game."""
        return registry.get(self.info.game)

    def start_state(self) -> GameState[Any]:
        """The state before the deal, as saved; a SaveError when it cannot be one of this game."""
        info = self.info
        try:
            state = self.game.state_from_json(self.start)
            players = state.players
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise _damaged(f"the start state cannot be read ({error})") from None
        if self.start.get("game") != info.game or players != info.players or self.start.get("phase") != "deal":
            raise _damaged("the start state is not the deal of this game")
        return state


def load(path: Path) -> SavedGame:
    """Read and check a saved game's file (not its moves: see :func:`replay` and the screens)."""
    return parse(read_json(path))


def read_json(path: Path) -> Any:
    """The JSON data of a file, with one SaveError for a missing, unreadable, huge, non-UTF-8 or non-JSON file."""
    try:
        raw = read_bounded(path, MAX_BYTES)
    except files.Missing:
        raise SaveError("error-save-missing", f"{path}: no such file", path=str(path)) from None
    except files.Folder:
        raise SaveError(
            "error-save-unreadable", f"{path}: is a folder", path=str(path), reason="a folder", errno=errno.EISDIR
        ) from None
    except files.NotRegular:  # a pipe or /dev/zero never ends
        raise SaveError("error-save-unreadable", f"{path}: not a file", path=str(path), reason="not a file") from None
    except files.TooLarge as error:
        size = f" ({error.stated} bytes)" if error.stated > MAX_BYTES else ""
        raise SaveError("error-save-size", f"{path}: too large for a saved game{size}", path=str(path)) from None
    except files.Unreadable as error:
        raise SaveError(
            "error-save-unreadable",
            f"{path}: cannot be read ({error.reason})",
            path=str(path),
            reason=error.reason,
            errno=error.errno,
        ) from None
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # not UTF-8, not JSON, a number too long, nesting too deep
        raise SaveError("error-save-json", f"{path}: not a complete JSON file ({error})", path=str(path)) from None


def is_save(data: Any) -> bool:
    """True when JSON data says it is a saved game (of any version)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def parse(data: Any) -> SavedGame:
    """Check a save's data (already decoded from JSON); a SaveError names the first problem."""
    if not is_save(data):
        raise SaveError("error-save-format", "not a saved game of Accessible Cards")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError(
            "error-save-newer",
            f"saved by a newer version (format {version}; this one reads {VERSION})",
            version=version,
        )
    if version != VERSION or isinstance(version, bool):
        raise SaveError("error-save-version", f"unknown format version {version!r}", version=str(version))
    info = GameInfo.from_json(data.get("game"))
    game = registry.get(info.game)
    script = data.get("script")
    finished = data.get("finished")
    if not isinstance(finished, bool):
        raise _damaged("'finished' must be true or false")
    moves = _list(data.get("moves"), "moves")
    check_shape(data)
    sealed = "sealed" in data
    hidden = unseal(data["sealed"]) if sealed else data
    return SavedGame(
        info=info,
        start=_object(hidden.get("start"), "start"),
        script=None if script is None else _script_from_json(game, script),
        moves=tuple(move_from_json(game, move, number) for number, move in enumerate(moves, 1)),
        current=_object(hidden.get("current"), "current"),
        finished=finished,
        extra=_object(data.get("extra"), "extra"),
        started=_str(data.get("started"), "started"),
        saved=_str(data.get("saved"), "saved"),
        sealed=sealed,
    )


def check_shape(data: Any, where: str = "the file") -> None:
    """A SaveError when ``data`` nests deeper than :data:`MAX_DEPTH` or holds more than :data:`MAX_NODES` values.

    Walked without recursion, so anything that passes can be written again (``json.dumps`` recurses).
    """
    count = 0
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        count += 1
        if count > MAX_NODES:
            raise _damaged(f"{where} holds too many values")
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise _damaged(f"{where} nests too deep")
        pending.extend((child, depth + 1) for child in children)


# --- the sealed part: what a text viewer must not show ---------------------------


def seal(hidden: Mapping[str, Any]) -> str:
    """The hidden part of a save (the start with its random source, the current hands and stock) as
    base64 text of compressed JSON: a faithful record that does not read as cards in a text viewer.

    Not a secret: any programmer can undo it (:func:`unseal`); it keeps a curious player from reading
    another seat's hand with ``cat`` or a screen reader's file reading.
    """
    text = json.dumps(hidden, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(text, 9)).decode("ascii")


def unseal(value: Any) -> dict[str, Any]:
    """The hidden part of a save written by :func:`seal`; a SaveError for anything else (checked for shape)."""
    if not isinstance(value, str) or len(value) > MAX_BYTES:
        raise _damaged("sealed must be text")
    try:
        packed = base64.b64decode(value.encode("ascii"), validate=True)
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_BYTES)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("too long or cut short")
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeError, zlib.error, RecursionError) as error:
        raise _damaged(f"sealed cannot be read ({error})") from None
    hidden = _object(data, "sealed")
    check_shape(hidden, "sealed")
    return hidden


# --- the growing file of one game -----------------------------------------------


class Record:
    """One game's save file as the game goes on: the request and the start fixed, the moves kept as they come.

    ``save`` writes the whole file. A failed write is reported once per spell of
    failures (``Storage("failed", ...)``) and tried again at the next save; the
    first write that works after a spell reports ``Storage("saved-again")``.
    """

    def __init__(
        self,
        path: Path,
        info: GameInfo,
        start: Mapping[str, Any],
        script: Sequence[Any] | None = None,
        started: str | None = None,
        game: GameDescription | None = None,
        sealed: bool = True,
    ) -> None:
        self.path = path
        self.sealed = sealed
        """Whether the hidden part is written sealed (:func:`seal`); a file of an older version is written
        back as it was read unless the screen asks for the sealed form."""
        self.lock = Lock(path)
        self.info = info
        self.game = game or registry.get(info.game)
        self.start = dict(start)
        self.script = None if script is None else list(script)
        self.started = started or _now()
        self.moves: list[Move] = []
        """The moves so far, in order; a table's own list of moves may stand in for it."""
        self.failing = False

    @classmethod
    def resumed(cls, path: Path, saved: SavedGame, sealed: bool | None = None) -> Record:
        """The record of a saved game about to be replayed: its moves are kept again as they replay.

        ``sealed`` says how the hidden part is written; by default as the file had it."""
        chosen = saved.sealed if sealed is None else sealed
        return cls(path, saved.info, saved.start, saved.script, saved.started, saved.game, chosen)

    def data(self, current: Mapping[str, Any], finished: bool, extra: Mapping[str, Any]) -> dict[str, Any]:
        """The whole save as JSON-ready data (``finished`` early in the text: the menu reads only the start).

        Sealed, the start and the current state are one ``sealed`` text in place of ``start`` and ``current``.
        """
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "finished": finished,
            "started": self.started,
            "saved": _now(),
            "game": self.info.to_json(),
            "start": self.start,
            "script": None if self.script is None else self.game.script_to_json(self.script),
            "moves": [move_to_json(self.game, move) for move in self.moves],
            "extra": dict(extra),
            "current": dict(current),
        }
        if self.sealed:
            hidden = {"start": data.pop("start"), "current": data.pop("current")}
            data["sealed"] = seal(hidden)
        return data

    def save(self, current: Mapping[str, Any], finished: bool, extra: Mapping[str, Any]) -> Storage | None:
        """Write the file; news for the player when saving starts failing or works again, else None."""
        text = json.dumps(self.data(current, finished, extra), ensure_ascii=False, separators=(",", ":"))
        try:
            self.lock.take()
            write_atomic(self.path, text)
        except SaveLocked:  # another copy took the game over: never write over its moves
            if self.failing:
                return None
            self.failing = True
            return Storage("failed", "locked", str(self.path.parent))
        except OSError as error:
            if self.failing:
                return None
            self.failing = True
            return storage_failure(error, self.path.parent)
        if self.failing:
            self.failing = False
            return Storage("saved-again")
        return None


def open_record(
    info: GameInfo, start: Mapping[str, Any], script: Sequence[Any] | None = None, game: GameDescription | None = None
) -> Record:
    """The record of a new ``game`` (by default the one ``info`` names), in a fresh file of the saves folder.

    Older finished games are pruned first; the new file's lock is taken at its first save.
    """
    folder = saves_dir()
    prune(folder)
    return Record(new_path(info.game, folder), info, start, script, game=game)


# --- replaying without a screen ------------------------------------------------------


Step = Callable[[list[Event], GameState[Any]], None]


def replay(saved: SavedGame, step: Step | None = None) -> GameState[Any]:
    """Deal from the saved start and make every move as recorded (a table that follows them, no computer
    player asked); ``step(events, state)`` after the deal and each move.

    Returns the state reached, which must equal the saved current state: a
    SaveError otherwise, or when a move is not legal where it stands.
    """
    state = saved.start_state()
    table = Table(saved.game, state, [Seat.person()] * state.players, record=False)
    if step is not None:
        table.listeners.append(lambda events, move: step(list(events), state))
    try:
        table.start()
        for number, move in enumerate(saved.moves, 1):
            check_move(state, move, number)
            table.follow(move)
    except SaveError:
        raise
    except Exception as error:  # a start state made by hand can break the game anywhere: the file is at fault
        raise _damaged(f"the game cannot be replayed ({type(error).__name__}: {error})") from None
    check_current(state, saved)
    return state


def check_move(state: GameState[Any], move: Move, number: int) -> None:
    """A SaveError unless ``move`` is legal in ``state``."""
    if state.result is not None or move.action not in state.legal_actions():
        raise SaveError("error-save-moves", f"move {number} cannot be played where it stands", move=number)


def check_current(state: GameState[Any], saved: SavedGame) -> None:
    """A SaveError unless the state reached is the saved current state."""
    if state.to_json() != saved.current:
        raise SaveError("error-save-mismatch", "the moves do not lead to the saved position")


def _script_from_json(game: GameDescription, data: Any) -> list[Any]:
    try:
        return game.script_from_json(data)
    except ValueError as error:
        raise _damaged(str(error)) from None


# --- small checks ------------------------------------------------------------------------


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _damaged(reason: str) -> SaveError:
    return SaveError("error-save-damaged", f"damaged: {reason}", reason=reason)


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _damaged(f"{where} must be an object")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _damaged(f"{where} must be a list")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise _damaged(f"{where} must be text")
    return value


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _damaged(f"{where} must be a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        raise _damaged(f"{where} is out of range")
    return value


def _choice(value: Any, where: str, allowed: Sequence[str]) -> str:
    if value not in allowed:
        raise _damaged(f"{where} must be one of {', '.join(allowed)}")
    return str(value)
