"""Stiche-Raten at the keyboard: bid with a digit, choose a card by position or with the arrows, review everything.

Digits choose: a bid while bidding (0 to 9), a suit when you choose trump (1 to 4), a card by its position in
your sorted hand while playing; the same digit again (or Enter) makes it. Typed words do the same:
``bid 2`` / ``ansage 2``, ``play 3``. H, T, U, B, C and S review the hand, the trick, trump, the bids, the cards
played this round and the score sheet; the sheet is read cell by cell with the arrows.
"""

from __future__ import annotations

from accessible_cards.cards import SUITS
from accessible_cards.errors import IllegalActionError
from accessible_cards.game import Controller, Controls
from accessible_cards.keys import Typed
from accessible_cards.utterance import Utterance

from .basics import COMMANDS as COMMANDS
from .basics import PLAYING as PLAYING
from .basics import SHEET as SHEET
from .narrator import OhHellNarrator
from .state import BID, TRUMP, OhHellView
from .text import ERRORS


class OhHellController(Controller):
    """One game of Stiche-Raten at this keyboard."""

    narrator: OhHellNarrator

    def __init__(self, controls: Controls, narrator: OhHellNarrator) -> None:
        super().__init__(controls, narrator)
        self.phase = PLAYING
        self.selected: int | None = None
        self.pending: int | None = None
        """A chosen bid or trump action, made by Enter or the same digit again."""
        self.row = 0
        self.column = 0

    def opening(self, players: int, seed: int | None, variant: str | None) -> str:
        c = self.controls
        if seed is None:
            return c.tn("Stiche-Raten for {n} player.", "Stiche-Raten for {n} players.", players)
        return c.tn(
            "Stiche-Raten for {n} player. Seed {seed}.", "Stiche-Raten for {n} players. Seed {seed}.", players,
            seed=seed,
        )  # fmt: skip

    def hint(self) -> Utterance | None:
        c = self.controls
        return Utterance(
            c.t("Digits bid and choose cards; H reads your hand, B the bids. Press ? for the keys."),
            c.t("H hand, B bids, ? all keys", "braille"),
        )

    def turn_prompt(self) -> Utterance | None:
        self.selected = None
        self.pending = None
        view: OhHellView = self.controls.view()
        return self.narrator.turn(view)

    def handoff(self, seat: int) -> Utterance | None:
        return self.narrator.handoff(seat)

    def waiting_for(self) -> str | None:
        if self.phase == SHEET:
            return self.controls.t("You are in the score sheet: Escape or S goes back to the game.")
        return None

    # -- keys -----------------------------------------------------------------------------------

    def handle(self, typed: Typed) -> bool:
        if self.phase == SHEET:
            return self._sheet(typed)
        c = self.controls
        view: OhHellView = c.view()
        name = typed.name
        if name in ("select", "play_position"):
            self._select(view, typed.number, now=name == "play_position")
        elif name == "play":
            self._confirm(view)
        elif name in ("next", "previous"):
            self._move(view, 1 if name == "next" else -1)
        elif name == "hand":
            c.say(self.narrator.hand(view))
        elif name == "trick":
            c.say(self.narrator.trick(view))
        elif name == "trump":
            c.say(self.narrator.trump(view))
        elif name == "bids":
            c.say(self.narrator.bids(view))
        elif name == "played":
            c.say(self.narrator.played(view))
        elif name == "sheet":
            self._open_sheet(view)
        else:
            return False
        return True

    def _my_turn(self, view: OhHellView) -> bool:
        return view.result is None and view.to_move == view.seat

    def _not_now(self, view: OhHellView) -> str:
        c = self.controls
        if view.result is not None or view.to_move is None:
            return c.t("The game is over.")
        return c.t("It is {name}'s turn, not yours.", name=c.names[view.to_move])

    def _refuse_error(self, error: IllegalActionError) -> None:
        wording = ERRORS.get(error.msg_id)
        c = self.controls
        c.refuse(wording(c.t, dict(error.params)) if wording else c.t("That cannot be done now."))

    def _select(self, view: OhHellView, number: int | None, *, now: bool) -> None:
        c = self.controls
        if number is None:
            c.refuse(c.t("Give a number."))
            return
        if view.phase == "bid" and self._my_turn(view):
            if number > view.cards:
                c.refuse(ERRORS["error-ohhell-bid-high"](c.t, {"bid": number, "tricks": view.cards}))
                return
            if number == view.forbidden:
                total = sum(b for b in view.bids if b is not None) + number
                c.refuse(ERRORS["error-ohhell-bid-total"](c.t, {"bid": number, "total": total}))
                return
            asked = Utterance(
                c.t("Bid {bid}? Press Enter or {bid} again.", bid=number),
                c.t("Bid {bid}? Enter or {bid}", "braille", bid=number),
            )
            self._choose(BID + number, now, asked)
            return
        if view.phase == "trump" and self._my_turn(view):
            if not 1 <= number <= 4:
                c.refuse(c.t("Choose trump with 1 to 4: 1 spades, 2 hearts, 3 diamonds, 4 clubs."))
                return
            suit = self.narrator.suit(SUITS[number - 1])
            asked = Utterance(
                c.t("{suit} as trump? Press Enter or {number} again.", suit=suit, number=number),
                c.t("Trump {suit}? Enter or {number}", "braille", suit=suit, number=number),
            )
            self._choose(TRUMP + number - 1, now, asked)
            return
        if not 1 <= number <= len(view.hand):
            if not view.hand:
                c.refuse(c.t("Your hand is empty."))
            else:
                c.refuse(c.tn("You have no card in position {position}. You hold {n} card.",
                              "You have no card in position {position}. You hold {n} cards.", len(view.hand),
                              position=number))  # fmt: skip
            return
        index = number - 1
        if now or self.selected == index:
            self._play(view, index)
            return
        self.selected = index
        c.say(self.narrator.card_at(view, index))

    def _choose(self, action: int, now: bool, question: Utterance) -> None:
        if now or self.pending == action:
            self._apply(action)
            return
        self.pending = action
        self.controls.say(question)

    def _confirm(self, view: OhHellView) -> None:
        c = self.controls
        if not self._my_turn(view):
            c.refuse(self._not_now(view))
        elif view.phase == "bid":
            if self.pending is None:
                c.refuse(c.t("Choose your bid first: a digit, 0 to {cards}.", cards=view.cards))
            else:
                self._apply(self.pending)
        elif view.phase == "trump":
            if self.pending is None:
                c.refuse(c.t("Choose trump with 1 to 4: 1 spades, 2 hearts, 3 diamonds, 4 clubs."))
            else:
                self._apply(self.pending)
        elif self.selected is None:
            c.refuse(c.t("Choose a card first: its number, or Left and Right."))
        else:
            self._play(view, self.selected)

    def _move(self, view: OhHellView, step: int) -> None:
        c = self.controls
        if not view.hand:
            c.refuse(c.t("Your hand is empty."))
            return
        start = self.selected if self.selected is not None else (-1 if step == 1 else len(view.hand))
        target = start + step
        if not 0 <= target < len(view.hand):
            c.refuse(c.t("End of your hand.") if step == 1 else c.t("Start of your hand."))
            return
        self.selected = target
        c.say(self.narrator.card_at(view, target))

    def _play(self, view: OhHellView, index: int) -> None:
        c = self.controls
        if not self._my_turn(view):
            c.refuse(self._not_now(view))
            return
        if view.phase != "play":
            c.refuse(ERRORS["error-ohhell-bid-now"](c.t, {}) if view.phase == "bid" else c.t("Choose trump first."))
            return
        card_id = view.hand_ids[index]
        if card_id not in view.legal:
            assert view.led is not None
            c.refuse(
                c.t("You must follow {suit}: the {card} is not {suit}.", suit=self.narrator.suit(view.led),
                    card=self.narrator.card(view.hand[index]))
                + " " + self.narrator._may_play(view)
            )  # fmt: skip
            return
        self._apply(card_id)

    def _apply(self, action: int) -> None:
        self.selected = None
        self.pending = None
        try:
            self.controls.play(action)
        except IllegalActionError as error:
            self._refuse_error(error)

    # -- the score sheet ----------------------------------------------------------------------------

    def _open_sheet(self, view: OhHellView) -> None:
        c = self.controls
        c.say(self.narrator.totals(view))
        if not view.sheet:
            return
        self.phase = SHEET
        self.row = len(view.sheet) - 1
        self.column = 0
        c.say(self.narrator.sheet_intro(view))
        c.say(self.narrator.sheet_cell(view, self.row, self.column))

    def _sheet(self, typed: Typed) -> bool:
        c = self.controls
        view: OhHellView = c.view()
        name = typed.name
        rows, columns = len(view.sheet), self.narrator.sheet_columns(view)
        if name == "sheet_leave":
            self.phase = PLAYING
            c.say(c.t("Back in the game."))
            return True
        moves = {"sheet_up": (-1, 0), "sheet_down": (1, 0), "sheet_left": (0, -1), "sheet_right": (0, 1)}
        if name in moves:
            dr, dc = moves[name]
            row, column = self.row + dr, self.column + dc
            if not 0 <= row < rows:
                c.refuse(c.t("First round of the sheet.") if dr < 0 else c.t("Last round of the sheet."))
                return True
            if not 0 <= column < columns:
                c.refuse(c.t("First column.") if dc < 0 else c.t("Last column."))
                return True
            self.row, self.column = row, column
            c.say(self.narrator.sheet_cell(view, row, column, headers=True))
            return True
        if name in ("sheet_first", "sheet_last"):
            self.row = 0 if name == "sheet_first" else rows - 1
            c.say(self.narrator.sheet_cell(view, self.row, self.column))
            return True
        return False

    def begin_replay(self) -> None:
        self.phase = PLAYING
