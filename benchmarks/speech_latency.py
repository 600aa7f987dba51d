"""Speech latency per engine on this machine: utterance to start of speech, and interrupt to silence.

Run: ``.venv/bin/python benchmarks/speech_latency.py [--runs N]``

- espeak-ng: from starting ``espeak-ng --stdout`` to its first audio bytes;
  interrupt: from ``EspeakEngine.stop()`` until the espeak-ng process is gone
  (it writes into a player that does not read, so it is still "playing").
- speech-dispatcher (a private headless server, libao null output): from
  ``speak()`` to the BEGIN event; interrupt: from ``stop()`` (CANCEL) to the
  CANCEL event of the text playing.
- pyttsx3: from ``speak()`` to its "started-utterance" callback, and to the
  start of playback (the whole text is synthesized first); interrupt:
  from ``stop()`` until its worker is idle. pyttsx3 cannot be stopped while
  it synthesizes (nothing is audible then); playback through ``aplay`` ends
  as soon as the process does.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from accessible_cards.speech.engines import EspeakEngine, Pyttsx3Engine, SpeechDispatcherEngine
from accessible_cards.speech.headless import start_headless_speechd

TEXT = "Player 2 plays the queen of spades and takes two cards."
LONG = "This is a long announcement that keeps the synthesizer busy for a while. " * 20


def figures(name: str, samples: list[float]) -> str:
    """One line: median and maximum in milliseconds."""
    ms = [s * 1000 for s in samples]
    return f"{name:<48} median {statistics.median(ms):7.1f} ms   max {max(ms):7.1f} ms   (n={len(ms)})"


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Poll ``condition`` until true; raise TimeoutError after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the engine did not answer")
        time.sleep(0.0005)


def seen(events: dict[int, float], msg_id: int) -> Callable[[], bool]:
    """A condition: the event for ``msg_id`` has arrived."""
    return lambda: msg_id in events


def espeak_first_audio(runs: int) -> list[float]:
    """Time from starting espeak-ng --stdout to its first audio bytes."""
    engine = EspeakEngine("en")
    samples = []
    try:
        for _ in range(runs):
            start = time.monotonic()
            process = subprocess.Popen(
                engine.command(TEXT, to_stdout=True), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
            )
            assert process.stdout is not None
            process.stdout.read(1)
            samples.append(time.monotonic() - start)
            process.stdout.read()
            process.wait()
    finally:
        engine.close()
    return samples


def espeak_interrupt(runs: int) -> list[float]:
    """Time from stop() until the espeak-ng process is gone."""
    engine = EspeakEngine("en", player=["sleep", "30"])
    samples = []
    try:
        for _ in range(runs):
            engine.speak(LONG)
            wait_until(lambda: engine.process is not None)
            process = engine.process
            assert process is not None
            time.sleep(0.05)
            start = time.monotonic()
            engine.stop()
            process.wait()
            samples.append(time.monotonic() - start)
            wait_until(lambda: not engine.is_speaking)
    finally:
        engine.close()
    return samples


def speechd_figures(runs: int) -> tuple[list[float], list[float]]:
    """Time from speak() to BEGIN, and from stop() to the CANCEL of the text playing."""
    with tempfile.TemporaryDirectory() as folder:
        server = start_headless_speechd(Path(folder))
        try:
            engine = SpeechDispatcherEngine("en", address=server.address)
            began: dict[int, float] = {}
            ended: dict[int, float] = {}
            lock = threading.Lock()

            def on_event(msg_id: int, kind: str) -> None:
                with lock:
                    if kind == "begin":
                        began[msg_id] = time.monotonic()
                    elif kind in ("end", "cancel"):
                        ended[msg_id] = time.monotonic()

            engine.on_event(on_event)
            to_begin, to_cancel = [], []
            for _ in range(runs):
                start = time.monotonic()
                first = engine.speak_id(TEXT)
                assert first is not None
                wait_until(seen(began, first))
                to_begin.append(began[first] - start)
                wait_until(seen(ended, first))
            for _ in range(runs):
                ids = [engine.speak_id(f"Message {n}. {TEXT}") for n in range(10)]
                playing = ids[0]
                assert playing is not None
                wait_until(seen(began, playing))
                start = time.monotonic()
                engine.stop()
                wait_until(seen(ended, playing))
                to_cancel.append(ended[playing] - start)
                time.sleep(0.05)
            engine.close()
        finally:
            server.stop()
    return to_begin, to_cancel


def pyttsx3_figures(runs: int) -> tuple[list[float], list[float], list[float]]:
    """Time from speak() to started-utterance and to playback, and from stop() until its worker is idle."""
    engine = Pyttsx3Engine("en")
    started = threading.Event()
    engine.on_started(lambda: stamp(started))
    playing = threading.Event()
    engine.on_playing(lambda: stamp(playing))
    stamps: dict[threading.Event, float] = {}

    def stamp(event: threading.Event) -> None:
        stamps[event] = time.monotonic()
        event.set()

    to_start, to_play, to_idle = [], [], []
    try:
        for _ in range(runs):
            started.clear()
            playing.clear()
            start = time.monotonic()
            engine.speak(TEXT)
            started.wait(10)
            playing.wait(10)
            to_start.append(stamps[started] - start)
            to_play.append(stamps[playing] - start)
            wait_until(lambda: not engine.is_speaking)
        for _ in range(runs):
            started.clear()
            engine.speak(LONG)
            started.wait(10)
            start = time.monotonic()
            engine.stop()
            wait_until(lambda: not engine.is_speaking)
            to_idle.append(time.monotonic() - start)
    finally:
        engine.close()
    return to_start, to_play, to_idle


def main(argv: list[str] | None = None) -> int:
    """Measure every engine and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=20, help="measurements per figure (default 20)")
    args = parser.parse_args(argv)
    runs = max(1, args.runs)
    print(f"command: {Path(sys.executable).name} benchmarks/speech_latency.py --runs {runs}")
    print(figures("espeak-ng: utterance -> first audio bytes", espeak_first_audio(runs)))
    print(figures("espeak-ng: stop() -> process gone", espeak_interrupt(runs)))
    begin, cancel = speechd_figures(runs)
    print(figures("speech-dispatcher: speak() -> BEGIN", begin))
    print(figures("speech-dispatcher: stop() -> CANCEL", cancel))
    start, play, idle = pyttsx3_figures(runs)
    print(figures("pyttsx3: speak() -> started-utterance", start))
    print(figures("pyttsx3: speak() -> playback starts (aplay)", play))
    print(figures("pyttsx3: stop() -> worker idle (long text)", idle))
    return 0


if __name__ == "__main__":
    sys.exit(main())
