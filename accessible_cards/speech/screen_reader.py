"""Speech through the running screen reader on Windows and macOS: NVDA, JAWS and the others, VoiceOver.

A Windows or Mac player's screen reader has the voice, rate and language
they chose; the game hands it each text, as audio games do, through a
library made for this:

- **cytolk** (Windows): a binding to Tolk, which talks to NVDA, JAWS,
  Window-Eyes, System Access, SuperNova and ZoomText with each one's own
  API, says which one runs, whether it is still speaking, and whether a text
  was taken. Tolk is told not to fall back on SAPI: the system voice is
  pyttsx3's job.
- **accessible_output2** (macOS, and Windows when cytolk is missing): its
  VoiceOver output (AppleScript; VoiceOver must allow it: VoiceOver Utility,
  General, "Allow VoiceOver to be controlled with AppleScript"), NVDA and
  JAWS outputs. Its system outputs (SAPI 5) are passed over for the same reason.

Neither is imported before an engine is opened, and neither exists on Linux,
where screen readers read the terminal itself (:mod:`.readers`).

:class:`ScreenReaderEngine` follows the :class:`~.base.Engine` interface:
``speak`` hands the text over at once (the screen reader queues it; an
urgent text interrupts it first), ``stop`` silences it, and a text the
reader refuses (it was closed) ends the engine with that text handed back,
so the game's own voice takes over. The rate, pitch and volume stay the
screen reader's own: :attr:`ScreenReaderEngine.sets_rate` is False and the
game says so when + or - is pressed.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from .base import Engine, EngineError, FailureCallback

NAME: Final = "screen-reader"

READER_NAMES: Final = {
    "nvda": "NVDA",
    "jaws": "JAWS",
    "voiceover": "VoiceOver",
    "window-eyes": "Window-Eyes",
    "windoweyes": "Window-Eyes",
    "system access": "System Access",
    "systemaccess": "System Access",
    "supernova": "SuperNova",
    "zoomtext": "ZoomText",
    "dolphin": "Dolphin",
    "zdsr": "ZDSR",
    "pctalker": "PC-Talker",
    "pc talker": "PC-Talker",
}
"""How the libraries name the screen readers, and how the game says them."""


def reader_name(raw: object) -> str:
    """The screen reader's name as a player knows it (``jaws`` is JAWS)."""
    text = str(raw or "").strip()
    return READER_NAMES.get(text.lower(), text or "the screen reader")


class Bridge(Protocol):
    """One library's connection to the running screen reader."""

    library: str
    reader: str

    def speak(self, text: str, interrupt: bool) -> bool:
        """Hand ``text`` over (``interrupt``: cut off what it says first); False when it was not taken."""
        ...

    def silence(self) -> None:
        """Stop what the screen reader is saying."""
        ...

    def speaking(self) -> bool | None:
        """Whether it is still speaking, or None when the library cannot tell."""
        ...

    def close(self) -> None:
        """Let the library go."""
        ...


class TolkBridge:
    """Tolk through cytolk (Windows)."""

    library = "cytolk"

    def __init__(self, tolk: Any) -> None:
        self._tolk = tolk
        with contextlib.suppress(Exception):
            tolk.try_sapi(False)
        tolk.load()
        name = tolk.detect_screen_reader()
        if not name or not tolk.has_speech():
            tolk.unload()
            raise EngineError("no screen reader that speaks is running")
        self.reader = reader_name(name)

    def speak(self, text: str, interrupt: bool) -> bool:
        return bool(self._tolk.speak(text, interrupt))

    def silence(self) -> None:
        self._tolk.silence()

    def speaking(self) -> bool | None:
        try:
            return bool(self._tolk.is_speaking())
        except Exception:
            return None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._tolk.unload()


class Ao2Bridge:
    """accessible_output2's first running screen reader (not its system voices)."""

    library = "accessible_output2"

    def __init__(self, auto: Any) -> None:
        chooser = auto.Auto()
        for output in getattr(chooser, "outputs", []):
            try:
                if output.is_system_output() or not output.is_active():
                    continue
            except Exception:
                continue
            self._output = output
            self.reader = reader_name(getattr(output, "name", ""))
            return
        raise EngineError("no screen reader is running")

    def speak(self, text: str, interrupt: bool) -> bool:
        try:
            self._output.speak(text, interrupt=interrupt)
        except Exception:
            return False
        return True

    def silence(self) -> None:
        silence = getattr(self._output, "silence", None)
        if callable(silence):
            silence()

    def speaking(self) -> bool | None:
        return None

    def close(self) -> None:
        """accessible_output2 holds nothing to let go."""


def _tolk_bridge() -> Bridge:
    try:
        tolk = importlib.import_module("cytolk.tolk")
    except ImportError as error:
        raise EngineError("the Python package cytolk is not installed") from error
    return TolkBridge(tolk)


def _ao2_bridge() -> Bridge:
    try:
        auto = importlib.import_module("accessible_output2.outputs.auto")
    except ImportError as error:
        raise EngineError("the Python package accessible_output2 is not installed") from error
    return Ao2Bridge(auto)


BridgeOpener = Callable[[], Bridge]


def bridges_for(system: str) -> list[BridgeOpener]:
    """The libraries to try on ``system`` (``sys.platform``), best first; none on Linux and other systems."""
    if system == "win32":
        return [_tolk_bridge, _ao2_bridge]
    if system == "darwin":
        return [_ao2_bridge]
    return []


def open_bridge(system: str | None = None, openers: Sequence[BridgeOpener] | None = None) -> Bridge:
    """The first library that reaches a running screen reader; EngineError with each one's reason when none does."""
    system = sys.platform if system is None else system
    tries = list(bridges_for(system) if openers is None else openers)
    if not tries:
        raise EngineError("speech goes to a screen reader this way on Windows and macOS only")
    reasons: list[str] = []
    for opener in tries:
        try:
            return opener()
        except EngineError as error:
            reasons.append(str(error))
        except Exception as error:  # a library failing in its own way (a DLL, AppleScript) counts as "not here"
            reasons.append(f"{type(error).__name__}: {error}")
    unique = list(dict.fromkeys(reasons))
    raise EngineError("; ".join(unique))


class ScreenReaderEngine(Engine):
    """Speech handed to the running screen reader; its voice, rate and language stay the player's own."""

    name = NAME
    sets_rate = False

    def __init__(
        self,
        lang: str = "en",
        on_failure: FailureCallback | None = None,
        *,
        bridge: Bridge | None = None,
        system: str | None = None,
    ) -> None:
        super().__init__(lang, on_failure)
        self._bridge = bridge if bridge is not None else open_bridge(system)
        self._lock = threading.Lock()
        self._closed = False

    @property
    def reader(self) -> str:
        """The screen reader speaking (NVDA, JAWS, VoiceOver...)."""
        return self._bridge.reader

    @property
    def label(self) -> str:
        """How the game names this voice to the player: the screen reader's name."""
        return self.reader

    def __repr__(self) -> str:
        return f"<ScreenReaderEngine reader={self.reader!r} via {self._bridge.library} failure={self.failure!r}>"

    def speak(self, text: str, urgent: bool = False) -> bool:
        text = text.strip()
        with self._lock:
            if self._closed or self.failure is not None:
                return False
            if not text:
                return True
            try:
                taken = self._bridge.speak(text, urgent)
            except Exception:
                taken = False
        if not taken:
            self._fail(f"{self.reader} did not take the text (it may have been closed)", [text], crashed=True)
        return True  # spoken, or among the texts its failure hands on

    def stop(self) -> None:
        with self._lock:
            if self._closed:
                return
            with contextlib.suppress(Exception):
                self._bridge.silence()

    @property
    def is_speaking(self) -> bool:
        with self._lock:
            if self._closed or self.failure is not None:
                return False
            return bool(self._bridge.speaking())

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            with contextlib.suppress(Exception):
                self._bridge.silence()
            self._bridge.close()


__all__ = [
    "NAME",
    "Ao2Bridge",
    "Bridge",
    "ScreenReaderEngine",
    "TolkBridge",
    "bridges_for",
    "open_bridge",
    "reader_name",
]
