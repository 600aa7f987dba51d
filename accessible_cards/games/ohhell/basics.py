"""What the registry knows of Stiche-Raten before a game starts: players, options, levels, key phases, commands.

Nothing here loads the rules engine, the narrator, the computer players or the controller: the command
line's help and the first menu read these alone.
"""

from __future__ import annotations

from typing import Final

from accessible_cards.engine import OptionSpec, choice, flag, whole_number
from accessible_cards.keys import command

PACKS: Final = ("french52", "skat64")
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6

BID: Final = 100
"""``BID + n`` is the action "bid n tricks"."""
TRUMP: Final = 200
"""``TRUMP + i`` is the action "trump is SUITS[i]" (a turned-up grab card lets the first player choose)."""

OPTION_SPECS: Final = (
    OptionSpec("pack", "french52", choice(*PACKS), "french52 or skat64"),
    OptionSpec("grab_and_pass", False, flag, "yes or no"),
    OptionSpec("up_and_down", False, flag, "yes or no"),
    OptionSpec("max_cards", None, whole_number(1, 21, none_word="all"), "a number of cards from 1 to 21, or all"),
)

LEVELS: Final = ("easy", "medium", "hard", "simple", "random")
OFFERED_LEVELS: Final = ("easy", "medium", "hard")

PLAYING: Final = "ohhell"
SHEET: Final = "ohhell-sheet"

COMMANDS: Final = (
    # translators: the help line of each command; the key names come first, then this text
    command("play", ["enter", "space"], ["play", "go", "bid"], ["spielen", "legen", "ansage", "ansagen", "los"],
            [PLAYING], "play the chosen card, or make the chosen bid"),
    command("select", [str(d) for d in range(10)], ["card", "select"], ["karte", "wählen"], [PLAYING],
            "choose a bid, a card by its position, or a trump suit; the same digit again makes it",
            takes_number=True),
    command("next", ["right", "down"], ["next"], ["weiter", "nächste"], [PLAYING], "next card in your hand"),
    command("previous", ["left", "up"], ["previous", "back"], ["vorige", "zurück"], [PLAYING],
            "previous card in your hand"),
    command("hand", ["h"], ["hand"], ["hand"], [PLAYING], "your hand by suit, and what you may play now"),
    command("trick", ["t"], ["trick"], ["stich"], [PLAYING], "the trick so far, with trump and the suit led"),
    command("trump", ["u"], ["trump"], ["trumpf"], [PLAYING], "trump and the suit to follow"),
    command("bids", ["b"], ["bids"], ["gebote"], [PLAYING], "each player's bid and tricks so far"),
    command("played", ["c"], ["played", "count"], ["gespielt", "zählen"], [PLAYING],
            "the cards played this round, by suit"),
    command("sheet", ["s"], ["sheet", "scores"], ["block", "punkte"], [PLAYING],
            "the totals, then the score sheet cell by cell"),
    command("sheet_up", ["up"], ["up"], ["hoch"], [SHEET], "the round before"),
    command("sheet_down", ["down"], ["down"], ["runter"], [SHEET], "the round after"),
    command("sheet_left", ["left"], ["left"], ["links"], [SHEET], "the column to the left"),
    command("sheet_right", ["right"], ["right"], ["rechts"], [SHEET], "the column to the right"),
    command("sheet_first", ["home"], ["first"], ["anfang"], [SHEET], "the first round"),
    command("sheet_last", ["end"], ["last"], ["schluss"], [SHEET], "the last round"),
    command("sheet_leave", ["escape", "s"], ["back", "leave"], ["zurück", "verlassen"], [SHEET],
            "back to the game"),
)  # fmt: skip
