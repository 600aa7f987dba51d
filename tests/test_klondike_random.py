"""Random play of many seeded Klondike games, with the invariants checked after every action.

Every card is in exactly one place; the view shows no hidden card (the stock, the face-down
column cards) and counts them right; the announcements and braille lines name no hidden card;
undo and redo come back to the same boards.
"""

from __future__ import annotations

import random
import re

import pytest
from klondike_support import FRENCH

from accessible_cards.games.klondike.actions import GIVE_UP, UNDO, GiveUp, Move
from accessible_cards.games.klondike.hint import hint
from accessible_cards.games.klondike.narrator import KlondikeNarrator
from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.state import KlondikeState, KlondikeView
from accessible_cards.utterance import BRAILLE_CELLS


def _view_cards(view: KlondikeView) -> list[str]:
    cards = [c.code for column in view.columns for c in column.up] + [c.code for c in view.waste]
    return cards


def _play(
    variant: str, seed: int, options: dict[str, object], narrators: list[KlondikeNarrator] | None, hints: bool = False
) -> None:
    state = KlondikeState(variant, options_for(variant, options), seed)
    state.start()
    rng = random.Random(seed)
    while state.result is None:
        legal = [a for a in state.legal_actions() if not isinstance(a, GiveUp)]
        if state.moves > 150:
            action = GIVE_UP
        elif UNDO in legal and rng.random() < 0.05:
            action = UNDO
        else:
            moves = [a for a in legal if isinstance(a, Move)]
            action = rng.choice(moves if moves and rng.random() < 0.7 else legal)
        events = state.apply(action)
        assert sorted(state.all_cards()) == list(range(52))
        view = state.view(0)
        hidden = {FRENCH.code(c) for c in state.hidden_cards()}
        shown = _view_cards(view)
        assert not hidden & set(shown)
        assert len(shown) + len(hidden) + view.on_foundations == 52
        assert view.stock + sum(c.down for c in view.columns) == len(hidden)
        for narrator in narrators or []:
            lines = []
            for event in events:
                said = narrator.event(event, view)
                if said is not None:
                    lines += [said.speech, said.braille]
            lines += [u.speech for u in narrator.review_all(view)] + [u.braille for u in narrator.review_all(view)]
            for line in lines:
                assert len(line) > 0
            for u in narrator.review_all(view):
                assert len(u.braille) <= BRAILLE_CELLS, u.braille
            for code in hidden if state.moves % 5 == 0 else ():  # a hidden card: "not turned up yet", not its place
                said = narrator.where(view, FRENCH.card(FRENCH.parse_many([code])[0]))
                assert said.kind == "review.where" and said.braille.endswith(("not up yet", "noch verdeckt"))
            if hints and state.moves % 10 == 0 and state.result is None:
                action = hint(view)
                assert action is not None and action in view.legal
                lines.append(narrator.action_words(view, action))
            words = set(re.findall(r"\b[2-9TJQKA][SHDC]\b", " ".join(lines)))
            assert not words & hidden, (words & hidden, lines)


@pytest.mark.parametrize("variant", ["braillespiel", "classic"])
def test_random_play_invariants(variant: str) -> None:
    narrators = [
        KlondikeNarrator("en", "normal", card_names="short"),
        KlondikeNarrator("de", "full", card_names="short"),
    ]
    for seed in range(20):
        _play(variant, seed, {}, narrators if seed < 5 else None, hints=seed < 1)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["braillespiel", "classic"])
def test_random_play_invariants_many(variant: str) -> None:
    for seed in range(400):
        options = {"draw": 1 if seed % 2 else 3, "passes": None if seed % 3 else 2}
        _play(variant, 10_000 + seed, options, None)
