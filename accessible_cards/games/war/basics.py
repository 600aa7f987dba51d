"""What the registry knows of War before a game starts: its options, its key phases and its commands.

Nothing here loads the rules engine, the narrator or the controller: the command line's help and the
first menu read these alone.
"""

from __future__ import annotations

from typing import Final

from accessible_cards.engine import OptionSpec, choice, whole_number
from accessible_cards.keys import command

OPTION_SPECS: Final = (
    OptionSpec("face_down", 3, whole_number(0, 10), "a whole number from 0 to 10"),
    OptionSpec("short", "lose", choice("lose", "last_card_up"), "lose or last_card_up"),
    OptionSpec(
        "pickup", "shuffle", choice("shuffle", "winner_first", "seat_order"), "shuffle, winner_first or seat_order"
    ),
    OptionSpec("max_rounds", None, whole_number(1, none_word="none"), "a whole number from 1 up, or none"),
    OptionSpec("deck", "french52", choice("french52", "numbers"), "french52 or numbers"),
)

WAR: Final = "war"
QUIZ: Final = "quiz"

COMMANDS: Final = (
    # translators: the help line of each command; the key names come first, then this text
    command("play", ["enter", "space"], ["play", "go", "turn"], ["spielen", "los", "aufdecken"], [WAR],
            "turn up the next card"),
    command("pile", ["h"], ["pile", "hand"], ["stapel", "hand"], [WAR], "how many cards your pile holds"),
    command("table", ["t"], ["table"], ["tisch"], [WAR], "the cards on the table"),
    command("scores", ["s"], ["scores", "score"], ["stand", "punkte"], [WAR], "scores and card counts"),
    command(
        "answer",
        [str(d) for d in range(10)],
        ["answer"],
        ["antwort"],
        [QUIZ],
        "the number of the player with the higher card, 0 if they are equal",
        takes_number=True,
    ),
)  # fmt: skip
