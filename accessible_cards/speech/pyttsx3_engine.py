"""pyttsx3 on a dedicated worker thread, with its known faults worked around."""

from __future__ import annotations

import contextlib
import importlib
import os
import shutil
import subprocess
import tempfile
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from .base import EngineError, FailureCallback, QueuedEngine, terminate_process


def _quiet_print(*args: object, **kwargs: Any) -> None:
    """Stands in for ``print`` inside pyttsx3's driver, which prints "Audio saved to ..." on stdout."""


def _silence_pyttsx3_driver() -> None:
    """Shadow ``print`` in pyttsx3's eSpeak driver module so that it never writes to the terminal."""
    with contextlib.suppress(Exception):
        driver: Any = importlib.import_module("pyttsx3.drivers.espeak")
        driver.print = _quiet_print


class Pyttsx3Engine(QueuedEngine):
    """pyttsx3 on a dedicated worker thread, one utterance per ``runAndWait``.

    Its known faults are worked around: only one text is ever queued in
    pyttsx3 (it speaks only the last of several), its "Audio saved to" print
    is silenced, and on Linux each text is synthesized to a temporary WAV and
    played by ``aplay`` with its output discarded, so that ALSA's messages never
    reach the terminal and :meth:`stop` can end playback (pyttsx3's own
    ``stop()`` cannot). Where ``aplay`` is missing, pyttsx3 plays by itself and
    a text already playing runs to its end; only the newest text follows.
    """

    name = "pyttsx3"

    def __init__(
        self, lang: str = "en", on_failure: FailureCallback | None = None, *, driver: str | None = None
    ) -> None:
        super().__init__(lang, on_failure)
        try:
            import pyttsx3
        except ImportError as error:
            raise EngineError("the Python package pyttsx3 is not installed") from error
        _silence_pyttsx3_driver()
        self._pyttsx3: Any = pyttsx3
        self._driver_name = driver
        self._tts: Any = None
        self._aplay = shutil.which("aplay")
        self._player: subprocess.Popen[bytes] | None = None
        self._player_lock = threading.Lock()
        self.device_errors: list[str] = []  # why aplay could not play a text that was not cut off
        self._dirty = True
        self._ready = threading.Event()
        self._init_error: str | None = None
        self._started_listeners: list[Callable[[], None]] = []
        self._playing_listeners: list[Callable[[], None]] = []
        self._jobs: deque[Callable[[], None]] = deque()  # work for the worker thread, run before the next text
        self._start_worker()
        self._ready.wait(timeout=10.0)
        if self._init_error is not None or not self._ready.is_set():
            reason = self._init_error or "pyttsx3 did not start in time"
            self.close()
            raise EngineError(reason)

    def on_started(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (on the worker thread) whenever pyttsx3 starts an utterance."""
        self._started_listeners.append(listener)

    def on_playing(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (on the worker thread) when a synthesized text starts playing through ``aplay``."""
        self._playing_listeners.append(listener)

    def _run(self) -> None:
        try:
            self._tts = self._pyttsx3.init(self._driver_name)
            self._tts.connect("started-utterance", self._started)
        except Exception as error:  # pyttsx3 raises RuntimeError, OSError or ImportError when eSpeak is missing
            self._init_error = f"pyttsx3 could not start: {error or type(error).__name__}"
            self._ready.set()
            return
        self._ready.set()
        super()._run()

    def _started(self, name: object = None) -> None:
        for listener in list(self._started_listeners):
            listener()

    def _apply(self) -> None:
        self._dirty = True  # applied on the worker thread before the next text: pyttsx3 is not thread-safe

    def _settings(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        tts = self._tts
        tts.setProperty("rate", self.rate)
        tts.setProperty("volume", self.volume / 100)
        with contextlib.suppress(Exception):
            tts.setProperty("pitch", self.pitch)
        voice = self._voice_for(self.lang)
        if voice is not None:
            with contextlib.suppress(Exception):
                tts.setProperty("voice", voice)

    def _voice_for(self, lang: str) -> str | None:
        """The id of an installed voice for ``lang``, preferring eSpeak's plain language voice."""
        try:
            voices = self._tts.getProperty("voices")
        except Exception:
            return None
        candidates = []
        for voice in voices:
            languages = [str(code).lower() for code in getattr(voice, "languages", []) or []]
            ident = str(getattr(voice, "id", ""))
            if any(code == lang or code.startswith(lang + "-") or code.startswith(lang + "_") for code in languages):
                candidates.append(ident)
        if not candidates:
            return None
        for ident in candidates:
            if ident.rsplit("/", 1)[-1] == lang:
                return ident
        return candidates[0]

    def save(self, text: str, path: str) -> None:
        """Write ``text`` to the WAV file ``path`` (blocks until written; used by ``speak --save``)."""
        done = threading.Event()
        errors: list[str] = []

        def job() -> None:
            try:
                self._settings()
                self._tts.save_to_file(text, path)
                self._tts.runAndWait()
            except Exception as error:
                errors.append(str(error) or type(error).__name__)
            finally:
                done.set()

        self._jobs.append(job)
        self.speak("")  # wakes the worker, which runs the job before the (empty) text
        done.wait(timeout=60.0)
        if errors:
            raise EngineError(f"pyttsx3 could not write {path}: {errors[0]}")

    def _play(self, text: str, generation: int) -> None:
        while self._jobs:
            self._jobs.popleft()()
        if not text.strip() or self._was_cut(generation):
            return
        try:
            self._settings()
            if self._aplay is None:
                self._tts.say(text)
                self._tts.runAndWait()
                return
            handle, path = tempfile.mkstemp(prefix="accessible-cards-", suffix=".wav")
            os.close(handle)
            try:
                self._tts.save_to_file(text, path)
                self._tts.runAndWait()
                if self._was_cut(generation):
                    return
                self._play_file(path, generation)
            finally:
                with contextlib.suppress(OSError):
                    os.remove(path)
        except EngineError:
            raise
        except Exception as error:
            raise EngineError(f"pyttsx3 failed: {error or type(error).__name__}") from error

    def _play_file(self, path: str, generation: int) -> None:
        assert self._aplay is not None
        for listener in list(self._playing_listeners):
            listener()
        try:
            player = subprocess.Popen(
                [self._aplay, "-q", path],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError as error:
            raise EngineError(f"aplay could not be started: {error.strerror or error}") from error
        with self._player_lock:
            self._player = player
        if self._was_cut(generation):
            terminate_process(player)
        code = player.wait()
        with self._player_lock:
            self._player = None
        if code != 0 and not self._was_cut(generation):
            self.device_errors.append(f"aplay could not play the sound (exit status {code})")

    def _cut(self) -> None:
        with self._player_lock:
            player = self._player
        if player is not None:
            terminate_process(player)
