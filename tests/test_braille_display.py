"""Issue 6, Outputs: Unicode braille lines, and a braille display through a real BRLTTY.

The end-to-end test starts ``brltty`` with its virtual driver (``-b vr``) on a private socket, host
number and pid file, connects a test display to that socket (``cells 40``), plays a War game and a
Stealing Bundles hand through :class:`BrailleDisplayOutput`, reads the cells back from the display
side, and presses routing and panning keys. Every process it starts is killed at the end.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from narration_support import utterances

from accessible_cards.braille import louis
from accessible_cards.braille.display import (
    BrailleDisplayOutput,
    UnicodeBrailleOutput,
    hand_positions,
    typed_char,
    window_starts,
)
from accessible_cards.games.war.narrator import WarNarrator
from accessible_cards.games.war.state import WarOptions, WarState
from accessible_cards.utterance import Utterance

needs_louis = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")


def _brlapi_available() -> bool:
    try:
        import brlapi  # noqa: F401
    except ImportError:
        return False
    return shutil.which("brltty") is not None


class VirtualDisplay:
    """The display side of BRLTTY's virtual driver: sends commands, collects ``Braille "..."`` lines."""

    def __init__(self, path: Path, cells: int = 40) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(str(path))
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.send(f"cells {cells}")

    def _read(self) -> None:
        with contextlib.suppress(OSError), self.sock.makefile("r", encoding="utf-8", errors="replace") as stream:
            for line in stream:
                self.lines.append(line.rstrip("\r\n"))

    def send(self, command: str) -> None:
        """One command line, e.g. ``route 3`` or ``fwinrt``; one per write, with a pause for BRLTTY."""
        self.sock.sendall(command.encode() + b"\n")
        time.sleep(0.1)

    def cells(self) -> str:
        """The newest ``Braille`` line as Unicode braille."""
        for line in reversed(self.lines):
            match = re.fullmatch(r'Braille "(.*)"', line)
            if match:
                return "".join(
                    chr(0x2800 + sum(1 << (int(d) - 1) for d in cell.strip())) for cell in match.group(1).split("|")
                )
        return ""

    def wait_for(self, cells: str, timeout: float = 5.0) -> str:
        """Wait until the display shows ``cells`` at its start; returns what it shows."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.cells().startswith(cells):
                return self.cells()
            time.sleep(0.02)
        return self.cells()

    def close(self) -> None:
        """Disconnect."""
        with contextlib.suppress(OSError):
            self.sock.close()


@pytest.fixture
def brltty(tmp_path: Path, brlapi_host: str) -> Iterator[tuple[str, VirtualDisplay]]:
    """A real BRLTTY with the virtual driver and a connected 40-cell test display; yields (BrlAPI host, display)."""
    host = brlapi_host
    sock = tmp_path / "vr.sock"
    command = f"brltty -n -b vr -d server:{sock} -x no -s no -A auth=none,host={host}".split()
    command += ["-P", str(tmp_path / "brltty.pid"), "-W", str(tmp_path), "-L", str(tmp_path / "brltty.log")]
    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    display: VirtualDisplay | None = None
    try:
        end = time.monotonic() + 10
        while not sock.exists() and time.monotonic() < end:
            time.sleep(0.02)
        display = VirtualDisplay(sock)
        _until(lambda: any(line.startswith("Braille") for line in display.lines))
        display.send("noop")  # BRLTTY swallows the first key (it dismisses its start-up message)
        yield host, display
    finally:
        if display is not None:
            display.close()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # it ignores SIGTERM until a display has connected
        process.wait(timeout=10)


def _until(check: Callable[[], object], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return False


@needs_louis
@pytest.mark.skipif(not _brlapi_available(), reason="brltty or python3-brlapi is not installed")
def test_end_to_end_with_brltty(brltty: tuple[str, VirtualDisplay]) -> None:
    """Issue 6: moves reach the display as liblouis' cells; routing selects then plays; panning scrolls."""
    host, display = brltty
    commands: list[tuple[str, int | str | None]] = []
    status: list[str] = []
    output = BrailleDisplayOutput(
        lambda name, arg: commands.append((name, arg)),
        lambda news: status.append(news.text),
        "en",
        host=host,
        auth="none",
        message_seconds=0,  # each announcement at once: the queue has its own test
    )
    try:
        assert output.connected.wait(10), status
        assert output.width == 40
        said = utterances(WarState(2, WarOptions(max_rounds=3), seed=1), WarNarrator("en", "normal", 2, you=0))
        for utterance in said[:4]:
            output.say(utterance)
            expected = louis.to_unicode(utterance.braille)
            assert expected is not None
            assert display.wait_for(expected).startswith(expected), utterance.braille

        hand = Utterance("Your turn. You hold ...", "Your turn: 7H KC 2D", kind="turn")
        output.say(hand)
        shown = display.wait_for("⠠⠽⠕⠥⠗⠀⠞⠥⠗⠝⠒⠀⠛⠓⠀⠅⠉⠀⠃⠙")
        assert shown.startswith("⠠⠽⠕⠥⠗⠀⠞⠥⠗⠝⠒⠀⠛⠓⠀⠅⠉⠀⠃⠙")
        king = shown.index("⠅⠉")
        display.send(f"route {king}")
        assert _until(lambda: commands == [("select", 2)]), commands
        display.send(f"route {king + 1}")
        assert _until(lambda: commands == [("select", 2), ("play_position", 2)]), commands
        display.send("route 2")  # over "our", not a card: nothing
        time.sleep(0.2)
        assert len(commands) == 2

        long_line = "Game over: " + " ".join(f"P{n} {n * 3} cards" for n in range(1, 9))
        output.say(Utterance("...", long_line, kind="game_over"))
        cells = louis.to_unicode(Utterance("...", long_line).braille)
        assert cells is not None and len(cells) > 40
        first, second = window_starts(cells, 40)[:2]
        assert 30 < second <= 40 and cells[second - 1] == "\u2800"  # the first window ends at a word boundary
        display.wait_for(cells[:second])
        display.send("fwinrt")
        assert display.wait_for(cells[second : second + 30]).startswith(cells[second : second + 30])
        display.send("fwinlt")
        assert display.wait_for(cells[first:second]).startswith(cells[first:second])

        for dots in ("0x0F", "0x17", "0x80"):  # p (dots 1234), r (1235), Enter (dot 8) as dot bits
            display.send(f"passdots {dots}")
        assert _until(lambda: ("typed", "pr") in commands), commands
        assert status == []
    finally:
        output.close()


@pytest.mark.skipif(not _brlapi_available(), reason="brltty or python3-brlapi is not installed")
def test_missing_brltty_is_said_once_and_retried() -> None:
    """No BRLTTY at that host: one message, the game goes on, and it keeps trying."""
    status: list[str] = []
    output = BrailleDisplayOutput(
        None, lambda news: status.append(news.text), host=":97", auth="none", retry_seconds=0.05
    )
    try:
        output.say(Utterance("x", "You win 7H v TS"))
        time.sleep(0.4)
        assert len(status) == 1 and "BRLTTY" in status[0]
        assert not output.connected.is_set()
    finally:
        output.close()


@needs_louis
def test_keys_without_a_display() -> None:
    """Panning, line keys and routing work on the shown line even before a display connects."""
    commands: list[tuple[str, int | str | None]] = []
    output = BrailleDisplayOutput(
        lambda n, a: commands.append((n, a)), lambda _: None, host=":98", retry_seconds=1, message_seconds=0
    )
    try:
        output.say(Utterance("x", "Hand: 7H TS", kind="review.hand"))
        line = output.current()
        assert line is not None and line.positions[-5:] == (1, 1, None, 2, 2)
        output.handle_key("route", len(line.cells) - 1)
        output.handle_key("route", len(line.cells) - 2)
        assert commands == [("select", 2), ("play_position", 2)]
        output.say(Utterance("x", "one " * 30, kind="x"))
        output.handle_key("fwinrt")
        assert output.window() == (louis.to_unicode("one " * 30) or "")[40:80].rstrip("\u2800").ljust(40, "\u2800")
        output.handle_key("lnup")
        assert output.current() == line
        output.handle_key("lndn")
        assert output.current() != line
        for char in "help\n":
            output.handle_typed(char)
        assert commands[-1] == ("typed", "help")
    finally:
        output.close()


def test_a_hand_over_forgets_every_earlier_line() -> None:
    """Hot seat: after forget() the line-up key cannot reach the last person's hand."""
    output = BrailleDisplayOutput(lambda n, a: None, lambda _: None, host=":98", retry_seconds=1)
    try:
        output.say(Utterance("x", "Your turn: 7H KC 2D", kind="turn"))
        output.forget()
        handover = Utterance("x", "P2 to the keyboard", kind="handoff")
        output.say(handover)
        for _ in range(3):
            output.handle_key("lnup")
        shown = output.current()
        assert shown is not None and shown.text == handover.braille
    finally:
        output.close()


def test_hand_positions_and_typed_chars() -> None:
    """Only hand lines map cells to cards; dot 8 is Enter, dot 7 backspace."""
    assert hand_positions("You win 7H", [0, 1, 2], "battle") == (None, None, None)
    assert hand_positions("Your turn: 7H KC", [11, 12, 14, 15], "turn") == (1, 1, 2, 2)
    assert typed_char(0x80) == "\n" and typed_char(0x40) == "\b" and typed_char(0) == " "
    assert typed_char(0b1011) == "g" or typed_char(0b11011) == "g"


@needs_louis
def test_unicode_output_writes_one_line_per_announcement() -> None:
    """``--braille unicode``: the Unicode braille of each braille line, through the given write function."""
    written: list[str] = []
    output = UnicodeBrailleOutput(written.append, "de")
    output.say(Utterance("Du gewinnst ...", "Du gewinnst KC gg 7H"))
    output.interrupt()
    output.close()
    assert written == ["⠙⠥⠀⠛⠑⠺⠊⠝⠝⠾⠀⠅⠭⠀⠛⠛⠀⠛⠓"]


@needs_louis
@pytest.mark.skipif(not _brlapi_available(), reason="brltty or python3-brlapi is not installed")
def test_the_display_shows_every_announcement_in_order(brltty: tuple[str, VirtualDisplay]) -> None:
    """Issue 14, through a real BRLTTY: after "You trail JH" the opponents' moves come one by one, each for the
    message time or until the display's pan-right key, and "Your turn" last; pan left goes back."""
    host, display = brltty
    output = BrailleDisplayOutput(None, lambda _: None, "en", host=host, auth="none", message_seconds=1.5)
    moves = ["You trail JH", "C1 takes 9S with 9D", "C2 trails 4C", "C3 steals 4 from you, 4S", "Your turn: 3H 2S 4D"]
    expected = [louis.to_unicode(Utterance(m, m).braille) or "" for m in moves]
    try:
        assert output.connected.wait(10)
        for move in moves:
            output.say(Utterance(move, move))
        assert display.wait_for(expected[0]).startswith(expected[0])
        display.send("fwinrt")  # the display's own forward key: the next announcement at once
        assert display.wait_for(expected[1], timeout=1.0).startswith(expected[1])
        display.send("fwinlt")  # and back
        assert display.wait_for(expected[0], timeout=1.0).startswith(expected[0])
        display.send("fwinrt")
        display.send("fwinrt")
        assert display.wait_for(expected[2], timeout=1.0).startswith(expected[2])
        began = time.monotonic()
        assert display.wait_for(expected[3], timeout=5).startswith(expected[3])  # left alone: after its time
        assert time.monotonic() - began >= 1.0, "the announcement did not stay for its time"
        assert display.wait_for(expected[4], timeout=5).startswith(expected[4])
        time.sleep(2)
        assert display.cells().startswith(expected[4]), "Your turn comes last and stays"
    finally:
        output.close()
