"""What a run chooses on the command line holds for that run alone; the player's own choices are kept (issue 15)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from terminal_support import Player, assert_clean, start


def _number_of(line: str, label: str) -> str:
    """The number a listing gives the item that starts with ``label``."""
    found = re.search(r"(\d+): " + re.escape(label), line)
    assert found, line
    return found[1]


def test_one_off_flags_are_never_saved(players: list[Player], config: Path) -> None:
    player = start(
        players,
        config,
        *("play", "war", "--seed", "3", "--speech", "off", "--verbosity", "brief", "--lang", "de"),
        *("--braille", "unicode"),
    )
    player.wait_for(r"je 26 Karten")
    player.settle()
    player.press("escape")
    menu = player.wait_for(r"^Spielmenü")
    player.press(_number_of(menu, "Einstellungen"))
    listing = player.wait_for(r"^Einstellungen\.")
    player.press(_number_of(listing, "Krieg-Quiz"))
    player.wait_for(r"Krieg-Quiz: an")
    saved = tomllib.loads((config / "settings.toml").read_text(encoding="utf-8"))
    assert saved.get("war", {}).get("quiz") is True
    # the file keeps what it had before (here nothing, so the defaults), never this run's flags
    assert "language" not in saved and saved.get("verbosity", "normal") == "normal", saved
    assert saved.get("speech", {}).get("mode", "auto") == "auto", saved  # --speech and ACCESSIBLE_CARDS_SPEECH
    assert saved.get("braille", {}).get("output", "off") == "off", saved
    assert saved.get("war", {}).get("players", 2) == 2, saved
    assert_clean(player.lines())
