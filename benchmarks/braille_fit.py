"""How many braille lines fit a 40-cell display: every line a player's display gets, over seeded games.

Each game is played through the program itself (the App with its screens, a terminal whose keys
come from a script: the person plays the first card of the hand, and the first choice when a card
can do more than one thing), so the lines counted are every line the braille display is given:
the title, the deal, every move, each "Which?" choice, "Your turn", the end. Each braille line (an
announcement of several lines counts each line) is translated with real liblouis and the table the
player has by default (``en-ueb-g1``, ``de-g1``), card tables in front, and its cells are counted.

Every row plays each seed in English and German, at normal and at full verbosity (which tells the
seed in the title and adds the bundle sizes after each take).

Stiche-Raten's rows (every option: both packs, Greifen und Passen, Rauf-Runter; 3 to 6 players)
play whole games in which the person, before each move, presses every review key (hand, trick,
trump, bids, the cards played, the totals and the score sheet cell by cell along its last row),
then bids, chooses trump or plays the first thing it may.

Run: ``.venv/bin/python benchmarks/braille_fit.py`` (``--seeds N`` games per row, ``--json``;
``--games klondike`` only those games; ``--all-tables`` counts each line with every table the
player may choose for the language, contracted ones too, keeps the most cells and gives the
longest line of each table; ``--verbosity full`` only that verbosity; ``--games ohhell --players
3 6 --all-tables`` for Stiche-Raten on every table).
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from accessible_cards import game as registry
from accessible_cards.braille import louis
from accessible_cards.keys import CHOICE, HANDOFF, QUESTION, Typed
from accessible_cards.outputs import RecordingOutput
from accessible_cards.settings import Loaded, Settings
from accessible_cards.ui.app import App, GameRequest
from accessible_cards.ui.commands import key_map
from accessible_cards.ui.terminal import Terminal
from accessible_cards.utterance import BRAILLE_CELLS

ALL_OPTIONS = {"double_bundles": True, "wild_jacks": True, "sweep_bonus": True}
"""The options the issue's long lines came from: double bundles, wild jacks and the sweep bonus."""

OHHELL_OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"pack": "skat64"},
    {"grab_and_pass": True},
    {"up_and_down": True},
    {"pack": "skat64", "grab_and_pass": True, "up_and_down": True},
)
"""Stiche-Raten's rows: the French pack, the two Skat packs, each rule option, and all of them together."""

OHHELL_REVIEW = ("h", "t", "u", "b", "c", "s")
"""The review keys pressed before each of the person's moves in Stiche-Raten (S opens the score sheet)."""


@dataclass(frozen=True, slots=True)
class Case:
    """One row of the table: a game, its preset and options."""

    label: str
    game: str
    variant: str | None
    options: dict[str, Any] = field(default_factory=dict)


def cases() -> list[Case]:
    """Every preset of every game, and each game's options turned on together."""
    found: list[Case] = []
    for game in registry.registered():
        if game.variants:
            for variant in game.variants:
                found.append(Case(variant.name, game.name, variant.name))
            first = game.variants[0].name
            names = {spec.name for spec in game.option_specs}
            extra = {key: value for key, value in ALL_OPTIONS.items() if key in names}
            if extra:
                found.append(Case(f"{first} + {', '.join(extra)}", game.name, first, extra))
                found.append(Case(f"casita-robada + {', '.join(extra)}", game.name, "casita-robada", extra))
        elif game.name == "ohhell":
            for options in OHHELL_OPTIONS:
                label = " + ".join(f"{key}={value}" if key == "pack" else key for key, value in options.items())
                found.append(Case(f"{game.name} {label}".strip(), game.name, None, dict(options)))
        else:
            rounds = {"max_rounds": 40}
            found.append(Case(game.name, game.name, None, rounds))
            found.append(Case(f"{game.name} deck=numbers", game.name, None, {**rounds, "deck": "numbers"}))
            found.append(Case(f"{game.name} face_down=1", game.name, None, {**rounds, "face_down": 1}))
    return [case for case in found if case.game in {"war", "bundles", "ohhell"} or case.variant is not None]


class _ScriptedTerminal(Terminal):
    """The keys of a player who plays the first card (pressing 1 twice) and takes the first choice.

    In a game for one player (a patience) the player presses 1 to 9 and Enter in turn instead, so
    that sources, targets, refusals and draws all come up, 600 keys a game.
    """

    CYCLE = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "enter")

    def __init__(self, lang: str, game_phases: Sequence[str], cycle: bool = False, reviews: bool = False) -> None:
        super().__init__(lang, "keys", stdin=io.StringIO(), stdout=io.StringIO())
        self.main_phase = next(iter(game_phases), "")
        self.game_phases = set(game_phases) | {self.main_phase}
        self.keys = 0
        self.cycle = cycle
        self.reviews = reviews
        self.app: App | None = None
        self.queue: list[str] = []
        self.moves: list[str] = []

    def line(self, text: str) -> None:
        """Lines are counted from the outputs, not the terminal."""

    def read(self, phase: str) -> Typed | None:
        self.keys += 1
        if self.keys > (600 if self.cycle else 20000 if self.reviews else 3000):
            return None
        if self.reviews and phase in self.game_phases:
            key = self._review_then_move(phase)
            command = key_map(phase).get(key)
            assert command is not None, (phase, key)
            return Typed(command.name, int(key) if key.isdigit() else None)
        if phase in (CHOICE, QUESTION):
            key = "1"
        elif phase == HANDOFF:
            key = "enter"
        elif phase in self.game_phases and self.cycle:
            keys = [key for key in self.CYCLE if key in key_map(phase)] or ["enter"]
            key = keys[self.keys % len(keys)]
        elif phase in self.game_phases:
            key = "1" if "1" in key_map(phase) else "enter"
        else:
            return None  # "What next?": the game is over
        command = key_map(phase).get(key)
        if command is None:
            return None
        return Typed(command.name, int(key) if key.isdigit() else None)

    def _review_then_move(self, phase: str) -> str:
        """Stiche-Raten: every review key and the last row of the score sheet, then the first legal move, by digit."""
        keys = key_map(phase)
        while self.queue:
            key = self.queue.pop(0)
            if key in keys:
                return key
        assert self.app is not None
        screen: Any = self.app.stack[-1]
        view = screen.view()
        if phase != self.main_phase:  # the score sheet: along its last row, then back to the game
            self.queue = ["right"] * (screen.narrator.sheet_columns(view) - 1) + ["up", "escape"]
            return "end"
        if self.moves:
            return self.moves.pop(0)
        if view.to_move != view.seat or view.result is not None:
            return "h"
        first = view.legal[0]
        if view.phase == "bid":
            self.moves = [str(first - 100)] * 2
        elif view.phase == "trump":
            self.moves = ["1", "1"]
        else:
            index = view.hand_ids.index(first)
            # past the digits: Right to the card, then Enter
            self.moves = [str(index + 1)] * 2 if index < 9 else [*["right"] * (index + 1), "enter"]
        self.queue = list(OHHELL_REVIEW[1:])
        return OHHELL_REVIEW[0]


def game_lines(case: Case, players: int, seed: int, lang: str, verbosity: str = "normal") -> list[str]:
    """Every braille line the display gets over one seeded game of ``case`` (one person, the rest computers)."""
    game = registry.get(case.game)
    recorder = RecordingOutput()
    settings = Settings(lang=lang, verbosity=verbosity, computer_pause=0.0)
    loaded = Loaded(settings, (), False, Path("/nonexistent/settings.toml"))
    reviews = case.game == "ohhell"
    terminal = _ScriptedTerminal(lang, [phase for phase, _ in game.phases], game.max_players == 1, reviews)
    app = App(terminal, loaded, save_settings=False, outputs=[recorder])
    terminal.app = app
    request = GameRequest(case.game, players, 1, case.variant, seed, dict(case.options))
    app.run(first=request)
    lines: list[str] = []
    for said in recorder.said:
        lines += [part for part in said.braille.split("\n") if part.strip()]
    return lines


def cell_counts(lines: Sequence[str], lang: str, deck: str, all_tables: bool = False) -> list[int]:
    """The cells of each line with the language's default table and the deck's card letters.

    ``all_tables``: the most cells of each line over every table offered for the language.
    """
    grades: list[str | None] = [*louis.grade_names(lang)] if all_tables else [None]
    counts = []
    for line in lines:
        most = 0
        for grade in grades:
            most = max(most, cell_count(line, lang, grade, deck))
        counts.append(most)
    return counts


def table_counts(lines: Sequence[str], lang: str, deck: str, grade: str | None) -> list[int]:
    """The cells of each line with the language's table ``grade`` (None: the default) and the deck's card letters."""
    return [cell_count(line, lang, grade, deck) for line in lines]


@functools.cache
def cell_count(line: str, lang: str, grade: str | None, deck: str) -> int:
    """The cells of one line (its characters when liblouis cannot translate it), translated once: a game's
    lines repeat ("Your turn."), and liblouis gives the same cells for the same text and table."""
    cells = louis.to_unicode(line, lang, grade, deck)
    return len(cells) if cells is not None else len(line)


def deck_of(case: Case, players: int) -> str:
    game = registry.get(case.game)
    state = game.new_state(players, case.variant, dict(case.options), 0)
    return str(getattr(state.deck_kind, "value", state.deck_kind))


@dataclass
class Row:
    """The share of lines that fit, for one case and one number of players."""

    case: str
    players: int
    lines: int = 0
    fit: int = 0
    longest: int = 0
    over: list[str] = field(default_factory=list)
    cut: int = 0
    """Lines the narrator had to cut short ("…"): what did not fit is not on the display."""
    by_table: dict[str, int] = field(default_factory=dict)
    """The longest line with each table (``--all-tables``)."""

    @property
    def share(self) -> float:
        return self.fit / self.lines if self.lines else 1.0


def measure(
    chosen: Sequence[Case],
    player_counts: Sequence[int],
    seeds: Sequence[int],
    langs: Sequence[str] = ("en", "de"),
    verbosities: Sequence[str] = ("normal", "full"),
    progress: Callable[[Row], None] | None = None,
    all_tables: bool = False,
) -> list[Row]:
    """One :class:`Row` per case and number of players, over ``seeds`` and ``langs``.

    ``all_tables``: each line is counted with every table of its language (it fits when it fits with each).
    """
    rows: list[Row] = []
    for case in chosen:
        game = registry.get(case.game)
        fixed = game.variant_players.get(case.variant or "")
        for players in player_counts:
            if not game.min_players <= players <= game.max_players:
                continue
            if fixed is not None and players != fixed:
                continue  # a preset for a fixed number of players (a patience: 1, a race: 2) is measured once
            row = Row(case.label, players)
            deck = deck_of(case, players)
            for lang in langs:
                for seed in seeds:
                    for verbosity in verbosities:
                        lines = game_lines(case, players, seed, lang, verbosity)
                        grades: Sequence[str | None] = louis.grade_names(lang) if all_tables else (None,)
                        counted = {grade: table_counts(lines, lang, deck, grade) for grade in grades}
                        for index, line in enumerate(lines):
                            row.lines += 1
                            row.cut += line.endswith("…")
                            widest = 0
                            for grade, counts in counted.items():
                                cells = counts[index]
                                widest = max(widest, cells)
                                name = grade or louis.grade_names(lang)[0]
                                row.by_table[name] = max(row.by_table.get(name, 0), cells)
                                if cells > BRAILLE_CELLS and len(row.over) < 5:
                                    row.over.append(f"{cells} ({name}): {line}")
                            row.longest = max(row.longest, widest)
                            if widest <= BRAILLE_CELLS:
                                row.fit += 1
            rows.append(row)
            if progress is not None:
                progress(row)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="seeded games per row and language (default 5)")
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    parser.add_argument("--verbosity", nargs="*", default=["normal", "full"], help="verbosities (default both)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show", action="store_true", help="print a few of the lines over 40 cells")
    parser.add_argument("--games", nargs="*", help="only these games (default: every game)")
    parser.add_argument("--all-tables", action="store_true", help="the most cells over every table of the language")
    args = parser.parse_args(argv)
    chosen = [case for case in cases() if not args.games or case.game in args.games]
    every = args.all_tables
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ACCESSIBLE_CARDS_DATA_DIR"] = folder  # the games' saves, never in the player's own folder
        rows = measure(chosen, args.players, range(1, args.seeds + 1), verbosities=args.verbosity, all_tables=every)
    if args.json:
        print(json.dumps([{**vars(row), "share": row.share} for row in rows], indent=1))
        return 0
    tables = "every table of the language" if every else "the default tables"
    print(
        f"Braille lines of at most {BRAILLE_CELLS} cells: {args.seeds} seeded games per row, "
        f"in English and German, at {' and '.join(args.verbosity)} verbosity, with {tables}"
    )
    print()
    names = [name for lang in ("en", "de") for name in louis.grade_names(lang)] if every else []
    print(
        "| game, preset and options | players | lines | <= 40 cells | longest | cut (…) |"
        + "".join(f" {name} |" for name in names)
    )
    print("|---|---|---|---|---|---|" + "---|" * len(names))
    for row in rows:
        print(
            f"| {row.case} | {row.players} | {row.lines} | {row.share:.1%} | {row.longest} | {row.cut} |"
            + "".join(f" {row.by_table.get(name, '')} |" for name in names)
        )
        if args.show:
            for line in row.over:
                print(f"|   {line} | | | | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
