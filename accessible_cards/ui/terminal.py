"""The terminal: one command read at a time, one plain line written per announcement.

In a real terminal, prompt_toolkit reads keys at a short prompt that is
erased when done, so the screen holds announcements only and the cursor
waits at the prompt. A key acts at once while the input line is empty;
typed words (``play 3``, ``tisch``) are read on Enter. When input or output
is not a terminal, lines are read and written plainly, with no escape
sequences at all.

What a console screen reader (tdsr, Speakup, Fenrir) speaks decides the layout:

- Each announcement is wrapped to the terminal's width at the moment it is
  written, between the parts of its sentences (after a comma, a colon, a
  semicolon, a sentence's end), so every screen row a reader speaks is a
  whole part, never half a card's name (:func:`wrap_rows`).
- New text is spoken as it appears, except after a cursor key: after Up or
  Down a reader speaks the row the cursor then stands on, after Left or Right
  the character under it (Fenrir speaks the row when the cursor moved to
  another row), and other new text stays unspoken. So the answer to an arrow
  key is written on fresh rows and the cursor is left at the start of its
  first row, with no prompt drawn there: Up and Down are heard by that row,
  Left and Right by its first character (in the hand, the card's number). An
  arrow that does nothing in a phase is refused in the same place. The
  next announcement goes below it. Each announcement is still written once,
  in order, on rows of its own.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import queue
import re
import sys
import textwrap
from collections.abc import Callable
from typing import TextIO

# The terminal must never be asked for the cursor position: a terminal that
# does not answer makes prompt_toolkit print a warning a screen reader reads.
os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

from prompt_toolkit import PromptSession
from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.output.vt100 import Vt100_Output

from ..cards import Card, DeckKind, Suit
from ..i18n import LANGUAGES, Catalog
from ..keys import Typed
from ..narration.card_names import ITALIAN_RANKS, CardNames
from ..outputs import Notice
from .commands import KEY_NAMES, key_map, parse_words

_NO_CHARACTER = "\x00"
_PT_KEYS = {"enter": "c-m", "space": " ", "escape": "escape"}
# Keys that are not characters, which the line editor would otherwise take while nothing is typed:
# Control-L would clear the screen, Control-R open a search, Control-Z or Control-V insert a control
# character, Up bring back an earlier typed command. In "keys" input they are keys like any other:
# refused with a reason. (Enter and Control-J submit the line; the others are not keys.)
_LINE_EDITOR_KEYS = tuple(
    key.value for key in Keys if not key.value.startswith("<") and key not in (Keys.ControlM, Keys.ControlJ)
)
CURSOR_KEYS = frozenset({"up", "down", "left", "right"})
"""The keys a console screen reader answers itself by reading the cursor's row (or character)."""
_ARROWS = frozenset({Keys.Up, Keys.Down, Keys.Left, Keys.Right})
"""The same keys as prompt_toolkit names them."""
_TYPING = "\x00typing"


def wrap_rows(text: str, width: int, lang: str = "en") -> list[str]:
    """``text`` as screen rows of at most ``width`` characters, broken between the parts of its sentences.

    A screen reader speaks one row as one utterance, so a row ends only where
    a listener hears a pause: after a comma, a colon, a semicolon or a
    sentence's end, which is also where list items part. As many whole parts
    as fit go on one row. A part longer than a whole row is broken between its
    words, never inside a card's name or a key's name (in ``lang`` or any other
    language); a word longer than a whole row is the only thing ever cut.
    Each line of ``text`` starts a row of its own. A line of Unicode braille,
    whose words are apart by the blank cell U+2800, keeps its own rule: it is
    broken at those blanks.
    """
    width = max(width, 1)
    rows: list[str] = []
    for line in text.split("\n"):
        if _BLANK_CELL in line and " " not in line:
            wrapped = _wrap_words(line.replace(_BLANK_CELL, " "), width)
            rows.extend(row.replace(" ", _BLANK_CELL) for row in wrapped)
            continue
        row = ""
        for part in _PART_END.split(_keep_names(line, lang)):
            if row and len(row) + 1 + len(part) <= width:
                row += " " + part
                continue
            if row:
                rows.append(row)
            pieces = _wrap_words(part, width) if len(part) > width else [part]
            rows.extend(pieces[:-1])
            row = pieces[-1]
        rows.append(row)
    return [row.replace(_KEPT_SPACE, " ") for row in rows]


def _wrap_words(text: str, width: int) -> list[str]:
    """``text`` broken between words; a name longer than a whole row between its own words."""
    words = [word.replace(_KEPT_SPACE, " ") if len(word) > width else word for word in text.split(" ")]
    return textwrap.wrap(" ".join(words), width, break_on_hyphens=False, replace_whitespace=False) or [""]


_BLANK_CELL = "\u2800"
_KEPT_SPACE = "\ue000"
"""Stands for a space inside a name while a line is broken into rows (a private-use character: never in a text)."""
_PART_END = re.compile(r"(?<=[,;.!?]) +|(?<=\D:) +")
"""Where a part of a sentence ends: the spaces after a comma, colon, semicolon, full stop, question or exclamation
mark; not after a number's colon, which labels what follows it ("7: Pik Drei", "2 of 5: Rules")."""


@functools.cache
def _names(lang: str) -> re.Pattern[str]:
    """Every card's and key's name of more than one word, in ``lang`` first, then the other languages."""
    names: set[str] = set()
    for language in (lang, *(other for other in LANGUAGES if other != lang)):
        catalog = Catalog(language)
        for kind in DeckKind:
            cards = CardNames(catalog, kind)
            ranks = range(1, 14) if kind is not DeckKind.ITALIAN40 and kind is not DeckKind.SPANISH40 else ITALIAN_RANKS
            for suit in (None,) if kind is DeckKind.NUMBERS else tuple(Suit):
                names.update(cards.name(Card(rank, suit)) for rank in ranks)
        names.update(KEY_NAMES.get(language, {}).values())
    several = sorted((name for name in names if " " in name), key=len, reverse=True)
    return re.compile("|".join(re.escape(name) for name in several)) if several else re.compile("(?!)")


def _keep_names(line: str, lang: str) -> str:
    """``line`` with the spaces inside names held together, so that no row ends within one."""
    if " " not in line:
        return line
    return _names(lang).sub(lambda found: found.group().replace(" ", _KEPT_SPACE), line)


class _ReaderOutput(Vt100_Output):
    """prompt_toolkit's terminal output, which draws and erases nothing while the cursor rests on an answer.

    The prompt is empty there, so there is nothing of its own to show: all it
    would write is the blank of its cursor cell, over the answer's first
    character, and erasing would wipe the answer the screen reader is about to read.
    """

    keep: Callable[[], bool] = staticmethod(lambda: False)

    def write(self, data: str) -> None:
        if not self.keep():
            super().write(data)

    def erase_down(self) -> None:
        if not self.keep():
            super().erase_down()

    def erase_end_of_line(self) -> None:
        if not self.keep():
            super().erase_end_of_line()


class Terminal:
    """Reads commands and writes lines; ``lang`` names the language typed words are read in."""

    def __init__(
        self,
        lang: str,
        input_mode: str = "keys",
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
    ) -> None:
        self.lang = lang
        self.input_mode = input_mode
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.interactive = self.stdin.isatty() and self.stdout.isatty()
        self._screen = self.stdout.isatty()
        """Output goes to a terminal's screen: only then are rows laid out for a screen reader (escape sequences)."""
        self._cursor_key = False
        """True while the last key read was a cursor key: what is said now answers it."""
        self.prompt_mark = "> "
        """What the prompt shows where the cursor waits (none for a screen reader: it would say it each time)."""
        self._echo = ""
        """The character of the key just pressed, until the first line after it is written."""
        self._answering = False
        """True once the answer to the last cursor key has its first line."""
        self._answer_rows = 0
        """Rows of the answer to the last cursor key so far."""
        self._held_rows = 0
        """Rows of the answer to a cursor key at and below the cursor, which rests on the first one on the screen."""
        if self.interactive:
            _hold_keys(self.stdin)
            atexit.register(self._release)
        self._session: PromptSession[object] | None = None
        self._bindings: dict[str, KeyBindings] = {}
        self.unknown: Callable[[str], None] = lambda _text: None
        self.status: Callable[[Notice | str], None] = lambda _news: None
        self._injected: queue.SimpleQueue[Typed | Notice | tuple[str, str]] = queue.SimpleQueue()

    def forget_bindings(self) -> None:
        """Drop the cached key bindings (after the input mode changes)."""
        self._bindings.clear()

    # -- writing ------------------------------------------------------------

    def line(self, text: str) -> None:
        """Write one announcement: a plain line, or in a terminal rows wrapped between words.

        In a terminal, the answer to a cursor key leaves the cursor at the
        start of its first row (see the module's docstring).
        """
        if not (self.interactive and self._screen):
            self.stdout.write(text + "\n")
            self.stdout.flush()
            return
        width = self.width()
        # the last column is left free, so that no terminal wraps on its own; of unknown width, the terminal wraps
        rows = wrap_rows(text, width - 1, self.lang) if width else text.split("\n")
        out = "\n" * self._held_rows  # below whatever the cursor rests on
        if self._echo and rows[0].startswith(self._echo):
            # A reader takes the first character drawn after a key for the key's own echo and says it apart
            # ("1", then ": two of spades"); a blank drawn and stepped back over first keeps the line whole.
            out += " \b"
        self._echo = ""
        if self._cursor_key:
            if not self._answering:  # the first line of this key's answer: earlier rows stay behind
                self._answer_rows = 0
                self._answering = True
            out += "\n".join(rows)
            self._answer_rows += len(rows)
            # back to the answer's first row, or the top one still on the screen when it is taller than that
            up = min(self._answer_rows - 1, self.height() - 1)
            out += "\r" + (f"\x1b[{up}A" if up else "")
            self._held_rows = up + 1
        else:
            out += "\n".join(rows) + "\n"
            self._held_rows = 0
        self.stdout.write(out)
        self.stdout.flush()

    def height(self) -> int:
        """The terminal's height now, in rows (24 when it cannot be asked)."""
        try:
            lines = os.get_terminal_size(self.stdout.fileno()).lines
        except (OSError, ValueError, AttributeError):
            return 24
        return lines if lines > 0 else 24

    def width(self) -> int | None:
        """The terminal's width now, in columns (None when it cannot be asked)."""
        try:
            columns = os.get_terminal_size(self.stdout.fileno()).columns
        except (OSError, ValueError, AttributeError):
            return None
        return columns if columns > 1 else None

    def _release(self) -> None:
        """At the end, the cursor goes below an answer it rests on, so nothing written later covers it."""
        if self._held_rows:
            with contextlib.suppress(OSError, ValueError):
                self.stdout.write("\n" * self._held_rows)
                self.stdout.flush()
            self._held_rows = 0

    def clear(self) -> None:
        """Clear the screen and its scrollback (a terminal only), so no earlier line can be read back."""
        if self.interactive:
            self.stdout.write("\x1b[H\x1b[2J\x1b[3J")
            self.stdout.flush()
            self._held_rows = 0

    # -- commands from elsewhere (a braille display's thread) ---------------------

    def inject(self, command: Typed | Notice | tuple[str, str]) -> None:
        """From any thread: a command (a routing key, typed braille), or news to say.

        News is an output's :class:`~accessible_cards.outputs.Notice` (a braille display lost or
        back), or ``("status", text)``, a sentence already in the player's language; both go to
        ``status``. ``("typed", text)`` is a line typed on a braille keyboard.

        A prompt that is waiting is ended so that the command is taken at once.
        """
        self._injected.put(command)
        session = self._session
        if session is not None and session.app.is_running:
            loop = session.app.loop
            if loop is not None:
                loop.call_soon_threadsafe(_end_prompt, session)

    def _take_injected(self, phase: str) -> Typed | None:
        while True:
            try:
                item = self._injected.get_nowait()
            except queue.Empty:
                return None
            if isinstance(item, Typed):
                return item
            if isinstance(item, Notice):
                self.status(item)
                continue
            kind, text = item
            if kind == "status":
                self.status(text)
                continue
            typed = parse_words(text, phase, self.lang)
            if typed is not None:
                return typed
            self.unknown(text)

    # -- reading --------------------------------------------------------------

    def read(self, phase: str) -> Typed | None:
        """The next command for ``phase``; None when input has ended. Unknown input is reported and skipped."""
        while True:
            injected = self._take_injected(phase)
            if injected is not None:
                return injected
            result = self._read_key(phase) if self.interactive else self._read_line(phase)
            if result == _INJECTED:
                continue
            if result is None or isinstance(result, Typed):
                return result
            self.unknown(result)

    def _read_line(self, phase: str) -> Typed | str | None:
        text = self.stdin.readline()
        if not text:
            return None
        text = text.rstrip("\r\n")
        if not text.strip():
            return _enter_command(phase)
        typed = parse_words(text, phase, self.lang)
        return typed if typed is not None else text.strip()

    def _read_key(self, phase: str) -> Typed | str | None:
        session = self._session
        if session is None:
            output = _ReaderOutput.from_pty(self.stdout, term=os.environ.get("TERM"))
            assert isinstance(output, _ReaderOutput)
            output.keep = lambda: self._held_rows > 0
            session = self._session = PromptSession(erase_when_done=True, output=output)
            session.app.ttimeoutlen = 0.05
            session.app.timeoutlen = 0.05
        default = ""
        while True:
            session.search_buffer.reset()
            session.app.layout.focus(session.default_buffer)  # a search left open by the last key ends here
            self._cursor_key = False
            self._echo = ""
            try:
                result = session.prompt(
                    # no prompt drawn on the row of an answer to a cursor key, which the cursor rests on
                    "" if self._held_rows else self.prompt_mark,
                    default=default,
                    key_bindings=self._key_bindings(phase),
                    # news injected while the prompt was being set up (e.g. a device lost) ends it at once
                    pre_run=lambda: None if self._injected.empty() else _end_prompt(session),
                )
            except KeyboardInterrupt:
                return Typed("quit")
            except EOFError:
                return None
            if isinstance(result, str) and result.startswith(_TYPING):
                # typing starts on the row of an answer: go below it, and type at a prompt of its own
                default = result[len(_TYPING) :]
                self._release()
                continue
            break
        if isinstance(result, Typed):
            return result
        text = str(result)
        if text == _INJECTED:
            return text
        if text == _NO_CHARACTER:
            return "?key"  # a key that is not a character: nothing to name
        if not text.strip():
            return _enter_command(phase)
        typed = parse_words(text, phase, self.lang)
        return typed if typed is not None else text.strip()

    def _key_bindings(self, phase: str) -> KeyBindings:
        cached = self._bindings.get(phase)
        if cached is not None:
            return cached
        bindings = KeyBindings()
        empty = Condition(lambda: not _current_text() and not get_app().layout.is_searching)
        for key, command in key_map(phase).items():
            if key == "enter":
                continue  # Enter submits the line; an empty line means the phase's Enter command
            pt_key = _PT_KEYS.get(key, key)
            printable = len(pt_key) == 1  # a character, Space included
            typed_words = self.input_mode == "words"
            if printable and typed_words:
                continue  # in word mode letters and digits are typed, not pressed

            def handler(
                event: KeyPressEvent, name: str = command.name, key: str = key, echo: str = pt_key if printable else ""
            ) -> None:
                number = int(key) if key.isdigit() else None
                self._cursor_key = key in CURSOR_KEYS
                self._answering = False
                self._echo = echo
                event.app.exit(result=Typed(name, number))

            if printable:
                bindings.add(pt_key, filter=empty)(handler)
            else:
                bindings.add(pt_key, eager=True)(handler)

        @bindings.add(Keys.Vt100MouseEvent)
        @bindings.add("c-l")
        def ignored(event: KeyPressEvent) -> None:
            """No mouse (prompt_toolkit's handler stops on a malformed report, ESC [ 8 5 m); no clearing the screen."""

        held = Condition(lambda: self._held_rows > 0)

        if self.input_mode == "words":

            @bindings.add("<any>", filter=empty & held)
            def start_typing(event: KeyPressEvent) -> None:
                data = event.key_sequence[0].data if event.key_sequence else ""
                if data.isprintable() and data:
                    event.app.exit(result=_TYPING + data)

            @bindings.add("c-d", filter=empty)
            def end_of_input(event: KeyPressEvent) -> None:
                event.app.exit(result=Typed("quit"))  # asks first, as in "keys" input; not the end of the input

        if self.input_mode == "keys":

            @bindings.add("<any>", filter=empty)
            def unknown(event: KeyPressEvent) -> None:
                data = event.key_sequence[0].data if event.key_sequence else ""
                if event.key_sequence and event.key_sequence[0].key in _ARROWS:
                    # an arrow that does nothing here is answered where the reader looks, as one that does
                    self._cursor_key = True
                    self._answering = False
                if data in ("\x03", "\x04"):
                    event.app.exit(result=Typed("quit"))  # Control-C, Control-D
                elif data in (":", "/") and self._held_rows:
                    event.app.exit(result=_TYPING + data)  # the start of a typed command, at a prompt of its own
                elif data in (":", "/"):
                    event.current_buffer.insert_text(data)  # the start of a typed command
                elif data.isprintable() and data:
                    event.app.exit(result=data)
                else:
                    event.app.exit(result=_NO_CHARACTER)

            bound = {_PT_KEYS.get(key, key) for key in key_map(phase)}
            for key in _LINE_EDITOR_KEYS:
                if key not in bound:
                    bindings.add(key, filter=empty, eager=True)(unknown)

        self._bindings[phase] = bindings
        return bindings


_INJECTED = "\x00injected"


def _hold_keys(stdin: TextIO) -> Callable[[], None] | None:
    """Keep the terminal's keys raw for the whole run, not only while a prompt waits (restored at exit).

    Keys pressed while the program is busy (a computer player's pause) then
    wait for the next prompt: they are not echoed onto the screen as text,
    Control-C does not end the program unasked, Control-\\ does not kill it,
    and Control-S does not stop the output. Returns what gives the terminal back (it runs at exit).
    """
    try:
        import termios

        from prompt_toolkit.input.vt100 import raw_mode
    except ImportError:  # no termios: not a POSIX terminal
        return None
    fileno = stdin.fileno()
    mode = raw_mode(fileno)
    mode.__enter__()

    def give_back() -> None:
        """Keys pressed for the game after it ended are dropped, not left for the shell to run as a command."""
        with contextlib.suppress(termios.error):
            termios.tcflush(fileno, termios.TCIFLUSH)
        mode.__exit__()

    atexit.register(give_back)
    return give_back


def _end_prompt(session: PromptSession[object]) -> None:
    if session.app.is_running and not session.app.future.done():  # type: ignore[union-attr]
        session.app.exit(result=_INJECTED)


def _current_text() -> str:
    return str(get_app().current_buffer.text)


def _enter_command(phase: str) -> Typed | str:
    command = key_map(phase).get("enter")
    return Typed(command.name) if command else "?key"  # Enter does nothing here: said so; not the end of input
