"""Hostile command lines: unknown flags and bad values get argparse's short usage error, exit status 2.

Every sub-command is tried with a flag it does not know (the list of
sub-commands is read from the parser, so a new one is covered at once), and
with the bad values a person might type: negative or too many players,
words where numbers go, unknown languages and choices, ``--set`` words that
are not KEY=VALUE or name a value the option does not take. Each answer is the
usage, then one line naming the problem; nothing on stdout; never a traceback.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest
from saves_support import WAR_LINES, only_save, play

from accessible_cards import cli
from accessible_cards.ui.app import GameRequest


@pytest.fixture(autouse=True)
def _private_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings folder of the test's own; no voice."""
    monkeypatch.setenv("ACCESSIBLE_CARDS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ACCESSIBLE_CARDS_SPEECH", "off")


def _subcommands() -> list[str]:
    parser = cli.build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return sorted(action.choices)
    raise AssertionError("the parser has no sub-commands")


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command line in this process; assert argparse's usage error; return its last line."""
    with pytest.raises(SystemExit) as stopped:
        cli.main(list(argv))
    out, err = capsys.readouterr()
    assert stopped.value.code == 2, (argv, out, err)
    assert out == "", argv
    assert err.startswith("usage: "), (argv, err)
    assert "Traceback" not in err
    last = err.splitlines()[-1]
    assert ": error: " in last, (argv, err)
    return last


def test_the_sub_commands_are_the_documented_ones() -> None:
    assert {"play", "replay", "simulate", "braille", "emboss", "speak", "doctor"} <= set(_subcommands())


REQUIRED = {
    "replay": ["x.json"],
    "simulate": ["war"],
    "solve": ["klondike"],
    "braille": ["x"],
    "emboss": ["rules", "war", "-o", "x.brf"],
    "speak": ["hi"],
    "join": ["localhost"],
}


@pytest.mark.parametrize("command", _subcommands())
def test_every_sub_command_refuses_an_unknown_flag(capsys: pytest.CaptureFixture[str], command: str) -> None:
    """Given what it needs besides, so that the unknown flag is what is refused."""
    assert "--no-such-flag" in usage_error(capsys, command, *REQUIRED.get(command, []), "--no-such-flag")


BAD = [
    (["--no-such-flag"], "--no-such-flag"),
    (["dance"], "dance"),
    # serve and join
    (["serve", "--port", "99999"], "--port"),
    (["serve", "--port", "two"], "--port"),
    (["join", "localhost", "--port", "-1"], "--port"),
    (["join", "--port", "2222", "extra", "words"], "unrecognized"),  # join with no host looks on the network
    # play
    (["play", "war", "--players", "-1"], "--players"),
    (["play", "war", "--players", "9"], "--players"),
    (["play", "bundles", "--players", "9"], "--players"),
    (["play", "war", "--players", "99999999999999999999"], "--players"),
    (["play", "war", "--players", "two"], "--players"),
    (["play", "war", "--humans", "0"], "--humans"),
    (["play", "war", "--humans", "5"], "--humans"),
    (["play", "war", "--seed", "x"], "--seed"),
    (["play", "war", "--lang", "xx"], "--lang"),
    (["play", "war", "--verbosity", "7"], "--verbosity"),
    (["play", "war", "--pause", "-1"], "--pause"),
    (["play", "war", "--pause", "nan"], "--pause"),
    (["play", "war", "--pause", "soon"], "--pause"),
    (["play", "war", "--speech", "loud"], "--speech"),
    (["play", "war", "--braille", "yes"], "--braille"),
    (["play", "bundles", "--variant", "poker"], "--variant"),
    (["play", "poker"], "poker"),
    (["play", "--players", "3"], "--players"),
    (["play", "war", "--set", "junk"], "junk"),
    (["play", "war", "--set", "=3"], "=3"),
    (["play", "war", "--set", "players=banana"], "players"),
    (["play", "bundles", "--set", "players=banana"], "banana"),
    (["play", "war", "--set", "face_down=-1"], "face_down"),
    (["play", "bundles", "--set", "hand=99"], "hand"),
    # replay
    (["replay"], "FILE"),
    # simulate
    (["simulate"], "game"),
    (["simulate", "poker"], "poker"),
    (["simulate", "war", "--games", "abc"], "--games"),
    (["simulate", "war", "--games", "0"], "--games"),
    (["simulate", "war", "--games", "-5"], "--games"),
    (["simulate", "war", "--players", "9"], "--players"),
    (["simulate", "bundles", "--players", "-1"], "--players"),
    (["simulate", "war", "--seed", "x"], "--seed"),
    (["simulate", "war", "--set", "junk"], "junk"),
    (["simulate", "war", "--set", "players=banana"], "players"),
    (["simulate", "bundles", "--set", "players=banana"], "banana"),
    (["simulate", "bundles", "--variant", "poker"], "--variant"),
    # braille
    (["braille"], "TEXT"),
    (["braille", "x", "--lang", "xx"], "--lang"),
    (["braille", "x", "--table", "nope"], "--table"),
    (["braille", "--card", "7H", "--deck", "nope"], "--deck"),
    (["braille", "--card", "ZZ"], "--card"),
    # emboss
    (["emboss"], "required"),
    (["emboss", "poems", "war", "-o", "x.brf"], "poems"),
    (["emboss", "rules", "poker", "-o", "x.brf"], "poker"),
    (["emboss", "keys", "poker", "-o", "x.brf"], "poker"),
    (["emboss", "rules", "war", "-o", "x.brf", "--width", "abc"], "--width"),
    (["emboss", "rules", "war", "-o", "x.brf", "--width", "0"], "--width"),
    (["emboss", "rules", "war", "-o", "x.brf", "--height", "-1"], "--height"),
    (["emboss", "rules", "war", "-o", "x.brf", "--lang", "xx"], "--lang"),
    # speak
    (["speak"], "TEXT"),
    (["speak", "hi", "--engine", "nope"], "--engine"),
    (["speak", "hi", "--lang", "xx"], "--lang"),
    # doctor
    (["doctor", "now"], "now"),
]


@pytest.mark.parametrize(("argv", "named"), BAD, ids=[" ".join(argv) for argv, _ in BAD])
def test_bad_values_are_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], named: str) -> None:
    assert named in usage_error(capsys, *argv)


@pytest.fixture
def a_saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An unfinished War game saved in the test's own data folder, as a player leaves one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("ACCESSIBLE_CARDS_DATA_DIR", str(folder))
    play(GameRequest("war", players=2, humans=1, seed=7), WAR_LINES, budget=6)
    return only_save(folder)


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["resume", "--no-such-flag"], "--no-such-flag"),
        (["resume", "one", "two", "three"], "one two three"),
        (["resume", "--lang", "xx"], "--lang"),
        (["resume", "--verbosity", "7"], "--verbosity"),
        (["resume", "--pause", "-1"], "--pause"),
        (["resume", "--pause", "soon"], "--pause"),
        (["resume", "--speech", "loud"], "--speech"),
        (["resume", "--braille", "dots"], "--braille"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else value,
)
def test_resume_refuses_bad_arguments_and_leaves_the_saved_game(
    capsys: pytest.CaptureFixture[str], a_saved_game: Path, argv: list[str], named: str
) -> None:
    before = a_saved_game.read_bytes()
    folder = sorted(path.name for path in a_saved_game.parent.iterdir())
    assert named in usage_error(capsys, *argv)
    assert a_saved_game.read_bytes() == before  # the game is still there to go on with, untouched
    assert sorted(path.name for path in a_saved_game.parent.iterdir()) == folder


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "war", "--set", "junk"],
        ["play", "bundles", "--set", "players=banana"],
        ["simulate", "war", "--games", "abc"],
        ["emboss", "rules", "war", "-o", "x.brf", "--width", "0"],
    ],
)
def test_the_real_program_exits_2_without_a_traceback(tmp_path: Path, argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "accessible_cards", *argv],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
        env={"ACCESSIBLE_CARDS_CONFIG_DIR": str(tmp_path / "config"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("usage: accessible-cards")
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "config").exists()  # nothing was written
