"""Stiche-Raten (Oh Hell): the rules, its options, events and views, and the state.

One game is a series of rounds. Round r deals r cards to each seat (one at a
time, starting left of the dealer); the next card is turned up and sets trump,
except in the longest round, which has no trump. Every seat bids how many
tricks it will take, starting left of the dealer; the dealer bids last and may
not make the bids add up to the number of tricks. Then r tricks are played:
follow suit if you can, otherwise trump or discard; the highest trump wins, else
the highest card of the suit led. An exact bid scores 20 + 10 per trick, a miss
-10 per trick of difference. The deal passes left.

Options: ``pack`` (``french52``, ace high; ``skat64``, two Skat packs, where the
later of two identical cards in one trick ranks higher), ``grab_and_pass``
(Greifen und Passen), ``up_and_down`` (Rauf-Runter) and ``max_cards`` (a
shorter game: the longest round deals at most that many cards).

Inside, cards are ints (the pack's canonical order, :mod:`accessible_cards.cards`),
and an action is an int too: a card id to play, ``BID + n`` to bid n, or
``TRUMP + suit`` to choose trump. ``play_quiet`` is the fast path for search
and benchmarks: the same rules, no events.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from accessible_cards.cards import SUITS, Card, Deck, DeckKind, Suit, deck
from accessible_cards.engine import (
    Event,
    GameState,
    LegalActions,
    Result,
    clone_rng,
    parse_options,
    rng_from_state,
    rng_state,
)
from accessible_cards.errors import IllegalActionError, OptionError

from .basics import BID as BID
from .basics import MAX_PLAYERS as MAX_PLAYERS
from .basics import MIN_PLAYERS as MIN_PLAYERS
from .basics import OPTION_SPECS as OPTION_SPECS
from .basics import PACKS as PACKS
from .basics import TRUMP as TRUMP

GAME: Final = "ohhell"
# phases
DEAL: Final = "deal"
TRUMP_CHOICE: Final = "trump"
BIDDING: Final = "bid"
PLAYING: Final = "play"
OVER: Final = "over"
_PHASES: Final = (DEAL, TRUMP_CHOICE, BIDDING, PLAYING, OVER)

# what a card does under grab_and_pass
PLAIN: Final = 0
GRAB: Final = 1
PASS: Final = 2


def is_bid(action: int) -> bool:
    return BID <= action < TRUMP


def is_trump_choice(action: int) -> bool:
    return action >= TRUMP


def bid_of(action: int) -> int:
    return action - BID


def suit_index(suit: Suit) -> int:
    return SUITS.index(suit)


def schedule(players: int, pack: str, up_and_down: bool, max_cards: int | None = None) -> tuple[int, ...]:
    """The cards dealt to each seat, round by round: 1, 2, ... up to what the pack allows (and down again)."""
    longest = len(deck(pack)) // players
    if max_cards is not None:
        longest = min(longest, max_cards)
    up = tuple(range(1, longest + 1))
    return up + tuple(range(longest - 1, 0, -1)) if up_and_down else up


def round_points(bid: int, tricks: int) -> int:
    """An exact bid scores 20 + 10 per trick; a miss loses 10 per trick of difference."""
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)


# --- events ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """Round ``round`` of ``rounds``: ``cards`` each; ``turned`` up (None: the longest round, no card turned).

    ``trump`` is the suit (None: no trump); ``chooser`` is the seat that chooses trump (a grab card turned up).
    """

    type: ClassVar[str] = "round_dealt"
    round: int
    rounds: int
    cards: int
    dealer: int
    turned: Card | None
    trump: Suit | None
    chooser: int | None
    special: str | None
    """``grab`` or ``pass`` when the turned card is one under grab_and_pass."""


@dataclass(frozen=True, slots=True)
class TrumpChosen(Event):
    type: ClassVar[str] = "trump_chosen"
    seat: int
    trump: Suit


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid ``bid``; the bids so far add up to ``total`` of ``tricks``; ``next`` bids next (None: play)."""

    type: ClassVar[str] = "bid"
    seat: int
    bid: int
    total: int
    tricks: int
    next: int | None


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card``; ``lead`` when it opened the trick; ``led`` is the suit to follow after it.

    ``sets`` is True when this card set the suit to follow (the lead, or under grab_and_pass the first
    plain card after grab and pass cards); ``special`` is ``grab`` or ``pass`` for such a card.
    """

    type: ClassVar[str] = "card_played"
    seat: int
    card: Card
    lead: bool
    led: Suit | None
    sets: bool
    special: str | None


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """Trick ``trick`` of the round went to ``seat`` with ``card``; ``cards`` in the order played."""

    type: ClassVar[str] = "trick_won"
    trick: int
    seat: int
    card: Card
    cards: tuple[tuple[int, Card], ...]
    tricks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """The round is over: each seat's bid, tricks, points won or lost, and totals."""

    type: ClassVar[str] = "round_scored"
    round: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    type: ClassVar[str] = "game_over"
    totals: tuple[int, ...]
    winners: tuple[int, ...]


# --- the score sheet and the view ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One row of the score sheet (the seed's "Block"): a round's cards, bids, tricks, points and totals."""

    round: int
    cards: int
    trump: Suit | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OhHellView:
    """What one seat may know: its own hand, the turned card and trump, the bids, the tricks, what was played.

    ``legal`` are this seat's actions now (empty when another seat is to move).
    ``played`` are the cards played this round, in order (public, face up).
    """

    seat: int
    players: int
    pack: str
    grab_and_pass: bool
    round: int
    rounds: int
    cards: int
    dealer: int
    phase: str
    to_move: int | None
    hand: tuple[Card, ...]
    hand_ids: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    turned: Card | None
    trump: Suit | None
    chooser: int | None
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    led: Suit | None
    played: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    totals: tuple[int, ...]
    sheet: tuple[SheetRow, ...]
    legal: tuple[int, ...]
    forbidden: int | None
    """The bid the dealer may not make now (None: any bid up to the tricks, or not the dealer's turn)."""
    result: Result | None

    @property
    def trick_no(self) -> int:
        """The trick being played, from 1."""
        return sum(self.tricks) + 1


# --- the state -------------------------------------------------------------------------

_TABLES: dict[tuple[str, bool], tuple[list[int], list[int], list[int]]] = {}


def _card_tables(pack: Deck, grab_pass: bool) -> tuple[list[int], list[int], list[int]]:
    skat = pack.kind is DeckKind.SKAT64
    suit_of: list[int] = []
    rank_of: list[int] = []
    special: list[int] = []
    for card in pack.cards:
        assert card.suit is not None
        suit_of.append(SUITS.index(card.suit))
        rank_of.append(14 if card.rank == 1 else card.rank)
        kind = PLAIN
        if grab_pass:
            if card.rank == 11:
                kind = GRAB if not skat or card.suit in (Suit.CLUBS, Suit.SPADES) else PASS
            elif card.rank == 1 and not skat:
                kind = PASS
        special.append(kind)
    return suit_of, rank_of, special


class OhHellState(GameState[int]):
    """One game of Stiche-Raten for 3 to 6 seats."""

    game: ClassVar[str] = GAME

    def __init__(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        deals: Sequence[tuple[Sequence[Sequence[int]], int | None]] | None = None,
        start_round: int = 1,
    ) -> None:
        """``deals`` fix the first rounds played (the hands, and the turned card or None), as a scenario does.

        ``start_round`` (from 1) is the round the game begins with (a lesson or a scenario may start later).
        """
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise OptionError(
                "error-ohhell-players", f"Stiche-Raten is for 3 to 6 players, not {players}", players=players
            )
        self.players = players
        self.options: dict[str, Any] = parse_options(OPTION_SPECS, options or {})
        self.seed = seed
        self._rng = random.Random(seed)
        self.schedule = schedule(players, self.options["pack"], self.options["up_and_down"], self.options["max_cards"])
        self.longest = max(self.schedule)
        self.first_dealer = players - 1 if dealer is None else dealer
        if not 0 <= self.first_dealer < players:
            raise OptionError("error-ohhell-dealer", f"there is no seat {dealer} to deal", seat=dealer)
        self.deals = [([list(h) for h in hands], turned) for hands, turned in (deals or ())]
        if isinstance(start_round, bool) or not 1 <= start_round <= len(self.schedule):
            raise OptionError(
                "error-ohhell-start-round",
                f"there is no round {start_round}: the game has {len(self.schedule)}",
                round=start_round,
                rounds=len(self.schedule),
            )
        self.start_round = start_round
        self._tables()
        self.phase = DEAL
        self.round = start_round - 1  # index into schedule; round number is round + 1
        self.dealer = self.first_dealer
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.turned: int | None = None
        self.trump: int | None = None
        self.chooser: int | None = None
        self.bids: list[int | None] = [None] * players
        self.tricks = [0] * players
        self.trick: list[tuple[int, int]] = []
        self.leader = 0
        self.turn: int | None = None
        self.led: int | None = None
        self.played: list[tuple[int, int]] = []
        self.last_trick: list[tuple[int, int]] = []
        self.last_winner: int | None = None
        self.totals = [0] * players
        self.sheet: list[SheetRow] = []
        self._result: Result | None = None

    def _tables(self) -> None:
        """Per card id: its suit, its strength in the suit, its part under grab_and_pass (shared, read-only)."""
        self.pack: Deck = deck(self.options["pack"])
        key = (self.options["pack"], bool(self.options["grab_and_pass"]))
        if key not in _TABLES:
            _TABLES[key] = _card_tables(self.pack, key[1])
        self.suit_of, self.rank_of, self.special = _TABLES[key]

    # -- the shape every game shares ---------------------------------------------------

    @property
    def deck_kind(self) -> str | None:
        return str(self.options["pack"])

    def start(self) -> list[Event]:
        if self.phase != DEAL:
            raise IllegalActionError("error-dealt", "the cards are dealt already")
        events: list[Event] = []
        self._deal(events)
        return events

    def to_move(self) -> int | None:
        return self.turn if self.phase in (TRUMP_CHOICE, BIDDING, PLAYING) else None

    def legal_actions(self) -> LegalActions[int]:
        return LegalActions(self.actions())

    def actions(self) -> list[int]:
        """The legal actions now, as a plain list (the fast path)."""
        phase = self.phase
        if phase == PLAYING:
            return self._plays(self.hands[self.turn])  # type: ignore[index]
        if phase == BIDDING:
            cards = self.schedule[self.round]
            forbidden = self.forbidden_bid()
            return [BID + n for n in range(cards + 1) if n != forbidden]
        if phase == TRUMP_CHOICE:
            return [TRUMP + i for i in range(4)]
        return []

    def _plays(self, hand: list[int]) -> list[int]:
        led = self.led
        if led is None:
            return list(hand)
        suit_of, special = self.suit_of, self.special
        follow = [c for c in hand if suit_of[c] == led and not special[c]]
        if not follow:
            return list(hand)
        return [c for c in hand if special[c] or suit_of[c] == led]

    def forbidden_bid(self) -> int | None:
        """The bid the seat to bid may not make: the dealer's bid that would make the total equal the tricks."""
        if self.phase != BIDDING or self.turn != self.dealer:
            return None
        cards = self.schedule[self.round]
        rest = cards - sum(b for b in self.bids if b is not None)
        return rest if 0 <= rest <= cards else None

    def apply(self, action: int) -> list[Event]:
        if action not in self.actions():
            self._refuse(action)
        events: list[Event] = []
        self._step(action, events)
        return events

    def play_quiet(self, action: int) -> None:
        """Apply a legal action without events (search, simulation, benchmarks): no check is made."""
        self._step(action, None)

    def bid_action(self, n: int) -> int:
        """The action "bid ``n``"; a bid too large to be one is refused as a bid, with the round's limit."""
        if BID + n < TRUMP:
            return BID + n
        if self.phase == BIDDING:
            cards = self.schedule[self.round]
            raise IllegalActionError(
                "error-ohhell-bid-high", f"you may not bid {n}: there are only {cards} tricks", bid=n, tricks=cards
            )
        self._refuse(BID)  # not the time to bid: the phase's own reason
        raise AssertionError("unreachable: every refusal raises")

    def _refuse(self, action: object) -> None:
        phase = self.phase
        if phase in (DEAL, OVER) or not isinstance(action, int) or isinstance(action, bool):
            raise IllegalActionError("error-not-your-turn", f"{action!r} is not a move now", action=repr(action))
        cards = self.schedule[self.round]
        if phase == BIDDING and is_bid(action):
            n = bid_of(action)
            if n > cards:
                raise IllegalActionError(
                    "error-ohhell-bid-high", f"you may not bid {n}: there are only {cards} tricks", bid=n, tricks=cards
                )
            total = sum(b for b in self.bids if b is not None) + n
            raise IllegalActionError(
                "error-ohhell-bid-total",
                f"you may not bid {n}: the bids would add up to {total} tricks",
                bid=n,
                total=total,
                tricks=cards,
            )
        if phase == PLAYING and 0 <= action < len(self.pack):
            if action not in self.hands[self.turn]:  # type: ignore[index]
                raise IllegalActionError(
                    "error-ohhell-not-held",
                    f"{self.pack.code(action)} is not in your hand",
                    card=self.pack.code(action),
                )
            assert self.led is not None
            raise IllegalActionError(
                "error-ohhell-follow",
                f"you must follow {SUITS[self.led].name.lower()}",
                card=self.pack.code(action),
                suit=SUITS[self.led].value,
            )
        if phase == PLAYING:
            raise IllegalActionError("error-ohhell-play-now", "play a card now", action=repr(action))
        if phase == BIDDING:
            raise IllegalActionError("error-ohhell-bid-now", "bid now", action=repr(action))
        raise IllegalActionError("error-ohhell-trump-now", "choose trump now", action=repr(action))

    # -- the rules ----------------------------------------------------------------------------

    def _deal(self, events: list[Event] | None) -> None:
        players = self.players
        cards = self.schedule[self.round]
        first = (self.dealer + 1) % players
        given_at = self.round - (self.start_round - 1)
        if given_at < len(self.deals):
            given, turned = self.deals[given_at]
            self.hands = [list(hand) for hand in given]
        else:
            order = list(range(len(self.pack)))
            self._rng.shuffle(order)
            self.hands = [[] for _ in range(players)]
            for i in range(cards * players):
                self.hands[(first + i) % players].append(order[i])
            turned = order[cards * players] if cards * players < len(order) else None
        if cards == self.longest:
            turned = None  # the longest round has no trump, and no card is turned up
        self.turned = turned
        self.trump = None
        self.chooser = None
        special = None
        if turned is not None:
            kind = self.special[turned]
            if kind == PLAIN:
                self.trump = self.suit_of[turned]
            elif kind == GRAB:
                self.chooser = first
                special = "grab"
            else:
                special = "pass"
        self.bids = [None] * players
        self.tricks = [0] * players
        self.trick = []
        self.played = []
        self.last_trick = []
        self.last_winner = None
        self.led = None
        self.leader = first
        self.turn = first
        self.phase = TRUMP_CHOICE if self.chooser is not None else BIDDING
        if events is not None:
            events.append(
                RoundDealt(
                    self.round + 1,
                    len(self.schedule),
                    cards,
                    self.dealer,
                    None if turned is None else self.pack.card(turned),
                    None if self.trump is None else SUITS[self.trump],
                    self.chooser,
                    special,
                )
            )

    def _step(self, action: int, events: list[Event] | None) -> None:
        phase = self.phase
        seat = self.turn
        assert seat is not None
        players = self.players
        if phase == PLAYING:
            self._play(seat, action, events)
        elif phase == BIDDING:
            self.bids[seat] = action - BID
            nxt = (seat + 1) % players
            done = seat == self.dealer
            if done:
                self.phase = PLAYING
                nxt = self.leader
            self.turn = nxt
            if events is not None:
                total = sum(b for b in self.bids if b is not None)
                events.append(BidMade(seat, action - BID, total, self.schedule[self.round], None if done else nxt))
        else:
            self.trump = action - TRUMP
            self.phase = BIDDING
            if events is not None:
                events.append(TrumpChosen(seat, SUITS[self.trump]))

    def _play(self, seat: int, card: int, events: list[Event] | None) -> None:
        players = self.players
        self.hands[seat].remove(card)
        lead = not self.trick
        self.trick.append((seat, card))
        self.played.append((seat, card))
        sets = self.led is None and not self.special[card]
        if sets:
            self.led = self.suit_of[card]
        if events is not None:
            kind = self.special[card]
            events.append(
                CardPlayed(
                    seat,
                    self.pack.card(card),
                    lead,
                    None if self.led is None else SUITS[self.led],
                    sets,
                    None if kind == PLAIN else ("grab" if kind == GRAB else "pass"),
                )
            )
        if len(self.trick) < players:
            self.turn = (seat + 1) % players
            return
        winner, best = self.trick_winner(self.trick)
        self.tricks[winner] += 1
        if events is not None:
            events.append(
                TrickWon(
                    sum(self.tricks),
                    winner,
                    self.pack.card(best),
                    tuple((s, self.pack.card(c)) for s, c in self.trick),
                    tuple(self.tricks),
                )
            )
        self.last_trick = self.trick
        self.last_winner = winner
        self.trick = []
        self.led = None
        self.leader = winner
        self.turn = winner
        if self.hands[winner]:
            return
        self._score(events)

    def trick_winner(self, trick: Sequence[tuple[int, int]]) -> tuple[int, int]:
        """The seat that wins a full trick and the card it wins with.

        Under grab_and_pass the first grab card wins; a pass card never wins unless every card is one
        (then the first). Otherwise the highest trump, else the highest card of the suit led; of two
        identical cards (skat64) the later ranks higher.
        """
        special, suit_of, rank_of = self.special, self.suit_of, self.rank_of
        best_seat, best_card = -1, -1
        if self.options["grab_and_pass"]:
            for seat, card in trick:
                if special[card] == GRAB:
                    return seat, card
            plain = [(seat, card) for seat, card in trick if special[card] == PLAIN]
            if not plain:
                return trick[0]
        else:
            plain = list(trick)
        trump = self.trump
        led = suit_of[plain[0][1]]
        best_key = -1
        for seat, card in plain:
            suit = suit_of[card]
            if suit == trump:
                key = 100 + rank_of[card]
            elif suit == led:
                key = rank_of[card]
            else:
                continue
            if key >= best_key:  # the later of two identical cards ranks higher
                best_key, best_seat, best_card = key, seat, card
        return best_seat, best_card

    def _score(self, events: list[Event] | None) -> None:
        bids = tuple(b if b is not None else 0 for b in self.bids)
        tricks = tuple(self.tricks)
        points = tuple(round_points(b, t) for b, t in zip(bids, tricks, strict=True))
        for seat, p in enumerate(points):
            self.totals[seat] += p
        totals = tuple(self.totals)
        row = SheetRow(
            self.round + 1,
            self.schedule[self.round],
            None if self.trump is None else SUITS[self.trump],
            bids,
            tricks,
            points,
            totals,
        )
        self.sheet.append(row)
        if events is not None:
            events.append(RoundScored(self.round + 1, bids, tricks, points, totals))
        if self.round + 1 >= len(self.schedule):
            best = max(totals)
            winners = tuple(seat for seat, total in enumerate(totals) if total == best)
            self.phase = OVER
            self.turn = None
            self._result = Result(totals, winners, "last_round")
            if events is not None:
                events.append(GameOver(totals, winners))
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        self._deal(events)

    # -- reading ------------------------------------------------------------------------------

    @property
    def result(self) -> Result | None:
        return self._result

    def view(self, seat: int) -> OhHellView:
        if not 0 <= seat < self.players:
            raise IllegalActionError("error-seat", f"there is no seat {seat}", seat=seat)
        card = self.pack.card
        hand = sorted(self.hands[seat], key=self.sort_key)
        to_move = self.to_move()
        return OhHellView(
            seat=seat,
            players=self.players,
            pack=self.options["pack"],
            grab_and_pass=bool(self.options["grab_and_pass"]),
            round=self.round + 1,
            rounds=len(self.schedule),
            cards=self.schedule[self.round],
            dealer=self.dealer,
            phase=self.phase,
            to_move=to_move,
            hand=tuple(card(c) for c in hand),
            hand_ids=tuple(hand),
            hand_sizes=tuple(len(h) for h in self.hands),
            turned=None if self.turned is None else card(self.turned),
            trump=None if self.trump is None else SUITS[self.trump],
            chooser=self.chooser,
            bids=tuple(self.bids),
            tricks=tuple(self.tricks),
            trick=tuple((s, card(c)) for s, c in self.trick),
            leader=self.leader if self.phase == PLAYING else None,
            led=None if self.led is None else SUITS[self.led],
            played=tuple((s, card(c)) for s, c in self.played),
            last_trick=tuple((s, card(c)) for s, c in self.last_trick),
            last_winner=self.last_winner,
            totals=tuple(self.totals),
            sheet=tuple(self.sheet),
            legal=tuple(self.actions()) if to_move == seat else (),
            forbidden=self.forbidden_bid() if to_move == seat else None,
            result=self._result,
        )

    def public_view(self) -> OhHellView:
        """The turned card, trump, bids, tricks, the cards played face up and the hands' sizes: no hand."""
        return dataclasses.replace(self.view(0), seat=-1, hand=(), hand_ids=(), legal=(), forbidden=None)

    def sort_key(self, card: int) -> tuple[int, int, int]:
        """Hands are sorted by suit (trump first), then from high to low; grab and pass cards come last."""
        special = self.special[card]
        if special:
            return (10 + special, -self.rank_of[card], self.suit_of[card])
        suit = self.suit_of[card]
        order = 0 if suit == self.trump else 1 + suit
        return (order, -self.rank_of[card], card)

    def card_id(self, code: str) -> list[int]:
        """The ids of a card code in the pack (two in skat64); CardParseError for a card not in it."""
        found = self.pack.parse(code)
        return [i for i, c in enumerate(self.pack.cards) if c == found]

    # -- copying and saving ------------------------------------------------------------------------

    def clone(self) -> OhHellState:
        other = OhHellState.__new__(OhHellState)
        other.__dict__.update(self.__dict__)
        other._rng = clone_rng(self._rng)
        other.hands = [list(h) for h in self.hands]
        other.bids = list(self.bids)
        other.tricks = list(self.tricks)
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.totals = list(self.totals)
        other.sheet = list(self.sheet)
        return other

    def to_json(self) -> dict[str, Any]:
        result = self._result
        return {
            "game": GAME,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": rng_state(self._rng),
            "first_dealer": self.first_dealer,
            "start_round": self.start_round,
            "deals": [[hands, turned] for hands, turned in self.deals],
            "phase": self.phase,
            "round": self.round,
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "turned": self.turned,
            "trump": self.trump,
            "chooser": self.chooser,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
            "trick": [list(x) for x in self.trick],
            "leader": self.leader,
            "turn": self.turn,
            "led": self.led,
            "played": [list(x) for x in self.played],
            "last_trick": [list(x) for x in self.last_trick],
            "last_winner": self.last_winner,
            "totals": list(self.totals),
            "sheet": [
                {
                    "round": row.round,
                    "cards": row.cards,
                    "trump": None if row.trump is None else row.trump.value,
                    "bids": list(row.bids),
                    "tricks": list(row.tricks),
                    "points": list(row.points),
                    "totals": list(row.totals),
                }
                for row in self.sheet
            ],
            "result": None
            if result is None
            else {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OhHellState:
        """The state ``to_json`` wrote; ValueError (or KeyError, TypeError) when it is not one."""
        if data.get("game") != GAME:
            raise ValueError("not a Stiche-Raten state")
        deals = [
            ([[int(c) for c in hand] for hand in hands], None if t is None else int(t)) for hands, t in data["deals"]
        ]
        state = cls(
            int(data["players"]),
            data["options"],
            data["seed"],
            int(data["first_dealer"]),
            deals,
            int(data["start_round"]),
        )
        n = len(state.pack)

        def card(value: Any) -> int:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
                raise ValueError(f"{value!r} is not a card")
            return value

        def seat(value: Any) -> int:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < state.players:
                raise ValueError(f"{value!r} is not a seat")
            return value

        def maybe(value: Any, read: Any) -> Any:
            return None if value is None else read(value)

        phase = str(data["phase"])
        if phase not in _PHASES:
            raise ValueError(f"unknown phase {phase!r}")
        state._rng = rng_from_state(data["rng"])
        state.phase = phase
        state.round = int(data["round"])
        if not 0 <= state.round < len(state.schedule):
            raise ValueError("round out of range")
        state.dealer = seat(data["dealer"])
        state.hands = [[card(c) for c in hand] for hand in data["hands"]]
        state.turned = maybe(data["turned"], card)
        state.trump = maybe(data["trump"], lambda v: int(v) if v in (0, 1, 2, 3) else _bad(v))
        state.chooser = maybe(data["chooser"], seat)
        state.bids = [None if b is None else int(b) for b in data["bids"]]
        state.tricks = [int(t) for t in data["tricks"]]
        state.trick = [(seat(s), card(c)) for s, c in data["trick"]]
        state.leader = seat(data["leader"])
        state.turn = maybe(data["turn"], seat)
        state.led = maybe(data["led"], lambda v: int(v) if v in (0, 1, 2, 3) else _bad(v))
        state.played = [(seat(s), card(c)) for s, c in data["played"]]
        state.last_trick = [(seat(s), card(c)) for s, c in data["last_trick"]]
        state.last_winner = maybe(data["last_winner"], seat)
        state.totals = [int(t) for t in data["totals"]]
        state.sheet = [
            SheetRow(
                int(row["round"]),
                int(row["cards"]),
                None if row["trump"] is None else Suit(row["trump"]),
                tuple(int(x) for x in row["bids"]),
                tuple(int(x) for x in row["tricks"]),
                tuple(int(x) for x in row["points"]),
                tuple(int(x) for x in row["totals"]),
            )
            for row in data["sheet"]
        ]
        for seq in (state.hands, state.bids, state.tricks, state.totals):
            if len(seq) != state.players:
                raise ValueError("one entry per seat")
        result = data["result"]
        if result is not None:
            state._result = Result(
                tuple(int(x) for x in result["scores"]), tuple(int(x) for x in result["winners"]), str(result["reason"])
            )
        return state


def _bad(value: Any) -> int:
    raise ValueError(f"{value!r} is not a suit")
