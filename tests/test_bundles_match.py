"""Match play and Rubamazzo's optional Scopa scoring.

E 49 (match: games won or total cards), R 23 (the deal alternates), R 46 and R 58 (best of 3, 5 or 7),
R 50-54 (Scopa points: most cards, most coins, settebello, primiera; first to 11, 15 or 21).
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from bundles_support import run, scenario

from accessible_cards.cards import deck
from accessible_cards.engine import Event
from accessible_cards.errors import OptionError
from accessible_cards.games.bundles.match import BundlesMatch, BundlesMatchState, MatchGameOver, MatchOver
from accessible_cards.games.bundles.rules import BundlesOptions, Dealt, GameOver, scopa_points
from accessible_cards.games.bundles.state import BundlesState


def _piles(*piles: list[str]) -> list[list[int]]:
    pack = deck("italian40")
    return [pack.parse_many(p) for p in piles]


def test_scopa_points_by_hand() -> None:
    """R 50-53: most cards to player 2 (6 to 5); coins tied 2:2, no point; settebello and primiera to player 1.

    Primiera: player 1 has 7D 21 + 6H 18 + AS 16 + 5C 15 = 70; player 2 4D 14 + 4H 14 + KC 10 + JS 10 = 48.
    """
    piles = _piles(["7D", "6H", "AS", "5C", "2D"], ["3D", "4D", "4H", "KC", "JS", "QS"])
    assert scopa_points("italian40", piles) == (2, 1)


def test_primiera_needs_all_four_suits() -> None:
    """Rulings: a player must hold all four suits for primiera; a player without coins cannot win it."""
    piles = _piles(["7H", "7S", "7C", "6H"], ["2D", "2H", "2S", "2C"])
    # cards: 4:4 tied; coins: player 2; settebello: nobody; primiera: only player 2 has four suits
    assert scopa_points("italian40", piles) == (0, 2)


def test_scopa_points_in_game_over() -> None:
    """scoring=scopa adds the game's points to game_over."""
    data = scenario([["7H"], ["6H"]], ["7D", "6C"], moves=["7H", "6H"], variant="rubamazzo", scoring="scopa")
    _state, events = run(data)
    # player 1: 7D 7H (settebello, most coins); player 2: 6C 6H; cards 2:2 tied; nobody has four suits
    assert events[-1]["points"] == [2, 0]


def _play(match: BundlesMatch, rng: random.Random) -> list[int]:
    dealers = []
    while not match.is_over:
        game = match.next_game()
        dealers.append(game.dealer)
        game.start()
        while game.result is None:
            game.apply(rng.choice(game.actions()))
        match.record(game)
    return dealers


def test_best_of_three_with_alternating_dealer() -> None:
    """R 23, R 46, R 58: best of three, first to two wins; the dealer alternates between the two players."""
    for seed in range(20):
        match = BundlesMatch(BundlesOptions.preset("rubamazzo"), seed)
        dealers = _play(match, random.Random(seed))
        assert all(a != b for a, b in itertools.pairwise(dealers))
        assert match.winners is not None and len(match.winners) == 1
        assert match.wins[match.winners[0]] == 2 and sum(match.wins) + match.draws == match.games


def test_match_by_total_cards() -> None:
    """E 49: "sum total cards across games" — the match_games games are played, most cards in total wins.

    Equal highest totals play another game (a match has one winner)."""
    options = BundlesOptions.preset("standard", {"players": 3, "match": "cards", "match_games": 3})
    match = BundlesMatch(options, 5)
    dealers = _play(match, random.Random(5))
    assert match.games >= 3 and len(dealers) == match.games
    assert {(b - a) % 3 for a, b in itertools.pairwise(dealers)} == {1}
    best = max(match.cards)
    assert match.winners == tuple(s for s in range(3) if match.cards[s] == best) and len(match.winners) == 1


def test_scopa_match_to_target() -> None:
    """R 54: the first to reach 11 (or 15, 21) points wins; a tie at the top plays on."""
    for target in (11, 21):
        options = BundlesOptions.preset("rubamazzo", {"scoring": "scopa", "target": target})
        match = BundlesMatch(options, target)
        events = []
        while not match.is_over:
            game = match.next_game()
            game.start()
            rng = random.Random(match.games)
            while game.result is None:
                game.apply(rng.choice(game.actions()))
            events += match.record(game)
        assert match.winners is not None
        winner = match.winners[0]
        assert match.points[winner] >= target and match.points.count(match.points[winner]) == 1
        assert events[-1].to_dict() == {"type": "match_over", "winners": [winner], "games": match.games}
        assert match.play_random(random.Random(1)) == match.winners


# --- the match as one game state (issue 15) ------------------------------------------------------------------


def _finish(state: BundlesMatchState, seed: int) -> list[Event]:
    """Play the match to its end with random legal choices; every event."""
    rng = random.Random(seed)
    events = state.start()
    while state.result is None:
        events += state.apply(rng.choice(state.actions()))
    return events


def test_a_match_deals_every_game_and_the_deal_alternates_between_two_players() -> None:
    """R 23: "nach jeder Runde wechselt das Geben zum anderen Spieler"; the first dealer is drawn from the seed."""
    first_dealers = set()
    for seed in range(12):
        state = BundlesMatchState(BundlesOptions.preset("rubamazzo"), seed)
        deals = [e for e in _finish(state, seed) if isinstance(e, Dealt)]
        assert len(deals) == state.match.games >= 2
        assert all(a.dealer != b.dealer for a, b in itertools.pairwise(deals))
        assert all(deal.first == 1 - deal.dealer for deal in deals)  # the seat to the dealer's right begins
        first_dealers.add(deals[0].dealer)
    assert first_dealers == {0, 1}


def test_with_three_players_the_deal_passes_in_the_play_direction() -> None:
    """Rubamazzo plays counter-clockwise (0, 2, 1, ...): so does the deal, game after game."""
    options = BundlesOptions.preset("rubamazzo", {"players": 3, "match_games": 5})
    state = BundlesMatchState(options, 4)
    deals = [e.dealer for e in _finish(state, 4) if isinstance(e, Dealt)]
    assert len(deals) >= 3 and [(a - b) % 3 for a, b in itertools.pairwise(deals)] == [1] * (len(deals) - 1)
    clockwise = BundlesMatchState(BundlesOptions.preset("standard", {"players": 3, "match_games": 3}), 4)
    deals = [e.dealer for e in _finish(clockwise, 4) if isinstance(e, Dealt) and e.counts.count(0) == 0]
    assert [(b - a) % 3 for a, b in itertools.pairwise(deals)][:2] == [1, 1]


@pytest.mark.parametrize(
    "variant, given",
    [("rubamazzo", {}), ("rubamazzo", {"match_games": 5}), ("rubamazzo", {"match": "cards"}),
     ("rubamazzo", {"scoring": "scopa"}), ("rubamazzo", {"scoring": "scopa", "target": 21}),
     ("standard", {"match_games": 7, "players": 3})],
)  # fmt: skip
def test_the_tallies_are_the_games_results_and_the_match_ends_when_it_is_decided(
    variant: str, given: dict[str, Any]
) -> None:
    options = BundlesOptions.preset(variant, given)
    for seed in range(6):
        state = BundlesMatchState(options, seed)
        events = _finish(state, seed)
        overs = [e for e in events if isinstance(e, GameOver)]
        standings = [e for e in events if isinstance(e, MatchGameOver)]
        assert len(overs) == len(standings) == state.match.games
        n = options.players
        wins, cards, points = [0] * n, [0] * n, [0] * n
        for over, standing in zip(overs, standings, strict=True):
            if len(over.winners) == 1:
                wins[over.winners[0]] += 1
            for seat in range(n):
                cards[seat] += over.scores[seat]
                points[seat] += (over.points or (0,) * n)[seat]
            assert (standing.wins, standing.cards, standing.points) == (tuple(wins), tuple(cards), tuple(points))
            decided = standing is standings[-1]
            kind = options.match_kind
            tally = wins if kind == "games" else cards if kind == "cards" else points
            leader = [s for s in range(n) if tally[s] == max(tally)]
            if kind == "games":
                ready = max(wins) >= options.match_games // 2 + 1
            elif kind == "cards":
                ready = standing.game >= options.match_games and len(leader) == 1
            else:
                ready = max(points) >= options.target and len(leader) == 1
            assert ready is decided, (standing, kind)
            assert (standing.dealer is None) is decided
        assert isinstance(events[-1], MatchOver) and events[-1].winners == state.result.winners  # type: ignore[union-attr]
        assert state.result is not None and len(state.result.winners) == 1
        assert state.to_move() is None and not state.legal_actions()


def _game(hands: list[list[str]], table: list[str], moves: list[str], **options: Any) -> BundlesState:
    state, _ = run(scenario(hands, table, moves=moves, variant="rubamazzo", **options))
    assert state.result is not None
    return state


def test_equal_totals_play_on_until_one_seat_leads() -> None:
    """A match has one winner: equal highest card totals after the agreed games, or equal highest Scopa points at
    the target, play another game."""
    drawn = _game([["7H"], ["6H"]], ["7D", "6C"], ["7H", "6H"])  # 2 cards each
    won = _game([["7H"], ["5H"]], ["7D", "6C"], ["7H", "5H"])  # player 1 takes all 4
    assert drawn.result is not None and drawn.result.scores == (2, 2)
    match = BundlesMatch(BundlesOptions.preset("rubamazzo", {"match": "cards"}), 1)
    for _ in range(3):
        match.record(drawn)
    assert match.games == 3 and match.cards == [6, 6] and not match.is_over
    events = match.record(won)
    assert match.winners == (0,) and [e.type for e in events] == ["match_game", "match_over"]

    scopa = BundlesMatch(BundlesOptions.preset("rubamazzo", {"scoring": "scopa"}), 1)
    two = _game([["7H"], ["6H"]], ["7D", "6C"], ["7H", "6H"], scoring="scopa")
    assert two.points == (2, 0)
    scopa.points = [9, 11]  # the match so far: player 2 has reached 11, player 1 catches up in this game
    (standing,) = scopa.record(two)
    assert scopa.points == [11, 11] and not scopa.is_over and standing.to_dict()["dealer"] is not None
    scopa.record(two)
    assert scopa.winners == (0,)


def test_a_match_saved_in_the_middle_reads_back_and_ends_as_the_match_played_straight_through() -> None:
    from accessible_cards import game as registry

    bundles = registry.get("bundles")
    options = BundlesOptions.preset("rubamazzo", {"scoring": "scopa"})
    straight = BundlesMatchState(options, 77)
    _finish(straight, 3)
    broken = BundlesMatchState(options, 77)
    start = broken.to_json()
    assert start["phase"] == "deal" and "match" in start
    rng = random.Random(3)
    broken.start()
    while broken.match.games < 1 or len(broken.current.hands[0]) == 3:  # into the second game
        broken.apply(rng.choice(broken.actions()))
    saved = json.loads(json.dumps(broken.to_json()))
    back = bundles.state_from_json(saved)
    assert isinstance(back, BundlesMatchState) and back.to_json() == saved
    assert back.view(0).match == broken.view(0).match and back.view(0).match.finished == 1  # type: ignore[union-attr]
    while back.result is None:
        back.apply(rng.choice(back.actions()))
    assert back.to_json() == straight.to_json()
    single = BundlesState(BundlesOptions.preset("rubamazzo"), 5)
    assert type(bundles.state_from_json(single.to_json())) is BundlesState  # a save from before matches


@pytest.mark.parametrize(
    "name, value, allowed",
    [("match_games", "4", "1, 3, 5 or 7"), ("match_games", "9", "1, 3, 5 or 7"),
     ("target", "12", "11, 15 or 21"), ("target", "31", "11, 15 or 21"), ("match", "points", "games or cards"),
     ("scoring", "primiera", "cards or scopa")],
)  # fmt: skip
def test_match_options_take_exactly_their_choices(name: str, value: str, allowed: str) -> None:
    with pytest.raises(OptionError) as refused:
        BundlesOptions.preset("rubamazzo", {name: value})
    assert refused.value.msg_id == "error-option-value" and refused.value.params["allowed"] == allowed
    for good in {"match_games": ("1", "3", "5", "7"), "target": ("11", "15", "21")}.get(name, ()):
        assert BundlesOptions.preset("rubamazzo", {name: good}).to_dict()[name] == int(good)


def test_one_game_is_not_a_match() -> None:
    from accessible_cards import game as registry

    bundles = registry.get("bundles")
    assert type(bundles.new_state(2, "rubamazzo", {"match_games": 1}, 3)) is BundlesState
    assert type(bundles.new_state(2, "standard", {}, 3)) is BundlesState
    assert type(bundles.new_state(2, "rubamazzo", {}, 3)) is BundlesMatchState  # the preset: best of three
    assert type(bundles.new_state(2, "standard", {"scoring": "scopa"}, 3)) is BundlesMatchState
