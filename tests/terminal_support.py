"""Play the program as a listener meets it: a real pseudo-terminal, the screen read back with pyte.

``Player`` starts ``accessible-cards`` in a pty 300 columns wide (so that no
announcement wraps) and 40 rows high, feeds everything
it writes into a pyte screen (with scrollback), sends keys, and waits for a
line to appear. ``lines()`` are the screen's lines, scrollback included, as
a screen reader or BRLTTY's screen review would find them.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pexpect
import pyte

KEYS = {
    "enter": "\r",
    "escape": "\x1b",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "f1": "\x1bOP",
    "space": " ",
    "ctrl-c": "\x03",
}

COLUMNS, ROWS = 300, 40


CLEAR_SCROLLBACK = "\x1b[3J"
"""What the program writes, after clearing the screen, to clear the scrollback too."""


class Player:
    """A person at the keyboard of a real terminal running the program."""

    def __init__(
        self,
        args: list[str],
        config: Path,
        env: dict[str, str] | None = None,
        prefix: list[str] | None = None,
        columns: int = COLUMNS,
        rows: int = ROWS,
    ) -> None:
        """``prefix`` runs the program through another command (e.g. ``setpriv`` to play as another user)."""
        self.columns = columns
        environment = dict(os.environ)
        environment.update(
            {
                "ACCESSIBLE_CARDS_CONFIG_DIR": str(config),
                "TERM": "xterm-256color",
                "LANG": "C.UTF-8",
                "ACCESSIBLE_CARDS_SPEECH": "off",  # speech has its own tests; here the lines are what count
            }
        )
        environment.pop("PROMPT_TOOLKIT_NO_CPR", None)  # the program must set it itself
        environment.update(env or {})
        self.raw = ""
        self.screen = pyte.HistoryScreen(columns, rows, history=5000)
        self.screen.set_mode(pyte.modes.LNM)
        self.stream = pyte.Stream(self.screen)
        command = [*(prefix or []), sys.executable, "-m", "accessible_cards", *args]
        self.child = pexpect.spawn(
            command[0],
            command[1:],
            env=environment,
            dimensions=(rows, columns),
            encoding="utf-8",
            timeout=10,
        )
        self.mark = 0

    # -- reading --------------------------------------------------------------

    def _pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return
            self.raw += data
            *before_clears, after = data.split(CLEAR_SCROLLBACK)
            for part in before_clears:
                # the program cleared the screen and its scrollback (a hot-seat hand-over): so does this one
                self.stream.feed(part + CLEAR_SCROLLBACK)
                self.screen.history.top.clear()
                self.mark = 0
            self.stream.feed(after)

    def lines(self) -> list[str]:
        """Every non-empty line, scrollback first."""
        history = ["".join(row[x].data for x in range(self.columns)).rstrip() for row in self.screen.history.top]
        shown = [line.rstrip() for line in self.screen.display]
        return [row for row in history + shown if row]

    def said(self) -> list[str]:
        """The lines without the prompt line."""
        return [line for line in self.lines() if line.strip() not in (">", "")]

    def wait_for(self, pattern: str, seconds: float = 10.0) -> str:
        """Wait until a line matches ``pattern`` (a regular expression); return it."""
        regex = re.compile(pattern)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for line in self.lines()[self.mark :]:
                if regex.search(line):
                    return line
            self._pump(0.1)
        raise AssertionError(f"no line matching {pattern!r}; the screen says:\n" + "\n".join(self.lines()[-30:]))

    def settle(self, seconds: float = 0.4) -> None:
        """Let the program finish writing."""
        self._pump(seconds)

    def new_lines(self) -> list[str]:
        """The lines said since the last call (or since the start)."""
        self.settle()
        lines = self.said()
        fresh = lines[self.mark :]
        self.mark = len(lines)
        return fresh

    # -- typing -----------------------------------------------------------------

    def press(self, *keys: str) -> None:
        """Press keys by name (``enter``, ``up``) or as characters, one after another."""
        for key in keys:
            self.child.send(KEYS.get(key, key))
            self._pump(0.15)

    def type(self, text: str) -> None:
        """Type characters as they come."""
        self.child.send(text)
        self._pump(0.15)

    def resize(self, columns: int, rows: int = ROWS) -> None:
        """The terminal window changes size (the program gets SIGWINCH); rows already shown are not reflowed."""
        self._pump(0.1)
        self.columns = columns
        self.screen.resize(rows, columns)
        self.child.setwinsize(rows, columns)
        self._pump(0.1)

    def cursor(self) -> tuple[int, int]:
        """Where the cursor is: column, row."""
        return self.screen.cursor.x, self.screen.cursor.y

    def close(self) -> int | None:
        """End the program if it still runs; its exit status."""
        if self.child.isalive():
            self.child.terminate(force=True)
        self.child.close()
        return self.child.exitstatus


def start(players: list[Player], config: Path, *args: str) -> Player:
    """Start the program with ``args`` and keep it in ``players`` (the fixture ends it)."""
    player = Player(list(args), config)
    players.append(player)
    return player


def assert_clean(lines: list[str]) -> None:
    """Nothing a listener should not hear: no escape sequences shown as text, no warnings, no traceback."""
    for line in lines:
        assert "\x1b" not in line and "^[" not in line, line
        assert "WARNING" not in line and "CPR" not in line, line
        assert "Traceback" not in line, line
