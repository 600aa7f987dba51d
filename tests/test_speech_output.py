"""SpeechOutput and the speak / doctor commands (issue 5): text alone without an engine, rate keys, real WAVs."""

from __future__ import annotations

import argparse
import io
import shutil
import time
from pathlib import Path

import pytest

from accessible_cards.outputs import Output
from accessible_cards.speech import cli as speech_cli
from accessible_cards.speech.base import Engine
from accessible_cards.speech.cli import Check, add_speak_parser, run_speak, speech_report
from accessible_cards.speech.engines import DEFAULT_RATE, MAX_RATE, MIN_RATE, EspeakEngine, open_engine
from accessible_cards.speech.headless import start_headless_speechd
from accessible_cards.speech.output import RATE_STEP, SpeechNotice, SpeechOutput
from accessible_cards.utterance import Utterance

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


def test_text_alone_without_any_engine(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """No engine exists: the output says once that there is no voice, then takes every call silently."""
    monkeypatch.setenv("PATH", str(tmp_path))
    engine, reasons = open_engine(
        None, "en", speechd_address=f"unix_socket:{tmp_path / 'none.sock'}", pyttsx3_driver="no_such_driver"
    )
    notices: list[SpeechNotice] = []
    output = SpeechOutput(engine, notify=notices.append, reasons=reasons)
    speaker: Output = output
    for n in range(3):
        speaker.say(Utterance(f"Player 1 takes {n} cards.", f"P1 +{n}", urgent=n == 1))
        speaker.interrupt()
    assert output.faster() == DEFAULT_RATE + RATE_STEP
    speaker.close()
    assert output.engine_name is None
    assert [n.kind for n in notices] == ["no-voice"]
    assert len(notices[0].reasons) == 3
    assert notices[0].english() == "No speech engine works; the game goes on with text only."
    assert capfd.readouterr() == ("", "")


@needs_espeak
def test_rate_keys_change_the_engine_rate_within_bounds() -> None:
    engine = EspeakEngine("de")
    output = SpeechOutput(engine, rate=DEFAULT_RATE)
    try:
        assert output.faster() == DEFAULT_RATE + RATE_STEP
        assert engine.rate == DEFAULT_RATE + RATE_STEP
        assert "-s" in engine.command("x") and str(DEFAULT_RATE + RATE_STEP) in engine.command("x")
        for _ in range(40):
            output.slower()
        assert output.rate == engine.rate == MIN_RATE
        for _ in range(40):
            output.faster()
        assert output.rate == MAX_RATE
        assert engine.command("x")[:3] == [engine.executable, "-v", "de"]
    finally:
        output.close()


@needs_espeak
def test_interrupt_silences_and_drops_the_queue() -> None:
    """The UI calls interrupt() on every key press: the playing text ends and the queued ones are dropped."""
    engine = EspeakEngine("en", player=["sleep", "30"])
    output = SpeechOutput(engine)
    try:
        output.say(Utterance("A long text. " * 100, "long"))
        output.say(Utterance("Queued.", "q"))
        deadline = time.monotonic() + 5
        while engine.process is None and time.monotonic() < deadline:
            time.sleep(0.005)
        process = engine.process
        assert process is not None
        output.interrupt()
        assert process.wait(timeout=0.1) is not None
        time.sleep(0.05)
        assert not engine.is_speaking
    finally:
        output.close()
    assert engine.process is None


def test_speak_subcommand_parses_and_rejects_empty_text() -> None:
    parser = argparse.ArgumentParser()
    add_speak_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["speak", "  ", "--engine", "espeak-ng", "--lang", "de"])
    assert (args.engine, args.lang, args.save, args.func) == ("espeak-ng", "de", None, run_speak)
    err = io.StringIO()
    assert run_speak(args, stderr=err) == 1
    assert err.getvalue() == "speak: there is nothing to say (TEXT is empty)\n"


@needs_espeak
def test_speak_save_writes_a_wav(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    add_speak_parser(parser.add_subparsers(dest="command"))
    path = tmp_path / "check.wav"
    out = io.StringIO()
    assert run_speak(parser.parse_args(["speak", "Hallo", "--lang", "de", "--save", str(path)]), stdout=out) == 0
    assert out.getvalue() == f"Wrote {path} with pyttsx3.\n"
    assert path.stat().st_size > 1000


def test_speak_save_with_speech_dispatcher_is_refused_in_one_line(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    add_speak_parser(parser.add_subparsers(dest="command"))
    err = io.StringIO()
    args = parser.parse_args(["speak", "Hi", "--engine", "speech-dispatcher", "--save", str(tmp_path / "x.wav")])
    assert run_speak(args, stderr=err) == 1
    assert err.getvalue().count("\n") == 1 and "cannot write WAV files" in err.getvalue()
    args = parser.parse_args(["speak", "Hi", "--save", str(tmp_path / "missing" / "x.wav")])
    err = io.StringIO()
    assert run_speak(args, stderr=err) == 1
    assert "does not exist" in err.getvalue()


@needs_espeak
def test_speak_aloud_with_espeak_ng(capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(speech_cli, "sound_cards", lambda: [" 0 [Card   ]: a sound card"])
    parser = argparse.ArgumentParser()
    add_speak_parser(parser.add_subparsers(dest="command"))
    assert run_speak(parser.parse_args(["speak", "Hello", "--engine", "espeak-ng"])) == 0
    assert capfd.readouterr() == ("Spoke with espeak-ng.\n", "")


def test_speak_with_no_engine_says_why(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    parser = argparse.ArgumentParser()
    add_speak_parser(parser.add_subparsers(dest="command"))
    err = io.StringIO()
    assert run_speak(parser.parse_args(["speak", "Hello", "--engine", "espeak-ng"]), stderr=err) == 1
    assert err.getvalue() == "speak: no speech engine works: espeak-ng: the program espeak-ng is not installed\n"


def test_speech_report_lists_every_engine_with_reason_and_fix(tmp_path: Path) -> None:
    checks = speech_report("en", {"SPEECHD_ADDRESS": f"unix_socket:{tmp_path / 'none.sock'}"})
    assert [c.component for c in checks] == [
        "speech: speech-dispatcher",
        "speech: pyttsx3",
        "speech: espeak-ng",
        "speech: sound card",
        "speech: screen reader",
    ]
    speechd = checks[0]
    assert isinstance(speechd, Check)
    component, working, reason, fix = speechd
    assert component == "speech: speech-dispatcher"
    assert not working and "not running" in reason and "apt install" in fix
    if shutil.which("espeak-ng"):
        assert checks[2].working and checks[2].fix == ""


@pytest.mark.skipif(shutil.which("speech-dispatcher") is None, reason="speech-dispatcher is not installed")
@pytest.mark.filterwarnings("ignore:Exception in thread SSIP client communication thread")
def test_speech_report_says_a_word_through_speech_dispatcher(tmp_path: Path) -> None:
    """doctor sees a working speech-dispatcher by having it say one word to its end.

    (A server that takes texts but never ends them is tested in test_speech_speechd.py: with ALSA
    and no sound card the server itself sometimes reports the end of so short a word, so doctor's
    one-word check cannot be relied on to see it.)
    """
    working = start_headless_speechd(tmp_path / "working")
    try:
        good = speech_report("en", {"SPEECHD_ADDRESS": working.address})[0]
        assert good.working and "spoke a word" in good.reason, good
        assert working.queued_texts() == ["Check."]
    finally:
        working.stop()


@needs_espeak
def test_speak_with_no_sound_card_does_not_claim_it_spoke(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: with no sound card nothing reaches a device; speak says so, as doctor does, and fails."""
    monkeypatch.setattr(speech_cli, "sound_cards", list)
    parser = argparse.ArgumentParser()
    add_speak_parser(parser.add_subparsers(dest="command"))
    assert run_speak(parser.parse_args(["speak", "Hello", "--engine", "espeak-ng"])) == 1
    out, err = capfd.readouterr()
    assert "Spoke with" not in out + err
    assert "no sound reached a device: no sound card found" in err and err.count("\n") == 1


class _Taking(Engine):
    """An engine that records what it takes; once failed it takes nothing, as every engine does."""

    name = "espeak-ng"

    def __init__(self) -> None:
        super().__init__("en")
        self.taken: list[str] = []

    def speak(self, text: str, urgent: bool = False) -> bool:
        if self.failure is not None:
            return False
        self.taken.append(text)
        return True

    def stop(self) -> None:
        """Nothing plays."""


def test_a_text_said_while_the_engine_dies_before_it_reports_is_spoken_by_the_next_engine() -> None:
    """The engine has failed and not yet told the output: the text waits, and follows the ones the engine lost."""
    dying, next_engine = _Taking(), _Taking()
    output = SpeechOutput(dying, reopen=lambda excluded: (next_engine, []))
    output.say(Utterance("Player 2 is out.", "P2 out"))
    dying.failure = "the connection was lost"  # failed; its report (on_failure) comes a moment later
    output.say(Utterance("Player 1 wins.", "P1 wins"))
    assert dying.on_failure is not None
    dying.on_failure("the connection was lost", ["Player 2 is out."])
    deadline = time.monotonic() + 5
    while next_engine.taken != ["Player 2 is out.", "Player 1 wins."] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert next_engine.taken == ["Player 2 is out.", "Player 1 wins."]
    output.close()
