"""Stiche-Raten played at random for every option: after every action each card is accounted for, and no
seat's view holds a card of another seat's hand.

The fast lane plays about a hundred seeded games over every option; the slow sweep plays 2,000 more
(short games: at most 2 cards a round, so every option meets every rule quickly).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from accessible_cards.cards import Card
from accessible_cards.games.ohhell.state import BidMade, OhHellState, RoundScored, TrickWon

OPTION_SETS = [
    dict(zip(("pack", "grab_and_pass", "up_and_down"), combo, strict=True))
    for combo in itertools.product(("french52", "skat64"), (False, True), (False, True))
]


def _cards_in(value: Any) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if is_dataclass(value) and not isinstance(value, type):
        return [card for f in fields(value) for card in _cards_in(getattr(value, f.name))]
    if isinstance(value, (tuple, list)):
        return [card for item in value for card in _cards_in(item)]
    return []


def _check(state: OhHellState) -> None:
    """Every card once: the hands and the cards played this round are distinct cards of the pack, as many as dealt;
    the turned card is none of them; each view shows its own hand and otherwise only face-up cards."""
    if state.result is not None:
        return
    cards = state.schedule[state.round]
    held = [c for hand in state.hands for c in hand]
    played = [c for _, c in state.played]
    assert len(held) + len(played) == cards * state.players
    assert len(set(held + played)) == len(held + played)
    assert all(0 <= c < len(state.pack) for c in held + played)
    if state.turned is not None:
        assert state.turned not in held and state.turned not in played
    assert sorted(len(h) for h in state.hands)[-1] - sorted(len(h) for h in state.hands)[0] <= 1
    public = Counter(state.pack.card(c) for c in played)
    if state.turned is not None:
        public[state.pack.card(state.turned)] += 1
    for seat in range(state.players):
        view = state.view(seat)
        assert Counter(view.hand) == Counter(state.pack.card(c) for c in state.hands[seat])
        assert sorted(view.hand_ids) == sorted(state.hands[seat])
        shown = Counter(_cards_in([getattr(view, f.name) for f in fields(view) if f.name != "hand"]))
        for card in shown:
            assert card in public, f"seat {seat}'s view shows {card.code}, which is not face up"
        assert bool(view.legal) == (state.to_move() == seat)


def _play(seed: int, players: int, options: dict[str, Any], max_cards: int | None = None) -> OhHellState:
    rng = random.Random(seed)
    state = OhHellState(players, {**options, "max_cards": max_cards}, seed)
    state.start()
    _check(state)
    scored = 0
    while state.result is None:
        before = state.round
        events = state.apply(rng.choice(state.actions()))
        _check(state)
        for event in events:
            if isinstance(event, BidMade):
                assert event.tricks == state.schedule[before]
            if isinstance(event, TrickWon):
                assert event.card in [card for _, card in event.cards]
            if isinstance(event, RoundScored):
                scored += 1
                assert sum(event.tricks) == state.schedule[before]
    assert scored == len(state.schedule) - state.start_round + 1
    assert state.result.scores == tuple(state.totals)
    assert state.sheet[-1].totals == tuple(state.totals)
    return state


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_random_games_keep_every_card_and_every_secret(options: dict[str, Any]) -> None:
    for seed in range(12):
        _play(seed, 3 + seed % 4, options, max_cards=None if seed == 0 else 3)


def test_the_quiet_path_plays_the_same_game() -> None:
    for seed in range(30):
        loud = OhHellState(3 + seed % 4, OPTION_SETS[seed % len(OPTION_SETS)], seed)
        quiet = loud.clone()
        loud.start()
        quiet.start()
        rng = random.Random(seed)
        while loud.result is None:
            action = rng.choice(loud.actions())
            loud.apply(action)
            quiet.play_quiet(action)
        assert quiet.to_json() == loud.to_json()


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_thousands_of_random_games(options: dict[str, Any]) -> None:
    for seed in range(1000, 1250):
        _play(seed, 3 + seed % 4, options, max_cards=2)


def test_simulate_gives_each_levels_figures() -> None:
    from accessible_cards.games.ohhell.simulate import figures_lines, simulate_ohhell

    figures = simulate_ohhell(None, 6, 3, {"max_cards": 3}, ai=["medium", "simple", "easy"], swap=True)
    assert figures["games"] == 6 and figures["players"] == 3 and figures["levels"] == ["medium", "simple", "easy"]
    assert sum(figures["wins"]) == pytest.approx(6)
    assert all(0 <= share <= 1 for share in figures["exact_bids"])
    assert figures_lines(figures)[1].startswith("Player 1 (medium): ")
