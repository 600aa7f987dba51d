"""The speaking output: each utterance's speech text through an engine, silenced by the player's next key.

:class:`SpeechOutput` follows the :class:`~accessible_cards.outputs.Output`
protocol. ``say()`` queues (urgent utterances cut off what is playing first),
``interrupt()`` stops speech and drops the queue, ``faster()`` / ``slower()``
change the rate. When its engine dies it moves to the next engine that works,
hands it the texts that were not yet spoken, and tells the UI once through
``notify`` with a :class:`SpeechNotice` (facts, no prose: the UI words it in
the player's language). With no engine at all it stays silent and the game
goes on with text alone.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ..narration.narrator import Utterance
from .engines import DEFAULT_RATE, ENGINE_NAMES, MAX_RATE, MIN_RATE, Engine, clamp, open_engine

RATE_STEP: Final = 25  # words per minute per press of + or -


@dataclass(frozen=True, slots=True)
class SpeechNotice:
    """Something the player should hear about the voice itself, for the UI to word.

    ``kind`` is one of:

    - ``"engine"``: speech uses ``engine`` (said once at the start);
    - ``"no-voice"``: no engine works; the game goes on with text alone
      (``reasons`` says why each engine failed);
    - ``"engine-failed"``: ``failed`` stopped working (``reasons[0]`` says why) and
      speech goes on with ``engine``, or with text alone when ``engine`` is None.
    """

    kind: str
    engine: str | None = None
    failed: str | None = None
    reasons: tuple[str, ...] = ()

    def english(self) -> str:
        """A plain English sentence for logs and for UIs that have no catalog entry yet."""
        if self.kind == "engine":
            return f"Speech uses {self.engine}."
        if self.kind == "no-voice":
            return "No speech engine works; the game goes on with text only."
        follow = f"speech goes on with {self.engine}" if self.engine else "the game goes on with text only"
        why = f" ({self.reasons[0]})" if self.reasons else ""
        return f"Speech engine {self.failed} stopped working{why}; {follow}."


Notify = Callable[[SpeechNotice], None]
EngineOpener = Callable[[Sequence[str]], tuple[Engine | None, list[str]]]


class SpeechOutput:
    """Speaks utterances through an engine; text alone when there is none.

    ``engine`` is an engine already opened (``open_engine``), or None for
    text alone; ``lang`` (default: the engine's) picks the voice. ``notify`` receives :class:`SpeechNotice` events.
    ``reopen(excluded)`` opens the next engine after a failure (by default
    :func:`open_engine` in the usual order without the engines that failed).
    """

    name = "speech"

    def __init__(
        self,
        engine: Engine | None,
        *,
        notify: Notify | None = None,
        lang: str | None = None,
        rate: int = DEFAULT_RATE,
        reopen: EngineOpener | None = None,
        reasons: Sequence[str] = (),
    ) -> None:
        self.lang = lang or (engine.lang if engine is not None else "en")
        self.rate = clamp(rate, MIN_RATE, MAX_RATE)
        self._notify = notify
        self._lock = threading.RLock()
        self._failed: list[str] = []
        self._switching = False  # an engine failed and the next one is starting
        self._held: list[str] = []  # texts said while switching
        self._handed: list[str] = []  # texts the failed engine had not spoken
        self._reopen = reopen or self._open_next
        self.engine: Engine | None = None
        self.closed = False
        if engine is not None:
            self._adopt(engine)
            self._tell(SpeechNotice("engine", engine=engine.name))
        else:
            self._tell(SpeechNotice("no-voice", reasons=tuple(reasons)))

    def __repr__(self) -> str:
        return f"<SpeechOutput engine={self.engine_name!r} rate={self.rate}>"

    @classmethod
    def open(
        cls, preferred: str | None = None, lang: str = "en", *, notify: Notify | None = None, rate: int = DEFAULT_RATE
    ) -> SpeechOutput:
        """Open the first engine that works (or ``preferred`` only) and speak through it."""
        engine, reasons = open_engine(preferred, lang)
        return cls(engine, notify=notify, lang=lang, rate=rate, reasons=reasons)

    @property
    def engine_name(self) -> str | None:
        """The name of the engine in use, or None for text alone."""
        engine = self.engine
        return engine.name if engine is not None else None

    # -- the Output protocol ------------------------------------------------------

    def say(self, utterance: Utterance) -> None:
        """Speak the utterance's speech text after what is queued; an urgent one cuts off what is playing."""
        self._speak(utterance.speech, utterance.urgent)

    def interrupt(self) -> None:
        """The player acted: silence speech now and drop what is queued."""
        with self._lock:
            engine = self.engine
            self._held.clear()
            self._handed = []
        if engine is not None:
            engine.stop()

    def close(self) -> None:
        """Stop speaking and release the engine."""
        with self._lock:
            self.closed = True
            engine, self.engine = self.engine, None
        if engine is not None:
            engine.on_failure = None
            engine.close()

    # -- keys -----------------------------------------------------------------------

    def speak_now(self, text: str) -> None:
        """Speak ``text`` at once, cutting off what was playing (the review keys)."""
        self._speak(text, urgent=True)

    def _speak(self, text: str, urgent: bool) -> None:
        text = text.strip()
        if not text or self.closed:
            return
        with self._lock:  # held only for a moment: never while an engine starts
            if self._switching:
                if urgent:
                    self._held.clear()
                    self._handed = []
                self._held.append(text)
                return
            engine = self.engine
        if engine is not None:
            engine.speak(text, urgent=urgent)

    def set_rate(self, wpm: int) -> int:
        """Set the rate in words per minute (kept within 80-450); returns the rate now in use."""
        with self._lock:
            self.rate = clamp(wpm, MIN_RATE, MAX_RATE)
            if self.engine is not None:
                self.engine.set_rate(self.rate)
            return self.rate

    def faster(self) -> int:
        """Speak faster by one step (the + key); returns the new rate in words per minute."""
        return self.set_rate(self.rate + RATE_STEP)

    def slower(self) -> int:
        """Speak slower by one step (the - key); returns the new rate in words per minute."""
        return self.set_rate(self.rate - RATE_STEP)

    def set_language(self, lang: str) -> None:
        """Use the voice for ``lang`` ("en" or "de") from the next utterance on."""
        with self._lock:
            self.lang = lang
            if self.engine is not None:
                self.engine.set_language(lang)

    # -- failures -------------------------------------------------------------------

    def _adopt(self, engine: Engine) -> None:
        engine.on_failure = lambda reason, unspoken: self._engine_failed(engine, reason, unspoken)
        engine.set_language(self.lang)
        engine.set_rate(self.rate)
        self.engine = engine

    def _open_next(self, excluded: Sequence[str]) -> tuple[Engine | None, list[str]]:
        return open_engine(None, self.lang, exclude=excluded)

    def _engine_failed(self, engine: Engine, reason: str, unspoken: list[str]) -> None:
        """Move to the next engine that works, hand it what was not spoken, and say so once.

        While the next engine starts, new texts are held (not lost) and a key
        press drops them, as it drops any queue.
        """
        with self._lock:
            if self.engine is not engine or self.closed:
                return
            self.engine = None
            self._switching = True
            self._handed = list(unspoken)
            self._failed.append(engine.name)
        engine.on_failure = None
        engine.close()
        replacement, _ = self._reopen([n for n in ENGINE_NAMES if n in self._failed])
        with self._lock:
            if replacement is not None and not self.closed:
                self._adopt(replacement)
            texts = self._handed + self._held
            self._handed, self._held = [], []
            self._switching = False
        self._tell(
            SpeechNotice(
                "engine-failed",
                engine=replacement.name if replacement is not None else None,
                failed=engine.name,
                reasons=(reason,),
            )
        )
        if replacement is not None:
            for text in texts:
                replacement.speak(text)

    def _tell(self, notice: SpeechNotice) -> None:
        if self._notify is not None:
            self._notify(notice)
