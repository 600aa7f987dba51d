"""Stealing Bundles at the keyboard: choose a card by position or with the arrows, play it, make its choices.

Computer seats act on their own after a pause, announcing their play like
anyone else. With several people at one keyboard, before each person's turn
the game says whose turn it is and waits for Enter, so it never reads one
person's hand while another is at the keyboard.
"""

from __future__ import annotations

import functools
import time
from typing import Any

from accessible_cards.games.bundles.ai import make_player, show_everyone
from accessible_cards.games.bundles.ai.basic import Player
from accessible_cards.games.bundles.narrator import BundlesNarrator
from accessible_cards.games.bundles.rules import BundlesAction, BundlesOptions, BundlesView, GameOver
from accessible_cards.games.bundles.state import BundlesState

from .. import saves
from ..engine import Event
from .app import App, GameRequest, new_seed
from .commands import BUNDLES, CHOICE, HANDOFF, Typed
from .game_screen import GameScreen, seat_names, you_seat
from .screens import Item, ListScreen


class BundlesScreen(GameScreen):
    """One game of Stealing Bundles or a member of its family."""

    phase = BUNDLES
    game = "bundles"

    def __init__(self, app: App, request: GameRequest) -> None:
        super().__init__(app, request)
        self.seed = new_seed(request)
        options = BundlesOptions.from_mapping(
            {"variant": request.variant, "players": request.players, **request.options}
        )
        self.options = options
        self.state = BundlesState(options, self.seed)
        self.names = seat_names(app, request.players, request.humans)
        self.humans = set(range(request.humans))
        level = app.settings.bundles_computer
        self.computers: dict[int, Player] = {
            seat: make_player(level, self.seed * 7 + seat) for seat in range(request.players) if seat not in self.humans
        }
        self.narrator = self._narrator()
        self.selected: int | None = None
        self.at_keyboard: int | None = None if len(self.humans) > 1 else 0
        self.announced_turn: tuple[int, int] | None = None
        self.handoff_to = 0
        self.hand_asked = False
        self.started = False

    def _narrator(self) -> BundlesNarrator:
        app = self.app
        return BundlesNarrator(
            app.lang,
            app.settings.verbosity,
            self.options.deck,
            self.names,
            app.settings.card_names,
            you=you_seat(self.request.humans),
            options=self.options,
        )

    # -- opening and automatic steps -------------------------------------------

    def enter(self) -> None:
        if self.started:
            return
        self.started = True
        app = self.app
        app.follow(deck=self.options.deck)
        app.say(
            app.tn(
                "{game} for {n} player. Seed {seed}.",
                "{game} for {n} players. Seed {seed}.",
                self.request.players,
                game=app.t(_variant_name(self.options.variant)),
                seed=self.seed,
            )
        )
        self.deal()

    def deal(self) -> None:
        """Deal the cards and save the game (its save starts from the state before the deal)."""
        level = self.app.settings.bundles_computer
        computers = [
            saves.Computer(
                seat, str(getattr(player, "level", level)), int(getattr(player, "seed", self.seed * 7 + seat))
            )
            for seat, player in sorted(self.computers.items())
        ]
        self.begin_saving(self.state, self.seed, self.names, computers, self.scripted())
        events = self.state.start()
        self.save_game(self.state)
        self._tell(events)

    def scripted(self) -> list[Any] | None:
        """A scenario's scripted moves, kept in the save (None: no script)."""
        return None

    def rebuild_narrator(self) -> None:
        self.narrator = self._narrator()

    def resume(self) -> None:
        self.rebuild_narrator()
        if self.phase == BUNDLES:
            self.app.say(self.app.t("Back in the game."))

    def _listener(self) -> int:
        """The seat whose view is read: the person at the keyboard."""
        if self.at_keyboard is not None:
            return self.at_keyboard
        return min(self.humans)

    def _view(self) -> BundlesView:
        return self.state.view(self._listener())

    def before_input(self) -> None:
        """Computer seats play; then the person to play is asked to the keyboard and told it is their turn."""
        state = self.state
        while state.result is None and self.app.running:
            turn = state.view(0).turn
            if turn is None or turn in self.humans:
                break
            pause = self.app.settings.computer_pause
            if pause > 0:
                time.sleep(pause)
            self.computer_move()
        if state.result is not None or self.phase != BUNDLES:
            return
        turn = state.view(0).turn
        if turn is None:
            return
        if len(self.humans) > 1 and self.at_keyboard != turn:
            self.at_keyboard = None
            self.phase = HANDOFF
            self.handoff_to = turn
            self.app.forget()
            self.app.say(self.narrator.handoff(turn))
            return
        key = (turn, len(self.history))
        if self.announced_turn != key:
            self.announced_turn = key
            self.selected = None
            self.app.say(self.narrator.turn(self._view()))

    def computer_move(self, saved: BundlesAction | None = None) -> None:
        """The computer seat to play chooses and plays; the move is saved.

        Replaying a save, the computer player still chooses (so it sees and draws
        exactly what it did), and the ``saved`` move is the one played.
        """
        state = self.state
        turn = state.view(0).turn
        assert turn is not None
        player = self.computers[turn]
        action = player.choose(state.view(turn), state.legal_actions())
        if saved is not None:
            action = saved
        self.last_play = []
        events = state.apply(action)
        self.moved(saves.Move(action, "computer"), state)  # saved before it is told
        self._tell(events)

    # -- announcing --------------------------------------------------------------

    def _tell(self, events: list[Event]) -> None:
        for event in events:
            self.announce(self.narrator.event(event, self._view()))
            if isinstance(event, GameOver):
                self._game_over()
        show_everyone(self.computers, self.state)  # after every play each computer sees its seat's view

    # -- keys -----------------------------------------------------------------------

    def waiting_for(self) -> str | None:
        if self.phase == HANDOFF:
            return self.app.t("Press Enter when {name} is at the keyboard.", name=self.names[self.handoff_to])
        return None

    def handle(self, typed: Typed) -> None:
        app = self.app
        name = typed.name
        if self.phase == HANDOFF:
            if name == "ready":
                self.at_keyboard = self.handoff_to
                self.phase = BUNDLES
                self.announced_turn = None
            else:
                super().handle(typed)
            return
        view = self._view()
        my_turn = self.state.result is None and view.turn == view.seat
        if name in ("select", "play_position"):
            self._select(view, typed.number, play=name == "play_position")
        elif name in ("next", "previous"):
            if not view.hand:
                app.refuse(app.t("Your hand is empty."))
                return
            step = 1 if name == "next" else -1
            start = self.selected if self.selected is not None else (-1 if step == 1 else len(view.hand))
            target = start + step
            if not 0 <= target < len(view.hand):
                app.refuse(app.t("End of your hand.") if step == 1 else app.t("Start of your hand."))
                return
            self.selected = target
            app.say(self.narrator.card_at(view, target))
        elif name == "play":
            if not my_turn:
                app.refuse(self._not_your_turn(view))
            elif self.selected is None:
                app.refuse(app.t("Choose a card first: its number, or Left and Right."))
            else:
                self._play(view, self.selected)
        elif name == "hand":
            app.say(self.narrator.hand(view, by_suit=self.hand_asked))
            self.hand_asked = not self.hand_asked
            return
        elif name == "table":
            app.say(self.narrator.table(view))
        elif name == "bundles":
            app.say(self.narrator.bundles(view))
        elif name == "scores":
            app.say(self.narrator.scores(view))
        else:
            super().handle(typed)
        self.hand_asked = False

    def _not_your_turn(self, view: BundlesView) -> str:
        if view.turn is None:
            return self.app.t("The game is over.")
        return self.app.t("It is {name}'s turn, not yours.", name=self.names[view.turn])

    def _select(self, view: BundlesView, number: int | None, play: bool) -> None:
        app = self.app
        if number is None or not 1 <= number <= len(view.hand):
            if not view.hand:
                app.refuse(app.t("Your hand is empty."))
            else:
                app.refuse(
                    app.tn(
                        "You have no card in position {position}. You hold {n} card.",
                        "You have no card in position {position}. You hold {n} cards.",
                        len(view.hand),
                        position=number or 0,
                    )
                )
            return
        index = number - 1
        if play or self.selected == index:
            if self.state.result is not None or view.turn != view.seat:
                app.refuse(self._not_your_turn(view))
                return
            self._play(view, index)
            return
        self.selected = index
        app.say(self.narrator.card_at(view, index))

    def _play(self, view: BundlesView, index: int) -> None:
        card = view.hand[index]
        card_id = self.state.deck.parse_many([card.code])[0]
        choices = [action for action in self.state.legal_actions() if action.card == card_id]
        if not choices:
            self.app.refuse(self.app.t("That card cannot be played now."))
            return
        if len(choices) == 1:
            self._apply(choices[0])
            return
        items = [
            Item(self.narrator.action(action, view), functools.partial(self._choose, action)) for action in choices
        ]
        self.app.push(
            ListScreen(
                self.app,
                self.app.t("The {card} can do more than one thing. Which?", card=self.narrator.card(card)),
                items,
                phase=CHOICE,
            )
        )

    def _choose(self, action: BundlesAction) -> None:
        self.app.pop()
        self._apply(action)

    def _apply(self, action: BundlesAction) -> None:
        self.selected = None
        self.last_play = []
        events = self.state.apply(action)
        self.moved(saves.Move(action, "person"), self.state)  # saved before it is told
        self._tell(events)

    def _game_over(self) -> None:
        self.what_next()


def _variant_name(variant: str) -> str:
    from .app import VARIANT_NAMES

    return VARIANT_NAMES.get(variant, variant)
