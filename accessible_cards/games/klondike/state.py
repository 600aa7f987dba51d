"""Klondike's state: seven columns, the stock and the waste, four foundations; undo and redo without limit.

Inside, cards are ints (``rules.py``), columns lists of ints with a count of
face-down cards at the bottom, and every rule is one of :class:`~.rules.Rules`'
checks. ``apply`` returns frozen events; ``apply_quiet`` is the same step
without them, for the solver and the random-play tests. Undo and redo are actions
of their own, so a save (the start plus every action) replays them exactly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from accessible_cards.cards import Card, deck
from accessible_cards.engine import Event, GameState, LegalActions, Result, further_seed
from accessible_cards.errors import IllegalActionError

from .actions import (
    DRAW,
    FOUNDATION,
    GIVE_UP,
    REDO,
    UNDO,
    WASTE,
    Action,
    Draw,
    GiveUp,
    Move,
    Redo,
    Undo,
    action_from_json,
    action_to_json,
)
from .rules import CARDS, COLUMNS, SUITS, KlondikeOptions, Rules, options_for
from .solver import WINNABLE, Solver
from .winnable import RENAMINGS, Pick, pick, renamed

GAME: Final = "klondike"
FRENCH: Final = deck("french52")
WINNABLE_STATES: Final = 10_000
"""``winnable_only`` without a list for the rules: the positions the solver may search in one deal before it
is skipped."""
WINNABLE_TRIES: Final = 200


def card_of(card: int) -> Card:
    return FRENCH.card(card)


# --- events --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Seven columns dealt, each top card face up (``face_up`` by column); the rest is the stock."""

    type: ClassVar[str] = "dealt"
    face_up: tuple[Card, ...]
    stock: int
    skipped: int = 0
    """With ``winnable_only`` and no list for the rules: how many deals before this one the search did not win."""
    searched: bool = False
    """With ``winnable_only``: True when the list of winnable deals lacks these rules (or cannot be read), so a
    short search found the deal (it leans to easy deals); False when the deal is one of the list's."""


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """``cards`` (bottom first) went from ``source`` to ``target``; ``onto`` the card they now lie on (None: none)."""

    type: ClassVar[str] = "moved"
    source: int
    target: int
    cards: tuple[Card, ...]
    onto: Card | None
    foundation: int
    """The cards on all foundations after the move."""


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """The top hidden card of ``column`` was turned face up."""

    type: ClassVar[str] = "turned_up"
    column: int
    card: Card


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``cards`` were turned onto the waste (the last is the top one); ``stock`` cards are left."""

    type: ClassVar[str] = "drew"
    cards: tuple[Card, ...]
    stock: int


@dataclass(frozen=True, slots=True)
class Redealt(Event):
    """The waste was turned over as the new stock: pass ``pass_number`` through it begins."""

    type: ClassVar[str] = "redealt"
    stock: int
    pass_number: int
    passes_left: int | None


@dataclass(frozen=True, slots=True)
class Undone(Event):
    """A step was taken back. ``what`` is move, draw or redeal; ``cards`` the moved cards still face up."""

    type: ClassVar[str] = "undone"
    what: str
    source: int
    target: int
    cards: tuple[Card, ...]
    hidden: int
    """How many cards went face down again (a turned-up card, drawn cards back into the stock)."""


@dataclass(frozen=True, slots=True)
class Redone(Event):
    """A step taken back is made again; its own events follow."""

    type: ClassVar[str] = "redone"


@dataclass(frozen=True, slots=True)
class ScoreChanged(Event):
    """Standard or Vegas scoring: the score is now ``score`` (``change`` this step)."""

    type: ClassVar[str] = "score"
    score: int
    change: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The end: ``reason`` won, stuck (no move can ever be made) or gave_up."""

    type: ClassVar[str] = "game_over"
    reason: str
    foundation: int
    moves: int
    score: int | None


# --- the view --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """One column as the player sees it: how many cards face down, then the face-up ones, bottom first."""

    down: int
    up: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class KlondikeView:
    """What the player may know: the face-up cards, the counts of the hidden ones, and what may be done."""

    seat: int
    variant: str
    options: KlondikeOptions
    columns: tuple[Column, ...]
    stock: int
    waste: tuple[Card, ...]
    """Every card on the waste, bottom first: all were turned face up; only the last plays."""
    foundations: tuple[int, ...]
    """How many cards each suit's foundation holds (spades, hearts, diamonds, clubs)."""
    foundation_tops: tuple[Card | None, ...]
    pass_number: int
    moves: int
    score: int | None
    can_undo: bool
    can_redo: bool
    legal: tuple[Action, ...]
    result: Result | None
    reason: str | None

    @property
    def on_foundations(self) -> int:
        return sum(self.foundations)

    @property
    def passes_left(self) -> int | None:
        """Passes still to come after this one (None: no limit)."""
        limit = self.options.passes
        return None if limit is None else max(limit - self.pass_number, 0)


Snapshot = tuple[Any, ...]


class KlondikeState(GameState[Action]):
    """One game of Klondike for one player."""

    game: ClassVar[str] = GAME

    def __init__(
        self,
        variant: str | None,
        options: KlondikeOptions,
        seed: int | None,
        columns: Sequence[Sequence[int]] | None = None,
        stock: Sequence[int] | None = None,
    ) -> None:
        self.players = 1
        self.seed = seed
        self._variant = variant or "braillespiel"
        self.options = options
        self.rules = Rules(options)
        self.given: tuple[list[list[int]], list[int]] | None = None
        """A scenario's deal: the columns (bottom first, the last card face up) and the stock (top first)."""
        if columns is not None:
            self.given = ([list(c) for c in columns], list(stock or ()))
        self.total = CARDS if self.given is None else sum(map(len, self.given[0])) + len(self.given[1])
        self.columns: list[list[int]] = [[] for _ in range(COLUMNS)]
        self.down: list[int] = [0] * COLUMNS
        self.stock: list[int] = []
        self.waste: list[int] = []
        self.found: list[int] = [0] * SUITS
        self.pass_number = 1
        self.score = 0
        self.started = False
        self.undo_stack: list[tuple[Snapshot, Action]] = []
        self.redo_stack: list[Action] = []
        self._result: Result | None = None
        self._reason: str | None = None
        self.skipped = 0
        self.searched = False
        self._pick: Pick | None = None
        self._picked = False
        """``winnable_only``: whether ``_pick`` (the listed deal, None: search) is chosen (it is saved)."""
        self._legacy = False
        """A save of before the list: ``winnable_only`` deals by the search, as that save was dealt."""

    # -- shape -----------------------------------------------------------------------

    @property
    def variant(self) -> str | None:
        return self._variant

    @property
    def deck_kind(self) -> str | None:
        return "french52"

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def moves(self) -> int:
        """The moves made (a draw is a move); undo takes one back, redo makes it again."""
        return len(self.undo_stack)

    def on_foundations(self) -> int:
        return sum(self.found)

    def to_move(self) -> int | None:
        return None if (self._result is not None or not self.started) else 0

    # -- the deal ---------------------------------------------------------------------

    def start(self) -> list[Event]:
        if self.started:
            raise IllegalActionError("error-already-dealt", "the cards are already dealt")
        self.started = True
        if self.given is not None:
            self.columns = [list(c) for c in self.given[0]]
            self.stock = list(reversed(self.given[1]))
        else:
            self._deal(self.seed)
            if self.options.winnable_only:
                self._deal_winnable()
        for column in range(COLUMNS):
            self.down[column] = max(len(self.columns[column]) - 1, 0)
        if self.options.scoring == "vegas":
            self.score = -52
        events: list[Event] = [
            Dealt(tuple(card_of(c[-1]) for c in self.columns if c), len(self.stock), self.skipped, self.searched),
        ]
        self._check_end(events)
        return events

    def _deal(self, seed: int | None) -> None:
        cards = list(range(CARDS))
        random.Random(seed).shuffle(cards)
        self.columns = [[] for _ in range(COLUMNS)]
        position = 0
        for row in range(COLUMNS):
            for column in range(row, COLUMNS):
                self.columns[column].append(cards[position])
                position += 1
        self.stock = list(reversed(cards[position:]))  # the stock's top is its last card
        self.down = [len(column) - 1 for column in self.columns]

    def _deal_winnable(self) -> None:
        """Deal a winnable deal, the same for the same seed on every machine (a save replays its deal).

        The game's seed picks one deal of the shipped list of deals proven winnable (``winnable.py``), each as
        likely, with one of the suit renamings that keep colours: a uniform choice among the winnable deals
        (less the few the list's budget left undecided), hard ones as often as easy ones. When the list lacks
        these rules, ``searched`` is set and ``_search_winnable`` deals instead.
        """
        chosen = self.winnable_pick()
        if chosen is None:
            self.searched = not self._legacy  # a save of before the list was always dealt so: nothing to say
            self.skipped = self._search_winnable()
            return
        self._deal(chosen.seed)
        self.columns = [renamed(column, chosen.renaming) for column in self.columns]
        self.stock = renamed(self.stock, chosen.renaming)

    def winnable_pick(self) -> Pick | None:
        """The listed deal and renaming ``winnable_only`` deals; None when it searches instead.

        Chosen once from the seed and saved with the game, so a save replays its deal even after the shipped
        list has grown; a save of before the list (none saved) searches, as it was dealt.
        """
        if not self._picked:
            self._picked = True
            self._pick = None if self._legacy else pick(self.options, self.seed)
        return self._pick

    def _search_winnable(self) -> int:
        """Deal again, from seeds drawn from the game's seed, until a short search wins a deal (the first that
        it wins: so it leans to deals won fast).

        The budget is in positions, not seconds, so the same seed deals the same cards on every
        machine. Returns how many deals were skipped.
        """
        draws = random.Random(self.seed)
        for skipped in range(WINNABLE_TRIES):
            self.started = True
            if Solver(self.rules, WINNABLE_STATES, prune=True).solve_best_first(self).verdict == WINNABLE:
                return skipped
            self._deal(further_seed(draws, self.seed))
        return WINNABLE_TRIES  # pragma: no cover - never met: most deals are winnable

    # -- legal actions ------------------------------------------------------------------

    def moves_now(self) -> list[Move]:
        """Every card move allowed now (no draw, undo, redo or giving up).

        The moves come source by source, each source's targets in column order; one empty column stands
        for all (they are alike), the first. The rules' fit and fill tables are looked up, not asked.
        """
        rules = self.rules
        found = self.found
        fit_rows = rules.fit_rows
        fills = rules.fill_cards
        moves: list[Move] = []
        columns = self.columns
        targets: list[tuple[int, tuple[bool, ...] | None]] = []  # (column, what fits onto its top; None: empty)
        empty_seen = False
        for dst in range(COLUMNS):
            target = columns[dst]
            if target:
                targets.append((dst, fit_rows[target[-1]]))
            elif not empty_seen:
                empty_seen = True
                targets.append((dst, None))
        for src in range(COLUMNS):
            column = columns[src]
            if not column:
                continue
            if rules.to_foundation(column[-1], found):
                moves.append(Move(src, FOUNDATION, 1))
            size = len(column)
            for k in range(self.down[src], size):
                card = column[k]
                for dst, fit in targets:
                    if dst == src:
                        continue
                    if fit is None:
                        if k > 0 and fills[card]:
                            moves.append(Move(src, dst, size - k))
                    elif fit[card]:
                        moves.append(Move(src, dst, size - k))
        if self.waste:
            card = self.waste[-1]
            if rules.to_foundation(card, found):
                moves.append(Move(WASTE, FOUNDATION, 1))
            moves += [Move(WASTE, dst, 1) for dst, fit in targets if (fills[card] if fit is None else fit[card])]
        if rules.from_foundation:
            for s in range(SUITS):
                if found[s]:
                    card = rules.foundation_top(s, found[s])
                    moves += [
                        Move(FOUNDATION + s, dst, 1)
                        for dst, fit in targets
                        if (fills[card] if fit is None else fit[card])
                    ]
        return moves

    def can_draw(self) -> bool:
        if self.stock:
            return True
        return bool(self.waste) and (self.options.passes is None or self.pass_number < self.options.passes)

    def legal_actions(self) -> LegalActions[Action]:
        if self._result is not None or not self.started:
            return LegalActions(())
        actions: list[Action] = list(self.moves_any_empty())
        if self.can_draw():
            actions.append(DRAW)
        if self.undo_stack:
            actions.append(UNDO)
        if self.redo_stack:
            actions.append(REDO)
        actions.append(GIVE_UP)
        return LegalActions(actions)

    def is_legal(self, action: Action) -> bool:
        if self._result is not None or not self.started:
            return False
        if isinstance(action, Move):
            return action in self.moves_any_empty()
        if isinstance(action, Draw):
            return self.can_draw()
        if isinstance(action, Undo):
            return bool(self.undo_stack)
        if isinstance(action, Redo):
            return bool(self.redo_stack)
        return isinstance(action, GiveUp)

    def moves_any_empty(self) -> list[Move]:
        """``moves_now`` with a move to every empty column, not only the first (a person may name any)."""
        moves = self.moves_now()
        empties = [i for i in range(COLUMNS) if not self.columns[i]]
        if len(empties) > 1:
            for move in list(moves):
                if move.target == empties[0]:
                    moves += [Move(move.source, other, move.count) for other in empties[1:] if other != move.source]
        return moves

    # -- applying -----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        if not self.is_legal(action):
            raise IllegalActionError("error-move-not-allowed", f"{action!r} is not allowed now", action=repr(action))
        events: list[Event] = []
        if isinstance(action, Undo):
            self._undo(events)
        elif isinstance(action, Redo):
            events.append(Redone())
            following = self.redo_stack.pop()
            kept = self.redo_stack
            self._step(following, events)
            self.redo_stack = kept
        elif isinstance(action, GiveUp):
            self._end("gave_up", events)
            return events
        else:
            self._step(action, events)
            self.redo_stack = []
        self._check_end(events)
        return events

    def apply_quiet(self, action: Move | Draw) -> None:
        """A card move or a draw without events, without the undo record: the solver's and the tests' path."""
        self._do(action, None)

    def _step(self, action: Action, events: list[Event]) -> None:
        self.undo_stack.append((self.snapshot(), action))
        self._do(action, events)

    def _do(self, action: Action, events: list[Event] | None) -> None:
        before = self.score
        if isinstance(action, Draw):
            if self.stock:
                n = min(self.rules.draw, len(self.stock))
                drawn = [self.stock.pop() for _ in range(n)]
                self.waste.extend(drawn)
                if events is not None:
                    events.append(Drew(tuple(card_of(c) for c in drawn), len(self.stock)))
            else:
                self.stock = list(reversed(self.waste))
                self.waste = []
                self.pass_number += 1
                if self.options.scoring == "standard":
                    self.score = max(self.score - (100 if self.rules.draw == 1 else 20), 0)
                if events is not None:
                    limit = self.options.passes
                    left = None if limit is None else limit - self.pass_number
                    events.append(Redealt(len(self.stock), self.pass_number, left))
        else:
            assert isinstance(action, Move)
            self._move(action, events)
        if events is not None and self.score != before:
            events.append(ScoreChanged(self.score, self.score - before))

    def _move(self, move: Move, events: list[Event] | None) -> None:
        rules = self.rules
        src, dst, count = move.source, move.target, move.count
        if src == WASTE:
            cards = [self.waste.pop()]
        elif src >= FOUNDATION:
            s = src - FOUNDATION
            cards = [rules.foundation_top(s, self.found[s])]
            self.found[s] -= 1
        else:
            column = self.columns[src]
            cards = column[len(column) - count :]
            del column[len(column) - count :]
        onto: int | None = None
        if dst == FOUNDATION:
            card = cards[0]
            if self.found[card % 4]:
                onto = rules.foundation_top(card % 4, self.found[card % 4])
            self.found[card % 4] += 1
        else:
            target = self.columns[dst]
            onto = target[-1] if target else None
            target.extend(cards)
        scoring = self.options.scoring
        if scoring == "standard":
            if dst == FOUNDATION:
                self.score += 10
            elif src == WASTE:
                self.score += 5
            elif src >= FOUNDATION:
                self.score = max(self.score - 15, 0)
        elif scoring == "vegas":
            if dst == FOUNDATION:
                self.score += 5
            elif src >= FOUNDATION:
                self.score -= 5
        if events is not None:
            events.append(
                Moved(
                    src,
                    dst,
                    tuple(card_of(c) for c in cards),
                    None if onto is None else card_of(onto),
                    sum(self.found),
                )
            )
        if src < COLUMNS:
            column = self.columns[src]
            if column and self.down[src] >= len(column):
                self.down[src] = len(column) - 1
                if scoring == "standard":
                    self.score += 5
                if events is not None:
                    events.append(TurnedUp(src, card_of(column[-1])))

    def _undo(self, events: list[Event]) -> None:
        snapshot, action = self.undo_stack.pop()
        hidden_before = sum(self.down) + len(self.stock)
        self.restore(snapshot)
        self.redo_stack.append(action)
        hidden = sum(self.down) + len(self.stock) - hidden_before
        if isinstance(action, Draw):
            what = "draw" if self.stock else "redeal"
            events.append(Undone(what, WASTE, WASTE, (), hidden if what == "draw" else 0))
            return
        assert isinstance(action, Move)
        if action.source == WASTE:
            cards: tuple[Card, ...] = (card_of(self.waste[-1]),)
        elif action.source >= FOUNDATION:
            s = action.source - FOUNDATION
            cards = (card_of(self.rules.foundation_top(s, self.found[s])),)
        else:
            column = self.columns[action.source]
            cards = tuple(card_of(c) for c in column[len(column) - action.count :])
        events.append(Undone("move", action.source, action.target, cards, hidden))

    # -- the end ----------------------------------------------------------------------------

    def _check_end(self, events: list[Event]) -> None:
        if sum(self.found) == self.total:
            self._end("won", events)
        elif self.stuck():
            self._end("stuck", events)

    def stuck(self) -> bool:
        """True when no card can ever move again: no move now, and none after any number of draws."""
        if self.moves_now():
            return False
        if not self.can_draw():
            return True
        probe = self.clone()
        # Drawing changes nothing but the waste: two whole passes show every card it can ever offer.
        limit = 2 * (len(self.stock) + len(self.waste) + 2)
        for _ in range(limit):
            if not probe.can_draw():
                return True
            probe._do(DRAW, None)
            if probe.waste and probe._waste_plays():
                return False
        return True

    def _waste_plays(self) -> bool:
        card = self.waste[-1]
        rules = self.rules
        if rules.to_foundation(card, self.found):
            return True
        for column in self.columns:
            if (column and rules.fits(card, column[-1])) or (not column and rules.fills_empty(card)):
                return True
        return False

    def _end(self, reason: str, events: list[Event]) -> None:
        self._reason = reason
        won = reason == "won"
        total = sum(self.found)
        self._result = Result((total,), (0,) if won else (), reason)
        score = None if self.options.scoring == "none" else self.score
        events.append(GameOver(reason, total, self.moves, score))

    # -- undo records ---------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        return (
            tuple(tuple(c) for c in self.columns),
            tuple(self.down),
            tuple(self.stock),
            tuple(self.waste),
            tuple(self.found),
            self.pass_number,
            self.score,
        )

    def restore(self, snapshot: Snapshot) -> None:
        columns, down, stock, waste, found, pass_number, score = snapshot
        self.columns = [list(c) for c in columns]
        self.down = list(down)
        self.stock = list(stock)
        self.waste = list(waste)
        self.found = list(found)
        self.pass_number = int(pass_number)
        self.score = int(score)

    # -- views ------------------------------------------------------------------------------

    def view(self, seat: int = 0) -> KlondikeView:
        rules = self.rules
        legal = tuple(self.legal_actions())
        return KlondikeView(
            seat,
            self._variant,
            self.options,
            tuple(
                Column(self.down[i], tuple(card_of(c) for c in col[self.down[i] :]))
                for i, col in enumerate(self.columns)
            ),
            len(self.stock),
            tuple(card_of(c) for c in self.waste),
            tuple(self.found),
            tuple(card_of(rules.foundation_top(s, n)) if n else None for s, n in enumerate(self.found)),
            self.pass_number,
            self.moves,
            None if self.options.scoring == "none" else self.score,
            bool(self.undo_stack),
            bool(self.redo_stack),
            legal,
            self._result,
            self._reason,
        )

    def hidden_cards(self) -> list[int]:
        """The cards the player cannot see: the stock and the face-down column cards."""
        hidden = list(self.stock)
        for i, column in enumerate(self.columns):
            hidden += column[: self.down[i]]
        return hidden

    def all_cards(self) -> list[int]:
        """Every card where it lies now (for the tests' count: each card exactly once)."""
        cards = [c for column in self.columns for c in column] + self.stock + self.waste
        for s, n in enumerate(self.found):
            cards += [self.rules.foundation_top(s, k) for k in range(1, n + 1)]
        return cards

    # -- copies and files -----------------------------------------------------------------------

    def clone(self) -> KlondikeState:
        other = KlondikeState.__new__(KlondikeState)
        other.players = 1
        other.seed = self.seed
        other._variant = self._variant
        other.options = self.options
        other.rules = self.rules
        other.given = self.given
        other.total = self.total
        other.columns = [list(c) for c in self.columns]
        other.down = list(self.down)
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.found = list(self.found)
        other.pass_number = self.pass_number
        other.score = self.score
        other.started = self.started
        other.undo_stack = list(self.undo_stack)
        other.redo_stack = list(self.redo_stack)
        other._result = self._result
        other._reason = self._reason
        other.skipped = self.skipped
        other.searched = self.searched
        other._pick = self._pick
        other._picked = self._picked
        other._legacy = self._legacy
        return other

    def to_json(self) -> dict[str, Any]:
        result = self._result
        data = {
            "game": GAME,
            "variant": self._variant,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "given": None if self.given is None else [self.given[0], self.given[1]],
            "started": self.started,
            "phase": "deal" if not self.started else ("over" if self._result is not None else "play"),
            "board": _snapshot_json(self.snapshot()),
            "undo": [[_snapshot_json(s), action_to_json(a)] for s, a in self.undo_stack],
            "redo": [action_to_json(a) for a in self.redo_stack],
            "result": None
            if result is None
            else {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason},
        }
        if self.options.winnable_only and self.given is None and not self._legacy:
            chosen = self.winnable_pick()
            data["winnable_deal"] = (
                None if chosen is None else {"seed": chosen.seed, "renaming": RENAMINGS.index(chosen.renaming)}
            )
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> KlondikeState:
        options = options_for(str(data["variant"]), data["options"])
        given = data.get("given")
        columns = None if given is None else [[int(c) for c in col] for col in given[0]]
        stock = None if given is None else [int(c) for c in given[1]]
        state = cls(str(data["variant"]), options, data["seed"], columns, stock)
        if options.winnable_only and given is None:
            state._picked = True
            if "winnable_deal" not in data:
                state._legacy = True
            elif data["winnable_deal"] is not None:
                chosen = data["winnable_deal"]
                listed, renaming = int(chosen["seed"]), int(chosen["renaming"])
                if listed < 0 or not 0 <= renaming < len(RENAMINGS):
                    raise ValueError(f"not a listed deal: {chosen!r}")
                state._pick = Pick(listed, RENAMINGS[renaming])
        state.started = bool(data["started"])
        state.restore(_snapshot_read(data["board"]))
        state.undo_stack = [(_snapshot_read(s), action_from_json(a, "undo")) for s, a in data["undo"]]
        state.redo_stack = [action_from_json(a, "redo") for a in data["redo"]]
        result = data["result"]
        if result is not None:
            state._result = Result(
                tuple(int(x) for x in result["scores"]), tuple(int(x) for x in result["winners"]), str(result["reason"])
            )
            state._reason = state._result.reason
        return state


def _snapshot_json(snapshot: Snapshot) -> list[Any]:
    columns, down, stock, waste, found, pass_number, score = snapshot
    return [[list(c) for c in columns], list(down), list(stock), list(waste), list(found), pass_number, score]


def _snapshot_read(data: Sequence[Any]) -> Snapshot:
    columns, down, stock, waste, found, pass_number, score = data
    return (
        tuple(tuple(int(x) for x in c) for c in columns),
        tuple(int(x) for x in down),
        tuple(int(x) for x in stock),
        tuple(int(x) for x in waste),
        tuple(int(x) for x in found),
        int(pass_number),
        int(score),
    )
