"""pyttsx3 on a dedicated worker thread, with its known faults worked around.

Each text is synthesized to a temporary sound file and played by a player
that can be stopped at once, so that a key cuts the system voice off as on
Linux: ``aplay`` on Linux, ``afplay`` (part of macOS) on macOS, the standard
library's ``winsound`` on Windows (:func:`player_for`).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import wave
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from .base import EngineError, FailureCallback, QueuedEngine, terminate_process


def _quiet_print(*args: object, **kwargs: Any) -> None:
    """Stands in for ``print`` inside pyttsx3's driver, which prints "Audio saved to ..." on stdout."""


def _silence_pyttsx3_driver() -> None:
    """Shadow ``print`` in pyttsx3's eSpeak driver module so that it never writes to the terminal."""
    with contextlib.suppress(Exception):
        driver: Any = importlib.import_module("pyttsx3.drivers.espeak")
        driver.print = _quiet_print


class Player(Protocol):
    """Plays a sound file to its end or until cut off."""

    name: str

    def play(self, path: str, was_cut: Callable[[], bool]) -> str | None:
        """Play ``path``, blocking until it ends or :meth:`cut`; why it could not be heard, or None."""
        ...

    def cut(self) -> None:
        """End the playing now, from any thread."""
        ...


class CommandPlayer:
    """A player program (``aplay -q``, ``afplay``) as a child process with its output discarded."""

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.name = os.path.basename(command[0])
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def play(self, path: str, was_cut: Callable[[], bool]) -> str | None:
        try:
            process = subprocess.Popen(
                [*self.command, path],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError as error:
            raise EngineError(f"{self.name} could not be started: {error.strerror or error}") from error
        with self._lock:
            self._process = process
        if was_cut():
            terminate_process(process)
        code = process.wait()
        with self._lock:
            self._process = None
        if code != 0 and not was_cut():
            return f"{self.name} could not play the sound (exit status {code})"
        return None

    def cut(self) -> None:
        with self._lock:
            process = self._process
        if process is not None:
            terminate_process(process)


class WinsoundPlayer:
    """Windows' own ``winsound``: the file played without waiting, purged at once when cut off.

    ``winsound`` says nothing when a sound ends, so the player waits for as long as the WAV lasts.
    """

    name = "winsound"

    def __init__(self, winsound: Any) -> None:
        self._winsound = winsound
        self._stopped = threading.Event()

    def play(self, path: str, was_cut: Callable[[], bool]) -> str | None:
        try:
            with wave.open(path, "rb") as sound:
                seconds = sound.getnframes() / max(sound.getframerate(), 1)
        except (OSError, EOFError, wave.Error) as error:
            return f"the sound file could not be read ({error})"
        self._stopped.clear()
        if was_cut():
            return None
        flags = self._winsound.SND_FILENAME | self._winsound.SND_ASYNC | self._winsound.SND_NODEFAULT
        try:
            self._winsound.PlaySound(path, flags)
        except RuntimeError as error:  # winsound's way of saying the sound could not be played
            return f"winsound could not play the sound ({error})"
        self._stopped.wait(seconds + 0.05)
        return None

    def cut(self) -> None:
        with contextlib.suppress(Exception):
            self._winsound.PlaySound(None, 0)
        self._stopped.set()


def player_for(system: str | None = None, which: Callable[[str], str | None] = shutil.which) -> Player | None:
    """The sound player for ``system`` (``sys.platform``), or None when there is none (pyttsx3 then plays itself)."""
    system = sys.platform if system is None else system
    if system == "win32":
        try:
            return WinsoundPlayer(importlib.import_module("winsound"))
        except ImportError:
            return None
    program = "afplay" if system == "darwin" else "aplay"
    found = which(program)
    if found is None:
        return None
    return CommandPlayer([found, "-q"] if program == "aplay" else [found])


class Pyttsx3Engine(QueuedEngine):
    """pyttsx3 on a dedicated worker thread, one utterance per ``runAndWait``.

    Its known faults are worked around: only one text is ever queued in
    pyttsx3 (it speaks only the last of several), its "Audio saved to" print
    is silenced, and each text is synthesized to a temporary sound file and
    played by this system's player (``aplay`` with its output discarded, so that
    ALSA's messages never reach the terminal; ``afplay``; ``winsound``), so that
    :meth:`stop` can end playback (pyttsx3's own ``stop()`` cannot). Where there
    is no player, pyttsx3 plays by itself and a text already playing runs to its
    end; only the newest text follows.
    """

    name = "pyttsx3"

    def __init__(
        self,
        lang: str = "en",
        on_failure: FailureCallback | None = None,
        *,
        driver: str | None = None,
        player: Player | bool | None = True,
    ) -> None:
        """``player``: True for this system's own (:func:`player_for`), None to let pyttsx3 play by itself."""
        super().__init__(lang, on_failure)
        try:
            import pyttsx3
        except ImportError as error:
            raise EngineError("the Python package pyttsx3 is not installed") from error
        _silence_pyttsx3_driver()
        self._pyttsx3: Any = pyttsx3
        self._driver_name = driver
        self._tts: Any = None
        self.player: Player | None = player_for() if player is True else (player or None)
        self.device_errors: list[str] = []  # why the player could not play a text that was not cut off
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
            if self.player is None:
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
        assert self.player is not None
        for listener in list(self._playing_listeners):
            listener()
        problem = self.player.play(path, lambda: self._was_cut(generation))
        if problem is not None and not self._was_cut(generation):
            self.device_errors.append(problem)

    def _cut(self) -> None:
        if self.player is not None:
            self.player.cut()
