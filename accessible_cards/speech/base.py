"""The interface every speech engine follows, and the worker-thread queue two of them share.

An engine speaks without blocking (:meth:`Engine.speak` returns at once),
stops within 100 ms on :meth:`Engine.stop` and drops what is queued, and takes
rate (words per minute), pitch (0-100), volume (0-100) and a voice for the
game language ("en" or "de"). An engine that dies in the middle of a game
calls its ``on_failure`` callback once, with a plain-words reason and the
texts it had not yet spoken, so that the caller can hand them on. Its
``crashed`` flag then says whether it went away (a process killed, a
connection dropped), so that opening it again may well work, or cannot work
as it is (no sound output, a program missing).
"""

from __future__ import annotations

import contextlib
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Final

from ..i18n import LANGUAGES

ENGINE_NAMES: Final = ("speech-dispatcher", "pyttsx3", "espeak-ng")

DEFAULT_RATE: Final = 175  # words per minute, espeak-ng's own default
MIN_RATE: Final = 80
MAX_RATE: Final = 450
DEFAULT_PITCH: Final = 50
DEFAULT_VOLUME: Final = 100

FailureCallback = Callable[[str, list[str]], None]
"""Called once when an engine dies: ``(reason in plain words, texts not yet spoken)``."""


class EngineError(RuntimeError):
    """An engine could not be started; the message says why, in plain words."""


class EngineCrash(EngineError):
    """An engine that worked went away (its process was killed, its connection dropped): worth opening again."""


def clamp(value: int, low: int, high: int) -> int:
    """``value`` held between ``low`` and ``high``."""
    return max(low, min(high, value))


def espeak_voice(lang: str) -> str:
    """The espeak-ng voice for a game language: ``"en"`` or ``"de"`` (anything else falls back to English)."""
    return "de" if lang == "de" else "en"


class Engine:
    """The interface every engine follows, with the shared rate, pitch, volume and language settings.

    Subclasses implement :meth:`speak`, :meth:`stop`, :attr:`is_speaking`,
    :meth:`close` and may react to setting changes in :meth:`_apply`.
    """

    name = "engine"

    def __init__(self, lang: str = "en", on_failure: FailureCallback | None = None) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.rate = DEFAULT_RATE
        self.pitch = DEFAULT_PITCH
        self.volume = DEFAULT_VOLUME
        self.on_failure = on_failure
        self.failure: str | None = None  # the reason, once the engine has died
        self.crashed = False  # it died by going away, not by being unable to work: opening it again may work
        self._failure_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} lang={self.lang!r} rate={self.rate} failure={self.failure!r}>"

    # -- the interface ----------------------------------------------------------

    def speak(self, text: str, urgent: bool = False) -> bool:
        """Queue ``text`` (``urgent``: stop what is playing and drop the queue first); returns at once.

        True when the engine took the text: it speaks it, or, if it dies first, hands it to
        ``on_failure`` among the texts it did not speak. False when it has died already (or is dying
        and has taken the last texts it will report): the caller keeps the text for the next engine.
        """
        raise EngineError(f"{self.name} cannot speak")

    def stop(self) -> None:
        """Silence the engine within 100 ms and drop everything queued."""

    @property
    def is_speaking(self) -> bool:
        """True while something is playing or queued."""
        return False

    def close(self) -> None:
        """Stop and release the engine's process, thread or connection."""

    def set_rate(self, wpm: int) -> int:
        """Set the rate in words per minute (80-450); returns the rate now in use."""
        self.rate = clamp(int(wpm), MIN_RATE, MAX_RATE)
        self._apply()
        return self.rate

    def set_pitch(self, pitch: int) -> int:
        """Set the pitch, 0-100 (50 is the voice's own); returns the pitch now in use."""
        self.pitch = clamp(int(pitch), 0, 100)
        self._apply()
        return self.pitch

    def set_volume(self, volume: int) -> int:
        """Set the volume, 0-100; returns the volume now in use."""
        self.volume = clamp(int(volume), 0, 100)
        self._apply()
        return self.volume

    def set_language(self, lang: str) -> None:
        """Use the voice for ``lang`` ("en" or "de") from the next utterance on."""
        self.lang = lang if lang in LANGUAGES else "en"
        self._apply()

    def wait_until_done(self, timeout: float = 30.0) -> bool:
        """Block until nothing is playing or queued (or ``timeout`` seconds pass); True when done."""
        deadline = time.monotonic() + timeout
        while self.is_speaking:
            if self.failure is not None or time.monotonic() > deadline:
                return self.failure is None and not self.is_speaking
            time.sleep(0.01)
        return self.failure is None

    # -- for subclasses -----------------------------------------------------------

    def _apply(self) -> None:
        """Pass the current settings to the synthesizer (engines that keep settings per call need nothing)."""

    def _fail(self, reason: str, unspoken: list[str], *, crashed: bool = False) -> None:
        """Record that the engine died and tell ``on_failure`` once, with the texts it did not speak.

        ``crashed``: it went away (killed, disconnected) rather than being unable to work.
        """
        with self._failure_lock:
            if self.failure is not None:
                return
            self.failure = reason
            self.crashed = crashed
        if self.on_failure is not None:
            self.on_failure(reason, unspoken)


class QueuedEngine(Engine):
    """An engine that plays one text at a time on its own worker thread, from a queue it owns.

    Subclasses implement :meth:`_play` (blocks until the text has been spoken
    or cut, raises :class:`EngineError` when the engine has died) and
    :meth:`_cut` (ends what :meth:`_play` is doing, from another thread).
    """

    def __init__(self, lang: str = "en", on_failure: FailureCallback | None = None) -> None:
        super().__init__(lang, on_failure)
        self._queue: deque[str] = deque()
        self._current: str | None = None
        self._cond = threading.Condition()
        self._closed = False
        self._generation = 0  # bumped by stop(): a text from an older generation was cut, not finished
        self._thread = threading.Thread(target=self._run, name=f"speech-{self.name}", daemon=True)

    def _start_worker(self) -> None:
        self._thread.start()

    def speak(self, text: str, urgent: bool = False) -> bool:
        if self.failure is not None:
            return False
        if urgent:
            self.stop()
        with self._cond:
            if self._closed:
                return False
            self._queue.append(text)
            self._cond.notify()
        return True

    def stop(self) -> None:
        with self._cond:
            self._queue.clear()
            self._generation += 1
            playing = self._current is not None
        if playing:
            self._cut()

    @property
    def is_speaking(self) -> bool:
        with self._cond:
            return self._current is not None or bool(self._queue)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()
        self.stop()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                text = self._queue.popleft()
                self._current = text
                generation = self._generation
            try:
                self._play(text, generation)
            except EngineError as error:
                with self._cond:
                    unspoken = ([text] if generation == self._generation else []) + list(self._queue)
                    self._queue.clear()
                    self._current = None
                    self._closed = True
                self._fail(str(error), unspoken, crashed=isinstance(error, EngineCrash))
                return
            with self._cond:
                self._current = None

    def _play(self, text: str, generation: int) -> None:
        """Speak ``text`` and return when it has been spoken or cut (:class:`EngineCrash` when killed)."""
        raise EngineError(f"{self.name} cannot play")

    def _cut(self) -> None:
        """End the text now playing, from any thread."""

    def _was_cut(self, generation: int) -> bool:
        """True when stop() was called since the text of ``generation`` began."""
        with self._cond:
            return generation != self._generation or self._closed


def terminate_process(process: subprocess.Popen[bytes]) -> None:
    """End a child process now: terminate, and kill it if it lingers past 50 ms."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    try:
        process.wait(timeout=0.05)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait()
