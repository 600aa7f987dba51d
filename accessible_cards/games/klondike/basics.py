"""What the registry knows of Klondike before a game starts: the race's presets and minutes, its commands.

Nothing here loads the rules engine, the narrator, the race, the solver or the controller: the command
line's help and the first menu read these (and the presets and options of :mod:`.rules`) alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from accessible_cards.keys import command

from .rules import BRAILLESPIEL, CLASSIC

RACE_MINUTES: Final = (3, 5, 10, 15, 20)
"""The time limits a race may have, in minutes each."""
DEFAULT_MINUTES: Final = 5
RACE_VARIANTS: Final[Mapping[str, str]] = {"race": BRAILLESPIEL, "classic_race": CLASSIC}
"""Each race preset and the rules it is played by."""

PLAYING: Final = "klondike"
_BOTH: Final = (PLAYING,)

COMMANDS: Final = (
    # translators: the help line of each command; the key names come first, then this text
    command("column", [str(d) for d in range(1, 8)], ["column"], ["reihe"], _BOTH,
            "a column: select its top card, or move the selected card there (Escape cancels)", takes_number=True),
    command("waste", ["w"], ["waste"], ["ablage"], _BOTH, "select the waste's top card"),
    command("foundation", ["f"], ["foundation", "foundations"], ["ziel", "zielstapel"], _BOTH,
            "move the selected card to its foundation; with nothing selected, read the foundations"),
    command("more", ["up"], ["more", "up"], ["mehr", "hoch"], _BOTH,
            "one more card of the selected column; with nothing selected, the column before"),
    command("fewer", ["down"], ["fewer", "down"], ["weniger", "runter"], _BOTH,
            "one card fewer; with nothing selected, the next column"),
    command("look_next", ["right"], ["look next"], ["nächste reihe"], _BOTH,
            "read the next column, without selecting it"),
    command("look_previous", ["left"], ["look back"], ["vorige reihe"], _BOTH,
            "read the column before, without selecting it"),
    command("draw", ["d", "enter"], ["draw", "stock"], ["ziehen"], _BOTH, "draw from the stock"),
    command("undo", ["u"], ["undo"], ["rückgängig", "zurück"], _BOTH, "undo the last move"),
    command("redo", ["e"], ["redo"], ["wiederherstellen"], _BOTH, "redo the move undone"),
    command("auto", ["a"], ["auto"], ["auto", "automatisch"], _BOTH,
            "move every card that can go to the foundations"),
    command("moves", ["m"], ["moves"], ["züge"], _BOTH, "whether a move is possible"),
    command("hint", ["h"], ["hint"], ["tipp"], _BOTH, "a hint for the next move"),
    command("stock", ["s"], ["waste and stock"], ["stapel"], _BOTH, "the waste and the stock"),
    command("board", ["o"], ["board", "overview"], ["überblick"], _BOTH, "the whole board in one line"),
    command("where", ["c"], ["where"], ["wo"], _BOTH, "where a card is: type where and the card, as in where 7H"),
    command("give_up", ["x"], ["give up"], ["aufgeben"], _BOTH, "give up this game"),
    command("time", ["t"], ["time", "clock"], ["zeit", "uhr"], _BOTH,
            "in a race: the time left and the other players' cards on the foundations"),
)  # fmt: skip
