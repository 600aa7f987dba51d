"""One scenario per rule of Stealing Bundles, worked out by hand from the rule texts.

Seed lines are cited as E (002_8909f7b33c620e07.txt, English Stealing Bundles),
G (000_4731f8e03b85f6bf.txt, German) and R (001_34c80b494ec4f2a9.txt, Rubamazzo),
with the line number; "rulings" is ../shared/rulings.md, Stealing Bundles family.
"""

from __future__ import annotations

from typing import Any

import pytest
from bundles_support import bundle, codes, of_type, plays, random_game, run, scenario

from accessible_cards.errors import IllegalActionError, ScenarioError
from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.bundles.state import BundlesState


def test_capture_takes_every_matching_table_card() -> None:
    """E 32 / G 32: a card matching table cards captures all of them, the played card on top."""
    state, events = run(scenario([["7H", "2C"], ["3D", "4D"]], ["7C", "7D", "5S"], moves=["7H", "3D"]))
    capture = plays(events)[0]
    assert capture["type"] == "capture" and capture["player"] == 0 and capture["card"] == "7H"
    assert sorted(capture["cards"]) == ["7C", "7D"]
    assert bundle(state, 0)[-1] == "7H" and len(bundle(state, 0)) == 3
    assert codes(state, state.table) == ["5S", "3D"]


def test_trail_when_nothing_matches() -> None:
    """E 33 / E 75: a card that matches nothing joins the table."""
    state, events = run(scenario([["2C", "9H"], ["3D", "4D"]], ["7C"], moves=["2C"]))
    assert plays(events) == [{"type": "trail", "player": 0, "card": "2C"}]
    assert codes(state, state.table) == ["7C", "2C"]


def test_steal_takes_whole_bundle_and_played_card_goes_on_top() -> None:
    """E 31 / R 34: matching an opponent's top card takes the whole bundle; the played card goes on top."""
    state, events = run(
        scenario([["5H", "5D"], ["5S", "KC"]], ["5C"], moves=["5H", "5S", "5D", "KC"]),
    )
    assert plays(events)[1] == {"type": "steal", "player": 1, "card": "5S", "victim": 0, "count": 2}
    assert plays(events)[2] == {"type": "steal", "player": 0, "card": "5D", "victim": 1, "count": 3}
    assert bundle(state, 0) == ["5C", "5H", "5S", "5D"]
    assert bundle(state, 1) == []
    assert events[-1]["scores"] == [4, 0] and events[-1]["winners"] == [0]


def test_steal_has_priority_and_leaves_table_cards() -> None:
    """E 31 "highest priority", R 37: a steal beats a capture; the matching table 9 stays on the table.

    The uneven last deal (rulings) brings the 9D face up to the table: 3 stock cards, 1 each, 1 to the table.
    """
    _state, events = run(
        scenario([["9H"], ["2C"]], ["9C"], ["3S", "9S", "9D"], moves=["9H", "2C", "3S", "9S"]),
    )
    redeal = of_type(events, "redeal")[0]
    assert redeal["counts"] == [1, 1] and redeal["table"] == ["9D"] and redeal["stock"] == 0
    assert plays(events)[-1] == {"type": "steal", "player": 1, "card": "9S", "victim": 0, "count": 2}
    assert of_type(events, "leftovers")[0] == {"type": "leftovers", "cards": ["2C", "9D", "3S"], "to": None}
    assert events[-1]["scores"] == [0, 3]


def test_only_one_take_per_turn_and_own_bundle_never_stolen() -> None:
    """R 37 one capture or steal per turn; rulings: one's own bundle is never stolen.

    Player 1's own bundle has a 9 on top and no 9 is on the table: the 9H trails.
    """
    state, events = run(scenario([["9S", "9H"], ["2C", "3C"]], ["9C", "9D"], moves=["9S", "2C", "9H"]))
    assert plays(events)[0]["type"] == "capture" and sorted(plays(events)[0]["cards"]) == ["9C", "9D"]
    assert plays(events)[2] == {"type": "trail", "player": 0, "card": "9H"}
    assert len(bundle(state, 0)) == 3


def test_first_deal_four_each_four_on_table() -> None:
    """E 22-24: 4 cards each, 4 face up on the table, the rest is the stock."""
    state = BundlesState(BundlesOptions.preset("standard", {"players": 3}), seed=5)
    deal = state.start()[0].to_dict()
    assert deal["counts"] == [4, 4, 4] and len(deal["table"]) == 4 and deal["stock"] == 52 - 16
    assert deal["first"] == (deal["dealer"] + 1) % 3
    assert "hands" not in deal


def test_rubamazzo_deals_three_each() -> None:
    """R 25-26: 3 cards each, 4 on the table, from a 40-card pack."""
    state = BundlesState(BundlesOptions.preset("rubamazzo"), seed=2)
    deal = state.start()[0].to_dict()
    assert deal["counts"] == [3, 3] and len(deal["table"]) == 4 and deal["stock"] == 40 - 10


def test_redeal_when_every_hand_is_empty_from_the_player_to_move() -> None:
    """E 35: when every hand is empty, 4 more each, no new table cards; play goes on with the next player.

    Rulings: one card at a time starting with the player whose turn it is. Dealer 0 of 3, so player 2
    starts; after players 1, 2, 0 played, player 1 is to move and gets the first stock card.
    """
    stock = ["4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AD", "2D"]
    state, events = run(scenario([["2C"], ["3C"], ["4C"]], ["KD"], stock, moves=["3C", "4C", "2C"], dealer=0))
    redeal = of_type(events, "redeal")[0]
    assert redeal == {"type": "redeal", "first": 1, "counts": [4, 4, 4], "table": [], "stock": 0}
    assert codes(state, state.hands[1]) == ["4S", "7S", "TS", "KS"]
    assert codes(state, state.hands[2]) == ["5S", "8S", "JS", "AD"]
    assert codes(state, state.hands[0]) == ["6S", "9S", "QS", "2D"]
    assert codes(state, state.table) == ["KD", "3C", "4C", "2C"]
    assert state.turn == 1


def test_uneven_last_deal_rest_face_up_to_table() -> None:
    """Rulings: a stock that cannot fill every hand is dealt as far as it goes evenly; the rest goes face up."""
    state, events = run(scenario([["2C"], ["3C"]], ["KD"], ["4S", "5S", "6S", "7S", "8S"], moves=["2C", "3C"]))
    redeal = of_type(events, "redeal")[0]
    assert redeal["counts"] == [2, 2] and redeal["table"] == ["8S"] and redeal["stock"] == 0
    assert codes(state, state.table) == ["KD", "2C", "3C", "8S"]


def test_uneven_deal_of_a_40_card_pack() -> None:
    """Rulings: casita-robada, 2 players: 28 stock cards make three deals of 8 and a last one of 2 each."""
    events = random_game(BundlesState(BundlesOptions.preset("casita-robada"), seed=11), 3, every=False)
    counts = [e["counts"] for e in of_type(events, "redeal")]
    assert counts[-1] == [2, 2]
    assert counts[:3] == [[4, 4]] * 3


def test_game_ends_when_stock_empty_and_hands_played() -> None:
    """E 36 / E 47: the game ends when the stock is exhausted and the last hands have been played."""
    state, _events = run(scenario([["2C", "KC"], ["4C", "5C"]], ["KD"], moves=["2C", "4C", "KC"]))
    assert state.result is None and state.turn == 1
    state.apply(state.action_for(state.hands[1][0]))
    assert state.result is not None


def test_leftovers_go_to_nobody_in_standard() -> None:
    """E 36 "not awarded to anyone in standard rules"."""
    state, events = run(scenario([["7H", "KS"], ["7S", "3C"]], ["7C", "5S"], moves=["7H", "7S", "KS", "3C"]))
    assert of_type(events, "leftovers")[0]["to"] is None
    assert events[-1]["scores"] == [0, 3]
    assert len(state.leftovers) == 3


def test_last_capture_bonus_goes_to_last_stealer() -> None:
    """E 42 and rulings: with last_capture_bonus the leftovers go to the last player who captured *or stole*."""
    data = scenario([["7H", "KS"], ["7S", "3C"]], ["7C", "5S"], moves=["7H", "7S", "KS", "3C"], last_capture_bonus=True)
    data["dealer"] = 1
    _state, events = run(data)
    assert events[-2] == {"type": "leftovers", "cards": ["5S", "KS", "3C"], "to": 1}
    assert events[-1]["scores"] == [0, 6] and events[-1]["winners"] == [1]


def test_rubamazzo_last_capture_takes_the_table() -> None:
    """R 39: the player making the last capture takes every remaining table card."""
    _state, events = run(
        scenario([["5H", "2C"], ["6H", "3C"]], ["5C", "6C", "QD"], moves=["5H", "6H", "2C", "3C"], variant="rubamazzo")
    )
    assert of_type(events, "leftovers")[0]["to"] == 1
    assert events[-1]["scores"] == [2, 5]


def test_tie_goes_to_a_tiebreak_hand_from_a_fresh_deck() -> None:
    """E 48 / G 48: tied players play one tiebreak hand of 4 cards each with 4 table cards.

    Rulings: freshly shuffled full deck; most cards gained in that hand wins; still tied is a draw.
    """
    state, events = run(scenario([["5H", "2C"], ["6H", "3C"]], ["5C", "6C"], moves=["5H", "6H", "2C", "3C"]))
    assert of_type(events, "tiebreak") == [{"type": "tiebreak", "players": [0, 1], "score": 2}]
    deal = events[-1]
    assert deal["type"] == "deal" and deal["counts"] == [4, 4] and len(deal["table"]) == 4 and deal["stock"] == 40
    assert state.main_scores == (2, 2) and state.phase == "tiebreak"
    rest = random_game_from(state, 7)
    over = rest[-1]
    assert over["scores"] == [2, 2]
    gains = over["tiebreak"]
    best = max(gains)
    assert over["winners"] == [s for s in (0, 1) if gains[s] == best]
    assert over["reason"] == ("tiebreak" if len(over["winners"]) == 1 else "draw")


def test_tiebreak_only_among_the_tied_players() -> None:
    """E 48: "if two players are level" — with three players only the two tied on most cards play on."""
    data = scenario(
        [["5H", "2C"], ["6H", "3C"], ["8H", "4C"]], ["5C", "6C", "KD"], moves=["5H", "6H", "8H", "2C", "3C", "4C"]
    )
    state, events = run(data)
    assert of_type(events, "tiebreak")[0]["players"] == [0, 1]
    assert events[-1]["counts"] == [4, 4, 0]
    rest = random_game_from(state, 3)
    assert all(e["player"] in (0, 1) for e in plays(rest))


def test_rubamazzo_tie_is_a_draw() -> None:
    """R 45: 20:20 is a draw — no tiebreak in Rubamazzo."""
    _state, events = run(scenario([["5H"], ["6H"]], ["5C", "6C"], moves=["5H", "6H"], variant="rubamazzo"))
    assert not of_type(events, "tiebreak")
    assert events[-1]["winners"] == [0, 1] and events[-1]["reason"] == "draw"


def test_friendly_has_no_stealing() -> None:
    """E 53: Friendly Bundles removes the stealing rule; the 5D finds no table 5 and trails."""
    data = scenario([["5H", "KC"], ["5D", "QC"]], ["5C", "9S"], moves=["5H", "5D"], variant="friendly")
    _state, events = run(data)
    assert plays(events)[1] == {"type": "trail", "player": 1, "card": "5D"}


def test_rubamazzetto_has_no_stealing() -> None:
    """R 62: Rubamazzetto removes the stealing rule: every turn is a plain rank capture or a trail."""
    data = scenario([["5H", "KC"], ["5D", "QC"]], ["5C", "4S"], moves=["5H", "5D"], variant="rubamazzetto")
    state, events = run(data)
    assert plays(events)[1]["type"] == "trail"
    assert all(a.steal is None for a in state.actions())


def test_counter_clockwise_order() -> None:
    """R 9 and R 28: counter-clockwise, the player right of the dealer starts; rulings: 0, n-1, n-2."""
    data = scenario(
        [["2C", "2D"], ["3C", "3D"], ["4C", "4D"]], ["KD"], moves=["2C", "4C", "3C"], variant="casita-robada"
    )
    _state, events = run(data)
    assert [e["player"] for e in plays(events)] == [0, 2, 1]
    rub = BundlesState(BundlesOptions.preset("rubamazzo", {"players": 3}), seed=1, dealer=0)
    assert rub.start()[0].to_dict()["first"] == 2


def test_casita_robada_uses_the_spanish_40_card_pack() -> None:
    """E 54: Casita Robada uses a 40-card Spanish pack — no 8, 9 or 10."""
    with pytest.raises(ScenarioError, match="spanish40"):
        run(scenario([["8H"], ["3C"]], ["KD"], variant="casita-robada"))
    state = BundlesState(BundlesOptions.preset("casita-robada", {"players": 4}), seed=3)
    state.start()
    assert sum(len(z) for z in state.zones().values()) == 40


def test_double_bundles_choose_the_receiving_bundle() -> None:
    """E 56: two bundles each; captures go to either; a steal takes only one opponent bundle."""
    moves = [
        {"card": "9H", "bundle": 0},
        "2C",
        {"card": "KD", "bundle": 1},
        {"card": "9D", "bundle": 1},
        {"card": "9S", "bundle": 0},
        "3C",
    ]
    data = scenario([["9H", "KD", "9S"], ["2C", "9D", "3C"]], ["9C", "KC", "QD"], moves=moves, double_bundles=True)
    state, events = run(data)
    steal = plays(events)[3]
    assert steal == {"type": "steal", "player": 1, "card": "9D", "victim": 0, "count": 2, "bundle": 1, "source": 0}
    assert bundle(state, 0, 0) == ["9C", "9H", "9D", "9S"]
    assert bundle(state, 0, 1) == ["KC", "KD"]
    assert events[-1]["scores"] == [6, 0]


def test_double_bundles_missing_choice_is_refused() -> None:
    """E 56 "may add captures to either": the choice is the player's, so a move must give it."""
    data = scenario([["9H"], ["2C"]], ["9C"], moves=["9H"], double_bundles=True)
    with pytest.raises(ScenarioError, match=r"move 1: .*bundle"):
        run(data)


def test_double_bundles_steal_names_the_source_bundle() -> None:
    """Rulings: a steal takes exactly one opponent bundle; with two matching tops the thief chooses which."""
    pack = BundlesState().deck
    nine_c, nine_d, nine_h, nine_s, two_c = pack.parse_many(["9C", "9D", "9H", "9S", "2C"])
    options = BundlesOptions.preset("standard", {"double_bundles": True})
    state = BundlesState(options, dealer=1, hands=[[nine_s], [two_c]])
    state.start()
    state.bundles = [[], [], [nine_c], [nine_d, nine_h]]  # player 2's two bundles both show a 9
    state._legal = None
    choices = {(a.steal, a.source, a.bundle) for a in state.actions()}
    assert choices == {(1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)}
    with pytest.raises(IllegalActionError, match="victim's bundles"):
        state.action_for(nine_s, bundle=0)
    action = state.action_for(nine_s, steal=1, source=1, bundle=0)
    events = state.apply(action)
    assert events[0].to_dict()["count"] == 2
    assert state.bundles[2] == [nine_c]


def test_wild_jacks_steal_any_bundle_by_choice() -> None:
    """E 57: Jacks may steal any bundle regardless of its top; rulings: the player chooses, and which bundle."""
    moves = ["2C", "3H", "4H", {"card": "JH", "wild": True, "steal": 2}, "5S", "6S"]
    hands = [["JH", "2C"], ["3H", "5S"], ["4H", "6S"]]
    _state, events = run(scenario(hands, ["3C", "4C"], moves=moves, wild_jacks=True))
    steal = plays(events)[3]
    assert steal == {"type": "steal", "player": 0, "card": "JH", "victim": 2, "count": 2, "wild": True}
    assert events[-1]["scores"] == [3, 2, 0]
    for move, reason in (({"card": "JH"}, "wild"), ({"card": "JH", "wild": True}, "which player")):
        bad = scenario(hands, ["3C", "4C"], moves=["2C", "3H", "4H", move], wild_jacks=True)
        with pytest.raises(ScenarioError, match=f"move 4: .*{reason}"):
            run(bad)
    normal = scenario(hands, ["3C", "4C"], moves=["2C", "3H", "4H", {"card": "JH", "wild": False}], wild_jacks=True)
    assert plays(run(normal)[1])[3] == {"type": "trail", "player": 0, "card": "JH"}


def test_wild_jack_without_any_opponent_bundle_plays_normally() -> None:
    """docs/en/rules/bundles.md: with no non-empty opponent bundle a wild Jack has only its normal effect."""
    _state, events = run(scenario([["JH", "2C"], ["3D", "4D"]], ["5C"], moves=["JH"], wild_jacks=True))
    assert plays(events) == [{"type": "trail", "player": 0, "card": "JH"}]


def test_wild_jacks_work_without_stealing() -> None:
    """docs/en/rules/bundles.md: wild_jacks on a no-stealing preset still lets a Jack steal."""
    data = scenario(
        [["2C", "JH"], ["3H", "5S"]],
        ["3C"],
        moves=["2C", "3H", {"card": "JH", "wild": True}],
        variant="friendly",
        wild_jacks=True,
    )
    _state, events = run(data)
    assert plays(events)[2]["type"] == "steal" and plays(events)[2]["wild"] is True


def test_sweep_bonus_takes_the_top_stock_card() -> None:
    """E 58: capturing every table card earns an extra stock card; rulings: it goes under the played card."""
    stock = ["KS", "QS", "JS", "TS", "9S"]
    data = scenario([["7H", "2C"], ["3D", "4D"]], ["7C"], stock, moves=["7H", "3D", "2C", "4D"], sweep_bonus=True)
    state, events = run(data)
    assert of_type(events, "sweep") == [{"type": "sweep", "player": 0, "bonus": 1}]
    assert bundle(state, 0) == ["7C", "KS", "7H"]
    assert of_type(events, "redeal")[0]["counts"] == [2, 2]
    plain = scenario([["7H", "2C"], ["3D", "4D"]], ["7C"], stock, moves=["7H"])
    state, events = run(plain)
    assert of_type(events, "sweep") == [{"type": "sweep", "player": 0, "bonus": 0}]
    assert bundle(state, 0) == ["7C", "7H"]


def test_rubamazzo_15_sum_captures() -> None:
    """R 66 and rulings: the card may take table cards summing with it to 15 (J=8, Q=9, K=10), by choice."""
    hands = [["5H", "2C"], ["3D", "4D"]]
    table = ["4C", "6C", "KC", "5S"]
    with pytest.raises(ScenarioError, match=r"move 1: .*capture"):
        run(scenario(hands, table, moves=["5H"], variant="rubamazzo-15"))
    moves = [{"card": "5H", "capture": ["4C", "6C"]}, "3D", "2C", "4D"]
    _state, events = run(scenario(hands, table, moves=moves, variant="rubamazzo-15"))
    assert plays(events)[0] == {"type": "capture", "player": 0, "card": "5H", "cards": ["4C", "6C"]}
    assert plays(events)[1]["type"] == "trail"
    assert sorted(plays(events)[2]["cards"]) == ["3D", "KC"]
    assert of_type(events, "leftovers")[0] == {"type": "leftovers", "cards": ["5S", "4D"], "to": 0}
    assert events[-1]["scores"] == [8, 0]


def test_illegal_moves_name_the_move_and_the_reason() -> None:
    """Issue 3: an illegal choice stops the replay with one line naming the move and the reason."""
    hands = [["7H", "KS"], ["7S", "3C"]]
    cases: list[tuple[list[Any], str]] = [
        (["7H", "KS"], "move 2: KS is not in player 2's hand"),
        (["7H", {"card": "3C", "steal": 0}], "move 2: 3C allows no stealing from player 1"),
        (["7H", "7S", "KS", "3C", "7H"], "move 5: the game is over"),
        ([{"card": "7H", "capture": ["5S"]}], "move 1: 7H allows no capturing"),
    ]
    for moves, message in cases:
        with pytest.raises(ScenarioError, match=message):
            run(scenario(hands, ["7C", "5S"], moves=moves))


def random_game_from(state: BundlesState, seed: int) -> list[dict[str, Any]]:
    """Finish a started game with random legal choices; the events as data."""
    import random

    chooser = random.Random(seed)
    events: list[dict[str, Any]] = []
    while state.result is None:
        events += [e.to_dict() for e in state.apply(chooser.choice(state.actions()))]
    return events


def test_options_combine_with_any_preset() -> None:
    """Rulings: options combine with any preset — tiebreak off makes a standard tie a draw; stealing on in friendly."""
    _state, events = run(scenario([["5H"], ["6H"]], ["5C", "6C"], moves=["5H", "6H"], tiebreak=False))
    assert not of_type(events, "tiebreak") and events[-1]["reason"] == "draw"
    data = scenario([["5H", "KC"], ["5D", "QC"]], ["5C", "9S"], moves=["5H", "5D"], variant="friendly", stealing=True)
    _state, events = run(data)
    assert plays(events)[1]["type"] == "steal"
