"""Every output follows the whole Output protocol, and the program reaches its outputs through it alone."""

from __future__ import annotations

import ast
import io
from pathlib import Path
from typing import Any

import pytest

import accessible_cards
from accessible_cards import settings as settings_file
from accessible_cards.braille.display import BrailleDisplayOutput, UnicodeBrailleOutput
from accessible_cards.cards import DeckKind
from accessible_cards.outputs import Output, RecordingOutput
from accessible_cards.speech.output import SpeechOutput
from accessible_cards.ui.app import App
from accessible_cards.ui.terminal import Terminal
from accessible_cards.ui.voice import Voice

PACKAGE = Path(accessible_cards.__file__).parent
OUTPUTS: list[type[Any]] = [RecordingOutput, UnicodeBrailleOutput, BrailleDisplayOutput, SpeechOutput, Voice]
METHODS = sorted(name for name, value in vars(Output).items() if callable(value) and not name.startswith("_"))
ATTRIBUTES = sorted(Output.__annotations__)


def test_the_protocol_covers_language_deck_braille_table_rate_and_forgetting() -> None:
    assert set(METHODS) >= {"set_language", "set_deck", "set_braille_table", "faster", "slower", "forget"}
    assert set(METHODS) >= {"say", "interrupt", "close"}
    assert set(ATTRIBUTES) == {"name", "has_voice"}


@pytest.mark.parametrize("cls", OUTPUTS, ids=lambda cls: cls.__name__)
def test_every_output_class_has_every_part_of_the_protocol(cls: type[Any]) -> None:
    own = [vars(klass) for klass in cls.__mro__ if klass is not object]
    missing = [name for name in METHODS if not any(callable(space.get(name)) for space in own)]
    assert not missing, f"{cls.__name__} lacks {missing}"
    assert isinstance(cls.name, str) and cls.name
    assert isinstance(cls.has_voice, bool)


def test_every_class_that_says_utterances_is_checked_here() -> None:
    """Every class with ``say(self, utterance)`` is listed in OUTPUTS, so that the test above checks it too."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or any(ast.unparse(base) == "Protocol" for base in node.bases):
                continue
            for item in node.body:
                arguments = [argument.arg for argument in item.args.args] if isinstance(item, ast.FunctionDef) else []
                if isinstance(item, ast.FunctionDef) and item.name == "say" and arguments == ["self", "utterance"]:
                    found.add(node.name)
    assert found == {cls.__name__ for cls in OUTPUTS}


def test_no_code_probes_an_output_for_what_it_can_do() -> None:
    """The program calls the protocol: no hasattr, getattr or setattr on an output anywhere in the UI."""
    for path in [*sorted((PACKAGE / "ui").glob("*.py")), PACKAGE / "cli.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            probe = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args
            if probe and node.func.id in ("hasattr", "getattr", "setattr"):
                probed = ast.unparse(node.args[0])
                assert "output" not in probed and "voice" not in probed, f"{path.name}:{node.lineno}"


def _app(tmp_path: Path, *outputs: Output, lang: str = "en") -> tuple[App, io.StringIO]:
    out = io.StringIO()
    loaded = settings_file.Loaded(settings_file.Settings(lang=lang), (), False, tmp_path / "settings.toml")
    return App(Terminal(lang, stdin=io.StringIO(""), stdout=out), loaded, outputs=outputs), out


def test_a_new_language_and_braille_table_reach_every_output(tmp_path: Path) -> None:
    first, second = RecordingOutput(), RecordingOutput()
    app, _ = _app(tmp_path, first, second)
    app.change_settings(lang="de")
    for output in (first, second):
        assert output.lang == "de"
        assert output.braille_table == app.settings.braille_de
    app.change_settings(braille_de="de-g2")
    assert first.braille_table == second.braille_table == "de-g2"


def test_the_deck_in_play_reaches_every_output(tmp_path: Path) -> None:
    first, second = RecordingOutput(), RecordingOutput()
    app, _ = _app(tmp_path, first, second)
    app.follow(deck=DeckKind.ITALIAN40)
    assert first.deck == second.deck == DeckKind.ITALIAN40
    assert first.lang is None and first.braille_table is None  # only what was given


def test_a_hand_over_makes_every_output_forget(tmp_path: Path) -> None:
    first, second = RecordingOutput(), RecordingOutput()
    app, _ = _app(tmp_path, first, second)
    app.say("Your hand: 7H, KS.")
    app.forget()
    assert first.forgotten == second.forgotten == 1
    assert app.last_said is None


def test_braille_outputs_follow_language_deck_and_table() -> None:
    written: list[str] = []
    unicode = UnicodeBrailleOutput(written.append, "en")
    display = BrailleDisplayOutput(None, None, "en", host=":97", auth="none", retry_seconds=60)
    try:
        for output in (unicode, display):
            output.set_language("de")
            output.set_braille_table("de-g2")
            output.set_deck(DeckKind.SPANISH40)
            assert (output.lang, output.grade, output.deck) == ("de", "de-g2", DeckKind.SPANISH40)
            assert output.faster() is None and output.slower() is None
            assert not output.has_voice
            output.forget()
    finally:
        display.close()


class _Voice(RecordingOutput):
    """A voice whose engine answers + and - with ``rates`` in turn (None: not open yet)."""

    has_voice = True

    def __init__(self, *rates: int | None) -> None:
        super().__init__()
        self.rates = list(rates)

    def faster(self) -> int | None:
        return self.rates.pop(0)

    def slower(self) -> int | None:
        return self.rates.pop(0)


def test_plus_without_a_voice_says_the_voice_is_off(tmp_path: Path) -> None:
    app, out = _app(tmp_path, RecordingOutput())
    app.voice_key("faster")
    assert out.getvalue().splitlines()[-1] == "The game's own voice is off."


def test_plus_before_the_voice_is_open_says_it_is_not_ready(tmp_path: Path) -> None:
    app, out = _app(tmp_path, RecordingOutput(), _Voice(None))
    app.voice_key("faster")
    assert out.getvalue().splitlines()[-1] == "The voice is not ready yet."


def test_plus_and_minus_change_the_voices_rate_and_the_settings_keep_it(tmp_path: Path) -> None:
    voice = _Voice(225, 200)
    app, out = _app(tmp_path, RecordingOutput(), voice)
    app.voice_key("faster")
    assert app.settings.speech_rate == 225
    assert out.getvalue().splitlines()[-1] == "Speech rate: 225 words a minute."
    app.voice_key("slower")
    assert app.settings.speech_rate == 200
    assert voice.rates == []
