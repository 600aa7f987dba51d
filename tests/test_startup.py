"""The command line's help and its parser load no game's engine, narrator, controller or computer players.

Each game registers its names, presets, options, levels and commands from light modules; the rest is
imported when a game starts, simulates or solves. This keeps ``accessible-cards --help`` and the first
menu quick on a slow machine (issue 28). Nothing here is timed: it checks which modules are loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("controller", "narrator", "ai", "solver", "race", "race_play", "simulate", "scenario", "state", "match")
"""The parts of a game's package that only a game being played, simulated or solved needs."""

_PROBE = """
import contextlib, io, json, sys
from accessible_cards import cli
from accessible_cards import game as registry
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    cli.main(sys.argv[1:])
names = [game.name for game in registry.registered()]
print(json.dumps({"games": names, "modules": sorted(sys.modules)}))
"""


def _loaded(*argv: str) -> tuple[list[str], list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, check=True, timeout=120
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return found["games"], found["modules"]


@pytest.mark.parametrize("argv", [("--help",), ("play", "--help"), ("simulate", "--help"), ("solve", "--help")])
def test_the_help_loads_no_game_engine(argv: tuple[str, ...]) -> None:
    games, modules = _loaded(*argv)
    assert games, "the games are registered"
    heavy = [
        module
        for module in modules
        if module.startswith("accessible_cards.games.") and module.split(".")[3:4] and module.split(".")[3] in HEAVY
    ]
    assert not heavy, heavy
    assert "asyncio" not in modules, "the network's event loop loads only for serve and join"


def test_a_game_started_loads_its_parts() -> None:
    """The lazy parts still arrive: a state made through the registry brings its game's rules engine."""
    from accessible_cards import game as registry

    for game in registry.registered():
        if game.package.startswith("accessible_cards.games."):
            state = game.new_state(game.min_players if game.min_players > 1 else 1, None, {}, 1)
            assert state is not None
            assert f"{game.package}.state" in sys.modules or any(
                name.startswith(f"{game.package}.") and name.split(".")[-1] in HEAVY for name in sys.modules
            )
