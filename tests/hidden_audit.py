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
"""

from __future__ import annotations

import contextlib
import functools
import io
import logging
import os
import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hidden_support import BundlesWatch, CellSpotter, Spotter, WarWatch, leaks

from accessible_cards import saves, transcript
from accessible_cards.braille.display import UnicodeBrailleOutput
from accessible_cards.cards import Card, deck
from accessible_cards.games.bundles.controller import BUNDLES
from accessible_cards.games.bundles.rules import BundlesOptions
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
            games={"war": {"quiz": quiz}, "bundles": {"computer": computer}},
        )
        self.screen_class = screen
        self.max_keys = max_keys
        self.data = data
        self.resume = resume
        if request.game == "war":
            kind = str(request.options.get("deck", "french52"))
        else:
            kind = BundlesOptions.from_mapping({"variant": request.variant, **request.options}).deck
        self.deck = deck(kind)
        self.ids = {card: i for i, card in enumerate(self.deck.cards)}
        self.spotter = _spotter(lang, self.deck.kind.value)
        self.cells = CellSpotter(lang, None, kind)
        self.figures = Figures()
        self.screen: GameScreen | None = None
        self.watch: WarWatch | BundlesWatch | None = None
        self.hot_seat = request.game == "bundles" and request.humans > 1
        self.at_keyboard: int | None = None if self.hot_seat else 0
        self.pending: tuple[int, frozenset[Card]] | None = None
        self.seen: dict[int, set[int]] = {seat: set() for seat in range(request.humans)}
        self.queue: list[str] = []
        self.braille_text = ""
        self.braille_lines: list[str] = []  # the lines of the last utterance's braille not yet written
        self.app: App | None = None

    # -- what may be shown -------------------------------------------------------

    def _cards(self, ids: frozenset[int] | set[int]) -> frozenset[Card]:
        cards = self.deck.cards
        return frozenset(cards[i] for i in ids)

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
        self.screen = screen
        state: Any = screen.table.state
        watch: WarWatch | BundlesWatch = WarWatch(state) if screen.game.name == "war" else BundlesWatch(state)
        self.watch = watch

        def start() -> list[Any]:
            events = watch.start()
            self._after_step()
            return events

        def apply(action: Any) -> list[Any]:
            events = watch.step(action)
            self.figures.steps += 1
            self._after_step()
            return events

        state.start = start
        state.apply = apply
        if self.resume and screen.record is not None:
            self._replay_saved(screen.record.path)

    def _replay_saved(self, path: Path) -> None:
        """A resumed game: replay its save through a watch of its own, for what each person has seen so far."""
        saved = saves.load(path)
        start: Any = saved.start_state()
        replayed: WarWatch | BundlesWatch = WarWatch(start) if isinstance(start, WarState) else BundlesWatch(start)
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
        if not self.hot_seat or not isinstance(watch, BundlesWatch):
            return
        turn = watch.state.view(0).turn
        if turn is not None and turn in self.seen and turn != self.at_keyboard:
            self.pending = (turn, self._cards(set(watch.state.hands[turn])))

    def _confirm(self) -> None:
        """The script presses Enter at a hand-over: the person whose turn it is sits down."""
        screen, watch = self.screen, self.watch
        assert isinstance(screen, GameScreen) and screen.game.name == "bundles" and isinstance(watch, BundlesWatch)
        turn = watch.state.view(0).turn
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
                for line, cards in leaks(lines, never, _spotter(lang, self.deck.kind.value)):
                    self.figures.found.append(
                        f"saved history for seat {seat}: {line!r} names {sorted(c.code for c in cards)}"
                    )

    # -- the script -------------------------------------------------------------------

    def keys(self, phase: str) -> str | None:
        """The next key: play on, look around now and then, confirm hand-overs, stop at the end."""
        self.figures.keys += 1
        if self.figures.keys > self.max_keys:
            return None
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
        return None  # a menu: the game is left

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
def _spotter(lang: str, kind: str) -> Spotter:
    return Spotter(lang, kind)
