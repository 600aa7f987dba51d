"""The server's log: a private file (mode 0600 from its first byte) that rotates, and repeated lines counted.

The file is the standard library's :class:`~logging.handlers.RotatingFileHandler`: at
:data:`LOG_BYTES` it is renamed ``server.log.1`` (and so on, :data:`LOG_FILES` kept), so the log
of a class that runs all day, or of a connection that guesses codes, stays bounded. Each file is
opened with mode 0600, so no other user of the computer reads it, not even for a moment.

A line that comes again within :data:`WINDOW` seconds of its first is counted instead of written
(:class:`Coalescing`): when the window is over (at the next line after it, or when the server
closes), one line says how many times it came. A connection's port is left out of the comparison,
so the same refusal to one address, connection after connection, is one line and its count.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable
from io import TextIOWrapper
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Final

LOG_BYTES: Final = 1024 * 1024
"""The size at which the log file is rotated."""
LOG_FILES: Final = 5
"""The older log files kept (``server.log.1`` to ``server.log.5``)."""
WINDOW: Final = 10.0
"""Seconds in which a line that comes again is counted, not written."""
KEYS: Final = 1000
"""The most different lines counted in one window (a flood of different lines is written as it comes)."""

_PORT = re.compile(r"^(\S*):\d+(?=: )")
"""A connection's ``address:port:`` at the start of a line."""


class PrivateRotatingFileHandler(RotatingFileHandler):
    """A rotating log file created with mode 0600 (``os.open``), and made 0600 if an older one was not."""

    def _open(self) -> TextIOWrapper:
        handle = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.fchmod(handle, 0o600)
        return open(handle, "a", encoding=self.encoding, errors=self.errors)


class Coalescing(logging.Handler):
    """Hands each record to ``target``, except a line already written in this window: that one is counted."""

    def __init__(
        self, target: logging.Handler, window: float = WINDOW, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__()
        self.target = target
        self.window = window
        self.clock = clock
        self.since: float | None = None
        self.seen: dict[tuple[int, str], list[logging.LogRecord]] = {}
        """Per line of this window: the record written, then each one counted after it."""
        self.counts: dict[tuple[int, str], int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        now = self.clock()
        if self.since is not None and now - self.since >= self.window:
            self._summarise()
        key = (record.levelno, _PORT.sub(r"\1", record.getMessage()))
        if key in self.seen:
            self.counts[key] += 1
            self.seen[key][1:] = [record]  # the last one, for the time it came
            return
        if self.since is None:
            self.since = now
        if len(self.seen) < KEYS:
            self.seen[key] = [record]
            self.counts[key] = 0
        self.target.handle(record)

    def _summarise(self) -> None:
        """One line for each line that came again in the window: how many more times, and over how long."""
        for key, records in self.seen.items():
            count = self.counts[key]
            if not count:
                continue
            first, last = records[0], records[-1]
            summary = logging.LogRecord(
                first.name, first.levelno, first.pathname, first.lineno,
                "the same line %d more times in %.1f seconds: %s", (count, last.created - first.created, key[1]), None,
            )  # fmt: skip
            self.target.handle(summary)
        self.seen.clear()
        self.counts.clear()
        self.since = None

    def flush(self) -> None:
        self.acquire()
        try:
            if self.since is not None and self.clock() - self.since >= self.window:
                self._summarise()
            self.target.flush()
        finally:
            self.release()

    def close(self) -> None:
        self.acquire()
        try:
            self._summarise()
            self.target.close()
        finally:
            self.release()
        super().close()


def open_log(folder: Path, level: int = logging.INFO, size: int = LOG_BYTES, files: int = LOG_FILES) -> Coalescing:
    """Log everything the server says into ``folder/server.log``: private, rotated, repeated lines counted."""
    target = PrivateRotatingFileHandler(folder / "server.log", maxBytes=size, backupCount=files, encoding="utf-8")
    target.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    handler = Coalescing(target)
    root = logging.getLogger()
    root.setLevel(level)
    root.addHandler(handler)
    return handler
