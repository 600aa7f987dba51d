"""The headless commands for Stealing Bundles, run as a person runs them: ``python -m accessible_cards``.

Issue 3, "Headless commands": replay prints JSON Lines (or plain lines); a bad scenario stops with one
clear line naming the move and the reason, a non-zero exit, no traceback and nothing on stdout.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

EXAMPLE: dict[str, Any] = {
    "game": "bundles",
    "variant": "standard",
    "players": 2,
    "options": {"last_capture_bonus": True},
    "dealer": 1,
    "hands": [["7H", "KS"], ["7S", "3C"]],
    "table": ["7C", "5S"],
    "stock": [],
    "moves": [{"card": "7H"}, {"card": "7S"}, {"card": "KS"}, {"card": "3C"}],
}


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "accessible_cards", *args], capture_output=True, text=True, timeout=60, check=False
    )


def _file(tmp_path: Path, data: Any, name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_replay_json_lines_of_the_issue_example(tmp_path: Path) -> None:
    """The issue's example: capture, steal, two trails, leftovers to the last stealer, game over 0:6."""
    done = _run("replay", _file(tmp_path, EXAMPLE), "--json")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[0] == {"type": "deal", "dealer": 1, "first": 0, "counts": [2, 2], "table": ["7C", "5S"], "stock": 0}
    assert lines[1:5] == [
        {"type": "capture", "player": 0, "card": "7H", "cards": ["7C"]},
        {"type": "steal", "player": 1, "card": "7S", "victim": 0, "count": 2},
        {"type": "trail", "player": 0, "card": "KS"},
        {"type": "trail", "player": 1, "card": "3C"},
    ]
    assert lines[5] == {"type": "leftovers", "cards": ["5S", "KS", "3C"], "to": 1}
    assert lines[-1]["type"] == "game_over"
    assert lines[-1]["scores"] == [0, 6] and lines[-1]["winners"] == [1]


def test_replay_plain_text(tmp_path: Path) -> None:
    """Without --json the events are what the game's narrator says, in English, key fact first."""
    done = _run("replay", _file(tmp_path, EXAMPLE))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1] == "Player 1 captures the seven of clubs with the seven of hearts."
    assert lines[2] == "Player 2 steals Player 1's bundle of 2 cards with the seven of spades."
    assert lines[-1].startswith("Player 2 wins the game with 6 cards.")


def test_replay_names_italian_cards_in_their_style(tmp_path: Path) -> None:
    """Rulings, Cards and notation: Italian packs are named Denari, Coppe, Spade, Bastoni; Fante, Cavallo, Re."""
    moves = [{"card": "7D"}, {"card": "7S"}, {"card": "KS"}, {"card": "3C"}]
    data = dict(EXAMPLE, variant="rubamazzo", options={}, hands=[["7D", "KS"], ["7S", "3C"]], moves=moves)
    done = _run("replay", _file(tmp_path, data))
    assert "Sette di Denari" in done.stdout and "Re di Spade" in done.stdout
    assert "seven of" not in done.stdout and " of Spade" not in done.stdout
    # the narrator in the language asked for, as the game itself speaks
    done = _run("replay", _file(tmp_path, data), "--lang", "de")
    assert done.returncode == 0, done.stderr
    assert "Spieler 1 nimmt mit Sette di Denari" in done.stdout and "Re di Spade" in done.stdout
    spanish = dict(data, variant="casita-robada", hands=[["7D", "KS"], ["7S", "3C"]], moves=moves)
    done = _run("replay", _file(tmp_path, spanish))
    assert "Siete de Oros" in done.stdout and "Rey de Espadas" in done.stdout and "seven" not in done.stdout


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"moves": [{"card": "7H"}, {"card": "KS"}]}, "move 2: KS is not in player 2's hand"),
        ({"moves": [{"card": "7H", "steal": 1}]}, "move 1: 7H allows no stealing from player 2"),
        ({"moves": [{"card": "7H", "colour": "red"}]}, "move 1: unknown key 'colour'"),
        ({"moves": [{"card": "7X"}]}, "move 1: '7X' is not a card code"),
        ({"moves": [{"card": "7H"}, {"card": "7S"}, {"card": "KS"}, {"card": "3C"}, {"card": "3C"}]}, "move 5:"),
        ({"moves": [{"steal": 1}]}, "move 1: 'card' is missing"),
        ({"hands": [["7H", "KS"], ["7H", "3C"]]}, "7H is listed twice"),
        ({"variant": "scopone"}, "unknown variant"),
        ({"options": {"wild_jacks": "maybe"}}, "wild_jacks"),
        ({"hands": [["7H", "KS"]]}, "1 hands for 2 players"),
        ({"dealer": 5}, "'dealer' must be a whole number from 0 to 1"),
    ],
)
def test_bad_scenarios_refused_without_traceback(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    """Issue 3: one clear line, non-zero exit, no traceback, nothing written to stdout."""
    done = _run("replay", _file(tmp_path, {**EXAMPLE, **change}), "--json")
    assert done.returncode != 0
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert message in done.stderr


def test_missing_choice_names_the_move(tmp_path: Path) -> None:
    """A needed choice (which bundle, with double_bundles) that is missing stops the replay."""
    data = {**EXAMPLE, "options": {"double_bundles": True}}
    done = _run("replay", _file(tmp_path, data))
    assert done.returncode == 1 and done.stdout == ""
    assert "move 1: 7H needs a choice" in done.stderr and "bundle" in done.stderr


def test_broken_json_refused(tmp_path: Path) -> None:
    """Not JSON at all: one line, no traceback."""
    done = _run("replay", _file(tmp_path, '{"game": "bundles", '))
    assert done.returncode == 1 and "not valid JSON" in done.stderr and "Traceback" not in done.stderr


def test_simulate_json_keys_and_figures() -> None:
    """simulate bundles --json: exactly the issue's keys; wins and draws add up to the games."""
    done = _run("simulate", "bundles", "--players", "3", "--games", "50", "--seed", "4", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert list(figures) == [
        "game",
        "variant",
        "players",
        "games",
        "options",
        "wins",
        "draws",
        "score",
        "steals_per_game",
        "captures_per_game",
        "trails_per_game",
    ]
    assert figures["game"] == "bundles" and figures["variant"] == "standard" and figures["players"] == 3
    assert sum(figures["wins"]) + figures["draws"] == 50
    assert len(figures["score"]["mean"]) == 3 and sum(figures["score"]["mean"]) <= 52
    again = json.loads(_run("simulate", "bundles", "--players", "3", "--games", "50", "--seed", "4", "--json").stdout)
    assert again == figures


def test_simulate_variant_and_settings() -> None:
    """--variant picks the preset and --set KEY=VALUE overrides an option."""
    done = _run(
        "simulate",
        "bundles",
        "--variant",
        "rubamazzo",
        "--games",
        "20",
        "--seed",
        "1",
        "--set",
        "wild_jacks=yes",
        "--json",
    )
    figures = json.loads(done.stdout)
    assert figures["variant"] == "rubamazzo" and figures["options"]["wild_jacks"] is True
    assert figures["options"]["deck"] == "italian40"
    bad = _run("simulate", "bundles", "--set", "jokers=2")
    assert bad.returncode == 2 and "unknown option" in bad.stderr and "Traceback" not in bad.stderr


def test_war_commands_still_work(tmp_path: Path) -> None:
    """The War paths of the shared command line are unchanged."""
    done = _run("simulate", "war", "--games", "5", "--seed", "1", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["game"] == "war"
    war = {"game": "war", "piles": [["AH", "2C"], ["KD", "3C"]]}
    replay = _run("replay", _file(tmp_path, war), "--json")
    assert replay.returncode == 0 and json.loads(replay.stdout.splitlines()[-1])["type"] == "game_over"


def test_replay_without_moves_or_with_too_few(tmp_path: Path) -> None:
    """docs/en/rules/bundles.md: no moves plays random choices from the seed; too few moves stop early, exit 0."""
    random_play = {key: value for key, value in EXAMPLE.items() if key != "moves"}
    done = _run("replay", _file(tmp_path, random_play), "--json")
    assert done.returncode == 0 and json.loads(done.stdout.splitlines()[-1])["type"] == "game_over"
    assert done.stdout == _run("replay", _file(tmp_path, random_play), "--json").stdout
    short = {**EXAMPLE, "moves": [{"card": "7H"}]}
    done = _run("replay", _file(tmp_path, short), "--json")
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 2
    assert "moves end here, after move 1" in _run("replay", _file(tmp_path, short)).stdout


def test_simulate_reports_whole_matches() -> None:
    """Issue 15: ``simulate bundles --variant rubamazzo --set scoring=scopa`` reports match results: matches won
    per seat, mean games per match, mean points; the same for best-of and total-cards matches."""
    done = _run("simulate", "bundles", "--variant", "rubamazzo", "--set", "scoring=scopa", "--games", "30", "--json")
    figures = json.loads(done.stdout)
    match = figures["match"]
    assert match["kind"] == "points" and match["of"] == 11 and match["matches"] == 30
    assert sum(match["wins"]) + match["draws"] == 30 and match["draws"] == 0
    assert match["games_per_match"] == round(figures["games"] / 30, 3) and match["games_per_match"] >= 3
    assert all(points >= 0 for points in match["points_per_match"]) and max(match["points_per_match"]) >= 11 / 2
    lines = _run("simulate", "bundles", "--variant", "rubamazzo", "--set", "scoring=scopa", "--games", "30").stdout
    assert "Matches (first to 11 Scopa points): 30. Won: player 1: " in lines
    assert "Games per match: " in lines and "Mean Scopa points per match: player 1: " in lines
    best = json.loads(_run("simulate", "bundles", "--variant", "rubamazzo", "--games", "20", "--json").stdout)
    assert best["match"]["kind"] == "games" and best["match"]["of"] == 3
    assert best["match"]["games_per_match"] >= 2 and sum(best["match"]["games_won_per_match"]) >= 2
    cards = _run("simulate", "bundles", "--set", "match=cards", "--set", "match_games=5", "--games", "10").stdout
    assert "Matches (most cards over 5 games): 10." in cards and "Mean cards per match: " in cards
    levels = json.loads(
        _run("simulate", "bundles", "--variant", "rubamazzo", "--games", "10", "--ai", "easy,medium", "--json").stdout
    )
    assert levels["match"]["matches"] == 10 and len(levels["match"]["win_rate_ci95"]) == 2
    single = json.loads(_run("simulate", "bundles", "--games", "5", "--json").stdout)
    assert "match" not in single  # a single game is not a match
    bad = _run("simulate", "bundles", "--set", "match_games=4")
    assert bad.returncode == 2 and "1, 3, 5 or 7" in bad.stderr and "Traceback" not in bad.stderr
