"""Klondike said aloud and on one braille line, in English or German, from the message catalogs.

Every announcement and every review is made from the events and the player's
view alone, so no face-down card can be named. Speech says whole sentences
("The seven of clubs from column 3 onto the eight of hearts in column 5.");
braille gets card codes, key fact first, in at most 40 cells: a column is
``3: 2v 9H 8S 7H`` (two face down), the waste ``W: 4D +5, S 12``, the
foundations ``F: KS AH -- --``. A column too long for 40 cells keeps its
first face-up card and as many of its top cards as fit, with ``…`` between.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from accessible_cards.cards import SUITS as FRENCH_SUITS
from accessible_cards.cards import Card, DeckKind
from accessible_cards.engine import Event
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import SeatNarrator
from accessible_cards.narration.card_names import RANK_IDS, SUIT_IDS, CardNames
from accessible_cards.utterance import BRAILLE_CELLS, Route, Utterance, estimated_cells, routes_over

from .actions import FOUNDATION, WASTE, Draw, Move
from .rules import COLUMNS, SUITS
from .state import Dealt, Drew, GameOver, KlondikeView, Moved, Redealt, Redone, ScoreChanged, TurnedUp, Undone

_B: Final = "braille"
ROUTE_COLUMN: Final = "route_column"
"""The command of a routing key over a column (number: the column, 1 to 7; text: the card's code, if over one)."""
ROUTE_WASTE: Final = "route_waste"
"""The command of a routing key over the waste."""
ROUTE_FOUNDATION: Final = "route_foundation"
"""The command of a routing key over the foundations."""
_IN: Final = "a card named inside a sentence"


def fit(line: str) -> str:
    """A braille line cut to the display's width (the key fact comes first, so the end may go)."""
    return line if len(line) <= BRAILLE_CELLS else line[: BRAILLE_CELLS - 1] + "…"


def cells(line: str) -> int:
    """About how many cells a Klondike braille line takes (``…`` is three cells in braille), a little more
    rather than less."""
    return estimated_cells(line) + 2 * line.count("…")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class KlondikeNarrator(SeatNarrator):
    """Says Klondike to its one player."""

    def __init__(self, lang: str = "en", verbosity: str = "normal", *, card_names: str = "full") -> None:
        self.catalog = Catalog(lang)
        self.lang = lang
        self._seat_names = [None]
        self.you = 0
        self._verbosity = "normal"
        self.verbosity = verbosity
        self.short_names = card_names == "short"
        self.cards = CardNames(self.catalog, DeckKind.FRENCH52)

    # -- pieces ----------------------------------------------------------------------------

    def card(self, card: Card) -> str:
        """A card's bare name: "seven of hearts" / "Herz Sieben", or its code with short card names."""
        return card.code if self.short_names else self.cards.name(card)

    def the(self, card: Card) -> str:
        """A card inside a sentence: "the seven of hearts" / "Herz Sieben"."""
        return self.catalog.text("the {card}", _IN, card=self.card(card))

    def run(self, cards: Sequence[Card]) -> str:
        """Moved cards: "the seven of clubs", "the seven of clubs with 2 cards on it"."""
        if len(cards) == 1:
            return self.the(cards[0])
        return self.catalog.plural(
            "the {card} with {n} card on it",
            "the {card} with {n} cards on it",
            len(cards) - 1,
            card=self.card(cards[0]),
        )

    def place(self, where: int) -> str:
        """Where a move starts: "from column 3", "from the waste", "from the foundation"."""
        c = self.catalog
        if where == WASTE:
            return c.text("from the waste")
        if where >= FOUNDATION:
            return c.text("from the foundation")
        return c.text("from column {number}", number=where + 1)

    def back_to(self, where: int) -> str:
        """Where an undone move's cards go back: "back to column 3", "back to the waste"."""
        c = self.catalog
        if where == WASTE:
            return c.text("back to the waste")
        if where >= FOUNDATION:
            return c.text("back to the foundation")
        return c.text("back to column {number}", number=where + 1)

    def empty_mark(self) -> str:
        """An empty place on a braille line (a column, the waste, a foundation): ``--``, in German ``-``.

        German braille writes ``--`` as a dash of four cells, which a board of empty columns cannot afford.
        """
        return self.catalog.text("--", "braille: an empty place")

    def mark(self, where: int) -> str:
        """A place on a braille line: 1-7, W (waste), F (foundation)."""
        if where == WASTE:
            return "W"
        if where >= FOUNDATION:
            return "F"
        return str(where + 1)

    # -- events -------------------------------------------------------------------------------

    def event(self, event: Event, view: KlondikeView) -> Utterance | None:
        c = self.catalog
        if isinstance(event, Dealt):
            speech = c.plural(
                "The cards are dealt: 7 columns, the top card of each face up; {n} card in the stock.",
                "The cards are dealt: 7 columns, the top card of each face up; {n} cards in the stock.",
                event.stock,
            )
            if event.skipped and self._verbosity != "brief":
                speech += " " + c.plural(
                    "A winnable deal: {n} deal before it was skipped.",
                    "A winnable deal: {n} deals before it were skipped.",
                    event.skipped,
                )
            if event.searched:
                speech += " " + c.text(
                    "There is no list of winnable deals for these rules: a short search found this deal, "
                    "so it is likely an easy one."
                )
            if self._verbosity != "brief":
                speech += " " + self.overview(view).speech
            board = self.overview(view)
            return Utterance(speech, board.braille, kind="dealt", routes=board.routes)
        if isinstance(event, Moved):
            return self._moved(event, view)
        if isinstance(event, TurnedUp):
            speech = c.text(
                "Column {number}: the {card} is turned up.", number=event.column + 1, card=self.card(event.card)
            )
            braille = fit(c.text("{number}: {card} up", _B, number=event.column + 1, card=event.card.code))
            routes = routes_over(braille, [(event.card.code, ROUTE_COLUMN, event.column + 1, event.card.code)],
                                 (ROUTE_COLUMN, event.column + 1, None))  # fmt: skip
            return Utterance(speech, braille, kind="turned_up", routes=routes)
        if isinstance(event, Drew):
            return self._drew(event, view)
        if isinstance(event, Redealt):
            speech = c.plural(
                "The waste is turned over: {n} card in the stock again, pass {number}.",
                "The waste is turned over: {n} cards in the stock again, pass {number}.",
                event.stock,
                number=event.pass_number,
            )
            if event.passes_left is not None:
                speech += " " + c.plural(
                    "{n} more pass after this one.", "{n} more passes after this one.", event.passes_left
                )
            braille = c.text("Redeal: stock {count}, pass {number}", _B, count=event.stock, number=event.pass_number)
            return Utterance(speech, fit(braille), kind="redealt")
        if isinstance(event, Undone):
            return self._undone(event)
        if isinstance(event, Redone):
            return Utterance(c.text("Redo:"), c.text("Redo:", _B), kind="redone")
        if isinstance(event, ScoreChanged):
            if self._verbosity != "full":
                return None
            said = c.text("Score: {score}.", score=event.score)
            return Utterance(said, c.text("Score {score}", _B, score=event.score), kind="score")
        if isinstance(event, GameOver):
            return self._game_over(event)
        return None

    def _moved(self, event: Moved, view: KlondikeView) -> Utterance:
        c = self.catalog
        cards = self.run(event.cards)
        source = self.place(event.source)
        if event.target == FOUNDATION:
            speech = c.text("{cards} {source} to the foundation.", cards=cards, source=source)
            if self._verbosity != "brief":
                speech += " " + c.plural(
                    "{n} card on the foundations.", "{n} cards on the foundations.", event.foundation
                )
        elif event.onto is None:
            speech = c.text(
                "{cards} {source} to the empty column {number}.",
                cards=cards,
                source=source,
                number=event.target + 1,
            )
        else:
            speech = c.text(
                "{cards} {source} onto the {onto} in column {number}.",
                cards=cards,
                source=source,
                onto=self.card(event.onto),
                number=event.target + 1,
            )
        first = event.cards[0].code + (f"+{len(event.cards) - 1}" if len(event.cards) > 1 else "")
        braille = f"{first} {self.mark(event.source)}>{self.mark(event.target)}"
        if event.onto is not None and event.target != FOUNDATION:
            braille += c.text(" on {card}", _B, card=event.onto.code)
        if event.target == FOUNDATION:
            braille += f" F{event.foundation}"
        return Utterance(_cap(speech), fit(braille), kind="moved")

    def _drew(self, event: Drew, view: KlondikeView) -> Utterance:
        c = self.catalog
        top = event.cards[-1]
        speech = c.plural(
            "Waste: the {card}; {n} card left in the stock.",
            "Waste: the {card}; {n} cards left in the stock.",
            event.stock,
            card=self.card(top),
        )
        if self._verbosity == "full" and len(event.cards) > 1:
            under = self._join([self.card(card) for card in reversed(event.cards[:-1])])
            speech += " " + c.text("Under it: {cards}.", cards=under)
        braille = fit(c.text("W: {card}, stock {count}", _B, card=top.code, count=event.stock))
        return Utterance(speech, braille, kind="drew", routes=routes_over(braille, [], (ROUTE_WASTE, None, None)))

    def _undone(self, event: Undone) -> Utterance:
        c = self.catalog
        if event.what == "draw":
            speech = c.plural(
                "Undone: the draw; {n} card goes back to the stock.",
                "Undone: the draw; {n} cards go back to the stock.",
                event.hidden,
            )
            return Utterance(speech, c.text("Undo: draw", _B), kind="undone")
        if event.what == "redeal":
            speech = c.text("Undone: the waste is back as it was, the stock empty.")
            return Utterance(speech, c.text("Undo: redeal", _B), kind="undone")
        cards = self.run(event.cards) if event.cards else ""
        speech = c.text("Undone: {cards} goes {place}.", cards=cards, place=self.back_to(event.source))
        if event.hidden:
            speech += " " + c.text("The card it turned up is face down again.")
        first = event.cards[0].code if event.cards else "?"
        braille = c.text("Undo: {card} >{place}", _B, card=first, place=self.mark(event.source))
        return Utterance(speech, fit(braille), kind="undone")

    def _game_over(self, event: GameOver) -> Utterance:
        c = self.catalog
        if event.reason == "won":
            speech = c.plural("You win in {n} move!", "You win in {n} moves!", event.moves)
            braille = c.text("Won: {count} moves", _B, count=event.moves)
        elif event.reason == "stuck":
            speech = c.plural(
                "No more moves: {n} card on the foundations.",
                "No more moves: {n} cards on the foundations.",
                event.foundation,
            )
            braille = c.text("No moves: F{count}", _B, count=event.foundation)
        else:
            speech = c.plural(
                "You stop with {n} card on the foundations.",
                "You stop with {n} cards on the foundations.",
                event.foundation,
            )
            braille = c.text("Stopped: F{count}", _B, count=event.foundation)
        if event.score is not None:
            speech += " " + c.text("Score: {score}.", score=event.score)
            braille += f" {event.score}"
        return Utterance(speech, fit(braille), urgent=True, kind="game_over")

    # -- review ---------------------------------------------------------------------------------

    def column(self, view: KlondikeView, index: int, selected: int | None = None) -> Utterance:
        """One column as one line: "Column 3: 2 face down, then the nine of hearts, eight of spades."

        ``selected``: how many cards from the top are selected (the first of them is named).
        """
        c = self.catalog
        col = view.columns[index]
        number = index + 1
        if not col.down and not col.up:
            speech = c.text("Column {number}: empty.", number=number)
            return Utterance(speech, c.text("{number}: empty", _B, number=number), kind="review.column")
        cards = self._join([self.card(card) for card in col.up])
        if col.down:
            speech = c.plural(
                "Column {number}: {n} face down, then {cards}.",
                "Column {number}: {n} face down, then {cards}.",
                col.down,
                number=number,
                cards=cards,
            )
        else:
            speech = c.text("Column {number}: {cards}.", number=number, cards=cards)
        if selected is not None:
            chosen = col.up[len(col.up) - selected]
            speech += " " + self.selected_line(chosen, selected)
        braille = self.column_braille(view, index)
        return Utterance(speech, braille, kind="review.column", routes=self.column_routes(view, index, braille))

    def column_at(self, view: KlondikeView, index: int) -> Utterance:
        """One column as the arrow keys read it, its number first: "3: 2 face down, then the nine of hearts."."""
        c = self.catalog
        col = view.columns[index]
        number = index + 1
        if not col.down and not col.up:
            # translators: Klondike: an arrow key reads an empty column; the number comes first
            speech = c.text("{number}: empty column.", number=number)
        elif col.down:
            speech = c.plural(
                # translators: Klondike: an arrow key reads a column, its number first, then as a column review
                "{number}: {n} face down, then {cards}.",
                "{number}: {n} face down, then {cards}.",
                col.down,
                number=number,
                cards=self._join([self.card(card) for card in col.up]),
            )
        else:
            # translators: Klondike: an arrow key reads a column without face-down cards, its number first
            speech = c.text("{number}: {cards}.", number=number, cards=self._join([self.card(card) for card in col.up]))
        braille = self.column_braille(view, index)
        return Utterance(speech, braille, kind="review.column", routes=self.column_routes(view, index, braille))

    def column_edge(self, index: int) -> str:
        """An arrow key past the first or the last column: said with the column's number first."""
        c = self.catalog
        if index <= 0:
            # translators: Klondike: Left or Up at the first column
            return c.text("{number} is the first column.", number=1)
        # translators: Klondike: Right or Down at the last column
        return c.text("{number} is the last column.", number=index + 1)

    def selected_line(self, card: Card, count: int) -> str:
        c = self.catalog
        if count == 1:
            return c.text("Selected: the {card}.", card=self.card(card))
        return c.plural(
            "Selected: the {card} with {n} card on it.",
            "Selected: the {card} with {n} cards on it.",
            count - 1,
            card=self.card(card),
        )

    def column_braille(self, view: KlondikeView, index: int) -> str:
        """``3: 2v 9H 8S 7H``: the column number, the face-down count, the face-up codes; at most 40 cells."""
        col = view.columns[index]
        head = f"{index + 1}:"
        if not col.down and not col.up:
            return self.catalog.text("{number}: empty", _B, number=index + 1)
        if col.down:
            head += f" {col.down}v"
        codes = [card.code for card in col.up]
        line = " ".join([head, *codes])
        if cells(line) <= BRAILLE_CELLS:
            return line
        keep = len(codes) - 1
        while keep > 1 and cells(" ".join([head, codes[0], "…", *codes[len(codes) - keep :]])) > BRAILLE_CELLS:
            keep -= 1
        return " ".join([head, codes[0], "…", *codes[len(codes) - keep :]])

    def waste(self, view: KlondikeView) -> Utterance:
        """The waste's top card (and how many under it) and the stock's count."""
        c = self.catalog
        stock = c.plural("{n} card in the stock", "{n} cards in the stock", view.stock)
        if not view.waste:
            speech = c.text("The waste is empty; {stock}.", stock=stock)
            braille = c.text("W: empty, stock {count}", _B, count=view.stock)
        else:
            top = view.waste[-1]
            under = len(view.waste) - 1
            speech = c.plural(
                "Waste: the {card} on top, {n} card under it; {stock}.",
                "Waste: the {card} on top, {n} cards under it; {stock}.",
                under,
                card=self.card(top),
                stock=stock,
            )
            if self._verbosity == "full" and under:
                next_cards = [self.card(card) for card in reversed(view.waste[-3:-1])]
                speech += " " + c.text("Under it: {cards}.", cards=self._join(next_cards))
            braille = c.text("W: {card} +{under}, stock {count}", _B, card=top.code, under=under, count=view.stock)
        if view.passes_left is not None:
            speech += " " + c.plural(
                "{n} more pass after this one.", "{n} more passes after this one.", view.passes_left
            )
        braille = fit(braille)
        return Utterance(
            speech, braille, kind="review.waste", routes=routes_over(braille, [], (ROUTE_WASTE, None, None))
        )

    def foundations(self, view: KlondikeView) -> Utterance:
        """Each suit's foundation by its top card, and how many cards are on them all."""
        c = self.catalog
        parts = []
        for s in range(SUITS):
            top = view.foundation_tops[s]
            suit = c.text(SUIT_IDS[FRENCH_SUITS[s]], "suit")
            if top is None:
                parts.append(c.text("{suit}: none", suit=suit))
            else:
                parts.append(c.plural("{suit}: up to the {card}, {n} card", "{suit}: up to the {card}, {n} cards",
                                      view.foundations[s], suit=suit, card=self.card(top)))  # fmt: skip
        speech = c.plural(
            "Foundations, {n} card: {parts}.", "Foundations, {n} cards: {parts}.", view.on_foundations,
            parts=self._join(parts),
        )  # fmt: skip
        codes = " ".join(top.code if top is not None else self.empty_mark() for top in view.foundation_tops)
        braille = fit(c.text("F{count}: {codes}", _B, count=view.on_foundations, codes=codes))
        routes = routes_over(braille, [], (ROUTE_FOUNDATION, None, None))
        return Utterance(speech, braille, kind="review.foundations", routes=routes)

    def overview(self, view: KlondikeView) -> Utterance:
        """The whole board in one line: each column's top card, the waste, the stock, the foundations."""
        c = self.catalog
        tops = []
        marks = []
        for i, col in enumerate(view.columns):
            if col.up:
                tops.append(
                    c.text("{number}: {card}", "column and its top card", number=i + 1, card=self.card(col.up[-1]))
                )
                marks.append(col.up[-1].code)
            else:
                tops.append(c.text("{number}: empty", "column and its top card", number=i + 1))
                marks.append(self.empty_mark())
        waste = self.card(view.waste[-1]) if view.waste else c.text("empty", "the waste")
        speech = c.plural(
            "Columns {tops}. Waste: {waste}; stock {stock}; {n} card on the foundations.",
            "Columns {tops}. Waste: {waste}; stock {stock}; {n} cards on the foundations.",
            view.on_foundations,
            tops=", ".join(tops),
            waste=waste,
            stock=view.stock,
        )
        if view.score is not None:
            speech += " " + c.text("Score: {score}.", score=view.score)
        wmark = view.waste[-1].code if view.waste else self.empty_mark()
        braille = fit(" ".join(marks) + f" W{wmark} S{view.stock} F{view.on_foundations}")
        tokens: list[tuple[str, str, int | None, str | None]] = [
            (mark, ROUTE_COLUMN, i + 1, mark if mark != self.empty_mark() else None) for i, mark in enumerate(marks)
        ]
        tokens += [(f"W{wmark}", ROUTE_WASTE, None, None), (f"F{view.on_foundations}", ROUTE_FOUNDATION, None, None)]
        return Utterance(speech, braille, kind="review.overview", routes=routes_over(braille, tokens))

    def column_routes(self, view: KlondikeView, index: int, braille: str) -> tuple[Route, ...]:
        """A column line's routing keys: each face-up card shown selects itself (and what lies on it); every
        other cell (the number, the face-down count, ``…``) is the column, as its key is."""
        shown = braille.split(" ")
        codes = [card.code for card in view.columns[index].up]
        head = 2 if view.columns[index].down else 1  # "3:" and "2v" come before the cards
        tokens = [(code, ROUTE_COLUMN, index + 1, code) for code in shown[head:] if code in codes]
        return routes_over(braille, tokens, (ROUTE_COLUMN, index + 1, None))

    def route_selected(self, view: KlondikeView, index: int, count: int) -> Utterance:
        """A card chosen by a routing key: "Column 3: the nine of hearts selected, 3 cards."

        Its braille line is ``3: 9H selected, 3 cards``."""
        c = self.catalog
        up = view.columns[index].up
        card = up[len(up) - count]
        speech = c.plural(
            "Column {number}: the {card} selected, {n} card.",
            "Column {number}: the {card} selected, {n} cards.",
            count,
            number=index + 1,
            card=self.card(card),
        )
        braille = fit(c.plural("{number}: {card} selected, {n} card", "{number}: {card} selected, {n} cards", count,
                               _B, number=index + 1, card=card.code))  # fmt: skip
        routes = routes_over(
            braille, [(card.code, ROUTE_COLUMN, index + 1, card.code)], (ROUTE_COLUMN, index + 1, None)
        )
        return Utterance(speech, braille, kind="review.column", routes=routes)

    def where(self, view: KlondikeView, card: Card) -> Utterance:
        """Where a card is: "column 5, face up, third from the top", on the waste, on a foundation, or not face up."""
        c = self.catalog
        name = self.card(card)
        for i, col in enumerate(view.columns):
            if card in col.up:
                depth = len(col.up) - col.up.index(card)
                if depth == 1:
                    speech = c.text("The {card}: column {number}, face up, on top.", card=name, number=i + 1)
                else:
                    speech = c.text(
                        "The {card}: column {number}, face up, number {depth} from the top.",
                        card=name,
                        number=i + 1,
                        depth=depth,
                    )
                braille = c.text("{card}: {number}, {depth} from top", _B, card=card.code, number=i + 1, depth=depth)
                return Utterance(speech, fit(braille), kind="review.where")
        if card in view.waste:
            depth = len(view.waste) - view.waste.index(card)
            if depth == 1:
                speech = c.text("The {card}: on top of the waste.", card=name)
            else:
                speech = c.plural(
                    "The {card}: in the waste, {n} card above it.",
                    "The {card}: in the waste, {n} cards above it.",
                    depth - 1,
                    card=name,
                )
            braille = c.text("{card}: W, {depth} from top", _B, card=card.code, depth=depth)
            return Utterance(speech, fit(braille), kind="review.where")
        assert card.suit is not None
        s = FRENCH_SUITS.index(card.suit)
        top = view.foundation_tops[s]
        if top is not None and self._on_foundation(view, card, s):
            speech = c.text("The {card}: on its foundation.", card=name)
            return Utterance(speech, fit(c.text("{card}: F", _B, card=card.code)), kind="review.where")
        speech = c.text("The {card}: not turned up yet.", card=name)
        return Utterance(speech, fit(c.text("{card}: not up yet", _B, card=card.code)), kind="review.where")

    @staticmethod
    def _on_foundation(view: KlondikeView, card: Card, s: int) -> bool:
        n = view.foundations[s]
        down = view.options.foundation == "ace_king_down"
        order = [1, *range(13, 1, -1)] if down else list(range(1, 14))
        return card.rank in order[:n]

    def review_all(self, view: KlondikeView) -> list[Utterance]:
        """Every review line: the seven columns, the waste, the foundations, the overview (for the tests)."""
        return [
            *(self.column(view, i) for i in range(COLUMNS)),
            self.waste(view),
            self.foundations(view),
            self.overview(view),
        ]

    # -- refusals and answers ----------------------------------------------------------------------

    def refusal(self, view: KlondikeView, move: Move) -> str:
        """Why ``move`` cannot be made: "The seven of clubs cannot go on the nine of hearts: it needs an eight."."""
        return self.refusal_utterance(view, move).speech

    def refusal_utterance(self, view: KlondikeView, move: Move) -> Utterance:
        """The reason said in full, and on braille in codes: ``JS not on 9S: needs 8/T``."""
        c = self.catalog
        from .rules import Rules

        def both(speech: str, braille: str | None = None) -> Utterance:
            return Utterance(speech, fit(braille) if braille is not None else speech, kind="refusal")

        rules = Rules(view.options)
        card = self._moved_card(view, move)
        if card is None:
            return both(c.text("There is no face-up card there to move."), c.text("No face-up card there", _B))
        if move.target == FOUNDATION:
            s = FRENCH_SUITS.index(card.suit) if card.suit else 0
            wanted = rules.foundation_rank(view.foundations[s])
            if view.foundations[s] >= 13:
                return both(c.text("That foundation is complete."))
            if move.source < COLUMNS and move.count > 1:
                return both(
                    c.text("Only a column's top card goes to a foundation."), c.text("Only a top card to F", _B)
                )
            return both(
                c.text(
                    "The {card} cannot go to the foundation yet: it needs the {rank} of {suit} first.",
                    card=self.card(card),
                    rank=c.text(RANK_IDS[wanted - 1], "rank"),
                    suit=c.text(SUIT_IDS[FRENCH_SUITS[s]], "suit"),
                ),
                c.text(
                    "{card} not to F: needs {needed} first",
                    _B,
                    card=card.code,
                    needed=Card(wanted, card.suit).code if card.suit else "?",
                ),
            )
        if move.source == move.target:
            return both(c.text("The cards are in that column already."))
        target = view.columns[move.target]
        if not target.up:
            if view.options.empty == "king":
                return both(
                    c.text(
                        "The {card} cannot go to the empty column {number}: only a king can.",
                        card=self.card(card),
                        number=move.target + 1,
                    ),
                    c.text("{card} not on {number}: a K only", _B, card=card.code, number=move.target + 1),
                )
            return both(c.text("That move changes nothing."))
        onto = target.up[-1]
        onto_id = (onto.rank - 1) * 4 + (FRENCH_SUITS.index(onto.suit) if onto.suit else 0)
        needed = rules.needs(onto_id)
        if not needed:
            return both(
                c.text(
                    "The {card} cannot go on the {onto}: nothing goes on it.",
                    card=self.card(card),
                    onto=self.card(onto),
                ),
                c.text("{card} not on {onto}: nothing fits", _B, card=card.code, onto=onto.code),
            )
        if view.options.build == "alternate" and card.rank in needed:
            return both(
                c.text(
                    "The {card} cannot go on the {onto}: it needs a card of the other colour.",
                    card=self.card(card),
                    onto=self.card(onto),
                ),
                c.text("{card} not on {onto}: other colour", _B, card=card.code, onto=onto.code),
            )
        codes = "/".join(Card(rank, onto.suit).code[:-1] for rank in needed)
        if view.options.build == "alternate":
            red_needed = onto.suit is not None and onto.suit.value in "SC"
            colour_rank = (_RED if red_needed else _BLACK)[needed[0] - 1]
            return both(
                c.text(
                    "The {card} cannot go on the {onto}: it needs {rank}.",
                    card=self.card(card),
                    onto=self.card(onto),
                    rank=c.text(colour_rank, "rank with colour and article"),
                ),
                c.text(
                    "{card} not on {onto}: needs a red {rank}"
                    if red_needed
                    else "{card} not on {onto}: needs a black {rank}",
                    _B,
                    card=card.code,
                    onto=onto.code,
                    rank=codes,
                ),
            )
        ranks = self._or([c.text(_RANK_ARTICLE[r - 1], "rank with article") for r in needed])
        return both(
            c.text(
                "The {card} cannot go on the {onto}: it needs {ranks}.",
                card=self.card(card),
                onto=self.card(onto),
                ranks=ranks,
            ),
            c.text("{card} not on {onto}: needs {ranks}", _B, card=card.code, onto=onto.code, ranks=codes),
        )

    def _or(self, items: Sequence[str]) -> str:
        return self._list(items, "{first} or {last}", "list of choices")

    @staticmethod
    def _moved_card(view: KlondikeView, move: Move) -> Card | None:
        if move.source == WASTE:
            return view.waste[-1] if view.waste else None
        if move.source >= FOUNDATION:
            return view.foundation_tops[move.source - FOUNDATION]
        col = view.columns[move.source]
        if move.count < 1 or move.count > len(col.up):
            return None
        return col.up[len(col.up) - move.count]

    def moves_available(self, view: KlondikeView, moves: int, after_draw: bool) -> Utterance:
        """The answer to "moves available?"."""
        c = self.catalog
        if moves:
            speech = c.plural("Yes: {n} move now.", "Yes: {n} moves now.", moves)
            braille = c.text("Moves: {count}", _B, count=moves)
        elif after_draw:
            speech = c.text("No card move now, but drawing from the stock can bring one.")
            braille = c.text("Moves: draw", _B)
        else:
            speech = c.text("No: no card can move now or after drawing.")
            braille = c.text("Moves: none", _B)
        return Utterance(speech, braille, kind="review.moves")

    def action_words(self, view: KlondikeView, action: Move | Draw) -> str:
        """A move in words, for a hint: "the seven of clubs from column 3 onto column 5", "draw"."""
        c = self.catalog
        if isinstance(action, Draw):
            return c.text("draw from the stock") if view.stock else c.text("turn the waste over")
        card = self._moved_card(view, action)
        cards = self.the(card) if card is not None else "?"
        if action.target == FOUNDATION:
            return c.text("{cards} {source} to the foundation", cards=cards, source=self.place(action.source))
        return c.text(
            "{cards} {source} to column {number}", cards=cards, source=self.place(action.source),
            number=action.target + 1,
        )  # fmt: skip


_RANK_ARTICLE: Final = (
    "an ace", "a two", "a three", "a four", "a five", "a six", "a seven", "an eight", "a nine", "a ten", "a jack",
    "a queen", "a king",
)  # fmt: skip
_RED: Final = tuple(f"a red {rank}" for rank in RANK_IDS)
_BLACK: Final = tuple(f"a black {rank}" for rank in RANK_IDS)
