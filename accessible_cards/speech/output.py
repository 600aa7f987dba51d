"""The speaking output: each utterance's speech text through an engine, silenced by the player's next key.

:class:`SpeechOutput` follows the :class:`~accessible_cards.outputs.Output`
protocol. ``say()`` queues (urgent utterances cut off what is playing first),
``interrupt()`` stops speech and drops the queue, ``faster()`` / ``slower()``
change the rate, ``set_language()`` picks the voice; the protocol's braille
parts do nothing here. With no engine at all it stays silent and the game
goes on with text alone.

When its engine dies mid-game, nothing said is lost and the game never waits:
on a thread of its own the output opens the same engine again at once when
the engine crashed (a killed process, a dropped connection: speech-dispatcher
is started again if it is not running), else the next engine that works, and
hands it the texts that were not yet spoken (the one cut off included). A
crashed engine that cannot be opened at once is tried again in the
background, after 1, 2, 4, 8, 16 and then every 30 seconds; once it works,
speech moves back to it at the next quiet moment. While there is no engine
at all, what is said waits for its return (until the player's next key
drops it, as a key drops any queue). The UI hears of each
failure once, and once of speech coming back, through ``notify`` with a
:class:`SpeechNotice` (facts, no prose: the UI words it in the player's
language).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import DeckKind
from ..outputs import READERS_RATE, Output
from ..utterance import Utterance
from .engines import DEFAULT_RATE, KNOWN_ENGINES, MAX_RATE, MIN_RATE, Engine, clamp, open_engine

RATE_STEP: Final = 25  # words per minute per press of + or -
RETRY_SECONDS: Final = (1.0, 2.0, 4.0, 8.0, 16.0, 30.0)
"""The waits between tries to open a crashed engine again; the last one repeats."""
QUIET_POLL: Final = 0.05  # seconds between looks for a quiet moment to move back to an engine


@dataclass(frozen=True, slots=True)
class SpeechNotice:
    """Something the player should hear about the voice itself, for the UI to word.

    ``kind`` is one of:

    - ``"engine"``: speech uses ``engine`` (said once at the start);
    - ``"no-voice"``: no engine works; the game goes on with text alone
      (``reasons`` says why each engine failed);
    - ``"engine-failed"``: ``failed`` stopped working (``reasons[0]`` says why) and
      speech goes on with ``engine`` (the same name when it started again at
      once), or with text alone when ``engine`` is None; ``retrying``: ``failed``
      is tried again in the background;
    - ``"engine-back"``: ``engine``, which had stopped, works again and speaks from now on.
    """

    kind: str
    engine: str | None = None
    failed: str | None = None
    reasons: tuple[str, ...] = ()
    retrying: bool = False

    def english(self) -> str:
        """A plain English sentence for logs and for UIs that have no catalog entry yet."""
        if self.kind == "engine":
            return f"Speech uses {self.engine}."
        if self.kind == "no-voice":
            return "No speech engine works; the game goes on with text only."
        if self.kind == "engine-back":
            return f"Speech is back: {self.engine} works again."
        why = f" ({self.reasons[0]})" if self.reasons else ""
        if self.engine == self.failed:
            return f"Speech engine {self.failed} stopped{why} and has started again."
        follow = f"speech goes on with {self.engine}" if self.engine else "the game goes on with text only"
        again = f"; {self.failed} is tried again" if self.retrying else ""
        return f"Speech engine {self.failed} stopped working{why}; {follow}{again}."


def label(engine: Engine) -> str:
    """How the player hears of an engine: its name, or the screen reader's (NVDA) when one speaks."""
    return str(getattr(engine, "label", engine.name))


Notify = Callable[[SpeechNotice], None]
EngineOpener = Callable[[Sequence[str]], tuple[Engine | None, list[str]]]


def backoff(delays: Sequence[float]) -> Iterator[float]:
    """The waits between tries: ``delays`` in turn, then the last one for ever."""
    yield from delays
    while True:
        yield delays[-1]


class SpeechOutput:
    """Speaks utterances through an engine; text alone when there is none.

    ``engine`` is an engine already opened (``open_engine``), or None for
    text alone; ``lang`` (default: the engine's) picks the voice. ``notify`` receives :class:`SpeechNotice` events,
    from any thread. ``reopen(excluded)`` opens the first engine that works
    among those not excluded (by default :func:`open_engine` in the usual
    order); ``retry_seconds`` are the waits between tries to open a crashed
    engine again.
    """

    name = "speech"
    has_voice = True

    def __init__(
        self,
        engine: Engine | None,
        *,
        notify: Notify | None = None,
        lang: str | None = None,
        rate: int = DEFAULT_RATE,
        reopen: EngineOpener | None = None,
        reasons: Sequence[str] = (),
        retry_seconds: Sequence[float] = RETRY_SECONDS,
    ) -> None:
        self.lang = lang or (engine.lang if engine is not None else "en")
        self.rate = clamp(rate, MIN_RATE, MAX_RATE)
        self._notify = notify
        self._lock = threading.RLock()
        self._failed: set[str] = set()  # engines not to fall back on: they failed and have not come back
        self._switching = False  # an engine failed and the next one is starting
        self._held: list[str] = []  # texts said while switching, or while a crashed engine is awaited
        self._handed: list[str] = []  # texts the failed engine had not spoken
        self._reopen = reopen or self._open_next
        self._retry_seconds = tuple(retry_seconds) or RETRY_SECONDS
        self._retrying: set[str] = set()  # crashed engines being tried again in the background
        self._closing = threading.Event()
        self.engine: Engine | None = None
        self.closed = False
        if engine is not None:
            self._adopt(engine)
            self._tell(SpeechNotice("engine", engine=label(engine)))
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

    @property
    def rate_is_readers(self) -> bool:
        """True while a screen reader speaks: the rate is its own, and + and - cannot change it."""
        engine = self.engine
        return engine is not None and not getattr(engine, "sets_rate", True)

    @property
    def retrying(self) -> frozenset[str]:
        """The crashed engines being tried again in the background."""
        with self._lock:
            return frozenset(self._retrying)

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

    def forget(self) -> None:
        """Nothing to forget: speech keeps no lines to read back (the key press has dropped the queue)."""

    def set_deck(self, deck: DeckKind | str) -> None:
        """Speech says whole card names: the deck does not change how it speaks."""

    def set_braille_table(self, grade: str) -> None:
        """Speech has no braille table."""

    def set_message_seconds(self, seconds: float) -> None:
        """Speech has no braille message time."""

    def close(self) -> None:
        """Stop speaking, stop trying engines again, and release the engine."""
        self._closing.set()
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
        with self._lock:  # never held while an engine starts; an engine's speak() only queues
            if self._switching or (self.engine is None and self._retrying):
                if urgent:
                    self._held.clear()
                    self._handed = []
                self._held.append(text)
                return
            engine = self.engine
            if engine is not None and engine.speak(text, urgent=urgent) is False:
                # it died as the text came, and reports its failure after this: the text waits for the next engine
                if urgent:
                    self._held.clear()
                self._held.append(text)

    def set_rate(self, wpm: int) -> int:
        """Set the rate in words per minute (kept within 80-450); returns the rate now in use."""
        with self._lock:
            self.rate = clamp(wpm, MIN_RATE, MAX_RATE)
            if self.engine is not None:
                self.engine.set_rate(self.rate)
            return self.rate

    def faster(self) -> int:
        """Speak faster by one step (the + key); the new rate in words per minute (READERS_RATE: a screen reader's)."""
        if self.rate_is_readers:
            return READERS_RATE
        return self.set_rate(self.rate + RATE_STEP)

    def slower(self) -> int:
        """Speak slower by one step (the - key); the new rate in words per minute (READERS_RATE: a screen reader's)."""
        if self.rate_is_readers:
            return READERS_RATE
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

    def _open_only(self, name: str) -> Engine | None:
        """Open the engine ``name`` again, or None when it does not work (yet)."""
        try:
            engine, _ = self._reopen([n for n in KNOWN_ENGINES if n != name])
        except Exception:  # an opener failing in an unexpected way counts as "not yet"
            return None
        if engine is not None and engine.name != name:
            engine.close()
            return None
        return engine

    def _engine_failed(self, engine: Engine, reason: str, unspoken: list[str]) -> None:
        """The engine died (called once, on whatever thread noticed): recover on a thread of its own.

        Until the next engine is open, new texts are held (not lost) and a key
        press drops them, as it drops any queue.
        """
        with self._lock:
            if self.engine is not engine or self.closed:
                return
            self.engine = None
            self._switching = True
            self._handed = list(unspoken)
        engine.on_failure = None
        threading.Thread(target=self._recover, args=(engine, reason), name="speech-recover", daemon=True).start()

    def _recover(self, engine: Engine, reason: str) -> None:
        """Open the same engine again when it crashed, else the next that works; hand it what was not spoken."""
        engine.close()
        replacement = self._open_only(engine.name) if engine.crashed else None
        restarted = replacement is not None
        if replacement is None:
            with self._lock:
                self._failed.add(engine.name)
                excluded = [n for n in KNOWN_ENGINES if n in self._failed]
            try:
                replacement, _ = self._reopen(excluded)
            except Exception:
                replacement = None
        retrying = engine.crashed and not restarted
        notice = SpeechNotice(
            "engine-failed",
            engine=replacement.name if replacement is not None else None,
            failed=engine.name,
            reasons=(reason,),
            retrying=retrying,
        )
        with self._lock:  # new texts wait until the held ones are handed on, in order
            if self.closed:
                if replacement is not None:
                    replacement.close()
                return
            texts = self._handed + self._held
            self._handed, self._held = [], []
            self._switching = False
            if replacement is not None:
                self._adopt(replacement)
            start_retry = retrying and engine.name not in self._retrying
            if retrying:
                self._retrying.add(engine.name)
            self._tell(notice)
            if replacement is not None:
                for text in texts:
                    replacement.speak(text)
            elif retrying:
                self._held = texts  # kept for the engine's return, until the next key press drops them
        if start_retry:
            threading.Thread(target=self._retry, args=(engine.name,), name="speech-retry", daemon=True).start()

    def _retry(self, name: str) -> None:
        """Try the crashed engine ``name`` again with growing waits; once it works, move speech back to it."""
        for wait in backoff(self._retry_seconds):
            if self._closing.wait(wait):
                break
            with self._lock:
                if self.engine_name == name:
                    break  # it came back by another way (a failure of the engine that stood in)
            engine = self._open_only(name)
            if engine is not None:
                if self._move_to(engine):
                    self._tell(SpeechNotice("engine-back", engine=name))
                    return
                break
        with self._lock:
            self._retrying.discard(name)

    def _move_to(self, engine: Engine) -> bool:
        """Speak with ``engine`` from the next quiet moment on (what is playing ends first); False once closed."""
        while not self._closing.is_set():
            with self._lock:
                if self.closed:
                    break
                current = self.engine
                if not self._switching and (current is None or not current.is_speaking):
                    self._adopt(engine)
                    self._failed.discard(engine.name)
                    self._retrying.discard(engine.name)  # a new failure from now on starts new tries
                    held, self._held = self._held, []
                    for text in held:
                        engine.speak(text)
                    if current is not None:
                        current.on_failure = None
                        threading.Thread(target=current.close, name="speech-close", daemon=True).start()
                    return True
            self._closing.wait(QUIET_POLL)
        engine.close()
        return False

    def _tell(self, notice: SpeechNotice) -> None:
        if self._notify is not None:
            self._notify(notice)


_CHECKED: Final[type[Output]] = SpeechOutput  # mypy checks the class against the whole protocol
