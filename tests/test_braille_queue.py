"""Issue 14: the braille display shows every announcement, in order, each for a settable time.

These tests drive :class:`BrailleDisplayOutput` with a clock of their own and no BRLTTY (the
end-to-end test with a real BRLTTY and the display's own keys is in test_braille_display.py).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from accessible_cards import settings as settings_file
from accessible_cards.braille import louis
from accessible_cards.braille.display import BLANK, BrailleDisplayOutput, window_starts
from accessible_cards.outputs import RecordingOutput
from accessible_cards.ui.app import App, settings_screen
from accessible_cards.ui.terminal import Terminal
from accessible_cards.utterance import Utterance

pytestmark = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def display(clock: Clock) -> Iterator[BrailleDisplayOutput]:
    output = BrailleDisplayOutput(None, lambda _: None, "en", host=":98", retry_seconds=60, clock=clock)
    yield output
    output.close()


def shown(output: BrailleDisplayOutput) -> str:
    line = output.current()
    return line.text if line is not None else ""


def cells(text: str) -> str:
    translated = louis.to_unicode(Utterance(text, text).braille)
    assert translated is not None
    return translated


MOVES = ("You trail JH", "C1 takes 9S with 9D", "C2 trails 4C", "Your turn: 3H 2S 4D")


def test_each_announcement_stays_for_its_time_then_the_next_comes(display: BrailleDisplayOutput, clock: Clock) -> None:
    """After "You trail JH" the opponents' moves are each shown for 3 seconds, and "Your turn" comes last."""
    for text in MOVES:
        display.say(Utterance(text, text))
    assert shown(display) == "You trail JH"
    assert display.waiting() == 3
    seen = [shown(display)]
    for _ in range(3):
        clock.now += 2.9
        display.tick()
        assert shown(display) == seen[-1], "moved on before its time"
        clock.now += 0.1
        display.tick()
        seen.append(shown(display))
    assert seen == list(MOVES)
    clock.now += 60
    display.tick()
    assert shown(display) == "Your turn: 3H 2S 4D" and display.waiting() == 0  # the last stays


def test_a_line_said_after_the_time_is_up_shows_at_once(display: BrailleDisplayOutput, clock: Clock) -> None:
    display.say(Utterance("a", "You trail JH"))
    clock.now += 3.0
    display.say(Utterance("b", "C1 trails 4C"))
    assert shown(display) == "C1 trails 4C"


def test_the_forward_key_walks_the_queue_and_back_goes_back(display: BrailleDisplayOutput, clock: Clock) -> None:
    for text in MOVES:
        display.say(Utterance(text, text))
    display.handle_key("fwinrt")
    assert shown(display) == MOVES[1]
    display.handle_key("fwinrt")
    assert shown(display) == MOVES[2]
    clock.now += 2.0
    display.tick()
    assert shown(display) == MOVES[2], "a key restarts the line's time"
    display.handle_key("fwinlt")
    assert shown(display) == MOVES[1]
    display.handle_key("lndn")
    display.handle_key("lndn")
    assert shown(display) == MOVES[3]
    display.handle_key("fwinrt")  # nothing after the last: it stays
    assert shown(display) == MOVES[3]
    display.handle_key("lnup")
    assert shown(display) == MOVES[2]


def test_a_long_line_pans_at_word_boundaries_before_the_next(display: BrailleDisplayOutput, clock: Clock) -> None:
    long_line = Utterance("", "Game over: " + " ".join(f"P{n} {n * 3} cards" for n in range(1, 9))).braille
    display.say(Utterance("...", long_line))
    display.say(Utterance("...", "Your turn: 3H"))
    full = cells(long_line)
    starts = window_starts(full, 40)
    assert len(starts) >= 2
    windows = []
    for _ in starts:
        window = display.window()
        windows.append(window.rstrip(BLANK))
        assert len(window) == 40
        display.handle_key("fwinrt")
    assert shown(display) == "Your turn: 3H"
    # every window ends at a word's end: together they are the line's words, none cut in two
    assert [w for window in windows for w in window.split(BLANK) if w] == [w for w in full.split(BLANK) if w]
    display.handle_key("fwinlt")  # back from the next line: the last part of the long one
    assert shown(display) == long_line and display.window().rstrip(BLANK) == windows[-1]


def test_left_alone_a_long_line_is_walked_part_by_part_while_more_wait(
    display: BrailleDisplayOutput, clock: Clock
) -> None:
    long_line = Utterance("", "Game over: " + " ".join(f"P{n} {n * 3} cards" for n in range(1, 9))).braille
    display.say(Utterance("...", long_line))
    display.say(Utterance("...", "Your turn: 3H"))
    parts = len(window_starts(cells(long_line), 40))
    for _ in range(parts - 1):
        clock.now += 3
        display.tick()
        assert shown(display) == long_line
    clock.now += 3
    display.tick()
    assert shown(display) == "Your turn: 3H"
    display.say(Utterance("...", long_line))  # the newest is not walked on its own: it stays at its start
    clock.now += 30
    display.tick()
    assert display.window().rstrip(BLANK) == cells(long_line)[: window_starts(cells(long_line), 40)[1]].rstrip(BLANK)


def test_a_key_press_drops_what_waits_and_its_answer_shows_at_once(display: BrailleDisplayOutput, clock: Clock) -> None:
    for text in MOVES:
        display.say(Utterance(text, text))
    display.interrupt()  # a key on the keyboard
    assert shown(display) == MOVES[-1] and display.waiting() == 0
    display.say(Utterance("1: three of hearts", "1: 3H trail", kind="review.card"))
    assert shown(display) == "1: 3H trail"
    for _ in range(3):
        display.handle_key("lnup")
    assert shown(display) == MOVES[1], "what was skipped is still there to read back"


def test_time_zero_shows_each_at_once_and_the_setting_changes_it(display: BrailleDisplayOutput, clock: Clock) -> None:
    display.set_message_seconds(0)
    for text in MOVES:
        display.say(Utterance(text, text))
        assert shown(display) == text
    display.set_message_seconds(5)
    display.say(Utterance("a", "C1 trails 4C"))
    assert shown(display) == MOVES[-1], "the line shown now has its 5 seconds too"
    clock.now += 5
    display.tick()
    display.say(Utterance("b", "C2 trails 5C"))
    assert shown(display) == "C1 trails 4C"
    clock.now += 4.9
    display.tick()
    assert shown(display) == "C1 trails 4C"
    clock.now += 0.1
    display.tick()
    assert shown(display) == "C2 trails 5C"


def test_an_announcement_of_several_lines_is_several_messages(display: BrailleDisplayOutput, clock: Clock) -> None:
    display.say(Utterance("Which?", "3H: which?\n1 take 3C\n2 take 3D", kind="choice"))
    assert shown(display) == "3H: which?" and display.waiting() == 2
    display.handle_key("fwinrt")
    assert shown(display) == "1 take 3C"
    display.handle_key("fwinrt")
    assert shown(display) == "2 take 3D"


def test_a_hand_over_forgets_the_queue(display: BrailleDisplayOutput, clock: Clock) -> None:
    for text in MOVES:
        display.say(Utterance(text, text))
    display.forget()
    display.say(Utterance("x", "S2's turn, press Enter", kind="handoff"))
    assert shown(display) == "S2's turn, press Enter" and display.waiting() == 0


def test_the_settings_offer_the_message_time_and_it_reaches_the_outputs(tmp_path: Path) -> None:
    """Settings: "Braille message time in seconds" (German "Braille-Meldungszeit in Sekunden"); Enter cycles it,
    the outputs follow at once, and the settings file keeps it under [braille] as message_seconds."""
    for lang, label in (("en", "Braille message time in seconds: 3"), ("de", "Braille-Meldungszeit in Sekunden: 3")):
        recorder = RecordingOutput()
        path = tmp_path / lang / "settings.toml"
        path.parent.mkdir()
        loaded = settings_file.Loaded(settings_file.Settings(lang=lang), (), True, path)
        app = App(Terminal(lang, stdin=io.StringIO(""), stdout=io.StringIO()), loaded, outputs=[recorder])
        screen = settings_screen(app)
        item = next(item for item in screen.items if item.label == label)
        assert item.action is not None
        item.action()
        assert app.settings.braille_seconds == 5.0 and recorder.message_seconds == 5.0
        assert "message_seconds = 5" in path.read_text(encoding="utf-8")
        assert settings_file.load(path).settings.braille_seconds == 5.0


def test_a_routing_key_past_the_end_of_a_window_selects_nothing(display: BrailleDisplayOutput) -> None:
    """A window cut at a word boundary is padded with blank cells: routing over them is not a hidden card."""
    commands: list[tuple[str, object]] = []
    display.on_command = lambda name, argument: commands.append((name, argument))
    hand = "Your turn: " + " ".join(["7H", "KC", "2D", "TS", "9C", "AH", "3S", "4D", "5C", "6H", "8S", "QD"])
    display.say(Utterance("...", hand, kind="turn"))
    starts = window_starts(cells(hand), 40)
    assert len(starts) == 2 and starts[1] < 40
    display.handle_key("route", starts[1])  # a blank cell of the first window, over the next window's first card
    assert commands == []
    display.handle_key("route", 12)  # the first card, shown
    assert commands == [("select", 1)]
