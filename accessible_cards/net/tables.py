"""The server's record of a table: its game, its seats and who sits there, and the table loop once it has started."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game import GameDescription
from ..table import COMPUTER, Table

if TYPE_CHECKING:
    from .connection import Connection  # a connection holds a seat of a table, and a seat its connection


@dataclass
class NetSeat:
    """One seat of a network table: who sits there, its token, its connection now (None: away)."""

    kind: str
    level: str | None = None
    name: str | None = None
    token: str | None = None
    conn: Connection | None = None


@dataclass
class NetTable:
    """A table of the server: the game, its seats, and the table loop once it has started."""

    number: int
    game: GameDescription
    variant: str | None
    players: int
    seed: int
    seats: list[NetSeat]
    options: dict[str, Any] = field(default_factory=dict)
    table: Table | None = None
    steps: dict[int, list[bytes]] = field(default_factory=dict)
    """What each seat has been sent of the game, step by step (for a seat that comes back); -1: the watchers."""
    watchers: list[Connection] = field(default_factory=list)
    scheduled: bool = False
    restoring: bool = False
    paused: bool = False
    talk: bool = True
    coaching: bool = False
    """The teacher sees every hand at this table (its children are told)."""
    held: set[int] = field(default_factory=set)
    """The person seats that have not yet asked for the next game of a match (it waits for them)."""
    clock_handle: asyncio.TimerHandle | None = None
    """The wake-up for the game's next clock step (a race), while one runs."""
    creator: Connection | None = None
    creator_name: str | None = None
    """Who created the table (its connection, and the name it gave): their tables not yet started are counted."""
    hold_handle: asyncio.TimerHandle | None = None
    """The end of the hold of a table nobody sits at (:attr:`.server.Config.hold`), while it runs."""
    saved_as: Path | None = None
    """The game's save, once the table is over or ended (``accessible-cards replay`` reads it)."""

    @property
    def status(self) -> str:
        if self.table is None:
            return "waiting"
        return "over" if self.table.result is not None else "playing"

    def game_options(self) -> dict[str, Any]:
        """The table's rule options, with what a network table gives its game (its players each at their own
        computer)."""
        return {**self.options, **self.game.network_options}

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.number,
            "game": self.game.name,
            "variant": self.variant,
            "players": self.players,
            "status": self.status,
            "options": " ".join(f"{name}={value}" for name, value in self.options.items()),
            "seats": [
                {"kind": seat.kind, "taken": seat.kind == COMPUTER or seat.token is not None, "name": seat.name}
                for seat in self.seats
            ],
        }
