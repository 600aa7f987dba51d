"""Reading a file that may be anything, and writing one that is never left half written.

:func:`read_bounded` reads at most a limit of bytes from a regular file and
raises one of a small family of :class:`FileProblem` errors for everything else
(no file, a folder, a pipe or a device, too large, unreadable); each caller
turns them into its own message ids. :func:`write_atomic` writes a file so that
it is always the old one or the new one, whenever the program is stopped.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


class FileProblem(Exception):
    """A file that cannot be read as asked; ``path`` is the file."""

    def __init__(self, path: Path, reason: str = "", number: int | None = None) -> None:
        super().__init__(f"{path}: {reason}" if reason else str(path))
        self.path = path
        self.reason = reason
        self.errno = number
        """The system's error number, when the system gave one (the player hears it worded from it)."""


class Missing(FileProblem):
    """There is no such file."""


class Folder(FileProblem):
    """A folder, not a file."""


class NotRegular(FileProblem):
    """A pipe, a device or a socket: reading it might never end."""


class TooLarge(FileProblem):
    """More bytes than the limit: ``stated`` is the size the file system gave, ``size`` the most known."""

    def __init__(self, path: Path, stated: int, size: int) -> None:
        super().__init__(path, f"{size} bytes")
        self.stated = stated
        self.size = size


class Unreadable(FileProblem):
    """The file exists but cannot be read; ``reason`` is the system's word for why."""


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; a FileProblem otherwise.

    Nothing is read when the file system says the file is too large, and never
    more than ``limit + 1`` bytes, even when it says the size is 0 (as in /proc).
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        raise Missing(path) from None
    except OSError as error:
        raise Unreadable(path, error.strerror or str(error), error.errno) from None
    if stat.S_ISDIR(info.st_mode):
        raise Folder(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotRegular(path)
    if info.st_size > limit:
        raise TooLarge(path, info.st_size, info.st_size)
    try:
        with path.open("rb") as file:
            raw = file.read(limit + 1)
    except FileNotFoundError:
        raise Missing(path) from None
    except IsADirectoryError:
        raise Folder(path) from None
    except OSError as error:
        raise Unreadable(path, error.strerror or str(error), error.errno) from None
    if len(raw) > limit:
        raise TooLarge(path, info.st_size, max(info.st_size, len(raw)))
    return raw


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) so that ``path`` is always the old file or the new one, never a part.

    A temporary file in the same folder (``.NAME.<random>.tmp``) is written, flushed
    and synced to the disk, renamed over ``path``, and the folder is synced so
    the rename holds. The folder is made when it is missing.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(text.encode("utf-8"))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; elsewhere folders cannot be opened)."""
    if os.name != "posix":
        return
    handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
