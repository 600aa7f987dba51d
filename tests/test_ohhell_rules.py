"""Stiche-Raten's rules, one test per rule, each citing the seed's line (seeds/004, the "Stiche-Raten" page).

The seed is German; the quoted lines are its own words. Where the rulings decide what the seed leaves
open (or contradicts), the test says so.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from accessible_cards.cards import Card, Suit
from accessible_cards.errors import IllegalActionError, OptionError
from accessible_cards.games.ohhell.state import (
    BID,
    TRUMP,
    BidMade,
    CardPlayed,
    GameOver,
    OhHellState,
    RoundDealt,
    RoundScored,
    TrickWon,
    round_points,
    schedule,
)


def ids(state: OhHellState, codes: Sequence[str]) -> list[int]:
    return state.pack.parse_many(codes)


def fixed(
    players: int,
    hands: Sequence[Sequence[str]],
    turned: str | None,
    *,
    dealer: int | None = None,
    **options: object,
) -> OhHellState:
    """A state whose first round deals ``hands`` (card codes) and turns up ``turned``."""
    probe = OhHellState(players, dict(options))
    every = [code for hand in hands for code in hand] + ([turned] if turned else [])
    cards = ids(probe, every)
    given: list[list[int]] = []
    at = 0
    for hand in hands:
        given.append(cards[at : at + len(hand)])
        at += len(hand)
    start = len(hands[0])
    return OhHellState(players, dict(options), 1, dealer, [(given, cards[at] if turned else None)], start)


def play(state: OhHellState, *codes: str) -> list[object]:
    """Play cards by code, in turn order; returns every event."""
    events: list[object] = []
    for code in codes:
        seat = state.to_move()
        assert seat is not None
        (card,) = [c for c in state.hands[seat] if state.pack.code(c) == code.upper()][:1] or [None]
        assert card is not None, f"{code} not in seat {seat}'s hand"
        events += state.apply(card)
    return events


def bid(state: OhHellState, *bids: int) -> list[object]:
    events: list[object] = []
    for n in bids:
        events += state.apply(BID + n)
    return events


# --- players, packs, rounds ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "pack", "rounds"),
    [(3, "french52", 17), (4, "french52", 13), (5, "french52", 10), (6, "french52", 8),
     (3, "skat64", 21), (4, "skat64", 16), (5, "skat64", 12), (6, "skat64", 10)],
)  # fmt: skip
def test_rounds_go_up_to_the_round_that_deals_the_pack_out(players: int, pack: str, rounds: int) -> None:
    """Seed: "Jeder Spieler bekommt immer so viele Karten wie die Rundenanzahl vorgibt" and "Die letzte Runde ist
    die Runde, in der das Kartenspiel komplett an die Spieler verteilt wird bzw. in der folgenden Runde nicht mehr
    genug Karten für alle beinhalten würde. Je weniger Mitspieler, desto mehr Runden"."""
    assert schedule(players, pack, False) == tuple(range(1, rounds + 1))
    state = OhHellState(players, {"pack": pack}, 3)
    (dealt,) = state.start()
    assert isinstance(dealt, RoundDealt) and dealt.rounds == rounds and dealt.cards == 1
    assert all(len(hand) == 1 for hand in state.hands)


def test_players_3_to_6_only() -> None:
    """Seed: "Spieleranzahl = 3-6"."""
    for players in (2, 7):
        with pytest.raises(OptionError):
            OhHellState(players)


def test_skat64_is_two_skat_packs() -> None:
    """Seed: "2 Skatspiele à 32 Karten (64 Karten)" and "Beim Spiel mit 64 Karten ist jede Karte doppelt im Spiel"."""
    state = OhHellState(4, {"pack": "skat64"})
    cards = state.pack.cards
    assert len(cards) == 64
    assert {card.rank for card in cards} == {1, 7, 8, 9, 10, 11, 12, 13}
    assert all(cards.count(card) == 2 for card in cards)


def test_up_and_down_goes_back_to_one_card() -> None:
    """Seed, Rauf-Runter: "danach in jeder Runde eine Karte weniger gegeben, die wirklich letzte Runde ist dann die
    zweite Runde mit nur einer Karte"."""
    assert schedule(4, "french52", True) == (*range(1, 14), *range(12, 0, -1))
    state = OhHellState(5, {"up_and_down": True}, 7)
    state.start()
    seen = []
    while state.result is None:
        seen.append(state.schedule[state.round])
        _random_round(state)
    assert seen == [*range(1, 11), *range(9, 0, -1)]


def _random_round(state: OhHellState) -> None:
    number = state.round
    while state.result is None and state.round == number:
        state.apply(state.actions()[0])


# --- trump -------------------------------------------------------------------------------------------


def test_the_next_card_is_turned_up_and_sets_trump() -> None:
    """Seed: "Danach wird der Stapel Restkarten in die Mitte gelegt und die oberste Karte umgedreht. Diese Karte
    bestimmt den Trumpf"."""
    state = fixed(3, [["2C", "3C"], ["4C", "5C"], ["6C", "7C"]], "9H")
    (dealt,) = state.start()
    assert isinstance(dealt, RoundDealt)
    assert dealt.turned == Card.parse("9H") and dealt.trump is Suit.HEARTS
    assert state.view(0).trump is Suit.HEARTS


def test_the_seeded_deal_turns_up_the_card_after_the_hands() -> None:
    state = OhHellState(4, {}, 12)
    (dealt,) = state.start()
    assert isinstance(dealt, RoundDealt) and dealt.turned is not None
    held = {state.pack.card(c) for hand in state.hands for c in hand}
    assert dealt.turned not in held and dealt.trump is dealt.turned.suit


@pytest.mark.parametrize(("players", "pack"), [(4, "french52"), (5, "french52"), (3, "skat64"), (6, "skat64")])
def test_the_last_round_has_no_trump(players: int, pack: str) -> None:
    """Seed: "In der letzten Runde wird kein Trumpf angezeigt und ohne Trumpf gespielt" (also when, with 5 players,
    two cards would be left to turn)."""
    state = OhHellState(players, {"pack": pack}, 5)
    state.start()
    while state.round < len(state.schedule) - 1:
        _random_round(state)
    assert state.turned is None and state.trump is None
    assert state.view(0).trump is None


def test_without_trump_only_the_suit_led_wins() -> None:
    """Seed: "In der letzten Runde gibt es keinen Trumpf. Nur bediente Farbe kann gewinnen"."""
    state = fixed(3, [["5H"], ["AS"], ["2H"]], None, dealer=2, max_cards=1)
    state.start()
    bid(state, 1, 1, 0)
    events = play(state, "5H", "AS", "2H")
    (won,) = [e for e in events if isinstance(e, TrickWon)]
    assert won.seat == 0 and won.card == Card.parse("5H")


# --- bidding -----------------------------------------------------------------------------------------


def test_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last() -> None:
    """Seed: "reihum im Uhrzeigersinn" and "Der Geber sagt als letztes an" (the rulings follow dealer-last)."""
    state = OhHellState(4, {}, 3, dealer=1)
    state.start()
    order = []
    while state.phase == "bid":
        order.append(state.to_move())
        state.apply(state.actions()[0])
    assert order == [2, 3, 0, 1]


def test_the_seeds_example_the_dealer_may_not_bid_1() -> None:
    """Seed: "Wenn bei vier Spielern in der 4. Runde Spieler 1 null Stiche ansagt, Spieler 2 zwei und Spieler 3 einen
    ..., darf der Geber nicht auch einen ansagen. Er muss null, zwei oder höher ansagen"."""
    state = OhHellState(4, {}, 9, dealer=3, start_round=4)
    state.start()
    assert state.schedule[state.round] == 4 and state.dealer == 3
    bid(state, 0, 2, 1)
    assert state.to_move() == 3
    assert [a - BID for a in state.actions()] == [0, 2, 3, 4]
    assert state.view(3).forbidden == 1
    with pytest.raises(IllegalActionError) as refused:
        state.apply(BID + 1)
    assert refused.value.msg_id == "error-ohhell-bid-total"
    assert refused.value.params == {"bid": 1, "total": 4, "tricks": 4}
    assert str(refused.value) == "you may not bid 1: the bids would add up to 4 tricks"


def test_zero_is_a_bid_and_there_is_no_pass_and_no_bid_above_the_tricks() -> None:
    """Seed: "Man kann nicht passen, Null ansagen ist erlaubt"."""
    state = OhHellState(3, {}, 1)
    state.start()
    assert BID + 0 in state.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(BID + 2)
    assert refused.value.msg_id == "error-ohhell-bid-high"
    with pytest.raises(IllegalActionError):
        state.apply(state.hands[state.to_move() or 0][0])  # a card is no bid


def test_the_dealer_constraint_holds_in_every_random_round() -> None:
    for seed in range(40):
        state = OhHellState(3 + seed % 4, {}, seed)
        state.start()
        while state.result is None:
            if state.phase == "play" and not state.played:
                assert sum(b for b in state.bids if b is not None) != state.schedule[state.round]
            state.apply(state.actions()[-1] if seed % 2 else state.actions()[0])


# --- play --------------------------------------------------------------------------------------------


def test_left_of_the_dealer_leads_and_the_winner_leads_next() -> None:
    """Seed: "Der Spieler links vom Geber der Runde spielt den ersten Stich an"."""
    state = fixed(3, [["2C", "KH"], ["AC", "3H"], ["5C", "4H"]], "9D", dealer=2)
    state.start()
    bid(state, 0, 1, 0)
    assert state.to_move() == 0
    play(state, "2C", "AC", "5C")
    assert state.to_move() == 1  # the winner of the trick leads


def test_follow_suit_if_you_can() -> None:
    """Seed: "Die anderen Spieler müssen jetzt reihum eine Karte legen und dabei die Farbe bedienen"."""
    state = fixed(3, [["2C", "KH"], ["AC", "3H"], ["5C", "4H"]], "9D", dealer=2)
    state.start()
    bid(state, 0, 1, 0)
    play(state, "KH")
    assert [state.pack.code(a) for a in state.actions()] == ["3H"]
    with pytest.raises(IllegalActionError) as refused:
        play(state, "AC")
    assert refused.value.msg_id == "error-ohhell-follow" and refused.value.params["suit"] == "H"


def test_without_the_suit_led_trump_or_discard_and_the_highest_trump_wins() -> None:
    """Seed: "Hat ein Spieler keine Karte der angespielten Farbe, kann er entweder einen Trumpf legen oder eine Karte
    einer anderen Farbe abwerfen. Karten anderer Farben gewinnen nie, bei mehreren Trümpfen gewinnt der höchste"."""
    state = fixed(4, [["AC", "2S"], ["2D", "3S"], ["KH", "4S"], ["5D", "5S"]], "9D", dealer=3)
    state.start()
    bid(state, 0, 0, 0, 0)
    assert len(state.actions()) == 2
    play(state, "AC")
    assert sorted(state.pack.code(a) for a in state.actions()) == ["2D", "3S"]
    events = play(state, "2D", "KH", "5D")
    (won,) = [e for e in events if isinstance(e, TrickWon)]
    assert won.seat == 3 and won.card == Card.parse("5D")  # the higher trump; the ace of the suit led loses


def test_ace_is_high() -> None:
    """Seed: "As ist oben, sticht also alles andere seiner Farbe"."""
    state = fixed(3, [["KS"], ["AS"], ["2S"]], "9D", dealer=2, max_cards=2)
    state.start()
    bid(state, 0, 0, 0)
    events = play(state, "KS", "AS", "2S")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [1]


def test_skat64_the_later_of_two_identical_cards_ranks_higher() -> None:
    """Seed: "Wenn in einem Stich zweimal die gleiche Karte gespielt wird Farbe bedient oder Trumpf ist, zählt die als
    höher, die zuletzt gelegt wurde"."""
    # two kings of the suit led: the second one wins
    state = fixed(4, [["9H"], ["KH"], ["KH"], ["QH"]], "7C", dealer=3, pack="skat64")
    state.start()
    bid(state, 0, 0, 0, 0)
    events = play(state, "9H", "KH", "KH", "QH")
    assert [(e.seat, e.card.code) for e in events if isinstance(e, TrickWon)] == [(2, "KH")]
    # two aces of trumps: the second one wins
    state = fixed(4, [["9H"], ["AS"], ["AS"], ["8S"]], "7S", dealer=3, pack="skat64")
    state.start()
    bid(state, 0, 0, 0, 0)
    events = play(state, "9H", "AS", "AS", "8S")
    assert [(e.seat, e.card.code) for e in events if isinstance(e, TrickWon)] == [(2, "AS")]


# --- scoring and the end ----------------------------------------------------------------------------


def test_scoring_the_seeds_example_with_the_rulings_fourth_player() -> None:
    """Seed: bids 0, 2, 1, 2 and tricks 0, 2, 2, 0 give "20 ... 40 ... -10"; its table prints -10 for the fourth
    player as well, but its rule ("für jeden Stich, den sie daneben gelegen haben, 10 Punkte abgezogen") gives -20,
    and the rulings follow the rule."""
    assert [round_points(b, t) for b, t in zip((0, 2, 1, 2), (0, 2, 2, 0), strict=True)] == [20, 40, -10, -20]


def test_a_round_is_scored_on_its_sheet_and_totals_add_up() -> None:
    """Seed: "Die Punkte der Runde werden gezählt, mit der schon erreichten Punktzahl verrechnet"."""
    state = fixed(3, [["AH"], ["2C"], ["3C"]], "9H", dealer=2, max_cards=2)
    state.start()
    events = bid(state, 1, 1, 1)
    assert [e.total for e in events if isinstance(e, BidMade)] == [1, 2, 3]
    events = play(state, "AH", "2C", "3C")
    (scored,) = [e for e in events if isinstance(e, RoundScored)]
    assert scored.bids == (1, 1, 1) and scored.tricks == (1, 0, 0)
    assert scored.points == (30, -10, -10) and scored.totals == (30, -10, -10)
    assert state.view(1).sheet[0].points == (30, -10, -10)
    assert isinstance(events[-1], RoundDealt) and events[-1].dealer == 0  # the deal passes left


def test_ties_are_shared() -> None:
    """Seed: "Gewonnen hat der Spieler, der nach der letzten Runde die meisten Punkte gesammelt hat"; the issue: ties
    are shared."""
    state = fixed(3, [["AH"], ["2C"], ["3C"]], None, dealer=2, max_cards=1)
    state.start()
    events = bid(state, 1, 0, 1) + play(state, "AH", "2C", "3C")
    over = events[-1]
    assert isinstance(over, GameOver) and over.totals == (30, 20, -10) and over.winners == (0,)
    state = fixed(3, [["AH"], ["2C"], ["3C"]], None, dealer=2, max_cards=1)
    state.start()
    events = bid(state, 0, 0, 0) + play(state, "AH", "2C", "3C")
    assert isinstance(events[-1], GameOver) and events[-1].winners == (1, 2) and events[-1].totals == (-10, 20, 20)
    assert state.result is not None and state.result.winners == (1, 2) and state.result.draw


# --- Greifen und Passen -------------------------------------------------------------------------------


def test_grab_and_pass_cards_may_be_played_whatever_the_suit_led() -> None:
    """Seed: "bei dieser Variante können Buben und Asse immer gespielt werden, unabhängig von der Farbe"."""
    state = fixed(3, [["5H", "2S", "2D"], ["JC", "AD", "3H"], ["4H", "2C", "3S"]], "9S", dealer=2, grab_and_pass=True)
    state.start()
    bid(state, 0, 0, 0)
    play(state, "5H")
    assert sorted(state.pack.code(a) for a in state.actions()) == ["3H", "AD", "JC"]


def test_the_first_jack_grabs_the_trick() -> None:
    """Seed: "wer den ersten Buben in einem Stich spielt, bekommt den Stich in jedem Fall. Auch danach gespielte
    Buben können den Stich nicht mehr holen"."""
    state = fixed(4, [["AH"], ["JD"], ["JS"], ["KS"]], "9S", dealer=3, grab_and_pass=True, max_cards=2)
    state.start()
    bid(state, 0, 0, 0, 0)
    events = play(state, "AH", "JD", "JS", "KS")
    (won,) = [e for e in events if isinstance(e, TrickWon)]
    assert won.seat == 1 and won.card == Card.parse("JD")
    assert [e.special for e in events if isinstance(e, CardPlayed)] == ["pass", "grab", "grab", None]


def test_an_ace_passes_and_wins_only_a_trick_of_pass_cards() -> None:
    """Seed: "Asse sind dabei nichts wert (=passen), man gibt also den Stich auf jeden Fall ab"; the rulings: unless
    every card is a pass card, then the first one wins."""
    state = fixed(3, [["AS"], ["2S"], ["3H"]], "9S", dealer=2, grab_and_pass=True, max_cards=2)
    state.start()
    bid(state, 0, 0, 0)
    events = play(state, "AS", "2S", "3H")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [1]  # the ace of trumps passes; 2S is led and trump
    state = fixed(3, [["AS"], ["AH"], ["AD"]], "9S", dealer=2, grab_and_pass=True, max_cards=2)
    state.start()
    bid(state, 0, 0, 0)
    events = play(state, "AS", "AH", "AD")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [0]


def test_after_a_pass_card_lead_the_first_plain_card_sets_the_suit() -> None:
    """The seed is silent on a pass card led; the rulings page of this game: the first plain card sets the suit."""
    state = fixed(3, [["AS", "2C"], ["4H", "2H"], ["5H", "3C"]], "9D", dealer=2, grab_and_pass=True)
    state.start()
    bid(state, 0, 0, 0)
    play(state, "AS")
    assert len(state.actions()) == 2  # anything may follow a pass card
    play(state, "4H")
    assert [state.pack.code(a) for a in state.actions()] == ["5H"]
    events = play(state, "5H")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [2]


def test_skat64_black_jacks_grab_red_jacks_pass_aces_are_ordinary() -> None:
    """Seed: "Spielt man mit zwei Skatspielen, greifen Kreuz- und Pik-Buben, Herz- und Karo-Buben passen"."""
    state = fixed(4, [["AH"], ["JD"], ["KH"], ["JC"]], "9S", dealer=3, pack="skat64", grab_and_pass=True, max_cards=2)
    state.start()
    bid(state, 0, 0, 0, 0)
    events = play(state, "AH", "JD", "KH", "JC")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [3]
    state = fixed(3, [["AH"], ["JH"], ["KH"]], "9S", dealer=2, pack="skat64", grab_and_pass=True, max_cards=2)
    state.start()
    bid(state, 0, 0, 0)
    events = play(state, "AH", "JH", "KH")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [0]  # the ace is ordinary and high; JH passes


@pytest.mark.parametrize(("pack", "turned"), [("french52", "AH"), ("skat64", "JH"), ("skat64", "JD")])
def test_a_turned_up_pass_card_means_no_trump(pack: str, turned: str) -> None:
    """Seed: "Wird beim Umdrehen des Trumpfs eine Passkarte aufgedeckt, wird die Hand ohne Trumpf gespielt"."""
    state = fixed(3, [["7C"], ["8C"], ["9C"]], turned, dealer=2, pack=pack, grab_and_pass=True, max_cards=2)
    (dealt,) = state.start()
    assert isinstance(dealt, RoundDealt) and dealt.trump is None and dealt.special == "pass"
    assert state.phase == "bid"


@pytest.mark.parametrize(("pack", "turned"), [("french52", "JH"), ("skat64", "JC"), ("skat64", "JS")])
def test_a_turned_up_grab_card_lets_the_first_player_choose_trump(pack: str, turned: str) -> None:
    """Seed: "Wird eine Greifkarte aufgedeckt, kann der erste Spieler den Trumpf bestimmen"."""
    state = fixed(3, [["7C"], ["8C"], ["9C"]], turned, dealer=1, pack=pack, grab_and_pass=True, max_cards=2)
    (dealt,) = state.start()
    assert isinstance(dealt, RoundDealt) and dealt.trump is None and dealt.chooser == 2 and dealt.special == "grab"
    assert state.to_move() == 2 and state.actions() == [TRUMP + i for i in range(4)]
    with pytest.raises(IllegalActionError):
        state.apply(BID + 0)
    (chosen,) = state.apply(TRUMP + 1)
    assert chosen.to_dict() == {"type": "trump_chosen", "seat": 2, "trump": "H"}
    assert state.view(0).trump is Suit.HEARTS and state.phase == "bid" and state.to_move() == 2


def test_the_state_reads_back_from_its_json_at_every_step() -> None:
    state = OhHellState(4, {"grab_and_pass": True, "up_and_down": True, "max_cards": 3}, 21)
    state.start()
    while state.result is None:
        copy = OhHellState.from_json(state.to_json())
        assert copy.to_json() == state.to_json()
        assert copy.actions() == state.actions()
        clone = state.clone()
        state.apply(state.actions()[len(state.actions()) // 2])
        assert clone.to_json() != state.to_json()
