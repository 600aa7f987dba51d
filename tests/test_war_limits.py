"""War's safety limit: a game that would run on for ever ends after 10,000 rounds, told as a safety stop."""

from __future__ import annotations

import json

from accessible_cards.games.war.narrator import WarNarrator
from accessible_cards.games.war.state import ROUND_LIMIT, TURN, GameOver, WarOptions, WarState


def _endless() -> WarState:
    """Seed 0 with seat_order and no face-down cards: no position comes back within millions of rounds."""
    return WarState(2, WarOptions(face_down=0, pickup="seat_order"), seed=0)


def test_an_endless_game_stops_at_the_round_limit() -> None:
    state = _endless()
    result = state.play_out()
    assert result.reason == "round_limit"
    assert state.rounds == ROUND_LIMIT == 10_000
    most = max(result.scores)
    assert result.winners == tuple(seat for seat, score in enumerate(result.scores) if score == most)
    assert sum(result.scores) == 52


def test_max_rounds_still_wins_when_it_comes_first() -> None:
    state = WarState(2, WarOptions(face_down=0, pickup="seat_order", max_rounds=50), seed=0)
    assert state.play_out().reason == "max_rounds" and state.rounds == 50


def test_the_limit_is_told_as_a_safety_stop_and_survives_a_save() -> None:
    state = _endless()
    state.start()
    while state.rounds < ROUND_LIMIT - 5:
        state.apply(TURN)
    restored = WarState.from_json(json.loads(json.dumps(state.to_json())))
    events = []
    while restored.result is None:
        events += restored.apply(TURN)
    over = events[-1]
    assert isinstance(over, GameOver) and over.reason == "round_limit"
    said = WarNarrator("en", "normal", 2, you=0).event(over, restored.view(0))
    assert said is not None and said.speech.startswith("Safety stop after 10,000 rounds, as the game would not end:")
    assert "Time is up" not in said.speech
    gesagt = WarNarrator("de", "normal", 2, you=0).event(over, restored.view(0))
    assert gesagt is not None and gesagt.speech.startswith("Sicherheitshalt nach 10.000 Runden")
