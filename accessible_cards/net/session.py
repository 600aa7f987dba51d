"""A text session rendered by the server (over SSH or telnet): the ``join`` client on a thread of its own.

The session's input is fed in as the remote terminal types it, and read a key at a time (a
:class:`~.keystream.KeyStream`): the same keys as local play, each acting at once, Escape and the
arrows included; a colon starts a typed command, echoed as it is typed. Its output is each line the
client writes, handed to ``write`` (the SSH channel or the telnet socket, on the server's loop). The
first question is the language (the key 1 or 2), unless the user name says it (``en`` or ``de``);
without a code (telnet has no password), the join code is asked before it, then Enter. The client
connects to the server over loopback like any other, so everything it may see is what any seat is
sent.
"""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, Catalog
from ..settings import Loaded, Settings
from .guard import normal_code
from .keystream import KeyStream

CODE_TRIES = 3
"""Join codes a session may type before it ends."""
WRONG_CODE = "That join code is not right. Dieser Beitrittscode stimmt nicht."
"""Said before the language is chosen, so in both."""
KEYS_HINT = "Each key acts at once, as in the game on your own computer. A colon starts a typed command, then Enter."


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
        check: Callable[[str], str | None] | None = None,
    ) -> None:
        self.port = port
        self.code = code
        """The code the client says (SSH: the server's inside code, the password was checked); None: asked first."""
        self.check = check
        """A typed join code checked by the server's guard: the code to say, or None when it is wrong."""
        self.username = username
        self.write = write
        self.finish = finish
        self.keys = KeyStream()
        self.out = _Writer(write)
        self.thread: threading.Thread | None = None
        self.app: Any = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="text-session", daemon=True)
        self.thread.start()

    def feed(self, text: str) -> None:
        self.keys.feed(text)

    def end_input(self) -> None:
        self.keys.end()

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
        while True:
            key = self.keys.get()
            if key is False or key in ("1", "enter", "e"):
                return "en"
            if key in ("2", "d"):
                return "de"

    def _run(self) -> None:
        from .client import run_join
        from .terminal import NetTerminal, typed_line

        status = 1
        try:
            code = self.code
            for _ in range(CODE_TRIES if code is None else 0):
                self.write("Join code, Beitrittscode:\n")
                typed = typed_line(self.keys, self.out)  # type: ignore[arg-type]
                if typed is None:
                    break
                code = self.check(typed) if self.check is not None else normal_code(typed)
                if code is not None:
                    break
                self.write(WRONG_CODE + "\n")
            if code is None:
                return
            lang = self._language()
            terminal = NetTerminal(lang, "keys", stdin=io.StringIO(), stdout=self.out, keys=self.keys)  # type: ignore[arg-type]
            settings = Settings(lang=lang, computer_pause=0.0)
            loaded = Loaded(settings, (), False, Path(os.devnull))
            name = self.username if self.username.lower() not in LANGUAGES else None

            def ready(app: Any) -> None:
                self.app = app
                self.write(Catalog(lang).text(KEYS_HINT) + "\n")

            status = run_join(
                "127.0.0.1", self.port, code, (name or "")[:24] or None, terminal, loaded,
                save_settings=False, ready=ready,
            )  # fmt: skip
        except Exception:  # the session ends; the server goes on
            status = 1
        finally:
            self.finish(status)
