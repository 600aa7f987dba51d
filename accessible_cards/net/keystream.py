"""Keys from a remote terminal (SSH with a pseudo-terminal, telnet in character mode), one at a time.

The remote terminal sends what its keys type: letters and digits as themselves, Enter as CR (maybe
followed by LF or NUL), arrows, Home, End and F1 as escape sequences (``ESC [ A``, ``ESC O P``,
``ESC [ 1 1 ~``...), and Escape alone as a lone ESC. A :class:`KeyStream` is fed that text as it
comes and gives back key names as local play names them (``"a"``, ``"3"``, ``"space"``, ``"enter"``,
``"escape"``, ``"up"``, ``"f1"``). A lone ESC is Escape once nothing has followed it for a short while
(:data:`ESCAPE_WAIT`); a sequence this program does not know is one key that does nothing
(``"?key"``). Nothing here writes: the echo of a typed line is its reader's.
"""

from __future__ import annotations

import queue
import threading
from typing import Final

ESCAPE_WAIT: Final = 0.05
"""Seconds a lone ESC waits for the rest of a sequence before it is the Escape key."""

UNKNOWN: Final = "?key"
BACKSPACE: Final = "backspace"

_FINAL_KEYS: Final = {"A": "up", "B": "down", "C": "right", "D": "left", "H": "home", "F": "end", "P": "f1"}
_TILDE_KEYS: Final = {"1": "home", "7": "home", "4": "end", "8": "end", "11": "f1"}
_CONTROL_KEYS: Final = {"\x03": "c-c", "\x04": "c-d", "\x7f": BACKSPACE, "\x08": BACKSPACE, "\t": "tab", " ": "space"}


def _sequence(text: str) -> tuple[str, int] | None:
    """The key at the start of ``text`` (which starts with ESC) and its length; None: not complete yet."""
    if len(text) < 2:
        return None
    second = text[1]
    if second == "O":  # SS3: ESC O A (arrows in application mode), ESC O P (F1)
        if len(text) < 3:
            return None
        return _FINAL_KEYS.get(text[2], UNKNOWN), 3
    if second == "[":  # CSI: ESC [ parameters final
        index = 2
        if index < len(text) and text[index] == "[":  # the Linux console's F1: ESC [ [ A
            if len(text) < 4:
                return None
            return ("f1" if text[3] == "A" else UNKNOWN), 4
        while index < len(text) and "0" <= text[index] <= "?":
            index += 1
        while index < len(text) and " " <= text[index] <= "/":
            index += 1
        if index >= len(text):
            return None if index < 16 else (UNKNOWN, index)
        final = text[index]
        if not "@" <= final <= "~":
            return UNKNOWN, index  # not a sequence after all: the ESC and what came so far
        parameters = text[2:index]
        if final == "~":
            return _TILDE_KEYS.get(parameters, UNKNOWN), index + 1
        if parameters in ("", "1") and final in _FINAL_KEYS:
            return _FINAL_KEYS[final], index + 1
        return UNKNOWN, index + 1  # with a modifier (Control, Shift) or unknown: a key that does nothing
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
