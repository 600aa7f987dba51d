"""Issue 9, failing parts: the speech engine is killed in the middle of a sentence.

Every failure is caused for real, with SIGKILL, while a long sentence is being spoken: the
speech-dispatcher server (headless, libao's null output, per recipes.md), its synthesizer module,
and an espeak-ng process playing into a stand-in sound card that takes the sound at the speed a
real one does. Each time the game is told once, nothing said is lost (the sentence cut off is said
again), nothing waits, and speech comes back by itself: at once when the engine can be started
again, else when the server is back (tried again after growing waits). The last test does it
through the program itself in a real terminal, with speech-dispatcher started on demand.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from terminal_support import Player

from accessible_cards.speech.engines import Engine, EspeakEngine, SpeechDispatcherEngine
from accessible_cards.speech.headless import SYSTEM_CONFIG, HeadlessSpeechd, start_headless_speechd
from accessible_cards.speech.output import SpeechNotice, SpeechOutput
from accessible_cards.utterance import Utterance

needs_speechd = pytest.mark.skipif(shutil.which("speech-dispatcher") is None, reason="speech-dispatcher is missing")
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
pytestmark = [
    # speechd's reader thread ends with sys.exit() when its socket closes; Python ignores that, pytest reports it
    pytest.mark.filterwarnings("ignore:Exception in thread SSIP client communication thread"),
    # they start and kill real speech-dispatchers, which share a port: make test runs them after the rest,
    # one after another in one process, in the order of their files
    pytest.mark.serial,
]

LONG = "Player 2 plays the queen of hearts, and the seven of clubs lies on the table beside it. " * 40
"""About 3,500 characters: four minutes of speech, several seconds of synthesis even with no sound card."""

SOUND_CARD = [
    sys.executable,
    "-c",
    "import sys, time\nwhile sys.stdin.buffer.read(4410):\n    time.sleep(0.1)",
]
"""A stand-in sound card for espeak-ng's WAV output: it takes 22,050 two-byte samples a second, as one plays them."""


def until(check: Callable[[], object], timeout: float = 10.0) -> bool:
    """Poll ``check()`` until it is true or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return False


def kill_group(server: HeadlessSpeechd) -> None:
    """SIGKILL the server and its synthesizer modules, all at once, as a crash would."""
    os.killpg(server.process.pid, signal.SIGKILL)
    server.process.wait(timeout=10)


def restart(server: HeadlessSpeechd) -> HeadlessSpeechd:
    """Start speech-dispatcher again on the same socket; the old log is moved aside, so the new log is its own."""
    log = server.log_folder
    if log.exists():
        log.rename(log.with_name(f"log-{time.monotonic_ns()}"))
    return start_headless_speechd(server.folder)


@pytest.fixture
def servers() -> Iterator[list[HeadlessSpeechd]]:
    """Servers a test starts; each is stopped (with its modules) when the test ends."""
    started: list[HeadlessSpeechd] = []
    yield started
    for server in started:
        server.stop(timeout=2)


Opener = Callable[[Sequence[str]], tuple[Engine | None, list[str]]]


class RecordingEspeak(EspeakEngine):
    """espeak-ng, keeping every text it starts to say."""

    def __init__(self, player: list[str]) -> None:
        self.started: list[str] = []
        super().__init__("en", player=player)

    def _spawn(self, text: str) -> list[subprocess.Popen[bytes]]:
        self.started.append(text)
        return super()._spawn(text)


FAST_CARD = ["cat"]
"""A stand-in sound card that takes the sound at once: each text ends as soon as it is made."""


def speechd_opener(server: HeadlessSpeechd, fallback: Callable[[], Engine] | None = None) -> Opener:
    """``reopen`` for a SpeechOutput: speech-dispatcher at the server's socket, else ``fallback``."""

    def reopen(excluded: Sequence[str]) -> tuple[Engine | None, list[str]]:
        if "speech-dispatcher" not in excluded:
            try:
                return SpeechDispatcherEngine("en", address=server.address, command_timeout=1.0), []
            except Exception as error:
                return None, [str(error)]
        if fallback is not None and "espeak-ng" not in excluded:
            return fallback(), []
        return None, ["no other engine here"]

    return reopen


def begun(engine: Engine | None) -> threading.Event:
    """An event set when speech-dispatcher begins a text on ``engine``."""
    assert isinstance(engine, SpeechDispatcherEngine)
    began = threading.Event()
    engine.on_event(lambda _id, kind: began.set() if kind == "begin" else None)
    return began


@needs_speechd
def test_a_killed_speech_dispatcher_is_told_once_and_speech_comes_back(
    tmp_path: Path, servers: list[HeadlessSpeechd]
) -> None:
    """The server is killed mid-sentence and no other engine works: one notice, text alone, then speech again.

    The failure is noticed with nothing more said; what is said meanwhile waits, and is spoken,
    after the sentence cut off, once the server is back (tried again after 0.2 and 0.4 seconds here).
    """
    server = start_headless_speechd(tmp_path / "speechd")
    servers.append(server)
    notices: list[tuple[float, SpeechNotice]] = []
    output = SpeechOutput(
        SpeechDispatcherEngine("en", address=server.address),
        notify=lambda notice: notices.append((time.monotonic(), notice)),
        reopen=speechd_opener(server),
        retry_seconds=(0.2, 0.4),
    )
    try:
        began = begun(output.engine)
        output.say(Utterance(LONG, "P2 QH"))
        assert began.wait(5)
        killed = time.monotonic()
        kill_group(server)
        assert until(lambda: len(notices) == 2, 2), notices  # noticed while nothing more is said
        when, failed = notices[1]
        assert (failed.kind, failed.failed, failed.engine, failed.retrying) == (
            "engine-failed",
            "speech-dispatcher",
            None,
            True,
        )
        assert "connection to speech-dispatcher was lost" in failed.reasons[0]
        output.say(Utterance("Player 2 takes 3 cards.", "P2 +3"))  # the game goes on meanwhile
        time.sleep(1.0)  # tries fail, silently
        assert len(notices) == 2

        restarted = time.monotonic()
        server = restart(server)
        servers.append(server)
        assert until(lambda: notices[-1][1].kind == "engine-back", 10), notices
        assert until(lambda: server.queued_texts() == [LONG.strip(), "Player 2 takes 3 cards."], 10), (
            server.queued_texts()
        )
        assert [n.kind for _t, n in notices] == ["engine", "engine-failed", "engine-back"]
        print(
            f"speech-dispatcher killed: told after {when - killed:.2f} s, "
            f"back {notices[-1][0] - restarted:.2f} s after the server started again"
        )
    finally:
        output.close()


@needs_speechd
def test_a_failure_found_while_saying_a_line_never_makes_the_game_wait(
    tmp_path: Path, servers: list[HeadlessSpeechd]
) -> None:
    """The game's next line meets the dead server: the line returns at once, while the engines are tried behind it.

    Opening an engine can take seconds (speech-dispatcher starting, or one that does not answer);
    here every try takes a second and a half.
    """
    server = start_headless_speechd(tmp_path / "speechd")
    servers.append(server)
    tries: list[Sequence[str]] = []

    def slow(excluded: Sequence[str]) -> tuple[Engine | None, list[str]]:
        tries.append(excluded)
        time.sleep(1.5)
        return None, ["it does not answer"]

    notices: list[SpeechNotice] = []
    output = SpeechOutput(SpeechDispatcherEngine("en", address=server.address), notify=notices.append, reopen=slow)
    try:
        kill_group(server)
        started = time.monotonic()
        output.say(Utterance("Player 1 wins.", "P1 wins"))
        output.say(Utterance("Player 2 is out.", "P2 out"))
        assert time.monotonic() - started < 0.3
        assert until(lambda: len(notices) == 2, 10)
        assert tries and notices[1].kind == "engine-failed"
    finally:
        output.close()


@needs_speechd
@needs_espeak
def test_a_killed_speech_dispatcher_hands_over_and_speech_moves_back_when_quiet(
    tmp_path: Path, servers: list[HeadlessSpeechd]
) -> None:
    """With espeak-ng at hand it says the sentence cut off; when the server is back, speech moves back at a pause."""
    server = start_headless_speechd(tmp_path / "speechd")
    servers.append(server)
    notices: list[SpeechNotice] = []
    standins: list[RecordingEspeak] = []

    def espeak() -> Engine:
        standins.append(RecordingEspeak(SOUND_CARD))
        return standins[-1]

    output = SpeechOutput(
        SpeechDispatcherEngine("en", address=server.address),
        notify=notices.append,
        reopen=speechd_opener(server, espeak),
        retry_seconds=(0.2,),
    )
    try:
        began = begun(output.engine)
        output.say(Utterance(LONG, "P2 QH"))
        assert began.wait(5)
        kill_group(server)
        assert until(lambda: len(notices) == 2, 2), notices
        assert (notices[1].failed, notices[1].engine, notices[1].retrying) == ("speech-dispatcher", "espeak-ng", True)
        assert until(lambda: standins and standins[0].process is not None, 5)
        assert standins[0].started == [LONG.strip()]  # the sentence cut off, said again
        process = standins[0].process
        assert process is not None

        server = restart(server)
        servers.append(server)
        time.sleep(1.5)  # the server is back, but espeak-ng is still speaking: it is not cut off
        assert output.engine_name == "espeak-ng" and process.poll() is None
        output.interrupt()  # the player's key: a quiet moment
        assert until(lambda: output.engine_name == "speech-dispatcher", 5)
        output.say(Utterance("Your turn.", "Your turn"))
        assert until(lambda: server.queued_texts() == ["Your turn."], 5), server.queued_texts()
        assert [n.kind for n in notices] == ["engine", "engine-failed", "engine-back"]
    finally:
        output.close()


@needs_speechd
@needs_espeak
def test_a_killed_synthesizer_module_is_noticed_and_nothing_is_lost(
    tmp_path: Path, servers: list[HeadlessSpeechd]
) -> None:
    """speech-dispatcher's espeak-ng module is killed mid-sentence: the server drops the sentence and goes on
    with its silent fallback module. That is noticed at the next text, and both go to espeak-ng, in order."""
    server = start_headless_speechd(tmp_path / "speechd")
    servers.append(server)
    notices: list[SpeechNotice] = []
    standins: list[RecordingEspeak] = []

    def espeak() -> Engine:
        standins.append(RecordingEspeak(FAST_CARD))
        return standins[-1]

    output = SpeechOutput(
        SpeechDispatcherEngine("en", address=server.address),
        notify=notices.append,
        reopen=speechd_opener(server, espeak),
    )
    try:
        began = begun(output.engine)
        output.say(Utterance(LONG, "P2 QH"))
        assert began.wait(5)
        modules = subprocess.run(
            ["pgrep", "-g", str(server.process.pid), "-f", "sd_espeak-ng "], capture_output=True, text=True
        ).stdout.split()
        assert modules, "no espeak-ng module running"
        for pid in modules:
            os.kill(int(pid), signal.SIGKILL)
        output.say(Utterance("Player 2 takes 3 cards.", "P2 +3"))
        assert until(lambda: len(notices) == 2, 5), notices
        notice = notices[1]
        assert (notice.failed, notice.engine, notice.retrying) == ("speech-dispatcher", "espeak-ng", False)
        assert "synthesizer stopped" in notice.reasons[0]
        assert until(lambda: standins and len(standins[0].started) == 2, 10)
        assert standins[0].started == [LONG.strip(), "Player 2 takes 3 cards."]
    finally:
        output.close()


@needs_espeak
def test_a_killed_espeak_ng_process_is_started_again_and_says_the_sentence_again() -> None:
    """The espeak-ng process is killed mid-sentence: espeak-ng is opened again at once, told once, and the
    sentence cut off is said again from its start."""
    notices: list[SpeechNotice] = []
    engines: list[RecordingEspeak] = []

    def reopen(excluded: Sequence[str]) -> tuple[Engine | None, list[str]]:
        if "espeak-ng" in excluded:
            return None, ["only espeak-ng here"]
        engines.append(RecordingEspeak(FAST_CARD))
        return engines[-1], []

    first = EspeakEngine("en", player=SOUND_CARD)
    output = SpeechOutput(first, notify=notices.append, reopen=reopen)
    try:
        output.say(Utterance(LONG, "P2 QH"))
        output.say(Utterance("Player 2 takes 3 cards.", "P2 +3"))
        assert until(lambda: first.process is not None, 5)
        process = first.process
        assert process is not None
        time.sleep(0.3)  # speaking
        killed = time.monotonic()
        process.kill()
        assert until(lambda: len(notices) == 2, 2), notices
        told = time.monotonic() - killed
        notice = notices[1]
        assert (notice.kind, notice.failed, notice.engine, notice.retrying) == (
            "engine-failed",
            "espeak-ng",
            "espeak-ng",
            False,
        )
        assert "signal 9" in notice.reasons[0]
        assert until(lambda: engines and len(engines[0].started) == 2, 10)
        assert engines[0].started == [LONG.strip(), "Player 2 takes 3 cards."]
        print(f"espeak-ng killed: told and speaking again after {told:.2f} s")
    finally:
        output.close()


def _private_speechd_home(folder: Path) -> dict[str, str]:
    """Where a program started here autospawns its own speech-dispatcher: a home with the headless settings."""
    home = folder / "home"
    config = home / ".config" / "speech-dispatcher"
    shutil.copytree(SYSTEM_CONFIG, config)
    conf = config / "speechd.conf"
    text = conf.read_text(encoding="utf-8")
    text = re.sub(r"^\s*#?\s*(AudioOutputMethod|LogLevel|LogDir)\s.*$", "", text, flags=re.M)
    log = folder / "log"
    log.mkdir()
    conf.write_text(text + f'\nAudioOutputMethod "libao"\nLogLevel 5\nLogDir "{log}"\n', encoding="utf-8")
    (home / ".libao").write_text("default_driver=null\n", encoding="utf-8")
    run = folder / "run"
    run.mkdir(mode=0o700)
    return {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_RUNTIME_DIR": str(run),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "ACCESSIBLE_CARDS_SPEECH": "self",
    }


def _server_pid(folder: Path) -> int | None:
    """The pid of the speech-dispatcher running for that home, from its pid file; None when there is none."""
    pid_file = folder / "run" / "speech-dispatcher" / "pid" / "speech-dispatcher.pid"
    try:
        pid = int(pid_file.read_text().strip())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


def _queued(folder: Path, text: str) -> int:
    """How often the servers of that home queued a text that starts with ``text`` (their shared log says)."""
    path = folder / "log" / "speech-dispatcher.log"
    log = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
    return log.count(f"Queueing message |{text}")


@needs_speechd
def test_the_program_goes_on_when_speech_dispatcher_is_killed_and_it_starts_again(
    tmp_path: Path, players: list[Player], config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the program: speech-dispatcher killed while the help is being spoken; one line says so.

    The program starts speech-dispatcher again at once (as desktop programs do), speaks the help
    again, and every later line; the game goes on.
    """
    folder = tmp_path / "speech"
    folder.mkdir()
    env = _private_speechd_home(folder)
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)  # the program finds (and starts) its own server
    player = Player(["play", "war", "--seed", "3", "--pause", "0", "--lang", "en"], config, env=env)
    players.append(player)
    killed_pids: list[int] = []
    try:
        player.wait_for("Speech: the game speaks with speech-dispatcher.")
        player.wait_for("Press Enter")
        first = _server_pid(folder)
        assert first is not None
        player.new_lines()
        player.press("?")
        assert until(lambda: _queued(folder, "Keys for this moment") == 1, 5)
        os.killpg(first, signal.SIGKILL)  # the server and its modules, while the help is being synthesized
        killed_pids.append(first)
        killed = time.monotonic()
        told = player.wait_for("^Speech: speech-dispatcher stopped")
        assert told == "Speech: speech-dispatcher stopped and has started again."
        took = time.monotonic() - killed
        second = _server_pid(folder)
        assert second is not None and second != first
        assert until(lambda: _queued(folder, "Keys for this moment") == 2, 10)  # the help, said again
        player.press("enter")
        played = player.wait_for("wins with")
        assert until(lambda: _queued(folder, played) == 1, 10)  # and the game's lines after it
        said = player.said()
        assert sum(line.startswith("Speech: speech-dispatcher stopped") for line in said) == 1, said
        print(f"program: told and speaking again {took:.2f} s after the kill")
    finally:
        player.close()
        for pid in {_server_pid(folder), *killed_pids}:
            if pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGKILL)


def _keys_answered(output: SpeechOutput, seconds: float) -> list[float]:
    """Press a key every 20 ms for ``seconds`` (interrupt, then the key's line): how long each took."""
    took = []
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        n += 1
        start = time.monotonic()
        output.interrupt()
        output.say(Utterance(f"Key {n}. {LONG[:200]}", f"key {n}"))
        took.append(time.monotonic() - start)
        time.sleep(0.02)
    return took


@needs_speechd
@pytest.mark.parametrize("how", ["kill", "stop"])
def test_keys_are_answered_within_100_ms_while_speech_dispatcher_dies_mid_sentence(
    tmp_path: Path, servers: list[HeadlessSpeechd], how: str
) -> None:
    """Issue 19: the server is killed (or stopped, so it never answers) mid-sentence, four times in a row.

    Keys keep coming every 20 ms all the while, and each is answered within 100 ms: no key waits
    for the server, for its answer, or for the engine being opened again (which restarts the server).
    """
    server = start_headless_speechd(tmp_path / "speechd")
    servers.append(server)

    def reopen(excluded: Sequence[str]) -> tuple[Engine | None, list[str]]:
        if "speech-dispatcher" in excluded:
            return None, ["no other engine here"]
        current = servers[-1]
        if current.process.poll() is not None:
            servers.append(restart(current))
        try:
            return SpeechDispatcherEngine("en", address=servers[-1].address, command_timeout=1.0), []
        except Exception as error:
            return None, [str(error)]

    notices: list[SpeechNotice] = []
    first = SpeechDispatcherEngine("en", address=server.address, command_timeout=1.0)
    output = SpeechOutput(first, notify=notices.append, reopen=reopen, retry_seconds=(0.2,))
    slowest: list[float] = []
    try:
        for _round in range(4):
            assert until(lambda: output.engine is not None, 15)
            began = begun(output.engine)
            output.say(Utterance(LONG, "long"))
            assert began.wait(10), f"round {_round}: no text began"
            victim = servers[-1]
            if how == "stop":
                os.killpg(victim.process.pid, signal.SIGSTOP)  # it hangs: it never answers again
            else:
                kill_group(victim)
            slowest.append(max(_keys_answered(output, 1.5)))
            if how == "stop":
                kill_group(victim)
            slowest.append(max(_keys_answered(output, 1.5)))
        assert max(slowest) < 0.1, f"slowest key per spell: {[f'{s * 1000:.0f} ms' for s in slowest]}"
        assert any(n.kind == "engine-failed" for n in notices)
    finally:
        output.close()
