"""Which screen readers are reading this terminal: found cheaply, within a bounded time, never by waiting long.

- **tdsr** runs the program in a pseudo-terminal of its own: it is one of
  this process's ancestors (``/proc/PID/stat`` gives each parent).
- **Fenrir** is a daemon that reads the Linux console: a process named
  ``fenrir`` (or ``fenrir-daemon``) runs, and this terminal is a console (``/dev/ttyN``).
  Run as a parent of the program it is seen too.
- **Speakup** is part of the kernel: ``/sys/accessibility/speakup`` exists
  with a synthesizer other than ``none``, and this terminal is a console.
- **Orca** reads graphical terminals through AT-SPI: a process named ``orca``
  runs, or the accessibility bus says a screen reader is enabled (asked with
  ``busctl``, given half a second at most).
- **BRLTTY** speaks when it runs with a speech driver: ``-s DRIVER`` (or
  ``--speech-driver=DRIVER``) on its command line, or a ``speech-driver`` line
  in ``/etc/brltty.conf``, other than ``no``.

Every source is a parameter, so a test can hand in a fake ``/proc``, ``/sys``
and configuration file.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ANCESTOR_READERS: Final = {"tdsr": "tdsr", "fenrir": "Fenrir", "fenrir-daemon": "Fenrir"}
"""Program names of screen readers that may run the program's terminal themselves."""

_CONSOLE: Final = re.compile(r"^/dev/(tty\d+|vc/\d+)$")


@dataclass(frozen=True, slots=True)
class Process:
    """One process as /proc shows it: its id, its parent's, and the names it goes by."""

    pid: int
    parent: int
    names: frozenset[str]
    argv: tuple[str, ...]


def read_process(proc: Path, pid: int) -> Process | None:
    """The process ``pid`` in ``proc``, or None when it is gone or cannot be read."""
    folder = proc / str(pid)
    try:
        stat = (folder / "stat").read_text(encoding="utf-8", errors="replace")
        comm = (folder / "comm").read_text(encoding="utf-8", errors="replace").strip()
        raw = (folder / "cmdline").read_bytes()
    except OSError:
        return None
    # "PID (COMM) STATE PPID ...": COMM may hold spaces and parentheses, so split after the last ")"
    fields = stat.rpartition(")")[2].split()
    try:
        parent = int(fields[1])
    except (IndexError, ValueError):
        parent = 0
    argv = tuple(word.decode("utf-8", errors="replace") for word in raw.split(b"\0") if word)
    names = {comm, *(os.path.basename(word) for word in argv[:2])}
    names.discard("")
    return Process(pid, parent, frozenset(names), argv)


def ancestors(proc: Path, pid: int, limit: int = 64) -> list[Process]:
    """``pid``'s parent, its parent, and so on up to the first process (at most ``limit`` of them)."""
    found: list[Process] = []
    seen: set[int] = set()
    current = read_process(proc, pid)
    while current is not None and current.parent > 0 and current.parent not in seen and len(found) < limit:
        seen.add(current.parent)
        current = read_process(proc, current.parent)
        if current is not None:
            found.append(current)
    return found


def all_processes(proc: Path) -> list[Process]:
    """Every process in ``proc`` that can be read."""
    try:
        entries = [entry.name for entry in proc.iterdir() if entry.name.isdigit()]
    except OSError:
        return []
    return [found for found in (read_process(proc, int(name)) for name in entries) if found is not None]


def brltty_speaks(processes: Iterable[Process], config: Path) -> bool:
    """A BRLTTY runs with a speech driver (on its command line, else in its configuration file)."""
    for process in processes:
        if "brltty" not in process.names:
            continue
        driver = _speech_driver(process.argv)
        if driver is None:
            driver = _configured_speech_driver(config)
        if driver is not None and driver != "no":
            return True
    return False


def _speech_driver(argv: tuple[str, ...]) -> str | None:
    for index, word in enumerate(argv):
        if word in ("-s", "--speech-driver") and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--speech-driver="):
            return word.split("=", 1)[1]
        if word.startswith("-s") and len(word) > 2 and not word.startswith("--"):
            return word[2:]
    return None


def _configured_speech_driver(config: Path) -> str | None:
    try:
        text = config.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) >= 2 and words[0] == "speech-driver":
            return words[1]
    return None


def speakup_active(sys_root: Path) -> bool:
    """The kernel's Speakup is loaded with a synthesizer that speaks."""
    folder = sys_root / "accessibility" / "speakup"
    if not folder.is_dir():
        return False
    try:
        synth = (folder / "synth").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return True  # loaded; which synthesizer it has cannot be read
    return synth not in ("", "none")


def orca_enabled_on_bus(timeout: float = 0.5) -> bool:
    """The AT-SPI bus says a screen reader is enabled (``busctl --user``, within ``timeout`` seconds)."""
    busctl = shutil.which("busctl")
    if busctl is None:
        return False
    try:
        result = subprocess.run(
            [
                busctl,
                "--user",
                "--timeout=1",
                "get-property",
                "org.a11y.Bus",
                "/org/a11y/bus",
                "org.a11y.Status",
                "ScreenReaderEnabled",
            ],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return result.returncode == 0 and result.stdout.strip() == "b true"


def this_terminal(stdin_fd: int = 0) -> str:
    """The device this program's terminal is (``/dev/tty3``, ``/dev/pts/1``), or "" when it has none."""
    try:
        return os.ttyname(stdin_fd)
    except (OSError, AttributeError):  # Windows has no ttyname
        return ""


def screen_readers(
    proc: Path | str = "/proc",
    sys_root: Path | str = "/sys",
    brltty_config: Path | str = "/etc/brltty.conf",
    pid: int | None = None,
    terminal: str | None = None,
    environ: Mapping[str, str] | None = None,
    bus: Callable[[], bool] | None = None,
) -> list[str]:
    """The names of the screen readers found reading this terminal, each once, in a fixed order.

    ``bus`` asks the accessibility bus (default :func:`orca_enabled_on_bus`; it is only asked
    inside a graphical session, when ``DISPLAY`` or ``WAYLAND_DISPLAY`` is set).
    """
    proc, sys_root, brltty_config = Path(proc), Path(sys_root), Path(brltty_config)
    env = os.environ if environ is None else environ
    device = this_terminal() if terminal is None else terminal
    console = bool(_CONSOLE.match(device))
    found: list[str] = []
    for process in ancestors(proc, os.getpid() if pid is None else pid):
        for name in process.names:
            reader = ANCESTOR_READERS.get(name)
            if reader and reader not in found:
                found.append(reader)
    everyone = all_processes(proc)
    names = set().union(*(process.names for process in everyone)) if everyone else set()
    if console and "Fenrir" not in found and names & {"fenrir", "fenrir-daemon"}:
        found.append("Fenrir")
    if console and speakup_active(sys_root):
        found.append("Speakup")
    graphical = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    if "orca" in names or (graphical and (bus or orca_enabled_on_bus)()):
        found.append("Orca")
    if brltty_speaks(everyone, brltty_config):
        found.append("BRLTTY")
    return found
