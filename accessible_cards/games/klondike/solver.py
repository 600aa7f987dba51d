"""Klondike's solver: a depth-first search over the quiet path (ints and bytes), with a budget.

It says ``winnable`` (with a line of play the engine replays to a win), ``not_winnable``
(a search whose every shortcut is proven below to lose no win ran out of positions before its
budget did), or ``undecided`` (the budget of positions or seconds ran out first). It sees every
card, so it is for dealing winnable deals and for statistics; the hint (``hint.py``) gives it
only deals made from what the player sees.

The position. A column is a ``bytes`` of card ids, bottom first, a face-down card as its id plus
``HIDDEN``; the stock and the waste are one sequence in drawing order with the waste's length
``pos``: drawing adds up to ``draw`` to ``pos``, turning the waste over sets it to 0. Every card
that some number of draws (and turns of the waste, as the pass limit allows) brings to the top of
the waste is one move: "draw until it is on top, then play it" (the K+ moves of the literature);
the line of play spells each such move out as draws and one waste move.

Positions already searched are not searched again. Two positions share a key when they have the
same future:

- The columns are compared as a set: which column holds what changes no rule. For the same reason
  a move to an empty column goes to the first one only.
- The foundations are not in the key: they are the cards that are neither in a column nor in the
  stock or waste.
- Without a pass limit the pass number is left out (it changes nothing), and so is the waste's
  length where it changes nothing that draws can reach. From length ``pos`` of a talon of ``n``
  cards, draws reach the lengths ``pos, pos + d, pos + 2d, ...`` and ``n`` in this pass, and after
  turning the waste over ``d, 2d, ...`` and ``n``. When ``pos`` is 0, ``n`` or a multiple of ``d``
  (always, when turning one), that set is the same as from 0. Two positions that differ only in
  ``pos`` and reach the same set have the same moves: a column move keeps ``pos`` on both sides,
  and a waste move to the same target gives the same position. So they are won or lost together.

Positions that differ by a renaming of the suits that keeps colours (``winnable.RENAMINGS``) are won or lost
together as well, but they do not share a key: a renaming renames the face-down cards and the stock too, so
one deal's search meets a position's renamed twin only when those cards happen to lie symmetric. Counted in
150,000 positions of each of four hard classic deals (draw 3 and draw 1), it met none
(``benchmarks/klondike_reductions.py``), so the seven more look-ups a position would cost would buy nothing.

Classic (colours alternate, foundations from the ace up, the ace low in the columns) has two
foundation rules; each is proven to keep a win wherever there was one. Let ``r`` be a card's rank
and ``X`` the cards that could ever rest on it in a column, directly or through others (the cards
of rank ``r - 1`` of the other colour, of ``r - 2`` of its colour, and so on down).

1. *A card goes to its foundation by itself* when it is next there and no card of ``X`` is still in
   play. Without cards back from the foundations that holds when both foundations of the other
   colour hold ``r - 1`` cards: those cards never come back, so no card can ever be laid on it, and
   a card no card will rest on is worth nothing in a column that its foundation does not give (it
   uncovers the same card either way; an emptied column only helps). Take any winning line, leave
   out every move of this card and send it up first: every other move stays allowed, as no card
   ever lay on it and it was only ever the top of the runs it moved in, and the line still wins.
   When cards may come back (``from_foundation``), the cards of ``X`` could come back onto it, so
   the rule asks that they all be on the foundations, and also every card that its own
   foundation's lower cards could hold, since with the card in a column those could come down: the
   other colour's foundations at ``r - 1`` and the other suit of its colour at ``r - 2``. In any
   winning line every move of those cards is then a trip down from a foundation and back; only
   cards of that same set can rest on them; leaving all those trips and the card's own moves out
   keeps every other move allowed (the cards left in the columns lie as before less the ones left
   out, which were always on top) and still wins. Aces and twos go up at once: nothing rests on an
   ace, and an ace laid on a two could as well have gone to its foundation, which is always free
   for it.
2. *A card never comes back from its foundation* (``from_foundation``) when the same condition
   holds for it: by the same argument, its trip down and back, and every trip that trip made
   possible, can be left out of any winning line, which then is shorter; so a shortest winning
   line never takes it down, and the search, which tries every other move, still finds a win. Nor
   does the search take down a card that the second form below sends up: it would go straight back,
   to the position the search came from.

Rule 1 has a second form: a card goes up by itself when both foundations of the other colour hold ``r - 2``
cards and the other suit of its colour holds ``r - 3``. Say the card ``c`` is red (for a black card swap the
colours). The cards that can still come to rest on it are the two black cards of rank ``r - 1``, each next on
its foundation, and on those only the red ``r - 2`` of the other suit, next on its foundation or already there;
nothing can rest on that one, as the black cards of rank ``r - 3`` are all up. Without cards back: take a
winning line, send ``c`` up first, and where the line lays one of those cards on it (or on one laid there), send
that card up instead, the upper one first; leave out their later moves. Foundations only grow, so each is still
next when it goes, and every other move stays allowed.

With cards back the form holds too, in two steps. First, take a shortest winning line: it never takes down a card of
rank ``r - 2`` or lower, nor a red ``r - 1``, from the foundations. While all of those are still up, each one on top
of its foundation meets rule 2's condition (the other colour at its rank less one, the other suit of its colour at
its rank less two), so by rule 2 the first of them the line took down would make it longer than needed. Along it the
black foundations stay at ``r - 2`` or more and the other red one at ``r - 3`` or more. Second, follow that line
from the position with ``c`` up, keeping the set ``V`` of cards that are up here and in play there, at first
``{c}``. Only the cards named above can be laid on a card of ``V``, so in the line the cards of ``V`` lie at the top
of their columns (or, for ``c``, in the stock) with only cards of ``V`` on them. A move of cards of ``V`` is left
out, and a run that carries some moves without them; a card the line lays on a card of ``V`` (with a card the line
lays on that, in one run) goes up instead, or stays up, and joins ``V``: a black ``r - 1`` whose foundation then
holds ``r - 2``, or the red ``r - 2`` whose foundation holds ``r - 3``, each next; a card of ``V`` the line sends up
leaves ``V``. Every other move finds the same cards: the columns are the line's less the cards of ``V`` on their
tops, and each foundation is the line's with at most a card of ``V`` above it, never under a card the line sends up
or takes down (a black ``r`` goes up only after its ``r - 1``, and so on). The followed line wins, and it has no
more moves that neither go to a foundation nor are parts of runs moved from twin to twin.

Turning one card with no pass limit (``talon_settles``), every card of the stock and the waste can be drawn to
the top of the waste at any time, whatever has left them: a card there that rule 1 sends up goes up by itself
from there too, by the same argument.

3. *A part of a run moves onto another column's card only to send the card it uncovers to its foundation*
   (``twins_swap``). In alternating colours a card may lie on two cards only, the two of one rank and colour
   (a card and its *twin*), and whatever may lie on one may lie on the other. A part of a run lies on a face-up
   card, so the only other card it may go onto is that card's twin: the move swaps what the two twins carry.
   Call two positions *alike* when they differ only in which of two face-up twins in the columns carries which
   pile (for any number of pairs). From alike positions a winning line of one is followed by the other with
   moves the search tries, and the results stay alike: a card or run laid on a twin is laid on whichever of the
   two is free there (as many are free in both); a run moved from its lowest face-up card keeps its first card,
   its place and what it turns up or empties; a part of a run moved onto a twin needs no move at all; and where
   the line sends a twin up (nothing may lie on it then), the other position first moves that twin's pile onto
   the free twin, a part of a run whose uncovered card then goes up, which the search tries, and sends it up.
   The followed line has no more moves that are not such swaps than the line it follows, and the proofs of rules
   1 and 2 and of the second form only leave moves out, bring a foundation move forward or send a card up
   instead of laying it on another, so counted that way the rules combine: from every winnable position the
   search reaches a win. The proof needs a card laid only on a higher
   card, so that a run never holds the twin of the card under it; a part of a run may still move to an empty
   column where a card that fills one can lie on another card (not in classic, where only kings fill them).

A position with every card face up and nothing left in the stock or waste is won in classic: the
lowest card left is then on top of its column (each column is a run going down) and is next on its
foundation; so on to the last.

Before any search, ``_doomed`` looks for a card that no line of play can bring to its foundation (a card
that can never leave the cards under it, such as a three of clubs on the two of clubs and on both red fours);
its docstring proves that such a deal is lost. It costs a few passes over the cards and decides at once deals that
the search would take hundreds of thousands of positions to exhaust. It runs once, not in every position: in
the same four searches it proved no position lost, while it costs more than searching the position does
(``benchmarks/klondike_reductions.py``).

The moves are tried best first: to a foundation, a move that turns a card up or empties a column,
a card from the waste, then the others (a part of a run, a card from a foundation).

The fast search (``prune``), for finding wins, moves a part of a run only to send the card it uncovers up in
every rule set (also to an empty column), and uses the first foundation rule in its forms without cards coming
back even when they may. Where that leaves out a move the full search tries, it may miss a win, so its "not
winnable" counts only where it leaves out nothing (``proves_losses``). In classic it would leave out moves only
with cards back, where the rules above already cut the search almost as much, so there ``solve`` runs its fast
searches (best first, and depth first in random orders) with the full search's rules, and each may say "not
winnable"; elsewhere it runs the fast search, then the search with every move. Trying the moves of each kind in a
random order (``shuffle``, seeded) changes only which wins are found first, never a verdict's soundness: a win is
a line of play, checked move by move.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from .actions import DRAW, FOUNDATION, WASTE, Draw, Move, action_to_json
from .rules import ACE_LOW, CARDS, COLUMNS, SUITS, UP_FROM_ACE, KlondikeOptions, Rules, rank

if TYPE_CHECKING:
    from .state import KlondikeState  # the state asks the solver for winnable deals: only its type here

WINNABLE: Final = "winnable"
NOT_WINNABLE: Final = "not_winnable"
UNDECIDED: Final = "undecided"

# A move of the search: (kind, a, b, count), kind 0 column->column/foundation, 1 talon position->target,
# 2 foundation suit->column. Targets: 0..6 a column, FOUNDATION (8) the card's foundation.


@dataclass
class Verdict:
    """What the solver found, how many positions it searched, how long it took, and the line of play."""

    verdict: str
    states: int
    seconds: float
    line: list[Move | Draw] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "states": self.states,
            "seconds": round(self.seconds, 4),
            "line": [action_to_json(a) for a in self.line],
        }


Step = tuple[int, int, int, int, int, int]
"""A move of the search: (kind, a, b, count, waste length, pass); kind 0 column a -> b, 1 the waste card at
length p -> b, 2 foundation suit a -> column b. b is a column or FOUNDATION."""
Node = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, tuple[int, ...], int]
"""A position: the columns (bottom first; a face-down card is its id plus HIDDEN), their face-down counts, the
stock and the waste in drawing order, the waste's length, the foundations' counts, the pass."""

HIDDEN: Final = 64
"""Added to a face-down card's id in a column, so that the key tells face-down cards from face-up ones."""
_ONE: Final = tuple(bytes((card,)) for card in range(CARDS))
_NONE: Final[tuple[Step, ...]] = ()


@cache
def _twins_swap(options: KlondikeOptions) -> bool:
    rules = Rules(options)
    fits = [frozenset(cards) for cards in rules.fit_cards]
    same = all(fits[a] == fits[b] or not fits[a] & fits[b] for a in range(CARDS) for b in range(a + 1, CARDS))
    down = all(rules.value[card] < rules.value[onto] for onto in range(CARDS) for card in fits[onto])
    return same and down


def twins_swap(rules: Rules) -> bool:
    """Whether ``rules`` let the search move part of a run onto a card only to send the card it uncovers up.

    That holds (the module's third proof) when two cards that some card may be laid on take exactly the same
    cards (a card's *twins*: in alternating colours, the other card of its rank and colour), and a card is
    laid only on a higher card, so that a run never holds a card its own first card may be laid on."""
    return _twins_swap(rules.options)


class Solver:
    """Searches one position; ``max_states`` and ``max_seconds`` bound it (None: no bound).

    ``prune`` (for finding wins fast; its "not winnable" counts only where ``proves_losses``): a part of a run
    moves only when the card it uncovers can go to its foundation, and classic treats a card as no longer
    needed in the columns by the foundation rules without cards coming back (even when they may).
    """

    def __init__(
        self, rules: Rules, max_states: int | None = 200_000, max_seconds: float | None = None, prune: bool = False
    ) -> None:
        self.rules = rules
        self.max_states = max_states
        self.max_seconds = max_seconds
        self.prune = prune
        self.shuffle: random.Random | None = None
        """When set: the moves of each kind are tried in this random order (a restart tries another)."""
        self.classic = rules.alternate and rules.options.foundation == UP_FROM_ACE and rules.options.order == ACE_LOW
        self.total = CARDS
        self.back = rules.from_foundation
        self.limited = rules.passes is not None
        self.draw = rules.draw
        self.need: tuple[int, ...] = tuple(
            (rank(card) - 1 if not rules.down else (0 if rank(card) == 1 else 14 - rank(card))) for card in range(CARDS)
        )
        """The cards its suit's foundation must hold for a card to go there next."""
        self.fills: tuple[bool, ...] = tuple(rules.fills_empty(card) for card in range(CARDS))
        self.fit_cards = rules.fit_cards
        self.talon_settles = self.classic and rules.draw == 1 and rules.passes is None
        """Turning one card with no pass limit, every card of the stock and the waste can be brought to the top
        of the waste at any time: one that no card in play can need goes to its foundation by itself too."""
        self.swaps = twins_swap(rules)
        """A part of a run moves onto another column's card only when the card it uncovers can go to its
        foundation at once (the module's third proof; only where that proof holds for the rules)."""
        self.tops: tuple[tuple[int, ...], ...] = tuple(
            (-1, *(rules.foundation_top(s, n) for n in range(1, 14))) for s in range(SUITS)
        )
        """The top card of suit s's foundation holding n cards: ``tops[s][n]``."""
        # Classic: the foundations whose counts free a card of all need in the columns (the module's proofs).
        # Without cards from the foundations: both of the other colour at its rank less one. With them: those,
        # and the other suit of its own colour at its rank less two. A two or an ace: none.
        back = rules.from_foundation and not prune
        self.low: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            ()
            if rank(card) <= 2
            else tuple(
                (s, rank(card) - 1 if (s in (1, 2)) != (card % 4 in (1, 2)) else rank(card) - 2)
                for s in range(SUITS)
                if s != card % 4 and (back or (s in (1, 2)) != (card % 4 in (1, 2)))
            )
            for card in range(CARDS)
        )
        """For each card: (suit, count) pairs; when every such foundation holds the count, no card in play can
        need this card in a column (it goes to its foundation by itself; it never needs to come back)."""
        self.low2: tuple[tuple[tuple[int, int], ...] | None, ...] = tuple(
            None
            if rank(card) <= 2
            else tuple(
                (s, rank(card) - 2 if (s in (1, 2)) != (card % 4 in (1, 2)) else rank(card) - 3)
                for s in range(SUITS)
                if s != card % 4
            )
            for card in range(CARDS)
        )
        """Classic: another set of (suit, count) pairs that, all held, let a card go to its foundation by itself
        (the module's first proof, its second form; with cards back from the foundations too)."""
        self._freeing = self._freeing_table()
        self._reach_cache: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}
        self.parents: tuple[tuple[int, ...], ...] = tuple(
            tuple(target for target in range(CARDS) if card in self.fit_cards[target]) for card in range(CARDS)
        )
        """The cards a card may be laid on in a column."""
        lies_and_fills = any(self.fills[card] and self.parents[card] for card in range(CARDS))
        self.runs_only_up = self.classic and not lies_and_fills
        """Classic, where no card that fills an empty column lies on another: when parts of runs move only to send
        the uncovered card up (``swaps``), a run whose cards all need more on their foundations than any
        foundation holds has no part to move."""
        self.proves_losses = not prune or (self.swaps and not rules.from_foundation and not lies_and_fills)
        """Whether its "not winnable" is sound: always, but for a fast search (``prune``) only where it leaves out
        no move the full search tries (no cards back from the foundations, parts of runs moved as in the full
        search, and no card that fills an empty column ever lies on another card)."""
        self.below: tuple[tuple[int, ...], ...] = tuple(
            tuple(other for other in range(CARDS) if other % 4 == card % 4 and self.need[other] < self.need[card])
            for card in range(CARDS)
        )
        """The cards its foundation must hold before a card goes there."""

    # -- entry -----------------------------------------------------------------------------------

    @staticmethod
    def root(state: KlondikeState) -> Node:
        """``state`` as the search's position."""
        return (
            tuple(
                bytes(card + HIDDEN if i < state.down[c] else card for i, card in enumerate(column))
                for c, column in enumerate(state.columns)
            ),
            tuple(state.down),
            bytes(state.waste) + bytes(reversed(state.stock)),  # the order the cards come to the waste's top
            len(state.waste),
            tuple(state.found),
            state.pass_number,
        )

    def ordered_moves(self, state: KlondikeState) -> list[Step]:
        """The moves the search tries in ``state``, in its order (the hint's fallback)."""
        self.total = state.total
        return self._moves(self.root(state))

    def _open(self, state: KlondikeState, start: float) -> tuple[Node, Sequence[Step], Verdict | None]:
        """The settled root and the moves that settled it, and the verdict when no search is needed (a card
        that can never reach its foundation, or every card face up)."""
        self.total = state.total
        root, auto = self._settle(self.root(state))
        if self._doomed(root):
            return root, auto, Verdict(NOT_WINNABLE, 1, time.perf_counter() - start)
        if self._won(root):
            line = self._spell(state, [*auto, *self._finish(root)])
            return root, auto, Verdict(WINNABLE, 0, time.perf_counter() - start, line)
        return root, auto, None

    def solve(self, state: KlondikeState) -> Verdict:
        """The verdict for ``state`` as it stands (a started state)."""
        start = time.perf_counter()
        deadline = start + self.max_seconds if self.max_seconds is not None else float("inf")
        seen: set[Any] = set()
        root, auto, settled = self._open(state, start)
        if settled is not None:
            return settled
        key = self._key
        step = self._child
        won = self._won
        generate = self._moves
        seen.add(key(root))
        stack: list[tuple[Node, Iterator[Step]]] = [(root, iter(generate(root)))]
        path: list[Sequence[Step]] = [auto]
        states = 1
        limit = self.max_states
        while stack:
            node, moves = stack[-1]
            for move in moves:  # the next move of the deepest position, up to the first that leads somewhere new
                child, auto = step(node, move)
                if not child[2] and won(child):  # a stock or waste card is never on its foundation
                    steps = [step for taken in path for step in taken] + [move, *auto] + self._finish(child)
                    return Verdict(WINNABLE, states, time.perf_counter() - start, self._spell(state, steps))
                k = key(child)
                if k in seen:
                    continue
                seen.add(k)
                states += 1
                if (limit is not None and states > limit) or (states & 255 == 0 and time.perf_counter() > deadline):
                    return Verdict(UNDECIDED, states, time.perf_counter() - start)
                stack.append((child, iter(generate(child))))
                path.append([move, *auto])
                break
            else:
                stack.pop()
                path.pop()
        return Verdict(NOT_WINNABLE, states, time.perf_counter() - start)

    def solve_best_first(self, state: KlondikeState) -> Verdict:
        """Best first instead of depth first: the position with the fewest face-down cards and the most cards
        on the foundations (weighed) is searched next. Finds wins; its "not winnable" is as sound as the
        depth-first search's (every position reached is searched), but it keeps every position's moves."""
        start = time.perf_counter()
        deadline = start + self.max_seconds if self.max_seconds is not None else float("inf")
        root, auto, settled = self._open(state, start)
        if settled is not None:
            return settled
        key = self._key
        step = self._child
        won = self._won
        generate = self._moves
        root_key = key(root)
        root_auto = auto
        parents: dict[Any, tuple[Any, list[Step]] | None] = {root_key: None}
        heap: list[tuple[int, int, Any, Node]] = [(0, 0, root_key, root)]
        states = 1
        limit = self.max_states
        count = 0
        while heap:
            _h, _n, node_key, node = heapq.heappop(heap)
            for move in generate(node):
                child, auto = step(node, move)
                if not child[2] and won(child):
                    steps = [move, *auto, *self._finish(child)]
                    back = parents[node_key]
                    while back is not None:
                        steps = back[1] + steps
                        back = parents[back[0]]
                    line = self._spell(state, [*root_auto, *steps])
                    return Verdict(WINNABLE, states, time.perf_counter() - start, line)
                k = key(child)
                if k in parents:
                    continue
                parents[k] = (node_key, [move, *auto])
                states += 1
                if (limit is not None and states > limit) or (states & 255 == 0 and time.perf_counter() > deadline):
                    return Verdict(UNDECIDED, states, time.perf_counter() - start)
                count += 1
                downs = child[1]
                h = 3 * (downs[0] + downs[1] + downs[2] + downs[3] + downs[4] + downs[5] + downs[6]) - sum(child[4])
                heapq.heappush(heap, (h, count, k, child))
        return Verdict(NOT_WINNABLE, states, time.perf_counter() - start)

    def _doomed(self, node: Node) -> bool:
        """Whether some card can never reach its foundation, whatever is played: a proof that ``node`` is lost.

        In a column, the face-down cards and the lowest face-up card (the column's *blockers*) leave it only
        one by one, top first, each by its own move: to its foundation, onto a card it may lie on, or (a card
        that fills an empty column) to an empty column; a blocker never leaves with the cards under it, as
        they are face down. So a blocker can be reached only when every blocker above it can leave. Every
        other card (the stock and the waste, the face-up cards above the lowest one) counts as reachable.
        What can happen is then over-estimated: a card *can reach its foundation* when it can be reached and
        every card its foundation needs first can reach it; a blocker *can leave* when it can be reached and
        it can reach its foundation, or fills an empty column, or a card it may lie on can be reached (or, when
        cards come back from the foundations, is there). Those facts are gathered until no more follow. Each
        one is needed for the real event, so when some card still cannot reach its foundation, no line of play
        brings it there, and no line wins."""
        cols, downs, pile, _pos, found, _pass = node
        tops = self.tops
        home = {tops[s][n] for s in range(SUITS) for n in range(1, found[s] + 1)}
        reach = set(pile)
        blockers: list[list[int]] = []
        for c, col in enumerate(cols):
            if col:
                down = downs[c]
                blockers.append([card - HIDDEN if card >= HIDDEN else card for card in col[: down + 1]])
                reach.update(col[down:])
        parents = self.parents
        below = self.below
        fills = self.fills
        back = self.back
        left: set[int] = set()
        changed = True
        while changed:
            changed = False
            for blocks in blockers:
                for i in range(len(blocks) - 1, -1, -1):
                    card = blocks[i]
                    if card not in reach:
                        reach.add(card)
                        changed = True
                    if card in left:
                        continue
                    if card in home or fills[card] or any(p in reach or (back and p in home) for p in parents[card]):
                        left.add(card)
                        changed = True
                        continue
                    break
            for card in reach - home:
                if all(other in home for other in below[card]):
                    home.add(card)
                    changed = True
        return len(home) < self.total

    def _key(self, node: Node) -> Any:
        """Positions with the same future share a key: the columns as a set (which column holds what does
        not matter), and, without a pass limit, the waste's length only as far as it changes what draws reach."""
        cols, _downs, pile, pos, _found, pass_number = node
        parts = sorted(cols)  # the seven columns, the stock and the waste, set apart by 255 (no card's id)
        parts.append(pile)
        if self.limited:
            return (b"\xff".join(parts), pos, pass_number)
        if pos == len(pile) or pos % self.draw == 0:
            pos = 0  # every card turning the waste over reaches, and no other
        parts.append(_ONE[pos])
        return b"\xff".join(parts)

    def _won(self, node: Node) -> bool:
        _cols, downs, pile, _pos, found, _pass = node
        if self.classic:  # every card up means no stock and nothing face down
            return not pile and not any(downs)
        return sum(found) == self.total

    def _apply(self, node: Node, move: Step) -> Node:
        cols, downs, pile, pos, found, pass_number = node
        kind, a, b, count, p, new_pass = move
        columns = list(cols)
        if kind == 0:
            src = cols[a]
            cut = len(src) - count
            moving = src[cut:]
            if cut and src[cut - 1] >= HIDDEN:
                columns[a] = src[: cut - 1] + _ONE[src[cut - 1] - HIDDEN]
                d = list(downs)
                d[a] = cut - 1
                downs = tuple(d)
            else:
                columns[a] = src[:cut]
            if b == FOUNDATION:
                f = list(found)
                f[moving[0] & 3] += 1
                found = tuple(f)
            else:
                columns[b] = cols[b] + moving
            return (tuple(columns), downs, pile, pos, found, pass_number)
        if kind == 1:
            if b == FOUNDATION:
                f = list(found)
                f[pile[p - 1] & 3] += 1
                found = tuple(f)
            else:
                columns[b] = cols[b] + pile[p - 1 : p]
            return (tuple(columns), downs, pile[: p - 1] + pile[p:], p - 1, found, new_pass)
        f = list(found)
        columns[b] = cols[b] + _ONE[self.tops[a][f[a]]]
        f[a] -= 1
        return (tuple(columns), downs, pile, pos, tuple(f), pass_number)

    def _moves(self, node: Node) -> list[Step]:
        cols, downs, pile, pos, found, pass_number = node
        need = self.need
        fills = self.fills
        prune = self.prune
        fit_cards = self.fit_cards
        swaps = self.swaps or prune
        parts_only_up = self.runs_only_up and swaps
        most = max(found)
        first: list[Step] = []
        good: list[Step] = []
        talon: list[Step] = []
        other: list[Step] = []
        empty = -1
        wanted: list[tuple[int, ...]] = [()] * CARDS  # for each card, the columns whose top it may go onto
        for dst in range(COLUMNS):
            target = cols[dst]
            if target:
                for card in fit_cards[target[-1]]:
                    wanted[card] += (dst,)
            elif empty < 0:
                empty = dst
        for src in range(COLUMNS):
            col = cols[src]
            n = len(col)
            if not n:
                continue
            down = downs[src]
            top = col[-1]
            if found[top & 3] == need[top]:
                first.append((0, src, FOUNDATION, 1, 0, 0))
            card = col[down]  # the whole face-up run: it turns a card up or empties the column
            for dst in wanted[card]:
                if dst != src:
                    good.append((0, src, dst, n - down, 0, 0))
            if empty >= 0 and down and fills[card]:
                good.append((0, src, empty, n - down, 0, 0))
            if parts_only_up and (n - down < 2 or need[col[n - 2]] > most):
                continue  # in classic a run's lower cards need more than its upper ones
            for k in range(down + 1, n):  # a part of a run
                under = col[k - 1]
                up = found[under & 3] == need[under]  # the card it uncovers can go to its foundation
                if not up and swaps and (prune or empty < 0):
                    continue
                card = col[k]
                if up or not swaps:
                    for dst in wanted[card]:
                        if dst != src:
                            other.append((0, src, dst, n - k, 0, 0))
                if empty >= 0 and fills[card] and (up or not prune):
                    other.append((0, src, empty, n - k, 0, 0))
        if pile:
            for p, new_pass in self._reach(len(pile), pos, pass_number):
                card = pile[p - 1]
                if found[card & 3] == need[card]:
                    first.append((1, 0, FOUNDATION, 1, p, new_pass))
                for dst in wanted[card]:
                    talon.append((1, 0, dst, 1, p, new_pass))
                if empty >= 0 and fills[card]:
                    talon.append((1, 0, empty, 1, p, new_pass))
        if self.back:
            free = self._free
            for s in range(SUITS):
                if found[s]:
                    card = self.tops[s][found[s]]
                    if self.classic and free(card, found):
                        continue  # no card in play can ever need it in a column (the module's proofs)
                    for dst in wanted[card]:
                        other.append((2, s, dst, 1, 0, 0))
                    if empty >= 0 and fills[card]:
                        other.append((2, s, empty, 1, 0, 0))
        shuffle = self.shuffle
        if shuffle is not None:
            shuffle.shuffle(good)
            shuffle.shuffle(talon)
            shuffle.shuffle(other)
        return first + good + talon + other

    def _reach(self, length: int, pos: int, pass_number: int) -> tuple[tuple[int, int], ...]:
        """Each waste length that draws can reach, with the pass it is reached in; the nearest first."""
        cached = self._reach_cache.get((length, pos, pass_number))
        if cached is not None:
            return cached
        d = self.draw
        seen: set[int] = set()
        result: list[tuple[int, int]] = []
        if pos:
            seen.add(pos)
            result.append((pos, pass_number))
        p = pos
        while p < length:
            p = min(p + d, length)
            if p not in seen:
                seen.add(p)
                result.append((p, pass_number))
        limit = self.rules.passes
        if limit is None or pass_number < limit:
            later = pass_number + 1 if limit is not None else pass_number  # without a limit the pass is not kept
            p = 0
            while p < length:
                p = min(p + d, length)
                if p not in seen:
                    seen.add(p)
                    result.append((p, later))
        answer = tuple(result)
        self._reach_cache[(length, pos, pass_number)] = answer
        return answer

    def _child(self, node: Node, move: Step) -> tuple[Node, Sequence[Step]]:
        """The position ``move`` makes from the settled ``node``, settled, and the moves that settled it.

        When the move sent no card to a foundation, only the card it uncovered or laid from the waste (not
        settled turning three) can have become free; a card from a foundation is not (the search takes down
        only cards that are not free). So most children need no settling, and are not handed to it."""
        child = self._apply(node, move)
        if not self.classic:
            return child, _NONE
        kind = move[0]
        if move[2] == FOUNDATION:
            return self._settle(child)
        if kind == 2 or (kind == 1 and self.talon_settles):
            return child, _NONE
        col = child[0][move[1] if kind == 0 else move[2]]
        if col:
            card = col[-1]
            found = child[4]
            if found[card & 3] == self.need[card] and self._free(card, found):
                return self._settle(child)
        return child, _NONE

    def _settle(self, node: Node) -> tuple[Node, Sequence[Step]]:
        """Classic: every column top that no card in play can need goes to its foundation (the moves made)."""
        if not self.classic:
            return node, _NONE
        need = self.need
        free = self._free
        done: list[Step] = []
        moved = True
        while moved:
            moved = False
            cols, found = node[0], node[4]
            for src in range(COLUMNS):
                col = cols[src]
                if not col:
                    continue
                card = col[-1]
                if found[card & 3] != need[card] or not free(card, found):
                    continue
                step = (0, src, FOUNDATION, 1, 0, 0)
                node = self._apply(node, step)
                done.append(step)
                moved = True
                break
            if moved or not self.talon_settles:
                continue
            pile = node[2]
            for s in range(SUITS):
                if found[s] == 13:
                    continue
                card = self.tops[s][found[s] + 1]
                if not free(card, found):
                    continue
                i = pile.find(card)
                if i >= 0:
                    step = (1, 0, FOUNDATION, 1, i + 1, node[5])
                    node = self._apply(node, step)
                    done.append(step)
                    moved = True
                    break
        return node, done

    def _free(self, card: int, found: tuple[int, ...]) -> bool:
        """Classic: whether no card in play can ever need ``card`` in a column (the module's first proof)."""
        one, two, same, other_needs, same_needs, other_needs2, same_needs2 = self._freeing[card]
        a, b, c = found[one], found[two], found[same]
        return (a >= other_needs and b >= other_needs and c >= same_needs) or (
            a >= other_needs2 and b >= other_needs2 and c >= same_needs2
        )

    def _freeing_table(self) -> tuple[tuple[int, int, int, int, int, int, int], ...]:
        """``low`` and ``low2`` as what ``_free`` reads, for each classic card: its other colour's two suits and the
        other suit of its colour, then the counts the first form needs on each (the other colour's two alike), then
        the second form's (more than any foundation holds where it has none)."""
        rows: list[tuple[int, int, int, int, int, int, int]] = []
        for card in range(CARDS):
            red = card % 4 in (1, 2)
            one, two = (s for s in range(SUITS) if (s in (1, 2)) != red)
            same = next(s for s in range(SUITS) if s != card % 4 and (s in (1, 2)) == red)
            first = dict(self.low[card])
            second = dict(self.low2[card] or {one: 14, two: 14, same: 14})
            for needs in (first, second):
                assert needs.get(one, 0) == needs.get(two, 0), "the other colour's two foundations alike"
            row = (one, two, same, first.get(one, 0), first.get(same, 0), second.get(one, 0), second.get(same, 0))
            rows.append(row)
        return tuple(rows)

    def drop_second_form(self) -> None:
        """Leave out rule 1's second form (to measure what it saves, or check it against the search without it)."""
        self.low2 = (None,) * CARDS
        self._freeing = self._freeing_table()

    def _finish(self, node: Node) -> list[Step]:
        """Every card face up, no stock (classic): the lowest top card to its foundation until all are there."""
        cols, _downs, _pile, _pos, found, _pass = node
        columns = list(cols)
        counts = list(found)
        need = self.need
        steps: list[Step] = []
        while any(columns):
            for src in range(COLUMNS):
                if columns[src] and counts[columns[src][-1] & 3] == need[columns[src][-1]]:
                    counts[columns[src][-1] & 3] += 1
                    columns[src] = columns[src][:-1]
                    steps.append((0, src, FOUNDATION, 1, 0, 0))
                    break
            else:  # pragma: no cover - cannot happen in classic
                raise AssertionError("a classic position with every card face up did not finish")
        return steps

    # -- the line of play -------------------------------------------------------------------------

    def _spell(self, state: KlondikeState, path: list[tuple[int, int, int, int, int, int]]) -> list[Move | Draw]:
        """The search's moves as engine actions, checked by playing them on a copy."""
        probe = state.clone()
        line: list[Move | Draw] = []
        for kind, a, b, count, p, _new_pass in path:
            if kind == 1:
                while len(probe.waste) != p:  # the first time the waste is this long: the pass the search meant
                    line.append(DRAW)
                    probe.apply_quiet(DRAW)
                    if len(line) > 100_000:  # pragma: no cover - a bug, not a game
                        raise AssertionError("the line of play does not reach the waste card")
                move = Move(WASTE, b, 1)
            elif kind == 0:
                move = Move(a, b, count)
            else:
                move = Move(FOUNDATION + a, b, 1)
            line.append(move)
            probe.apply_quiet(move)
        return line


RESTARTS: Final = 12
"""Classic: after the best-first fast search, this many short depth-first ones, each trying the moves of each kind
in another random order, share an eighth of the budget turning three, a sixteenth turning one."""
BEST_FIRST_SHARE: Final = 16
"""Classic: the best-first fast search has a sixteenth of the budget, the random orders what ``RESTARTS`` says, and
the search with every move the rest, thirteen sixteenths turning three and seven eighths turning one
(``docs/performance.md``, "Most of the budget to the search that proves")."""


def solve(
    state: KlondikeState,
    max_states: int | None = 200_000,
    max_seconds: float | None = None,
    prune: bool = False,
    first_pruned: bool = False,
) -> Verdict:
    """The solver's verdict on ``state`` (started), within the budget.

    ``first_pruned``: find a win first with the fast searches, then search depth first with every move on the
    rest of the budget (all of it that the fast searches left). A win from any of them is a line that wins; "not
    winnable" comes from the search with every move, or from a fast search that leaves out none of its moves
    (``Solver.proves_losses``; in classic each of them), so the verdict stays sound.

    In classic the fast searches are best first on a sixteenth of the budget, then :data:`RESTARTS` short depth-
    first searches in random orders (seeded, so a verdict is the same on every machine) on an eighth, or a
    sixteenth turning one card, where the orders win the few deals they win within a few hundred positions. A
    depth-first search's time to a win depends much on its order: on a deal its order leads astray, another
    order often wins within a few thousand positions, and best first wins at once many deals that depth first
    takes long to win (``docs/performance.md``). The search with every move, in the usual order, has the rest:
    it wins most deals itself, and it is the one that proves a deal lost, so a lost deal pays only an eighth or
    three sixteenths of the budget for the others. Outside classic, where depth first wins sooner: depth first,
    then best first, each on a quarter.
    """
    if not first_pruned:
        return Solver(state.rules, max_states, max_seconds, prune).solve(state)
    probe = Solver(state.rules, prune=True)
    plan: list[tuple[bool, int | None, float | None, int | None]] = []  # best first?, positions, seconds, order
    if probe.classic:
        share = None if max_states is None else max(max_states // BEST_FIRST_SHARE, 1)
        seconds = None if max_seconds is None else max_seconds / BEST_FIRST_SHARE
        shares = 1 if probe.draw == 1 else 2  # sixteenths of the budget for the random orders
        part = None if share is None else max(shares * share // RESTARTS, 1)
        plan.append((True, share, seconds, None))
        plan += [(False, part, None if seconds is None else shares * seconds / RESTARTS, n) for n in range(RESTARTS)]
    else:
        share = None if max_states is None else max(max_states // 4, 1)
        seconds = None if max_seconds is None else max_seconds / 4
        plan += [(False, share, seconds, None), (True, share, seconds, None)]
    states = 0
    spent = 0.0
    for best_first, positions, limit, order in plan:
        solver = Solver(state.rules, positions, limit, not probe.classic)  # classic: the full rules (module doc)
        if order is not None:
            solver.shuffle = random.Random(order)
        fast = solver.solve_best_first(state) if best_first else solver.solve(state)
        states += fast.states
        spent += fast.seconds
        if fast.verdict == WINNABLE:
            return Verdict(WINNABLE, states, spent, fast.line)
        if fast.verdict == NOT_WINNABLE:
            if solver.proves_losses:
                return Verdict(NOT_WINNABLE, states, spent)
            break  # the fast search's moves are all tried: another order finds nothing more
    rest_states = None if max_states is None else max(max_states - states, 1)
    rest_seconds = None if max_seconds is None else max(max_seconds - spent, 0.001)
    full = Solver(state.rules, rest_states, rest_seconds, False).solve(state)
    return Verdict(full.verdict, states + full.states, spent + full.seconds, full.line)
