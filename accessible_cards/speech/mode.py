"""Which speech mode to use: ``auto``, ``self`` (the game speaks), ``screen-reader`` (it only prints) or ``off``.

``auto`` steps aside for the player's own screen reader where that can be
detected, and otherwise speaks when an engine works:

1. ``ACCESSIBLE_CARDS_SCREEN_READER=1`` (set by the player) means a screen
   reader reads the terminal; ``=0`` means there is none, whatever runs.
2. A screen reader found reading this terminal (tdsr, Fenrir, Speakup, Orca,
   BRLTTY with speech: :func:`~.readers.screen_readers`), or Orca running on
   this machine (a process named ``orca`` in ``/proc``).
3. Otherwise ``self`` when a speech engine works, else ``off``.

On Windows and macOS nothing of the above is found (no ``/proc``), so
``auto`` gives ``self``, and the game's own voice *is* the running screen
reader: NVDA, JAWS or VoiceOver, handed each line through its own API
(:mod:`.screen_reader`), else the system voice through pyttsx3. A player who
would rather let the screen reader read the console alone (it reads new
console text by itself too) passes ``--speech screen-reader``.

NVDA and JAWS on a Windows machine that reaches a Linux terminal (over SSH)
cannot be seen from here, so players using them set
``ACCESSIBLE_CARDS_SCREEN_READER=1`` or pass ``--speech screen-reader``.
Likewise Orca reading a terminal on another machine (over SSH) is invisible here.

:func:`choose_mode` is a pure function of the request, the environment and
the process names; :func:`process_names` reads them from ``/proc``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

MODES: Final = ("auto", "self", "screen-reader", "off")
SCREEN_READER_VARIABLE: Final = "ACCESSIBLE_CARDS_SCREEN_READER"
SCREEN_READER_PROCESSES: Final = frozenset({"orca"})


@dataclass(frozen=True, slots=True)
class ModeChoice:
    """The mode chosen, a stable ``cause`` id for the UI to word, and a plain English ``reason``.

    Causes: ``requested``, ``variable-on``, ``reader-running``, ``orca-running``, ``engine-works``, ``no-engine``.
    ``readers`` names the screen readers found (for ``reader-running``).
    """

    mode: str
    cause: str
    reason: str
    readers: tuple[str, ...] = ()


def choose_mode(
    requested: str,
    environ: Mapping[str, str],
    processes: Iterable[str],
    engine_works: bool | Callable[[], bool] = True,
    readers: Iterable[str] = (),
) -> ModeChoice:
    """Decide the speech mode; ``engine_works`` is only consulted (and only called) when it matters.

    Raises ValueError for a mode that is not one of :data:`MODES`.
    """
    if requested not in MODES:
        raise ValueError(f"speech mode {requested!r} is not one of {', '.join(MODES)}")
    if requested != "auto":
        return ModeChoice(requested, "requested", f"speech mode {requested} was asked for")
    flag = environ.get(SCREEN_READER_VARIABLE, "").strip().lower()
    if flag in ("1", "yes", "true", "on"):
        return ModeChoice("screen-reader", "variable-on", f"{SCREEN_READER_VARIABLE} is set: a screen reader reads")
    if flag not in ("0", "no", "false", "off"):
        found = tuple(readers)
        if found:
            return ModeChoice("screen-reader", "reader-running", f"{', '.join(found)} reads this terminal", found)
        running = sorted(SCREEN_READER_PROCESSES.intersection(processes))
        if running:
            return ModeChoice("screen-reader", "orca-running", "the Orca screen reader is running", ("Orca",))
    works = engine_works() if callable(engine_works) else engine_works
    if works:
        return ModeChoice("self", "engine-works", "no screen reader was found and a speech engine works")
    return ModeChoice("off", "no-engine", "no screen reader was found and no speech engine works")


def process_names(proc: Path | str = "/proc") -> set[str]:
    """The names of the processes running here: each one's ``comm`` and the file name of its program or script.

    ``comm`` alone is cut to 15 characters and is ``python3`` for a script run
    by its interpreter, so the first two words of ``cmdline`` count as well.
    Processes that vanish while being read are skipped; without ``/proc`` the
    set is empty.
    """
    names: set[str] = set()
    root = Path(proc)
    try:
        entries = list(root.iterdir())
    except OSError:
        return names
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            names.add((entry / "comm").read_text(encoding="utf-8", errors="replace").strip())
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        for word in argv[:2]:
            if word:
                names.add(os.path.basename(word.decode("utf-8", errors="replace")))
    names.discard("")
    return names
