"""Speech engines against the real synthesizers (issue 5): WAV files that hold sound, fast stops, no stray output."""

from __future__ import annotations

import array
import math
import os
import shutil
import time
import wave
from pathlib import Path

import pytest

from accessible_cards.speech.cli import save_wav
from accessible_cards.speech.engines import EspeakEngine, Pyttsx3Engine, open_engine

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")

SENTENCES = {
    "en": "You play the seven of hearts. Player 2 plays the queen of spades and takes two cards.",
    "de": "Du spielst die Herz Sieben. Spieler 2 spielt die Pik Dame und nimmt zwei Karten.",
}


def wav_figures(path: Path) -> tuple[float, float, int]:
    """(seconds, RMS, peak) of a 16-bit mono WAV file."""
    with wave.open(str(path), "rb") as wav:
        assert wav.getsampwidth() == 2
        assert wav.getnchannels() == 1
        frames = wav.readframes(wav.getnframes())
        seconds = wav.getnframes() / wav.getframerate()
    samples = array.array("h", frames)
    if not samples:
        return seconds, 0.0, 0
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    return seconds, rms, max(abs(s) for s in samples)


@needs_espeak
@pytest.mark.parametrize("lang", ["en", "de"])
def test_pyttsx3_with_espeak_ng_writes_a_wav_that_holds_sound(
    lang: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """pyttsx3 with eSpeak NG writes a WAV for an English and a German announcement: > 0.5 s and not silent."""
    path = tmp_path / f"{lang}.wav"
    assert save_wav(SENTENCES[lang], str(path), lang, "pyttsx3") == "pyttsx3"
    seconds, rms, peak = wav_figures(path)
    assert seconds > 0.5
    assert rms > 300
    assert peak > 3000
    out, err = capfd.readouterr()
    assert out == "" and err == ""  # no "Audio saved to ..." on the terminal


@needs_espeak
def test_the_german_voice_differs_from_the_english_one(tmp_path: Path) -> None:
    """The voice follows the game language: the same words in the German voice give other sound."""
    text = "Sieben Karten"
    save_wav(text, str(tmp_path / "en.wav"), "en", "pyttsx3")
    save_wav(text, str(tmp_path / "de.wav"), "de", "pyttsx3")
    assert (tmp_path / "en.wav").read_bytes() != (tmp_path / "de.wav").read_bytes()


@needs_espeak
def test_espeak_ng_writes_a_wav_that_holds_sound(tmp_path: Path) -> None:
    """The espeak-ng fallback of ``speak --save`` (espeak-ng -w) writes sound too."""
    path = tmp_path / "de.wav"
    assert save_wav(SENTENCES["de"], str(path), "de", "espeak-ng") == "espeak-ng"
    seconds, rms, _peak = wav_figures(path)
    assert seconds > 0.5 and rms > 300


@needs_espeak
def test_espeak_ng_stops_within_100_ms() -> None:
    """Interruption against espeak-ng: from stop() until its process is gone takes less than 100 ms.

    Without a sound card espeak-ng cannot play by itself, so it writes into a
    player that does not read: it stays alive, blocked, as if playing.
    """
    engine = EspeakEngine("en", player=["sleep", "30"])
    try:
        engine.speak("This is a long announcement that keeps the synthesizer busy. " * 30)
        engine.speak("This one is queued and must be dropped.")
        deadline = time.monotonic() + 5
        while engine.process is None and time.monotonic() < deadline:
            time.sleep(0.005)
        process = engine.process
        assert process is not None
        time.sleep(0.2)
        assert process.poll() is None
        start = time.monotonic()
        engine.stop()
        process.wait(timeout=1)
        elapsed = time.monotonic() - start
        assert elapsed < 0.1, f"espeak-ng took {elapsed * 1000:.0f} ms to stop"
        time.sleep(0.05)
        assert not engine.is_speaking  # the queued text was dropped
    finally:
        engine.close()


@needs_espeak
def test_an_urgent_text_cuts_off_espeak_ng() -> None:
    """An urgent utterance ends what is playing at once and is spoken next."""
    engine = EspeakEngine("en", player=["sleep", "30"])
    try:
        engine.speak("A long text. " * 100)
        deadline = time.monotonic() + 5
        while engine.process is None and time.monotonic() < deadline:
            time.sleep(0.005)
        first = engine.process
        assert first is not None
        engine.speak("War!", urgent=True)
        first.wait(timeout=1)
        deadline = time.monotonic() + 5
        while (engine.process is None or engine.process is first) and time.monotonic() < deadline:
            time.sleep(0.005)
        second = engine.process
        assert second is not None and second is not first
        assert list(second.args)[-1] == "War!"  # type: ignore[arg-type]
    finally:
        engine.close()


@needs_espeak
def test_engines_never_write_to_the_terminal(capfd: pytest.CaptureFixture[str]) -> None:
    """Speaking through pyttsx3 (aplay fails with ALSA errors here) and espeak-ng leaves fd 1 and 2 clean."""
    engine = Pyttsx3Engine("en")
    try:
        engine.speak("One.")
        engine.speak("Two.")
        assert engine.wait_until_done(20)
    finally:
        engine.close()
    espeak = EspeakEngine("de")
    try:
        espeak.speak("Drei.")
        assert espeak.wait_until_done(10)
    finally:
        espeak.close()
    out, err = capfd.readouterr()
    assert out == ""
    assert err == ""


@needs_espeak
def test_pyttsx3_stop_drops_the_queue() -> None:
    """Only the newest text matters: stop() drops what pyttsx3 has not yet begun."""
    engine = Pyttsx3Engine("en")
    try:
        for n in range(5):
            engine.speak(f"Announcement {n}.")
        engine.stop()
        assert engine.wait_until_done(10)
        assert not engine.is_speaking
    finally:
        engine.close()


def test_no_engine_at_all_gives_reasons_in_plain_words(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No espeak-ng on PATH, a speech-dispatcher address where none listens, pyttsx3 failing: none, with reasons."""
    monkeypatch.setenv("PATH", str(tmp_path))
    engine, reasons = open_engine(
        None,
        "en",
        speechd_address=f"unix_socket:{tmp_path / 'nobody.sock'}",
        pyttsx3_driver="no_such_driver",
    )
    assert engine is None
    assert [r.split(":", 1)[0] for r in reasons] == ["speech-dispatcher", "pyttsx3", "espeak-ng"]
    assert "not running" in reasons[0]
    assert "pyttsx3 could not start" in reasons[1]
    assert reasons[2] == "espeak-ng: the program espeak-ng is not installed"


def test_an_unknown_engine_name_is_refused() -> None:
    engine, reasons = open_engine("festival", "en")
    assert engine is None
    assert "no speech engine of that name" in reasons[0]


@needs_espeak
def test_espeak_ng_failing_to_start_hands_back_the_text(tmp_path: Path) -> None:
    """An engine whose program vanishes mid-game reports once, with the text it did not speak."""
    fake = tmp_path / "espeak-ng"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    failures: list[tuple[str, list[str]]] = []
    engine = EspeakEngine("en", lambda reason, texts: failures.append((reason, texts)), executable=str(fake))
    try:
        os.remove(fake)
        engine.speak("Player 1 wins.")
        deadline = time.monotonic() + 5
        while not failures and time.monotonic() < deadline:
            time.sleep(0.01)
        assert failures == [(failures[0][0], ["Player 1 wins."])]
        assert "could not be started" in failures[0][0]
        engine.speak("Never spoken.")
        time.sleep(0.05)
        assert len(failures) == 1
    finally:
        engine.close()
