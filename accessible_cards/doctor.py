"""``accessible-cards doctor``: every part the game uses, working or missing, with the reason and the fix.

It exits 0 when the game can be played at all (the terminal game needs
nothing but Python and prompt_toolkit); speech and braille are extras whose
absence is reported, not fatal.

After the list, each optional part that is missing (liblouis, BrlAPI,
speech-dispatcher's client, the pyttsx3 voice, the screen-reader bridge on
Windows and macOS) gets one sentence in the player's language with the way to
get it, as it is got where the program runs: ``make setup`` in a checkout on
Debian, the system's packages and a venv that sees them for an installed
program, pip's extras on Windows and macOS (:func:`missing_parts`).
"""

from __future__ import annotations

import importlib.util
import os
import platform
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TextIO


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


@dataclass(frozen=True, slots=True)
class Place:
    """Where the program runs, as far as the way to get a part depends on it."""

    system: str  # sys.platform: "linux", "win32", "darwin"
    checkout: bool  # run from a source checkout that has scripts/setup.sh (make setup works)
    debian: bool  # dpkg is there (apt-get installs the system's parts)


def this_place() -> Place:
    """The place this program runs in."""
    from .package_data import PROJECT

    return Place(
        sys.platform,
        (PROJECT / "scripts" / "setup.sh").is_file() and (PROJECT / "pyproject.toml").is_file(),
        os.path.exists("/usr/bin/dpkg"),
    )


PART_NAMES: Final = ("liblouis", "brlapi", "speechd", "pyttsx3", "screen-reader")
"""The optional parts :func:`missing_parts` speaks of, in the order it lists them."""


def part_working(checks: Sequence[Check]) -> dict[str, bool]:
    """Which optional parts work: as the doctor's checks say (a part they do not name counts as working), and, for
    speech-dispatcher's client and the bridge to the screen reader, whether they can be imported."""
    by_name = {check.component: check.working for check in checks}
    return {
        "liblouis": by_name.get("liblouis", True),
        "brlapi": by_name.get("BrlAPI", True),
        "speechd": importlib.util.find_spec("speechd") is not None,
        "pyttsx3": by_name.get("speech: pyttsx3", True),
        "screen-reader": any(importlib.util.find_spec(name) is not None for name in ("cytolk", "accessible_output2")),
    }


def missing_parts(working: dict[str, bool], place: Place, t: Callable[..., str]) -> list[str]:
    """One sentence for each optional part that is missing here, with the way to get it where the program runs.

    speech-dispatcher is Linux's own and the screen-reader bridge is for
    Windows and macOS: each is only asked for where it is of use.
    """
    linux = place.system.startswith("linux")
    sentences: list[str] = []
    for part in PART_NAMES:
        if working.get(part, True):
            continue
        if part == "speechd" and not linux:
            continue
        if part == "screen-reader" and place.system not in ("win32", "darwin"):
            continue
        sentences.append(_part_sentence(part, place, t))
    return sentences


def _part_sentence(part: str, place: Place, t: Callable[..., str]) -> str:
    from . import __version__

    linux = place.system.startswith("linux")
    if part == "screen-reader":
        # Translators: the doctor on Windows or macOS; the command installs the program's optional extra.
        return t(
            "The bridge to your screen reader is missing, so the game speaks with the system voice "
            "instead of NVDA, JAWS or VoiceOver: install it with {command}.",
            command="pipx inject accessible-cards " + ("cytolk" if place.system == "win32" else "accessible_output2"),
        )
    if part == "pyttsx3" and not linux:
        # Translators: the doctor on Windows or macOS; pyttsx3 speaks with the system's own voice.
        return t(
            "The system voice (pyttsx3) does not work, so the game speaks only through a screen reader: "
            "install it with {command}.",
            command="pipx inject accessible-cards pyttsx3",
        )
    if part in ("liblouis", "brlapi") and not linux:
        # Translators: the doctor on Windows or macOS; {part} is liblouis or BrlAPI.
        return t(
            "{part} is missing: Windows and macOS do not ship it, so braille comes from your screen reader, "
            "which shows the game's lines on your braille display.",
            part="liblouis" if part == "liblouis" else "BrlAPI",
        )
    packages = {
        "liblouis": "liblouis20 liblouis-data python3-louis",
        "brlapi": "brltty python3-brlapi",
        "speechd": "speech-dispatcher speech-dispatcher-espeak-ng python3-speechd",
        "pyttsx3": "libespeak-ng1 alsa-utils",
    }[part]
    if place.checkout:
        way = t("run {command}", command="make setup")
    elif part == "pyttsx3":
        # Translators: how to get the system voice on Linux when the program was installed with pip or pipx.
        way = t(
            "install {packages} with your system's packages (Debian: sudo apt install {packages})", packages=packages
        )
    else:
        # Translators: how to get a system part on Linux when the program was installed with pip or pipx.
        way = t(
            "install {packages} with your system's packages (Debian: sudo apt install {packages}), "
            "then install the game again with the system's own Python, so that it sees them: {command}",
            packages=packages,
            command="pipx uninstall accessible-cards; pipx install --python /usr/bin/python3 --system-site-packages "
            f"accessible_cards-{__version__}-py3-none-any.whl",
        )
    if part == "liblouis":
        # Translators: the doctor on Linux; {way} says how to get liblouis.
        return t("liblouis is missing, so there is no braille: {way}.", way=way)
    if part == "brlapi":
        # Translators: the doctor on Linux; BrlAPI is how the game writes to a braille display through BRLTTY.
        return t("BrlAPI is missing, so the game cannot write to a braille display: {way}.", way=way)
    if part == "speechd":
        # Translators: the doctor on Linux; speech-dispatcher is the desktop's speech service.
        return t("speech-dispatcher's client is missing, so the game cannot speak through it: {way}.", way=way)
    # Translators: the doctor on Linux; pyttsx3 speaks with eSpeak NG.
    return t("The pyttsx3 voice does not work: {way}.", way=way)


def run(out: TextIO | None = None, lang: str = "en") -> int:
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
    from .i18n import Catalog

    for sentence in missing_parts(part_working(checks), this_place(), Catalog(lang).text):
        out.write(_wrapped(sentence, width))
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
