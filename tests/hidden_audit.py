"""Play the program (the App with its screens) from a script of keys, and audit everything it shows.

:class:`Audit` plays one game through :class:`~accessible_cards.ui.app.App` with a terminal whose
keys come from a seeded script, and checks, at the moment each is made, every line the program
writes: the terminal lines, each utterance's speech and braille text given to the outputs, the
Unicode braille cells of ``--braille unicode``, anything written to standard error, every log
record and every warning. Each must name no card the person at the keyboard may not know.

Who is at the keyboard is the audit's own account, not the screen's: one person plays alone at
seat 0; with several people, nobody is there until the script confirms a hand-over, and then it
is the person whose turn it is (the screen must have asked for that very person). Until then,
what is shown may name no card of any hand. After every play that passes the turn to another
person, nothing before that person's confirmation may name a card of their hand.

The game screen's history, and the history of the saved game as ``replay`` tells it (in both
languages), are checked with :func:`hidden_support.leaks`: no entry names a card the person never
saw. A resumed game is followed from its save, so the same holds after a resume. The braille cells
are read back (with liblouis' source positions) for every line whose text names a card, and for
every eighth line besides.

Stiche-Raten is followed the same way (its review keys, the score sheet, hand-overs at a hot seat),
and after every step the table a watcher sees: the public view (sent to watchers and kept for those
who come later) may hold no card of a hand, may not change when the hands are shuffled, and what a
watcher's narrator says of it names no card of a hand. A pack with two of each card (skat64) names
both alike: a card counts as hidden only when no card of that name is known to the one who reads.
"""

from __future__ import annotations

import contextlib
import functools
import io
import logging
import os
import random
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hidden_support import BundlesWatch, CellSpotter, OhHellWatch, Spotter, WarWatch, cards_in, leaks, secret_cards

from accessible_cards import game as registry
from accessible_cards import saves, transcript
from accessible_cards.braille.display import UnicodeBrailleOutput
from accessible_cards.cards import Card, deck
from accessible_cards.game import Voice
from accessible_cards.games.bundles.controller import BUNDLES
from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.ohhell.controller import PLAYING as OHHELL
from accessible_cards.games.ohhell.controller import SHEET as OHHELL_SHEET
from accessible_cards.games.ohhell.state import BID, OhHellState
from accessible_cards.games.war.controller import QUIZ, WAR
from accessible_cards.games.war.state import WarState
from accessible_cards.keys import CHOICE, HANDOFF, HISTORY, Typed
from accessible_cards.outputs import RecordingOutput
from accessible_cards.settings import Loaded, Settings
from accessible_cards.ui.app import App, GameRequest
from accessible_cards.ui.commands import key_map
from accessible_cards.ui.game_screen import GameScreen
from accessible_cards.ui.screens import Screen
from accessible_cards.ui.terminal import Terminal
from accessible_cards.utterance import Utterance

_REVIEW_BUNDLES = ("h", "h", "t", "b", "s", "l", "r", "?", "right", "left", "v", "g", "x")
_REVIEW_WAR = ("h", "t", "s", "l", "r", "?", "v", "g", "x")
_AT_HANDOFF = ("h", "t", "b", "s", "l", "g", "1", "right", "r", "?", "v", "x")
_IN_HISTORY = ("up", "up", "down", "home", "end")
_REVIEW_OHHELL = ("h", "t", "u", "b", "c", "s", "l", "r", "?", "v", "g", "left", "right", "x")
_IN_SHEET = ("up", "down", "left", "right", "right", "home", "end", "h")

Watch = WarWatch | BundlesWatch | OhHellWatch


def watch_for(state: Any) -> Watch:
    """The watch that follows ``state``'s game."""
    if isinstance(state, WarState):
        return WarWatch(state)
    if isinstance(state, OhHellState):
        return OhHellWatch(state)
    return BundlesWatch(state)


def turn_of(watch: Watch) -> int | None:
    """The seat to move in the watched game (None in War, where nobody chooses)."""
    if isinstance(watch, OhHellWatch):
        return watch.turn()
    if isinstance(watch, BundlesWatch):
        return watch.state.view(0).turn
    return None


@pytest.fixture
def data(tmp_path: Path) -> Iterator[Path]:
    """The saves folder of the program's games: in memory where the system offers it (each move is synced)."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="accessible-cards-test-", dir=shm))
        yield folder
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path


class ScriptedTerminal(Terminal):
    """A terminal whose keys come from ``keys(phase)`` (None ends the input); it writes to ``write``."""

    def __init__(self, lang: str, keys: Callable[[str], str | None], write: Callable[[str], None]) -> None:
        super().__init__(lang, "keys", stdin=io.StringIO(), stdout=io.StringIO())
        self.keys = keys
        self.write = write

    def line(self, text: str) -> None:
        self.write(text)

    def read(self, phase: str) -> Typed | None:
        """The next key as the real terminal reads it: a command of this phase, or an unknown key reported."""
        while True:
            key = self.keys(phase)
            if key is None:
                return None
            command = key_map(phase).get(key)
            if command is None:
                self.unknown(key)
                continue
            return Typed(command.name, int(key) if key.isdigit() else None)


class _Checked(io.TextIOBase):
    """Standard error while the game runs: every write is checked as it comes."""

    def __init__(self, check: Callable[[str, str], None]) -> None:
        self.check = check

    def write(self, text: str) -> int:
        if text.strip():
            self.check("stderr", text)
        return len(text)


class _LogCheck(logging.Handler):
    def __init__(self, check: Callable[[str, str], None]) -> None:
        super().__init__(logging.DEBUG)
        self.check = check

    def emit(self, record: logging.LogRecord) -> None:
        self.check("log", record.getMessage())


@dataclass
class Figures:
    """What one audit saw."""

    steps: int = 0
    keys: int = 0
    lines: int = 0
    cells: int = 0
    logged: int = 0
    handovers: int = 0
    history: int = 0
    saved_history: int = 0
    watched: int = 0
    found: list[str] = field(default_factory=list)


class Audit:
    """One game of ``request`` played by a seeded script, with every line checked as it is shown."""

    def __init__(
        self,
        request: GameRequest,
        lang: str,
        seed: int,
        *,
        verbosity: str = "normal",
        card_names: str = "full",
        quiz: bool = False,
        computer: str = "simple",
        screen: type[Screen] | None = None,
        max_keys: int = 4000,
        data: Path,
        resume: bool = False,
    ) -> None:
        self.request = request
        self.lang = lang
        self.rng = random.Random(seed)
        self.settings = Settings(
            lang=lang,
            verbosity=verbosity,
            computer_pause=0.0,
            card_names=card_names,
            games={"war": {"quiz": quiz}, "bundles": {"computer": computer}, "ohhell": {"computer": computer}},
        )
        self.screen_class = screen
        self.max_keys = max_keys
        self.data = data
        self.resume = resume
        if request.game == "war":
            kind = str(request.options.get("deck", "french52"))
        elif request.game == "ohhell":
            kind = str(request.options.get("pack", "french52"))
        else:
            kind = BundlesOptions.from_mapping({"variant": request.variant, **request.options}).deck
        self.deck = deck(kind)
        self.ids = {card: i for i, card in enumerate(self.deck.cards)}
        self.grouped = request.game == "ohhell"  # a hand said by suit: "hearts: nine; clubs: queen and seven"
        self.spotter = _spotter(lang, self.deck.kind.value, self.grouped)
        self.cells = CellSpotter(lang, None, kind)
        self.figures = Figures()
        self.screen: GameScreen | None = None
        self.watch: Watch | None = None
        self.hot_seat = registry.get(request.game).private_hands and request.humans > 1
        self.at_keyboard: int | None = None if self.hot_seat else 0
        self.pending: tuple[int, frozenset[Card]] | None = None
        self.seen: dict[int, set[int]] = {seat: set() for seat in range(request.humans)}
        self.queue: list[str] = []
        self.braille_text = ""
        self.braille_lines: list[str] = []  # the lines of the last utterance's braille not yet written
        self.app: App | None = None

    # -- what may be shown -------------------------------------------------------

    def _cards(self, ids: frozenset[int] | set[int]) -> frozenset[Card]:
        """The names of ``ids`` that stay secret: with two of a card (skat64), not one whose twin is known."""
        return secret_cards(self.deck.cards, ids, len(self.deck))

    def hidden(self) -> frozenset[Card]:
        """The cards nothing shown now may name."""
        watch = self.watch
        if watch is None:
            return frozenset()
        if self._top_phase() == HISTORY:
            seat = self.at_keyboard if self.at_keyboard is not None else 0
            return self._cards(watch.hidden(seat) - self.seen[seat])
        return self._cards(watch.hidden(self.at_keyboard) - watch.revealed)

    def _top_phase(self) -> str | None:
        app = self.app
        return app.stack[-1].phase if app is not None and app.stack else None

    def check(self, where: str, text: str) -> None:
        """Note every hidden card ``text`` names, and a hand named before its owner confirmed."""
        named = self.spotter.cards(text)
        if not named:
            return
        leaked = named & self.hidden()
        if leaked:
            self.figures.found.append(f"{where}: {text!r} names {sorted(c.code for c in leaked)}")
        if self.pending is not None:
            seat, hand = self.pending
            early = named & hand
            if early and self.watch is not None:  # with two of a card (skat64), one of that name may be face up now
                shown = set(range(len(self.deck))) - self.watch.hidden(None) | self.watch.revealed
                early -= {self.deck.cards[i] for i in shown}
            if early:
                self.figures.found.append(
                    f"{where}: {text!r} names {sorted(c.code for c in early)} of seat {seat}'s hand "
                    "before that person confirmed the hand-over"
                )

    def _said(self, utterance: Utterance) -> None:
        self.figures.lines += 1
        self.check("speech", utterance.speech)
        self.check("braille", utterance.braille)
        self.braille_lines = [line for line in utterance.braille.split("\n") if line.strip()] or [utterance.braille]

    def _braille_cells(self, cells: str) -> None:
        """The Unicode braille line just written, read back cell by cell (the braille output comes last)."""
        self.figures.cells += 1
        self.braille_text = self.braille_lines.pop(0) if self.braille_lines else ""  # each line is written apart
        if not self.spotter.cards(self.braille_text) and self.figures.cells % 8:
            return  # cells show a card only where the text has its code or name; every 8th line is read anyway
        translated, shown = self.cells.cards(self.braille_text)
        if translated != cells:
            self.figures.found.append(f"braille cells {cells} are not the translation of {self.braille_text!r}")
        leaked = shown & self.hidden()
        if leaked:
            self.figures.found.append(f"braille cells: {cells} show {sorted(c.code for c in leaked)}")

    # -- following the game ---------------------------------------------------------

    def attach(self, screen: Screen) -> None:
        """Follow the game ``screen`` plays: its deal and every action go through the watch."""
        if not isinstance(screen, GameScreen):
            return
        if self.screen is not None and screen is not self.screen:  # "Play again": a new deal, nobody has seen it
            self.at_keyboard = None if self.hot_seat else 0
            self.pending = None
            self.seen = {seat: set() for seat in self.seen}
            self.queue.clear()
        self.screen = screen
        state: Any = screen.table.state
        watch = watch_for(state)
        self.watch = watch

        def start() -> list[Any]:
            events = watch.start()
            self._after_step()
            return events

        def apply(action: Any) -> list[Any]:
            events = watch.step(action)
            self.figures.steps += 1
            self._after_step()
            if isinstance(watch, OhHellWatch):
                self._check_watcher(watch, events)
            return events

        state.start = start
        state.apply = apply
        if self.resume and screen.record is not None:
            self._replay_saved(screen.record.path)

    def _replay_saved(self, path: Path) -> None:
        """A resumed game: replay its save through a watch of its own, for what each person has seen so far."""
        saved = saves.load(path)
        start: Any = saved.start_state()
        replayed = watch_for(start)
        every = set(range(len(self.deck)))

        def seen_now() -> None:
            for seat, seen in self.seen.items():
                seen |= every - replayed.hidden(seat)
                seen |= replayed.revealed

        replayed.start()
        seen_now()
        for move in saved.moves:
            replayed.step(move.action)  # type: ignore[arg-type]
            seen_now()
        if isinstance(replayed, BundlesWatch) and isinstance(self.watch, BundlesWatch):
            self.watch.bonus = dict(replayed.bonus)
        assert self.watch is not None
        assert replayed.state.to_json() == self.watch.state.to_json(), "the resumed game is not the saved one"
        self._after_step()

    def _after_step(self) -> None:
        watch = self.watch
        assert watch is not None
        every = set(range(len(self.deck)))
        for seat, seen in self.seen.items():
            seen |= every - watch.hidden(seat)
            seen |= watch.revealed
        if not self.hot_seat or isinstance(watch, WarWatch):
            return
        turn = turn_of(watch)
        if turn is not None and turn in self.seen and turn != self.at_keyboard:
            # the next hand, but for the cards of that name the one still at the keyboard may know (skat64)
            known = {self.deck.cards[i] for i in set(range(len(self.deck))) - watch.hidden(self.at_keyboard)}
            hand = {self.deck.cards[i] for i in watch.state.hands[turn]}
            self.pending = (turn, frozenset(hand - known))

    def _confirm(self) -> None:
        """The script presses Enter at a hand-over: the person whose turn it is sits down."""
        screen, watch = self.screen, self.watch
        assert isinstance(screen, GameScreen) and isinstance(watch, (BundlesWatch, OhHellWatch))
        turn = turn_of(watch)
        if screen.handoff_to != turn:
            self.figures.found.append(f"the hand-over asks for seat {screen.handoff_to}, but seat {turn} is to play")
        self.at_keyboard = turn
        if self.pending is not None and self.pending[0] == turn:
            self.pending = None
            self.figures.handovers += 1
            if self.figures.handovers % 12 == 1:
                self.check_saved_history()

    def check_history(self) -> None:
        """No history entry names a card the person at the keyboard (or, in a hot seat, anyone) never saw."""
        screen, watch = self.screen, self.watch
        if screen is None or watch is None:
            return
        self.figures.history += len(screen.history)
        for seat, seen in self.seen.items():
            never = self._cards(watch.hidden(seat) - seen)
            for line, cards in leaks(screen.history, never, self.spotter):
                self.figures.found.append(f"history for seat {seat}: {line!r} names {sorted(c.code for c in cards)}")

    def check_saved_history(self) -> None:
        """The history of the saved game, as ``replay`` and ``emboss history`` tell it, in both languages.

        It is the first person's view (every person's, in a hot seat): no line may name a card that
        person never saw up to the last saved move.
        """
        watch = self.watch
        files = saves.game_files(self.data / "saves")
        if watch is None or not files:
            return
        saved = saves.load(files[0])
        for lang in ("en", "de"):
            verbosity = self.rng.choice(("brief", "normal", "full"))
            lines = transcript.history(saved, lang, verbosity, self.settings.card_names)
            self.figures.saved_history += len(lines)
            for seat, seen in self.seen.items():
                never = self._cards(watch.hidden(seat) - seen)
                for line, cards in leaks(lines, never, _spotter(lang, self.deck.kind.value, self.grouped)):
                    self.figures.found.append(
                        f"saved history for seat {seat}: {line!r} names {sorted(c.code for c in cards)}"
                    )

    # -- the script -------------------------------------------------------------------

    def keys(self, phase: str) -> str | None:
        """The next key: play on, look around now and then, confirm hand-overs, stop at the end."""
        self.figures.keys += 1
        if self.figures.keys > self.max_keys:
            return None
        if self.queue and phase == HANDOFF:
            self.queue.clear()  # a key meant for the last person's turn: the hand-over is confirmed only below
        if self.queue:
            return self.queue.pop(0)
        rng, screen, app = self.rng, self.screen, self.app
        if screen is None or app is None:
            return None
        if screen.table.state.result is not None and phase not in (HISTORY, CHOICE):
            return None
        if phase == HANDOFF:
            if rng.random() < 0.3:
                return rng.choice(_AT_HANDOFF)
            self._confirm()
            return "enter"
        if phase == HISTORY:
            return rng.choice(_IN_HISTORY) if rng.random() < 0.6 else "escape"
        if phase == CHOICE:
            items = len(getattr(app.stack[-1], "items", ())) or 1
            return str(rng.randint(1, min(items, 9)))
        if phase == QUIZ:
            return str(rng.randint(0, self.request.players))
        if phase == WAR:
            if rng.random() < 0.25:
                key = rng.choice(_REVIEW_WAR)
                self.check_history()
                return key
            return "enter"
        if phase == BUNDLES:
            if screen.controller.waiting_for() is not None:
                return "enter"  # between the games of a match: the next game
            if rng.random() < 0.25:
                self.check_history()
                return rng.choice(_REVIEW_BUNDLES)
            assert isinstance(screen, GameScreen) and screen.game.name == "bundles"
            hand = len(screen.table.view(screen.listener).hand)
            if not hand:
                return "t"
            position = str(rng.randint(1, min(hand, 9)))
            self.queue.append(position)
            return position
        if phase == OHHELL:
            return self._ohhell_key(screen)
        if phase == OHHELL_SHEET:
            return rng.choice(_IN_SHEET) if rng.random() < 0.7 else rng.choice(("escape", "s"))
        return None  # a menu: the game is left

    def _ohhell_key(self, screen: GameScreen) -> str:
        """Stiche-Raten: a review key now and then; else a bid, a trump suit or a card, by digit (twice, or then Enter).

        Most choices are legal ones; now and then any digit, so that refusals (a bid the dealer may not
        make, a card that does not follow suit, no card in that position) are said too.
        """
        rng = self.rng
        if rng.random() < 0.25:
            self.check_history()
            return rng.choice(_REVIEW_OHHELL)
        view = screen.table.view(screen.listener)
        if view.to_move != view.seat:
            return rng.choice(_REVIEW_OHHELL)
        wild = rng.random() < 0.1
        if view.phase == "bid":
            bids = [action - BID for action in view.legal]
            digit = str(rng.randint(0, 9) if wild else rng.choice([b for b in bids if b <= 9] or [0]))
        elif view.phase == "trump":
            digit = str(rng.randint(0, 9) if wild else rng.randint(1, 4))
        else:
            playable = [i + 1 for i, card in enumerate(view.hand_ids) if card in view.legal and i < 9]
            digit = str(rng.randint(1, 9) if wild or not playable else rng.choice(playable))
        self.queue.append(digit if rng.random() < 0.7 else "enter")
        return digit

    # -- running --------------------------------------------------------------------------

    def run(self) -> Figures:
        """Play the game to its end (or until the script stops) and return what was seen."""
        audit = self
        screen_class = self.screen_class

        class WatchedApp(App):
            def push(self, screen: Screen) -> None:
                audit.attach(screen)
                super().push(screen)

            def game_screen(self, request: GameRequest) -> Screen:
                if screen_class is not None:
                    return screen_class(self, request)  # type: ignore[call-arg]
                return super().game_screen(request)

        terminal = ScriptedTerminal(self.lang, self.keys, lambda text: self.check("terminal", text))
        outputs: list[Any] = [
            _Audited(self._said),
            UnicodeBrailleOutput(self._braille_cells, self.lang),
        ]
        loaded = Loaded(self.settings, (), False, Path("settings-never-written.toml"))
        app = WatchedApp(terminal, loaded, save_settings=False, outputs=outputs)
        self.app = app
        handler = _LogCheck(lambda where, text: self._logged(where, text))
        root = logging.getLogger()
        level = root.level
        root.addHandler(handler)
        root.setLevel(logging.DEBUG)
        before = os.environ.get(saves.DATA_ENV)
        os.environ[saves.DATA_ENV] = str(self.data)
        try:
            with (
                contextlib.redirect_stderr(_Checked(self._logged)),
                warnings.catch_warnings(record=True) as caught,
            ):
                warnings.simplefilter("always")
                if self.resume:
                    app.run(resume=True)
                else:
                    app.run(self.request)
            for warning in caught:
                self._logged("warning", str(warning.message))
            self.check_history()
            self.check_saved_history()
        finally:
            root.removeHandler(handler)
            root.setLevel(level)
            if before is None:
                del os.environ[saves.DATA_ENV]
            else:
                os.environ[saves.DATA_ENV] = before
        return self.figures

    def _check_watcher(self, watch: OhHellWatch, events: list[Any]) -> None:
        """The table as a watcher sees it after this step: its view, that view of shuffled hands, its words."""
        state = watch.state
        hands = self._cards(set(watch.hidden(None)))  # every hand and the cards not dealt
        public = state.public_view()
        shown = frozenset(cards_in(public)) & hands
        if shown:
            self.figures.found.append(f"watcher's view holds {sorted(c.code for c in shown)}")
        twin = watch.shuffled(None, self.rng).public_view()
        if twin != public:
            self.figures.found.append("the watcher's view changes when the hands are shuffled")
        self.figures.watched += 1
        lang = ("en", "de")[self.figures.watched % 2]
        game = registry.get("ohhell")
        names = [f"Player {seat + 1}" for seat in range(state.players)]
        narrator: Any = game.narrator(state, Voice(lang, self.settings.verbosity, names, None))
        told = [narrator.event(event, public) for event in events]
        if self.figures.watched % 4 == 0:
            told += [narrator.trick(public), narrator.bids(public), narrator.played(public), narrator.trump(public)]
        spotter = _spotter(lang, self.deck.kind.value, True)
        during = self._cards(set(watch.hidden(None)) - watch.revealed)
        for utterance in told:
            if utterance is None:
                continue
            for text in (utterance.speech, utterance.braille):
                leaked = spotter.cards(text) & during
                if leaked:
                    self.figures.found.append(f"watcher: {text!r} names {sorted(c.code for c in leaked)}")

    def _logged(self, where: str, text: str) -> None:
        """A log record, a warning or standard error: meant for nobody, so it may name no card of any hand."""
        self.figures.logged += 1
        named = self.spotter.cards(text)
        watch = self.watch
        if watch is None or not named:
            return
        leaked = named & self._cards(watch.hidden(None) - watch.revealed)
        if leaked:
            self.figures.found.append(f"{where}: {text!r} names {sorted(c.code for c in leaked)}")


class _Audited(RecordingOutput):
    """The recording twin of a speech or braille device, handing each utterance to the audit as it comes."""

    def __init__(self, said: Callable[[Utterance], None]) -> None:
        super().__init__()
        self.heard = said

    def say(self, utterance: Utterance) -> None:
        self.heard(utterance)
        super().say(utterance)


@functools.cache
def _spotter(lang: str, kind: str, grouped: bool = False) -> Spotter:
    return Spotter(lang, kind, grouped=grouped)
