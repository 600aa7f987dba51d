"""The seed gives the deal away: while a game goes on it is told only when the player chose it."""

from __future__ import annotations

from saves_support import game_screen, play

from accessible_cards.ui.app import GameRequest


def test_a_game_the_player_did_not_seed_keeps_its_seed_until_the_end() -> None:
    app, said = play(GameRequest("bundles", 2, 1, "standard"), ["i"], 1, verbosity="full")
    screen = game_screen(app)
    assert screen.seed is not None and screen.table.result is None
    assert not any(str(screen.seed) in line for line in said), said[:3]
    assert said[-1] == "The seed is told when the game is over: it would give away the cards nobody may see yet."


def test_a_seed_the_player_chose_is_said_at_full_verbosity_and_on_request() -> None:
    _app, said = play(GameRequest("bundles", 2, 1, "standard", 4242), ["i"], 1, verbosity="full")
    assert "Seed 4242" in said[0], said[0]
    assert said[-1] == "Seed 4242. The same seed deals the same cards: --seed 4242."


def test_after_the_end_the_seed_is_told() -> None:
    app, _said = play(GameRequest("war", 2, 1, options={"max_rounds": 3}), [""])
    screen = game_screen(app)
    assert screen.table.result is not None
    assert screen.seed_to_tell(asked=True) == screen.seed


def test_the_embossed_history_of_an_unfinished_game_keeps_its_seed() -> None:
    import argparse
    from pathlib import Path

    from accessible_cards.cli import _history_markdown

    golden = Path(__file__).resolve().parent / "golden" / "saves"
    unfinished = _history_markdown(argparse.Namespace(name=str(golden / "ui-bundles-medium.json"), lang="en"))
    finished = _history_markdown(argparse.Namespace(name=str(golden / "bundles_done.json"), lang="en"))
    assert unfinished.splitlines()[0].endswith("seed -: the history of a saved game.")
    assert "seed -" not in finished.splitlines()[0]
