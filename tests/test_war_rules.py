"""War (Krieg): one scenario per rule and option, each with a small fixed deck worked out by hand.

Every expected event list, pile and counter below was worked out on paper from the Krieg text
(``seeds/003``) and the War part of ``rulings.md``, never copied from a run. Piles are written top
card first. Events are compared in their JSON form, as ``accessible-cards replay --json`` shows
them to a player.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from accessible_cards.games.war.state import TURN, WarOptions, WarState
from accessible_cards.scenario import parse

Events = list[dict[str, Any]]


def war(*piles: list[Any], set_aside: list[Any] | None = None, **options: Any) -> WarState:
    """A War state from a scenario with these piles (one per player) and options."""
    data: dict[str, Any] = {"game": "war", "piles": [list(p) for p in piles], "options": options}
    if set_aside is not None:
        data["set_aside"] = set_aside
    state = parse(data).state
    assert isinstance(state, WarState)
    return state


def deal(state: WarState) -> Events:
    """Start the game; its events as JSON-ready dicts."""
    return [event.to_dict() for event in state.start()]


def turn(state: WarState) -> Events:
    """One TURN (one battle); its events as JSON-ready dicts."""
    return [event.to_dict() for event in state.apply(TURN)]


def pile(state: WarState, seat: int) -> list[str]:
    """A seat's pile as codes, top card first."""
    return state.deck.codes(state.zones()[f"pile{seat}"])


def zone(state: WarState, name: str) -> list[str]:
    """A zone's cards as codes."""
    return state.deck.codes(state.zones()[name])


def battle(cards: list[tuple[int, str]], high: list[int]) -> dict[str, Any]:
    return {"type": "battle", "cards": [[seat, code] for seat, code in cards], "high": high}


def war_started(seats: list[int]) -> dict[str, Any]:
    return {"type": "war", "seats": seats}


def face_down(counts: list[tuple[int, int]]) -> dict[str, Any]:
    return {"type": "face_down", "counts": [[seat, n] for seat, n in counts]}


def took(seat: int, count: int) -> dict[str, Any]:
    return {"type": "took", "seat": seat, "count": count}


def out(seat: int, reason: str = "no_cards") -> dict[str, Any]:
    return {"type": "player_out", "seat": seat, "reason": reason}


def over(scores: list[int], winners: list[int], reason: str, rounds: int, battles: int, plays: int, wars: int) -> Any:
    return {
        "type": "game_over",
        "scores": scores,
        "winners": winners,
        "reason": reason,
        "rounds": rounds,
        "battles": battles,
        "plays": plays,
        "wars": wars,
    }


# --- comparing cards ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        ("AS", "KH", 0),  # ace above king
        ("2C", "AD", 1),  # ace high, not low
        ("KD", "QS", 0),
        ("JC", "TS", 0),
        ("9H", "TD", 1),
        ("2S", "3C", 1),  # spades do not outrank clubs
        ("3H", "2S", 0),
        ("QC", "JH", 0),
    ],
)
def test_higher_card_takes_both(first: str, second: str, winner: int) -> None:
    """Seed: "As, König, Dame, Bube, 10, 9, ... 2. Farben werden ignoriert." (ace high, suits ignored);
    "Wer die größere Zahl hat, bekommt beide Karten" (the higher card takes both).

    One card each: the higher takes both, the other has none left and is out, the winner holds both.
    """
    state = war([first], [second])
    loser = 1 - winner
    deal(state)
    assert turn(state) == [
        battle([(0, first), (1, second)], [winner]),
        took(winner, 2),
        out(loser),
        over([2, 0] if winner == 0 else [0, 2], [winner], "last_player", 1, 1, 1, 0),
    ]
    assert sorted(pile(state, winner)) == sorted([first, second])


def test_same_rank_in_different_suits_is_a_tie() -> None:
    """Seed: "Farben werden ignoriert" (suits are ignored): 7S against 7H is a tie, so war."""
    state = war(["7S", "2C"], ["7H", "3C"])
    deal(state)
    assert turn(state) == [battle([(0, "7S"), (1, "7H")], [0, 1]), war_started([0, 1])]
    assert state.result is None


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [("13", "12", 0), ("1", "2", 1), ("13", "1", 0), ("10", "9", 0), ("5", "11", 1)],
)
def test_numbers_deck_runs_from_13_down_to_1(first: str, second: str, winner: int) -> None:
    """Seed: "Nutzt man Zahlenkarten, dann werden die Karten einfach in absteigender Zahlenfolge von 13
    bis 1 genommen." (number cards rank 13 high down to 1 low; 1 is not an ace.)"""
    state = war([first], [second], deck="numbers")
    deal(state)
    events = turn(state)
    assert events[0] == battle([(0, first), (1, second)], [winner])
    assert events[1] == took(winner, 2)
    assert state.result is not None
    assert state.result.winners == (winner,)


def test_numbers_deck_tie_goes_to_war() -> None:
    """Number cards of the same value tie: two 7s start a war, and 13 beats 12 in it (face_down=0)."""
    state = war(["7", "13"], ["7", "12"], deck="numbers", face_down=0, pickup="seat_order")
    deal(state)
    assert turn(state) == [battle([(0, "7"), (1, "7")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [
        battle([(0, "13"), (1, "12")], [0]),
        took(0, 4),
        out(1),
        over([4, 0], [0], "last_player", 1, 2, 2, 1),
    ]
    assert pile(state, 0) == ["7", "7", "13", "12"]


# --- war, and its face-down cards ------------------------------------------------------------

# P0 5S 9C 2C 3C KS, P1 5H TD 2D 3D QS: the first battle ties (5 against 5); what follows depends on
# how many cards go face down.
WAR_P0 = ["5S", "9C", "2C", "3C", "KS"]
WAR_P1 = ["5H", "TD", "2D", "3D", "QS"]


def test_tie_means_war_three_down_one_up_and_the_winner_takes_all() -> None:
    """Seed: "Wenn beide Karten denselben Wert haben, dann ist Krieg. Die Spieler legen die nächsten drei
    Karten verdeckt und die darauf folgende offen auf den Tisch. Wer nun die höhere Karte hat, gewinnt den
    Krieg, bekommt alle Karten" (a tie is war: three cards face down, the next face up; the higher takes all).

    Default face_down=3: 9C 2C 3C and TD 2D 3D go down, KS beats QS, player 1 takes all 10 cards.
    Counting: 1 round, 2 battles, 5 plays (1 + 3 down + 1 up), 1 war.
    """
    state = war(WAR_P0, WAR_P1, pickup="seat_order")
    assert state.options.face_down == 3
    assert deal(state) == [{"type": "dealt", "counts": [5, 5], "set_aside": 0}]
    assert turn(state) == [battle([(0, "5S"), (1, "5H")], [0, 1]), war_started([0, 1])]
    view = state.view(0)
    assert view.at_war == (0, 1)
    assert view.pile_sizes == (4, 4)
    assert turn(state) == [
        face_down([(0, 3), (1, 3)]),
        battle([(0, "KS"), (1, "QS")], [0]),
        took(0, 10),
        out(1),
        over([10, 0], [0], "last_player", 1, 2, 5, 1),
    ]
    assert pile(state, 0) == ["5S", "5H", "9C", "TD", "2C", "2D", "3C", "3D", "KS", "QS"]


def test_face_down_one() -> None:
    """Rulings: each tied player lays ``face_down`` cards face down and one face up.

    face_down=1: 9C/TD down, 2C against 2D ties again, so 3C/3D down and KS beats QS.
    Counting: 1 round, 3 battles, 5 plays (1 + 2 + 2), 2 wars.
    """
    state = war(WAR_P0, WAR_P1, face_down=1, pickup="seat_order")
    deal(state)
    assert turn(state) == [battle([(0, "5S"), (1, "5H")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [
        face_down([(0, 1), (1, 1)]),
        battle([(0, "2C"), (1, "2D")], [0, 1]),
        war_started([0, 1]),
    ]
    assert turn(state) == [
        face_down([(0, 1), (1, 1)]),
        battle([(0, "KS"), (1, "QS")], [0]),
        took(0, 10),
        out(1),
        over([10, 0], [0], "last_player", 1, 3, 5, 2),
    ]


def test_face_down_zero() -> None:
    """face_down=0: the war is just the next card face up. 9C loses to TD, so player 2 takes 4 cards;
    then 2C/2D and 3C/3D tie and KS beats QS: player 1 takes those 6.

    After 5 battles: 2 rounds, 5 plays, 3 wars; no face-down cards ever, so no face_down event.
    """
    state = war(WAR_P0, WAR_P1, face_down=0, pickup="seat_order")
    deal(state)
    assert turn(state) == [battle([(0, "5S"), (1, "5H")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [battle([(0, "9C"), (1, "TD")], [1]), took(1, 4)]
    assert pile(state, 0) == ["2C", "3C", "KS"]
    assert pile(state, 1) == ["2D", "3D", "QS", "5S", "5H", "9C", "TD"]
    assert turn(state) == [battle([(0, "2C"), (1, "2D")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [battle([(0, "3C"), (1, "3D")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [battle([(0, "KS"), (1, "QS")], [0]), took(0, 6)]
    assert pile(state, 0) == ["2C", "2D", "3C", "3D", "KS", "QS"]
    assert pile(state, 1) == ["5S", "5H", "9C", "TD"]
    assert state.counts() == {"rounds": 2, "battles": 5, "plays": 5, "wars": 3}
    assert state.result is None


def test_repeated_war() -> None:
    """Seed: "Sind die Karten wieder gleich, dann wird die Prozedur wiederholt. Das geht solange, bis die
    Werte verschieden sind." (equal again: the war repeats until the values differ.)

    5s tie, the war's 9s tie, the second war's KS beats QS: player 1 takes all 18 cards.
    Counting: 1 round, 3 battles, 9 plays (1 + 4 + 4), 2 wars.
    """
    p0 = ["5S", "2C", "3C", "4C", "9S", "6C", "7C", "8C", "KS"]
    p1 = ["5H", "2D", "3D", "4D", "9H", "6D", "7D", "8D", "QS"]
    state = war(p0, p1)
    deal(state)
    assert turn(state) == [battle([(0, "5S"), (1, "5H")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [face_down([(0, 3), (1, 3)]), battle([(0, "9S"), (1, "9H")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [
        face_down([(0, 3), (1, 3)]),
        battle([(0, "KS"), (1, "QS")], [0]),
        took(0, 18),
        out(1),
        over([18, 0], [0], "last_player", 1, 3, 9, 2),
    ]
    assert Counter(pile(state, 0)) == Counter(p0 + p1)


# --- dealing ----------------------------------------------------------------------


@pytest.mark.parametrize("deck_kind", ["french52", "numbers"])
@pytest.mark.parametrize(("players", "each", "aside"), [(2, 26, 0), (3, 17, 1), (4, 13, 0)])
@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_seeded_deal(deck_kind: str, players: int, each: int, aside: int, seed: int) -> None:
    """Seed: "Spielen zwei Spieler erhält jeder 26 Karten." and "Wird zu dritt gespielt bekommt jeder 17
    Karten und 1 Karte wird beiseite gelegt, wird zu viert gespielt, dann erhält jeder 13 Karten."
    (2 players 26 each; 3 players 17 each and one card set aside; 4 players 13 each.)

    Every card of the pack is dealt or set aside exactly once, and the set-aside card is in no pile.
    """
    state = WarState(players, WarOptions(deck=deck_kind), seed)
    assert deal(state) == [{"type": "dealt", "counts": [each] * players, "set_aside": aside}]
    zones = state.zones()
    piles = [zones[f"pile{seat}"] for seat in range(players)]
    assert [len(p) for p in piles] == [each] * players
    assert len(zones["set_aside"]) == aside
    everything = [card for p in piles for card in p] + zones["set_aside"]
    assert sorted(everything) == list(range(52))
    for card in zones["set_aside"]:
        assert all(card not in p for p in piles)
    assert state.view(0).set_aside == aside


def test_the_deal_is_shuffled_and_the_seed_fixes_it() -> None:
    """Seed: "Die Karten werden gemischt." (the cards are shuffled): two seeds deal differently, one seed
    always the same way."""
    first = WarState(2, None, 11)
    again = WarState(2, None, 11)
    other = WarState(2, None, 12)
    for state in (first, again, other):
        state.start()
    assert first.zones() == again.zones()
    assert first.zones() != other.zones()


def test_the_set_aside_card_stays_out_of_play_all_game() -> None:
    """Rulings: 3 players, one card "set aside (out of play, announced)": it never comes back."""
    for seed in range(5):
        state = WarState(3, WarOptions(max_rounds=300), seed)
        state.start()
        aside = state.zones()["set_aside"]
        result = state.play_out()
        assert state.zones()["set_aside"] == aside
        assert sum(result.scores) + len(state.zones()["table"]) + len(state.zones()["out_of_play"]) == 51


def test_a_scenario_may_set_cards_aside() -> None:
    """Scenario files may set cards aside; they are counted and never played."""
    state = war(["AS"], ["KS"], set_aside=["2C"])
    assert deal(state) == [{"type": "dealt", "counts": [1, 1], "set_aside": 1}]
    state.play_out()
    assert zone(state, "set_aside") == ["2C"]


# --- three and four players -----------------------------------------------------------------


def test_three_players_unique_highest_takes_all_and_no_war() -> None:
    """Rulings: "A unique highest card takes everything on the table." 5, 5 and 9: the 9 wins, no war,
    even though two lower cards tie."""
    state = war(["5S", "2C"], ["5H", "3C"], ["9S", "4C"])
    deal(state)
    assert turn(state) == [battle([(0, "5S"), (1, "5H"), (2, "9S")], [2]), took(2, 3)]
    assert state.wars == 0
    assert [len(pile(state, seat)) for seat in range(3)] == [1, 1, 4]


@pytest.mark.parametrize(
    ("pickup", "expected"),
    [
        # seat order: step by step, seats 0, 1, 2 in each step
        ("seat_order", ["7S", "7H", "5S", "2C", "2D", "3C", "3D", "4C", "4D", "8C", "9D"]),
        # winner first: player 2's cards as laid, then player 3's, then player 1's
        ("winner_first", ["7H", "2D", "3D", "4D", "9D", "5S", "7S", "2C", "3C", "4C", "8C"]),
    ],
)
def test_three_players_only_the_tied_go_to_war(pickup: str, expected: list[str]) -> None:
    """Seed: "Es ziehen immer die Spieler in den Krieg bzw. bleiben im Krieg, die eine Karte mit dem höchsten
    Wert haben." (only the players holding the highest card go to war); rulings: the war's winner takes
    everything on the table, "including cards of players who were not in the war".

    7S and 7H tie above 5S: players 1 and 2 go to war, player 3 lays nothing more. 9D beats 8C, so player 2
    takes 11 cards, the 5S of player 3 among them. Pile order per the rulings' ``pickup``.
    """
    state = war(["7S", "2C", "3C", "4C", "8C", "KC"], ["7H", "2D", "3D", "4D", "9D"], ["5S", "6S"], pickup=pickup)
    deal(state)
    assert turn(state) == [battle([(0, "7S"), (1, "7H"), (2, "5S")], [0, 1]), war_started([0, 1])]
    view = state.view(2)
    assert view.at_war == (0, 1)
    assert [(seat, card.code) for seat, card in view.table_up] == [(0, "7S"), (1, "7H"), (2, "5S")]
    assert turn(state) == [
        face_down([(0, 3), (1, 3)]),
        battle([(0, "8C"), (1, "9D")], [1]),
        took(1, 11),
    ]
    assert pile(state, 1) == expected
    assert pile(state, 0) == ["KC"]
    assert pile(state, 2) == ["6S"]
    assert state.result is None
    assert state.counts() == {"rounds": 1, "battles": 2, "plays": 5, "wars": 1}


@pytest.mark.parametrize(
    ("pickup", "expected"),
    [
        (
            "seat_order",
            ["9S", "4S", "9D", "9H", "2C", "2D", "2H", "3C", "3D", "3H", "4C", "4D", "4H", "JC", "TD", "QH"],
        ),
        # winner (player 4) first, then players 1, 2, 3: clockwise from the winner
        (
            "winner_first",
            ["9H", "2H", "3H", "4H", "QH", "9S", "2C", "3C", "4C", "JC", "4S", "9D", "2D", "3D", "4D", "TD"],
        ),
    ],
)
def test_four_players_three_tied(pickup: str, expected: list[str]) -> None:
    """Seed: "Es ziehen immer die Spieler in den Krieg ..., die eine Karte mit dem höchsten Wert haben."

    Three 9s and a 4: players 1, 3 and 4 go to war; QH beats JC and TD; player 4 takes all 16 cards
    (4 + 3x3 down + 3 up). Players 1 and 3 have nothing left and are out; player 2 kept 8S.
    """
    state = war(
        ["9S", "2C", "3C", "4C", "JC"],
        ["4S", "8S"],
        ["9D", "2D", "3D", "4D", "TD"],
        ["9H", "2H", "3H", "4H", "QH"],
        pickup=pickup,
    )
    deal(state)
    assert turn(state) == [
        battle([(0, "9S"), (1, "4S"), (2, "9D"), (3, "9H")], [0, 2, 3]),
        war_started([0, 2, 3]),
    ]
    assert turn(state) == [
        face_down([(0, 3), (2, 3), (3, 3)]),
        battle([(0, "JC"), (2, "TD"), (3, "QH")], [3]),
        took(3, 16),
        out(0),
        out(2),
    ]
    assert pile(state, 3) == expected
    assert pile(state, 1) == ["8S"]
    assert state.view(1).in_game == (False, True, False, True)
    assert state.result is None


def test_three_players_a_further_tie_keeps_only_the_still_tied() -> None:
    """Seed: "... bzw. bleiben im Krieg, die eine Karte mit dem höchsten Wert haben." (those with the highest
    card stay in the war.) Three 7s: all go to war (face_down=1); 9C, 9D, 5H: players 1 and 2 stay, player 3
    drops out of the war (keeps 6H); KC beats QD and player 1 takes all 13 cards."""
    state = war(
        ["7S", "2C", "9C", "3C", "KC"],
        ["7H", "2D", "9D", "3D", "QD"],
        ["7D", "2H", "5H", "6H"],
        face_down=1,
        pickup="seat_order",
    )
    deal(state)
    assert turn(state) == [battle([(0, "7S"), (1, "7H"), (2, "7D")], [0, 1, 2]), war_started([0, 1, 2])]
    assert turn(state) == [
        face_down([(0, 1), (1, 1), (2, 1)]),
        battle([(0, "9C"), (1, "9D"), (2, "5H")], [0, 1]),
        war_started([0, 1]),
    ]
    assert turn(state) == [face_down([(0, 1), (1, 1)]), battle([(0, "KC"), (1, "QD")], [0]), took(0, 13), out(1)]
    assert pile(state, 0) == ["7S", "7H", "7D", "2C", "2D", "2H", "9C", "9D", "5H", "3C", "3D", "KC", "QD"]
    assert pile(state, 2) == ["6H"]
    assert state.counts() == {"rounds": 1, "battles": 3, "plays": 5, "wars": 2}


# --- running short: short=lose -----------------------------------------------------------------


def test_short_lose_two_players_cannot_finish_the_war_loses() -> None:
    """Seed: "Wer nicht genügend Karten hat, um den Krieg zu beenden, verliert das Spiel." (who has too few
    cards to finish the war loses the game.) Rulings ``short=lose``: cards are laid one at a time; the first
    tied player with no card to lay is out.

    Player 1 lays 2C, then has nothing: out; player 2 takes the 4 cards on the table.
    Counting: 1 round, 1 battle (the war never got to its face-up card), 2 plays, 1 war.
    """
    state = war(["5S", "2C"], ["5H", "2D", "3D", "4D", "KD"])
    deal(state)
    assert turn(state) == [battle([(0, "5S"), (1, "5H")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [
        face_down([(0, 1), (1, 1)]),
        {"type": "ran_short", "seats": [0]},
        out(0, "short"),
        took(1, 4),
        over([0, 7], [1], "last_player", 1, 1, 2, 1),
    ]
    assert Counter(pile(state, 1)) == Counter(["3D", "4D", "KD", "5S", "5H", "2C", "2D"])


def test_short_lose_tied_on_the_last_card_loses_at_once() -> None:
    """A tie on a player's very last card: they cannot lay even the first war card and lose."""
    state = war(["5S"], ["5H", "2D", "3D", "4D", "KD"])
    deal(state)
    turn(state)
    assert turn(state) == [
        {"type": "ran_short", "seats": [0]},
        out(0, "short"),
        took(1, 2),
        over([0, 6], [1], "last_player", 1, 1, 1, 1),
    ]


def test_short_lose_three_players_short_player_is_out_game_goes_on() -> None:
    """Rulings: with 3+ players the player who runs short is out (not the game over); the other tied player
    takes the table, with the non-tied player's 4S in it. Player 3 goes on with 6S."""
    state = war(["5S", "2C"], ["5H", "2D", "3D", "4D", "KD"], ["4S", "6S"])
    deal(state)
    assert turn(state) == [battle([(0, "5S"), (1, "5H"), (2, "4S")], [0, 1]), war_started([0, 1])]
    assert turn(state) == [
        face_down([(0, 1), (1, 1)]),
        {"type": "ran_short", "seats": [0]},
        out(0, "short"),
        took(1, 5),
    ]
    assert state.result is None
    assert state.view(0).in_game == (False, True, True)
    assert Counter(pile(state, 1)) == Counter(["3D", "4D", "KD", "5S", "5H", "4S", "2C", "2D"])
    assert pile(state, 2) == ["6S"]


def test_short_lose_four_players_the_war_goes_on_without_the_short_player() -> None:
    """Three tied; player 1 runs short after one card and is out, players 2 and 3 finish the war
    (two more down, one up) and KD beats QD: player 2 takes all 13 cards on the table.
    Counting: 1 round, 2 battles, 5 plays (1 + 1 with three players + 2 + 1), 1 war."""
    state = war(
        ["5S", "2C"],
        ["5H", "2D", "3D", "4D", "KD"],
        ["5D", "2H", "3H", "4H", "QD"],
        ["4S", "6S"],
    )
    deal(state)
    assert turn(state) == [
        battle([(0, "5S"), (1, "5H"), (2, "5D"), (3, "4S")], [0, 1, 2]),
        war_started([0, 1, 2]),
    ]
    assert turn(state) == [
        face_down([(0, 1), (1, 1), (2, 1)]),
        {"type": "ran_short", "seats": [0]},
        out(0, "short"),
        face_down([(1, 2), (2, 2)]),
        battle([(1, "KD"), (2, "QD")], [1]),
        took(1, 13),
        out(2),
    ]
    assert len(pile(state, 1)) == 13
    assert pile(state, 3) == ["6S"]
    assert state.counts() == {"rounds": 1, "battles": 2, "plays": 5, "wars": 1}


def test_both_run_out_in_the_same_step_is_a_draw() -> None:
    """Rulings ``short=lose``: "if the last tied players run out together it is a draw between them".

    Both lay their second card face down and then neither has a card: a draw, both are winners.
    The 4 cards stay on the table; nobody holds a card."""
    state = war(["5S", "2C"], ["5H", "2D"])
    deal(state)
    turn(state)
    assert turn(state) == [
        face_down([(0, 1), (1, 1)]),
        {"type": "ran_short", "seats": [0, 1]},
        over([0, 0], [0, 1], "draw_short", 1, 1, 2, 1),
    ]
    assert state.result is not None
    assert state.result.draw
    assert sorted(zone(state, "table")) == sorted(["5S", "5H", "2C", "2D"])


def test_both_tied_on_their_last_cards_is_a_draw() -> None:
    """The tie itself took both last cards: neither can lay a war card, a draw."""
    state = war(["5S"], ["5H"])
    deal(state)
    turn(state)
    assert turn(state) == [{"type": "ran_short", "seats": [0, 1]}, over([0, 0], [0, 1], "draw_short", 1, 1, 1, 1)]


def test_all_tied_run_out_while_others_hold_cards_the_table_goes_out_of_play() -> None:
    """Rulings (3+ players): when all the tied players run out together while someone else still has cards,
    the table goes out of play and the tied players are out.

    Four players; 5S and 5H tie, both run out after one card each: the 6 table cards go out of play and
    players 1 and 2 are out. Players 3 and 4 play on: 7S beats 6S, player 4 wins with 2 cards.
    Counting: 2 rounds, 2 battles, 3 plays, 1 war."""
    state = war(["5S", "2C"], ["5H", "2D"], ["4S", "6S"], ["3S", "7S"])
    deal(state)
    turn(state)
    assert turn(state) == [
        face_down([(0, 1), (1, 1)]),
        {"type": "ran_short", "seats": [0, 1]},
        {"type": "table_set_aside", "count": 6},
        out(0, "short"),
        out(1, "short"),
    ]
    assert sorted(zone(state, "out_of_play")) == sorted(["5S", "5H", "4S", "3S", "2C", "2D"])
    assert state.view(3).out_of_play == 6
    assert pile(state, 2) == ["6S"]
    assert pile(state, 3) == ["7S"]
    assert turn(state) == [
        battle([(2, "6S"), (3, "7S")], [3]),
        took(3, 2),
        out(2),
        over([0, 0, 0, 2], [3], "last_player", 2, 2, 3, 1),
    ]
    assert sorted(zone(state, "out_of_play")) == sorted(["5S", "5H", "4S", "3S", "2C", "2D"])


def test_tied_run_out_together_and_nobody_else_has_a_card_is_a_draw_between_them() -> None:
    """Rulings ``short=lose``: "if the last tied players run out together it is a draw between them".

    Three players: 5S and 5H tie above 4S, which was player 3's last card. Both tied players lay one war
    card and run out. Nobody else "still has cards", so the table is not set aside: it is a draw between
    players 1 and 2. (Player 3's last card was already beaten in the battle.) A game never ends without a
    winner while someone was still playing."""
    state = war(["5S", "2C"], ["5H", "2D"], ["4S"])
    deal(state)
    turn(state)
    events = turn(state)
    assert {"type": "table_set_aside", "count": 5} not in events
    assert events[-1] == over([0, 0, 0], [0, 1], "draw_short", 1, 1, 2, 1)
    assert state.result is not None
    assert state.result.winners == (0, 1)


# --- running short: short=last_card_up ---------------------------------------------------------


@pytest.mark.parametrize(
    ("short", "expected"),
    [
        # P1 has 2 cards after the tie: 9C face down, KC face up as the war card; KC beats QD.
        (
            "last_card_up",
            [
                face_down([(0, 1), (1, 3)]),
                {"type": "last_card_up", "seats": [0], "standing": []},
                battle([(0, "KC"), (1, "QD")], [0]),
                took(0, 8),
                out(1),
                over([8, 0], [0], "last_player", 1, 2, 5, 1),
            ],
        ),
        # Same cards, short=lose: P1 lays 9C and KC face down and cannot lay a third card.
        (
            "lose",
            [
                face_down([(0, 2), (1, 2)]),
                {"type": "ran_short", "seats": [0]},
                out(0, "short"),
                took(1, 6),
                over([0, 8], [1], "last_player", 1, 1, 3, 1),
            ],
        ),
    ],
)
def test_short_last_card_up_turns_the_last_card_up_as_the_war_card(short: str, expected: Events) -> None:
    """Rulings ``short=last_card_up``: "a player who runs short keeps their last card and turns it up as
    their war card". Against ``lose`` (seed: "Wer nicht genügend Karten hat, um den Krieg zu beenden,
    verliert das Spiel.") the same deal ends the other way round.

    last_card_up counting: 1 round, 2 battles, 5 plays (1 + 3 down steps + 1 up), 1 war."""
    state = war(["5S", "9C", "KC"], ["5H", "2D", "3D", "4D", "QD"], short=short)
    deal(state)
    assert turn(state) == [battle([(0, "5S"), (1, "5H")], [0, 1]), war_started([0, 1])]
    assert turn(state) == expected


@pytest.mark.parametrize(("up", "winner"), [("4H", 0), ("6H", 1)])
def test_short_last_card_up_with_no_cards_the_tied_card_stands(up: str, winner: int) -> None:
    """Rulings ``short=last_card_up``, read for a player with no card at all: their tied card stands as the
    war card. Player 1's 5S stands against player 2's card after three face down: 5S beats 4H, 6H beats 5S.
    Counting: 1 round, 2 battles, 5 plays, 1 war."""
    state = war(["5S"], ["5H", "2D", "3D", "4D", up], short="last_card_up")
    deal(state)
    turn(state)
    assert state.view(0).pile_sizes == (0, 4)
    assert state.result is None
    assert turn(state) == [
        face_down([(0, 0), (1, 3)]),
        {"type": "last_card_up", "seats": [], "standing": [0]},
        battle([(0, "5S"), (1, up)], [winner]),
        took(winner, 6),
        out(1 - winner),
        over([6, 0] if winner == 0 else [0, 6], [winner], "last_player", 1, 2, 5, 1),
    ]


def test_short_last_card_up_both_without_cards_is_a_draw() -> None:
    """Both tied on their last cards: nobody has a card to turn up, a draw."""
    state = war(["5S"], ["5H"], short="last_card_up")
    deal(state)
    turn(state)
    assert turn(state) == [{"type": "ran_short", "seats": [0, 1]}, over([0, 0], [0, 1], "draw_short", 1, 1, 1, 1)]


# --- pickup order -------------------------------------------------------------------------

# P0 5S 9C 2C 3C QS AH, P1 5H TD 2D 3D KS 2H: the 5s tie, KS beats QS and player 2 takes 10 cards.
PICK_P0 = ["5S", "9C", "2C", "3C", "QS", "AH"]
PICK_P1 = ["5H", "TD", "2D", "3D", "KS", "2H"]


@pytest.mark.parametrize(
    ("pickup", "taken"),
    [
        # rulings: "for every step, the cards in seat order, steps in the order laid"
        ("seat_order", ["5S", "5H", "9C", "TD", "2C", "2D", "3C", "3D", "QS", "KS"]),
        # rulings: "the winner's cards in the order laid, then each other player's in seat order from the winner"
        ("winner_first", ["5H", "TD", "2D", "3D", "KS", "5S", "9C", "2C", "3C", "QS"]),
    ],
)
def test_pickup_orders_after_a_war(pickup: str, taken: list[str]) -> None:
    """Seed: the winner "legt sie mit dem Bild nach unten unter seinen Stapel" (puts them face down under
    the pile); the rulings' ``pickup`` fixes the order. The taken cards go under the 2H still held."""
    state = war(PICK_P0, PICK_P1, pickup=pickup)
    deal(state)
    turn(state)
    assert turn(state)[-1] == took(1, 10)
    assert pile(state, 1) == ["2H", *taken]
    assert pile(state, 0) == ["AH"]


def test_pickup_winner_first_plain_battle() -> None:
    """winner_first in a plain battle: the winner's card goes first, then the loser's; seat_order always
    puts player 1's card first."""
    first = war(["2S", "AH"], ["3S", "KH"], pickup="winner_first")
    deal(first)
    turn(first)
    assert pile(first, 1) == ["KH", "3S", "2S"]
    seat = war(["2S", "AH"], ["3S", "KH"], pickup="seat_order")
    deal(seat)
    turn(seat)
    assert pile(seat, 1) == ["KH", "2S", "3S"]


def test_pickup_shuffle_keeps_the_same_cards_in_a_seeded_order() -> None:
    """Rulings ``pickup=shuffle``: the won cards are "shuffled with the game's seeded random source".

    Whatever the seed, the 10 cards taken are exactly the 10 on the table, under the 2H; the order
    depends on the seed (20 seeds giving one single order of 10 cards would not be a shuffle), and the
    same seed always gives the same order."""
    orders = set()
    for seed in range(20):
        state = parse({"game": "war", "piles": [PICK_P0, PICK_P1], "seed": seed}).state
        assert isinstance(state, WarState)
        state.start()
        state.apply(TURN)
        state.apply(TURN)
        held = pile(state, 1)
        assert held[0] == "2H"
        assert Counter(held[1:]) == Counter(PICK_P0[:5] + PICK_P1[:5])
        orders.add(tuple(held[1:]))
        again = parse({"game": "war", "piles": [PICK_P0, PICK_P1], "seed": seed}).state
        assert isinstance(again, WarState)
        again.start()
        again.apply(TURN)
        again.apply(TURN)
        assert pile(again, 1) == held
    assert len(orders) > 1


# --- time limit, cycles ---------------------------------------------------------------------


def test_max_rounds_most_cards_wins() -> None:
    """Seed: "Man kann auch eine Zeitbegrenzung vereinbaren. Dann gewinnt der Spieler, der nach Zeitablauf
    die meisten Karten hat." (a time limit: who holds most cards when time is up wins.)

    max_rounds=1: AS beats KS; player 1 holds 3 cards, player 2 holds 1: player 1 wins."""
    state = war(["AS", "2C"], ["KS", "3D"], max_rounds=1)
    deal(state)
    assert turn(state) == [
        battle([(0, "AS"), (1, "KS")], [0]),
        took(0, 2),
        over([3, 1], [0], "max_rounds", 1, 1, 1, 0),
    ]


def test_max_rounds_equal_counts_draw() -> None:
    """Rulings: "equal counts are a draw". max_rounds=2: AS beats KS, then 3D beats 2C: 2 cards each."""
    state = war(["AS", "2C"], ["KS", "3D"], max_rounds=2)
    deal(state)
    turn(state)
    assert turn(state) == [
        battle([(0, "2C"), (1, "3D")], [1]),
        took(1, 2),
        over([2, 2], [0, 1], "max_rounds", 2, 2, 2, 0),
    ]


def test_max_rounds_counts_rounds_not_battles() -> None:
    """Rulings: "a *round* is everything until one player takes the table". With max_rounds=1 a war in the
    first round is fought to its end: KS takes the 10 cards, then time is up."""
    state = war(PICK_P0, PICK_P1, max_rounds=1)
    deal(state)
    assert turn(state) == [battle([(0, "5S"), (1, "5H")], [0, 1]), war_started([0, 1])]
    assert turn(state)[-2:] == [took(1, 10), over([1, 11], [1], "max_rounds", 1, 2, 5, 1)]


def test_max_rounds_three_players_tied_leaders_draw() -> None:
    """Three players, max_rounds=2: AS takes 3 cards; then AD takes 3: player 3 has none and is out,
    players 1 and 2 hold 3 each when time is up: a draw between them."""
    state = war(["AS", "2C"], ["KS", "AD"], ["QS", "3H"], max_rounds=2)
    deal(state)
    assert turn(state) == [battle([(0, "AS"), (1, "KS"), (2, "QS")], [0]), took(0, 3)]
    assert turn(state) == [
        battle([(0, "2C"), (1, "AD"), (2, "3H")], [1]),
        took(1, 3),
        out(2),
        over([3, 3, 0], [0, 1], "max_rounds", 2, 2, 2, 0),
    ]


# P0 5S 2S, P1 3H 6H, seat_order: 5S>3H, 6H>2S, 5S>2S, 6H>3H brings back the starting piles.
CYCLE_P0 = ["5S", "2S"]
CYCLE_P1 = ["3H", "6H"]


def test_a_deterministic_pickup_that_cycles_ends_as_a_draw() -> None:
    """Rulings: "Deterministic orders can cycle forever: the engine detects a repeated position and ends
    the game as a draw".

    seat_order, worked by hand (piles after each round):
    round 1: 5S beats 3H: [2S 5S 3H] / [6H]; round 2: 6H beats 2S: [5S 3H] / [2S 6H];
    round 3: 5S beats 2S: [3H 5S 2S] / [6H]; round 4: 6H beats 3H: [5S 2S] / [3H 6H] = the deal again.
    """
    state = war(CYCLE_P0, CYCLE_P1, pickup="seat_order")
    deal(state)
    expected = [
        (["2S", "5S", "3H"], ["6H"]),
        (["5S", "3H"], ["2S", "6H"]),
        (["3H", "5S", "2S"], ["6H"]),
        (CYCLE_P0, CYCLE_P1),
    ]
    for rounds, (p0, p1) in enumerate(expected, start=1):
        events = turn(state)
        assert (pile(state, 0), pile(state, 1)) == (p0, p1)
        assert state.rounds == rounds
    assert events[-1] == over([2, 2], [0, 1], "cycle", 4, 4, 4, 0)
    fresh = war(CYCLE_P0, CYCLE_P1, pickup="seat_order")
    result = fresh.play_out()
    assert (result.reason, result.winners, result.scores) == ("cycle", (0, 1), (2, 2))
    assert fresh.counts() == {"rounds": 4, "battles": 4, "plays": 4, "wars": 0}


def test_the_same_deal_with_winner_first_does_not_cycle() -> None:
    """winner_first on the cycling deal: [2S 5S 3H]/[6H], [5S 3H]/[6H 2S], [3H]/[2S 6H 5S], [3H 2S]/[6H 5S],
    [2S]/[5S 6H 3H], then 5S beats 2S and player 2 has all 4 cards after 6 rounds."""
    state = war(CYCLE_P0, CYCLE_P1, pickup="winner_first")
    result = state.play_out()
    assert (result.reason, result.winners, result.scores) == ("last_player", (1,), (0, 4))
    assert state.counts() == {"rounds": 6, "battles": 6, "plays": 6, "wars": 0}
    assert pile(state, 1) == ["6H", "3H", "5S", "2S"]


def test_max_rounds_is_honoured_before_a_cycle() -> None:
    """Rulings: the engine "always honours ``max_rounds``": on the cycling deal with max_rounds=3 the game
    ends after round 3, player 1 holding 3 cards to 1."""
    state = war(CYCLE_P0, CYCLE_P1, pickup="seat_order", max_rounds=3)
    result = state.play_out()
    assert (result.reason, result.winners, result.scores) == ("max_rounds", (0,), (3, 1))
    assert state.rounds == 3


# --- dropping out, winning -------------------------------------------------------------------


def test_a_player_without_cards_at_the_start_of_a_battle_is_out() -> None:
    """Seed: "Wer keine Karten mehr hat, scheidet aus" (who has no cards left is out). A player dealt
    nothing is out before the first battle."""
    pack = WarState(3).deck
    state = WarState(3, WarOptions(), None, [pack.parse_many(["AS"]), pack.parse_many(["KS"]), []])
    assert deal(state) == [{"type": "dealt", "counts": [1, 1, 0], "set_aside": 0}, out(2)]
    assert state.view(0).in_game == (True, True, False)
    assert turn(state) == [
        battle([(0, "AS"), (1, "KS")], [0]),
        took(0, 2),
        out(1),
        over([2, 0, 0], [0], "last_player", 1, 1, 1, 0),
    ]


def test_last_player_with_cards_wins() -> None:
    """Seed: "Wer keine Karten mehr hat, scheidet aus und der letzte Spieler gewinnt." and "Gewonnen hat,
    wer alle Karten hat." (the last player left wins, holding every card.)

    seat_order: AS takes AS KS QS and player 3 is out; 3D beats 2C; AS beats 2C; KS beats 3D and player 2 is
    out. Player 1 holds all 5 cards after 4 rounds."""
    state = war(["AS", "2C"], ["KS", "3D"], ["QS"], pickup="seat_order")
    deal(state)
    assert turn(state) == [battle([(0, "AS"), (1, "KS"), (2, "QS")], [0]), took(0, 3), out(2)]
    assert turn(state) == [battle([(0, "2C"), (1, "3D")], [1]), took(1, 2)]
    assert turn(state) == [battle([(0, "AS"), (1, "2C")], [0]), took(0, 2)]
    assert turn(state) == [
        battle([(0, "KS"), (1, "3D")], [0]),
        took(0, 2),
        out(1),
        over([5, 0, 0], [0], "last_player", 4, 4, 4, 0),
    ]
    assert pile(state, 0) == ["QS", "AS", "2C", "KS", "3D"]


# --- counting -------------------------------------------------------------------------------


def test_counting_rounds_battles_plays_wars() -> None:
    """Rulings, counting: "a *round* is everything until one player takes the table; a *battle* is one
    face-up comparison; a *play* is one step in which every involved player lays one card (face up or face
    down); a *war* is one tie that starts a war."

    AS beats 2H (round 1: 1 battle, 1 play); 5S ties 5H (round 2 starts: battle 2, play 2, war 1); three
    down and KS over QS (battle 3, plays 3-6); player 1 then holds all 12 cards.
    """
    p0 = ["AS", "5S", "2C", "3C", "4C", "KS"]
    p1 = ["2H", "5H", "2D", "3D", "4D", "QS"]
    state = war(p0, p1, pickup="seat_order")
    deal(state)
    assert state.counts() == {"rounds": 0, "battles": 0, "plays": 0, "wars": 0}
    expected = [
        {"rounds": 1, "battles": 1, "plays": 1, "wars": 0},
        {"rounds": 2, "battles": 2, "plays": 2, "wars": 1},
        {"rounds": 2, "battles": 3, "plays": 6, "wars": 1},
    ]
    for counts in expected:
        events = turn(state)
        assert state.counts() == counts
        view = state.view(1)
        assert (view.rounds, view.battles, view.plays, view.wars) == tuple(counts.values())
    assert events[-1] == over([12, 0], [0], "last_player", 2, 3, 6, 1)
    fresh = war(p0, p1, pickup="seat_order")
    fresh.play_out()
    assert fresh.counts() == expected[-1]
