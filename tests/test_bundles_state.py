"""Saving, loading and cloning a Stealing Bundles state: the game continues identically.

Issue 3: "Serialization round-trips at any point of a game, and the replay continues identically."
"""

from __future__ import annotations

import json
import random

import pytest
from bundles_support import check

from accessible_cards.errors import IllegalActionError, OptionError
from accessible_cards.games.bundles.rules import VARIANTS, BundlesAction, BundlesOptions
from accessible_cards.games.bundles.state import BundlesState


def _finish(state: BundlesState, seed: int) -> list[dict[str, object]]:
    chooser = random.Random(seed)
    events: list[dict[str, object]] = []
    while state.result is None:
        events += [e.to_dict() for e in state.apply(chooser.choice(state.actions()))]
    return events


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("extra", [{}, {"double_bundles": True, "wild_jacks": True, "sweep_bonus": True}])
def test_json_round_trip_mid_game_continues_identically(variant: str, extra: dict[str, object]) -> None:
    """Stop at every 7th action, save through JSON text, load, and play on with the same choices."""
    for seed in range(8):
        options = BundlesOptions.preset(variant, {"players": 2 + seed % 3, **extra})
        state = BundlesState(options, seed)
        state.start()
        chooser = random.Random(seed)
        steps = 0
        while state.result is None:
            if steps % 7 == 0:
                loaded = BundlesState.from_json(json.loads(json.dumps(state.to_json())))
                assert loaded.to_json() == state.to_json()
                check(loaded)
                assert _finish(loaded, steps) == _finish(state.clone(), steps)
            state.apply(chooser.choice(state.actions()))
            steps += 1
        final = BundlesState.from_json(json.loads(json.dumps(state.to_json())))
        assert final.result == state.result and final.legal_actions().__len__() == 0


def test_round_trip_inside_a_tiebreak() -> None:
    """The tiebreak phase (its fresh deck, the kept main scores) survives saving too."""
    for seed in range(400):
        state = BundlesState(BundlesOptions.preset("standard"), seed)
        state.start()
        chooser = random.Random(seed)
        while state.result is None and state.phase != "tiebreak":
            state.apply(chooser.choice(state.actions()))
        if state.phase == "tiebreak":
            loaded = BundlesState.from_json(json.loads(json.dumps(state.to_json())))
            assert loaded.main_scores == state.main_scores
            assert _finish(loaded, 1) == _finish(state, 1)
            return
    pytest.fail("no tiebreak in 400 games")


def test_clone_is_independent() -> None:
    """clone() copies every pile: playing on the copy leaves the original untouched."""
    state = BundlesState(BundlesOptions.preset("standard", {"players": 3}), 9)
    state.start()
    before = state.to_json()
    copy = state.clone()
    _finish(copy, 2)
    assert state.to_json() == before
    assert copy.result is not None and state.result is None


def test_same_seed_same_game() -> None:
    """Chance comes only from the state's seeded random source."""
    a, b = (BundlesState(BundlesOptions.preset("rubamazzo", {"players": 3}), 77) for _ in range(2))
    assert [e.to_dict() for e in a.start()] == [e.to_dict() for e in b.start()]
    assert _finish(a, 5) == _finish(b, 5)


def test_illegal_action_refused_and_nothing_changes() -> None:
    """An action outside legal_actions() raises IllegalActionError and changes nothing."""
    state = BundlesState(BundlesOptions.preset("standard"), 4)
    with pytest.raises(IllegalActionError):
        state.apply(BundlesAction(0))
    state.start()
    before = state.to_json()
    other = state.hands[(state.turn + 1) % 2][0]
    with pytest.raises(IllegalActionError):
        state.apply(BundlesAction(other))
    assert state.to_json() == before
    assert BundlesAction(other) not in state.legal_actions()


def test_options_refused_in_plain_words() -> None:
    """Unknown variants, options and values are refused with an OptionError."""
    with pytest.raises(OptionError, match="unknown variant"):
        BundlesOptions.preset("scopa")
    with pytest.raises(OptionError, match="unknown option"):
        BundlesOptions.preset("standard", {"jokers": True})
    with pytest.raises(OptionError, match="players"):
        BundlesOptions.preset("standard", {"players": 5})
    with pytest.raises(OptionError, match="target"):
        BundlesOptions.preset("rubamazzo", {"target": 12})
    with pytest.raises(OptionError, match="do not fit"):
        BundlesState(BundlesOptions.preset("rubamazzo", {"players": 4, "hand": 10}))


def test_presets_match_the_rulings_table() -> None:
    """Rulings, presets table: deck, hand, direction, stealing, leftovers, tie rule."""
    rows = {
        "standard": ("french52", 4, "clockwise", True, False, True, False),
        "friendly": ("french52", 4, "clockwise", False, False, True, False),
        "casita-robada": ("spanish40", 4, "counter-clockwise", True, False, True, False),
        "rubamazzo": ("italian40", 3, "counter-clockwise", True, True, False, False),
        "rubamazzetto": ("italian40", 3, "counter-clockwise", False, True, False, False),
        "rubamazzo-15": ("italian40", 3, "counter-clockwise", True, True, False, True),
    }
    for variant, row in rows.items():
        o = BundlesOptions.preset(variant)
        assert (o.deck, o.hand, o.direction, o.stealing, o.last_capture_bonus, o.tiebreak, o.sum15) == row


def test_the_quick_action_list_equals_the_general_one() -> None:
    """With one bundle each, no wild Jacks and no sums the engine lists actions by a quicker path: the same list."""
    checked = 0
    for variant in VARIANTS:
        options = BundlesOptions.preset(variant, {"players": 3, "sum15": False})
        for seed in range(15):
            state = BundlesState(options, seed)
            state.start()
            chooser = random.Random(seed)
            while state.result is None:
                quick = state.actions()
                assert quick == state._general_actions(state.turn)
                checked += 1
                state.play_quiet(chooser.choice(quick))
    assert checked > 1000


def test_the_tiebreak_hand_deals_four_each_and_four_on_the_table() -> None:
    """Rulings: a tiebreak hand is 4 cards each and 4 on the table, whatever ``hand`` says."""
    from accessible_cards.games.bundles.scenario import parse_scenario

    scenario = parse_scenario(
        {
            "game": "bundles",
            "variant": "standard",
            "players": 2,
            "options": {"hand": 2},
            "dealer": 1,
            "hands": [["2S"], ["3S"]],
            "table": [],
            "stock": [],
        }
    )
    state = scenario.state
    state.start()
    events = [e for c in ("2S", "3S") for e in state.apply(state.action_for(state.deck.parse_many([c])[0]))]
    assert state.phase == "tiebreak"
    dealt = [e for e in events if e.type == "deal"][-1]
    assert dealt.counts == (4, 4)
    assert len(dealt.table) == 4


def test_an_option_set_that_cannot_be_dealt_is_refused_even_with_given_hands() -> None:
    """Four hands of 12 and 4 table cards do not fit in 40 cards: one sentence, no traceback later."""
    from accessible_cards.errors import ScenarioError
    from accessible_cards.games.bundles.scenario import parse_scenario

    with pytest.raises(ScenarioError, match="do not fit"):
        parse_scenario(
            {
                "game": "bundles",
                "variant": "casita-robada",
                "players": 4,
                "options": {"hand": 12},
                "dealer": 0,
                "hands": [["2S"], ["3S"], ["4S"], ["5S"]],
                "table": [],
                "stock": [],
            }
        )
    # a tiebreak among four tied players fits the 40-card deck
    scenario = parse_scenario(
        {
            "game": "bundles",
            "variant": "casita-robada",
            "players": 4,
            "options": {"hand": 9},
            "dealer": 0,
            "hands": [["2S"], ["3S"], ["4S"], ["5S"]],
            "table": [],
            "stock": [],
        }
    )
    state = scenario.state
    state.start()
    while state.result is None:
        state.apply(next(iter(state.legal_actions())))
    assert state.result is not None


def test_a_seed_only_scenario_without_a_dealer_is_dealt_by_seat_0() -> None:
    """docs/en/scenarios.md: ``dealer`` defaults to 0, whether the scenario gives the hands or only a seed.

    A teacher who writes a scenario fixes the game; the seed shuffles the cards, never who deals
    (as a War scenario with only a seed always has 2 players). Seat 1 plays first.
    """
    from accessible_cards.scenario import parse

    for seed in range(12):
        state = parse({"game": "bundles", "seed": seed}).state
        assert isinstance(state, BundlesState)
        events = state.start()
        assert state.dealer == 0
        assert events[0].to_dict()["first"] == 1
    named = parse({"game": "bundles", "seed": 3, "dealer": 1}).state
    assert isinstance(named, BundlesState) and named.dealer == 1
