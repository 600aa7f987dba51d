"""Match play and Rubamazzo's optional Scopa scoring.

E 49 (match: games won or total cards), R 23 (the deal alternates), R 46 and R 58 (best of 3, 5 or 7),
R 50-54 (Scopa points: most cards, most coins, settebello, primiera; first to 11, 15 or 21).
"""

from __future__ import annotations

import itertools
import random

from bundles_support import run, scenario

from accessible_cards.cards import deck
from accessible_cards.games.bundles.match import BundlesMatch
from accessible_cards.games.bundles.rules import BundlesOptions, scopa_points


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
