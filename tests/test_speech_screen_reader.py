"""Speech through the screen reader on Windows and macOS, tested with stand-ins for cytolk and accessible_output2.

Neither library runs here (Tolk needs Windows and its screen readers'
DLLs, accessible_output2's VoiceOver needs macOS and AppleScript), so each
is replaced by a small module with the same calls, as their documentation
gives them (cytolk 0.1.13: ``tolk.load``, ``detect_screen_reader``,
``has_speech``, ``speak(text, interrupt)``, ``silence``, ``is_speaking``,
``unload``, ``try_sapi``; accessible_output2 0.17: ``outputs.auto.Auto().outputs``,
each with ``is_active``, ``is_system_output``, ``speak(text, interrupt=)``,
``silence``). The tests check what a player notices: which voice speaks,
that a key cuts it off, that + and - say where the rate is set, and that
nothing said is lost when the screen reader goes away.
"""

from __future__ import annotations

import io
import types
from pathlib import Path
from typing import Any

import pytest

from accessible_cards import settings as settings_file
from accessible_cards.outputs import READERS_RATE, RecordingOutput
from accessible_cards.speech.base import ENGINE_NAMES, Engine, EngineError
from accessible_cards.speech.engines import engine_order, open_engine
from accessible_cards.speech.output import SpeechNotice, SpeechOutput
from accessible_cards.speech.screen_reader import ScreenReaderEngine, open_bridge, reader_name
from accessible_cards.ui.app import App
from accessible_cards.ui.terminal import Terminal
from accessible_cards.utterance import Utterance


class FakeTolk(types.ModuleType):
    """cytolk.tolk with a screen reader that records what it is given."""

    def __init__(self, reader: str | None = "NVDA", takes: bool = True) -> None:
        super().__init__("cytolk.tolk")
        self.reader = reader
        self.takes = takes
        self.loaded = False
        self.sapi: bool | None = None
        self.calls: list[tuple[Any, ...]] = []

    def try_sapi(self, value: bool) -> None:
        self.sapi = value

    def load(self, extended: bool = True) -> None:
        self.loaded = True

    def unload(self) -> None:
        self.loaded = False
        self.calls.append(("unload",))

    def detect_screen_reader(self) -> str | None:
        assert self.loaded, "cytolk raises when a function is called before load()"
        return self.reader

    def has_speech(self) -> bool:
        return True

    def speak(self, text: str, interrupt: bool = False) -> bool:
        assert self.loaded
        self.calls.append(("speak", text, interrupt))
        return self.takes

    def silence(self) -> bool:
        self.calls.append(("silence",))
        return True

    def is_speaking(self) -> bool:
        return any(call[0] == "speak" for call in self.calls[-1:])


def install_tolk(monkeypatch: pytest.MonkeyPatch, tolk: FakeTolk) -> None:
    package = types.ModuleType("cytolk")
    package.tolk = tolk  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, "cytolk", package)
    monkeypatch.setitem(__import__("sys").modules, "cytolk.tolk", tolk)


class FakeOutput:
    def __init__(self, name: str, active: bool, system: bool = False) -> None:
        self.name, self.active, self.system = name, active, system
        self.calls: list[tuple[Any, ...]] = []

    def is_active(self) -> bool:
        return self.active

    def is_system_output(self) -> bool:
        return self.system

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append(("speak", text, interrupt))

    def silence(self) -> None:
        self.calls.append(("silence",))


def install_ao2(monkeypatch: pytest.MonkeyPatch, outputs: list[FakeOutput]) -> None:
    auto = types.ModuleType("accessible_output2.outputs.auto")

    class Auto:
        def __init__(self) -> None:
            self.outputs = outputs

    auto.Auto = Auto  # type: ignore[attr-defined]
    modules = __import__("sys").modules
    for name in ("accessible_output2", "accessible_output2.outputs"):
        monkeypatch.setitem(modules, name, types.ModuleType(name))
    monkeypatch.setitem(modules, "accessible_output2.outputs.auto", auto)


def hide(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """The library is not installed (None in sys.modules makes its import fail)."""
    for name in names:
        monkeypatch.setitem(__import__("sys").modules, name, None)


class Recorder(Engine):
    """The system voice's stand-in: records what it is asked to say."""

    name = "pyttsx3"

    def __init__(self) -> None:
        super().__init__("en")
        self.said: list[tuple[str, bool]] = []

    def speak(self, text: str, urgent: bool = False) -> None:
        self.said.append((text, urgent))


def say(text: str, urgent: bool = False) -> Utterance:
    return Utterance(text, text, urgent=urgent)


# --- which voice speaks -------------------------------------------------------------------------------


def test_the_order_of_voices_on_each_system() -> None:
    assert engine_order("win32") == ("screen-reader", "pyttsx3")
    assert engine_order("darwin") == ("screen-reader", "pyttsx3")
    assert engine_order("linux") == ENGINE_NAMES == ("speech-dispatcher", "pyttsx3", "espeak-ng")


def test_on_linux_no_library_is_asked_and_the_reason_says_where_it_works() -> None:
    with pytest.raises(EngineError, match="on Windows and macOS only"):
        ScreenReaderEngine("en", system="linux")


def test_windows_speech_goes_to_nvda_through_tolk_and_never_to_sapi(monkeypatch: pytest.MonkeyPatch) -> None:
    tolk = FakeTolk("NVDA")
    install_tolk(monkeypatch, tolk)
    notices: list[SpeechNotice] = []
    engine, reasons = open_engine(None, "de", system="win32")
    assert isinstance(engine, ScreenReaderEngine) and reasons == []
    assert tolk.sapi is False, "Tolk must not fall back on SAPI: the system voice is pyttsx3's"
    output = SpeechOutput(engine, notify=notices.append, lang="de")
    assert [notice.english() for notice in notices] == ["Speech uses NVDA."]
    output.say(say("Du bist dran."))
    output.say(say("Computer 1 gewinnt.", urgent=True))
    assert tolk.calls == [("speak", "Du bist dran.", False), ("speak", "Computer 1 gewinnt.", True)]
    output.interrupt()
    assert tolk.calls[-1] == ("silence",)
    output.close()
    assert ("unload",) in tolk.calls and not tolk.loaded


def test_the_rate_stays_the_screen_readers_own(monkeypatch: pytest.MonkeyPatch) -> None:
    install_tolk(monkeypatch, FakeTolk("JAWS"))
    engine, _ = open_engine(None, "en", system="win32")
    assert engine is not None
    output = SpeechOutput(engine)
    assert output.rate_is_readers
    assert output.faster() == output.slower() == READERS_RATE
    assert output.rate == 175, "the game's own rate waits for the system voice, unchanged"
    assert "JAWS" in repr(engine)
    system = SpeechOutput(Recorder())
    assert not system.rate_is_readers
    assert system.faster() == system.rate == 200


def test_without_a_running_screen_reader_windows_speaks_with_the_system_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    install_tolk(monkeypatch, FakeTolk(None))
    hide(monkeypatch, "accessible_output2", "accessible_output2.outputs", "accessible_output2.outputs.auto")
    hide(monkeypatch, "pyttsx3")
    engine, reasons = open_engine(None, "en", system="win32")
    assert engine is None
    assert reasons == [
        "screen-reader: no screen reader that speaks is running; "
        "the Python package accessible_output2 is not installed",
        "pyttsx3: the Python package pyttsx3 is not installed",
    ]


def test_without_cytolk_windows_uses_accessible_output2(monkeypatch: pytest.MonkeyPatch) -> None:
    hide(monkeypatch, "cytolk", "cytolk.tolk")
    sapi = FakeOutput("sapi5", active=True, system=True)
    nvda = FakeOutput("NVDA", active=True)
    install_ao2(monkeypatch, [sapi, nvda])
    bridge = open_bridge("win32")
    assert (bridge.library, bridge.reader) == ("accessible_output2", "NVDA")


def test_macos_speech_goes_to_voiceover_not_to_the_system_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    system_voice = FakeOutput("NSSpeech", active=True, system=True)
    asleep = FakeOutput("jaws", active=False)
    voiceover = FakeOutput("VoiceOver", active=True)
    install_ao2(monkeypatch, [system_voice, asleep, voiceover])
    engine, reasons = open_engine(None, "en", system="darwin")
    assert isinstance(engine, ScreenReaderEngine) and engine.label == "VoiceOver", reasons
    engine.speak("Your turn.")
    engine.speak("You win!", urgent=True)
    engine.stop()
    assert voiceover.calls == [("speak", "Your turn.", False), ("speak", "You win!", True), ("silence",)]
    assert system_voice.calls == [] and asleep.calls == []


def test_macos_without_voiceover_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    install_ao2(monkeypatch, [FakeOutput("VoiceOver", active=False)])
    with pytest.raises(EngineError, match="no screen reader is running"):
        open_bridge("darwin")


def test_names_as_players_know_them() -> None:
    assert [reader_name(n) for n in ("jaws", "NVDA", "VoiceOver", "zoomtext", "")] == [
        "JAWS",
        "NVDA",
        "VoiceOver",
        "ZoomText",
        "the screen reader",
    ]


# --- when the screen reader goes away ---------------------------------------------------------------------


def test_a_screen_reader_closed_mid_game_hands_its_text_to_the_system_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    tolk = FakeTolk("NVDA")
    install_tolk(monkeypatch, tolk)
    engine, _ = open_engine(None, "en", system="win32")
    assert engine is not None
    system = Recorder()
    opened: list[list[str]] = []

    def reopen(excluded: Any) -> tuple[Engine | None, list[str]]:
        opened.append(list(excluded))
        if "screen-reader" in excluded:
            return system, []
        return None, ["screen-reader: no screen reader that speaks is running"]

    notices: list[SpeechNotice] = []
    output = SpeechOutput(engine, notify=notices.append, reopen=reopen, retry_seconds=(60.0,))
    tolk.takes = False  # NVDA was closed: Tolk takes no more text
    output.say(say("Computer 1 plays the seven of hearts."))
    for _ in range(200):
        if system.said:
            break
        __import__("time").sleep(0.01)
    assert system.said == [("Computer 1 plays the seven of hearts.", False)]
    assert output.engine_name == "pyttsx3"
    failed = [n for n in notices if n.kind == "engine-failed"]
    assert len(failed) == 1 and failed[0].failed == "screen-reader" and failed[0].engine == "pyttsx3"
    assert failed[0].retrying, "the screen reader is looked for again: it may be started again"
    output.close()


class ReaderVoice(RecordingOutput):
    """A voice output whose speech a screen reader makes."""

    has_voice = True

    def faster(self) -> int | None:
        return READERS_RATE

    def slower(self) -> int | None:
        return READERS_RATE


@pytest.mark.parametrize("lang", ["en", "de"])
def test_plus_says_where_the_rate_is_set_when_a_screen_reader_speaks(tmp_path: Path, lang: str) -> None:
    voice = ReaderVoice()
    loaded = settings_file.Loaded(settings_file.Settings(lang=lang), (), False, tmp_path / "settings.toml")
    app = App(Terminal(lang, stdin=io.StringIO(""), stdout=io.StringIO()), loaded, outputs=(voice,))
    app.voice_key("faster")
    said = [utterance.speech for utterance in voice.said]
    assert (
        said[-1]
        == {
            "en": "Your screen reader speaks for the game: change the rate in your screen reader.",
            "de": "Dein Bildschirmleser spricht für das Spiel: Ändere die Geschwindigkeit in deinem Bildschirmleser.",
        }[lang]
    )
    assert app.settings.speech_rate == settings_file.Settings().speech_rate, "no rate was kept in the settings"
