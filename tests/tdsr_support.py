"""Play the program under tdsr, a real console screen reader, and hear what it says.

tdsr runs the program in its own pseudo-terminal and pipes what it would speak
to a speech server command: here a stand-in that logs each line it receives
(``s<text>`` to speak, ``l<char>`` a letter, ``x`` stop) with the time it
came. ``Listener.press`` sends a key through tdsr, exactly as a player's
keyboard would, and returns what tdsr spoke for it.

tdsr itself lives outside the repository (``../shared/tools/tdsr``, or the
folder named by ``ACCESSIBLE_CARDS_TDSR``); without it the tests that need it
are skipped with that reason.
"""

from __future__ import annotations

import configparser
import os
import sys
import time
from pathlib import Path

import pexpect
from terminal_support import KEYS

REPO = Path(__file__).resolve().parents[1]


def tdsr_home() -> Path | None:
    """The folder tdsr's source is in (with ``bin/tdsr``), or None when it is not here."""
    named = os.environ.get("ACCESSIBLE_CARDS_TDSR")
    beside = [folder / "shared" / "tools" / "tdsr" for folder in REPO.parents]  # ../shared, or higher up
    for candidate in ([Path(named)] if named else []) + beside + [Path("/work/shared/tools/tdsr")]:
        if (candidate / "bin" / "tdsr").is_file():
            return candidate
    return None


SPEECH_LOG_SCRIPT = """\
import sys, time
with open(sys.argv[1], "a", encoding="utf-8", buffering=1) as log:
    for line in sys.stdin:
        log.write(f"{time.monotonic():.6f} {line.rstrip(chr(10))}\\n")
"""
"""The speech server stand-in: every line tdsr sends, with the moment it arrived."""

CURSOR_DELAY = 0.15
"""tdsr's wait after an arrow key in the tests, instead of its 20 ms: the tests check where the answer is
written, not how fast on a busy machine (no timed asserts in tests); the benchmark measures against 20 ms."""

TDSR_KEYS = {**KEYS, "alt-i": "\x1bi"}
"""Keys as a terminal sends them; Alt+I is tdsr's own key that reads the line the review cursor is on."""


class Listener:
    """A player at a keyboard, listening to tdsr read the program."""

    def __init__(
        self,
        args: list[str],
        folder: Path,
        env: dict[str, str] | None = None,
        columns: int = 80,
        cursor_delay: float | None = CURSOR_DELAY,
    ) -> None:
        """``cursor_delay``: seconds tdsr waits after an arrow key before it reads (None: its own 20 ms)."""
        home = tdsr_home()
        assert home is not None, "tdsr is not here"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "home").mkdir(exist_ok=True)  # tdsr keeps its config file in HOME
        if cursor_delay is not None:
            config = configparser.ConfigParser()
            config.read(home / "tdsr" / "tdsr.cfg.dist", encoding="utf-8")  # what tdsr itself starts from
            config["speech"]["cursor_delay"] = str(cursor_delay)
            with open(folder / "home" / ".tdsr.cfg", "w", encoding="utf-8") as file:
                config.write(file)
        script = folder / "speech_log.py"
        script.write_text(SPEECH_LOG_SCRIPT, encoding="utf-8")
        self.log = folder / "speech.log"
        self.log.write_text("", encoding="utf-8")
        environment = dict(os.environ)
        environment.update(
            {
                "HOME": str(folder / "home"),
                "ACCESSIBLE_CARDS_CONFIG_DIR": str(folder / "config"),
                "TERM": "xterm-256color",
                "LANG": "C.UTF-8",
                "ACCESSIBLE_CARDS_SPEECH": "off",
                "PYTHONPATH": str(REPO),
            }
        )
        environment.pop("PROMPT_TOOLKIT_NO_CPR", None)
        environment.update(env or {})
        speech = f"{sys.executable} {script} {self.log}"
        self.child = pexpect.spawn(
            sys.executable,
            [str(home / "bin" / "tdsr"), "-s", speech, "--", sys.executable, "-m", "accessible_cards", *args],
            env=environment,
            dimensions=(40, columns),
            encoding="utf-8",
            timeout=10,
            cwd=str(REPO),
        )
        self.seen = 0

    def _drain(self) -> None:
        try:
            while True:
                self.child.read_nonblocking(65536, timeout=0.02)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return

    def entries(self) -> list[tuple[float, str]]:
        """Everything tdsr has sent to its speech server so far: (moment, line)."""
        result = []
        for row in self.log.read_text(encoding="utf-8").splitlines():
            moment, _, line = row.partition(" ")
            result.append((float(moment), line))
        return result

    def heard(
        self, quiet: float = 0.25, seconds: float = 8.0, until: str | None = None, some: bool = True
    ) -> list[str]:
        """What tdsr sent since the last call, once it has been quiet for ``quiet`` seconds.

        ``until``: wait (up to ``seconds``) for a spoken line holding this text first; ``some``:
        wait for at least one line (else a quiet spell with nothing new ends it).
        """
        end = time.monotonic() + seconds
        count = -1
        still_since = time.monotonic()
        while time.monotonic() < end:
            self._drain()
            lines = [line for _moment, line in self.entries()[self.seen :]]
            if len(lines) != count:
                count = len(lines)
                still_since = time.monotonic()
            waited_for = until is None or any(until in line for line in lines)
            said_some = any(line != "x" for line in lines)  # more than the stop every key sends
            if waited_for and (said_some or not some) and time.monotonic() - still_since >= quiet:
                break
            time.sleep(0.03)
        fresh = [line for _moment, line in self.entries()[self.seen :]]
        self.seen += len(fresh)
        return fresh

    def press(self, key: str, until: str | None = None) -> list[str]:
        """Press one key (by name, or a character) and return what tdsr said for it, without its stop (``x``)."""
        self.heard(quiet=0.1, seconds=0.5, some=False)  # anything still coming from before belongs to the last key
        self.child.send(TDSR_KEYS.get(key, key))
        return [line for line in self.heard(until=until) if line != "x"]

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
        self.child.close()


def spoken(lines: list[str]) -> list[str]:
    """The texts tdsr spoke (``s`` lines) and the letters it said (``l`` lines, as ``letter X``)."""
    return [line[1:] if line.startswith("s") else f"letter {line[1:]}" for line in lines if line[:1] in ("s", "l")]
