"""How many braille lines fit a 40-cell display: every line a player's display gets, over seeded games.

Each game is played through the program itself (the App with its screens, a terminal whose keys
come from a script: the person plays the first card of the hand, and the first choice when a card
can do more than one thing), so the lines counted are every line the braille display is given:
the title, the deal, every move, each "Which?" choice, "Your turn", the end. Each braille line (an
announcement of several lines counts each line) is translated with real liblouis and the table the
player has by default (``en-ueb-g1``, ``de-g1``), card tables in front, and its cells are counted.

Every row plays each seed in English and German, at normal and at full verbosity (which tells the
seed in the title and adds the bundle sizes after each take).

Run: ``.venv/bin/python benchmarks/braille_fit.py`` (``--seeds N`` games per row, ``--json``;
``--games klondike`` only those games; ``--all-tables`` counts each line with every table the
player may choose for the language, contracted ones too, and keeps the most cells).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
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
        else:
            rounds = {"max_rounds": 40}
            found.append(Case(game.name, game.name, None, rounds))
            found.append(Case(f"{game.name} deck=numbers", game.name, None, {**rounds, "deck": "numbers"}))
            found.append(Case(f"{game.name} face_down=1", game.name, None, {**rounds, "face_down": 1}))
    return [case for case in found if case.game in {"war", "bundles"} or case.variant is not None]


class _ScriptedTerminal(Terminal):
    """The keys of a player who plays the first card (pressing 1 twice) and takes the first choice.

    In a game for one player (a patience) the player presses 1 to 9 and Enter in turn instead, so
    that sources, targets, refusals and draws all come up, 600 keys a game.
    """

    CYCLE = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "enter")

    def __init__(self, lang: str, game_phases: Iterable[str], cycle: bool = False) -> None:
        super().__init__(lang, "keys", stdin=io.StringIO(), stdout=io.StringIO())
        self.game_phases = set(game_phases)
        self.keys = 0
        self.cycle = cycle

    def line(self, text: str) -> None:
        """Lines are counted from the outputs, not the terminal."""

    def read(self, phase: str) -> Typed | None:
        self.keys += 1
        if self.keys > (600 if self.cycle else 3000):
            return None
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


def game_lines(case: Case, players: int, seed: int, lang: str, verbosity: str = "normal") -> list[str]:
    """Every braille line the display gets over one seeded game of ``case`` (one person, the rest computers)."""
    game = registry.get(case.game)
    recorder = RecordingOutput()
    settings = Settings(lang=lang, verbosity=verbosity, computer_pause=0.0)
    loaded = Loaded(settings, (), False, Path("/nonexistent/settings.toml"))
    terminal = _ScriptedTerminal(lang, [phase for phase, _ in game.phases], cycle=game.max_players == 1)
    app = App(terminal, loaded, save_settings=False, outputs=[recorder])
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
            cells = louis.to_unicode(line, lang, grade, deck)
            most = max(most, len(cells) if cells is not None else len(line))
        counts.append(most)
    return counts


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
    """One :class:`Row` per case and number of players, over ``seeds`` and ``langs``."""
    rows: list[Row] = []
    for case in chosen:
        game = registry.get(case.game)
        for players in player_counts:
            if not game.min_players <= players <= game.max_players:
                continue
            row = Row(case.label, players)
            deck = deck_of(case, players)
            for lang in langs:
                for seed in seeds:
                    for verbosity in verbosities:
                        lines = game_lines(case, players, seed, lang, verbosity)
                        counted = cell_counts(lines, lang, deck, all_tables)
                        for line, cells in zip(lines, counted, strict=True):
                            row.lines += 1
                            row.longest = max(row.longest, cells)
                            if cells <= BRAILLE_CELLS:
                                row.fit += 1
                            elif len(row.over) < 5:
                                row.over.append(f"{cells}: {line}")
            rows.append(row)
            if progress is not None:
                progress(row)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="seeded games per row and language (default 5)")
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show", action="store_true", help="print a few of the lines over 40 cells")
    parser.add_argument("--games", nargs="*", help="only these games (default: every game)")
    parser.add_argument("--all-tables", action="store_true", help="the most cells over every table of the language")
    args = parser.parse_args(argv)
    chosen = [case for case in cases() if not args.games or case.game in args.games]
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ACCESSIBLE_CARDS_DATA_DIR"] = folder  # the games' saves, never in the player's own folder
        rows = measure(chosen, args.players, range(1, args.seeds + 1), all_tables=args.all_tables)
    if args.json:
        print(json.dumps([{**vars(row), "share": row.share} for row in rows], indent=1))
        return 0
    tables = "every table of the language" if args.all_tables else "the default tables"
    print(
        f"Braille lines of at most {BRAILLE_CELLS} cells: {args.seeds} seeded games per row, "
        f"in English and German, at normal and full verbosity, with {tables}"
    )
    print()
    print("| game, preset and options | players | lines | <= 40 cells | longest |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(f"| {row.case} | {row.players} | {row.lines} | {row.share:.1%} | {row.longest} |")
        if args.show:
            for line in row.over:
                print(f"|   {line} | | | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
