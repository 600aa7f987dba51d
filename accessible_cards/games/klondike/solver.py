"""Klondike's solver: a depth-first search over the quiet path (ints and tuples), with a budget.

It says ``winnable`` (with a line of play the engine replays to a win), ``not_winnable``
(the search ran out of positions before its budget did), or ``undecided`` (the budget of
positions or seconds ran out first). It sees every card, so it is for dealing winnable deals
and for statistics; the hint (``hint.py``) gives it only deals made from what the player sees.

How it searches:

- The stock and the waste are one sequence in drawing order with the waste's length ``pos``:
  drawing adds up to ``draw`` to ``pos``, turning the waste over sets it to 0. Every card that
  some number of draws (and turns of the waste, as the pass limit allows) brings to the top of
  the waste is one move: "draw until it is on top, then play it" (the K+ moves of the
  literature). The line of play spells each such move out as draws and one waste move.
- Positions already searched are not searched again; the columns are compared as a set
  (which column holds what does not matter).
- Moves are tried best first: to a foundation, a move that turns a card up or empties a
  column, a card from the waste, then the others.
- In ``classic`` (colours alternate, foundations from the ace up) a card goes to its
  foundation at once when no card could ever need it in a column (both foundations of the
  other colour hold its rank less one, or it is an ace or a two); and a position with every
  card face up and nothing left in the stock or waste is won.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .rules import COLUMNS, UP_FROM_ACE, Rules, rank
from .state import DRAW, FOUNDATION, WASTE, Draw, KlondikeState, Move

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
        from .state import action_to_json

        return {
            "verdict": self.verdict,
            "states": self.states,
            "seconds": round(self.seconds, 4),
            "line": [action_to_json(a) for a in self.line],
        }


Step = tuple[int, int, int, int, int, int]
"""A move of the search: (kind, a, b, count, waste length, pass); kind 0 column a -> b, 1 the waste card at
length p -> b, 2 foundation suit a -> column b. b is a column or FOUNDATION."""
Node = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int]
"""A position: the columns, their face-down counts, stock and waste in drawing order, the waste's length,
the foundations' counts, the pass."""


class Solver:
    """Searches one position; ``max_states`` and ``max_seconds`` bound it (None: no bound)."""

    def __init__(
        self, rules: Rules, max_states: int | None = 200_000, max_seconds: float | None = None, prune: bool = False
    ) -> None:
        self.prune = prune
        self.shuffle: random.Random | None = None
        """When set: the moves of each kind are tried in this random order (a restart tries another)."""
        """True: a part of a run is moved only when the card it uncovers can go to its foundation (faster,
        and may miss a win)."""
        self.rules = rules
        self.max_states = max_states
        self.max_seconds = max_seconds
        self.classic = rules.alternate and rules.options.foundation == UP_FROM_ACE
        self.total = 52

    # -- entry -----------------------------------------------------------------------------------

    def solve(self, state: KlondikeState) -> Verdict:
        """The verdict for ``state`` as it stands (a started state)."""
        start = time.perf_counter()
        deadline = start + self.max_seconds if self.max_seconds is not None else float("inf")
        self.total = state.total
        seen: set[Any] = set()
        root: Node = (
            tuple(tuple(c) for c in state.columns),
            tuple(state.down),
            tuple(state.waste) + tuple(reversed(state.stock)),  # the order the cards come to the waste's top
            len(state.waste),
            tuple(state.found),
            state.pass_number,
        )
        root, auto = self._settle(root)
        if self._won(root):
            return Verdict(WINNABLE, 0, time.perf_counter() - start, self._spell(state, auto + self._finish(root)))
        seen.add(self._key(root))
        stack: list[tuple[Node, Iterator[Step]]] = [(root, iter(self._moves(*root)))]
        path: list[list[Step]] = [auto]
        states = 1
        limit = self.max_states
        while stack:
            node, moves = stack[-1]
            move = next(moves, None)
            if move is None:
                stack.pop()
                path.pop()
                continue
            child, auto = self._settle(self._apply(node, move))
            if self._won(child):
                steps = [step for taken in path for step in taken] + [move, *auto] + self._finish(child)
                return Verdict(WINNABLE, states, time.perf_counter() - start, self._spell(state, steps))
            key = self._key(child)
            if key in seen:
                continue
            seen.add(key)
            states += 1
            if (limit is not None and states > limit) or (states & 255 == 0 and time.perf_counter() > deadline):
                return Verdict(UNDECIDED, states, time.perf_counter() - start)
            stack.append((child, iter(self._moves(*child))))
            path.append([move, *auto])
        return Verdict(NOT_WINNABLE, states, time.perf_counter() - start)

    def _key(self, node: Node) -> Any:
        cols, downs, pile, pos, found, pass_number = node
        return (tuple(sorted(zip(downs, cols, strict=True))), pile, pos, found, pass_number if self.rules.passes else 0)

    def _won(self, node: Node) -> bool:
        _cols, downs, pile, _pos, found, _pass = node
        if sum(found) == self.total:
            return True
        return self.classic and not pile and not any(downs)

    def _apply(self, node: Node, move: Step) -> Node:
        cols, downs, pile, pos, found, pass_number = node
        kind, a, b, count, p, new_pass = move
        columns = list(cols)
        new_found = list(found)
        new_downs = downs
        if kind == 0:
            src = cols[a]
            moving = src[len(src) - count :]
            rest = src[: len(src) - count]
            columns[a] = rest
            if rest and downs[a] >= len(rest):
                d = list(downs)
                d[a] = len(rest) - 1
                new_downs = tuple(d)
            if b == FOUNDATION:
                new_found[moving[0] % 4] += 1
            else:
                columns[b] = cols[b] + moving
            return (tuple(columns), new_downs, pile, pos, tuple(new_found), pass_number)
        if kind == 1:
            card = pile[p - 1]
            if b == FOUNDATION:
                new_found[card % 4] += 1
            else:
                columns[b] = (*cols[b], card)
            return (tuple(columns), downs, pile[: p - 1] + pile[p:], p - 1, tuple(new_found), new_pass)
        card = self.rules.foundation_top(a, found[a])
        new_found[a] -= 1
        columns[b] = (*cols[b], card)
        return (tuple(columns), downs, pile, pos, tuple(new_found), pass_number)

    def _moves(
        self,
        cols: Sequence[tuple[int, ...]],
        downs: Sequence[int],
        pile: tuple[int, ...],
        pos: int,
        found: Sequence[int],
        pass_number: int,
    ) -> list[Step]:
        rules = self.rules
        fits = rules.fits
        fills = rules.fills_empty
        prune = self.prune
        first: list[tuple[int, int, int, int, int, int]] = []
        good: list[tuple[int, int, int, int, int, int]] = []
        talon: list[tuple[int, int, int, int, int, int]] = []
        other: list[tuple[int, int, int, int, int, int]] = []
        empty = -1
        for i in range(COLUMNS):
            if not cols[i]:
                empty = i
                break
        where: dict[int, tuple[int, int]] = {}  # every face-up card: (its column, its place)
        for src in range(COLUMNS):
            col = cols[src]
            n = len(col)
            if not n:
                continue
            down = downs[src]
            if rules.to_foundation(col[-1], found):
                first.append((0, src, FOUNDATION, 1, 0, 0))
            for k in range(down, n):
                where[col[k]] = (src, k)
                if empty >= 0 and k > 0 and fills(col[k]):
                    reveals = k == down
                    if prune and not reveals and not rules.to_foundation(col[k - 1], found):
                        continue
                    (good if reveals else other).append((0, src, empty, n - k, 0, 0))
        fit_cards = rules.fit_cards
        for dst in range(COLUMNS):
            target = cols[dst]
            if not target:
                continue
            for card in fit_cards[target[-1]]:
                place = where.get(card)
                if place is None:
                    continue
                src, k = place
                if src == dst:
                    continue
                down = downs[src]
                reveals = k == down and (down > 0 or k == 0)
                if prune and not reveals and not rules.to_foundation(cols[src][k - 1], found):
                    continue  # a part of a run moves only to free the card under it for its foundation
                (good if reveals else other).append((0, src, dst, len(cols[src]) - k, 0, 0))
        for p, new_pass in self._talon_positions(len(pile), pos, pass_number):
            card = pile[p - 1]
            if rules.to_foundation(card, found):
                first.append((1, 0, FOUNDATION, 1, p, new_pass))
            for dst in range(COLUMNS):
                target = cols[dst]
                if target:
                    if fits(card, target[-1]):
                        talon.append((1, 0, dst, 1, p, new_pass))
                elif dst == empty and fills(card):
                    talon.append((1, 0, dst, 1, p, new_pass))
        if rules.from_foundation:
            for s in range(4):
                if found[s]:
                    card = rules.foundation_top(s, found[s])
                    for dst in range(COLUMNS):
                        target = cols[dst]
                        if (target and fits(card, target[-1])) or (not target and dst == empty and fills(card)):
                            other.append((2, s, dst, 1, 0, 0))
        shuffle = self.shuffle
        if shuffle is not None:
            shuffle.shuffle(good)
            shuffle.shuffle(talon)
            shuffle.shuffle(other)
        return first + good + talon + other

    def _talon_positions(self, length: int, pos: int, pass_number: int) -> list[tuple[int, int]]:
        """Each waste length that draws can reach, with the pass it is reached in; the nearest first."""
        if not length:
            return []
        d = self.rules.draw
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
            p = 0
            while p < length:
                p = min(p + d, length)
                if p not in seen:
                    seen.add(p)
                    result.append((p, pass_number + 1))
        return result

    def _settle(self, node: Node) -> tuple[Node, list[Step]]:
        """Classic: every column top no column card could ever need goes to its foundation (the moves made)."""
        if not self.classic:
            return node, []
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
                s = card % 4
                r = rank(card)
                if found[s] != r - 1:
                    continue
                if r > 2:
                    other = (0, 3) if s in (1, 2) else (1, 2)  # the other colour's suits
                    if found[other[0]] < r - 1 or found[other[1]] < r - 1:
                        continue
                step = (0, src, FOUNDATION, 1, 0, 0)
                node = self._apply(node, step)
                done.append(step)
                moved = True
                break
        return node, done

    def _finish(self, node: Node) -> list[Step]:
        """Every card face up, no stock (classic): the lowest top card to its foundation until all are there."""
        cols, _downs, _pile, _pos, found, _pass = node
        columns = list(cols)
        counts = list(found)
        steps: list[Step] = []
        while any(columns):
            for src in range(COLUMNS):
                if columns[src] and self.rules.to_foundation(columns[src][-1], counts):
                    counts[columns[src][-1] % 4] += 1
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


def solve(
    state: KlondikeState,
    max_states: int | None = 200_000,
    max_seconds: float | None = None,
    prune: bool = False,
    first_pruned: bool = False,
) -> Verdict:
    """The solver's verdict on ``state`` (started), within the budget.

    ``first_pruned``: search first with ``prune`` (fast to find a win), four times in different orders of
    the moves on an eighth of the budget each; when that finds no win, search with every move on the
    rest. A win from any of them is a line that wins; "not winnable" comes only from the search with every
    move, so the verdict stays sound.
    """
    if not first_pruned:
        return Solver(state.rules, max_states, max_seconds, prune).solve(state)
    tries = 4
    share = None if max_states is None else max(max_states // (2 * tries), 1)
    seconds = None if max_seconds is None else max_seconds / (2 * tries)
    states = 0
    spent = 0.0
    for attempt in range(tries):
        solver = Solver(state.rules, share, seconds, True)
        if attempt:
            solver.shuffle = random.Random(attempt)
        fast = solver.solve(state)
        states += fast.states
        spent += fast.seconds
        if fast.verdict == WINNABLE:
            return Verdict(WINNABLE, states, spent, fast.line)
        if fast.verdict == NOT_WINNABLE:
            break  # the pruned moves are all tried: another order finds nothing more
    rest_states = None if max_states is None else max(max_states - states, 1)
    rest_seconds = None if max_seconds is None else max(max_seconds - spent, 0.001)
    full = Solver(state.rules, rest_states, rest_seconds, False).solve(state)
    return Verdict(full.verdict, states + full.states, spent + full.seconds, full.line)


def solve_deals(
    *,
    variant: str | None,
    settings: Mapping[str, Any],
    seed: int,
    deals: int,
    states: int | None,
    seconds: float | None,
) -> Iterator[dict[str, Any]]:
    """``accessible-cards solve klondike``: deals ``seed``, ``seed + 1``, ... each searched within the budget."""
    from .rules import options_for
    from .state import action_to_json

    options = options_for(variant, settings)
    for number in range(deals):
        state = KlondikeState(variant or "braillespiel", options, seed + number)
        state.start()
        verdict = solve(state, states, seconds, first_pruned=True)
        yield {
            "seed": seed + number,
            "verdict": verdict.verdict,
            "seconds": verdict.seconds,
            "states": verdict.states,
            "line": [action_to_json(action) for action in verdict.line],
        }
