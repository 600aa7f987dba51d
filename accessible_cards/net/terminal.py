"""The ``join`` client's terminal: local play's, with news from the server let in while input waits.

When input is not a terminal, lines are read on a thread of their own, so a message from the server
never waits for Enter; on a remote terminal (SSH, telnet) each key acts at once, as at a local one.
"""

from __future__ import annotations

import queue
import threading
from typing import Any, TextIO

from ..keys import Typed
from ..ui.commands import key_map, parse_words
from ..ui.terminal import Terminal, _enter_command
from .keystream import BACKSPACE, KeyStream


class NetTerminal(Terminal):
    """The terminal of local play; when input is not a terminal, lines are read on a thread, so news never waits."""

    def __init__(
        self,
        lang: str,
        input_mode: str = "keys",
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        keys: KeyStream | None = None,
    ) -> None:
        super().__init__(lang, input_mode, stdin, stdout)
        self._lines: queue.SimpleQueue[str | bool | None] = queue.SimpleQueue()
        self._reader: threading.Thread | None = None
        self.keys = keys
        """A remote terminal's keys (SSH, telnet): each key acts at once, as at a local terminal."""

    def inject(self, command: Typed | Any) -> None:
        super().inject(command)
        self._lines.put(None)
        if self.keys is not None:
            self.keys.wake()

    def _read_stdin(self) -> None:
        while True:
            try:
                text = self.stdin.readline()
            except (OSError, ValueError):
                text = ""
            if not text:
                self._lines.put(False)
                return
            self._lines.put(text)

    def read(self, phase: str) -> Typed | None:
        if self.keys is not None:
            return self._read_key_stream(phase, self.keys)
        if self.interactive:
            return super().read(phase)
        if self._reader is None:
            self._reader = threading.Thread(target=self._read_stdin, name="net-stdin", daemon=True)
            self._reader.start()
        while True:
            injected = self._take_injected(phase)
            if injected is not None:
                return injected
            item = self._lines.get()
            if item is None:
                continue
            if item is False:
                return None
            text = str(item).rstrip("\r\n")
            if not text.strip():
                entered = _enter_command(phase)
                if isinstance(entered, Typed):
                    return entered
                self.unknown(entered)
                continue
            typed = parse_words(text, phase, self.lang)
            if typed is not None:
                return typed
            self.unknown(text.strip())

    def _read_key_stream(self, phase: str, keys: KeyStream) -> Typed | None:
        """As local play's keys: a bound key acts at once; colon or slash starts a typed command, read on Enter."""
        while True:
            injected = self._take_injected(phase)
            if injected is not None:
                return injected
            key = keys.get()
            if key is None:
                continue
            if key is False:
                return None
            key = str(key)
            if key in ("c-c", "c-d"):
                return Typed("quit")  # asks first, as at a local terminal
            if key in (":", "/"):
                text = typed_line(keys, self.stdout, key)
                if text is None:
                    return None
                if not text.strip(":/ "):
                    continue  # given up with Escape, or nothing typed
                typed = parse_words(text, phase, self.lang)
                if typed is not None:
                    return typed
                self.unknown(text.strip())
                continue
            if key == "enter":
                entered = _enter_command(phase)
                if isinstance(entered, Typed):
                    return entered
                self.unknown(entered)
                continue
            command = key_map(phase).get(key)
            if command is not None and not (self.input_mode == "words" and len(key) == 1):
                return Typed(command.name, int(key) if key.isdigit() else None)
            self.unknown(key if len(key) == 1 else "?key")


def typed_line(keys: KeyStream, out: TextIO, start: str = "") -> str | None:
    """A line typed on a remote terminal, echoed as it is typed (Backspace takes a character back, Escape gives up).

    None when the input ends. ``start`` is what began it (the colon of a typed command), echoed first.
    """
    text = start
    out.write(start)
    out.flush()
    while True:
        key = keys.get()
        if key is None:
            continue  # news waits until the line is done
        if key is False:
            return None
        key = str(key)
        if key == "enter":
            out.write("\n")
            out.flush()
            return text
        if key == "escape":
            out.write("\n")
            out.flush()
            return ""
        if key == BACKSPACE:
            if text:
                text = text[:-1]
                out.write("\b \b")
        elif key == "space" or len(key) == 1:
            character = " " if key == "space" else key
            if len(text) < 80:
                text += character
                out.write(character)
        out.flush()
