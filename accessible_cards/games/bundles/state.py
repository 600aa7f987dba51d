"""Stealing Bundles and its family (Casita Robada, Rubamazzo, ...): the game state.

A turn plays one card, then exactly one of: steal an opponent's bundle whose
top card has the played rank (chosen among several), else capture every table
card of that rank, else trail the card onto the table. Options add two bundles
per player, wild Jacks, a sweep bonus and Rubamazzo-15 sum captures; every
choice is part of :class:`BundlesAction`, and ``legal_actions()`` lists them all.

Dealing, re-dealing, sweeps, leftovers and the tiebreak hand are automatic
steps and come back as events. A tie in a game with ``tiebreak`` on is settled
inside the same state: phase ``tiebreak`` keeps the main game's scores, puts
away its cards and plays one hand from a freshly shuffled full deck among the
tied seats only (fresh empty bundles, so the cards they gain are counted).
``zones()`` then accounts for the tiebreak deck.

Piles are lists of card ids: a hand in the order dealt, the table in the
order laid, the stock with its top card last, a bundle with its top last.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from accessible_cards.cards import Deck, deck
from accessible_cards.engine import Event, GameState, LegalActions, Result, clone_rng, rng_from_state, rng_state
from accessible_cards.errors import IllegalActionError, OptionError
from accessible_cards.games.bundles.rules import (
    GAME,
    TABLE_CARDS,
    TIEBREAK_HAND,
    BundlesAction,
    BundlesOptions,
    BundlesView,
    Captured,
    Dealt,
    GameOver,
    Leftovers,
    Redealt,
    Stole,
    Swept,
    TiebreakStarted,
    Trailed,
    rank_table,
    scopa_scored,
    sum_sets,
    sum_values,
)

_DEAL, _PLAY, _TIEBREAK, _OVER = "deal", "play", "tiebreak", "over"
_JACK = 11
_TRAILS: tuple[BundlesAction, ...] = tuple(BundlesAction(card) for card in range(52))
_STEALS: dict[tuple[int, int, int, int, bool], BundlesAction] = {}
_CAPTURES: dict[tuple[int, tuple[int, ...]], BundlesAction] = {}


def _steal(card: int, victim: int, source: int, bundle: int, wild: bool) -> BundlesAction:
    """The steal action, shared between positions (at most 52 x 4 x 2 x 2 x 2 of them)."""
    key = (card, victim, source, bundle, wild)
    action = _STEALS.get(key)
    if action is None:
        action = _STEALS[key] = BundlesAction(card, victim, source, bundle, (), wild)
    return action


class BundlesState(GameState[BundlesAction]):
    """One game of the family for ``options.players`` seats.

    Without ``hands`` the deck is shuffled with the seeded random source and
    dealt; with ``hands`` (a scenario) the given hands, table and stock (top
    card first) are the whole deck. ``dealer`` None draws the dealer at random.
    """

    game: ClassVar[str] = GAME

    def __init__(
        self,
        options: BundlesOptions | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        hands: Sequence[Sequence[int]] | None = None,
        table: Sequence[int] = (),
        stock: Sequence[int] = (),
    ) -> None:
        self.options = options or BundlesOptions()
        n = self.players = self.options.players
        self.deck: Deck = deck(self.options.deck)
        if hands is None and n * self.options.hand + TABLE_CARDS > len(self.deck):
            raise OptionError(
                "error-bundles-deal",
                f"{n} hands of {self.options.hand} and {TABLE_CARDS} table cards do not fit "
                f"in the {self.options.deck} deck",
                players=n,
                hand=self.options.hand,
            )
        self.seed = seed
        self._rng = random.Random(seed)
        if dealer is None:
            dealer = self._rng.randrange(n)
        if not 0 <= dealer < n:
            raise OptionError("error-dealer", f"there is no seat {dealer} to deal", seat=dealer)
        self.dealer = dealer
        self._given: tuple[list[list[int]], list[int], list[int]] | None = None
        if hands is not None:
            self._given = ([list(h) for h in hands], list(table), list(stock))
        self.nb = 2 if self.options.double_bundles else 1
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.table: list[int] = []
        self.stock: list[int] = []
        self.bundles: list[list[int]] = [[] for _ in range(n * self.nb)]
        self.leftovers: list[int] = []
        self.turn = 0
        self.last_taker = -1
        self.last_bundle = 0
        self.phase = _DEAL
        self.steals = self.captures = self.trails = 0
        self.tiebreak_players: tuple[int, ...] = ()
        self.main_scores: tuple[int, ...] | None = None
        self.main_leftovers = 0
        self.points: tuple[int, ...] | None = None
        self.sweeps = [0] * n
        """Captures per seat that cleared the table (counted for Scopa scoring, which gives them no point)."""
        self._saves_sweeps = True  # False for a state read from an older file, which did not count them
        self._tiebreak_scores: tuple[int, ...] | None = None
        self._tiebreak_seed = 0
        # (seat, card id) of the last play's sweep bonus, for the taker's view right after it; not saved,
        # as the play that took it is told before any save is read back
        self._bonus_taken: tuple[int, int] | None = None
        self._result: Result | None = None
        self._legal: tuple[BundlesAction, ...] | None = None
        self._refresh()

    def _refresh(self) -> None:
        """Rebuild the read-only tables the hot path uses (after a clone or a load)."""
        self._ranks = rank_table(self.deck.kind)
        self._values = sum_values(self.deck.kind)
        self._step = 1 if self.options.direction == "clockwise" else -1
        self._opponents = tuple(tuple(self._order(p)[1:]) for p in range(self.players))

    # -- dealing ------------------------------------------------------------

    def start(self) -> list[Event]:
        """The first deal: hands one card at a time from the first player, then the table cards."""
        if self.phase != _DEAL:
            raise IllegalActionError("error-already-dealt", "the cards are already dealt")
        events: list[Event] = []
        first = (self.dealer + self._step) % self.players
        if self._given is not None:
            hands, table, stock = self._given
            self.hands = [list(h) for h in hands]
            self.table = list(table)
            self.stock = list(reversed(stock))
        else:
            cards = list(range(len(self.deck)))
            self._rng.shuffle(cards)
            self.stock = cards
            self._deal(self._order(first), self.options.hand)
            self.table = [self.stock.pop() for _ in range(TABLE_CARDS)]
        self._tiebreak_seed = self._rng.getrandbits(63)
        self.phase = _PLAY
        cards_of = self.deck.cards
        events.append(
            Dealt(
                self.dealer,
                first,
                tuple(len(h) for h in self.hands),
                tuple(cards_of[c] for c in self.table),
                len(self.stock),
            )
        )
        self._next_turn(first, events)
        return events

    def _order(self, first: int, seats: Sequence[int] | None = None) -> list[int]:
        """Seats in play order from ``first`` (only ``seats`` if given)."""
        n, step = self.players, self._step
        order = [(first + i * step) % n for i in range(n)]
        return order if seats is None else [s for s in order if s in seats]

    def _deal(self, order: Sequence[int], each: int) -> None:
        """Deal ``each`` cards one at a time round robin in ``order`` from the stock's top."""
        stock, hands = self.stock, self.hands
        for _ in range(each):
            for seat in order:
                hands[seat].append(stock.pop())

    def _next_turn(self, seat: int, events: list[Event] | None) -> None:
        """Give the turn to ``seat`` or the next seat holding cards; re-deal or end when every hand is empty."""
        self._legal = None
        n, step, hands = self.players, self._step, self.hands
        while True:
            for i in range(n):
                s = (seat + i * step) % n
                if hands[s]:
                    self.turn = s
                    return
            if self.phase == _PLAY and self.stock:
                self._redeal(seat, events)
                continue
            self._end(events)
            return

    def _redeal(self, first: int, events: list[Event] | None) -> None:
        """A new deal: ``hand`` cards each from ``first``, or as far as the stock goes evenly, the rest to the table."""
        n = self.players
        each = min(self.options.hand, len(self.stock) // n)
        self._deal(self._order(first), each)
        rest: list[int] = []
        if each < self.options.hand:
            while self.stock:
                rest.append(self.stock.pop())
            self.table.extend(rest)
        if events is not None:
            cards = self.deck.cards
            events.append(
                Redealt(first, tuple(len(h) for h in self.hands), tuple(cards[c] for c in rest), len(self.stock))
            )

    # -- actions --------------------------------------------------------------

    @property
    def variant(self) -> str | None:
        """The preset underneath the options."""
        return self.options.variant

    @property
    def deck_kind(self) -> str | None:
        """The deck of the options in force."""
        return self.options.deck

    def to_move(self) -> int | None:
        """The seat to play now (None before the deal and after the end)."""
        return self.turn if self.phase in (_PLAY, _TIEBREAK) else None

    def legal_actions(self) -> LegalActions[BundlesAction]:
        """Every play of the seat to move with every choice; empty before the deal and at the end."""
        return LegalActions(self._actions())

    def _actions(self) -> tuple[BundlesAction, ...]:
        """Build (once per position) every legal action; steals and trails come from shared caches."""
        if self._legal is not None:
            return self._legal
        if self.phase not in (_PLAY, _TIEBREAK):
            self._legal = ()
            return ()
        options, p = self.options, self.turn
        if self.nb == 1 and not options.sum15 and not options.wild_jacks:
            self._legal = self._plain_actions(p)
        else:
            self._legal = self._general_actions(p)
        return self._legal

    def _general_actions(self, p: int) -> tuple[BundlesAction, ...]:
        """Every legal action under any options (two bundles, wild Jacks, sums to fifteen)."""
        ranks, bundles, table = self._ranks, self.bundles, self.table
        options = self.options
        nb = self.nb
        own = range(nb)
        victims = [(q, b) for q in self._opponents[p] for b in own if bundles[q * nb + b]]
        tops: dict[int, list[tuple[int, int]]] = {}
        if options.stealing:
            for q, b in victims:
                tops.setdefault(ranks[bundles[q * nb + b][-1]], []).append((q, b))
        on_table: dict[int, list[int]] = {}
        for c in table:
            on_table.setdefault(ranks[c], []).append(c)
        sum15, wild_jacks = options.sum15, options.wild_jacks
        actions: list[BundlesAction] = []
        add = actions.append
        for card in self.hands[p]:
            rank = ranks[card]
            steals = tops.get(rank)
            if steals:
                for q, b in steals:
                    for mine in own:
                        add(_steal(card, q, b, mine, False))
            else:
                same = on_table.get(rank)
                rank_set = tuple(sorted(same)) if same else None
                sets = [rank_set] if rank_set else []
                if sum15 and table:
                    sets += [s for s in sum_sets(15 - self._values[card], table, self._values) if s != rank_set]
                if sets:
                    for taken in sets:
                        for mine in own:
                            add(BundlesAction(card, None, 0, mine, taken))
                else:
                    add(_TRAILS[card])
            if wild_jacks and rank == _JACK:
                for q, b in victims:
                    if not steals or (q, b) not in steals:
                        for mine in own:
                            add(_steal(card, q, b, mine, True))
        return tuple(actions)

    actions = _actions
    """The legal actions as a plain tuple (the hot path of simulation and search): ``_actions`` itself."""

    def _plain_actions(self, p: int) -> tuple[BundlesAction, ...]:
        """The legal actions with one bundle each, no wild Jacks and no sums (most games): the same list, faster."""
        ranks, bundles = self._ranks, self.bundles
        tops: dict[int, list[int]] = {}
        if self.options.stealing:
            for q in self._opponents[p]:
                bundle = bundles[q]
                if bundle:
                    rank = ranks[bundle[-1]]
                    if rank in tops:
                        tops[rank].append(q)
                    else:
                        tops[rank] = [q]
        on_table: dict[int, list[int]] = {}
        for c in self.table:
            rank = ranks[c]
            if rank in on_table:
                on_table[rank].append(c)
            else:
                on_table[rank] = [c]
        actions: list[BundlesAction] = []
        add = actions.append
        for card in self.hands[p]:
            rank = ranks[card]
            steals = tops.get(rank)
            if steals:
                for q in steals:
                    add(_steal(card, q, 0, 0, False))
                continue
            same = on_table.get(rank)
            if same:
                taken = tuple(sorted(same))
                key = (card, taken)
                action = _CAPTURES.get(key)
                if action is None:
                    action = _CAPTURES[key] = BundlesAction(card, None, 0, 0, taken)
                add(action)
            else:
                add(_TRAILS[card])
        return tuple(actions)

    def apply(self, action: BundlesAction) -> list[Event]:
        """Play ``action`` (one of ``legal_actions()``) and every automatic step after it."""
        if action not in self._actions():
            self._refuse(action)
        events: list[Event] = []
        self._play(action, events)
        return events

    def _refuse(self, action: object) -> None:
        if self.phase == _OVER:
            raise IllegalActionError("error-game-over", "the game is over")
        if self.phase == _DEAL:
            raise IllegalActionError("error-not-dealt", "the cards are not dealt yet")
        raise IllegalActionError("error-illegal-action", f"{action!r} is not a legal play now", action=repr(action))

    def _play(self, action: BundlesAction, events: list[Event] | None = None) -> None:
        p, card = self.turn, action.card
        self._bonus_taken = None
        self.hands[p].remove(card)
        nb = self.nb
        dest = self.bundles[p * nb + action.bundle]
        cards = self.deck.cards
        if action.steal is not None:
            source = self.bundles[action.steal * nb + action.source]
            count = len(source)
            dest.extend(source)
            source.clear()
            dest.append(card)
            self.steals += 1
            self.last_taker, self.last_bundle = p, action.bundle
            if events is not None:
                double = nb == 2
                events.append(
                    Stole(
                        p,
                        cards[card],
                        action.steal,
                        count,
                        action.bundle if double else None,
                        action.source if double else None,
                        action.wild,
                    )
                )
        elif action.capture:
            table = self.table
            for taken in action.capture:
                table.remove(taken)
            dest.extend(action.capture)
            bonus = 0
            if not table and self.options.sweep_bonus and self.stock:
                dest.append(self.stock.pop())
                self._bonus_taken = (p, dest[-1])
                bonus = 1
            dest.append(card)
            self.captures += 1
            self.last_taker, self.last_bundle = p, action.bundle
            if events is not None:
                events.append(
                    Captured(
                        p, cards[card], tuple(cards[c] for c in action.capture), action.bundle if nb == 2 else None
                    )
                )
                if not table:
                    events.append(Swept(p, bonus))
            if not table:
                self.sweeps[p] += 1
        else:
            self.table.append(card)
            self.trails += 1
            if events is not None:
                events.append(Trailed(p, cards[card]))
        self._next_turn((p + self._step) % self.players, events)

    play_quiet = _play
    """Play a legal ``action`` without building events (simulation and search); not checked.

    The quiet path itself, not a call of it: one call fewer for every play of a simulation or a search.
    """

    # -- choosing by parts (scenarios, user interfaces) ----------------------

    def action_for(
        self,
        card: int,
        steal: int | None = None,
        source: int | None = None,
        bundle: int | None = None,
        capture: Sequence[int] | None = None,
        wild: bool | None = None,
    ) -> BundlesAction:
        """The one legal action that plays ``card`` with the choices given; None means not given.

        Raises IllegalActionError with a plain reason when no legal action fits
        or when a choice is needed but not given.
        """
        if self.phase not in (_PLAY, _TIEBREAK):
            self._refuse(card)
        who = f"player {self.turn + 1}"
        code = self.deck.code(card) if 0 <= card < len(self.deck) else str(card)
        fits = [a for a in self._actions() if a.card == card]
        if not fits:
            raise IllegalActionError("error-not-in-hand", f"{code} is not in {who}'s hand", card=code, seat=self.turn)
        if wild and steal is not None and not any(a.wild and a.steal == steal for a in fits):
            wild = None  # a Jack on a Jack-topped bundle: the normal steal is the same play
        checks: list[tuple[str, Any, str]] = [
            ("wild", wild, "a wild-Jack steal" if wild else "a play without the wild-Jack steal"),
            ("steal", steal, f"stealing from player {steal + 1 if steal is not None else 0}"),
            ("source", source, f"stealing bundle {source}"),
            ("capture", None if capture is None else tuple(sorted(capture)), "capturing those cards"),
            ("bundle", bundle, f"putting the take on bundle {bundle}"),
        ]
        for name, value, words in checks:
            if value is None:
                continue
            narrowed = [a for a in fits if getattr(a, name) == value]
            if not narrowed:
                raise IllegalActionError(
                    "error-bundles-choice", f"{code} allows no {words} now", card=code, choice=name
                )
            fits = narrowed
        if len(fits) > 1:
            for name, words in (
                ("wild", 'say whether the Jack steals wild ("wild": true or false)'),
                ("steal", 'say which player to rob ("steal")'),
                ("source", "say which of the victim's bundles to steal"),
                ("capture", 'say which cards to capture ("capture")'),
                ("bundle", 'say which bundle takes the cards ("bundle": 0 or 1)'),
            ):
                if len({getattr(a, name) for a in fits}) > 1:
                    raise IllegalActionError(
                        "error-bundles-choice-needed", f"{code} needs a choice: {words}", card=code, choice=name
                    )
        return fits[0]

    # -- the end ----------------------------------------------------------------

    def _end(self, events: list[Event] | None) -> None:
        """Every hand played and (outside a tiebreak) the stock empty: leftovers, scores, winners."""
        table = self.table
        if table:
            to: int | None = None
            if self.options.last_capture_bonus and self.last_taker >= 0:
                to = self.last_taker
                self.bundles[to * self.nb + self.last_bundle].extend(table)
            else:
                self.leftovers.extend(table)
            if events is not None:
                cards = self.deck.cards
                events.append(Leftovers(tuple(cards[c] for c in table), to))
            self.table = []
        scores = self._scores()
        if self.phase == _TIEBREAK:
            tied = self.tiebreak_players
            best = max(scores[s] for s in tied)
            winners = tuple(s for s in tied if scores[s] == best)
            assert self.main_scores is not None
            self._finish(events, self.main_scores, winners, "tiebreak" if len(winners) == 1 else "draw", scores)
            return
        best = max(scores)
        winners = tuple(s for s in range(self.players) if scores[s] == best)
        if self.options.scoring == "scopa":
            nb = self.nb
            piles = [[c for b in range(nb) for c in self.bundles[s * nb + b]] for s in range(self.players)]
            scored = scopa_scored(self.deck.kind, piles, self.sweeps)
            self.points = scored.points
            if events is not None:
                events.append(scored)
        if len(winners) > 1 and self.options.tiebreak:
            self._tiebreak(events, scores, winners)
            return
        self._finish(events, scores, winners, "most_cards" if len(winners) == 1 else "draw", None)

    def _scores(self) -> tuple[int, ...]:
        nb, bundles = self.nb, self.bundles
        return tuple(sum(len(bundles[s * nb + b]) for b in range(nb)) for s in range(self.players))

    def _tiebreak(self, events: list[Event] | None, scores: tuple[int, ...], tied: tuple[int, ...]) -> None:
        """One hand among ``tied`` from a freshly shuffled full deck, normal rules, no re-deal."""
        self.phase = _TIEBREAK
        self.main_scores = scores
        self.main_leftovers = len(self.leftovers)
        self.tiebreak_players = tied
        self.bundles = [[] for _ in self.bundles]
        self.leftovers = []
        self.last_taker, self.last_bundle = -1, 0
        cards = list(range(len(self.deck)))
        random.Random(self._tiebreak_seed).shuffle(cards)
        self.stock = cards
        order = self._order((self.dealer + self._step) % self.players, tied)
        self._deal(order, TIEBREAK_HAND)
        self.table = [self.stock.pop() for _ in range(TABLE_CARDS)]
        if events is not None:
            card_of = self.deck.cards
            events.append(TiebreakStarted(tied, scores[tied[0]]))
            events.append(
                Dealt(
                    self.dealer,
                    order[0],
                    tuple(len(h) for h in self.hands),
                    tuple(card_of[c] for c in self.table),
                    len(self.stock),
                )
            )
        self._next_turn(order[0], events)

    def _finish(
        self,
        events: list[Event] | None,
        scores: tuple[int, ...],
        winners: tuple[int, ...],
        reason: str,
        tiebreak: tuple[int, ...] | None,
    ) -> None:
        self.phase = _OVER
        self._legal = ()
        self._result = Result(scores, winners, reason)
        self._tiebreak_scores = tiebreak
        if events is not None:
            events.append(
                GameOver(scores, winners, reason, self.steals, self.captures, self.trails, tiebreak, self.points)
            )

    # -- reading ----------------------------------------------------------------

    @property
    def result(self) -> Result | None:
        return self._result

    def counts(self) -> dict[str, int]:
        """Steals, captures and trails so far."""
        return {"steals": self.steals, "captures": self.captures, "trails": self.trails}

    def view(self, seat: int) -> BundlesView:
        """What ``seat`` may know: its hand, the table, bundle sizes and tops, hand sizes, the stock count."""
        if not 0 <= seat < self.players:
            raise IllegalActionError("error-seat", f"there is no seat {seat}", seat=seat)
        cards, nb = self.deck.cards, self.nb
        bundles = tuple(
            tuple((len(b), cards[b[-1]] if b else None) for b in (self.bundles[s * nb + i] for i in range(nb)))
            for s in range(self.players)
        )
        return BundlesView(
            seat=seat,
            players=self.players,
            variant=self.options.variant,
            deck=self.options.deck,
            phase=self.phase,
            dealer=self.dealer,
            turn=self.turn if self.phase in (_PLAY, _TIEBREAK) else None,
            hand=tuple(cards[c] for c in self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            table=tuple(cards[c] for c in self.table),
            bundles=bundles,
            stock=len(self.stock),
            leftovers=len(self.leftovers),
            last_taker=self.last_taker if self.last_taker >= 0 else None,
            tiebreak_players=self.tiebreak_players,
            main_scores=self.main_scores,
            result=self._result,
            options=self.options,
            bonus_card=cards[self._bonus_taken[1]]
            if self._bonus_taken is not None and self._bonus_taken[0] == seat
            else None,
            legal=self.actions_for(seat),
        )

    def public_view(self) -> BundlesView:
        """The table, every bundle's size and top card, the hands' sizes: no hand, no sweep-bonus card."""
        return dataclasses.replace(self.view(0), seat=-1, hand=(), bonus_card=None, legal=())

    def actions_for(self, seat: int) -> tuple[BundlesAction, ...]:
        """What ``seat`` may play now: the legal actions when it is to move, else what it could do if it were."""
        if self.phase not in (_PLAY, _TIEBREAK):
            return ()
        if seat == self.turn:
            return self._actions()
        if self.nb == 1 and not self.options.sum15 and not self.options.wild_jacks:
            return self._plain_actions(seat)
        return self._general_actions(seat)

    def zones(self) -> dict[str, list[int]]:
        """Every card id of the deal in play by where it lies (each card in exactly one zone)."""
        zones = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        zones.update({f"bundle{i // self.nb}.{i % self.nb}": list(b) for i, b in enumerate(self.bundles)})
        zones["table"] = list(self.table)
        zones["stock"] = list(self.stock)
        zones["leftovers"] = list(self.leftovers)
        return zones

    # -- copying and saving -------------------------------------------------------

    def clone(self) -> BundlesState:
        other = BundlesState.__new__(BundlesState)
        other.__dict__.update(self.__dict__)
        if self.phase == _DEAL:
            # after the deal the random source is never drawn from again (the tiebreak has its own seed)
            other._rng = clone_rng(self._rng)
        other.hands = [list(h) for h in self.hands]
        other.table = list(self.table)
        other.stock = list(self.stock)
        other.bundles = [list(b) for b in self.bundles]
        other.leftovers = list(self.leftovers)
        other.sweeps = list(self.sweeps)
        return other

    def to_json(self) -> dict[str, Any]:
        result = self._result
        data = {
            "game": GAME,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "rng": rng_state(self._rng),
            "tiebreak_seed": self._tiebreak_seed,
            "dealer": self.dealer,
            "given": None if self._given is None else [self._given[0], self._given[1], self._given[2]],
            "phase": self.phase,
            "hands": [list(h) for h in self.hands],
            "table": list(self.table),
            "stock": list(self.stock),
            "bundles": [list(b) for b in self.bundles],
            "leftovers": list(self.leftovers),
            "turn": self.turn,
            "last_taker": [self.last_taker, self.last_bundle],
            "counts": [self.steals, self.captures, self.trails],
            "tiebreak_players": list(self.tiebreak_players),
            "main_scores": None if self.main_scores is None else list(self.main_scores),
            "main_leftovers": self.main_leftovers,
            "points": None if self.points is None else list(self.points),
            "tiebreak_scores": None if self._tiebreak_scores is None else list(self._tiebreak_scores),
            "result": None
            if result is None
            else {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason},
        }
        if self._saves_sweeps:
            data["sweeps"] = list(self.sweeps)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BundlesState:
        """The state ``to_json`` wrote."""
        state = cls(BundlesOptions.from_mapping(data["options"]), data["seed"], int(data["dealer"]), hands=[])
        given = data["given"]
        state._given = None if given is None else ([list(h) for h in given[0]], list(given[1]), list(given[2]))
        state._rng = rng_from_state(data["rng"])
        state._tiebreak_seed = int(data["tiebreak_seed"])
        state.phase = str(data["phase"])
        state.hands = [[int(c) for c in h] for h in data["hands"]]
        state.table = [int(c) for c in data["table"]]
        state.stock = [int(c) for c in data["stock"]]
        state.bundles = [[int(c) for c in b] for b in data["bundles"]]
        state.leftovers = [int(c) for c in data["leftovers"]]
        state.turn = int(data["turn"])
        state.last_taker, state.last_bundle = (int(x) for x in data["last_taker"])
        state.steals, state.captures, state.trails = (int(x) for x in data["counts"])
        state.tiebreak_players = tuple(int(s) for s in data["tiebreak_players"])
        main = data["main_scores"]
        state.main_scores = None if main is None else tuple(int(x) for x in main)
        state.main_leftovers = int(data["main_leftovers"])
        points = data["points"]
        state.points = None if points is None else tuple(int(x) for x in points)
        tb = data["tiebreak_scores"]
        state._tiebreak_scores = None if tb is None else tuple(int(x) for x in tb)
        sweeps = data.get("sweeps")
        state._saves_sweeps = sweeps is not None  # a file from before keeps its shape, so that its moves still match
        state.sweeps = [0] * state.players if sweeps is None else [int(x) for x in sweeps]
        result = data["result"]
        if result is not None:
            state._result = Result(
                tuple(int(x) for x in result["scores"]), tuple(int(x) for x in result["winners"]), str(result["reason"])
            )
        return state
