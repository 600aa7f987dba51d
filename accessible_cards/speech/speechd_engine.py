"""The desktop's speech service, speech-dispatcher, through ``speechd.SSIPClient``.

Three ways it can die in the middle of a game are told apart, because only
one is worth a retry: the server goes away (killed, crashed: the connection
closes, seen within 0.2 seconds even while nothing is said), the server's
synthesizer module dies (speech-dispatcher then drops the text it was
speaking and goes on with its silent fallback module), and a server that
takes texts but never finishes one (no sound output).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from .base import DEFAULT_RATE, MAX_RATE, MIN_RATE, Engine, EngineError, FailureCallback, clamp

WATCH_SECONDS = 0.2  # how often the watchdog looks at the connection and at the text playing
OPEN_SECONDS = 1.0  # the longest the program waits for speech-dispatcher to connect and answer at start-up


_SPAWNED: set[int] = set()  # speech-dispatcher servers this program started (autospawn); stopped at exit
_SPAWNED_LOCK = threading.Lock()


def _servers() -> set[int]:
    """The process ids of the speech-dispatcher servers of this user that were started on demand (``--spawn``)."""
    found = set()
    uid = os.getuid() if hasattr(os, "getuid") else None
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                if uid is not None and entry.stat().st_uid != uid:
                    continue
                with open(f"/proc/{entry.name}/cmdline", "rb") as file:
                    argv = file.read().split(b"\0")
            except OSError:
                continue
            if argv and os.path.basename(argv[0]) == b"speech-dispatcher" and b"--spawn" in argv:
                found.add(int(entry.name))
    return found


def stop_spawned_servers(grace: float = 0.5) -> list[int]:
    """End every speech-dispatcher this program started: SIGTERM, then SIGKILL after ``grace`` seconds.

    Returns their process ids. speech-dispatcher may ignore SIGTERM while it ends its modules.
    """
    with _SPAWNED_LOCK:
        pids = sorted(_SPAWNED)
        _SPAWNED.clear()
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    alive = [pid for pid in pids if pid in _servers()]
    while alive and time.monotonic() < deadline:
        time.sleep(0.02)
        alive = [pid for pid in alive if pid in _servers()]
    for pid in alive:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return pids


atexit.register(stop_spawned_servers)


class _Answerless(Exception):
    """speech-dispatcher took a command and did not answer in time."""


class _ModuleDied(Exception):
    """speech-dispatcher dropped a text it had begun: its synthesizer module died."""


class _CommandThread:
    """Runs SSIP commands one at a time on a daemon thread, so that a server that stops answering cannot hang us.

    speechd's client waits for each answer without a time limit; a server
    stuck (e.g. while it ends) accepts the connection and never replies. The
    caller waits ``timeout`` seconds at most; a command that never returns only
    keeps this daemon thread.
    """

    def __init__(self) -> None:
        self._jobs: deque[tuple[Callable[[], Any], list[Any], threading.Event]] = deque()
        self._ready = threading.Condition()
        threading.Thread(target=self._run, name="speech-dispatcher-commands", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._jobs:
                    self._ready.wait()
                job, box, done = self._jobs.popleft()
            try:
                box.append((True, job()))
            except BaseException as error:  # handed back to the caller, who decides
                box.append((False, error))
            done.set()

    def call(self, job: Callable[[], Any], timeout: float) -> Any:
        """Run ``job`` on the command thread; its result, its exception, or :class:`_Answerless` after ``timeout``."""
        box: list[Any] = []
        done = threading.Event()
        with self._ready:
            self._jobs.append((job, box, done))
            self._ready.notify()
        if not done.wait(timeout):
            raise _Answerless(f"waited {timeout:g} seconds")
        ok, value = box[0]
        if not ok:
            raise value
        return value


class SpeechDispatcherEngine(Engine):
    """The desktop's speech service through ``speechd.SSIPClient``: priorities, cancel and the user's voice.

    ``address`` (or the ``SPEECHD_ADDRESS`` variable, which the client honours
    itself) selects the server, e.g. ``unix_socket:/tmp/x/speechd.sock``; the
    server is only started automatically (``autospawn``) when no address is given. Urgent
    texts cancel what is playing and queued first and go out at priority
    "important"; the rest at "message". A server that takes texts but never
    finishes one (no sound output) counts as failed after ``stall_grace``
    seconds plus the text's own length; one that stops answering, after
    ``command_timeout`` seconds. A server that goes away or stops answering
    counts as crashed (:attr:`~Engine.crashed`: connecting again may work); a
    dead synthesizer module or a silent server does not.
    """

    name = "speech-dispatcher"

    def __init__(
        self,
        lang: str = "en",
        on_failure: FailureCallback | None = None,
        *,
        address: str | None = None,
        environ: Mapping[str, str] | None = None,
        client_name: str = "accessible-cards",
        stall_grace: float = 3.0,
        autospawn: bool | None = None,
        command_timeout: float = 2.0,
        open_timeout: float = OPEN_SECONDS,
    ) -> None:
        super().__init__(lang, on_failure)
        env = os.environ if environ is None else environ
        try:
            import speechd
        except ImportError as error:
            raise EngineError("the Python module speechd is not installed (Debian package python3-speechd)") from error
        self._speechd: Any = speechd
        self.address = address or env.get("SPEECHD_ADDRESS") or None
        self._command_lock = threading.Lock()  # one SSIP command at a time; never held by speechd's event thread
        self._lock = threading.Lock()  # the message ids below; never held while waiting for the server
        self._pending: dict[int, str] = {}  # message id -> text, until END or CANCEL
        self._finished: set[int] = set()  # END/CANCEL that arrived before speak() returned the id
        self._begun: set[int] = set()  # messages whose BEGIN has come and whose END or CANCEL has not
        self._dropped: list[str] = []  # texts begun and never ended while a later one ended: the module died
        self.events: deque[tuple[float, int, str]] = deque(maxlen=1000)  # (monotonic time, message id, kind)
        self.stall_grace = stall_grace
        self._progress = time.monotonic()  # the last event, or when the queue last filled
        self._closing = threading.Event()
        self._event_listeners: list[Callable[[int, str], None]] = []
        self.command_timeout = command_timeout
        self._commands = _CommandThread()
        self._sender_jobs: deque[tuple[Callable[[], Any], str | None]] = deque()  # (job, the text it speaks)
        self._sender_ready = threading.Condition()
        self._sending: str | None = None  # the text whose commands are going out now
        self._dying = False  # the texts not spoken are being counted: no new job is taken
        spawn = self.address is None if autospawn is None else autospawn
        where = f" at {self.address}" if self.address else ""
        deadline = time.monotonic() + open_timeout  # connecting and the first answers, all together

        def remaining() -> float:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Answerless(f"waited {open_timeout:g} seconds")
            return left

        before = _servers() if spawn else set()

        def connect() -> Any:
            client = speechd.SSIPClient(client_name, address=self.address, autospawn=spawn)
            if spawn:
                with _SPAWNED_LOCK:
                    _SPAWNED.update(_servers() - before)  # a server that was not there before this program asked
            return client

        try:
            self._client: Any = self._commands.call(connect, remaining())
        except _Answerless as error:
            waited = f"waited {open_timeout:g} seconds"
            raise EngineError(f"speech-dispatcher{where} does not answer ({waited})") from error
        except Exception as error:
            raise EngineError(f"speech-dispatcher is not running{where} and could not be started: {error}") from error
        try:
            self._hook_events()
            modules = self._commands.call(self._client.list_output_modules, remaining())
            if not modules:
                raise EngineError("speech-dispatcher has no speech synthesizer module")
            client, rate, pitch, volume, lang = self._client, self.rate, self.pitch, self.volume, self.lang
            for job in (
                lambda: client.set_rate(_wpm_to_ssip(rate)),
                lambda: client.set_pitch(clamp((pitch - 50) * 2, -100, 100)),
                lambda: client.set_volume(clamp(volume * 2 - 100, -100, 100)),
                lambda: client.set_language(lang),
            ):
                self._commands.call(job, remaining())
            threading.Thread(target=self._watch, name="speech-dispatcher-watchdog", daemon=True).start()
            threading.Thread(target=self._sender, name="speech-dispatcher-sender", daemon=True).start()
        except EngineError:
            self._close_client()
            raise
        except _Answerless as error:
            self._close_client()
            raise EngineError(f"speech-dispatcher{where} does not answer (waited {open_timeout:g} seconds)") from error
        except Exception as error:
            self._close_client()
            raise EngineError(f"speech-dispatcher{where} did not answer: {error}") from error

    def _hook_events(self) -> None:
        """Watch every BEGIN/END/CANCEL of this connection, whatever the message, before its id is known.

        speechd's per-message callbacks can miss events that arrive before
        ``speak()`` has returned the message id, so the connection's own
        handler is wrapped instead.
        """
        connection = self._client._conn
        handler = self._client._callback_handler

        def on_event(msg_id: int, client_id: int, kind: str, **kwargs: Any) -> None:
            self._event(int(msg_id), str(kind))
            handler(msg_id, client_id, kind, **kwargs)

        connection.set_callback(on_event)

    def on_event(self, listener: Callable[[int, str], None]) -> None:
        """Call ``listener(message id, "begin" | "end" | "cancel" ...)`` for each event (on speechd's thread)."""
        self._event_listeners.append(listener)

    def _event(self, msg_id: int, kind: str) -> None:
        with self._lock:
            self.events.append((time.monotonic(), msg_id, kind))
            self._progress = time.monotonic()
            if kind == "begin":
                self._begun.add(msg_id)
            text = None
            if kind in ("end", "cancel"):
                self._begun.discard(msg_id)
                text = self._pending.pop(msg_id, None)
                if text is None:
                    self._finished.add(msg_id)
            earlier = [i for i in self._pending if i < msg_id and i in self._begun] if kind == "end" else []
            if earlier:
                # texts are spoken in order: an earlier one begun and never ended was dropped by the server, as
                # when its synthesizer module dies mid-text; this one then went to the server's silent fallback
                # module. Both are handed on (by the watchdog, off this thread).
                self._dropped += [self._pending.pop(i) for i in earlier] + ([text] if text is not None else [])
                self._begun.difference_update(earlier)
        for listener in list(self._event_listeners):
            listener(msg_id, kind)

    def speak(self, text: str, urgent: bool = False) -> bool:
        """Queue ``text`` and return at once: the SSIP commands go out on the sender thread, in order."""
        if self.failure is not None:
            return False
        if urgent:
            self._send_drop()
        return self._send(lambda: self.speak_id(text, urgent), text)

    def _send(self, job: Callable[[], Any], text: str | None = None) -> bool:
        """Run ``job`` on the sender thread after the jobs before it; the caller never waits for the server.

        False once the engine is dying: what it will report unspoken has been counted, so the job is not taken.
        """
        with self._sender_ready:
            if self._dying:
                return False
            self._sender_jobs.append((job, text))
            self._sender_ready.notify()
        return True

    def _send_drop(self) -> None:
        """Drop the texts not yet handed to the server (a key press, an urgent text)."""
        with self._sender_ready:
            self._sender_jobs.clear()
            self._sending = None  # its commands may still go out; the cancel queued next stops it

    def _sender(self) -> None:
        while True:
            with self._sender_ready:
                while not self._sender_jobs:
                    if self._closing.is_set():
                        return
                    self._sender_ready.wait(WATCH_SECONDS)
                job, text = self._sender_jobs[0]
                self._sending = text
                self._sender_jobs.popleft()
            try:
                job()
            except Exception as error:  # speak_id, stop and _apply report their own failures; this is a last guard
                self._died(error, [text] if text is not None else [])
            finally:
                with self._sender_ready:
                    self._sending = None

    def speak_id(self, text: str, urgent: bool = False) -> int | None:
        """Like :meth:`speak`, returning speech-dispatcher's message id (None when the engine has died)."""
        if self.failure is not None:
            return None
        speechd = self._speechd
        try:
            with self._command_lock:
                if urgent:
                    self._call(self._client.cancel)
                    with self._lock:
                        self._pending.clear()
                        self._begun.clear()
                priority = speechd.Priority.IMPORTANT if urgent else speechd.Priority.MESSAGE
                self._call(lambda: self._client.set_priority(priority))
                result = self._call(lambda: self._client.speak(text))
            msg_id = int(result[2][0])
        except Exception as error:
            self._died(error, [text])
            return None
        with self._lock:
            if msg_id in self._finished:
                self._finished.discard(msg_id)
            else:
                if not self._pending:
                    self._progress = time.monotonic()
                self._pending[msg_id] = text
        return msg_id

    def stop(self) -> None:
        """Drop what is queued and cancel what is playing, without waiting for the server's answer."""
        if self.failure is not None:
            return
        self._send_drop()
        with self._lock:
            self._pending.clear()
            self._begun.clear()
        self._send(self._cancel)

    def _cancel(self) -> None:
        if self.failure is not None:
            return
        try:
            with self._command_lock:
                self._call(self._client.cancel)
            with self._lock:
                self._pending.clear()
                self._begun.clear()
        except Exception as error:
            self._died(error, [])

    @property
    def is_speaking(self) -> bool:
        with self._sender_ready:
            if self._sending is not None or any(text is not None for _, text in self._sender_jobs):
                return True
        with self._lock:
            return bool(self._pending)

    def _apply(self) -> None:
        if self.failure is not None or not hasattr(self, "_client"):
            return
        self._send(self._send_settings)

    def _send_settings(self) -> None:
        if self.failure is not None:
            return
        try:
            client, rate, pitch, volume, lang = self._client, self.rate, self.pitch, self.volume, self.lang
            with self._command_lock:
                self._call(lambda: client.set_rate(_wpm_to_ssip(rate)))
                self._call(lambda: client.set_pitch(clamp((pitch - 50) * 2, -100, 100)))
                self._call(lambda: client.set_volume(clamp(volume * 2 - 100, -100, 100)))
                self._call(lambda: client.set_language(lang))
        except Exception as error:
            self._died(error, [])

    def _call(self, job: Callable[[], Any]) -> Any:
        """Run one SSIP command, waiting ``command_timeout`` seconds at most for the answer."""
        return self._commands.call(job, self.command_timeout)

    def _connection_alive(self) -> bool:
        """False once speechd's reader thread has ended: the server closed the connection (killed or crashed)."""
        reader = getattr(getattr(self._client, "_conn", None), "_communication_thread", None)
        return not isinstance(reader, threading.Thread) or reader.is_alive()

    def _watch(self) -> None:
        """Every 0.2 seconds: is the server still there, did it drop a text, does the text playing ever end?

        A server killed or crashed closes the connection and speechd's reader
        thread ends: the engine has crashed, even while nothing is being said.
        A text begun and never ended while a later one ended was dropped: the
        server's synthesizer module died (speech-dispatcher then goes on with
        its silent fallback module). A server with no working audio output (no
        sound card, a broken sound server) answers, says BEGIN, and never END;
        a text may take ``stall_grace`` seconds plus its own length at about 12
        characters a second (at the default rate) before that counts.
        """
        while not self._closing.wait(WATCH_SECONDS):
            if self.failure is not None:
                return
            if not self._connection_alive():
                if not self._closing.is_set():
                    self._died(ConnectionError("speech-dispatcher closed the connection"), [])
                return
            with self._lock:
                dropped, self._dropped = self._dropped, []
                oldest = next(iter(self._pending.values()), None)
                since = time.monotonic() - self._progress
            if dropped:
                self._died(_ModuleDied("synthesizer stopped in the middle of a text"), [], first=dropped)
                return
            if oldest is None:
                continue
            allowed = self.stall_grace + len(oldest) / 12 * (DEFAULT_RATE / self.rate)
            if since > allowed:
                self._died(EngineError(f"no end of speech after {since:.0f} seconds; is there a sound output?"), [])
                return

    def _died(self, error: BaseException, texts: list[str], *, first: list[str] | None = None) -> None:
        """Close the connection and report the failure once, with every text not spoken, oldest first.

        ``first``: texts older than those still pending; ``texts``: newer ones (the text being handed over).
        """
        with self._sender_ready:
            self._dying = True
            sending = [self._sending] if self._sending is not None else []  # its commands were going out
            queued = [text for _, text in self._sender_jobs if text is not None]
            self._sender_jobs.clear()
        with self._lock:
            pending = list(self._pending.values())
            newer = [t for t in sending + texts if t not in pending]
            unspoken = (first or []) + pending + list(dict.fromkeys(newer)) + queued
            self._pending.clear()
            self._begun.clear()
        self._close_client()
        if isinstance(error, _ModuleDied):
            self._fail(f"speech-dispatcher's {error}", unspoken)
        elif isinstance(error, EngineError):
            self._fail(f"it takes texts but makes no sound ({error})", unspoken)
        elif isinstance(error, _Answerless):
            self._fail(f"speech-dispatcher stopped answering ({error})", unspoken, crashed=True)
        else:
            reason = f"the connection to speech-dispatcher was lost ({error or type(error).__name__})"
            self._fail(reason, unspoken, crashed=True)

    def _close_client(self) -> None:
        self._closing.set()
        client = getattr(self, "_client", None)
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()

    def close(self) -> None:
        self._send_drop()
        if self.failure is None:
            with contextlib.suppress(Exception):
                self._call(self._client.cancel)
        self._close_client()
        self.failure = self.failure or "closed"


def _wpm_to_ssip(wpm: int) -> int:
    """Words per minute as speech-dispatcher's rate, -100 to 100 with 0 at espeak-ng's default of 175."""
    if wpm >= DEFAULT_RATE:
        return clamp(round((wpm - DEFAULT_RATE) * 100 / (MAX_RATE - DEFAULT_RATE)), 0, 100)
    return clamp(round((wpm - DEFAULT_RATE) * 100 / (DEFAULT_RATE - MIN_RATE)), -100, 0)
