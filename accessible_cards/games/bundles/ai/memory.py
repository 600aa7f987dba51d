"""What one seat remembers of a game: every card it has seen, and the ranks an opponent cannot hold.

Both the ``medium`` and the ``hard`` player count cards with it. A host that
calls ``observe(view)`` after every play (as ``simulate`` and the terminal
game do) lets it see every card played; with only the seat's own turns it
still counts what lay face up then.

Opponent modelling: a seat that trailed while a take was open is taken to
hold no card of a rank that could have taken (sensible players never trail
while they can take). The inference holds until that seat's next deal; the
``hard`` player drops it for any sample that cannot respect it.
"""

from __future__ import annotations

import math
from typing import Final

from accessible_cards.cards import Card, deck
from accessible_cards.games.bundles.rules import BundlesView, rank_table

_TIEBREAK: Final = "tiebreak"

INFER: Final = True


class Memory:
    """What one seat has seen of one deck, and which ranks each opponent is known not to hold."""

    def __init__(self) -> None:
        self.kind = ""
        self.ids: dict[Card, int] = {}
        self.ranks: tuple[int, ...] = ()
        self.seen: set[int] = set()
        self.excluded: dict[int, set[int]] = {}
        self.previous: BundlesView | None = None

    def observe(self, view: BundlesView) -> None:
        """Take in one view: a new deck or a tiebreak hand starts the count again."""
        previous = self.previous
        if view.deck != self.kind:
            self.kind = view.deck
            cards = deck(view.deck).cards
            self.ids = {card: index for index, card in enumerate(cards)}
            self.ranks = rank_table(view.deck)
            previous = None
        if previous is not None and (
            (view.phase == _TIEBREAK and previous.phase != _TIEBREAK) or view.stock > previous.stock
        ):
            previous = None
        if previous is None:
            self.seen = set()
            self.excluded = {}
        else:
            self._infer(previous, view)
        ids, seen = self.ids, self.seen
        seen.update(ids[card] for card in view.hand)
        seen.update(ids[card] for card in view.table)
        seen.update(ids[top] for seat in view.bundles for _, top in seat if top is not None)
        self.previous = view

    def _infer(self, before: BundlesView, after: BundlesView) -> None:
        """A trail seen between two views: the trailing seat held no card that could take then."""
        for dealt, (was, now) in enumerate(zip(before.hand_sizes, after.hand_sizes)):
            if now > was:
                self.excluded.pop(dealt, None)
        seat = before.turn
        options = after.options
        if (
            not INFER
            or seat is None
            or seat == after.seat
            or options is None
            or options.sum15
            or after.hand_sizes[seat] != before.hand_sizes[seat] - 1
            or len(after.table) != len(before.table) + 1
            or after.table[:-1] != before.table
        ):
            return
        open_ranks = {card.rank for card in before.table}
        if options.stealing:
            for other, bundles in enumerate(before.bundles):
                if other != seat:
                    open_ranks.update(top.rank for _, top in bundles if top is not None)
        self.excluded.setdefault(seat, set()).update(open_ranks)

    def unseen(self, rank: int) -> int:
        """How many cards of ``rank`` this seat has not seen."""
        return sum(1 for card, r in enumerate(self.ranks) if r == rank and card not in self.seen)

    def lasting_threat(self, view: BundlesView, rank: int) -> float:
        """The chance that another seat holds a card of ``rank`` at some point before the game ends.

        A top card stays on a bundle until its owner takes again, so a rank
        with copies still to come is a risk long after this turn: every
        unseen card ends in another hand unless it is still to be dealt to
        this seat (the stock is shared out evenly).
        """
        ranks, seen = self.ranks, self.seen
        hidden = sum(1 for card in range(len(ranks)) if card not in seen)
        missing = sum(1 for card, r in enumerate(ranks) if r == rank and card not in seen)
        if missing == 0 or hidden == 0:
            return 0.0
        others = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        others += view.stock * (view.players - 1) // max(view.players, 1)
        others = min(others, hidden)
        return 1.0 - math.comb(hidden - missing, others) / math.comb(hidden, others)

    def threat(self, view: BundlesView, rank: int) -> float:
        """The chance that another seat holds a card of ``rank`` now (after the next deal if their hands are empty)."""
        ranks, seen = self.ranks, self.seen
        pool = [ranks[card] for card in range(len(ranks)) if card not in seen]
        if not pool:
            return 0.0
        sizes = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
        fresh = sum(sizes) == 0
        if fresh:
            each = view.options.hand if view.options is not None else 4
            per_seat = min(each, view.stock // max(view.players, 1))
            sizes = [per_seat] * (view.players - 1)
        safe = 1.0
        others = [seat for seat in range(view.players) if seat != view.seat]
        for seat, size in zip(others, sizes):
            if size <= 0:
                continue
            excluded = set() if fresh else self.excluded.get(seat, set())
            if rank in excluded:
                continue
            candidates = [r for r in pool if r not in excluded]
            hidden = len(candidates)
            missing = sum(1 for r in candidates if r == rank)
            size = min(size, hidden)
            if missing == 0 or size <= 0:
                continue
            safe *= math.comb(hidden - missing, size) / math.comb(hidden, size)
        return 1.0 - safe
