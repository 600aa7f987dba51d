"""Games played in-process for the save tests: the whole program, fed lines instead of keys.

``play`` runs the interactive program (main menu, game screens, saving) with
a non-interactive terminal: its input is a cycle of command lines that always
plays the first card and the first choice, so a game interrupted anywhere and
resumed goes on exactly as the game played straight through.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from accessible_cards import settings as settings_file
from accessible_cards.settings import Settings
from accessible_cards.ui.app import App, GameRequest
from accessible_cards.ui.game_screen import GameScreen
from accessible_cards.ui.terminal import Terminal

BUNDLES_LINES = ("1", "1", "")
"""Select the first card, play it (or take the first choice); Enter hands over in hot seat."""
WAR_LINES = ("",)
QUIZ_LINES = ("", "1")


class Feeder(io.StringIO):
    """The terminal's input: ``lines`` round and round, ending when the game ends or after ``budget`` lines."""

    def __init__(self, lines: Sequence[str], budget: int | None = None) -> None:
        super().__init__()
        self.lines = list(lines)
        self.budget = budget
        self.given = 0
        self.app: App | None = None

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.app is not None and any(isinstance(screen, GameScreen) and screen.over for screen in self.app.stack):
            return ""  # the game has ended and said so
        if self.budget is not None and self.given >= self.budget:
            return ""
        line = self.lines[self.given % len(self.lines)]
        self.given += 1
        return line + "\n"

    def isatty(self) -> bool:
        return False


@contextmanager
def saving_in(folder: Path) -> Iterator[Path]:
    """Save into ``folder`` for a while."""
    before = os.environ.get("ACCESSIBLE_CARDS_DATA_DIR")
    os.environ["ACCESSIBLE_CARDS_DATA_DIR"] = str(folder)
    try:
        yield folder
    finally:
        if before is None:
            del os.environ["ACCESSIBLE_CARDS_DATA_DIR"]
        else:
            os.environ["ACCESSIBLE_CARDS_DATA_DIR"] = before


def make_app(lines: Sequence[str], budget: int | None = None, **settings: Any) -> tuple[App, io.StringIO]:
    """The program with a line-fed terminal; ``settings`` over quick defaults (English, no pause)."""
    chosen = Settings(**{"lang": "en", "computer_pause": 0.0, **settings})
    loaded = settings_file.Loaded(chosen, (), False, Path("/nonexistent/settings.toml"))
    feeder = Feeder(lines, budget)
    out = io.StringIO()
    app = App(Terminal(chosen.lang or "en", "keys", stdin=feeder, stdout=out), loaded, save_settings=False)
    feeder.app = app
    return app, out


def play(
    request: GameRequest | None,
    lines: Sequence[str],
    budget: int | None = None,
    *,
    resume: bool = False,
    **settings: Any,
) -> tuple[App, list[str]]:
    """Run the program on ``request`` (or resuming) until the game ends or the lines run out; the lines said."""
    app, out = make_app(lines, budget, **settings)
    app.run(request, resume=resume)
    return app, out.getvalue().splitlines()


def game_screen(app: App) -> GameScreen:
    """The game on the app's stack."""
    screens = [screen for screen in app.stack if isinstance(screen, GameScreen)]
    assert len(screens) == 1, app.stack
    return screens[0]


def only_save(folder: Path) -> Path:
    """The one game file in a data folder."""
    files = sorted((folder / "saves").glob("*.json"))
    assert len(files) == 1, files
    return files[0]
