"""``accessible-cards doctor``: every part the game uses, working or missing, with the reason and the fix.

It exits 0 when the game can be played at all (the terminal game needs
nothing but Python and prompt_toolkit); speech and braille are extras whose
absence is reported, not fatal.
"""

from __future__ import annotations

import os
import platform
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO


@dataclass(frozen=True, slots=True)
class Check:
    """One component: whether it works, why (or why not), and how to fix it."""

    component: str
    working: bool
    reason: str
    fix: str = ""
    essential: bool = False


def _core() -> list[Check]:
    checks = [
        Check(
            "Python",
            sys.version_info >= (3, 11),
            f"Python {platform.python_version()}",
            "install Python 3.11 or newer",
            essential=True,
        )
    ]
    try:
        import prompt_toolkit

        checks.append(Check("prompt_toolkit", True, f"version {prompt_toolkit.__version__}", essential=True))
    except ImportError as error:
        checks.append(Check("prompt_toolkit", False, str(error), "run: make setup", essential=True))
    from . import settings as settings_file

    loaded = settings_file.load()
    if loaded.problems:
        reasons = "; ".join(problem.text for problem in loaded.problems)
        checks.append(Check("settings file", False, reasons, f"correct or remove {loaded.path}; defaults are used"))
    else:
        checks.append(Check("settings file", True, str(loaded.path)))
    return checks


def _rows(report: Sequence[Sequence[object]]) -> list[Check]:
    rows: list[Check] = []
    for row in report:
        component, working, reason, fix = [*row, "", "", "", ""][:4]
        rows.append(Check(str(component), bool(working), str(reason), str(fix)))
    return rows


def _optional(name: str, load: Callable[[], Sequence[Sequence[object]]]) -> list[Check]:
    try:
        return _rows(load())
    except Exception as error:  # a broken optional part must not stop the report
        return [Check(name, False, f"{type(error).__name__}: {error}", "run: make setup")]


def gather() -> list[Check]:
    """Every check: the core, then speech and braille."""

    def speech() -> Sequence[Sequence[object]]:
        from .speech.cli import speech_report

        return speech_report()

    def braille() -> Sequence[Sequence[object]]:
        from .braille.cli import braille_report

        return braille_report()

    return _core() + _optional("speech", speech) + _optional("braille", braille)


def run(out: TextIO | None = None) -> int:
    """Print one plain line per component; 0 when the game can be played.

    In a terminal each line is broken between words at its width, so a
    screen reader reading screen rows hears whole words; a pipe or a file
    gets one line per component.
    """
    out = out or sys.stdout
    checks = gather()
    width = _width(out)
    for check in checks:
        state = "working" if check.working else "missing"
        line = f"{check.component}: {state}, {check.reason}"
        if not check.working and check.fix:
            line += f". Fix: {check.fix}"
        out.write(_wrapped(line, width))
    playable = all(check.working for check in checks if check.essential)
    verdict = "The game can be played." if playable else "The game cannot be played until the above is fixed."
    out.write(_wrapped(verdict, width))
    return 0 if playable else 1


def _width(out: TextIO) -> int | None:
    """The columns to break lines at (the last one left free), or None when ``out`` is not a terminal."""
    try:
        if not out.isatty():
            return None
        return max(os.get_terminal_size(out.fileno()).columns - 1, 20)
    except (OSError, ValueError, AttributeError):
        return None


def _wrapped(line: str, width: int | None) -> str:
    if width is None:
        return line + "\n"
    return "\n".join(textwrap.wrap(line, width, break_on_hyphens=False) or [""]) + "\n"
