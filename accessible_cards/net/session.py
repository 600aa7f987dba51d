"""A text session rendered by the server (over SSH or telnet): the ``join`` client on a thread of its own.

The session's input is fed in as text and read a line at a time; its output is each line the client
writes, handed to ``write`` (the SSH channel or the telnet socket, on the server's loop). The first
question is the language, unless the user name says it (``en`` or ``de``); with ``ask_code``, the
join code is asked before it (telnet has no password). The client connects to the server over
loopback like any other, so everything it may see is what any seat is sent.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, Catalog
from ..settings import Loaded, Settings


class _Writer:
    """The session's standard output: every write goes to ``write``."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self._write = write

    def write(self, text: str) -> int:
        self._write(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


class TextSession:
    """One person's session: input fed in, lines written out, the join client in between."""

    def __init__(
        self,
        port: int,
        code: str | None,
        username: str,
        write: Callable[[str], None],
        finish: Callable[[int], None],
    ) -> None:
        self.port = port
        self.code = code
        """The join code (SSH: the password was checked already); None: asked for first."""
        self.username = username
        self.write = write
        self.finish = finish
        read, write_end = os.pipe()
        self.keys = os.fdopen(write_end, "w", buffering=1)
        self.stdin = os.fdopen(read, "r")
        self.thread: threading.Thread | None = None
        self.app: Any = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="text-session", daemon=True)
        self.thread.start()

    def feed(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.keys.write(text)
            self.keys.flush()

    def end_input(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.keys.close()

    def stop(self) -> None:
        """The connection is gone: the client leaves (its seat is kept, as for any dropped child)."""
        self.end_input()
        app = self.app
        if app is not None:
            app.running = False
            app.link.close()
            app.wake()

    def _language(self) -> str:
        name = self.username.strip().lower()
        if name in LANGUAGES:
            return name
        self.write("1: English. 2: Deutsch.\n")
        line = self.stdin.readline().strip().lower()
        return "de" if line in ("2", "de", "deutsch") else "en"

    def _run(self) -> None:
        from .client import NetTerminal, run_join

        status = 1
        try:
            code = self.code
            if code is None:
                self.write("Join code, Beitrittscode:\n")
                code = "".join(self.stdin.readline().split())[:16]
            lang = self._language()
            terminal = NetTerminal(lang, "keys", stdin=self.stdin, stdout=_Writer(self.write))  # type: ignore[arg-type]
            settings = Settings(lang=lang, computer_pause=0.0)
            loaded = Loaded(settings, (), False, Path(os.devnull))
            name = self.username if self.username.lower() not in LANGUAGES else None

            def ready(app: Any) -> None:
                self.app = app
                self.write(Catalog(lang).text("Type a key's letter or a command, then Enter.") + "\n")

            status = run_join(
                "127.0.0.1", self.port, code, (name or "")[:24] or None, terminal, loaded,
                save_settings=False, ready=ready,
            )  # fmt: skip
        except Exception:  # the session ends; the server goes on
            status = 1
        finally:
            self.finish(status)
