"""High Card at the keyboard: Enter turns your card; T, S and H read the table, the points and your pile."""

from __future__ import annotations

from typing import Final

from accessible_cards.game import Controller, Controls
from accessible_cards.keys import Typed, command
from accessible_cards.utterance import Utterance

from .narrator import HighCardNarrator
from .state import HighCardView

PLAYING: Final = "highcard"
"""The one phase of High Card's keys."""

COMMANDS: Final = (
    # translators: the help line of each command; the key names come first, then this text
    command("play", ["enter", "space"], ["play", "turn"], ["spielen", "aufdecken"], [PLAYING], "turn your card"),
    command("table", ["t"], ["table"], ["tisch"], [PLAYING], "the cards turned this round"),
    command("scores", ["s"], ["scores", "points"], ["stand", "punkte"], [PLAYING], "the points so far"),
    command("pile", ["h"], ["pile"], ["stapel"], [PLAYING], "how many cards your pile still holds"),
)  # fmt: skip


class HighCardController(Controller):
    """One game of High Card at this keyboard."""

    narrator: HighCardNarrator

    def __init__(self, controls: Controls, narrator: HighCardNarrator) -> None:
        super().__init__(controls, narrator)
        self.phase = PLAYING

    def opening(self, players: int, seed: int | None, variant: str | None) -> str:
        if seed is None:  # not to be told now
            return self.controls.tn("High Card for {n} player.", "High Card for {n} players.", players)
        return self.controls.tn(
            "High Card for {n} player. Seed {seed}.", "High Card for {n} players. Seed {seed}.", players, seed=seed
        )

    def hint(self) -> str | None:
        return self.controls.t("Press Enter to turn your card. Press ? for the keys.")

    def turn_prompt(self) -> Utterance | None:
        return self.narrator.turn()

    def handle(self, typed: Typed) -> bool:
        c = self.controls
        view: HighCardView = c.view()
        if typed.name == "play":
            if view.result is not None:
                c.refuse(c.t("The game is over."))
            elif not view.legal_actions:
                c.refuse(c.t("Wait: it is not your turn to turn a card."))
            else:
                c.play(view.legal_actions[0])
        elif typed.name == "table":
            c.say(self.narrator.table(view))
        elif typed.name == "scores":
            c.say(self.narrator.scores(view))
        elif typed.name == "pile":
            c.say(self.narrator.pile(view))
        else:
            return False
        return True
