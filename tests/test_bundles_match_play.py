"""A match at the keyboard (in-process): the next game waits for Enter, S gives the standing, a save resumes it.

Issue 15: "inside a match the next game follows after a key, with the standing said"; "a match in progress is
saved and resumed (the save records the match: games so far, tallies, the current game's moves)".
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saves_support import Feeder, game_screen, only_save, saving_in

from accessible_cards import saves
from accessible_cards import settings as settings_file
from accessible_cards.games.bundles.match import BundlesMatchState
from accessible_cards.settings import Settings
from accessible_cards.ui.app import App, GameRequest
from accessible_cards.ui.game_screen import GameScreen
from accessible_cards.ui.terminal import Terminal

MATCH = GameRequest("bundles", 2, 1, "rubamazzo", 21, options={"scoring": "scopa"})
BETWEEN = ("1", "s", "")
"""Between two games: a card key (refused), S (the standing), Enter (the next game)."""


class MatchFeeder(Feeder):
    """Plays the first card every turn; between the games of a match presses ``BETWEEN``; stops after ``budget``."""

    def __init__(self, budget: int | None = None) -> None:
        super().__init__(("1", "1", ""), budget)
        self.between: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        screens = [s for s in self.app.stack if isinstance(s, GameScreen)] if self.app is not None else []
        if screens and screens[0].controller.waiting_for() is not None and not self.between and not screens[0].over:
            self.between = list(BETWEEN)
        if self.between and not (self.budget is not None and self.given >= self.budget):
            self.given += 1
            return self.between.pop(0) + "\n"
        return super().readline(size)


def _play(request: GameRequest | None, budget: int | None = None, **chosen: Any) -> tuple[App, list[str]]:
    values = {"lang": "en", "computer_pause": 0.0, "games": {"bundles": {"computer": "easy"}}, **chosen}
    loaded = settings_file.Loaded(Settings(**values), (), False, Path("/nonexistent/settings.toml"))
    feeder = MatchFeeder(budget)
    out = io.StringIO()
    app = App(Terminal(values["lang"], "keys", stdin=feeder, stdout=out), loaded, save_settings=False)
    feeder.app = app
    app.run(request, resume=request is None)
    return app, out.getvalue().splitlines()


def _pauses(said: Sequence[str]) -> list[int]:
    """Where the game says to press Enter for the next game, right after the standing."""
    return [
        i
        for i, line in enumerate(said)
        if line == "Press Enter for the next game." and said[i - 1].startswith("After ")
    ]


def test_the_next_game_waits_for_enter_and_s_says_the_standing() -> None:
    app, said = _play(MATCH)
    state = game_screen(app).table.state
    assert isinstance(state, BundlesMatchState) and state.result is not None
    pauses = _pauses(said)
    assert len(pauses) == state.match.games - 1 >= 1
    for number, at in enumerate(pauses, start=1):
        standing = said[at - 1]
        assert standing.startswith(f"After {number} game") and " of the match to 11 points: you have " in standing
        assert standing.endswith((" Next game: you deal.", " Next game: Computer 1 deals."))
        assert said[at + 1] == "Press Enter for the next game."  # a card key is refused: nothing is played
        assert said[at + 2] == f"Game {number + 1} of the match. " + standing.split(" Next game:")[0]  # S
        assert said[at + 3].startswith(("Computer 1 deals 3 cards each.", "You deal 3 cards each."))  # Enter
        assert ("You deal" in said[at + 3]) is standing.endswith("you deal.")
    assert said[pauses[0] - 3].startswith("Most cards: ")  # the categories, the game's end, then the standing
    assert said[-1].startswith(("You win the match after", "Computer 1 wins the match after")) or any(
        line.startswith(("You win the match after", "Computer 1 wins the match after")) for line in said[-4:]
    )


def test_a_match_saved_in_its_second_game_resumes_with_its_standing_and_ends_as_played_straight_through(
    tmp_path: Path,
) -> None:
    with saving_in(tmp_path / "straight"):
        app, _ = _play(MATCH)
    straight = game_screen(app)
    assert isinstance(straight.table.state, BundlesMatchState) and straight.table.state.match.games >= 2
    with saving_in(tmp_path / "broken") as folder:
        _app, said = _play(MATCH, budget=len(straight.table.moves) // 2 + 30)
        saved = saves.load(only_save(folder))
        assert not saved.finished and saved.current["match"]["games"] >= 1, "the budget did not reach game 2"
        current = saved.current
        assert current["match"]["points"] == [sum(p) for p in zip(*_game_points(said), strict=True)]
        app, resumed = _play(None)
        screen = game_screen(app)
    assert resumed[0].startswith("Rubamazzo, Italian deck resumed after ")
    assert resumed[1].startswith(f"Game {current['match']['games'] + 1} of the match. After ")
    assert screen.table.state.to_json() == straight.table.state.to_json()
    assert screen.history == straight.history


def _game_points(said: Sequence[str]) -> list[list[int]]:
    """Each finished game's Scopa points, from the braille-free speech lines ("Scopa points: you have 2 points ...")."""
    import re

    out = []
    for line in said:
        found = re.search(r"Scopa points: you have (\d+) points? and Computer 1 has (\d+) points?\.", line)
        if found:
            out.append([int(found[1]), int(found[2])])
    return out
