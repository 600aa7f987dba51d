"""Speech engines behind one small interface: speech-dispatcher, pyttsx3, espeak-ng, and the screen reader.

speech-dispatcher and espeak-ng (a child process) are Linux's; on Windows and
macOS the running screen reader speaks (:mod:`.screen_reader`), else pyttsx3.

Every engine speaks without blocking (:meth:`Engine.speak` returns at once),
stops within 100 ms on :meth:`Engine.stop` and drops what is queued, and takes
rate (words per minute), pitch (0-100), volume (0-100) and a voice for the
game language ("en" or "de"). No engine ever writes to the terminal: child
processes get ``/dev/null`` for their output, pyttsx3's own prints are
silenced in its driver module, and its playback runs through ``aplay`` with
its ALSA messages discarded.

An engine that dies in the middle of a game (the process cannot start, the
connection to speech-dispatcher drops) calls its ``on_failure`` callback once,
with a plain-words reason and the texts it had not yet spoken, so that the
caller can hand them to the next engine: nothing is lost.

:func:`open_engine` tries speech-dispatcher, then pyttsx3, then espeak-ng on
Linux, the screen reader then pyttsx3 on Windows and macOS (or only the one
asked for) and returns the first that works together with the reasons, in
plain words, why the others did not.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from ..i18n import LANGUAGES
from .base import (
    DEFAULT_PITCH,
    DEFAULT_RATE,
    DEFAULT_VOLUME,
    ENGINE_NAMES,
    MAX_RATE,
    MIN_RATE,
    Engine,
    EngineCrash,
    EngineError,
    FailureCallback,
    clamp,
    espeak_voice,
)
from .espeak import EspeakEngine
from .pyttsx3_engine import Pyttsx3Engine
from .screen_reader import ScreenReaderEngine
from .speechd_engine import SpeechDispatcherEngine

KNOWN_ENGINES: Final = (*ENGINE_NAMES, "screen-reader")
"""Every engine there is: Linux's three, and the screen reader on Windows and macOS."""


def engine_order(system: str | None = None) -> tuple[str, ...]:
    """The engines to try, best first, on ``system`` (``sys.platform``).

    Windows and macOS: the running screen reader (NVDA, JAWS, VoiceOver...), else the system voice
    through pyttsx3 (SAPI 5, NSSpeechSynthesizer). Linux and the rest: speech-dispatcher, pyttsx3,
    espeak-ng (a Linux screen reader reads the terminal itself, see :mod:`.mode`).
    """
    system = sys.platform if system is None else system
    if system in ("win32", "darwin"):
        return ("screen-reader", "pyttsx3")
    return ENGINE_NAMES


__all__ = [
    "DEFAULT_PITCH",
    "DEFAULT_RATE",
    "DEFAULT_VOLUME",
    "ENGINE_NAMES",
    "KNOWN_ENGINES",
    "LANGUAGES",
    "MAX_RATE",
    "MIN_RATE",
    "Engine",
    "EngineCrash",
    "EngineError",
    "EspeakEngine",
    "FailureCallback",
    "Pyttsx3Engine",
    "ScreenReaderEngine",
    "SpeechDispatcherEngine",
    "clamp",
    "engine_order",
    "espeak_voice",
    "open_engine",
]

EngineFactory = Callable[[str, FailureCallback | None], Engine]


def _factories(
    environ: Mapping[str, str] | None,
    speechd_address: str | None,
    pyttsx3_driver: str | None,
    speechd_autospawn: bool | None,
    system: str | None = None,
) -> dict[str, EngineFactory]:
    """How to start each engine by name."""
    return {
        "speech-dispatcher": lambda lang, on_failure: SpeechDispatcherEngine(
            lang, on_failure, address=speechd_address, environ=environ, autospawn=speechd_autospawn
        ),
        "pyttsx3": lambda lang, on_failure: Pyttsx3Engine(lang, on_failure, driver=pyttsx3_driver),
        "espeak-ng": lambda lang, on_failure: EspeakEngine(lang, on_failure),
        "screen-reader": lambda lang, on_failure: ScreenReaderEngine(lang, on_failure, system=system),
    }


def open_engine(
    preferred: str | None = None,
    lang: str = "en",
    *,
    on_failure: FailureCallback | None = None,
    order: Sequence[str] | None = None,
    exclude: Sequence[str] = (),
    environ: Mapping[str, str] | None = None,
    speechd_address: str | None = None,
    speechd_autospawn: bool | None = None,
    pyttsx3_driver: str | None = None,
    system: str | None = None,
) -> tuple[Engine | None, list[str]]:
    """Start the first engine that works: ``preferred`` alone, or those of ``order`` in turn.

    ``order`` is :func:`engine_order` for ``system`` (default: this one) unless given: on Linux
    speech-dispatcher, pyttsx3, espeak-ng; on Windows and macOS the screen reader, then pyttsx3.

    Returns the engine (None when none works) and one plain-words reason per
    engine that failed, e.g. ``"espeak-ng: the program espeak-ng is not installed"``.
    speech-dispatcher is started if it is not running (as desktop clients do)
    unless an address is given or ``speechd_autospawn`` is False.
    """
    if preferred is not None and preferred not in KNOWN_ENGINES:
        return None, [f"{preferred}: there is no speech engine of that name (use {', '.join(KNOWN_ENGINES)})"]
    factories = _factories(environ, speechd_address, pyttsx3_driver, speechd_autospawn, system)
    chosen = engine_order(system) if order is None else order
    names = [preferred] if preferred is not None else [n for n in chosen if n not in exclude]
    reasons: list[str] = []
    for name in names:
        try:
            return factories[name](lang, on_failure), reasons
        except EngineError as error:
            reasons.append(f"{name}: {error}")
        except Exception as error:  # an engine's library failing in an unexpected way must not stop the game
            reasons.append(f"{name}: {error or type(error).__name__}")
    return None, reasons
