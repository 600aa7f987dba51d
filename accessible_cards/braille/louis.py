"""The one small wrapper around liblouis: table lists per language and grade, Unicode braille, BRF.

``import louis`` (Debian's ``python3-louis``) happens on first use, never at
import time, and every call into liblouis holds one lock (liblouis is not
thread-safe). Tables compile on first use, so start-up never waits for tables
it does not use. Our card tables (``braille_tables/cards-*.uti``) go in front
of the language table, so liblouis does the whole translation of a braille
line, card codes included.

When liblouis or one of its tables is missing, every translation returns None
and :func:`unavailable_reason` says why, in plain words the UI can show once
(:func:`missing_tables` names the tables).
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final, TypeVar

from ..cards import DeckKind
from .schemes import scheme_for, tables_dir

T = TypeVar("T")

SYSTEM_TABLE_DIRS: Final = ("/usr/share/liblouis/tables", "/usr/local/share/liblouis/tables")
"""Where liblouis' own tables are looked for, to put them on ``LOUIS_TABLEPATH`` behind ours."""

GRADES: Final = {
    "en": {"en-ueb-g1": "en-ueb-g1.ctb", "en-ueb-g2": "en-ueb-g2.ctb", "en-us-g2": "en-us-g2.ctb"},
    "de": {"de-g1": "de-g1.ctb", "de-g0": "de-g0.utb", "de-g2": "de-g2.ctb"},
}
"""The language tables a player may choose, per UI language, by grade name; the first is the default."""

DEFAULT_GRADE: Final = {lang: next(iter(grades)) for lang, grades in GRADES.items()}
"""The uncontracted default per language: ``en-ueb-g1`` and ``de-g1``."""

UNICODE_DISPLAY: Final = "unicode.dis"
BRF_DISPLAY: Final = "en-us-brf.dis"

_lock = threading.Lock()
_state: dict[str, object] = {}


@dataclass(frozen=True, slots=True)
class Tables:
    """A resolved table choice: the card table (or None for the numbers deck) and the language table."""

    cards: str | None
    language: str

    def names(self) -> list[str]:
        """The table list liblouis gets (without a display table)."""
        return [self.cards, self.language] if self.cards else [self.language]


def grade_names(lang: str) -> list[str]:
    """The grades (table choices) offered for a language."""
    return list(GRADES.get(_lang(lang), GRADES["en"]))


def _lang(lang: str) -> str:
    return lang.split("_")[0].split("-")[0].lower() if lang else "en"


def tables(
    lang: str = "en",
    grade: str | None = None,
    deck: DeckKind | str = DeckKind.FRENCH52,
    scheme: str | None = None,
) -> Tables:
    """The tables for ``lang`` at ``grade`` (a name from :data:`GRADES`, or a table file name) for ``deck``.

    ``scheme`` picks the French-pack card letters ("en" or "de"); by default the language's own.
    """
    code = _lang(lang)
    grades = GRADES.get(code, GRADES["en"])
    if grade is None:
        language = next(iter(grades.values()))
    elif grade in grades:
        language = grades[grade]
    elif any(grade == table for options in GRADES.values() for table in options.values()):
        language = grade
    else:
        choices = ", ".join(name for options in GRADES.values() for name in options)
        raise ValueError(f"{grade!r} is not a braille table we offer ({choices})")
    chosen = scheme_for(code, deck, scheme)
    return Tables(chosen.table if chosen else None, language)


def table_path() -> str:
    """The ``LOUIS_TABLEPATH`` value: our folder first, then liblouis' own tables (comma-separated)."""
    parts = [str(tables_dir())]
    parts += [d for d in SYSTEM_TABLE_DIRS if Path(d).is_dir()]
    existing = os.environ.get("LOUIS_TABLEPATH", "")
    parts += [p for p in existing.split(",") if p and p not in parts]
    return ",".join(parts)


def _louis() -> ModuleType | None:
    """Import liblouis once (setting ``LOUIS_TABLEPATH`` first); None, with a reason kept, when it is missing."""
    if "module" in _state:
        module = _state["module"]
        return module if isinstance(module, ModuleType) else None
    os.environ["LOUIS_TABLEPATH"] = table_path()
    try:
        import louis

        louis.version()
    except (ImportError, OSError, AttributeError) as error:
        _state["module"] = None
        _state["reason"] = (
            f"Braille is off: liblouis could not be loaded ({error}). "
            "Install the Debian packages liblouis20 and python3-louis, then run make setup."
        )
        return None
    loaded: ModuleType = louis
    _state["module"] = loaded
    with contextlib.suppress(AttributeError, TypeError):  # liblouis' own lines go to the log, not the terminal

        def log(level: int, message: bytes) -> None:
            text = message.decode("ascii", "replace") if isinstance(message, bytes) else str(message)
            logging.getLogger(__name__).debug("liblouis (%d): %s", level, text)

        callback = louis.LogCallback(log)
        _state["log"] = callback  # kept alive: liblouis calls it from C
        louis.registerLogCallback(callback)
    return loaded


def available() -> bool:
    """True when liblouis loads."""
    with _lock:
        return _louis() is not None


def unavailable_reason() -> str | None:
    """Why braille is off, in plain words; None when liblouis works."""
    with _lock:
        _louis()
        reason = _state.get("reason")
        return reason if isinstance(reason, str) else None


def take_notice() -> str | None:
    """The reason braille is off, the first time it is asked for only; the UI says it once."""
    with _lock:
        _louis()
        if _state.get("noticed"):
            return None
        reason = _state.get("reason")
        if not isinstance(reason, str):
            return None
        _state["noticed"] = True
        return reason


def version() -> str | None:
    """liblouis' version, or None when it is missing."""
    with _lock:
        module = _louis()
        return str(module.version()) if module else None


def _with_louis(call: Callable[[ModuleType], T], names: list[str]) -> T | None:
    """Run ``call`` with liblouis under the lock (it is not thread-safe); None when liblouis or a table is missing.

    liblouis raises RuntimeError when it cannot compile the tables ``names``
    (a table file missing or unreadable): braille is then off, and
    :func:`missing_tables` and :func:`unavailable_reason` say which and how to fix it.
    """
    with _lock:
        module = _louis()
        if module is None or "missing" in _state:
            return None
        try:
            return call(module)
        except RuntimeError:
            missing = [name for name in names if not _found(name)] or names
            _state["missing"] = missing
            _state["reason"] = (
                f"Braille is off: the braille tables {', '.join(missing)} are missing. "
                "Install the Debian package liblouis-data, or reinstall the project for its braille_tables "
                "folder, then run make setup."
            )
            return None


def _found(name: str) -> bool:
    """True when the table file ``name`` is in a folder of ``LOUIS_TABLEPATH`` (where liblouis looks)."""
    folders = os.environ.get("LOUIS_TABLEPATH", table_path()).split(",")
    return any((Path(folder) / name).is_file() for folder in folders if folder)


def missing_tables() -> list[str] | None:
    """The tables liblouis could not find, once a translation failed for it; None while none is missing."""
    with _lock:
        missing = _state.get("missing")
        return [str(name) for name in missing] if isinstance(missing, list) else None


def translate(
    text: str,
    lang: str = "en",
    grade: str | None = None,
    deck: DeckKind | str = DeckKind.FRENCH52,
    scheme: str | None = None,
) -> tuple[str, list[int]] | None:
    """Unicode braille for ``text`` and, for each cell, the index of the input character it came from."""
    names = tables(lang, grade, deck, scheme).names()

    def run(module: ModuleType) -> tuple[str, list[int]]:
        cells, in_pos, _out_pos, _cursor = module.translate(names, text, mode=module.dotsIO | module.ucBrl)
        return str(cells), [int(i) for i in in_pos]

    return _with_louis(run, names)


def to_unicode(
    text: str,
    lang: str = "en",
    grade: str | None = None,
    deck: DeckKind | str = DeckKind.FRENCH52,
    scheme: str | None = None,
) -> str | None:
    """Unicode braille (U+2800..U+28FF) for ``text``; None when liblouis is missing."""
    names = tables(lang, grade, deck, scheme).names()
    return _with_louis(
        lambda module: str(module.translateString(names, text, mode=module.dotsIO | module.ucBrl)), names
    )


def to_brf(
    text: str,
    lang: str = "en",
    grade: str | None = None,
    deck: DeckKind | str = DeckKind.FRENCH52,
    scheme: str | None = None,
) -> str | None:
    """North American Braille ASCII (BRF) for ``text``, through ``en-us-brf.dis``; None when liblouis is missing."""
    names = [BRF_DISPLAY, *tables(lang, grade, deck, scheme).names()]
    return _with_louis(lambda module: str(module.translateString(names, text)), names)


def to_dots(unicode_braille: str) -> bytes:
    """The dot bytes BrlAPI's ``writeDots`` takes, one per cell (bit 0 = dot 1)."""
    return bytes(ord(c) - 0x2800 if 0x2800 <= ord(c) <= 0x28FF else 0 for c in unicode_braille)


def reset_for_tests() -> None:
    """Forget what was loaded (tests simulate a missing liblouis with it)."""
    with _lock:
        _state.clear()
