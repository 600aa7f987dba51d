"""The server's tables on disk: each live table's autosave, taken back when the server starts again, and the
game of a table that is over, saved for ``replay``.

A table's autosave (``tables/table-N.json`` in the server's folder) holds its seats, tokens, seed and
moves, written whole before each step is told; the game of a table that is over or ended is a saved
game (``games/table-N.json``) as local play writes them.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .. import game as registry
from ..files import read_bounded
from ..table import COMPUTER, PERSON, Move
from .tables import NetSeat, NetTable

log = logging.getLogger("accessible_cards.server")

TABLE_FILE_LIMIT = 8 * 1024 * 1024
"""The most bytes read of one table's autosave."""


def table_file(folder: Path | None, number: int) -> Path | None:
    """Where table ``number`` is autosaved in the server's ``folder`` (None: the server keeps no folder)."""
    return folder / "tables" / f"table-{number}.json" if folder is not None else None


def write_table(path: Path, table: NetTable) -> None:
    """Write the table (its seats, tokens, seed and moves) to ``path``, atomically; a failure is logged."""
    running = table.table
    data = {
        "format": 1,
        "table": table.number,
        "game": table.game.name,
        "variant": table.variant,
        "players": table.players,
        "options": table.options,
        "seed": table.seed,
        "seats": [{"kind": s.kind, "level": s.level, "name": s.name, "token": s.token} for s in table.seats],
        "started": running is not None,
        "held": sorted(table.held),
        "moves": [
            {"action": table.game.action_to_json(move.action), "by": move.by}
            for move in (running.moves if running is not None else ())
        ],
    }
    try:
        _replace(path, json.dumps(data))
    except OSError as error:
        log.error("table %d: cannot be saved: %s", table.number, error)


def forget_table(folder: Path | None, number: int) -> None:
    """Remove table ``number``'s autosave, so a server started again does not bring it back."""
    path = table_file(folder, number)
    if path is not None:
        with contextlib.suppress(OSError):
            path.unlink()


def table_files(folder: Path | None) -> list[Path] | None:
    """The autosaved tables in the server's ``folder``, by name (None: no folder, or no folder of tables in it)."""
    if folder is None or not (folder / "tables").is_dir():
        return None
    return sorted((folder / "tables").glob("table-*.json"))


def read_table(path: Path) -> dict[str, Any]:
    """An autosaved table's data, as written (:class:`~accessible_cards.files.FileProblem`, ValueError: unreadable)."""
    data: dict[str, Any] = json.loads(read_bounded(path, TABLE_FILE_LIMIT))
    return data


def restore(data: dict[str, Any]) -> tuple[NetTable, list[Move] | None]:
    """The table an autosave holds, and the moves to make once it is dealt (None: it had not started)."""
    game = registry.get(str(data["game"]))
    seats = [
        NetSeat(str(s["kind"]), s.get("level"), s.get("name"), s.get("token"))
        for s in data["seats"]
        if s["kind"] in (PERSON, COMPUTER)
    ]
    table = NetTable(int(data["table"]), game, data.get("variant"), int(data["players"]), int(data["seed"]), seats)
    table.options = dict(data.get("options") or {})
    if len(seats) != table.players:
        raise ValueError("the seats do not match the players")
    table.held = {
        int(seat) for seat in data.get("held") or () if 0 <= int(seat) < len(seats) and seats[int(seat)].kind == PERSON
    }  # a match's next game that still waited for its children waits on
    if not data.get("started"):
        return table, None
    return table, [Move(game.action_from_json(m["action"], "a saved move"), str(m["by"])) for m in data["moves"]]


def game_numbers(folder: Path | None) -> Iterator[int]:
    """The numbers of the tables whose games are saved in the server's ``folder``."""
    if folder is None or not (folder / "games").is_dir():
        return
    for path in (folder / "games").glob("table-*.json"):
        number = path.stem.removeprefix("table-")
        if number.isdigit():
            yield int(number)


def save_game(folder: Path | None, table: NetTable) -> Path | None:
    """Write the table's game as a saved game (``games/table-N.json``, read by ``replay``); its path."""
    from .. import saves
    from ..i18n import Catalog
    from ..narration.base import seat_names

    running = table.table
    if folder is None or running is None:
        return None
    kinds = [seat.kind for seat in table.seats]
    humans = len(kinds)
    while humans > 1 and kinds[humans - 1] == COMPUTER:
        humans -= 1  # the computer seats after the last person's (a seat handed over mid-game is not listed)
    computers = tuple(
        saves.Computer(seat, sitting.level or "", table.seed * 7 + seat)
        for seat, sitting in enumerate(table.seats)
        if seat >= humans and sitting.kind == COMPUTER
    )
    names = seat_names(Catalog("en").text, [kind == COMPUTER for kind in kinds], [seat.name for seat in table.seats])
    info = saves.GameInfo(
        table.game.name, table.variant or "standard", table.players, humans, table.seed, dict(table.game_options()),
        None, tuple(names), "en", computers,
    )  # fmt: skip
    start = table.game.new_state(table.players, table.variant, table.game_options(), table.seed)
    path = folder / "games" / f"table-{table.number}.json"
    record = saves.Record(path, info, start.to_json(), game=table.game)
    record.moves = list(running.moves)
    try:
        _replace(path, json.dumps(record.data(running.state.to_json(), running.result is not None, {})))
    except OSError as error:
        log.error("table %d: its game cannot be saved: %s", table.number, error)
        return None
    log.info("table %d: its game is saved as %s", table.number, path)
    return path


def _replace(path: Path, text: str) -> None:
    """Write ``path`` whole or not at all: a temporary file renamed over it (readable by the server's owner).

    Not synced to the disk: the page cache outlives a killed server, and a sync on every move would
    hold up every table (files.write_atomic syncs, for the players' own saves).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(temporary, path)
