"""Stiche-Raten's scenario files: each round's deal fixed, the moves replayed, a bad file refused at its place."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from accessible_cards.cli import _replay_scenario
from accessible_cards.errors import ScenarioError
from accessible_cards.i18n import Catalog
from accessible_cards.scenario import parse
from accessible_cards.ui.messages import refusal

SEED_EXAMPLE: dict[str, Any] = {
    "game": "ohhell",
    "players": 4,
    "dealer": 3,
    "start_round": 4,
    "rounds": [
        {
            "hands": [["2S", "3S", "4S", "5S"], ["AS", "KS", "2H", "3H"], ["AH", "4H", "2D", "3D"],
                      ["AD", "KD", "2C", "3C"]],
            "trump": "9H",
        }
    ],
    "moves": [{"bid": 0}, {"bid": 2}, {"bid": 1}],
}  # fmt: skip


def _with(**changes: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(SEED_EXAMPLE))
    data.update(changes)
    return data


def _refused(data: dict[str, Any], lang: str = "en") -> str:
    with pytest.raises(ScenarioError) as error:
        scenario = parse(data)
        _replay_scenario(scenario, True)
    return refusal(error.value, Catalog(lang).text)


def test_the_seeds_example_the_dealers_bid_of_1_is_refused_with_the_move_and_reason() -> None:
    data = _with(moves=[{"bid": 0}, {"bid": 2}, {"bid": 1}, {"bid": 1}])
    assert _refused(data) == "Move 4: You may not bid 1: the bids would add up to 4 tricks."
    assert _refused(data, "de") == "Zug 4: Du darfst nicht 1 ansagen: die Ansagen kämen zusammen auf 4 Stiche."


def test_a_replay_names_the_trick_winner_and_the_rounds_bids_tricks_and_points() -> None:
    moves = [{"bid": 0}, {"bid": 2}, {"bid": 1}, {"bid": 0},
             {"card": "2S"}, {"card": "AS"}, {"card": "AH"}, {"card": "AD"}]  # fmt: skip
    lines = [json.loads(line) for line in _replay_scenario(parse(_with(moves=moves)), True)]
    assert lines[0]["type"] == "round_dealt" and lines[0]["turned"] == "9H" and lines[0]["trump"] == "H"
    won = [line for line in lines if line["type"] == "trick_won"]
    assert won == [{"type": "trick_won", "trick": 1, "seat": 2, "card": "AH",
                    "cards": [[0, "2S"], [1, "AS"], [2, "AH"], [3, "AD"]], "tricks": [0, 0, 1, 0]}]  # fmt: skip


def test_a_whole_scripted_round_ends_with_bids_tricks_and_points(tmp_path: Path) -> None:
    data = {
        "game": "ohhell", "players": 3, "dealer": 2, "options": {"max_cards": 2},
        "rounds": [{"hands": [["AH"], ["2C"], ["3C"]], "trump": "9H"},
                   {"hands": [["AS", "KS"], ["2S", "2D"], ["3S", "3D"]], "trump": None}],
        "moves": [{"bid": 1}, {"bid": 0}, {"bid": 1}, {"card": "AH"}, {"card": "2C"}, {"card": "3C"},
                  {"bid": 0}, {"bid": 0}, {"bid": 1}, {"card": "2S"}, {"card": "3S"}, {"card": "AS"},
                  {"card": "KS"}, {"card": "2D"}, {"card": "3D"}],
    }  # fmt: skip
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "accessible_cards", "replay", str(path), "--json"],
                         capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert run.returncode == 0, run.stderr
    events = [json.loads(line) for line in run.stdout.splitlines()]
    scored = [e for e in events if e["type"] == "round_scored"]
    assert scored[0] == {"type": "round_scored", "round": 1, "bids": [1, 0, 1], "tricks": [1, 0, 0],
                         "points": [30, 20, -10], "totals": [30, 20, -10]}  # fmt: skip
    assert scored[1]["bids"] == [1, 0, 0] and scored[1]["tricks"] == [2, 0, 0]
    assert scored[1]["points"] == [-10, 20, 20] and scored[1]["totals"] == [20, 40, 10]
    assert events[-1] == {"type": "game_over", "totals": [20, 40, 10], "winners": [1]}


@pytest.mark.parametrize(
    ("change", "english"),
    [
        ({"rounds": [{"hands": [["2S", "3S", "4S", "5S"], ["AS", "KS", "2H", "3H"], ["AH", "4H", "2D", "3D"],
                                ["AD", "KD", "2C", "AS"]], "trump": "9H"}]},
         "Round 4, hand 4: AS is listed twice."),
        ({"rounds": [{"hands": [["2S", "3S", "4S", "5S"], ["AS", "KS", "2H", "3H"], ["AH", "4H", "2D", "3D"],
                                ["AD", "KD", "2C", "3C"]], "trump": "3C"}]},
         "Round 4, the turned card: 3C is listed twice."),
        ({"options": {"pack": "skat64"}}, "Round 4, hand 1: 2S is not a card of this pack."),
        ({"rounds": [{"hands": [["2S", "3S", "4S"], ["AS", "KS", "2H", "3H"], ["AH", "4H", "2D", "3D"],
                                ["AD", "KD", "2C", "3C"]], "trump": "9H"}]},
         "Round 4, hand 1: this round deals each hand 4, and this one holds 3."),
        ({"rounds": [{"hands": [["2S", "3S", "4S", "5S"]] * 3, "trump": "9H"}]},
         "Round 4: 3 hands for 4 players; give one hand per player."),
        ({"rounds": [{"hands": SEED_EXAMPLE["rounds"][0]["hands"], "trump": None}]},
         'Round 4: give the card turned up for trump, a card code such as "trump": "9H".'),
        ({"moves": [{"bid": 0}, {"play": "2S"}]},
         'Move 2: a move is a bid, a card or a trump suit, such as {"bid": 2}, {"card": "7H"}, {"trump": "H"}.'),
        ({"moves": [{"bid": 0}, {"card": "2S"}]}, "Move 2: Bid now: the cards are played after the bidding."),
        ({"moves": [{"bid": 0}, {"bid": 2}, {"bid": 1}, {"bid": 0}, {"card": "AS"}]},
         "Move 5: The AS is not in your hand."),
    ],
)  # fmt: skip
def test_a_bad_file_is_refused_with_one_sentence_naming_the_place(change: dict[str, Any], english: str) -> None:
    assert _refused(_with(**change)) == english


def test_an_illegal_play_names_the_move_and_the_suit_to_follow() -> None:
    moves = [{"bid": 0}, {"bid": 2}, {"bid": 1}, {"bid": 0}, {"card": "2S"}, {"card": "2H"}]
    assert _refused(_with(moves=moves)) == "Move 6: You must follow spades."
    assert _refused(_with(moves=moves), "de") == "Zug 6: Du musst Pik bedienen."


def test_the_last_round_takes_no_trump_card() -> None:
    data = {"game": "ohhell", "players": 3, "options": {"max_cards": 1},
            "rounds": [{"hands": [["AH"], ["2C"], ["3C"]], "trump": "9H"}]}  # fmt: skip
    assert _refused(data) == 'Round 1: the last round has no trump; give "trump": null.'


# -- issue 26: a bid too large, a hand of one card, and the replay's own refusal line --------------------------


@pytest.mark.parametrize("bid", [5, 100, 101, 250, 10**6])
def test_a_bid_above_the_round_is_refused_with_the_rounds_limit_however_large(bid: int) -> None:
    """A bid of 100 or more was read as another kind of move and refused with "bid now"."""
    data = _with(moves=[{"bid": bid}])
    assert _refused(data) == f"Move 1: You may not bid {bid}: the most you can bid is 4."
    assert _refused(data, "de") == f"Zug 1: Du darfst nicht {bid} ansagen: höchstens 4 kannst du ansagen."


def test_a_large_bid_while_cards_are_played_is_refused_as_a_bid_out_of_time() -> None:
    moves = [{"bid": 0}, {"bid": 2}, {"bid": 1}, {"bid": 0}, {"bid": 200}]
    assert _refused(_with(moves=moves)) == "Move 5: Play a card now: it is not the time to bid."


def test_a_hand_of_one_card_is_not_said_as_cards() -> None:
    hands = [["2S"], ["AS", "KS", "2H", "3H"], ["AH", "4H", "2D", "3D"], ["AD", "KD", "2C", "3C"]]
    said = _refused(_with(rounds=[{"hands": hands, "trump": "9H"}]))
    assert said == "Round 4, hand 1: this round deals each hand 4, and this one holds 1."
    assert "1 cards" not in said


@pytest.mark.parametrize(
    ("change", "line"),
    [
        ({"moves": [{"bid": 100}]}, "accessible-cards: Move 1: You may not bid 100: there are only 4 tricks."),
        ({"moves": [{"bid": 0}, {"bid": 2}, {"bid": 1}, {"bid": 1}]},
         "accessible-cards: Move 4: You may not bid 1: the bids would add up to 4 tricks."),
        ({"rounds": [{"hands": [["2S"], ["AS", "KS", "2H", "3H"], ["AH", "4H", "2D", "3D"], ["AD", "KD", "2C", "3C"]],
                      "trump": "9H"}]},
         "accessible-cards: Round 4, hand 1: holds 1 card; this round deals 4."),
        ({"rounds": [{"hands": [["2S", "3S", "4S", "5S"], ["AS", "KS", "2H", "3H"], ["AH", "4H", "2D", "3D"],
                                ["AD", "KD", "2C", "AS"]], "trump": "9H"}]},
         "accessible-cards: Round 4, hand 4: AS is listed twice."),
    ],
)  # fmt: skip
def test_replay_says_a_refusal_as_the_docs_do(tmp_path: Path, change: dict[str, Any], line: str) -> None:
    """docs/*/scenarios.md: one line naming the place and the reason, a sentence with its capital and full stop."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_with(**change)), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "accessible_cards", "replay", str(path)],
                         capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.splitlines() == [line]
