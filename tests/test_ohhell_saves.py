"""Stiche-Raten saved after every move and resumed: the moves, the history and the score sheet come back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from saves_support import game_screen, only_save, play, saving_in

from accessible_cards import saves
from accessible_cards.games.ohhell import DESCRIPTION
from accessible_cards.games.ohhell.state import BID, TRUMP
from accessible_cards.ui.app import GameRequest

LINES = ("0", "0", "1", "1", "1", "2", "2", "")
"""Bid 0 (or 1 where 0 is refused), play the first card (or the second); Enter hands over in hot seat."""


@pytest.mark.parametrize(
    ("request_", "settings"),
    [
        (GameRequest("ohhell", 3, 1, None, 18, options={"max_cards": 3, "grab_and_pass": True}),
         {"games": {"ohhell": {"computer": "hard"}}}),
        (GameRequest("ohhell", 4, 2, None, 19, options={"max_cards": 2}), {}),
    ],
    ids=["one person, grab and pass", "hot seat"],
)  # fmt: skip
def test_a_game_quit_and_resumed_goes_on_where_it_stopped(
    tmp_path: Path, request_: GameRequest, settings: dict[str, object]
) -> None:
    with saving_in(tmp_path) as folder:
        app, _ = play(request_, LINES, budget=12, **settings)
        before = game_screen(app)
        assert before.table.state.result is None
        saved = saves.load(only_save(folder))
        assert len(saved.moves) == len(before.table.moves) > 0
        for _ in range(40):
            app, said = play(None, LINES, budget=60, resume=True, **settings)
            assert re.match(r"Stiche-Raten resumed after \d+ moves?\. ", said[0]), said[0]
            screen = game_screen(app)
            assert screen.history[: len(before.history)] == before.history
            if screen.over:
                break
            before = screen
        assert screen.table.state.result is not None
        finished = saves.load(only_save(folder))
        assert finished.finished
        state = DESCRIPTION.state_from_json(finished.current)
        assert state.to_json() == screen.table.state.to_json()
        assert len(state.sheet) == len(state.schedule)


@pytest.mark.parametrize("action", [0, 63, BID + 0, BID + 21, TRUMP + 3])
def test_moves_are_written_and_read_back(action: int) -> None:
    assert DESCRIPTION.action_from_json(DESCRIPTION.action_to_json(action), "move") == action


@pytest.mark.parametrize("data", [{"card": 64}, {"bid": -1}, {"trump": 4}, {"card": "AS"}, [], {"bid": 1, "card": 2}])
def test_a_damaged_move_is_refused(data: object) -> None:
    with pytest.raises(ValueError, match="move"):
        DESCRIPTION.action_from_json(data, "move")
