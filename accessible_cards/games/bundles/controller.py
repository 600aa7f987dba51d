"""Stealing Bundles at the keyboard: choose a card by position or with the arrows, play it, make its choices.

Computer seats act on their own (the table plays them), announcing their play
like anyone else. With several people at one keyboard the game screen asks the
next person to the keyboard before it reads a hand.

In a match, the step that ends a game also deals the next one: the controller
says the end and the standing, then holds the new deal back until Enter, and
the table waits (``waiting_for``) so that no computer plays before it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from accessible_cards.cards import deck
from accessible_cards.engine import Event
from accessible_cards.game import Controller, Controls
from accessible_cards.keys import Typed
from accessible_cards.utterance import Utterance

from .basics import BUNDLES as BUNDLES
from .basics import COMMANDS as COMMANDS
from .basics import TITLES
from .narrator import BundlesNarrator
from .rules import BundlesAction, BundlesView, MatchGameOver


class BundlesController(Controller):
    """One game of Stealing Bundles or a member of its family."""

    narrator: BundlesNarrator

    def __init__(self, controls: Controls, narrator: BundlesNarrator) -> None:
        super().__init__(controls, narrator)
        self.phase = BUNDLES
        self.selected: int | None = None
        self.hand_asked = False
        self.held: list[Event] = []
        """The next game's deal in a match, told when the player presses Enter."""
        self.replaying = False

    def opening(self, players: int, seed: int | None, variant: str | None) -> str:
        c = self.controls
        title = TITLES.get(variant or "standard", TITLES["standard"])
        if seed is None:  # not to be told now
            return c.tn(
                "{game} for {n} player.",
                "{game} for {n} players.",
                players,
                game=c.t(title),
            )
        return c.tn(
            "{game} for {n} player. Seed {seed}.",
            "{game} for {n} players. Seed {seed}.",
            players,
            game=c.t(title),
            seed=seed,
        )

    def hint(self) -> str | None:
        """In a match: what kind of match it is; after a resume in a later game, the standing."""
        intro = self.narrator.match_intro()
        view: BundlesView = self.controls.view()
        if intro is None or view.match is None or not view.match.finished:
            return intro
        return self.narrator.standing(view.match).speech

    def tell(self, events: Sequence[Event]) -> bool:
        """Announce the events; in a match, hold back what follows a game's end until Enter."""
        view = self.controls.view()
        for index, event in enumerate(events):
            self.controls.announce(self.narrator.event(event, view))
            if isinstance(event, MatchGameOver) and event.dealer is not None and not self.replaying:
                self.held = list(events[index + 1 :])
                self.controls.say(self.controls.t("Press Enter for the next game."))
                return True
        return True

    def waiting_for(self) -> str | None:
        if self.held:
            return self.controls.t("Press Enter for the next game.")
        return None

    def _next_game(self) -> None:
        """Tell the next game's deal, held back since the last game ended."""
        held, self.held = self.held, []
        self.selected = None
        view = self.controls.view()
        for event in held:
            self.controls.announce(self.narrator.event(event, view))

    def begin_replay(self) -> None:
        self.replaying = True

    def end_replay(self) -> None:
        self.replaying = False

    def turn_prompt(self) -> Utterance | None:
        self.selected = None
        return self.narrator.turn(self.controls.view())

    def handoff(self, seat: int) -> Utterance | None:
        return self.narrator.handoff(seat)

    # -- keys -----------------------------------------------------------------------

    def handle(self, typed: Typed) -> bool:
        c = self.controls
        name = typed.name
        view: BundlesView = c.view()
        if self.held:
            if name == "play":
                self._next_game()
                return True
            if name in ("select", "play_position", "next", "previous", "hand", "table", "bundles"):
                c.refuse(c.t("Press Enter for the next game."))
                return True
        my_turn = view.result is None and view.turn == view.seat
        if name in ("select", "play_position"):
            self._select(view, typed.number, play=name == "play_position")
        elif name in ("next", "previous"):
            if not view.hand:
                c.refuse(c.t("Your hand is empty."))
                return True
            step = 1 if name == "next" else -1
            start = self.selected if self.selected is not None else (-1 if step == 1 else len(view.hand))
            target = start + step
            if not 0 <= target < len(view.hand):
                c.refuse(c.t("End of your hand.") if step == 1 else c.t("Start of your hand."))
                return True
            self.selected = target
            c.say(self.narrator.card_at(view, target))
        elif name == "play":
            if not my_turn:
                c.refuse(self._not_your_turn(view))
            elif self.selected is None:
                c.refuse(c.t("Choose a card first: its number, or Left and Right."))
            else:
                self._play(view, self.selected)
        elif name == "hand":
            c.say(self.narrator.hand(view, by_suit=self.hand_asked))
            self.hand_asked = not self.hand_asked
            return True
        elif name == "table":
            c.say(self.narrator.table(view))
        elif name == "bundles":
            c.say(self.narrator.bundles(view))
        elif name == "scores":
            if self.held and view.match is not None:  # between the games of a match: the match is what counts
                c.say(self.narrator.standing(view.match))
            else:
                c.say(self.narrator.scores(view))
                if view.match is not None:
                    c.say(self.narrator.standing(view.match))
        else:
            return False
        self.hand_asked = False
        return True

    def _not_your_turn(self, view: BundlesView) -> str:
        c = self.controls
        if view.turn is None:
            return c.t("The game is over.")
        return c.t("It is {name}'s turn, not yours.", name=c.names[view.turn])

    def _select(self, view: BundlesView, number: int | None, play: bool) -> None:
        c = self.controls
        if number is None or not 1 <= number <= len(view.hand):
            if not view.hand:
                c.refuse(c.t("Your hand is empty."))
            else:
                c.refuse(
                    c.tn(
                        "You have no card in position {position}. You hold {n} card.",
                        "You have no card in position {position}. You hold {n} cards.",
                        len(view.hand),
                        position=number or 0,
                    )
                )
            return
        index = number - 1
        if play or self.selected == index:
            if view.result is not None or view.turn != view.seat:
                c.refuse(self._not_your_turn(view))
                return
            self._play(view, index)
            return
        self.selected = index
        c.say(self.narrator.card_at(view, index))

    def _play(self, view: BundlesView, index: int) -> None:
        c = self.controls
        card = view.hand[index]
        choices = [action for action in c.legal_actions() if action.card == deck(view.deck).parse_many([card.code])[0]]
        if not choices:
            c.refuse(c.t("That card cannot be played now."))
            return
        if len(choices) == 1:
            self._apply(choices[0])
            return
        c.choose(
            c.t("The {card} can do more than one thing. Which?", card=self.narrator.card(card)),
            [(self.narrator.action(action, view), functools.partial(self._apply, action)) for action in choices],
            [c.t("{card}: which?", "braille", card=card.code)]
            + [self.narrator.action_braille(action, view) for action in choices],
        )

    def _apply(self, action: BundlesAction) -> None:
        self.selected = None
        self.controls.play(action)
