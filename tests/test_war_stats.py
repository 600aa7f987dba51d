"""War's figures over many seeded games, against published and exact values.

Every band here is four standard errors wide on each side, worked out from the sample itself (or, for
the median, without any assumption about the distribution), so an honest engine fails one of these
tests far less than once in ten thousand runs, while a wrong rule (other face-down count, a tie
missed, cards lost) moves the figures well outside.
"""

from __future__ import annotations

import math
import statistics
from functools import cache
from typing import Any

import pytest
from war_support import SIMULATE_KEYS, time_limit

from accessible_cards.games.war.simulate import simulate_war
from accessible_cards.games.war.state import TURN, WarOptions, WarStarted, WarState
from accessible_cards.simulate import game_seeds

pytestmark = pytest.mark.slow

GAMES = 4000
SEED = 20240229

# Norvig's rules (three face down; winnings returned in random order; who cannot finish a war loses;
# both out at once a draw) are the engine's defaults: face_down=3, pickup=shuffle, short=lose.
NORVIG_OPTIONS = WarOptions(face_down=3, pickup="shuffle", short="lose")
NORVIG_MEAN_PLAYS = 294
NORVIG_MEDIAN_PLAYS = 224


@cache
def plays_per_game() -> tuple[int, ...]:
    """Plays of each of GAMES 2-player games, seeded exactly as ``simulate_war(2, GAMES, SEED, {})`` seeds them."""
    plays = []
    with time_limit(120):
        for seed in game_seeds(SEED, GAMES):
            state = WarState(2, NORVIG_OPTIONS, seed)
            state.play_out()
            plays.append(state.plays)
    return tuple(plays)


@cache
def simulated() -> dict[str, Any]:
    with time_limit(120):
        return simulate_war(2, GAMES, SEED, {})


def test_mean_plays_matches_norvig() -> None:
    """P. Norvig's published figure for War, 100,000 games: a mean of 294 plays per game.

    Band: sample mean ± 4 standard errors, SE = sample standard deviation / sqrt(n), n = 4000.
    """
    plays = plays_per_game()
    n = len(plays)
    mean = statistics.fmean(plays)
    se = statistics.stdev(plays) / math.sqrt(n)
    assert abs(NORVIG_MEAN_PLAYS - mean) < 4 * se, f"mean {mean:.1f} ± {4 * se:.1f} does not hold 294"


def test_median_plays_matches_norvig() -> None:
    """P. Norvig's published median: 224 plays per game.

    Distribution-free band: the number of sample values below the true median is Binomial(n, 1/2), with
    standard deviation sqrt(n)/2; so the order statistics of ranks n/2 - 2*sqrt(n) and n/2 + 2*sqrt(n)
    (4 sigma each side; ranks 1873 and 2127 of 4000) enclose the true median but for odds of about 6 in
    100,000.
    """
    plays = sorted(plays_per_game())
    n = len(plays)
    low_rank = math.floor(n / 2 - 2 * math.sqrt(n))
    high_rank = math.ceil(n / 2 + 2 * math.sqrt(n))
    low, high = plays[low_rank - 1], plays[high_rank - 1]
    assert low <= NORVIG_MEDIAN_PLAYS <= high, f"median band [{low}, {high}] does not hold 224"


def test_simulate_reports_the_same_games() -> None:
    """``simulate_war`` with the same seed plays the same games: its plays mean and median are those of
    the games played one by one here (it plays them with the same per-game seeds)."""
    plays = plays_per_game()
    figures = simulated()
    assert figures["plays"]["mean"] == round(statistics.fmean(plays), 3)
    assert figures["plays"]["median"] == float(statistics.median(plays))
    assert figures["games"] == GAMES
    assert sum(figures["wins"]) + figures["draws"] == GAMES


def test_first_battle_is_a_war_one_time_in_seventeen() -> None:
    """The first battle ties when the second player's top card has the first's rank: 3 of the other 51
    cards, so exactly 3/51 = 1/17 (Norvig: "tie=3/51").

    40,000 seeded deals, one TURN each; band: |rate - 1/17| < 4 * sqrt(p(1-p)/n).
    """
    n = 40_000
    wars = 0
    for seed in range(n):
        state = WarState(2, None, 7_000_000 + seed)
        state.start()
        if any(isinstance(event, WarStarted) for event in state.apply(TURN)):
            wars += 1
    p = 1 / 17
    assert abs(wars / n - p) < 4 * math.sqrt(p * (1 - p) / n), f"{wars} wars in {n} first battles"


def test_simulate_first_battle_war_rate_is_one_in_seventeen() -> None:
    """``simulate``'s ``first_battle_war_rate`` over its 4,000 games lies in the same 4-sigma band."""
    rate = simulated()["first_battle_war_rate"]
    p = 1 / 17
    assert abs(rate - p) < 4 * math.sqrt(p * (1 - p) / GAMES)


def test_numbers_deck_first_battle_is_a_war_one_time_in_seventeen() -> None:
    """The numbers deck also holds four cards of each of 13 values: the same 3/51 for the first battle."""
    n = 10_000
    rate = simulate_war(2, n, 99, {"deck": "numbers", "max_rounds": "1"})["first_battle_war_rate"]
    p = 1 / 17
    assert abs(rate - p) < 4 * math.sqrt(p * (1 - p) / n)


@pytest.mark.parametrize(
    ("players", "settings"),
    [
        (2, {}),
        (3, {"face_down": "1", "pickup": "winner_first", "max_rounds": "200"}),
        (4, {"short": "last_card_up", "pickup": "seat_order", "deck": "numbers", "max_rounds": "150"}),
    ],
)
def test_simulate_is_reproducible_and_has_the_documented_keys(players: int, settings: dict[str, str]) -> None:
    """The same seed gives the same figures; the keys are the documented ones; the counts add up."""
    first = simulate_war(players, 60, 5, settings)
    assert simulate_war(players, 60, 5, settings) == first
    assert simulate_war(players, 60, 6, settings) != first
    assert set(first) >= SIMULATE_KEYS
    assert first["game"] == "war"
    assert first["players"] == players
    assert first["games"] == 60
    assert first["options"] == WarOptions.from_mapping(settings).to_dict()
    for name in ("rounds", "battles", "plays", "wars"):
        assert set(first[name]) == {"mean", "median", "p95"}
        assert 0 <= first[name]["median"] <= first[name]["p95"]
    assert first["battles"]["mean"] >= first["rounds"]["mean"]
    assert first["plays"]["mean"] >= first["battles"]["mean"]
    assert len(first["wins"]) == players
    assert sum(first["wins"]) + first["draws"] == 60
    assert 0 <= first["cycles"] <= first["draws"]
    assert 0.0 <= first["first_battle_war_rate"] <= 1.0
