"""The system voice is cut off by a key on every system: pyttsx3's sound goes through a player that stops at once.

Linux plays with ``aplay``, macOS with ``afplay``, Windows with the standard
library's ``winsound``. ``afplay`` and ``winsound`` do not exist here, so
``afplay`` is played by a stand-in program and ``winsound`` by a stand-in
module with its calls (``PlaySound(path, SND_FILENAME | SND_ASYNC |
SND_NODEFAULT)``, ``PlaySound(None, 0)`` to stop); the timing is real.
"""

from __future__ import annotations

import sys
import threading
import time
import types
import wave
from pathlib import Path
from typing import Any

import pytest

from accessible_cards.speech.pyttsx3_engine import CommandPlayer, WinsoundPlayer, player_for


def write_wav(path: Path, seconds: float, rate: int = 8000) -> Path:
    with wave.open(str(path), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(2)
        sound.setframerate(rate)
        sound.writeframes(b"\0\0" * int(seconds * rate))
    return path


class FakeWinsound(types.ModuleType):
    SND_FILENAME = 0x20000
    SND_ASYNC = 0x1
    SND_NODEFAULT = 0x2

    def __init__(self) -> None:
        super().__init__("winsound")
        self.calls: list[tuple[Any, int]] = []

    def PlaySound(self, sound: Any, flags: int) -> None:
        self.calls.append((sound, flags))


def test_each_system_has_its_player(monkeypatch: pytest.MonkeyPatch) -> None:
    found = {"aplay": "/usr/bin/aplay", "afplay": "/usr/bin/afplay"}
    linux = player_for("linux", which=found.get)
    mac = player_for("darwin", which=found.get)
    assert isinstance(linux, CommandPlayer) and linux.command == ["/usr/bin/aplay", "-q"]
    assert isinstance(mac, CommandPlayer) and mac.command == ["/usr/bin/afplay"]
    assert player_for("darwin", which=lambda name: None) is None, "no player: pyttsx3 plays by itself"
    monkeypatch.setitem(sys.modules, "winsound", FakeWinsound())
    assert isinstance(player_for("win32"), WinsoundPlayer)
    monkeypatch.setitem(sys.modules, "winsound", None)
    assert player_for("win32") is None


def test_a_player_program_is_cut_off_at_once(tmp_path: Path) -> None:
    """``sleep 5`` stands in for ``afplay FILE``: cut after 50 ms, playing ends within 150 ms and says nothing."""
    player = CommandPlayer(["sleep"])
    result: list[str | None] = []
    key = threading.Event()
    thread = threading.Thread(target=lambda: result.append(player.play("5", key.is_set)))
    started = time.monotonic()
    thread.start()
    time.sleep(0.05)
    key.set()
    player.cut()
    thread.join(2.0)
    assert not thread.is_alive() and time.monotonic() - started < 0.5
    assert result == [None], "a sound cut off by a key is no failure"


def test_a_player_program_that_fails_says_why(tmp_path: Path) -> None:
    player = CommandPlayer(["false"])
    assert player.play(str(tmp_path / "x.wav"), lambda: False) == "false could not play the sound (exit status 1)"


def test_winsound_plays_for_as_long_as_the_sound_lasts(tmp_path: Path) -> None:
    winsound = FakeWinsound()
    player = WinsoundPlayer(winsound)
    path = write_wav(tmp_path / "a.wav", 0.3)
    started = time.monotonic()
    assert player.play(str(path), lambda: False) is None
    elapsed = time.monotonic() - started
    assert 0.28 <= elapsed < 0.6, elapsed
    assert winsound.calls == [(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT)]


def test_winsound_is_purged_when_a_key_cuts_it_off(tmp_path: Path) -> None:
    winsound = FakeWinsound()
    player = WinsoundPlayer(winsound)
    path = write_wav(tmp_path / "long.wav", 5.0)
    thread = threading.Thread(target=player.play, args=(str(path), lambda: False))
    started = time.monotonic()
    thread.start()
    time.sleep(0.05)
    player.cut()
    thread.join(2.0)
    assert not thread.is_alive() and time.monotonic() - started < 0.3
    assert winsound.calls[-1] == (None, 0), "PlaySound(None, 0) stops what plays"


def test_winsound_says_why_a_file_cannot_be_played(tmp_path: Path) -> None:
    broken = tmp_path / "broken.wav"
    broken.write_bytes(b"not a sound")
    problem = WinsoundPlayer(FakeWinsound()).play(str(broken), lambda: False)
    assert problem is not None and problem.startswith("the sound file could not be read")
