"""Braille outputs: a refreshable display through BRLTTY's BrlAPI, and Unicode braille lines in the terminal.

:class:`BrailleDisplayOutput` owns one background thread that does every
BrlAPI call: it connects, writes the newest announcement's cells with
``writeDots`` (liblouis' cells, so contracted braille reaches the display), and
reads keys with a short timeout so the game never waits on it. Announcements
queue: each one stays on the display for a settable time (``message_seconds``,
3 seconds by default, like a screen reader's braille message timeout) before
the next one that came meanwhile is shown, so the opponents' moves are all read
in order and "Your turn" comes last; the forward (pan right) key shows the next
part of a long line, cut at a word boundary, and then the next announcement at
once, and a key press on the keyboard (:meth:`BrailleDisplayOutput.interrupt`)
drops what waits and shows the newest. When BRLTTY is
missing or stops, or the display is unplugged or switched off, it says so once
and keeps every announcement; it connects again every few seconds (BRLTTY) or
watches BRLTTY's "device online" parameter (the display), and once the display
is back it says so once and shows the newest announcement again. Panning
keys walk through a long line and the queue, line keys step through earlier announcements, a
routing key over a card of a hand line selects that card and a second press
plays it, a routing key over a line that carries routes (``Utterance.routes``: spans of the
line and their commands) gives the command of the span under it, and a braille keyboard's
typed line is delivered as a command. The UI receives all of this through
``on_command(name, argument)``.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final

from ..cards import DeckKind
from ..outputs import Notice, Output
from ..utterance import Route, Utterance
from . import louis
from .schemes import LETTER_DOTS

DEFAULT_WIDTH: Final = 40
MESSAGE_SECONDS: Final = 3.0
"""How long an announcement stays on the display before the next one waiting is shown (the setting's default)."""
BLANK: Final = "\u2800"
HAND_KINDS: Final = frozenset({"review.hand", "turn"})
"""Utterance kinds whose braille line lists the listener's hand, card by card, in hand order."""
SELECTED_KIND: Final = "review.card"
"""The line said when a card is selected ("3: 7H"): routing over its card plays that position."""
STATUS_KIND: Final = "status.braille"
"""The UI's news about the display itself: said and written, but not shown on the display it is about,
which keeps the newest announcement (so that it shows it again when it comes back)."""

NO_BRLAPI: Final = (
    "No braille display: BrlAPI is not installed. Install the Debian packages brltty and python3-brlapi, "
    "then run make setup."
)
UNREACHABLE: Final = "No braille display: cannot reach BRLTTY ({error}). Trying again."
NO_DISPLAY: Final = "No braille display: BRLTTY runs but has no display. Waiting for one."
LOST: Final = "The braille display connection was lost ({error}). Trying again."
GONE: Final = "The braille display is gone (unplugged or switched off). Waiting for it."
BACK: Final = "Braille display connected."
NOTICES: Final[Mapping[str, str]] = {
    "braille-no-brlapi": NO_BRLAPI,
    "braille-unreachable": UNREACHABLE,
    "braille-no-display": NO_DISPLAY,
    "braille-lost": LOST,
    "braille-gone": GONE,
    "braille-back": BACK,
    "braille-no-liblouis": "{reason}",
}
"""What ``on_status`` receives: a :class:`~accessible_cards.outputs.Notice` with one of these message ids.
Each maps to its English sentence for logs and tests, the cause the system gave in brackets
(``error``, or ``reason`` when liblouis is missing); the UI words the id in the player's language."""
ONLINE_SECONDS: Final = 0.5  # how often a connected display is asked whether it is still there
_IGNORED_COMMANDS: Final = ("KEY_CMD_RESTARTBRL", "KEY_CMD_RESTARTSPEECH")
"""BRLTTY's own commands left to BRLTTY: it restarts its braille driver when a display is unplugged."""

_CARD_TOKEN: Final = re.compile(r"(?<![\w])([A2-9TJQK][SHDC])(?![\w])")
_DOTS_LETTER: Final = {sum(1 << (int(d) - 1) for d in dots): letter for letter, dots in LETTER_DOTS.items()}

CommandCallback = Callable[[str, "int | str | Route | None"], None]
"""``on_command(name, argument)``: ("select", 3), ("play_position", 3), ("typed", "help"), or
("route", route) with the :class:`~accessible_cards.utterance.Route` under a routing key."""
StatusCallback = Callable[[Notice], None]
"""``on_status(notice)``: news about the display itself (:data:`NOTICES`)."""


def notice(msg_id: str, **params: str) -> Notice:
    """The notice ``msg_id`` of :data:`NOTICES`, with its facts and its English sentence."""
    return Notice(msg_id, NOTICES[msg_id].format(**params), params)


@dataclass(frozen=True, slots=True)
class Line:
    """One announcement as the display shows it: the cells, and the hand position under each cell (or None).

    ``routes``: on a line that carries routes, the route under each cell (or None); empty otherwise.
    """

    text: str
    cells: str
    positions: tuple[int | None, ...]
    routes: tuple[Route | None, ...] = ()


def cell_routes(
    routes: tuple[Route, ...], in_pos: list[int], text: str = "", cells: str = ""
) -> tuple[Route | None, ...]:
    """For each braille cell, the route over the character it shows (the later of two that overlap).

    Empty when the line has no routes. A cell that is not blank but comes from a space (liblouis
    writes some signs, as German ``-``, with the space before them) counts as the next character's.
    """
    if not routes:
        return ()
    under: list[Route | None] = []
    for cell, index in enumerate(in_pos):
        if cell < len(cells) and cells[cell] != BLANK and index < len(text) and text[index].isspace():
            while index < len(text) and text[index].isspace():
                index += 1
        chosen = None
        for route in routes:
            if route.start <= index < route.end:
                chosen = route
        under.append(chosen)
    return tuple(under)


def hand_positions(text: str, in_pos: list[int], kind: str) -> tuple[int | None, ...]:
    """For each braille cell, the 1-based hand position of the card it shows, on a hand line; None elsewhere."""
    if kind not in HAND_KINDS and kind != SELECTED_KIND:
        return tuple(None for _ in in_pos)
    start = text.find(":")
    owner: dict[int, int] = {}
    number = 0
    selected = text[:start].strip() if kind == SELECTED_KIND else ""
    for match in _CARD_TOKEN.finditer(text):
        if match.start() < start:
            continue
        if selected:
            # a selected card ("3: 7H ..."): its cells stand for hand position 3, and only the first card counts
            if not selected.isdigit():
                break
            number = int(selected)
        else:
            number += 1
        for index in range(match.start(), match.end()):
            owner[index] = number
        if selected:
            break
    return tuple(owner.get(i) for i in in_pos)


def make_line(
    utterance: Utterance, lang: str, grade: str | None, deck: DeckKind | str, scheme: str | None
) -> Line | None:
    """Translate an utterance's braille text into a :class:`Line`; None when liblouis is missing."""
    result = louis.translate(utterance.braille, lang, grade, deck, scheme)
    if result is None:
        return None
    cells, in_pos = result
    positions = hand_positions(utterance.braille, in_pos, utterance.kind)
    return Line(utterance.braille, cells, positions, cell_routes(utterance.routes, in_pos, utterance.braille, cells))


def typed_char(dots: int) -> str:
    """The character of a chord on the braille keyboard: dot 8 is Enter, dot 7 backspace, no dots a space."""
    if dots & 0x80:
        return "\n"
    if dots & 0x40:
        return "\b"
    if dots == 0:
        return " "
    return _DOTS_LETTER.get(dots & 0x3F, "")


def window_starts(cells: str, width: int) -> list[int]:
    """Where each window of a line begins when it is panned ``width`` cells at a time, cut at word boundaries.

    A window ends before the last blank cell that lets it fit; only a word longer than the whole
    display is cut inside the word.
    """
    starts = [0]
    width = max(1, width)
    while len(cells) - starts[-1] > width:
        start = starts[-1]
        gap = cells.rfind(BLANK, start + 1, start + width + 1)
        following = gap + 1 if gap > start else start + width
        while following < len(cells) and cells[following] == BLANK:
            following += 1
        if following >= len(cells):
            break
        starts.append(following)
    return starts


TABLES_MISSING: Final = (
    "Braille is off: the braille tables {tables} are missing. Install the Debian package liblouis-data, "
    "or reinstall the game for its braille_tables folder, then run make setup. The game goes on without braille."
)
"""What is said once when liblouis cannot find its tables (the catalog's msgid; ``{tables}`` names them)."""


class _BrailleFollows:
    """What both braille outputs do when the game changes language, deck or braille table; neither has a rate."""

    lang: str
    deck: DeckKind | str
    grade: str | None

    def set_language(self, lang: str) -> None:
        """Braille the next announcements with ``lang``'s tables."""
        self.lang = lang

    def set_deck(self, deck: DeckKind | str) -> None:
        """Braille card codes with ``deck``'s letters."""
        self.deck = deck

    def set_braille_table(self, grade: str) -> None:
        """Braille the next announcements with the table ``grade``."""
        self.grade = grade

    def set_message_seconds(self, seconds: float) -> None:
        """Lines in the terminal stay: they have no message time (the display overrides this)."""

    def faster(self) -> int | None:
        """Braille has no rate."""
        return None

    def slower(self) -> int | None:
        """Braille has no rate."""
        return None


class UnicodeBrailleOutput(_BrailleFollows):
    """``--braille unicode``: writes each announcement's braille line, as Unicode braille, with ``write``.

    When liblouis is missing it writes the reason once and nothing else.
    """

    name = "braille-unicode"
    has_voice = False

    def __init__(
        self,
        write: Callable[[str], None],
        lang: str = "en",
        grade: str | None = None,
        deck: DeckKind | str = DeckKind.FRENCH52,
        scheme: str | None = None,
    ) -> None:
        louis.tables(lang, grade, deck, scheme)  # refuse a bad choice now, not mid-game
        self.write = write
        self.lang = lang
        self.grade = grade
        self.deck = deck
        self.scheme = scheme
        self._told = False

    def __repr__(self) -> str:
        return f"UnicodeBrailleOutput(lang={self.lang!r}, grade={self.grade!r}, deck={self.deck!r})"

    def say(self, utterance: Utterance) -> None:
        """Write the utterance's braille line as Unicode braille (an announcement of several lines: each line)."""
        for line in utterance.braille.split("\n"):
            if not line.strip() and "\n" in utterance.braille:
                continue
            cells = louis.to_unicode(line, self.lang, self.grade, self.deck, self.scheme)
            if cells is None:
                break
            self.write(cells)
        else:
            return
        if not self._told:
            self._told = True
            missing = louis.missing_tables()
            if missing is not None:
                from ..i18n import Catalog

                self.write(Catalog(self.lang).text(TABLES_MISSING, tables=", ".join(missing)))
            else:
                self.write(louis.unavailable_reason() or "Braille is off.")

    def interrupt(self) -> None:
        """Nothing to stop: lines already written stay."""

    def forget(self) -> None:
        """Nothing kept: the lines written are the terminal's, which the hand-over clears."""

    def close(self) -> None:
        """Nothing to release."""


def _load_brlapi() -> ModuleType | None:
    try:
        import brlapi
    except ImportError:
        return None
    module: ModuleType = brlapi
    return module


class BrailleDisplayOutput(_BrailleFollows):
    """``--braille brlapi``: the newest announcement on a braille display, and its keys as commands.

    ``on_command(name, argument)`` receives ``("select", n)`` and then ``("play_position", n)`` from
    routing keys over card ``n`` of a hand line, ``("route", route)`` from a routing key over a line
    that carries routes (the :class:`~accessible_cards.utterance.Route` under the key), and
    ``("typed", text)`` when a line typed on the braille keyboard ends with Enter. It is called on
    the display's thread: the UI hands it on to its own loop. ``on_status(notice)`` says once that
    the display is missing or lost, whatever happens while it stays away (BRLTTY stopped, then the
    display unplugged too), and once that it is back (a :class:`~accessible_cards.outputs.Notice`
    with a message id of :data:`NOTICES`: ``"braille-unreachable"``, ``"braille-lost"``,
    ``"braille-gone"``, ``"braille-back"`` ...). ``retry_seconds`` is the wait between tries to
    reach BRLTTY. ``host``/``auth`` default to ``BRLAPI_HOST``/``BRLAPI_AUTH``.
    """

    name = "braille-display"
    has_voice = False

    def __init__(
        self,
        on_command: CommandCallback | None = None,
        on_status: StatusCallback | None = None,
        lang: str = "en",
        grade: str | None = None,
        deck: DeckKind | str = DeckKind.FRENCH52,
        scheme: str | None = None,
        *,
        host: str | None = None,
        auth: str | None = None,
        retry_seconds: float = 3.0,
        history: int = 50,
        message_seconds: float = MESSAGE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        louis.tables(lang, grade, deck, scheme)
        self.on_command = on_command
        self.on_status = on_status
        self.lang = lang
        self.grade = grade
        self.deck = deck
        self.scheme = scheme
        self.host = host if host is not None else os.environ.get("BRLAPI_HOST")
        self.auth = auth if auth is not None else os.environ.get("BRLAPI_AUTH")
        self.retry_seconds = retry_seconds
        self.width = DEFAULT_WIDTH
        self.connected = threading.Event()
        self._lock = threading.Lock()
        self.message_seconds = max(0.0, message_seconds)
        self.clock = clock
        self._lines: deque[Line] = deque(maxlen=history)
        self._total = 0  # lines said since the last hand-over; the oldest kept is number _total - len(_lines)
        self._at = -1  # the number of the line on the display (-1: none yet)
        self._newest_shown = -1  # the newest line that has been on the display; later ones wait in the queue
        self._since = 0.0  # when the display began to show what it shows (the clock's time)
        self._released = False  # a key was pressed on the keyboard: the next line is shown at once
        self._offset = 0
        self._dirty = False
        self._selected: int | None = None
        self._typed: list[str] = []
        self._reported: Notice | None = None  # the notice given once liblouis is missing
        self._away = False  # the display is missing and the player has been told; cleared when it is back
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="braille-display", daemon=True)
        self._thread.start()

    def __repr__(self) -> str:
        return f"BrailleDisplayOutput(lang={self.lang!r}, grade={self.grade!r}, width={self.width})"

    # -- Output ---------------------------------------------------------------------

    def say(self, utterance: Utterance) -> None:
        """Show the utterance's braille line (it replaces what is shown); never blocks on the display.

        News about the display itself (kind :data:`STATUS_KIND`) is not shown: the display keeps the
        newest announcement, and shows it again when it comes back.
        """
        if utterance.kind == STATUS_KIND:
            return
        line = make_line(utterance, self.lang, self.grade, self.deck, self.scheme)
        if line is None:
            line = Line(utterance.braille, "", ())
            missing = louis.missing_tables()
            if missing is not None:
                self._report(notice("braille-no-tables", tables=", ".join(missing)))
            else:
                self._report(notice("braille-no-liblouis", reason=louis.unavailable_reason() or "Braille is off."))
        lines = [line]
        if "\n" in utterance.braille:  # one announcement of several lines: each is a message of its own
            lines = []
            start = 0
            for part in utterance.braille.split("\n"):
                if part.strip():
                    piece = Utterance(
                        part, part, kind=utterance.kind, routes=_part_routes(utterance.routes, start, part)
                    )
                    lines.append(make_line(piece, self.lang, self.grade, self.deck, self.scheme) or Line(part, "", ()))
                start += len(part) + 1
        with self._lock:
            if utterance.kind not in HAND_KINDS and utterance.kind != SELECTED_KIND:
                self._selected = None
            for each in lines:
                self._lines.append(each)
                self._total += 1
            self._advance(self.clock())

    def set_message_seconds(self, seconds: float) -> None:
        """Keep each announcement on the display for ``seconds`` before the next one waiting (0: show each at once)."""
        with self._lock:
            self.message_seconds = max(0.0, float(seconds))
            self._advance(self.clock())

    def interrupt(self) -> None:
        """A key was pressed on the keyboard: what waits is skipped (line up still reaches it), the newest is shown,
        and the next announcement (the key's answer) replaces it at once."""
        with self._lock:
            if self._total and self._at < self._total - 1:
                self._show(self._total - 1, self.clock())
            self._released = True

    def forget(self) -> None:
        """Drop every earlier line (a hand-over in hot-seat play): line-up keys cannot reach them any more."""
        with self._lock:
            self._lines.clear()
            self._total = 0
            self._at = -1
            self._newest_shown = -1
            self._offset = 0
            self._released = False
            self._selected = None
            self._dirty = True

    def tick(self) -> None:
        """Move on to the next waiting announcement once the one shown has had its time.

        The display's thread calls this between keys; a test with a clock of its own calls it itself.
        """
        with self._lock:
            self._advance(self.clock())

    def waiting(self) -> int:
        """How many announcements wait behind the newest one shown."""
        with self._lock:
            return max(0, self._total - 1 - self._newest_shown)

    def close(self) -> None:
        """Stop the key thread and close the connection."""
        self._stop.set()
        self._thread.join(timeout=5)

    # -- what is shown ----------------------------------------------------------------

    def current(self) -> Line | None:
        """The line being shown (the oldest not yet shown long enough, or where the display's keys went)."""
        with self._lock:
            return self._line(self._at)

    def window(self) -> str:
        """The cells in the display's window now, as Unicode braille, padded to the width."""
        with self._lock:
            return self._window()

    # -- the queue (called with the lock held) ----------------------------------------

    def _line(self, number: int) -> Line | None:
        """Line ``number`` (counted from the last hand-over), if it is still kept."""
        index = number - (self._total - len(self._lines))
        return self._lines[index] if number >= 0 and 0 <= index < len(self._lines) else None

    def _oldest(self) -> int:
        return self._total - len(self._lines)

    def _window(self) -> str:
        line = self._line(self._at)
        cells = line.cells if line else ""
        later = [start for start in window_starts(cells, self.width) if start > self._offset]
        end = min(later[0] if later else len(cells), self._offset + self.width)
        return cells[self._offset : end].ljust(self.width, BLANK)

    def _show(self, number: int, now: float, offset: int = 0) -> None:
        """Put line ``number`` on the display from cell ``offset``; its time starts now."""
        number = max(self._oldest(), min(number, self._total - 1))
        self._at = number
        self._newest_shown = max(self._newest_shown, number)
        self._offset = offset
        self._since = now
        self._released = False
        self._dirty = True

    def _advance(self, now: float) -> None:
        """Show the next waiting line when nothing is shown, a key released the display, or the time is up.

        A long line is walked window by window first while more lines wait; the last line stays as it is.
        """
        if self._total == 0:
            return
        if self._at < self._oldest():  # nothing shown yet (or it fell out of the history)
            self._show(max(self._oldest(), self._newest_shown + 1), now)
            return
        if self._newest_shown >= self._total - 1:
            return  # nothing waits
        if not (self._released or now - self._since >= self.message_seconds):
            return
        line = self._line(self._at)
        if not self._released and line is not None and self._at == self._newest_shown:
            later = [start for start in window_starts(line.cells, self.width) if start > self._offset]
            if later:
                self._offset = later[0]
                self._since = now
                self._dirty = True
                return
        self._show(self._newest_shown + 1, now)

    # -- keys ----------------------------------------------------------------------

    def handle_key(self, command: str, argument: int = 0) -> None:
        """Act on one display key: ``fwinlt``/``fwinrt`` pan, ``lnup``/``lndn`` step, ``route`` n (0-based cell)."""
        event: tuple[str, int] | None = None
        routed: Route | None = None
        with self._lock:
            now = self.clock()
            line = self._line(self._at)
            starts = window_starts(line.cells, self.width) if line else [0]
            later = [start for start in starts if start > self._offset]
            earlier = [start for start in starts if start < self._offset]
            if command == "fwinrt" and later:
                self._offset = later[0]
                self._since = now
            elif command == "fwinrt" and self._at < self._total - 1:
                self._show(self._at + 1, now)  # the end of the line: on to the next announcement
            elif command == "fwinlt" and earlier:
                self._offset = earlier[-1]
                self._since = now
            elif command == "fwinlt" and self._at > self._oldest():
                previous = self._line(self._at - 1)
                self._show(self._at - 1, now, window_starts(previous.cells, self.width)[-1] if previous else 0)
            elif command == "lnup" and self._at > self._oldest():
                self._show(self._at - 1, now)
            elif command == "lndn" and self._at < self._total - 1:
                self._show(self._at + 1, now)
            elif command == "route" and line is not None and line.routes:
                cell = self._offset + argument
                end = min(later[0] if later else len(line.cells), self._offset + self.width)  # the window's last cell
                route = line.routes[cell] if argument >= 0 and cell < min(end, len(line.routes)) else None
                if route is not None:
                    routed = route
            elif command == "route" and line is not None:
                cell = self._offset + argument
                end = min(later[0] if later else len(line.cells), self._offset + self.width)  # the window's last cell
                position = line.positions[cell] if argument >= 0 and cell < min(end, len(line.positions)) else None
                if position is not None:
                    if self._selected == position:
                        event = ("play_position", position)
                        self._selected = None
                    else:
                        event = ("select", position)
                        self._selected = position
            else:
                return
            self._dirty = True
        if event is not None and self.on_command is not None:
            self.on_command(*event)
        if routed is not None and self.on_command is not None:
            self.on_command("route", routed)

    def handle_typed(self, char: str) -> None:
        """A character typed on the braille keyboard; Enter delivers the line as ``("typed", text)``."""
        text: str | None = None
        with self._lock:
            if char in ("\n", "\r"):
                text = "".join(self._typed).strip()
                self._typed.clear()
            elif char == "\b":
                if self._typed:
                    self._typed.pop()
            else:
                self._typed.append(char)
        if text and self.on_command is not None:
            self.on_command("typed", text)

    # -- the BrlAPI thread ---------------------------------------------------------

    def _report(self, news: Notice) -> None:
        """Say ``news`` (liblouis missing) once."""
        if self._reported == news:
            return
        self._reported = news
        if self.on_status is not None:
            self.on_status(news)

    def _gone(self, news: Notice) -> None:
        """The display is not there: say so the first time only, until it is back."""
        self.connected.clear()
        if self._away:
            return
        self._away = True
        if self.on_status is not None:
            self.on_status(news)

    def _back(self) -> None:
        """The display is there (again): show the newest announcement; after an absence, say so once."""
        with self._lock:
            if self._away and self._total:  # back after an absence: the newest, not what waited meanwhile
                self._show(self._total - 1, self.clock())
            self._dirty = True
        self.connected.set()
        if self._away:
            self._away = False
            if self.on_status is not None:
                self.on_status(notice("braille-back"))

    def _run(self) -> None:
        brlapi = _load_brlapi()
        if brlapi is None:
            self._gone(notice("braille-no-brlapi"))
            return
        while not self._stop.is_set():
            try:
                connection = self._connect(brlapi)
            except Exception as error:  # brlapi.ConnectionError and OSError alike
                self._gone(notice("braille-unreachable", error=_plain(error)))
                self._stop.wait(self.retry_seconds)
                continue
            try:
                self._serve(brlapi, connection)
            except Exception as error:  # the connection dropped: BRLTTY stopped
                self._gone(notice("braille-lost", error=_plain(error)))
                self._stop.wait(self.retry_seconds)
            finally:
                self.connected.clear()
                with contextlib.suppress(Exception):
                    connection.closeConnection()

    def _connect(self, brlapi: ModuleType) -> Any:
        args: list[bytes] = []
        if self.host is not None:
            args.append(self.host.encode())
            if self.auth is not None:
                args.append(self.auth.encode())
        return brlapi.Connection(*args)

    def _present(self, brlapi: ModuleType, connection: Any) -> bool:
        """Whether BRLTTY has a display now: online, with cells, and not its "no braille" driver.

        BRLTTY 6.1 and later say "online" through a parameter; before that only the size tells.
        """
        if hasattr(brlapi, "PARAM_DEVICE_ONLINE"):
            flags = brlapi.PARAMF_GLOBAL
            try:
                online = bool(connection.getParameter(brlapi.PARAM_DEVICE_ONLINE, 0, flags))
                driver = str(connection.getParameter(brlapi.PARAM_DRIVER_NAME, 0, flags))
            except brlapi.OperationError:
                connection.displaySize  # noqa: B018  (raises when the connection itself is gone)
            else:
                if not online or driver == "NoBraille":
                    return False
        columns, rows = connection.displaySize
        return int(columns) * int(rows) > 0 and _text(connection.driverName) != "NoBraille"

    def _serve(self, brlapi: ModuleType, connection: Any) -> None:
        """Show lines and read keys until the connection drops (an exception) or the output closes.

        A client that takes the terminal before the display is there loses its connection when the
        display comes, so a missing display is waited for first. One that goes away later is watched
        for while the terminal is kept: BRLTTY shows the client's cells again when it is back.
        """
        while not self._present(brlapi, connection):
            self._gone(notice("braille-no-display"))
            if self._stop.wait(ONLINE_SECONDS):
                return
        connection.enterTtyModeWithPath([])
        connection.acceptAllKeys()
        ignored = [brlapi.KEY_TYPE_CMD | getattr(brlapi, name) for name in _IGNORED_COMMANDS if hasattr(brlapi, name)]
        connection.ignoreKeys(brlapi.rangeType_command, ignored)
        here = False
        checked = 0.0
        while not self._stop.is_set():
            if time.monotonic() - checked >= ONLINE_SECONDS:
                checked = time.monotonic()
                present = self._present(brlapi, connection)
                if present and not here:
                    columns, _rows = connection.displaySize
                    self.width = int(columns) or DEFAULT_WIDTH
                    self._back()
                elif here and not present:
                    self._gone(notice("braille-gone"))
                here = present
            with self._lock:
                self._advance(self.clock())
                dirty = self._dirty and here
                if dirty:
                    self._dirty = False
                line = self._line(self._at)
                offset = self._offset
                cells = self._window()
            if dirty:
                if line is not None and not line.cells and line.text:
                    connection.writeText(line.text[offset : offset + self.width])
                else:
                    connection.writeDots(louis.to_dots(cells))
            code = connection.readKeyWithTimeout(50)
            if code is not None:
                self._key(brlapi, connection, int(code))

    def _key(self, brlapi: ModuleType, connection: Any, code: int) -> None:
        key = connection.expandKeyCode(code)
        kind, command, argument = key["type"], key["command"], key["argument"]
        if kind == brlapi.KEY_TYPE_CMD:
            names = {
                brlapi.KEY_CMD_FWINLT: "fwinlt",
                brlapi.KEY_CMD_FWINRT: "fwinrt",
                brlapi.KEY_CMD_LNUP: "lnup",
                brlapi.KEY_CMD_LNDN: "lndn",
                brlapi.KEY_CMD_ROUTE: "route",
            }
            if command in names:
                self.handle_key(names[command], int(argument))
            elif command == brlapi.KEY_CMD_PASSDOTS:
                self.handle_typed(typed_char(int(argument)))
        elif kind == brlapi.KEY_TYPE_SYM:
            symbol = command | argument
            if symbol == brlapi.KEY_SYM_LINEFEED:
                self.handle_typed("\n")
            elif symbol == brlapi.KEY_SYM_BACKSPACE:
                self.handle_typed("\b")
            elif (symbol & ~0xFFFFFF) == brlapi.KEY_SYM_UNICODE or symbol < 0x100:
                self.handle_typed(chr(symbol & 0xFFFFFF))


def _part_routes(routes: tuple[Route, ...], start: int, part: str) -> tuple[Route, ...]:
    """The routes of one line of a several-line announcement (which begins at character ``start``), counted from it."""
    end = start + len(part)
    return tuple(
        Route(max(r.start, start) - start, min(r.end, end) - start, r.command, r.number, r.text)
        for r in routes
        if r.start < end and r.end > start
    )


def _text(value: object) -> str:
    """A BrlAPI string, which the binding gives as bytes, as text."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _plain(error: BaseException) -> str:
    """An error's message on one line (BrlAPI's span several)."""
    return " ".join(str(error).split()) or type(error).__name__


_CHECKED: Final[tuple[type[Output], ...]] = (UnicodeBrailleOutput, BrailleDisplayOutput)  # mypy checks the classes
