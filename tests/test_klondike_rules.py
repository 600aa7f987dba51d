"""Klondike's rules, one test per rule and option, each citing the seed ("Klondike" page, 004_*.txt)
or the issue's classic preset; the random-play invariants are in test_klondike_random.py."""

from __future__ import annotations

import pytest
from klondike_support import FRENCH, board, codes, ids

from accessible_cards.errors import IllegalActionError, OptionError
from accessible_cards.games.klondike.actions import DRAW, FOUNDATION, REDO, UNDO, WASTE, Move
from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.state import Dealt, Drew, GameOver, KlondikeState, Moved, Redealt, TurnedUp


def test_deal_seven_columns_one_to_seven_top_face_up() -> None:
    """Seed: "Links wird eine einzelne Karte aufgedeckt ... bis man ganz rechts eine Reihe von sieben Karten
    (6 verdeckte, eine offene) erreicht"; "Die restlichen Karten kommen als Zugstapel"."""
    state = KlondikeState("braillespiel", options_for("braillespiel", {}), 7)
    events = state.start()
    assert [len(c) for c in state.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert state.down == [0, 1, 2, 3, 4, 5, 6]
    assert len(state.stock) == 24
    assert isinstance(events[0], Dealt) and len(events[0].face_up) == 7
    assert sorted(state.all_cards()) == list(range(52))


def test_same_seed_same_deal() -> None:
    a = KlondikeState("classic", options_for("classic", {}), 99)
    b = KlondikeState("classic", options_for("classic", {}), 99)
    a.start()
    b.start()
    assert a.snapshot() == b.snapshot()


@pytest.mark.parametrize(("onto", "ok"), [("8H", True), ("6D", True), ("7S", False), ("9C", False)])
def test_braillespiel_any_suit_one_higher_or_lower(onto: str, ok: bool) -> None:
    """Seed: "Jede Karte in den Reihen kann auf jeder anderen Karte abgelegt werden, die eine Zahl kleiner oder
    größer ist, ungeachtet der Farbe"."""
    state = board(columns=["7C", onto])
    assert (Move(0, 1, 1) in state.legal_actions()) is ok


def test_braillespiel_order_two_to_ace_without_wrap() -> None:
    """Rulings: the order is 2 < 3 < ... < K < A, no wrap: an ace goes on a king, never on a two."""
    assert Move(0, 1, 1) in board(columns=["AS", "KH"]).legal_actions()
    assert Move(0, 1, 1) in board(columns=["KS", "AH"]).legal_actions()
    assert Move(0, 1, 1) not in board(columns=["AS", "2H"]).legal_actions()
    assert Move(0, 1, 1) not in board(columns=["2S", "AH"]).legal_actions()


def test_a_face_up_card_moves_with_everything_on_it() -> None:
    """Rulings: "a face-up card (with every card on top of it) may be moved"."""
    state = board(columns=["QD 9S 8H 9C", "TH"], down=[1])
    state.apply(Move(0, 1, 3))
    assert codes(state, 1) == "TH 9S 8H 9C"
    assert codes(state, 0) == "QD"


def test_moving_the_last_face_up_card_turns_up_the_next() -> None:
    """Seed: "Wird die letzte offene Karte einer Reihe bewegt, wird die oberste verdeckte Karte aufgedeckt"."""
    state = board(columns=["2C 3D 7C", "8H"], down=[2])
    events = state.apply(Move(0, 1, 1))
    turned = [e for e in events if isinstance(e, TurnedUp)]
    assert turned and turned[0].column == 0 and turned[0].card.code == "3D"
    assert state.down[0] == 1


def test_braillespiel_empty_column_takes_any_card() -> None:
    """Seed: "Ist eine Reihe leer, kann jede beliebige Karte an die Stelle gelegt werden"."""
    state = board(columns=["5C 7D", "", "9S"], down=[1], waste="4H")
    legal = state.legal_actions()
    assert Move(0, 1, 1) in legal
    assert Move(WASTE, 1, 1) in legal


def test_classic_only_a_king_fills_an_empty_column() -> None:
    """Issue, classic: "Only a King (or a run starting with one) fills an empty column"."""
    state = board("classic", columns=["5C QD", "", "2S KH QC"], down=[1, 0, 1], waste="4H")
    legal = state.legal_actions()
    assert Move(0, 1, 1) not in legal
    assert Move(WASTE, 1, 1) not in legal
    assert Move(2, 1, 2) in legal


CLASSIC_PAIRS = [("7C", "8H", True), ("7C", "8D", True), ("7C", "8S", False), ("7C", "6H", False), ("7H", "8C", True)]


@pytest.mark.parametrize(("card", "onto", "ok"), [*CLASSIC_PAIRS, ("KH", "AS", False)])
def test_classic_builds_down_in_alternating_colours(card: str, onto: str, ok: bool) -> None:
    """Issue, classic: "Columns build down in alternating colours"; ranks A < 2 < ... < K."""
    state = board("classic", columns=[card, onto])
    assert (Move(0, 1, 1) in state.legal_actions()) is ok


def test_braillespiel_foundation_ace_then_king_down_to_two() -> None:
    """Seed: "... in absteigender Reihenfolge ..., sodass ein kompletter Satz Karten dieser Farbe von As, König,
    Dame etc. bis hinunter zur 2 entsteht"."""
    state = board(columns=["KS", "AS", "2S"])
    legal = state.legal_actions()
    assert Move(1, FOUNDATION, 1) in legal
    assert Move(0, FOUNDATION, 1) not in legal  # no king before the ace
    state.apply(Move(1, FOUNDATION, 1))
    assert Move(0, FOUNDATION, 1) in state.legal_actions()
    assert Move(2, FOUNDATION, 1) not in state.legal_actions()  # the two comes last
    state.apply(Move(0, FOUNDATION, 1))
    assert state.found[0] == 2


def test_a_foundation_needs_its_own_suit() -> None:
    state = board(columns=["KH"], found=[1, 0, 0, 0])
    assert Move(0, FOUNDATION, 1) not in state.legal_actions()


def test_classic_foundation_ace_up_to_king() -> None:
    """Issue, classic: "Foundations build up A to K by suit"."""
    state = board("classic", columns=["2H", "KH"], found=[0, 1, 0, 0])
    legal = state.legal_actions()
    assert Move(0, FOUNDATION, 1) in legal
    assert Move(1, FOUNDATION, 1) not in legal


def test_foundation_cards_never_move_back_in_the_seed_game() -> None:
    """Seed: "Von dort darf es nicht mehr bewegt werden"; classic may allow it with from_foundation."""
    state = board(columns=["QS"], found=[2, 0, 0, 0])  # AS, KS on spades
    assert not any(isinstance(a, Move) and a.source >= FOUNDATION for a in state.legal_actions())
    allowed = board("classic", columns=["3H"], found=[2, 0, 0, 0], from_foundation=True)  # AS, 2S
    assert Move(FOUNDATION + 0, 0, 1) in allowed.legal_actions()
    allowed.apply(Move(FOUNDATION + 0, 0, 1))
    assert codes(allowed, 0) == "3H 2S"


def test_turn_three_onto_the_waste_only_the_top_plays() -> None:
    """Seed: "werden drei Karten vom Zugstapel gezogen ... Auch diese Karten müssen von oben aus der Reihe nach
    'weggespielt' werden"."""
    state = board(columns=["9S"], stock="2D 8H 4C TC")  # TC on top
    events = state.apply(DRAW)
    drew = next(e for e in events if isinstance(e, Drew))
    assert [c.code for c in drew.cards] == ["TC", "4C", "8H"]
    assert drew.stock == 1
    state2 = board(columns=["5S"], stock="2D 8H 4C TC")
    state2.apply(DRAW)
    assert Move(WASTE, 0, 1) not in state2.legal_actions()  # 4C lies under the 8H: not playable


def test_the_top_waste_card_plays() -> None:
    state = board(columns=["9S"], stock="2D 8H 4C TC")
    state.apply(DRAW)
    assert Move(WASTE, 0, 1) in state.legal_actions()  # the 8H goes on the 9S


def test_turn_three_with_fewer_than_three_left() -> None:
    """Rulings: "turn three (or what is left)"."""
    state = board(columns=["9S"], stock="2D 8H")
    events = state.apply(DRAW)
    drew = next(e for e in events if isinstance(e, Drew))
    assert [c.code for c in drew.cards] == ["8H", "2D"] and drew.stock == 0


def test_turn_one() -> None:
    state = board(columns=["9S"], stock="2D 8H 4C", draw=1)
    drew = next(e for e in state.apply(DRAW) if isinstance(e, Drew))
    assert [c.code for c in drew.cards] == ["4C"] and drew.stock == 2


def test_the_waste_turns_over_as_the_new_stock_without_limit() -> None:
    """Seed: "Ist der Zugstapel leer, wird der Stapel nicht benutzter Karten umgedreht und erneut als Zugstapel
    benutzt"."""
    state = board(columns=["9S", "9C"], stock="2D 3D 4D", draw=1)
    for _ in range(3):
        state.apply(DRAW)
    assert not state.stock
    for pass_number in range(2, 6):
        events = state.apply(DRAW)
        assert isinstance(events[0], Redealt) and events[0].pass_number == pass_number
        assert [code_of(c) for c in reversed(state.stock)] == ["4D", "3D", "2D"]
        for _ in range(3):
            state.apply(DRAW)


def code_of(card: int) -> str:
    return FRENCH.code(card)


@pytest.mark.parametrize("passes", [1, 3])
def test_pass_limit(passes: int) -> None:
    """Issue: "a limit on passes through the stock"; classic "unlimited, 3 passes, or 1 pass"."""
    state = board("classic", columns=["9S", "8H"], stock="2D 3D", draw=1, passes=passes)  # a move stays: not stuck
    for _ in range(passes):
        state.apply(DRAW)
        state.apply(DRAW)
        assert not state.stock
        if state.can_draw():
            state.apply(DRAW)  # turn the waste over
    assert DRAW not in state.legal_actions()


def test_unknown_option_and_bad_values_are_refused() -> None:
    with pytest.raises(OptionError):
        options_for("classic", {"draw": "2"})
    with pytest.raises(OptionError):
        options_for("classic", {"colour": "x"})
    with pytest.raises(OptionError):
        options_for("spider", {})


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    state = board(columns=["7C", "9H"])
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.apply(Move(0, 1, 1))
    assert state.snapshot() == before


def test_won_with_all_52_on_the_foundations() -> None:
    """Seed: "Ziel des Spiels ist es, alle vier Asse zu finden und das gesamte Kartenspiel ... darauf abzulegen"."""
    state = board(columns=["2C"], found=[13, 13, 13, 12])
    events = state.apply(Move(0, FOUNDATION, 1))
    over = events[-1]
    assert isinstance(over, GameOver) and over.reason == "won" and over.foundation == 52
    assert state.result is not None and state.result.winners == (0,)


def test_stuck_ends_the_game() -> None:
    """No move now and none after any draw: the game ends, with the cards on the foundations counted."""
    state = board("classic", columns=["9S", "9C", "KS 3C"], down=[0, 0, 1], stock="5H", draw=1, passes=1)
    events = state.apply(DRAW)
    assert isinstance(events[-1], GameOver) and events[-1].reason == "stuck"


def test_undo_to_the_start_and_redo_to_the_end() -> None:
    """Issue: "Undo and Redo without limit"; tests: "undo to the start and redo to the end"."""
    state = KlondikeState("braillespiel", options_for("braillespiel", {}), 3)
    state.start()
    start = state.snapshot()
    boards = [start]
    played = 0
    while played < 40 and state.result is None:
        moves = [a for a in state.legal_actions() if isinstance(a, Move)] or [DRAW]
        state.apply(moves[0])
        boards.append(state.snapshot())
        played += 1
    end = state.snapshot()
    for expected in reversed(boards[:-1]):
        state.apply(UNDO)
        assert state.snapshot() == expected
    assert state.snapshot() == start and UNDO not in state.legal_actions()
    for expected in boards[1:]:
        state.apply(REDO)
        assert state.snapshot() == expected
    assert state.snapshot() == end and REDO not in state.legal_actions()


def test_a_new_move_after_undo_drops_the_redo() -> None:
    state = board(columns=["7C", "8H", "6D"])
    state.apply(Move(0, 1, 1))
    state.apply(UNDO)
    state.apply(Move(0, 2, 1))
    assert REDO not in state.legal_actions()


def test_save_form_reads_back() -> None:
    state = KlondikeState("classic", options_for("classic", {"scoring": "vegas"}), 11)
    state.start()
    state.apply(DRAW)
    again = KlondikeState.from_json(state.to_json())
    assert again.snapshot() == state.snapshot()
    assert again.undo_stack == state.undo_stack


def test_standard_scoring() -> None:
    """Issue, classic: "Optional standard scoring": waste to column 5, to a foundation 10, a card turned up 5."""
    state = board("classic", columns=["AS", "3C 9D"], down=[0, 1], waste="8C", scoring="standard")
    state.apply(Move(WASTE, 1, 1))
    assert state.score == 5
    state.apply(Move(0, FOUNDATION, 1))
    assert state.score == 15


def test_vegas_scoring() -> None:
    """Issue, classic: "Vegas scoring": 52 paid at the start, 5 back per card on a foundation."""
    state = KlondikeState("classic", options_for("classic", {"scoring": "vegas"}), 1)
    state.start()
    assert state.score == -52
    vegas = board("classic", columns=["AS", "2S"], scoring="vegas")
    vegas.score = -52
    vegas.apply(Move(0, FOUNDATION, 1))
    vegas.apply(Move(1, FOUNDATION, 1))
    assert vegas.score == -42


def test_moved_event_names_source_target_and_the_card_below() -> None:
    state = board(columns=["7C", "8H"])
    moved = state.apply(Move(0, 1, 1))[0]
    assert isinstance(moved, Moved)
    assert moved.source == 0 and moved.target == 1
    assert [c.code for c in moved.cards] == ["7C"] and moved.onto is not None and moved.onto.code == "8H"
    assert ids("7C") == [state.columns[1][-1]]
