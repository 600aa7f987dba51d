"""Hostile keys: random key sequences never crash the program and never change a game but by legal commands.

A cat on the keyboard, a child hammering keys, a paste of a whole page, a
braille display sending routing keys: the program must take all of it.

- Through the command layer, with hypothesis: the real key bindings
  (prompt_toolkit reading a pipe instead of a terminal) and the typed-word
  reader get random keys: control keys, escape sequences, pasted text, very
  long input, ":" and "/" commands, and the "words" input mode; commands from
  elsewhere (a braille display's) arrive as arbitrary named commands with
  arbitrary numbers. A referee watches every game the screens start: after
  every key, each game state must equal a shadow copy that was given exactly
  the same actions (so nothing changed the state behind the engine's back),
  every action must have been legal when it was taken, every card must be in
  one place, and a state may only change when the key was a play command or
  a computer seat took its turn.
- Through a real pseudo-terminal: thousands of seeded random keystrokes
  across the menus and both games, sent in chunks; no traceback ever shows;
  when the keys quit the program it ends with status 0 and is started again;
  afterwards the program still answers ``?`` with its help and quits cleanly.
"""

from __future__ import annotations

import atexit
import io
import os
import pty
import random
import re
import termios
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import pexpect
import pyte
import pytest
from bundles_support import check as check_bundles
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from terminal_support import COLUMNS, KEYS, ROWS, Player, assert_clean
from war_support import time_limit

from accessible_cards import settings as settings_file
from accessible_cards.engine import GameState
from accessible_cards.games.bundles import TITLES as VARIANT_NAMES
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.games.war.state import WarState
from accessible_cards.keys import Typed
from accessible_cards.settings import Settings
from accessible_cards.ui.app import App, GameRequest
from accessible_cards.ui.commands import COMMANDS
from accessible_cards.ui.terminal import Terminal, _hold_keys


@dataclass
class Tally:
    """What one hypothesis test's examples did in all: the test asserts the keys reached the games."""

    examples: int = 0
    keys: int = 0
    plays: int = 0
    quits: int = 0


CLEAR = "\x1b[H\x1b[2J\x1b[3J"

PLAYS = frozenset({"play", "select", "play_position", "choose", "number"})
"""The commands that may play a card (``choose`` and ``number`` pick one of a card's choices)."""


# -- the referee ----------------------------------------------------------------------------------


class Referee:
    """Watches every game state the screens start, and checks them after every key."""

    def __init__(self, tally: Tally | None = None) -> None:
        self.tally = tally or Tally()
        self.games: dict[int, tuple[GameState[Any], GameState[Any]]] = {}  # id -> (state, its shadow)
        self.command: str | None = None  # the command being carried out; None between commands
        self.app: App | None = None
        self.keys = 0
        self.plays = 0

    @contextmanager
    def watching(self) -> Iterator[Referee]:
        """While active, ``start`` and ``apply`` of every game go through the referee."""
        with ExitStack() as stack:
            for kind in (WarState, BundlesState):
                stack.enter_context(mock.patch.object(kind, "start", self._start(kind.start)))
                stack.enter_context(mock.patch.object(kind, "apply", self._apply(kind.apply)))
            yield self

    def _start(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def start(state: GameState[Any]) -> Any:
            events = original(state)
            self.games[id(state)] = (state, state.clone())
            return events

        return start

    def _apply(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def apply(state: GameState[Any], action: Any) -> Any:
            watched = self.games.get(id(state))
            if watched is None or watched[0] is not state:
                return original(state, action)  # a copy a computer player thinks with
            assert action in state.legal_actions(), f"an illegal action was taken: {action!r}"
            if self.command is None:
                assert self._computer_to_play(state), f"{action!r} was played with no key, for a person"
            else:
                assert self.command in PLAYS, f"the {self.command!r} command changed the game"
            self.plays += 1
            self.tally.plays += 1
            events = original(state, action)
            original(watched[1], action)  # the shadow takes the same action, and nothing else
            return events

        return apply

    def _computer_to_play(self, state: GameState[Any]) -> bool:
        """Only a Stealing Bundles computer seat acts on its own (War's cards are turned by a key)."""
        if not isinstance(state, BundlesState) or self.app is None:
            return False

        def playing(screen: Any) -> Any:
            whole = getattr(getattr(screen, "table", None), "state", None)
            return getattr(whole, "current", whole)  # a match plays its game in play

        owners = [screen for screen in self.app.stack if playing(screen) is state]
        return bool(owners) and all(state.turn not in screen.table.persons() for screen in owners)

    def check(self) -> None:
        """Every watched game is what its legal actions made it, with every card in one place."""
        for state, shadow in self.games.values():
            assert state.to_json() == shadow.to_json(), "a game changed without a legal action"
            if isinstance(state, BundlesState):
                check_bundles(state)
            else:
                cards = sorted(card for zone in state.zones().values() for card in zone)
                assert cards == list(range(len(state.deck))), "a War card is missing or twice"

    def attend(self, app: App) -> None:
        """Check after every command and after every refused key."""
        self.app = app
        self.tally.examples += 1
        dispatch, unknown = app.dispatch, app.terminal.unknown

        def checked_dispatch(typed: Typed) -> None:
            self.keys += 1
            self.tally.keys += 1
            self.command = typed.name
            try:
                dispatch(typed)
            finally:
                self.command = None
            self.check()

        def checked_unknown(text: str) -> None:
            self.keys += 1
            self.tally.keys += 1
            unknown(text)
            self.check()

        app.dispatch = checked_dispatch  # type: ignore[method-assign]
        app.terminal.unknown = checked_unknown

    def keep_open(self, app: App) -> None:
        """Quit (after its confirmation, or from a menu) says goodbye but goes on: the keys keep coming."""

        def quit_asked() -> None:
            self.tally.quits += 1
            app.say(app.t("Goodbye."))

        app.quit = quit_asked  # type: ignore[method-assign]


# -- how a run starts ----------------------------------------------------------------------------

STARTS = {
    "menu": st.just(None),  # the main menu
    "war": st.builds(
        lambda p, h, s: GameRequest("war", p, min(h, p), seed=s),
        st.integers(2, 4),
        st.integers(1, 2),
        st.integers(0, 99),
    ),
    "bundles": st.builds(
        lambda v, p, h, s: GameRequest("bundles", p, min(h, p), v, s),
        st.sampled_from(sorted(VARIANT_NAMES)),
        st.integers(2, 4),
        st.integers(1, 2),
        st.integers(0, 99),
    ),
}
"""How a run starts, one strategy a test: the three share the examples out over the test processes."""
languages = st.sampled_from(["en", "de"])


def _app(terminal: Terminal, lang: str | None, input_mode: str, tmp: Path) -> App:
    chosen = Settings(lang=lang, computer_pause=0.0, input=input_mode, games={"war": {"quiz": lang == "de"}})
    return App(terminal, settings_file.Loaded(chosen, (), True, tmp / "settings.toml"))


@contextmanager
def _quiet(tmp: Path) -> Iterator[None]:
    """No computer pause (the keys may set one in the settings), and a data folder of this example's own."""
    data = {"ACCESSIBLE_CARDS_DATA_DIR": str(tmp / "data")}
    with mock.patch("time.sleep"), mock.patch.dict(os.environ, data):  # time.sleep: how the screens pause
        yield


# -- keys as bytes, through the real key bindings ---------------------------------------------------

WORDS = sorted({word for command in COMMANDS for words in command.words.values() for word in words})
named_keys = st.sampled_from([*KEYS.values(), *"htbslrgvq?+-.0123456789 xyz", "\r", "\r", "\x1b[1;5C", "\x1b[Z"])
control_keys = st.one_of(st.integers(0, 31).map(chr), st.just("\x7f"))
escape_sequences = st.one_of(
    st.sampled_from(
        [
            "\x1b[15~",
            "\x1b[2~",
            "\x1b[3~",
            "\x1b[5~",
            "\x1b[6~",
            "\x1bOQ",
            "\x1b[1;1R",
            "\x1b[I",
            "\x1b[O",
            "\x1b[<0;5;5M",
        ]
    ),
    st.builds(
        lambda params, final: f"\x1b[{params}{final}",
        st.text("0123456789;?", max_size=6).filter(lambda p: "200" not in p),  # not an endless paste
        st.sampled_from("ABCDHFRZ~mhlJKnM@`PQS"),
    ),
    st.characters(min_codepoint=32, max_codepoint=126).map(lambda c: "\x1b" + c),  # Alt and a key
)
plain_text = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="^\x1b"), max_size=40)
typed_commands = st.builds(
    lambda lead, words, end: lead + words + end,
    st.sampled_from([":", "/", ":", ": "]),
    st.one_of(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join),
        st.builds(lambda w, n: f"{w} {n}", st.sampled_from(WORDS), st.integers(-3, 10**30)),
        plain_text,
    ),
    st.sampled_from(["\r", "\r", "", "\x1b", "\x15", "\x7f\r"]),
)
pastes = plain_text.map(lambda text: f"\x1b[200~{text}\x1b[201~")
long_input = st.sampled_from(
    [
        ":" + "x" * 600 + "\r",  # typed, character by character
        ":" + "play " * 120 + "\r",
        "\x1b[200~" + "spielen 1 " * 2000 + "\x1b[201~\r",  # pasted: 20,000 characters at once
        "\x1b[200~" + "7H\n" * 500 + "\x1b[201~",
        "h" * 60,
        "\x1b[A" * 40,
    ]
)
plays = st.sampled_from(["\r", " ", "1", "2", "3", "4", "\r\r", "0"])
key_presses = st.one_of(
    *[named_keys] * 4,
    *[plays] * 3,
    control_keys,
    escape_sequences,
    escape_sequences,
    typed_commands,
    pastes,
    long_input,
)


def _whole_presses(presses: list[str], limit: int) -> str:
    """As many whole presses as fit in ``limit`` bytes (a pipe holds 64 KiB; half a paste would swallow the rest)."""
    kept: list[str] = []
    size = 0
    for item in presses:
        size += len(item.encode("utf-8"))
        if size > limit:
            break
        kept.append(item)
    return "".join(kept)


def press(
    data: str, start: GameRequest | None, lang: str | None, input_mode: str, tmp: Path, tally: Tally | None = None
) -> str:
    """Run the program on ``data`` as a terminal sends it, through its own prompt (reading a pipe); what it said.

    The referee checks the games after every key; the program stops at the end of the keys.
    """
    out = io.StringIO()
    referee = Referee(tally)
    with referee.watching(), _quiet(tmp), create_pipe_input() as pipe:
        terminal = Terminal(lang or "en", input_mode, stdin=io.StringIO(), stdout=out)
        terminal.interactive = True  # read through prompt_toolkit, from the pipe
        session: PromptSession[object] = PromptSession(input=pipe, output=DummyOutput(), erase_when_done=True)
        session.app.ttimeoutlen = session.app.timeoutlen = 0.05
        terminal._session = session
        app = _app(terminal, lang, input_mode, tmp)
        referee.attend(app)
        pipe.send_text(data)
        pipe.close()  # the program reads to the end, then stops
        with time_limit(60):  # a program stuck on a key fails here
            assert app.run(start) == 0
    return out.getvalue().replace(CLEAR, "")  # the screen cleared at a hot-seat hand-over is meant


WAR_GAME = GameRequest("war", 2, 1, seed=3)
PILE = "You have 26 cards in your pile."
NOTHING = "That key does nothing here. Press ? for the keys."


@pytest.mark.parametrize(
    ("keys", "wanted", "unwanted"),
    [
        ("\x0c", NOTHING, "\x1b"),  # Control-L: a key like any other (the screen is not cleared)
        ("\x12h", PILE, "reverse-i-search"),  # Control-R: no search opened; H still answers
        ("\x13h", PILE, "i-search"),  # Control-S
        ("\x1ah", PILE, "\x1a"),  # Control-Z: no control code put in the line
        ("\x16\x07h", PILE, "\x07"),  # Control-V: no control code quoted into the line
        ("\x19h", PILE, "I do not know the command"),  # Control-Y: nothing pulled back into the line
        (":tisch\r\x1b[A\r", NOTHING, "The table is empty.\nThe table is empty."),  # Up: no command back
        (":\x12\x1bh", "The H key does nothing here", "Traceback"),  # a search left open ends with the prompt
        ("\x1bOP\r\x1bh", PILE, "Goodbye"),  # Enter in the rules reads the section; the program goes on
        (":\x16\x07ab\r", "I do not know the command :ab.", "\x07"),  # control codes typed are not repeated
        (":\x1aab\r", "I do not know the command :ab.", "\x1a"),
        (":spielen \u00b2\r", "I do not know the command", "Traceback"),  # a digit int() does not read
        (":play " + "9" * 5000 + "\r", "I do not know the command", "Traceback"),
    ],
)
def test_keys_the_line_editor_would_take(tmp_path: Path, keys: str, wanted: str, unwanted: str) -> None:
    """Keys a line editor would act on, with nothing typed: each one a key like any other, or a clean refusal."""
    said = press(keys, WAR_GAME, "en", "keys", tmp_path)
    assert wanted in said, said
    assert unwanted not in said, said


def test_a_search_in_a_typed_line_takes_the_letters(tmp_path: Path) -> None:
    """Control-R in a typed line searches the typed commands: its letters are not keys meanwhile."""
    said = press(":\x12is\x07\x15\x08h", WAR_GAME, "en", "keys", tmp_path)  # search; give up; clear; H
    assert "The I key" not in said and "The S key" not in said, said
    assert said.splitlines()[-1] == PILE


def test_control_l_and_a_search_left_open_keep_the_screen_and_the_prompt(players: list[Player], config: Path) -> None:
    """No clearing of the screen (a braille display reads it back); the prompt stays where the cursor waits."""
    config.mkdir()
    (config / "settings.toml").write_text('language = "en"\ninput = "words"\n', encoding="utf-8")
    player = Player(["play", "war", "--seed", "3", "--set", "face_down=1"], config)
    players.append(player)
    player.wait_for("Press Enter")
    player.type("tab\x0cle\r")  # Control-L while typing a word
    player.wait_for("The table is empty")
    player.type("\x12\x1b")  # a search opened, left by Escape: the game menu
    player.wait_for("Game menu")
    player.settle()
    assert "\x1b[2J" not in player.raw
    assert any(line.startswith("War for 2 players") for line in player.lines())  # still on the screen
    column, row = player.cursor()
    assert player.screen.display[row].startswith(">"), player.screen.display[row]
    assert column == 2


def test_a_malformed_mouse_report_is_ignored(players: list[Player], config: Path) -> None:
    """ESC [ 8 5 m looks like a mouse report to prompt_toolkit, whose own handler would stop the program."""
    player = Player(["play", "war", "--seed", "3", "--lang", "en"], config)
    players.append(player)
    player.wait_for("Press Enter")
    player.type("\x1b[85m")
    player.type("\x1b[Mabc")
    player.type("\x1b[<1;2M")
    player.press("h")
    player.wait_for("You have 26 cards in your pile")
    assert player.child.isalive()
    assert_clean(player.lines())


def test_control_d_asks_before_quitting_when_words_are_typed(tmp_path: Path) -> None:
    said = press("\x04table\r", WAR_GAME, "en", "words", tmp_path).splitlines()
    assert said[-2].startswith("Quit the game?")
    assert said[-1] == "I do not know the command table. Press ? for the keys."  # the program read on


def test_the_terminal_is_held_raw_and_given_back_as_it_was() -> None:
    """Keys wait unechoed and without signals between prompts; at exit the terminal is as it was, keys left dropped."""
    master, slave = pty.openpty()
    try:
        with open(slave, encoding="utf-8", closefd=False) as stdin:
            before = termios.tcgetattr(slave)
            give_back = _hold_keys(stdin)
            assert give_back is not None
            atexit.unregister(give_back)
            held = termios.tcgetattr(slave)
            assert not held[3] & (termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
            assert not held[0] & (termios.IXON | termios.ICRNL)
            os.write(master, b"rm -r ~\n")  # typed for the game after it ended, not for the shell
            time.sleep(0.05)
            give_back()
            assert termios.tcgetattr(slave) == before
            os.set_blocking(slave, False)
            with pytest.raises(BlockingIOError):
                os.read(slave, 100)  # what the shell would read next: nothing
    finally:
        os.close(master)
        os.close(slave)


def test_keys_pressed_while_the_computer_pauses_wait_for_the_prompt(players: list[Player], config: Path) -> None:
    """Control-C asks to quit, Control-backslash does not kill, typed keys are not echoed onto the screen."""
    config.mkdir()
    (config / "settings.toml").write_text('language = "en"\ncomputer_pause = 1.5\n', encoding="utf-8")
    player = Player(["play", "bundles", "--seed", "3"], config)
    players.append(player)
    player.wait_for(r"^Your turn\.")
    player.press("1", "1")  # your card: now the computer pauses before its own
    player.wait_for(r"^You ")
    player.child.send("\x1c\x13hh\x1b[A\x03")
    player.wait_for(r"^Quit the game\?", seconds=8)
    assert player.child.isalive()
    lines = player.lines()
    assert_clean(lines)
    assert not any("hh" in line or "^\\" in line or "^C" in line for line in lines), lines
    assert any(line.startswith("Computer 1 ") for line in lines)
    player.press("2")
    player.wait_for("Goodbye")


@pytest.mark.parametrize("begin", sorted(STARTS))
def test_random_keys_through_the_key_bindings(tmp_path_factory: pytest.TempPathFactory, begin: str) -> None:
    """The keys a terminal would send, read by the program's own prompt; help still answers at the end.

    Fifty runs from each start; in all, the keys reach the commands, and in Stealing Bundles some play cards
    (War's few keys that turn a card come up too seldom among random ones to count on).
    """
    tally = Tally()

    @settings(
        max_examples=50,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(
        start=STARTS[begin],
        lang=st.one_of(st.none(), languages),
        input_mode=st.sampled_from(["keys", "keys", "words"]),
        presses=st.lists(key_presses, max_size=40),
    )
    def one_run(start: GameRequest | None, lang: str | None, input_mode: str, presses: list[str]) -> None:
        # Afterwards: Control-G (ends a search, completes a mouse report cut short), Control-C (asks to quit),
        # ? for the help, Enter for "No, go on".
        data = _whole_presses(presses, 50_000) + "\x07\x07\x07\x07\x03?\r"
        said = press(data, start, lang, input_mode, tmp_path_factory.mktemp("keys"), tally)
        assert all(line.isprintable() for line in said.splitlines()), "a control code was written"
        if not said.rstrip().endswith(("Goodbye.", "Auf Wiedersehen.")):  # unless the keys chose Quit
            assert HELP.search(said), said[-2000:]

    one_run()
    assert tally.examples >= 50, tally
    assert tally.keys >= 3 * tally.examples, tally  # the keys reached the commands, not only the line editor
    if begin == "bundles":
        assert tally.plays > 0, tally  # random keys played cards, so the games were really in play


# -- commands as the screens receive them: typed lines, and named commands from elsewhere -----------


class ScriptedTerminal(Terminal):
    """A terminal whose input is a script: lines typed (read as piped input is) or named commands injected."""

    def __init__(self, lang: str, input_mode: str, script: list[str | Typed]) -> None:
        super().__init__(lang, input_mode, stdin=io.StringIO(), stdout=io.StringIO())
        self.script = list(script)

    def read(self, phase: str) -> Typed | None:
        while self.script:
            item = self.script.pop(0)
            if isinstance(item, Typed):
                return item
            self.stdin = io.StringIO(item + "\n")
            result = self._read_line(phase)
            if isinstance(result, Typed):
                return result
            if result is not None:
                self.unknown(result)
        return None


NAMES = sorted({command.name for command in COMMANDS} | {"play_position", "answer", "bogus", ""})
numbers = st.one_of(st.none(), st.integers(-2, 12), st.integers(-(10**20), 10**20))
injected = st.builds(Typed, st.sampled_from(NAMES), numbers)
lines = st.one_of(
    st.sampled_from(WORDS),
    st.builds(lambda w, n: f"{w} {n}", st.sampled_from(WORDS), st.integers(-5, 99)),
    st.integers(-5, 99).map(str),
    plain_text,
    st.just(""),
)
script_items = st.one_of(injected, lines, lines, st.sampled_from(["", "", "1", "2", "play 1", "ready", "spielen"]))


@pytest.mark.parametrize("begin", sorted(STARTS))
def test_random_commands_and_typed_lines(tmp_path_factory: pytest.TempPathFactory, begin: str) -> None:
    """Any named command with any number, in any phase, and any typed line: refused or carried out, legally.

    A hundred scripts from each start; in all, cards are played in the games, and Quit is chosen in the menu
    (in a game it asks first, and a random script seldom answers yes).
    """
    tally = Tally()

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        start=STARTS[begin],
        lang=languages,
        input_mode=st.sampled_from(["keys", "words"]),
        script=st.lists(script_items, min_size=20, max_size=100),
    )
    def one_run(start: GameRequest | None, lang: str, input_mode: str, script: list[str | Typed]) -> None:
        referee = Referee(tally)
        tmp = tmp_path_factory.mktemp("lines")
        with referee.watching(), _quiet(tmp):
            terminal = ScriptedTerminal(lang, input_mode, script)
            app = _app(terminal, lang, input_mode, tmp)
            referee.attend(app)
            referee.keep_open(app)
            assert app.run(start) == 0
        said = terminal.stdout.getvalue()
        assert all(line.isprintable() for line in said.splitlines())

    if begin == "menu":  # one script surely chooses Quit (random ones do now and then, not in every run)
        one_run = example(start=None, lang="en", input_mode="words", script=[Typed("quit"), "yes", *["1"] * 18])(
            one_run
        )
    one_run()
    assert tally.examples >= 100, tally
    assert tally.keys >= 10 * tally.examples, tally  # the scripts' lines and commands reached the program
    if begin == "menu":
        assert tally.quits > 0, tally  # some chose Quit, and the program went on as asked
    else:
        assert tally.plays > 0, tally  # some were legal plays, carried out


def test_the_referee_notices_a_change_behind_the_engines_back(tmp_path: Path) -> None:
    """The referee itself: a state changed by anything but ``apply`` fails the check."""
    referee = Referee()
    with referee.watching(), _quiet(tmp_path):
        terminal = ScriptedTerminal("en", "keys", ["h"])
        app = _app(terminal, "en", "keys", tmp_path)
        referee.attend(app)
        app.run(GameRequest("bundles", 2, 1, "standard", 3))
        ((state, _shadow),) = referee.games.values()
        assert isinstance(state, BundlesState)
        state.hands[0].append(state.stock.pop())
        with pytest.raises(AssertionError, match="without a legal action"):
            referee.check()


def test_the_referee_notices_a_play_by_a_review_key(tmp_path: Path) -> None:
    """The referee itself: a key that is not a play command must not change the game."""
    referee = Referee()
    with referee.watching():
        app = _app(ScriptedTerminal("en", "keys", []), "en", "keys", tmp_path)
        referee.attend(app)
        app.run(GameRequest("war", 2, 1, seed=3))
        ((state, _shadow),) = referee.games.values()
        referee.command = "table"
        with pytest.raises(AssertionError, match="the 'table' command changed the game"):
            state.apply(next(iter(state.legal_actions())))


# -- a real pseudo-terminal, thousands of keystrokes ------------------------------------------------

PTY_KEYSTROKES = 3000
ALPHABET: list[tuple[int, Callable[[random.Random], str]]] = [
    (30, lambda r: r.choice("htbslrgvq?+-.0123456789 \r\r\r")),
    (12, lambda r: r.choice([KEYS["up"], KEYS["down"], KEYS["left"], KEYS["right"], KEYS["home"], KEYS["end"]])),
    (6, lambda r: KEYS["escape"]),
    (3, lambda r: KEYS["f1"]),
    (6, lambda r: chr(r.choice([*range(1, 32), 127]))),  # control keys, Control-C and Control-D among them
    (4, lambda r: r.choice(["\x1b[15~", "\x1b[3~", "\x1b[5~", "\x1b[1;5C", "\x1b[Z", "\x1bx", "\x1b.", "\x1b[I"])),
    (3, lambda r: "\x1b[" + "".join(r.choice("0123456789;") for _ in range(r.randint(0, 4))) + r.choice("ABCD~mR")),
    (4, lambda r: r.choice(":/") + " ".join(r.choice(WORDS) for _ in range(r.randint(1, 3))) + "\r"),
    (2, lambda r: ":" + "".join(chr(r.randint(32, 0x2FF)) for _ in range(r.randint(1, 30))).replace("^", "") + "\r"),
    (2, lambda r: "\x1b[200~" + "".join(r.choice("abc xyz\n7H:") for _ in range(r.randint(1, 200))) + "\x1b[201~"),
    (1, lambda r: ":" + "x" * 500 + "\r"),  # typed: the line is drawn again after every character
    (1, lambda r: "\x1b[200~" + "spielen 1 " * 2000 + "\x1b[201~"),  # pasted: 20,000 characters at once
]
RUNS = [  # the command line, and the input mode of the settings file
    (["play", "war", "--lang", "en", "--seed", "5"], "keys"),
    (["play", "bundles", "--lang", "en", "--players", "3", "--seed", "6"], "keys"),
    ([], "keys"),  # the main menu
    (["play", "bundles", "--lang", "de", "--variant", "rubamazzo", "--humans", "2", "--seed", "7"], "keys"),
    (["play", "war", "--lang", "de", "--players", "4", "--quiz", "--seed", "8"], "words"),
    (["play", "bundles", "--lang", "en", "--variant", "rubamazzo-15", "--seed", "9"], "words"),
]
GOODBYE = re.compile(r"Goodbye\.|Auf Wiedersehen\.")
PROMPT = "\x1b[?2004h"  # the prompt is up: it asks the terminal to mark pasted text
HELP = re.compile(r"Keys for this moment, one a line:|Die Tasten für jetzt, eine pro Zeile:")


def _keystrokes(rng: random.Random) -> str:
    weights = [weight for weight, _ in ALPHABET]
    (_, make) = rng.choices(ALPHABET, weights)[0]
    return make(rng)


class Run:
    """One start of the program in a pseudo-terminal, its raw output kept."""

    def __init__(self, args: list[str], config: Path) -> None:
        self.player = Player([*args, "--pause", "0"] if args else args, config)
        self.player.child.delaybeforesend = None
        os.set_blocking(self.player.child.child_fd, False)  # see send
        self.raw = ""
        end = time.monotonic() + 15
        while PROMPT not in self.raw and time.monotonic() < end:  # keys before it would meet the shell's terminal
            self.pump(0.05)
        assert PROMPT in self.raw, self.raw

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                self.raw += self.player.child.read_nonblocking(1 << 16, timeout=0.02)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return

    def send(self, text: str) -> bool:
        """Type ``text`` while reading what the program writes; True when all of it reached a running program.

        The terminal's buffers are small both ways: a program echoing a long typed line would wait for
        its output to be read while a blocking write waited for it to read its input.
        """
        data = text.encode("utf-8")
        while data:
            try:
                data = data[os.write(self.player.child.child_fd, data[:1024]) :]
            except BlockingIOError:
                pass
            except OSError:  # the program has ended
                return False
            self.pump(0.002)
            if self.ending():
                return False
        return True

    def ending(self) -> bool:
        """The program has said goodbye (a person stops typing then), or it has ended."""
        return bool(GOODBYE.search(self.raw[-300:])) or not self.alive()

    def alive(self) -> bool:
        return bool(self.player.child.isalive())

    def quiet(self, seconds: float = 1.0, limit: float = 30.0) -> int:
        """Wait until the program has said nothing for ``seconds`` (it has read every key); the output's length."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            before = len(self.raw)
            self.pump(seconds)
            if len(self.raw) == before:
                break
        return len(self.raw)

    def ended_cleanly(self) -> bool:
        """The keys quit the program: it said goodbye and ended with status 0."""
        self.pump(0.5)
        self.player.child.close()
        return self.player.child.exitstatus == 0 and bool(GOODBYE.search(self.raw))

    def screen(self) -> list[str]:
        """The screen as a screen reader finds it, scrollback included."""
        screen = pyte.HistoryScreen(COLUMNS, ROWS, history=20000)
        screen.set_mode(pyte.modes.LNM)
        pyte.Stream(screen).feed(self.raw)
        history = ["".join(row[x].data for x in range(COLUMNS)).rstrip() for row in screen.history.top]
        return [line for line in history + [line.rstrip() for line in screen.display] if line]


def test_thousands_of_random_keystrokes_in_a_real_terminal(players: list[Player], tmp_path: Path) -> None:
    # The computer does not pause; a bad value (braille output "none-such", so braille stays off) keeps the file
    # from being written, so every start is the same.
    kept = {}
    for mode in ("keys", "words"):
        (tmp_path / mode).mkdir()
        kept[mode] = (
            f'language = "en"\ncomputer_pause = 0\ninput = "{mode}"\n[test]\nrandom_keys = true\n'
            '[braille]\noutput = "none-such"\n'
        )
        (tmp_path / mode / "settings.toml").write_text(kept[mode], encoding="utf-8")
    rng = random.Random(20240917)
    reached = restarts = 0
    run_index = 0
    run = Run(RUNS[0][0], tmp_path / RUNS[0][1])
    players.append(run.player)
    started = time.monotonic()
    in_this_run = 0
    while True:
        assert time.monotonic() - started < 90, f"only {reached} keystrokes in 90 s"
        if reached >= PTY_KEYSTROKES and in_this_run:
            mark = run.quiet()  # every key read
            if not run.ending():
                break
        else:
            chunk = [_keystrokes(rng) for _ in range(rng.randint(5, 25))]
            sent = run.send("".join(chunk))
            run.pump(0.03)
            assert "Traceback" not in run.raw
            if sent and not run.ending():
                reached += len(chunk)
                in_this_run += len(chunk)
                continue
        assert run.ended_cleanly(), run.raw[-2000:]  # the keys chose Quit: that is allowed
        restarts += 1
        run_index += 1
        args, mode = RUNS[run_index % len(RUNS)]
        run = Run(args, tmp_path / mode)
        players.append(run.player)
        in_this_run = 0
    # Afterwards: Control-G ends a search, Control-C asks to quit (and clears a typed line); ? answers with
    # the help (and Enter after it, in case words are typed).
    run.send("\x07\x07\x07\x07\x03?")
    run.quiet(0.5)
    if not HELP.search(run.raw[mark:]):
        run.send("\r")
        run.quiet(0.5)
    assert HELP.search(run.raw[mark:]), run.raw[-3000:]
    mark = len(run.raw)
    run.send("\x03")  # Control-C asks first ...
    run.quiet(0.5)
    assert re.search(r"Quit|beenden", run.raw[mark:]), run.raw[-3000:]
    run.send("2\r")  # ... and 2 is "Yes, quit" (typed, or a key)
    run.pump(1.0)
    assert run.ended_cleanly(), run.raw[-2000:]
    assert_clean(run.screen())
    print(f"{reached} random keystrokes reached the program in {time.monotonic() - started:.1f} s; {restarts} quits")
    assert reached >= PTY_KEYSTROKES
    for mode, text in kept.items():
        assert (tmp_path / mode / "settings.toml").read_text(encoding="utf-8") == text
