"""The spoken tutorial's hand of Stealing Bundles: the cards, the steps, and what each step says.

The cards are fixed, so every step is known: hear the hand (H), select and
play a card that captures, play a card that steals, read the table (T), the
bundles (B) and the scores (S), repeat (R), browse the history (G), hear the
keys (?), play the last card, and leave. The tutorial screen walks through
:data:`STEPS`; :func:`lesson` and :func:`hint` give each step's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from accessible_cards.game import Tutorial, TutorialStep

Step = TutorialStep

YOUR_HAND = ("9D", "7H", "5S")
COMPUTER_HAND = ("9S", "4H", "KC")
TABLE = ("7C", "9H", "2D")
COMPUTER_PLAYS = ("9S", "4H", "KC")
"""Your seven takes the table's seven; the computer's nine takes the table's nine; your nine steals its bundle."""


STEPS = (
    Step("begin"),
    Step("hand", review=True),
    Step("capture", 2),
    Step("steal", 1),
    Step("table", review=True),
    Step("bundles", review=True),
    Step("scores", review=True),
    Step("repeat"),
    Step("history", review=True),
    Step("help"),
    Step("trail", 1),
    Step("leave"),
)


SCENARIO: Final[dict[str, Any]] = {
    "game": "bundles",
    "variant": "standard",
    "players": 2,
    "dealer": 1,
    "seed": 0,
    "hands": [list(YOUR_HAND), list(COMPUTER_HAND)],
    "table": list(TABLE),
    "stock": [],
    "moves": [{"card": card} for pair in zip(("7H", "9D", "5S"), COMPUTER_PLAYS) for card in pair],
}
"""The hand as a scenario: you lead; the computer's cards are its scripted moves."""

OFFER: Final = "Welcome. Would you like a short tutorial first? It teaches the keys with one hand of Stealing Bundles."


def hint(t: Callable[..., str], name: str, selected: bool) -> str:
    """What to press now, as a short sentence."""
    hints: dict[str, Callable[[], str]] = {
        "begin": lambda: t("Press Enter to begin."),
        "hand": lambda: t("Press H to hear your hand."),
        "capture": lambda: (
            t("Press Enter, or 2 again, to play the seven.") if selected else t("Press 2 to select your seven.")
        ),
        "steal": lambda: (
            t("Press Enter, or 1 again, to play the nine.") if selected else t("Press 1 to select your nine.")
        ),
        "table": lambda: t("Press T to hear the table."),
        "bundles": lambda: t("Press B to hear the bundles."),
        "scores": lambda: t("Press S to hear the scores."),
        "repeat": lambda: t("Press R to repeat."),
        "history": lambda: t("Press G to open the history."),
        "help": lambda: t("Press the question mark to hear the keys."),
        "trail": lambda: (
            t("Press Enter, or 1 again, to play the five.") if selected else t("Press 1 to select your five.")
        ),
        "leave": lambda: t("Press Escape to finish the tutorial."),
    }
    return hints[name]()


def lesson(t: Callable[..., str], name: str) -> str:
    """What the step teaches, said before its hint."""
    texts: dict[str, Callable[[], str]] = {
        "begin": lambda: t(
            "Tutorial. You play one short hand of Stealing Bundles against the computer and learn the keys "
            "on the way. Each step waits for its key. Escape leaves the tutorial at any moment."
        ),
        "hand": lambda: t("Your cards are numbered from the left, 1 to 3."),
        "capture": lambda: t(
            "A card that matches the rank of a table card captures it. The table holds a seven, and your "
            "second card is a seven. First select it, then play it."
        ),
        "steal": lambda: t(
            "Your seven took the table's seven; both are your bundle now, your seven on top. The computer took "
            "the table's nine, so its bundle shows a nine. A card that matches the top of another player's "
            "bundle steals the whole bundle, and your first card is a nine."
        ),
        "table": lambda: t(
            "You stole the computer's bundle: every card of it is yours. Before your last card, look around."
        ),
        "bundles": lambda: t("B says every bundle: its top card and how many cards it holds."),
        "scores": lambda: t("S says how many cards each player has taken, and what is left to play."),
        "repeat": lambda: t("R repeats the last thing said, such as this sentence."),
        "history": lambda: t(
            "G opens the history: every announcement of the game, newest last. Up and Down move through it; "
            "Escape brings you back."
        ),
        "help": lambda: t("The question mark says the keys for the moment you are in, wherever you are."),
        "trail": lambda: t(
            "Your last card is a five. No table card and no bundle shows a five, so it stays on the table: "
            "that is a trail."
        ),
        "leave": lambda: t(
            "That is the end of the hand and of the tutorial. In a game, Escape opens the game menu, with the "
            "rules, the settings and the way back to the main menu; Q quits the program after asking you."
        ),
    }
    return texts[name]()


TUTORIAL: Final = Tutorial(SCENARIO, STEPS, lesson, hint, OFFER)
