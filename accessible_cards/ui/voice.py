"""The game's own voice as an output: opened in the background so that the first line never waits.

Until the engine is open, utterances wait (the newest few); a key press drops
them, as it silences speech. Notices about the voice (which engine, none at
all, one that failed) go to ``notify``, which may be called from any thread.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Final

from ..cards import DeckKind
from ..outputs import READERS_RATE, Output
from ..speech.output import SpeechNotice, SpeechOutput
from ..utterance import Utterance


class Voice:
    """A :class:`SpeechOutput` that opens in the background."""

    name = "speech"
    has_voice = True

    def __init__(self, lang: str, rate: int, notify: Callable[[SpeechNotice], None]) -> None:
        self._lock = threading.Lock()
        self._waiting: deque[Utterance] = deque(maxlen=3)
        self._speech: SpeechOutput | None = None
        self._closed = False
        self._lang = lang
        self._rate = rate
        self._notify = notify
        self._thread = threading.Thread(target=self._open, name="speech-open", daemon=True)
        self._thread.start()

    def _open(self) -> None:
        speech = SpeechOutput.open(None, self._lang, notify=self._notify, rate=self._rate)
        with self._lock:
            if self._closed:
                speech.close()
                return
            self._speech = speech
            waiting = list(self._waiting)
            self._waiting.clear()
        for utterance in waiting:
            speech.say(utterance)

    @property
    def ready(self) -> bool:
        """True once the engine (or text alone) is settled."""
        return self._speech is not None

    def say(self, utterance: Utterance) -> None:
        """Speak the utterance; until the engine is open, keep it (the newest few wait)."""
        with self._lock:
            speech = self._speech
            if speech is None:
                self._waiting.append(utterance)
                return
        speech.say(utterance)

    def interrupt(self) -> None:
        """Silence speech and drop what waits for the engine."""
        with self._lock:
            self._waiting.clear()
            speech = self._speech
        if speech is not None:
            speech.interrupt()

    def forget(self) -> None:
        """Nothing to forget: speech keeps no lines to read back."""

    def set_deck(self, deck: DeckKind | str) -> None:
        """Speech says whole card names: the deck does not change how it speaks."""

    def set_braille_table(self, grade: str) -> None:
        """Speech has no braille table."""

    def set_message_seconds(self, seconds: float) -> None:
        """Speech has no braille message time."""

    def close(self) -> None:
        """Close the engine (one still opening is closed once it is open)."""
        with self._lock:
            self._closed = True
            speech = self._speech
        if speech is not None:
            speech.close()

    def set_language(self, lang: str) -> None:
        """The voice follows the game's language."""
        self._lang = lang
        with self._lock:
            speech = self._speech
        if speech is not None:
            speech.set_language(lang)

    def faster(self) -> int | None:
        """One step faster; the new rate, or None while the voice is not open."""
        with self._lock:
            speech = self._speech
        if speech is None:
            return None
        rate = speech.faster()
        if rate != READERS_RATE:
            self._rate = rate
        return rate

    def slower(self) -> int | None:
        """One step slower; the new rate, or None while the voice is not open."""
        with self._lock:
            speech = self._speech
        if speech is None:
            return None
        rate = speech.slower()
        if rate != READERS_RATE:
            self._rate = rate
        return rate


_CHECKED: Final[type[Output]] = Voice  # mypy checks the class against the whole protocol
