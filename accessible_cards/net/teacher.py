"""The teacher's console: the ``serve`` terminal reads a command a line and answers in the teacher's language.

``tables`` lists the live tables and who sits where; ``finished`` the tables that are over or ended,
with the file of each game (``accessible-cards replay`` reads it); ``start N`` starts table N now (free seats go to
computers); ``pause N`` and ``go N``; ``end N``; ``computer N SEAT`` puts a computer in a missing
child's seat (``hold N SEAT`` keeps it for the child, as it is kept anyway); ``pace SECONDS`` sets
the computers' pause; ``say TEXT`` tells everyone, ``say N TEXT`` one table; ``talk N off`` and
``talk N on``; ``coach N on`` lets the teacher see every hand at table N (``hands N``), and the
children there are told; ``unlock ADDRESS`` lets an address locked out after wrong codes try again at once;
``help``. German words work too (``tische``, ``ende``, ``sag`` ...).

The answers are sentences not worded yet (:class:`~.protocol.Said`): the ``serve`` terminal words
them in the teacher's language (:meth:`Console.run`), and a teacher's seat on another computer is
sent them as message ids with parameters (:meth:`Console.answer`), worded there in its own language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import game as registry
from ..table import COMPUTER
from .protocol import TALK_LENGTH, Joined, Said, say, word
from .server import Server
from .tables import NetTable

WORDS: dict[str, str] = {
    "tables": "tables", "tische": "tables", "start": "start", "pause": "pause", "go": "go", "weiter": "go",
    "end": "end", "ende": "end", "computer": "computer", "hold": "hold", "halten": "hold", "pace": "pace",
    "tempo": "pace", "say": "say", "sag": "say", "talk": "talk", "gespräch": "talk", "coach": "coach",
    "hands": "hands", "hände": "hands", "help": "help", "hilfe": "help", "finished": "finished",
    "fertig": "finished", "unlock": "unlock", "entsperren": "unlock",
}  # fmt: skip
ON = {"on": True, "an": True, "ein": True, "off": False, "aus": False}


class Console:
    """One line in, the answer's lines out; nothing it is given can stop the server."""

    def __init__(self, server: Server, t: Callable[..., str] | None = None) -> None:
        self.server = server
        self.words = t
        """Words the answers for :meth:`run` (the teacher's language at the ``serve`` terminal)."""
        self.t = say

    def run(self, line: str) -> list[str]:
        """The answer's lines, worded in the language of ``t``."""
        words = self.words
        assert words is not None, "run words the answer: a Console(server, t) is needed"
        return [word(text, words) for text in self.answer(line)]

    def answer(self, line: str) -> list[Said | Joined | str]:
        """The answer's lines, not worded yet (for :func:`~.protocol.said_to_wire`)."""
        words = line.strip().split()
        if not words:
            return []
        command = WORDS.get(words[0].lower())
        t = self.t
        if command is None:
            return [t("Unknown command {word}; help lists the commands.", word=words[0][:20])]
        if command == "help":
            return [t("Commands: tables; finished; start N; pause N; go N; end N; computer N SEAT; hold N SEAT; "
                      "pace SECONDS; say TEXT; say N TEXT; talk N on or off; coach N on or off; hands N; "
                      "unlock ADDRESS.")]  # fmt: skip
        if command == "tables":
            return self.tables()
        if command == "finished":
            return self.finished()
        if command == "pace":
            try:
                seconds = float(words[1].replace(",", "."))
            except (IndexError, ValueError):
                seconds = -1
            if not 0 <= seconds <= 10:
                return [t("The pause is from 0 to 10 seconds.")]
            self.server.set_pause(seconds)
            return [t("The computers' pause is {seconds} seconds.", seconds=seconds)]
        if command == "unlock":
            address = words[1][:45] if len(words) > 1 else ""
            if not address:
                return [t("Which address? unlock ADDRESS, as the warning said it.")]
            if not self.server.guard.unlock(address):
                return [t("{address} is not locked out.", address=address)]
            return [t("{address} may try the codes again.", address=address)]
        if command == "say" and len(words) > 1 and not words[1].isdigit():
            text = line.strip().split(None, 1)[1][:TALK_LENGTH]
            self.server.notify(None, "teacher-message", text=text)
            return [t("Said to everyone.")]
        table = self._table(words)
        if isinstance(table, Said):
            return [table]
        server = self.server
        if command == "say":
            text = " ".join(line.strip().split(None, 2)[2:])[:TALK_LENGTH]
            if not text:
                return [t("What to say? say N TEXT.")]
            server.notify(table, "teacher-message", text=text)
            return [t("Said at table {table}.", table=table.number)]
        if command == "start":
            if table.table is not None:
                return [t("Table {table} is playing already.", table=table.number)]
            if not server.start_now(table):
                return [
                    t("Table {table} cannot start without a child, or without computer players.", table=table.number)
                ]
            return [t("Table {table} starts.", table=table.number)]
        if command in ("pause", "go"):
            server.set_paused(table, command == "pause")
            return [t("Table {table} is paused.", table=table.number) if command == "pause"
                    else t("Table {table} goes on.", table=table.number)]  # fmt: skip
        if command == "end":
            number = table.number
            server.end_table(table)
            return [t("Table {table} is ended.", table=number)]
        if command in ("computer", "hold"):
            seat = self._seat(words, table)
            if isinstance(seat, Said):
                return [seat]
            if command == "hold":
                return [t("Seat {seat} at table {table} is kept for its child.", seat=seat + 1, table=table.number)]
            if not server.replace_by_computer(table, seat):
                return [t("Seat {seat} cannot be played by a computer.", seat=seat + 1)]
            return [t("A computer plays seat {seat} at table {table} now.", seat=seat + 1, table=table.number)]
        if command in ("talk", "coach"):
            on = ON.get(words[2].lower()) if len(words) > 2 else None
            if on is None:
                return [t("Say on or off.")]
            if command == "talk":
                server.set_talk(table, on)
                return [t("Table talk at table {table}: {value}.", table=table.number, value=t("on" if on else "off"))]
            server.set_coaching(table, on)
            return [t("Every hand at table {table}: {value}.", table=table.number, value=t("on" if on else "off"))]
        if command == "hands":
            return self.hands(table)
        return []

    def _table(self, words: list[str]) -> NetTable | Said:
        t = self.t
        if len(words) < 2 or not words[1].isdigit():
            return t("Which table? Give its number.")
        table = self.server.tables.get(int(words[1]))
        if table is None:
            return t("There is no table {table}.", table=words[1][:6])
        return table

    def _seat(self, words: list[str], table: NetTable) -> int | Said:
        if len(words) < 3 or not words[2].isdigit() or not 1 <= int(words[2]) <= table.players:
            return self.t("That table has seats 1 to {seats}.", seats=table.players)
        return int(words[2]) - 1

    def tables(self) -> list[Said | Joined | str]:
        t = self.t
        if not self.server.tables:
            return [t("No tables yet: create one.")]
        return [self._line(table) for table in self.server.tables.values()]

    def finished(self) -> list[Said | Joined | str]:
        """The tables that are over or were ended, each with the file of its game (``replay`` reads it)."""
        t = self.t
        if not self.server.finished:
            return [t("No table has finished yet.")]
        lines: list[Said | Joined | str] = []
        for table in self.server.finished.values():
            line = self._line(table)
            lines.append(
                Joined(" ", (line, t("Its game: {file}.", file=str(table.saved_as)))) if table.saved_as else line
            )
        return lines

    def _line(self, table: NetTable) -> Said | Joined:
        """One table: its number, game, status and who sits where (and who is away)."""
        t = self.t
        game = registry.find(table.game.name)
        title = t(game.variant_title(table.variant)) if game is not None else table.game.name
        over = table.number not in self.server.tables
        seats: list[Said] = []
        for number, seat in enumerate(table.seats, start=1):
            who: Said | Joined | str
            if seat.kind == COMPUTER:
                who = t("a computer player")
            elif seat.token is None:
                who = t("free")
            else:
                name: Said | str = seat.name or t("Player {number}", "seat name", number=number)
                who = name if seat.conn is not None or over else Joined(" ", (name, t("(away)")))
            seats.append(t("seat {seat}: {who}", seat=number, who=who))
        over = table.number not in self.server.tables
        status = (
            t("finished")
            if over
            else t({"waiting": "waiting", "playing": "playing", "over": "game over"}[table.status])
        )
        line = t("Table {table}: {game}, {status}; {seats}.", table=table.number, game=title,
                 status=status, seats=Joined("; ", tuple(seats)))  # fmt: skip
        return Joined(" ", (line, t("Paused."))) if table.paused and not over else line

    def hands(self, table: NetTable) -> list[Said | Joined | str]:
        t = self.t
        if not table.coaching:
            return [t("Turn it on first: coach {table} on. The children are told.", table=table.number)]
        running = table.table
        if running is None:
            return [t("Table {table} has not started.", table=table.number)]
        lines: list[Said | Joined | str] = []
        for seat in range(table.players):
            view: Any = running.view(seat)
            hand = getattr(view, "hand", None)
            if hand is None:
                continue
            codes: Said | str = " ".join(card.code for card in hand) or t("no cards")
            lines.append(t("Seat {seat}: {cards}", seat=seat + 1, cards=codes))
        return lines or [t("This game has no hands to show.")]
