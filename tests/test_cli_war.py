"""The command line for War, run as a person runs it: ``python -m accessible_cards`` in a subprocess.

Refusals are checked the way someone at a terminal meets them: a non-zero exit, exactly one line on
stderr that names the problem, and no Python traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from war_support import SIMULATE_KEYS

from accessible_cards import __version__


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "accessible_cards", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
    )


def write(tmp_path: Path, data: Any, name: str = "scenario.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def assert_refused(done: subprocess.CompletedProcess[str], *words: str) -> None:
    """Refused: non-zero exit, one line on stderr naming the problem, no traceback, nothing on stdout."""
    assert done.returncode != 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    for word in words:
        assert word in lines[0], (word, lines[0])


# --- version and help --------------------------------------------------------------------


def test_version() -> None:
    done = run("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"accessible-cards {__version__}"


def test_help_lists_the_commands() -> None:
    done = run("--help")
    assert done.returncode == 0
    for command in ("play", "replay", "simulate"):
        assert command in done.stdout


# --- replay ------------------------------------------------------------------------------


def test_replay_json_prints_every_event_and_ends_with_game_over(tmp_path: Path) -> None:
    """A scenario worked by hand (seat_order pickup): AS beats 2H; 5S ties 5H; three cards down each, KS beats
    QS and player 1 holds all 12 cards. 2 rounds, 3 battles, 6 plays, 1 war."""
    path = write(
        tmp_path,
        {
            "game": "war",
            "options": {"pickup": "seat_order"},
            "piles": [["AS", "5S", "2C", "3C", "4C", "KS"], ["2H", "5H", "2D", "3D", "4D", "QS"]],
        },
    )
    done = run("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert all(next(iter(record)) == "type" for record in records)
    assert records == [
        {"type": "dealt", "counts": [6, 6], "set_aside": 0},
        {"type": "battle", "cards": [[0, "AS"], [1, "2H"]], "high": [0]},
        {"type": "took", "seat": 0, "count": 2},
        {"type": "battle", "cards": [[0, "5S"], [1, "5H"]], "high": [0, 1]},
        {"type": "war", "seats": [0, 1]},
        {"type": "face_down", "counts": [[0, 3], [1, 3]]},
        {"type": "battle", "cards": [[0, "KS"], [1, "QS"]], "high": [0]},
        {"type": "took", "seat": 0, "count": 10},
        {"type": "player_out", "seat": 1, "reason": "no_cards"},
        {
            "type": "game_over",
            "scores": [12, 0],
            "winners": [0],
            "reason": "last_player",
            "rounds": 2,
            "battles": 3,
            "plays": 6,
            "wars": 1,
        },
    ]


def test_replay_json_of_a_seeded_deal_ends_with_a_full_game_over(tmp_path: Path) -> None:
    """A scenario with only a seed and a time limit: the last line is game_over with every field."""
    path = write(tmp_path, {"game": "war", "players": 3, "seed": 42, "options": {"max_rounds": 30}})
    done = run("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert records[0] == {"type": "dealt", "counts": [17, 17, 17], "set_aside": 1}
    last = records[-1]
    assert last["type"] == "game_over"
    assert set(last) == {"type", "scores", "winners", "reason", "rounds", "battles", "plays", "wars"}
    assert [r["type"] for r in records].count("game_over") == 1
    assert last["rounds"] <= 30
    assert last["battles"] == sum(r["type"] == "battle" for r in records)
    assert last["wars"] == sum(r["type"] == "war" for r in records)
    assert sum(last["scores"]) + sum(r["count"] for r in records if r["type"] == "table_set_aside") <= 51


def test_replay_without_json_tells_the_game_in_lines(tmp_path: Path) -> None:
    path = write(tmp_path, {"game": "war", "piles": [["AS"], ["KS"]]})
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) >= 3
    assert not any(line.startswith("{") for line in lines)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"game": "war", "piles": [["AS"], ["KS"]], "bogus": 1}, ["'bogus'"]),
        ({"game": "war", "piles": [["AS"], ["ZZ"]]}, ["'ZZ'"]),
        ({"game": "war", "piles": [["AS", "7H"], ["KS", "7h"]]}, ["7H", "twice"]),
        ({"game": "war", "players": 3, "piles": [["AS"], ["KS"]]}, ["2 piles", "3 players"]),
        ({"game": "war", "piles": [["AS"], ["KS"]], "options": {"colour": "red"}}, ["'colour'"]),
        ({"game": "war", "piles": [["AS"], ["KS"]], "options": {"face_down": 99}}, ["'face_down'", "99"]),
        ({"game": "war", "piles": [["AS"], ["KS"]], "options": {"pickup": "random"}}, ["'pickup'", "random"]),
        ('{"game": "war", "piles": [["AS"], ', ["not valid JSON"]),
    ],
    ids=["unknown-key", "bad-card", "duplicate", "pile-count", "unknown-option", "bad-value", "bad-word", "not-json"],
)
def test_replay_refuses_bad_scenarios_in_one_line(tmp_path: Path, data: Any, words: list[str]) -> None:
    assert_refused(run("replay", str(write(tmp_path, data)), "--json"), *words)


def test_replay_refuses_a_missing_file_in_one_line(tmp_path: Path) -> None:
    assert_refused(run("replay", str(tmp_path / "absent.json"), "--json"), "absent.json", "no such file")


# --- simulate -----------------------------------------------------------------------------


def test_simulate_json_keys_and_the_same_seed_gives_the_same_output() -> None:
    args = ("simulate", "war", "--players", "3", "--games", "40", "--seed", "8", "--set", "max_rounds=150", "--json")
    first = run(*args)
    assert first.returncode == 0, first.stderr
    figures = json.loads(first.stdout)
    assert set(figures) >= SIMULATE_KEYS
    assert figures["game"] == "war"
    assert figures["players"] == 3
    assert figures["games"] == 40
    assert figures["options"]["max_rounds"] == 150
    assert sum(figures["wins"]) + figures["draws"] == 40
    assert set(figures["plays"]) == {"mean", "median", "p95"}
    again = run(*args)
    assert again.stdout == first.stdout
    other = run(*args[:7], "9", *args[8:])
    assert other.returncode == 0
    assert json.loads(other.stdout) != figures


def test_simulate_options_reach_the_games() -> None:
    """``--set`` options are the ones played: with max_rounds=1 every game lasts exactly one round."""
    done = run("simulate", "war", "--games", "30", "--set", "max_rounds=1", "--set", "face_down=0", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["rounds"] == {"mean": 1.0, "median": 1.0, "p95": 1.0}
    assert figures["options"]["face_down"] == 0


@pytest.mark.parametrize(
    ("setting", "words"),
    [
        ("jokers=2", ["'jokers'"]),
        ("face_down=lots", ["'face_down'", "lots"]),
        ("short=win", ["'short'", "win"]),
        ("max_rounds=0", ["'max_rounds'"]),
        ("face_down", ["face_down"]),
    ],
)
def test_simulate_refuses_bad_settings_in_one_line(setting: str, words: list[str]) -> None:
    """A bad ``--set`` is a usage error: exit 2, the usage, then one line naming the problem."""
    done = run("simulate", "war", "--games", "5", "--set", setting, "--json")
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.startswith("usage: ")
    for word in words:
        assert word in done.stderr.splitlines()[-1]


@pytest.mark.parametrize(
    "args",
    [
        ["--bogus"],
        ["replay", "x.json", "--bogus"],
        ["simulate", "war", "--bogus"],
        ["simulate", "war", "--games", "many"],
        ["simulate", "war", "--players", "5"],
    ],
)
def test_unknown_flags_and_bad_arguments_exit_2(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
