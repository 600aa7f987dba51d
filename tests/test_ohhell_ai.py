"""Stiche-Raten's computer players: the cards they count as winning a trick are the ones the rules let win it."""

from __future__ import annotations

import random

import pytest

from accessible_cards.games.ohhell import ai
from accessible_cards.games.ohhell.state import OhHellState


@pytest.mark.parametrize(
    ("pack", "grab_and_pass"), [("french52", False), ("french52", True), ("skat64", False), ("skat64", True)]
)
def test_the_winning_cards_are_those_the_rules_let_win_the_trick(pack: str, grab_and_pass: bool) -> None:
    cards = ai._Cards(pack, grab_and_pass)
    state = OhHellState(6, {"pack": pack, "grab_and_pass": grab_and_pass})
    rng = random.Random(7)
    for _ in range(3000):
        drawn = rng.sample(range(len(cards.pack)), rng.randint(2, 9))
        k = rng.randint(1, min(5, len(drawn) - 1))
        trick = list(enumerate(drawn[:k]))
        legal = drawn[k:]
        state.trump = rng.choice([None, 0, 1, 2, 3])
        me = len(trick)  # the next seat: the rules' winner of the trick with this card added
        expected = [c for c in legal if state.trick_winner([*trick, (me, c)])[0] == me]
        assert ai._winning(cards, legal, trick, state.trump, grab_and_pass) == expected, (trick, legal, state.trump)
