"""Keys from a remote terminal (SSH with a pseudo-terminal, telnet in character mode), one at a time.

The remote terminal sends what its keys type: letters and digits as themselves, Enter as CR (maybe
followed by LF or NUL), arrows, Home, End and F1 as escape sequences (``ESC [ A``, ``ESC O P``,
``ESC [ 1 1 ~``...), and Escape alone as a lone ESC. A :class:`KeyStream` is fed that text as it
comes and gives back key names as local play names them (``"a"``, ``"3"``, ``"space"``, ``"enter"``,
``"escape"``, ``"up"``, ``"f1"``). A lone ESC is Escape once nothing has followed it for a short while
(:data:`ESCAPE_WAIT`); a sequence this program does not know is one key that does nothing
(``"?key"``). Nothing here writes: the echo of a typed line is its reader's.

What a sequence means is looked up in prompt_toolkit's own table of what terminals send
(``ANSI_SEQUENCES``), the table local play reads its keys by, so a key has one name at the
keyboard and over the network. Where a sequence ends is found here, by the terminal's grammar
(CSI: parameters, intermediates, one final character; SS3: one character), rather than by
prompt_toolkit's ``Vt100Parser``: that parser splits a sequence it does not know into Escape and
its characters (``ESC [ 9 9 ~`` is Escape, ``[``, ``9``, ``9``, ``~``), so an unknown key would
leave the screen and type digits; here it is one key that does nothing, as in local play.
"""

from __future__ import annotations

import queue
import threading
from typing import Final

from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.keys import Keys

ESCAPE_WAIT: Final = 0.05
"""Seconds a lone ESC waits for the rest of a sequence before it is the Escape key."""

UNKNOWN: Final = "?key"
BACKSPACE: Final = "backspace"

_NAMES: Final = {
    Keys.Up: "up", Keys.Down: "down", Keys.Right: "right", Keys.Left: "left",
    Keys.Home: "home", Keys.End: "end", Keys.F1: "f1",
}  # fmt: skip
"""The keys a game answers, as prompt_toolkit names them and as local play names them; any other is UNKNOWN."""
_CONTROL_KEYS: Final = {"\x03": "c-c", "\x04": "c-d", "\x7f": BACKSPACE, "\x08": BACKSPACE, "\t": "tab", " ": "space"}


def _named(sequence: str) -> str:
    """The name of the key a whole escape sequence stands for; UNKNOWN for one no game answers."""
    if sequence[:3] == "\x1b[1" and len(sequence) == 4 and sequence[3].isalpha():
        # ESC [ 1 A: an arrow with its default parameter written out
        sequence = "\x1b[" + sequence[3]
    key = ANSI_SEQUENCES.get(sequence)
    return _NAMES.get(key, UNKNOWN) if isinstance(key, Keys) else UNKNOWN


def _sequence(text: str) -> tuple[str, int] | None:
    """The key at the start of ``text`` (which starts with ESC) and its length; None: not complete yet."""
    if len(text) < 2:
        return None
    second = text[1]
    if second == "O":  # SS3: ESC O A (arrows in application mode), ESC O P (F1)
        if len(text) < 3:
            return None
        return _named(text[:3]), 3
    if second == "[":  # CSI: ESC [ parameters intermediates final
        index = 2
        if index < len(text) and text[index] == "[":  # the Linux console's F1 to F5: ESC [ [ A
            if len(text) < 4:
                return None
            return _named(text[:4]), 4
        while index < len(text) and "0" <= text[index] <= "?":
            index += 1
        while index < len(text) and " " <= text[index] <= "/":
            index += 1
        if index >= len(text):
            return None if index < 16 else (UNKNOWN, index)
        if not "@" <= text[index] <= "~":
            return UNKNOWN, index  # not a sequence after all: the ESC and what came so far
        return _named(text[: index + 1]), index + 1  # with a modifier (Control, Shift): a key that does nothing
    if second == "\x1b":
        return "escape", 1  # Escape pressed twice: the first is one key
    return UNKNOWN, 2  # Alt with a key


class KeyStream:
    """Text fed in from the network (any thread); key names taken out by the session's thread.

    :meth:`get` gives a key name, None when :meth:`wake` was called (news to say), or False when
    the input has ended.
    """

    def __init__(self, escape_wait: float = ESCAPE_WAIT) -> None:
        self.escape_wait = escape_wait
        self._keys: queue.SimpleQueue[str | bool | None] = queue.SimpleQueue()
        self._pending = ""
        self._after_cr = False
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._fed = 0

    def feed(self, text: str) -> None:
        with self._lock:
            self._fed += 1
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._pending += text
            self._decode(final=False)
            if self._pending:
                fed = self._fed
                self._timer = threading.Timer(self.escape_wait, self._waited, (fed,))
                self._timer.daemon = True
                self._timer.start()

    def end(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
            self._decode(final=True)
        self._keys.put(False)

    def wake(self) -> None:
        self._keys.put(None)

    def get(self, timeout: float | None = None) -> str | bool | None:
        try:
            return self._keys.get(timeout=timeout)
        except queue.Empty:
            return None

    def _waited(self, fed: int) -> None:
        with self._lock:
            if fed == self._fed:  # nothing came since: a lone ESC is the Escape key
                self._decode(final=True)

    def _decode(self, final: bool) -> None:
        text = self._pending
        index = 0
        while index < len(text):
            character = text[index]
            if self._after_cr:
                self._after_cr = False
                if character in "\n\x00":  # CR LF, CR NUL: one Enter
                    index += 1
                    continue
            if character == "\x1b":
                found = _sequence(text[index:])
                if found is None:
                    if not final:
                        break  # wait for the rest (or for the short while to pass)
                    found = ("escape", 1)
                key, length = found
                self._keys.put(key)
                index += length
                continue
            if character in "\r\n":
                self._after_cr = character == "\r"
                self._keys.put("enter")
            elif character in _CONTROL_KEYS:
                self._keys.put(_CONTROL_KEYS[character])
            elif character.isprintable():
                self._keys.put(character)
            else:
                self._keys.put(UNKNOWN)
            index += 1
        self._pending = text[index:]
