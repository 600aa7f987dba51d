"""What the registry knows of the Stealing Bundles family before a game starts: presets, options, levels, commands.

Nothing here loads the rules engine, the narrator, the computer players or the controller: the command
line's help and the first menu read these alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from accessible_cards.engine import OptionSpec, choice, flag, one_of, whole_number
from accessible_cards.keys import command

# preset -> the values it changes from the option defaults (the rulings' presets table)
PRESETS: Final[Mapping[str, Mapping[str, Any]]] = {
    "standard": {},
    "friendly": {"stealing": False},
    "casita-robada": {"deck": "spanish40", "direction": "counter-clockwise"},
    "rubamazzo": {
        "deck": "italian40",
        "hand": 3,
        "direction": "counter-clockwise",
        "last_capture_bonus": True,
        "tiebreak": False,
        "match_games": 3,
    },
    "rubamazzetto": {
        "deck": "italian40",
        "hand": 3,
        "direction": "counter-clockwise",
        "stealing": False,
        "last_capture_bonus": True,
        "tiebreak": False,
    },
    "rubamazzo-15": {
        "deck": "italian40",
        "hand": 3,
        "direction": "counter-clockwise",
        "last_capture_bonus": True,
        "tiebreak": False,
        "sum15": True,
    },
}
VARIANTS: Final = tuple(PRESETS)
TITLES: Final = {
    "standard": "Stealing Bundles",
    "friendly": "Friendly Bundles, no stealing",
    "casita-robada": "Casita Robada, Spanish deck",
    "rubamazzo": "Rubamazzo, Italian deck",
    "rubamazzetto": "Rubamazzetto, Italian deck, no stealing",
    "rubamazzo-15": "Rubamazzo 15, sums to fifteen",
}
"""Each variant's name, a catalog msgid: the game's menu and the controller's opening line say it."""

OPTION_SPECS: Final = (
    OptionSpec("players", 2, whole_number(2, 4), "a whole number from 2 to 4"),
    OptionSpec("deck", "french52", choice("french52", "italian40", "spanish40"), "french52, italian40 or spanish40"),
    OptionSpec("hand", 4, whole_number(1, 12), "a whole number from 1 to 12"),
    OptionSpec("direction", "clockwise", choice("clockwise", "counter-clockwise"), "clockwise or counter-clockwise"),
    OptionSpec("stealing", True, flag, "true or false"),
    OptionSpec("last_capture_bonus", False, flag, "true or false"),
    OptionSpec("tiebreak", True, flag, "true or false"),
    OptionSpec("double_bundles", False, flag, "true or false"),
    OptionSpec("wild_jacks", False, flag, "true or false"),
    OptionSpec("sweep_bonus", False, flag, "true or false"),
    OptionSpec("sum15", False, flag, "true or false"),
    OptionSpec("scoring", "cards", choice("cards", "scopa"), "cards or scopa"),
    OptionSpec("match", "games", choice("games", "cards"), "games or cards"),
    OptionSpec("match_games", 1, one_of(1, 3, 5, 7), "1, 3, 5 or 7"),
    OptionSpec("target", 11, one_of(11, 15, 21), "11, 15 or 21"),
)

OFFERED_LEVELS: Final = ("easy", "medium", "hard")
"""The levels a player chooses from, weakest first (built in :mod:`levels` and :mod:`search`)."""

YARDSTICK_LEVELS: Final = ("taker",)
"""Levels for measuring only, never offered to players."""

BASIC_LEVELS: Final = ("random", "simple")
"""The levels ai.basic provides."""

LEVELS: Final = BASIC_LEVELS + OFFERED_LEVELS + YARDSTICK_LEVELS
"""Every level name :func:`make_player` knows once the ai package is imported."""

BUNDLES: Final = "bundles"

COMMANDS: Final = (
    # translators: the help line of each command; the key names come first, then this text
    command("play", ["enter", "space"], ["play", "go"], ["spielen", "legen", "los"], [BUNDLES],
            "play the selected card; between the games of a match, deal the next game"),
    command(
        "select",
        [str(d) for d in range(1, 10)],
        ["card", "select"],
        ["karte", "wählen"],
        [BUNDLES],
        "select the card in that position; the same digit again plays it",
        takes_number=True,
    ),
    command("next", ["right", "down"], ["next"], ["weiter", "nächste"], [BUNDLES], "next card in your hand"),
    command("previous", ["left", "up"], ["previous", "back"], ["vorige", "zurück"], [BUNDLES],
            "previous card in your hand"),
    command("hand", ["h"], ["hand"], ["hand"], [BUNDLES], "your hand; press again for counts by suit"),
    command("table", ["t"], ["table"], ["tisch"], [BUNDLES], "the cards on the table"),
    command("bundles", ["b"], ["bundles"], ["bündel", "stapel"], [BUNDLES], "every bundle, its top card and size"),
    command("scores", ["s"], ["scores", "score"], ["stand", "punkte"], [BUNDLES],
            "scores and card counts, and the match standing"),
)  # fmt: skip
