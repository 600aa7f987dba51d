"""Issue 9, failing parts: BRLTTY stops, or the braille display is unplugged, in the middle of a game.

Every failure is caused for real: a real ``brltty`` with its virtual driver (``-b vr``), a test
display on its socket, then BRLTTY ended with SIGTERM or SIGKILL, or the display's socket shut (the
virtual driver's unplugged cable). Each time the game says so once, goes on without waiting, keeps
every announcement, finds the display again by itself when BRLTTY or the display is back, says so
once, and shows the newest announcement again. One test does it through the program itself in a
real terminal; the last shows that such news is said at once even when it comes just as the program
starts to wait for a key.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest
from terminal_support import Player
from test_braille_display import VirtualDisplay, _brlapi_available

from accessible_cards.braille import louis
from accessible_cards.braille.cli import braille_report
from accessible_cards.braille.display import BACK, STATUS_KIND, BrailleDisplayOutput
from accessible_cards.outputs import Notice
from accessible_cards.utterance import Utterance

pytestmark = pytest.mark.skipif(
    not (_brlapi_available() and louis.available()), reason="brltty, python3-brlapi or liblouis is not installed"
)


def until(check: Callable[[], object], timeout: float = 10.0) -> bool:
    """Poll ``check()`` until it is true or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return False


class Display(VirtualDisplay):
    """The test display, which can also be unplugged: its end of the socket shut, as a pulled cable."""

    def unplug(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.close()


class Brltty:
    """A private BRLTTY with the virtual driver, which a test can stop and start again on the same host."""

    def __init__(self, folder: Path, host: str) -> None:
        self.folder = folder
        self.host = host
        self.sock = folder / "vr.sock"
        self.process: subprocess.Popen[bytes] | None = None
        self.display: Display | None = None
        self.starts = 0

    def start(self, plug: bool = True) -> None:
        """Start BRLTTY (and, with ``plug``, connect a 40-cell display to it)."""
        self.starts += 1
        command = f"brltty -n -b vr -d server:{self.sock} -x no -s no -A auth=none,host={self.host}".split()
        log = self.folder / f"brltty-{self.starts}.log"
        command += ["-P", str(self.folder / "brltty.pid"), "-W", str(self.folder), "-L", str(log)]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        if plug:
            self.plug()

    def answers(self) -> bool:
        """Whether BRLTTY's BrlAPI server takes connections yet."""
        import brlapi

        try:
            brlapi.Connection(self.host.encode(), b"none").closeConnection()
        except Exception:
            return False
        return True

    def plug(self) -> Display:
        """Connect a display to BRLTTY's socket once it listens; BRLTTY's start-up message is dismissed."""
        displays: list[Display] = []

        def connected() -> bool:
            try:  # the socket exists a moment before BRLTTY listens on it
                displays.append(Display(self.sock))
            except OSError:
                return False
            return True

        assert until(connected), "BRLTTY does not listen for its display"
        display = self.display = displays[0]
        assert until(lambda: any(line.startswith('Visual "BRLTTY') for line in display.lines))
        display.send("noop")  # BRLTTY swallows the first key (it dismisses its start-up message)
        return display

    def stop(self, how: signal.Signals) -> None:
        """End BRLTTY with ``how`` and wait until it is gone (SIGKILL after 10 seconds)."""
        process = self.process
        assert process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, how)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        if self.display is not None:
            self.display.close()

    def close(self) -> None:
        if self.display is not None:
            self.display.close()
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


@pytest.fixture
def brltty(tmp_path: Path, brlapi_host: str) -> Iterator[Brltty]:
    """A BRLTTY of the test's own (on a host number no other test holds), killed at the end whatever happens."""
    server = Brltty(tmp_path, brlapi_host)
    try:
        yield server
    finally:
        server.close()


def shows(display: VirtualDisplay | None, wanted: str) -> bool:
    """Whether the display comes to show ``wanted`` at its start within 10 seconds."""
    assert display is not None
    return display.wait_for(wanted, 10).startswith(wanted)


def cells(braille: str) -> str:
    """A braille line as the display shows it: liblouis' Unicode braille."""
    translated = louis.to_unicode(braille)
    assert translated is not None
    return translated


def line(n: int) -> Utterance:
    """The ``n``-th announcement of a made-up game."""
    return Utterance(f"Player 1 takes {n} cards.", f"P1 takes {n} cards", kind="took")


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_brltty_stopped_mid_game_is_said_once_and_the_display_comes_back(brltty: Brltty, how: signal.Signals) -> None:
    """BRLTTY ends mid-game: one message, nothing blocks or is lost, and the newest line comes back by itself.

    It is tried again every 0.3 seconds here; each failed try stays silent.
    """
    brltty.start()
    status: list[str] = []
    when: list[float] = []

    def on_status(news: Notice) -> None:
        when.append(time.monotonic())
        status.append(news.text)

    output = BrailleDisplayOutput(None, on_status, "en", host=brltty.host, auth="none", retry_seconds=0.3)
    try:
        assert output.connected.wait(10), status
        output.say(line(1))
        assert brltty.display is not None
        assert shows(brltty.display, cells("P1 takes 1 cards"))

        stopped = time.monotonic()
        brltty.stop(how)
        assert until(lambda: status, 5), "the lost display was not noticed"
        noticed = when[0] - stopped
        started = time.monotonic()
        for n in (2, 3):  # the game goes on: saying a line never waits on the missing display
            output.say(line(n))
        assert time.monotonic() - started < 0.1
        time.sleep(1.0)  # several tries fail meanwhile, silently
        assert len(status) == 1 and "connection was lost" in status[0], status
        assert not output.connected.is_set()

        back = time.monotonic()
        brltty.start()
        assert output.connected.wait(10), status
        newest = cells("P1 takes 3 cards")
        assert shows(brltty.display, newest)  # the newest announcement, shown again
        print(f"{how.name}: noticed after {noticed:.2f} s, back {time.monotonic() - back:.2f} s after BRLTTY started")
        assert status[1:] == [BACK]
    finally:
        output.close()


def test_unplugged_display_is_said_once_and_comes_back_by_itself(brltty: Brltty) -> None:
    """The display's cable is pulled mid-game: one message; plugged in again, it shows the newest line.

    The game leaves BRLTTY's own "restart the braille driver" command to BRLTTY, so that BRLTTY
    waits for the display again; a game that kept that key for itself would never see it back.
    """
    brltty.start()
    status: list[str] = []
    output = BrailleDisplayOutput(
        None, lambda news: status.append(news.text), "en", host=brltty.host, auth="none", retry_seconds=0.3
    )
    try:
        assert output.connected.wait(10), status
        output.say(line(1))
        display = brltty.display
        assert display is not None
        assert shows(display, cells("P1 takes 1 cards"))

        pulled = time.monotonic()
        display.unplug()
        assert until(lambda: status, 5), "the unplugged display was not noticed"
        noticed = time.monotonic() - pulled
        assert len(status) == 1 and "display is gone" in status[0], status
        output.say(line(2))
        assert until(brltty.sock.exists, 5), "BRLTTY does not wait for its display again"
        time.sleep(0.5)
        assert len(status) == 1, status

        plugged = time.monotonic()
        again = brltty.plug()
        assert output.connected.wait(10), status
        assert until(lambda: status[1:] == [BACK]), status
        newest = cells("P1 takes 2 cards")
        assert shows(again, newest)
        print(f"unplug: noticed after {noticed:.2f} s, back {time.monotonic() - plugged:.2f} s after plugging in")
        output.say(line(3))  # and it goes on showing what comes
        assert shows(again, cells("P1 takes 3 cards"))
    finally:
        output.close()


def test_brltty_without_a_display_waits_for_one(brltty: Brltty) -> None:
    """BRLTTY runs but no display is plugged in yet: said once; when one comes, it shows the newest line."""
    brltty.start(plug=False)
    assert until(brltty.answers), "BRLTTY does not answer"
    status: list[str] = []
    output = BrailleDisplayOutput(
        None, lambda news: status.append(news.text), "en", host=brltty.host, auth="none", retry_seconds=0.3
    )
    try:
        assert until(lambda: status, 10), "no message about the missing display"
        assert status == ["No braille display: BRLTTY runs but has no display. Waiting for one."]
        output.say(line(4))
        display = brltty.plug()
        assert output.connected.wait(10), status
        assert shows(display, cells("P1 takes 4 cards"))
        assert status[1:] == [BACK]
    finally:
        output.close()


def test_news_about_the_display_is_not_shown_on_it() -> None:
    """The UI's "display lost / back" lines keep the display on the newest announcement."""
    output = BrailleDisplayOutput(None, None, "en", host=":99", auth="none", retry_seconds=60)
    try:
        output.say(line(5))
        output.say(Utterance(BACK, BACK, kind=STATUS_KIND))
        current = output.current()
        assert current is not None and current.text == "P1 takes 5 cards"
    finally:
        output.close()


def test_doctor_names_the_display_in_plain_words(brltty: Brltty, monkeypatch: pytest.MonkeyPatch) -> None:
    """``doctor`` says "display Virtual, 40 cells", not a Python bytes value."""
    brltty.start()
    monkeypatch.setenv("BRLAPI_HOST", brltty.host)
    monkeypatch.setenv("BRLAPI_AUTH", "none")
    row = next(r for r in braille_report() if r[0] == "BRLTTY")
    assert row == ("BRLTTY", True, "display Virtual, 40 cells", "")


def test_doctor_sees_brltty_without_a_display(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, brlapi_host: str
) -> None:
    """BRLTTY with its "no braille" driver answers with one cell: doctor says no display, and how to fix it."""
    host = brlapi_host
    command = f"brltty -n -b no -x no -s no -A auth=none,host={host} -P {tmp_path / 'pid'} -W {tmp_path}".split()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        monkeypatch.setenv("BRLAPI_HOST", host)
        monkeypatch.setenv("BRLAPI_AUTH", "none")
        rows: list[tuple[str, bool, str, str]] = []

        def reached() -> bool:
            rows[:] = [r for r in braille_report() if r[0] == "BRLTTY"]
            return "no braille display reachable" not in rows[0][2]

        assert until(reached, 10), rows
        _component, working, reason, fix = rows[0]
        assert not working and reason == "BRLTTY runs but has no braille display (driver NoBraille)", rows
        assert "plug in" in fix
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def test_the_game_goes_on_when_brltty_is_killed_and_finds_the_display_again(
    brltty: Brltty, players: list[Player], config: Path
) -> None:
    """Through the program: BRLTTY killed mid-game, one line says so, play goes on, the display comes back.

    When it is back the display shows the newest announcement (here a refused key, whose braille line
    is its text), not the news about the display itself.
    """
    brltty.start()
    display = brltty.display
    assert display is not None
    before = display.cells()
    args = ["play", "war", "--seed", "3", "--pause", "0", "--lang", "en", "--braille", "brlapi"]
    player = Player(args, config, env={"BRLAPI_HOST": brltty.host, "BRLAPI_AUTH": "none"})
    players.append(player)
    player.wait_for("Enter")
    assert until(lambda: display.cells() != before), "the game's lines never reached the display"
    brltty.stop(signal.SIGKILL)
    lost = player.wait_for("braille display")
    assert lost == "The braille display connection was lost. Trying again."
    player.new_lines()
    player.press("enter", "enter")  # the game goes on without the display
    assert player.new_lines(), "the game did not go on"
    player.press("z")
    refused = player.wait_for("The Z key does nothing here")

    brltty.start()
    player.wait_for("^Braille display connected.$", 15)
    again = brltty.display
    assert again is not None and again is not display
    newest = cells(refused)[:40]
    assert shows(again, newest), (again.cells(), newest)
    said = player.said()
    assert sum("braille display" in s for s in said) == 1, said
    assert sum(s == "Braille display connected." for s in said) == 1, said


_NEWS_WHILE_THE_PROMPT_STARTS = r"""
from accessible_cards.ui.terminal import Terminal

terminal = Terminal("en", "keys")
terminal.status = lambda text: print("STATUS " + text, flush=True)
original = Terminal._key_bindings


def bindings(self, phase):
    self.inject(("status", "the display is gone"))  # news from the display's thread, while the prompt is set up
    return original(self, phase)


Terminal._key_bindings = bindings
terminal.read("playing")
"""


def test_news_that_comes_while_the_prompt_starts_is_said_at_once() -> None:
    """A display lost just as the game starts to wait for a key is said then, not after the next key press."""
    child = pexpect.spawn(
        sys.executable,
        ["-c", _NEWS_WHILE_THE_PROMPT_STARTS],
        encoding="utf-8",
        timeout=5,
        env={**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"},
    )
    try:
        child.expect("STATUS the display is gone", timeout=3)
    finally:
        child.terminate(force=True)
        child.close()
