"""speech-dispatcher run headless (libao null output, per recipes.md): texts in order, events, cancel, failover."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from terminal_support import speech_dispatchers_under

from accessible_cards.speech.engines import Engine, EngineError, SpeechDispatcherEngine, open_engine
from accessible_cards.speech.headless import HeadlessSpeechd, start_headless_speechd
from accessible_cards.speech.output import SpeechNotice, SpeechOutput
from accessible_cards.utterance import Utterance

pytestmark = [
    pytest.mark.skipif(shutil.which("speech-dispatcher") is None, reason="speech-dispatcher is not installed"),
    # speechd's reader thread ends with sys.exit() when its socket closes; Python ignores that, pytest reports it
    pytest.mark.filterwarnings("ignore:Exception in thread SSIP client communication thread"),
    # they start and kill real speech-dispatchers, which share a port: make test runs them after the rest,
    # one after another in one process, in the order of their files
    pytest.mark.serial,
]


@pytest.fixture
def speechd(tmp_path: Path) -> Iterator[HeadlessSpeechd]:
    """A private speech-dispatcher with libao's null driver, stopped (with its modules) after the test."""
    server = start_headless_speechd(tmp_path / "speechd")
    try:
        yield server
    finally:
        server.stop()
    assert server.process.poll() is not None


def wait_for(condition: object, timeout: float = 10.0) -> bool:
    """Poll ``condition()`` until true or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.01)
    return False


def test_speech_dispatcher_receives_the_exact_texts_in_order(speechd: HeadlessSpeechd) -> None:
    """The server gets each text as said, in order, and BEGIN and END arrive for each."""
    texts = ["You play the seven of hearts.", "Player 2 plays the queen of spades.", "Player 2 takes 2 cards."]
    engine = SpeechDispatcherEngine("en", address=speechd.address)
    try:
        ids = [engine.speak_id(text) for text in texts]
        assert None not in ids
        assert wait_for(lambda: not engine.is_speaking)
        assert wait_for(lambda: speechd.queued_texts() == texts), speechd.queued_texts()
        kinds = {i: [k for _t, m, k in engine.events if m == i] for i in ids if i is not None}
        assert all(kinds[i] == ["begin", "end"] for i in kinds), kinds
    finally:
        engine.close()


def test_speech_dispatcher_honours_speechd_address(speechd: HeadlessSpeechd, monkeypatch: pytest.MonkeyPatch) -> None:
    """open_engine finds the server named by SPEECHD_ADDRESS, as speechd's own clients do."""
    monkeypatch.setenv("SPEECHD_ADDRESS", speechd.address)
    engine, reasons = open_engine(None, "de")
    assert engine is not None and engine.name == "speech-dispatcher", reasons
    try:
        engine.speak("Du nimmst zwei Karten.")
        assert wait_for(lambda: "Du nimmst zwei Karten." in speechd.queued_texts())
    finally:
        engine.close()


def test_speech_dispatcher_cancels_within_100_ms(speechd: HeadlessSpeechd) -> None:
    """Interruption against speech-dispatcher: from cancel to the CANCEL event of the text playing < 100 ms."""
    engine = SpeechDispatcherEngine("en", address=speechd.address)
    began = threading.Event()
    engine.on_event(lambda _id, kind: began.set() if kind == "begin" else None)
    try:
        first = engine.speak_id("Message one. This is a fairly long sentence to synthesize.")
        for n in range(2, 30):
            engine.speak(f"Message {n}. This is a fairly long sentence to synthesize.")
        assert began.wait(5)
        start = time.monotonic()
        engine.stop()
        assert not engine.is_speaking  # the queue is dropped at once
        assert wait_for(lambda: any(m == first and k in ("end", "cancel") for _t, m, k in engine.events), 2)
        ended = next(t for t, m, k in engine.events if m == first and k in ("end", "cancel"))
        assert ended - start < 0.1, f"speech-dispatcher took {(ended - start) * 1000:.0f} ms"
        time.sleep(0.2)
        begun = {m for _t, m, k in engine.events if k == "begin"}
        assert len(begun) <= 2  # nothing queued was spoken after the cancel
    finally:
        engine.close()


def test_a_dying_speech_dispatcher_hands_over_and_nothing_is_lost(tmp_path: Path) -> None:
    """The server dies mid-game: the output says so once and goes on with the next engine, text included."""
    first = start_headless_speechd(tmp_path / "first")
    second = start_headless_speechd(tmp_path / "second")
    notices: list[SpeechNotice] = []
    try:
        engine = SpeechDispatcherEngine("en", address=first.address)

        def reopen(excluded: object) -> tuple[Engine | None, list[str]]:
            return SpeechDispatcherEngine("en", address=second.address), []

        output = SpeechOutput(engine, notify=notices.append, reopen=reopen)
        output.say(Utterance("Player 1 plays the ace of clubs.", "P1 A♣"))
        assert wait_for(lambda: "Player 1 plays the ace of clubs." in first.queued_texts())
        assert wait_for(lambda: not engine.is_speaking)  # spoken to its end: it is not to be repeated
        first.stop()
        time.sleep(0.1)
        output.say(Utterance("War!", "War", urgent=True))
        output.say(Utterance("Player 1 takes 6 cards.", "P1 +6"))
        assert wait_for(lambda: second.queued_texts() == ["War!", "Player 1 takes 6 cards."]), second.queued_texts()
        assert [n.kind for n in notices] == ["engine", "engine-failed"]
        assert notices[1].failed == "speech-dispatcher" and notices[1].engine == "speech-dispatcher"
        assert "lost" in notices[1].english()
        output.close()
    finally:
        first.stop()
        second.stop()


def test_a_text_cut_off_by_a_dying_server_is_spoken_again(tmp_path: Path) -> None:
    """A text the dying server had not finished is handed to the next engine, before the new ones."""
    first = start_headless_speechd(tmp_path / "first")
    second = start_headless_speechd(tmp_path / "second")
    try:
        engine = SpeechDispatcherEngine("en", address=first.address)
        replacement = SpeechDispatcherEngine("en", address=second.address)
        output = SpeechOutput(engine, reopen=lambda excluded: (replacement, []))
        engine._pending[999_999] = "Player 2 is out."  # queued, its END not yet come, as when a server dies mid-text
        first.stop()
        output.say(Utterance("Player 1 wins.", "P1 wins", urgent=False))
        assert wait_for(lambda: second.queued_texts() == ["Player 2 is out.", "Player 1 wins."]), second.queued_texts()
        output.close()
    finally:
        first.stop()
        second.stop()


def test_a_server_that_makes_no_sound_counts_as_failed(tmp_path: Path) -> None:
    """speech-dispatcher with ALSA and no sound card says BEGIN and never END: the output moves on, once."""
    if Path("/proc/asound/cards").exists() and Path("/proc/asound/cards").read_text().strip() not in (
        "",
        "--- no soundcards ---",
    ):
        pytest.skip("this machine has a sound card")
    silent = start_headless_speechd(tmp_path / "silent", audio="alsa")
    working = start_headless_speechd(tmp_path / "working")
    notices: list[SpeechNotice] = []
    try:
        engine = SpeechDispatcherEngine("en", address=silent.address, stall_grace=0.5)
        output = SpeechOutput(
            engine,
            notify=notices.append,
            reopen=lambda excluded: (SpeechDispatcherEngine("en", address=working.address), []),
        )
        output.say(Utterance("You win.", "You win"))
        assert wait_for(lambda: working.queued_texts() == ["You win."], 10), working.queued_texts()
        assert [n.kind for n in notices] == ["engine", "engine-failed"]
        assert "makes no sound" in notices[1].reasons[0]
        output.close()
    finally:
        silent.stop(timeout=0.5)
        working.stop()


def test_a_server_that_never_answers_cannot_hang_the_game(tmp_path: Path) -> None:
    """A socket that accepts and never replies (a stuck server): the engine gives up in plain words, quickly."""
    import socket

    path = tmp_path / "stuck.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(1)
    try:
        start = time.monotonic()
        with pytest.raises(EngineError, match="does not answer"):
            SpeechDispatcherEngine("en", address=f"unix_socket:{path}", command_timeout=0.3)
        assert time.monotonic() - start < 2
    finally:
        listener.close()
        time.sleep(0.1)  # speechd's reader thread sees the socket close and ends while this test's filter applies


def test_a_server_that_never_answers_is_given_up_within_one_second(tmp_path: Path) -> None:
    """Issue 15: with the default timeouts a stuck server holds the start-up 1 second at most (it was 6)."""
    import socket

    path = tmp_path / "stuck.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(1)
    try:
        start = time.monotonic()
        with pytest.raises(EngineError, match="does not answer"):
            SpeechDispatcherEngine("en", address=f"unix_socket:{path}")
        assert time.monotonic() - start < 1.3
    finally:
        listener.close()
        time.sleep(0.1)


def _servers_for(home: Path) -> list[int]:
    """The speech-dispatcher processes whose command line names ``home`` (their socket lies under it)."""
    return speech_dispatchers_under(home)


def test_the_program_leaves_no_speech_dispatcher_it_started(tmp_path: Path) -> None:
    """Issue 19: `speak` starts speech-dispatcher on demand (none runs for this HOME) and ends it when it exits.

    speech-dispatcher started with --spawn ignores SIGTERM for a while; the program then kills it.
    A server that was running before the program started is left running.
    """
    import os
    import signal
    import subprocess
    import sys

    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "SPEECHD_ADDRESS"}
    env.update(HOME=str(home), XDG_RUNTIME_DIR=str(home), XDG_CACHE_HOME=str(home / ".cache"))
    command = [sys.executable, "-m", "accessible_cards", "speak", "Hello", "--engine", "speech-dispatcher"]
    try:
        for _round in range(3):
            subprocess.run(command, env=env, capture_output=True, timeout=60, check=False)
            # the program kills it as it exits; on a loaded machine the server may take a moment to go
            gone = wait_for(lambda: _servers_for(home) == [], 5)
            assert gone, f"speech-dispatcher left running: {_servers_for(home)}"
        # one running before the program: it stays
        socket_path = home / "speech-dispatcher" / "speechd.sock"
        subprocess.run(
            [
                "speech-dispatcher",
                "--spawn",
                "--communication-method",
                "unix_socket",
                "--socket-path",
                str(socket_path),
            ],
            env=env,
            timeout=10,
            check=False,
        )
        assert wait_for(lambda: _servers_for(home), 5)
        before = _servers_for(home)
        subprocess.run(command, env=env, capture_output=True, timeout=60, check=False)
        assert _servers_for(home) == before
    finally:
        for pid in _servers_for(home):
            os.kill(pid, signal.SIGKILL)
