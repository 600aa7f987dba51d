"""Klondike at the keyboard: select a card, then its target; or type the move; draw, undo, redo, review.

Two styles, both complete:

- keys: a column key (1 to 7) or W selects that column's top card or the waste's; Up and Down
  take one card more or fewer of the column; then a column key or F moves it there (Escape
  cancels the selection; with nothing selected it opens the game menu, as in every game);
- a typed line (in key input begin it with a colon): ``3 5``, ``w f``, ``7H 5``, ``where 7H``
  (``wo HerzSieben``).

D or Enter draws; U undoes and E redoes without limit; A moves every card that can go to the
foundations; M says whether a move is possible; H gives a hint; S, F (nothing selected) and O
read the waste and stock, the foundations and the whole board.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from accessible_cards.cards import Card
from accessible_cards.errors import CardParseError
from accessible_cards.game import Controller, Controls
from accessible_cards.keys import Typed
from accessible_cards.utterance import Utterance

from .actions import DRAW, FOUNDATION, GIVE_UP, REDO, UNDO, WASTE, Draw, Move
from .basics import COMMANDS as COMMANDS
from .basics import PLAYING as PLAYING
from .narrator import ROUTE_COLUMN, ROUTE_FOUNDATION, ROUTE_WASTE, KlondikeNarrator
from .rules import COLUMNS, KlondikeOptions
from .state import KlondikeView
from .winnable import listed_seeds

_SUITS: Final = {
    "s": "S", "spades": "S", "spade": "S", "pik": "S",
    "h": "H", "hearts": "H", "heart": "H", "herz": "H",
    "d": "D", "diamonds": "D", "diamond": "D", "karo": "D",
    "c": "C", "clubs": "C", "club": "C", "kreuz": "C",
}  # fmt: skip
_RANKS: Final = {
    "a": "A", "ace": "A", "ass": "A", "as": "A", "2": "2", "two": "2", "zwei": "2", "3": "3", "three": "3",
    "drei": "3", "4": "4", "four": "4", "vier": "4", "5": "5", "five": "5", "fünf": "5", "fuenf": "5",
    "6": "6", "six": "6", "sechs": "6", "7": "7", "seven": "7", "sieben": "7", "8": "8", "eight": "8",
    "acht": "8", "9": "9", "nine": "9", "neun": "9", "10": "T", "t": "T", "ten": "T", "zehn": "T",
    "j": "J", "jack": "J", "bube": "J", "q": "Q", "queen": "Q", "dame": "Q", "k": "K", "king": "K",
    "könig": "K", "koenig": "K",
}  # fmt: skip
_MOVE_LINE: Final = re.compile(r"^(\S+)\s+(?:(?:to|on|onto|nach|auf)\s+)?(\S+)$")


def parse_card(text: str) -> Card | None:
    """A card from a code (``7H``, ``10h``) or its name in English or German (``seven of hearts``, ``HerzSieben``)."""
    word = text.strip().lower().replace("-", " ")
    try:
        return Card.parse(word.replace(" ", ""))
    except CardParseError:
        pass
    word = re.sub(r"\s+", " ", word)
    english = re.fullmatch(r"(\w+) of (\w+)", word)
    if english and english.group(1) in _RANKS and english.group(2) in _SUITS:
        return Card.parse(_RANKS[english.group(1)] + _SUITS[english.group(2)])
    joined = word.replace(" ", "")
    for suit_word in ("kreuz", "pik", "herz", "karo"):
        if joined.startswith(suit_word) and joined[len(suit_word) :] in _RANKS:
            return Card.parse(_RANKS[joined[len(suit_word) :]] + _SUITS[suit_word])
    return None


def read_line(text: str, lang: str) -> Typed | None:
    """A typed move or question: ``3 5``, ``w f``, ``7H 5``, ``where 7H``; None when the line is none of these."""
    line = text.strip().lower()
    for word in ("where is", "where", "wo ist", "wo liegt", "wo"):
        if line.startswith(word + " "):
            return Typed("where", None, line[len(word) + 1 :].strip())
    match = _MOVE_LINE.match(line)
    if match is None:
        return None
    source, target = match.groups()
    if not _is_target(target):
        return None
    if source in ("w", *(str(n) for n in range(1, 8))) or parse_card(source) is not None:
        return Typed("move_text", None, f"{source} {target}")
    return None


def _is_target(word: str) -> bool:
    return word in ("f", *(str(n) for n in range(1, 8)))


def rules_line(c: Controls, title: str, o: KlondikeOptions) -> str:
    """The opening's sentence of the rules that change the play: how many cards a draw turns, the passes, and
    whether cards may come back from the foundations."""
    draw = c.tn("turn {n} card", "turn {n} cards", o.draw)
    passes = c.t("passes without limit") if o.passes is None else c.tn("{n} pass", "{n} passes", o.passes)
    words = {"title": title, "draw": draw, "passes": passes}
    if o.from_foundation:
        return c.t("{title}: {draw}, {passes}, cards may come back from the foundations.", **words)
    return c.t("{title}: {draw}, {passes}.", **words)


class KlondikeController(Controller):
    """One game of Klondike at this keyboard."""

    narrator: KlondikeNarrator

    def __init__(self, controls: Controls, narrator: KlondikeNarrator) -> None:
        super().__init__(controls, narrator)
        self.phase = PLAYING
        self.source: int | None = None
        self.count = 1
        self.looking: int | None = None
        """The column the arrow keys last read (they read, and select nothing)."""

    # -- the game's lines ------------------------------------------------------------------

    def opening(self, players: int, seed: int | None, variant: str | None) -> str | Utterance:
        c = self.controls
        view: KlondikeView = c.view()
        o = view.options
        title = c.t("Klondike, the classic game") if variant == "classic" else c.t("Klondike, the Braillespiel game")
        line = rules_line(c, title, o)
        if seed is not None:
            line += " " + c.t("Seed {seed}.", seed=seed)
        if not (o.winnable_only and listed_seeds(o) is None):
            return line
        # the deal is searched for: say why it takes a while, on the display too (the screen's title, then why)
        line += " " + c.t("Looking for a winnable deal; this can take a few seconds.")
        braille = c.tn("{game}: {n} player", "{game}: {n} players", players, game=title.split(",")[0].strip())
        if seed is not None:
            braille += "\n" + c.t("Seed {seed}", "braille", seed=seed)
        return Utterance(line, braille + "\n" + c.t("Looking for a winnable deal", "braille"))

    def hint(self) -> Utterance:
        c = self.controls
        said = c.t(
            "1 to 7 or W select a card, then 1 to 7 or F move it. D draws, U undoes, O reads the board. "
            "Press ? for all the keys."
        )
        return Utterance(said, c.t("1-7 or W, then 1-7 or F; ? keys", "braille"))

    # -- keys ------------------------------------------------------------------------------

    def handle(self, typed: Typed) -> bool:
        c = self.controls
        view: KlondikeView = c.view()
        name = typed.name
        own = {cmd.name for cmd in COMMANDS} | {"move_text", ROUTE_COLUMN, ROUTE_WASTE, ROUTE_FOUNDATION}
        reading = ("stock", "board", "foundation", "where", "time", ROUTE_FOUNDATION)
        if view.result is not None and name in own and name not in reading:
            c.refuse(c.t("The game is over."))
            return True
        handlers: dict[str, Callable[[KlondikeView, Typed], None]] = {
            "column": self._column,
            "waste": self._waste,
            "foundation": self._foundation,
            "more": lambda v, t: self._deeper(v, 1) if self.source is not None else self._look(v, -1),
            "fewer": lambda v, t: self._deeper(v, -1) if self.source is not None else self._look(v, 1),
            "look_next": lambda v, t: self._look(v, 1),
            "look_previous": lambda v, t: self._look(v, -1),
            "cancel": lambda v, t: self._cancel(True),
            "draw": lambda v, t: self._act(v, DRAW),
            "undo": lambda v, t: self._act(v, UNDO),
            "redo": lambda v, t: self._act(v, REDO),
            "auto": lambda v, t: self._auto(v, asked=True),
            "moves": self._moves,
            "hint": self._hint,
            "stock": lambda v, t: c.say(self.narrator.waste(v)),
            "board": lambda v, t: c.say(self.narrator.overview(v)),
            "where": self._where,
            "give_up": self._give_up,
            "move_text": self._move_text,
            ROUTE_COLUMN: self._route_column,
            ROUTE_WASTE: self._waste,
            ROUTE_FOUNDATION: self._foundation,
            "time": lambda v, t: c.refuse(c.t("This game has no clock; a race against the clock has one.")),
        }
        if name == "menu" and self.source is not None:
            name = "cancel"  # Escape with a card selected cancels the selection; else it opens the game menu
        handler = handlers.get(name)
        if handler is None:
            return False
        handler(view, typed)
        return True

    def _select(self, source: int, count: int) -> None:
        self.source = source
        self.count = count

    def _cancel(self, say: bool) -> None:
        was = self.source is not None
        self.source = None
        self.count = 1
        if say:
            c = self.controls
            if was:
                c.say(c.t("Selection cancelled."))
            else:
                c.refuse(c.t("Nothing is selected."))

    def _column(self, view: KlondikeView, typed: Typed) -> None:
        c = self.controls
        number = typed.number
        if number is None or not 1 <= number <= COLUMNS:
            c.refuse(c.t("The columns are 1 to 7."))
            return
        index = number - 1
        if self.source is None:
            col = view.columns[index]
            if not col.up:
                c.say(self.narrator.column(view, index))
                return
            self._select(index, 1)
            c.say(self.narrator.column(view, index, selected=1))
            return
        if self.source == index:
            self._cancel(False)
            c.say(c.t("Selection cancelled."))
            return
        self._try(view, Move(self.source, index, self.count))

    def _waste(self, view: KlondikeView, typed: Typed) -> None:
        c = self.controls
        if self.source is not None and self.source != WASTE:
            self._refuse(
                c.t("The waste takes no cards: choose a column 1 to 7 or F."),
                c.t("W takes no cards: 1-7 or F", "braille"),
            )
            return
        if self.source == WASTE:
            self._cancel(False)
            c.say(c.t("Selection cancelled."))
            return
        if not view.waste:
            c.refuse(self.narrator.waste(view).speech)
            return
        self._select(WASTE, 1)
        card = self.narrator.card(view.waste[-1])
        c.say(c.t("Waste: the {card} is selected.", card=card))

    def _foundation(self, view: KlondikeView, typed: Typed) -> None:
        if self.source is None:
            self.controls.say(self.narrator.foundations(view))
            return
        self._try(view, Move(self.source, FOUNDATION, self.count))

    def _look(self, view: KlondikeView, step: int) -> None:
        """Left and Right (and Up and Down, with nothing selected) walk the columns as the hand is walked elsewhere.

        The answer starts with the column's number, the one character a screen reader says after Left or Right.
        """
        c = self.controls
        start = self.looking if self.looking is not None else (-1 if step == 1 else COLUMNS)
        target = start + step
        if not 0 <= target < COLUMNS:
            self.looking = start
            c.refuse(self.narrator.column_edge(start))
            return
        self.looking = target
        c.say(self.narrator.column_at(view, target))

    def _deeper(self, view: KlondikeView, step: int) -> None:
        c = self.controls
        if self.source is None or self.source >= COLUMNS:
            self._refuse(
                c.t("Only a column's cards can be chosen with Up and Down."),
                c.t("Up/Down: column cards only", "braille"),
            )
            return
        up = view.columns[self.source].up
        wanted = self.count + step
        if wanted < 1:
            c.refuse(c.t("That is the top card already."))
            return
        if wanted > len(up):
            c.refuse(c.t("That is the deepest face-up card."))
            return
        self.count = wanted
        c.say(Utterance(self.narrator.selected_line(up[len(up) - wanted], wanted), up[len(up) - wanted].code))

    def _try(self, view: KlondikeView, move: Move) -> None:
        c = self.controls
        self._cancel(False)
        if move in view.legal:
            self._play(move)
            return
        c.refuse(self.narrator.refusal_utterance(view, move))

    def _act(self, view: KlondikeView, action: Draw | object) -> None:
        c = self.controls
        self._cancel(False)
        if action in view.legal:
            self._play(action)
        elif action is DRAW:
            said = c.t("The stock is empty, and the waste may not be turned over again.")
            self._refuse(said, c.t("Stock empty, no more passes", "braille"))
        elif action is UNDO:
            c.refuse(c.t("There is nothing to undo."))
        else:
            c.refuse(c.t("There is nothing to redo."))

    def _play(self, action: object) -> None:
        c = self.controls
        c.play(action)
        if not isinstance(action, type(UNDO)) and c.setting("auto_foundation"):
            self._auto(c.view(), asked=False)

    def _auto(self, view: KlondikeView, asked: bool) -> None:
        c = self.controls
        self._cancel(False)
        moved = 0
        while view.result is None:
            going = [a for a in view.legal if isinstance(a, Move) and a.target == FOUNDATION]
            if not going:
                break
            c.play(going[0])
            moved += 1
            view = c.view()
        if asked and not moved:
            self._refuse(c.t("No card can go to the foundations now."), c.t("None to F now", "braille"))

    def _moves(self, view: KlondikeView, typed: Typed) -> None:
        empty = {i for i, column in enumerate(view.columns) if not column.up and not column.down}
        moves = len({(a.source, a.count, -1 if a.target in empty else a.target) for a in view.legal
                     if isinstance(a, Move)})  # fmt: skip  # the empty columns are alike: one move to them all
        self.controls.say(self.narrator.moves_available(view, moves, DRAW in view.legal))

    def _hint(self, view: KlondikeView, typed: Typed) -> None:
        c = self.controls
        from .hint import hint

        action = hint(view, seed=int(c.setting("hint_seed") or 0))
        if action is None:
            c.say(c.t("No hint: no move helps now."))
            return
        c.say(c.t("Hint: {move}.", move=self.narrator.action_words(view, action)))

    def _where(self, view: KlondikeView, typed: Typed) -> None:
        c = self.controls
        if not typed.text:
            c.say(c.t("Type where and a card, as in where 7H; in key input begin with a colon: :where 7H."))
            return
        card = parse_card(typed.text)
        if card is None:
            said = c.t("{text} is not a card. Write it as 7H or as seven of hearts.", text=typed.text[:40])
            self._refuse(said, c.t("{text}: not a card", "braille", text=typed.text[:12]))
            return
        c.say(self.narrator.where(view, card))

    def _move_text(self, view: KlondikeView, typed: Typed) -> None:
        c = self.controls
        assert typed.text is not None
        source_word, target_word = typed.text.split()
        target = FOUNDATION if target_word == "f" else int(target_word) - 1
        self._cancel(False)
        if source_word == "w":
            self._try(view, Move(WASTE, target, 1))
            return
        if source_word.isdigit():
            source = int(source_word) - 1
            up = view.columns[source].up
            if not up:
                c.refuse(c.t("Column {number} has no face-up card.", number=source + 1))
                return
            if target == FOUNDATION:
                self._try(view, Move(source, target, 1))
                return
            counts = [a.count for a in view.legal if isinstance(a, Move) and a.source == source and a.target == target]
            if len(counts) == 1:
                self._play(Move(source, target, counts[0]))
            elif len(counts) > 1:
                options = [
                    (self.narrator.selected_line(up[len(up) - n], n), self._player(Move(source, target, n)))
                    for n in sorted(counts)
                ]
                c.choose(c.t("Which card goes to column {number}?", number=target + 1), options)
            else:
                self._try(view, Move(source, target, 1))
            return
        card = parse_card(source_word)
        assert card is not None
        for index, col in enumerate(view.columns):
            if card in col.up:
                self._try(view, Move(index, target, len(col.up) - col.up.index(card)))
                return
        if view.waste and view.waste[-1] == card:
            self._try(view, Move(WASTE, target, 1))
            return
        said = c.t("The {card} cannot be moved: it is not a face-up card on top of the waste or in a column.",
                   card=self.narrator.card(card))  # fmt: skip
        self._refuse(said, c.t("{card} not face up on top", "braille", card=card.code))

    def _route_column(self, view: KlondikeView, typed: Typed) -> None:
        """A routing key over a column's line: over a card, select it (and what lies on it); elsewhere on the
        line, the column's key. With a card selected, anywhere on another column's line moves it there."""
        c = self.controls
        number = typed.number
        if number is None or not 1 <= number <= COLUMNS:
            c.refuse(c.t("The columns are 1 to 7."))
            return
        index = number - 1
        up = view.columns[index].up
        card = parse_card(typed.text) if typed.text else None
        if self.source is not None and self.source != index:
            self._try(view, Move(self.source, index, self.count))
            return
        if card is None:
            self._column(view, Typed("column", number))
            return
        if card not in up:  # the line was read before the card moved
            name = self.narrator.card(card)
            said = c.t("The {card} is no longer face up in column {number}.", card=name, number=number)
            self._refuse(said, c.t("{card} not in {number} now", "braille", card=card.code, number=number))
            return
        count = len(up) - up.index(card)
        if self.source == index and self.count == count:
            self._cancel(False)
            c.say(c.t("Selection cancelled."))
            return
        self._select(index, count)
        c.say(self.narrator.route_selected(view, index, count))

    def _refuse(self, speech: str, braille: str) -> None:
        """A refusal said in full, with a braille line of its own that fits the display."""
        self.controls.refuse(Utterance(speech, braille, kind="refusal"))

    def _player(self, move: Move) -> Callable[[], None]:
        return lambda: self._play(move)

    def _give_up(self, view: KlondikeView, typed: Typed) -> None:
        c = self.controls
        self._cancel(False)
        c.choose(
            c.t("Give up this game?"),
            [(c.t("Yes, give up"), lambda: c.play(GIVE_UP)), (c.t("No, play on"), lambda: c.say(c.t("Play on.")))],
        )

    def waiting_for(self) -> str | None:
        if self.source is not None:
            return self.controls.t("A card is selected: choose a column 1 to 7 or F, or Escape to cancel.")
        return None
