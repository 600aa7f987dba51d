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
from collections.abc import Mapping, Sequence
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


KEY_WAIT = 0.15
"""The longest a key press waits for the program's first answer before the next key is sent (keys wait in the
terminal's input meanwhile, as a fast typist's do)."""
KEY_QUIET = 0.03
"""After a key's answer has begun, how long nothing must come before the next key is sent."""
QUIET = 0.2
"""How long nothing must come, after the program answered, for ``settle`` and ``new_lines`` to take it as done.

Short enough to be quick, long enough that a second line the program writes a moment after the first (on a
loaded two-core machine) is still read before the test looks."""

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
        *,
        program: Sequence[str] | None = None,
        cwd: Path | None = None,
        base_env: Mapping[str, str] | None = None,
    ) -> None:
        """``prefix`` runs the program through another command (e.g. ``setpriv`` to play as another user).

        ``program`` is the command that starts the program (the checkout's ``python -m accessible_cards`` unless
        given, e.g. an installed one), ``cwd`` the folder it starts in, ``base_env`` the environment the test's
        settings go over (this process's unless given).
        """
        self.columns = columns
        environment = dict(os.environ if base_env is None else base_env)
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
        started = list(program) if program is not None else [sys.executable, "-m", "accessible_cards"]
        command = [*(prefix or []), *started, *args]
        self.child = pexpect.spawn(
            command[0],
            command[1:],
            cwd=None if cwd is None else str(cwd),
            env=environment,
            dimensions=(rows, columns),
            encoding="utf-8",
            timeout=10,
        )
        self.mark = 0
        self.answered = False
        """Whether the program wrote anything since the last key sent."""
        self.ended = False
        """Whether the program closed the terminal."""

    # -- reading --------------------------------------------------------------

    def _read(self, timeout: float) -> bool:
        """Take what the program wrote within ``timeout`` seconds into the screen; whether anything came."""
        try:
            data = self.child.read_nonblocking(65536, timeout=max(timeout, 0.001))
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            self.ended = True
            return False
        self.raw += data
        self.answered = True
        *before_clears, after = data.split(CLEAR_SCROLLBACK)
        for part in before_clears:
            # the program cleared the screen and its scrollback (a hot-seat hand-over): so does this one
            self.stream.feed(part + CLEAR_SCROLLBACK)
            self.screen.history.top.clear()
            self.mark = 0
        self.stream.feed(after)
        return True

    def _pump(self, seconds: float) -> None:
        """Read for ``seconds`` seconds, whatever comes."""
        end = time.monotonic() + seconds
        while not self.ended and (left := end - time.monotonic()) > 0:
            self._read(min(left, 0.05))

    def _pump_until_quiet(self, seconds: float, quiet: float) -> None:
        """Read until the program has answered and then written nothing for ``quiet`` seconds; at most ``seconds``.

        "Answered" means something came since the last key (or since this call, when no key is waiting
        for its answer). With no answer at all it reads the whole ``seconds``: what a test that asserts
        that nothing comes needs.
        """
        start = time.monotonic()
        end = start + seconds
        last = start if self.answered else None  # once the answer has begun, it must fall quiet
        while not self.ended and (now := time.monotonic()) < end:
            if last is not None and now - last >= quiet:
                return
            wait = end - now if last is None else min(end - now, quiet - (now - last))
            if self._read(min(wait, 0.05)):
                last = time.monotonic()

    def lines(self) -> list[str]:
        """Every non-empty line, scrollback first."""
        history = ["".join(row[x].data for x in range(self.columns)).rstrip() for row in self.screen.history.top]
        shown = [line.rstrip() for line in self.screen.display]
        return [row for row in history + shown if row]

    def said(self) -> list[str]:
        """The lines without the prompt line."""
        return [line for line in self.lines() if line.strip() not in (">", "")]

    def wait_for(self, pattern: str, seconds: float = 10.0) -> str:
        """Wait until a line matches ``pattern`` (a regular expression); return it (checked as soon as output comes)."""
        regex = re.compile(pattern)
        end = time.monotonic() + seconds
        while True:
            for line in self.lines()[self.mark :]:
                if regex.search(line):
                    return line
            if time.monotonic() >= end:
                break
            if not self._read(min(0.1, max(end - time.monotonic(), 0.0))) and self.ended:
                for line in self.lines()[self.mark :]:
                    if regex.search(line):
                        return line
                break
        raise AssertionError(f"no line matching {pattern!r}; the screen says:\n" + "\n".join(self.lines()[-30:]))

    def settle(self, seconds: float = 0.4) -> None:
        """Let the program finish writing: its answer to the last key, and then ``QUIET`` seconds of nothing.

        At most ``seconds`` (a key that gets no answer costs all of them, as a test that asserts absence needs).
        """
        self._pump_until_quiet(seconds, QUIET)

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
            self._send(KEYS.get(key, key))

    def type(self, text: str) -> None:
        """Type characters as they come."""
        self._send(text)

    def _send(self, text: str) -> None:
        """Send keys, then read their first answer (at most ``KEY_WAIT`` seconds) until it pauses briefly."""
        self.child.send(text)
        self.answered = False
        self._pump_until_quiet(KEY_WAIT, KEY_QUIET)

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


def speech_dispatchers_under(folder: Path) -> list[int]:
    """The speech-dispatcher processes whose command line names ``folder`` (their socket lies under it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"speech-dispatcher") and any(str(folder).encode() in a for a in argv):
            found.append(int(entry.name))
    return found
