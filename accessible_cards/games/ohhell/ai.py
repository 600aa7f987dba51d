"""Stiche-Raten's computer players; each sees only its own seat's view.

- ``simple``: bids the number of its aces and trumps, then plays its highest playable card (the yardstick).
- ``easy``: bids a rough estimate; plays towards its bid half of the time, else a random legal card.
- ``medium``: estimates its tricks from its hand, trump and position; plays to hit the bid exactly: it
  wins the tricks it still needs with the cheapest card that wins, and ducks under the trick once it has them.
- ``hard``: bids as medium; each play is chosen by determinized sampling: the hidden cards are dealt at
  random to the other seats (consistent with the suits each seat has shown it lacks), the round is played
  out by medium players for every candidate card, and the card with the best mean score for this seat wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from accessible_cards.cards import SUITS, deck
from accessible_cards.game import Player

from .basics import LEVELS as LEVELS
from .basics import OFFERED_LEVELS as OFFERED_LEVELS
from .state import BID, GRAB, PASS, PLAIN, PLAYING, TRUMP, OhHellState, OhHellView, round_points

HARD_SAMPLES: Final = 24


class _Cards:
    """Per-card tables for one view's pack and options: suit, strength and grab/pass kind."""

    _cache: ClassVar[dict[tuple[str, bool], _Cards]] = {}

    def __init__(self, pack: str, grab_and_pass: bool) -> None:
        probe = OhHellState(3, {"pack": pack, "grab_and_pass": grab_and_pass})
        self.suit_of = probe.suit_of
        self.rank_of = probe.rank_of
        self.special = probe.special
        self.pack = probe.pack
        self.ids_of: dict[Any, list[int]] = {}
        for i, card in enumerate(probe.pack.cards):
            self.ids_of.setdefault(card, []).append(i)

    @classmethod
    def get(cls, view: OhHellView) -> _Cards:
        key = (view.pack, view.grab_and_pass)
        found = cls._cache.get(key)
        if found is None:
            found = cls._cache[key] = cls(*key)
        return found


def _trump_index(view: OhHellView) -> int | None:
    return None if view.trump is None else SUITS.index(view.trump)


def estimate(view: OhHellView) -> float:
    """Tricks this hand should take: high trumps, side aces and kings, long trumps; grab cards win."""
    t = _Cards.get(view)
    trump = _trump_index(view)
    players = view.players
    top = 14
    expected = 0.0
    trumps = [c for c in view.hand_ids if t.suit_of[c] == trump and not t.special[c]]
    for card in view.hand_ids:
        kind = t.special[card]
        if kind == GRAB:
            expected += 0.9
            continue
        if kind == PASS:
            continue
        rank = t.rank_of[card]
        suit = t.suit_of[card]
        length = sum(1 for c in view.hand_ids if t.suit_of[c] == suit and not t.special[c])
        if suit == trump:
            if rank >= top - 1:
                expected += 0.95
            elif rank >= top - 3:
                expected += 0.65
            else:
                expected += 0.35 if len(trumps) >= 3 else 0.2
        else:
            if rank == top and view.grab_and_pass and view.pack == "french52":
                continue
            if rank == top:
                expected += 0.85 if length <= 4 else 0.6
            elif rank == top - 1:
                expected += 0.45 if length <= 3 else 0.25
            elif rank == top - 2 and length <= 2 and trump is None:
                expected += 0.2
    # more players: more chances that a high card is trumped or beaten
    expected *= 1.0 - 0.04 * (players - 3)
    return expected


def _nearest(target: float, legal: Sequence[int]) -> int:
    bids = [a - BID for a in legal]
    return BID + min(bids, key=lambda b: (abs(b - target), b))


def bid_for(view: OhHellView, legal: Sequence[int]) -> int:
    return _nearest(estimate(view), legal)


def simple_bid(view: OhHellView, legal: Sequence[int]) -> int:
    t = _Cards.get(view)
    trump = _trump_index(view)
    count = sum(1 for c in view.hand_ids if t.rank_of[c] == 14 or t.suit_of[c] == trump)
    return _nearest(count, legal)


def choose_trump(view: OhHellView) -> int:
    """The suit this seat holds most of (the highest cards breaking a tie)."""
    t = _Cards.get(view)
    best = max(
        range(4),
        key=lambda s: (
            sum(1 for c in view.hand_ids if t.suit_of[c] == s and not t.special[c]),
            sum(t.rank_of[c] for c in view.hand_ids if t.suit_of[c] == s),
        ),
    )
    return TRUMP + best


# --- play ---------------------------------------------------------------------------------------


def _winning(
    t: _Cards, legal: Sequence[int], trick: Sequence[tuple[int, int]], trump: int | None, grab_and_pass: bool
) -> list[int]:
    """The cards of ``legal`` that would win the (started) trick so far; as ``_winner`` of each, in one pass."""
    suit_of, rank_of, special = t.suit_of, t.rank_of, t.special
    led = None
    best_key = -1
    for _, card in trick:
        kind = special[card] if grab_and_pass else PLAIN
        if kind == GRAB:
            return []  # the first Jack wins the trick
        if kind:
            continue
        suit = suit_of[card]
        if led is None:
            led = suit
        key = 100 + rank_of[card] if suit == trump else (rank_of[card] if suit == led else -1)
        if key > best_key:
            best_key = key
    out = []
    for card in legal:
        kind = special[card] if grab_and_pass else PLAIN
        if kind == GRAB:
            out.append(card)
        elif kind:
            continue  # a pass card wins only a trick of pass cards it leads
        else:
            suit = suit_of[card]
            if led is None:
                out.append(card)
                continue
            key = 100 + rank_of[card] if suit == trump else (rank_of[card] if suit == led else -1)
            if key >= 0 and key >= best_key:
                out.append(card)
    return out


def _strength(t: _Cards, card: int, trump: int | None) -> int:
    kind = t.special[card]
    if kind == GRAB:
        return 300
    if kind == PASS:
        return -1
    return t.rank_of[card] + (100 if t.suit_of[card] == trump else 0)


def aim_play(
    t: _Cards,
    legal: Sequence[int],
    trick: Sequence[tuple[int, int]],
    seat: int,
    trump: int | None,
    grab_and_pass: bool,
    need: int,
) -> int:
    """Play towards the bid: ``need`` > 0 wants tricks, else the trick is ducked."""
    if not trick:
        return _strongest(t, legal, trump) if need > 0 else _weakest(t, legal, trump)
    winning = _winning(t, legal, trick, trump, grab_and_pass)
    if need > 0:
        return _weakest(t, winning, trump) if winning else _weakest(t, legal, trump)
    losing = [c for c in legal if c not in winning]
    if losing:
        return max(losing, key=lambda c: _strength(t, c, trump))
    return max(winning, key=lambda c: _strength(t, c, trump))  # it wins anyway: spend the strongest card


def _weakest(t: _Cards, cards: Sequence[int], trump: int | None) -> int:
    """The first of the weakest cards."""
    return min(cards, key=lambda c: _strength(t, c, trump))


def _strongest(t: _Cards, cards: Sequence[int], trump: int | None) -> int:
    """The last of the strongest cards (as the end of a stable sort by strength)."""
    best, best_key = cards[0], _strength(t, cards[0], trump)
    for card in cards[1:]:
        key = _strength(t, card, trump)
        if key >= best_key:
            best, best_key = card, key
    return best


def _need(view: OhHellView) -> int:
    bid = view.bids[view.seat]
    return (bid or 0) - view.tricks[view.seat]


def _ids(view: OhHellView, pairs: Sequence[tuple[int, Any]]) -> list[tuple[int, int]]:
    """Played cards as (seat, id) pairs: equal cards of skat64 take their ids in turn."""
    t = _Cards.get(view)
    used: set[int] = set(view.hand_ids)
    out = []
    for seat, card in pairs:
        for i in t.ids_of.get(card, ()):
            if i not in used:
                used.add(i)
                out.append((seat, i))
                break
    return out


class _Base:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: OhHellView, legal_actions: Any) -> int:
        legal = list(legal_actions)
        if legal[0] >= TRUMP:
            return choose_trump(view)
        if legal[0] >= BID:
            return self.bid(view, legal)
        return self.play(view, legal)

    def bid(self, view: OhHellView, legal: list[int]) -> int:
        return bid_for(view, legal)

    def play(self, view: OhHellView, legal: list[int]) -> int:
        t = _Cards.get(view)
        trick = _ids(view, view.trick)
        return aim_play(t, legal, trick, view.seat, _trump_index(view), view.grab_and_pass, _need(view))


class RandomPlayer(_Base):
    def choose(self, view: OhHellView, legal_actions: Any) -> int:
        return int(self.rng.choice(list(legal_actions)))


class SimplePlayer(_Base):
    """Bid the aces and trumps, then play high."""

    def bid(self, view: OhHellView, legal: list[int]) -> int:
        return simple_bid(view, legal)

    def play(self, view: OhHellView, legal: list[int]) -> int:
        t = _Cards.get(view)
        return max(legal, key=lambda c: _strength(t, c, _trump_index(view)))


class EasyPlayer(_Base):
    def bid(self, view: OhHellView, legal: list[int]) -> int:
        return _nearest(estimate(view) + self.rng.uniform(-1.0, 1.0), legal)

    def play(self, view: OhHellView, legal: list[int]) -> int:
        if self.rng.random() < 0.5:
            return int(self.rng.choice(legal))
        return super().play(view, legal)


class MediumPlayer(_Base):
    pass


class HardPlayer(_Base):
    """Determinized sampling over the hidden hands, played out by medium players."""

    def __init__(self, seed: int, samples: int = HARD_SAMPLES) -> None:
        super().__init__(seed)
        self.samples = samples

    def play(self, view: OhHellView, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        t = _Cards.get(view)
        played = _ids(view, view.played)
        template = self._template(view, played)
        voids = _voids(view, t, played)
        worlds = [self._world(view, t, played, template, voids) for _ in range(self.samples)]
        best, best_score = legal[0], float("-inf")
        for card in legal:
            total = 0.0
            for world in worlds:
                state = world.clone()
                state.play_quiet(card)
                total += _play_out(state, t, view.seat)
            if total > best_score:
                best, best_score = card, total
        return best

    def _template(self, view: OhHellView, played: list[tuple[int, int]]) -> OhHellState:
        """The round as this seat sees it, with no hidden hands dealt yet; each sampled world is a copy."""
        trick = played[len(played) - len(view.trick) :] if view.trick else []
        state = OhHellState(view.players, {"pack": view.pack, "grab_and_pass": view.grab_and_pass, "max_cards": 1})
        state.schedule = (view.cards,)
        state.longest = view.cards
        state.round = 0
        state.dealer = view.dealer
        state.trump = _trump_index(view)
        state.bids = [b if b is not None else 0 for b in view.bids]
        state.tricks = list(view.tricks)
        state.trick = trick
        state.played = played
        state.turn = view.seat
        state.leader = trick[0][0] if trick else view.seat
        state.led = None if view.led is None else SUITS.index(view.led)
        state.phase = PLAYING
        return state

    def _world(
        self,
        view: OhHellView,
        t: _Cards,
        played: list[tuple[int, int]],
        template: OhHellState,
        voids: list[set[int]],
    ) -> OhHellState:
        """One dealing of the hidden cards to the other seats, consistent with the suits they are known to lack."""
        players = view.players
        seen = set(view.hand_ids) | {c for _, c in played}
        turned = None
        if view.turned is not None:
            for i in t.ids_of.get(view.turned, ()):
                if i not in seen:
                    turned = i
                    break
        if turned is not None:
            seen.add(turned)
        unseen = [i for i in range(len(t.pack)) if i not in seen]
        self.rng.shuffle(unseen)
        hands: list[list[int]] = [[] for _ in range(players)]
        hands[view.seat] = list(view.hand_ids)
        others = [s for s in range(players) if s != view.seat]
        # deal the most constrained seats first; a card a seat may not hold goes to another
        pool = unseen
        for seat in sorted(others, key=lambda s: -len(voids[s])):
            want = view.hand_sizes[seat]
            fits = [c for c in pool if t.suit_of[c] not in voids[seat] or t.special[c]]
            if len(fits) < want:
                fits = pool
            chosen = fits[:want]
            hands[seat] = chosen
            taken = set(chosen)
            pool = [c for c in pool if c not in taken]
        state = template.clone()
        state.hands = hands
        return state


def _voids(view: OhHellView, t: _Cards, played: list[tuple[int, int]]) -> list[set[int]]:
    """The suits each seat has shown it lacks this round (it did not follow)."""
    voids: list[set[int]] = [set() for _ in range(view.players)]
    trick_len = view.players
    for start in range(0, len(played), trick_len):
        trick = played[start : start + trick_len]
        led = None
        for seat, card in trick:
            if t.special[card]:
                continue
            if led is None:
                led = t.suit_of[card]
            elif t.suit_of[card] != led:
                voids[seat].add(led)
    return voids


def _play_out(state: OhHellState, t: _Cards, me: int) -> float:
    """Play the round to its end with medium play for every seat; this seat's points, against the others'."""
    trump = state.trump
    grab = bool(state.options["grab_and_pass"])
    while state.result is None:
        seat = state.turn
        assert seat is not None
        legal = state.actions()
        need = (state.bids[seat] or 0) - state.tricks[seat]
        state.play_quiet(aim_play(t, legal, state.trick, seat, trump, grab, need))
    row = state.sheet[-1]
    return float(round_points(row.bids[me], row.tricks[me]))


def make_player(level: str, seed: int) -> Player:
    players = {
        "easy": EasyPlayer,
        "medium": MediumPlayer,
        "hard": HardPlayer,
        "simple": SimplePlayer,
        "random": RandomPlayer,
    }
    return players[level](seed)


def pack_size(pack: str) -> int:
    return len(deck(pack))
