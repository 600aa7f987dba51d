"""Spot cards in what one seat is shown, and keep account of the cards that seat may not know.

Cards are spotted as the narrators spell them (:mod:`accessible_cards.narration.card_names`): the
spoken name ("seven of hearts", "Herz Sieben", "Sette di Denari"), the forms the Stealing Bundles
sentences use ("with the seven of hearts", "den Kreuz Buben"), and the card code ("7H") as a token
of its own. A whole name must match, so "seven cards", "Tie of sevens" or "Sieben" alone is never a
card. On a braille display a card is its two cells as liblouis writes the code (and the cells of
its spoken name), standing as a braille word of its own.

What a seat may not know, as the rules say:

- War: every card that is not face up on the table (every pile, the face-down cards of a war, the
  cards set aside or out of play). The cards turned up in a battle are public while the battle is
  told, and hidden again once they go under a pile.
- Stealing Bundles: the other seats' hands, the stock, and every sweep-bonus card (it moves from
  the stock under the played card without being shown).
- Stiche-Raten: the other seats' hands and the cards not dealt this round. The cards played this
  round and the turned-up card are face up; at the next deal every card goes back into the pack.

Stiche-Raten also says a hand, and the cards played, by suit: "hearts: nine; clubs: queen and
seven", "Du musst Kreuz bedienen: Dame oder Sieben". ``Spotter(..., grouped=True)`` reads those
rank lists after their suit as cards too.

:class:`WarWatch`, :class:`BundlesWatch` and :class:`OhHellWatch` follow one game step by step and say which cards the
last step's announcements may name although they are hidden now: the cards it turned up, and the
cards that were public before it (a battle's cards go under a pile, a tiebreak deals the main
game's cards again). The War watch does not take the battle's cards from the events: it works out
which card each seat laid face up from the piles before the step and the face-down counts, and
checks the events against that.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import random
import re
from collections.abc import Iterable, Sequence
from typing import Any, Final

from accessible_cards.braille import louis
from accessible_cards.cards import Card, DeckKind, Suit, deck
from accessible_cards.engine import Event
from accessible_cards.games.bundles.match import BundlesMatchState
from accessible_cards.games.bundles.narrator import BundlesNarrator
from accessible_cards.games.bundles.rules import BundlesAction
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.games.ohhell.state import OhHellState
from accessible_cards.games.war.state import TURN, Battle, FaceDown, LastCardUp, Took, WarState
from accessible_cards.i18n import Catalog
from accessible_cards.narration.card_names import RANK_IDS, SUIT_IDS, CardNames

_CODE: Final = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][SHDC])(?![A-Za-z0-9])")
_LEADING: Final = frozenset({"with", "the", "mit", "der", "dem", "den", "das", "die"})
"""Words in front of a card name in a sentence form ("with the", "mit dem"), dropped to leave the name."""

_BEFORE_CELLS: Final = "\u2800\u2810\u2830\u2823\u2836"
"""Cells that may stand before a card: a blank, a numeric space (dot 5), a grade-1 indicator (dots 56), an
opening parenthesis (UEB's dots 5 then 126, German dots 2356): "trump H (9H)"."""
_AFTER_CELLS: Final = "\u2800\u2810\u2802\u2806\u2812\u2832\u2816\u2826\u2834\u2820\u2830\u2828\u2836\u2804\u2808"
"""Cells that may follow a card that stands alone: a blank, a numeric space, punctuation (German ")" and "…",
the dot 4 en-us-g2 writes before a colon)."""


def _bare(form: str) -> str:
    words = form.split()
    while words and words[0].lower() in _LEADING:
        words.pop(0)
    return " ".join(words)


class Spotter:
    """The cards a text names, for one language and one suited deck.

    ``grouped``: also the cards of a rank list after its suit, as Stiche-Raten says a hand by suit.
    """

    def __init__(self, lang: str, kind: DeckKind | str, *, grouped: bool = False) -> None:
        pack = deck(kind)
        if not pack.suited:
            raise ValueError("the numbers deck names its cards as plain numbers; check its views instead")
        names = CardNames(Catalog(lang), pack.kind)
        narrator = BundlesNarrator(lang, "normal", pack.kind.value, [None, None])
        self.spellings: dict[str, Card] = {}
        for card in pack.cards:
            for form in (names.name(card), narrator._with(card), narrator._the(card)):
                self.spellings[_bare(form).lower()] = card
        alternatives = "|".join(re.escape(s) for s in sorted(self.spellings, key=len, reverse=True))
        self._names = re.compile(rf"(?<!\w)({alternatives})(?!\w)", re.IGNORECASE)
        self._codes = {card.code: card for card in pack.cards}
        self._groups = _RankGroups(Catalog(lang), pack.cards) if grouped else None

    def cards(self, text: str) -> set[Card]:
        """Every card ``text`` names, by a whole name or by its code (and in a rank list after its suit)."""
        found = {self.spellings[match.group(1).lower()] for match in self._names.finditer(text)}
        found.update(self._codes[code] for code in _CODE.findall(text) if code in self._codes)
        if self._groups is not None:
            found |= self._groups.cards(text)
        return found


class _RankGroups:
    """Cards said as a suit and a list of its ranks, in the catalog's own words.

    The words between the suit and its first rank come from the very messages that say such groups
    ("{suit}: {ranks}", "trump {suit}: {ranks}", "You must follow {suit}: {cards}."), the list's
    joints from the list messages ("{first}, {next}", "{first} and {last}", "{first} or {last}"),
    and a rank may stand as "the {rank}".
    """

    _SUIT, _RANKS = "\x00suit\x00", "\x00ranks\x00"

    def __init__(self, catalog: Catalog, cards: Sequence[Card]) -> None:
        c = catalog
        suits = {c.text(word, "suit"): suit for suit, word in SUIT_IDS.items()}
        self.by_name: dict[tuple[Suit, str], Card] = {}
        ranks: dict[str, int] = {}
        for rank, word in enumerate(RANK_IDS, start=1):
            said = c.text(word, "rank")
            ranks[said.lower()] = rank
            ranks[c.text("the {rank}", "rank of the suit to follow", rank=said).lower()] = rank
        self.ranks = ranks
        by_rank = {(card.suit, card.rank): card for card in cards if card.suit is not None}
        self.cards_of = by_rank
        self.suits = {name.lower(): suit for name, suit in suits.items()}
        between = {
            self._between(c.text("{suit}: {ranks}", suit=self._SUIT, ranks=self._RANKS)),
            self._between(c.text("trump {suit}: {ranks}", suit=self._SUIT, ranks=self._RANKS)),
            self._between(c.text("You must follow {suit}: {cards}.", suit=self._SUIT, cards=self._RANKS)),
        }
        joints = {
            c.text("{first}, {next}", "list of several", first="", next=""),
            c.text("{first} and {last}", "list of several", first="", last=""),
            c.text("{first} or {last}", "list of choices", first="", last=""),
        }
        name = c.text("{rank} of {suit}", "card name", rank=self._RANKS, suit=self._SUIT)
        of = ""  # a rank that goes on into a card's whole name ("the ace of spades") is that card, not of the group
        if name.index(self._RANKS) < name.index(self._SUIT):
            of = f"(?!{re.escape(name[name.index(self._RANKS) + len(self._RANKS) : name.index(self._SUIT)])})"
        rank = "(?:" + "|".join(re.escape(word) for word in sorted(ranks, key=len, reverse=True)) + f"){of}"
        joint = "|".join(re.escape(word) for word in sorted(joints, key=len, reverse=True))
        suit = "|".join(re.escape(word) for word in sorted(self.suits, key=len, reverse=True))
        gap = "|".join(re.escape(word) for word in sorted(between, key=len, reverse=True))
        self._group = re.compile(
            rf"(?<!\w)({suit})(?:{gap})((?:{rank})(?:(?:{joint})(?:{rank}))*)(?!\w)", re.IGNORECASE
        )
        self._rank = re.compile(rf"(?<!\w)({rank})(?!\w)", re.IGNORECASE)

    def _between(self, text: str) -> str:
        start = text.index(self._SUIT) + len(self._SUIT)
        return text[start : text.index(self._RANKS)]

    def cards(self, text: str) -> set[Card]:
        found: set[Card] = set()
        for match in self._group.finditer(text):
            suit = self.suits[match.group(1).lower()]
            for said in self._rank.findall(match.group(2)):
                card = self.cards_of.get((suit, self.ranks[said.lower()]))
                if card is not None:
                    found.add(card)
        return found


class CellSpotter:
    """The cards a braille line shows, for one language, braille table and deck.

    A card shows as its two cells standing as a braille word of its own (a blank, a numeric space or
    punctuation around them), or as the cells of its spoken name. Braille playing cards carry no
    capital sign, so a few short words come out as the very cells of a card: "is" is the nine of
    spades, the German "ab" the Asso di Bastoni, the Spanish "de" the Cuatro de Espadas. liblouis
    says which characters each cell came from; cells that came from a card's code or name are that
    card, cells that came from another word are only a look-alike (kept in ``lookalikes``).
    """

    def __init__(self, lang: str, grade: str | None, kind: DeckKind | str) -> None:
        pack = deck(kind)
        self.lang, self.grade, self.kind = lang, grade, pack.kind
        names = CardNames(Catalog(lang), pack.kind)
        words: dict[str, Card] = {}
        self.sources: dict[Card, set[str]] = {}
        for card in pack.cards:
            for text in (card.code, names.name(card)):
                cells, _ = self.translate(text)
                assert cells, f"liblouis gave no cells for {text!r}"
                words[cells] = card
                self.sources.setdefault(card, set()).add(text)
        self.words = words
        self.lookalikes: dict[str, int] = {}
        alternatives = "|".join(re.escape(cells) for cells in sorted(words, key=len, reverse=True))
        self._pattern = re.compile(rf"(?:^|(?<=[{_BEFORE_CELLS}]))({alternatives})(?=$|[{_AFTER_CELLS}])")

    def translate(self, text: str) -> tuple[str, list[int]]:
        """Unicode braille for ``text`` as the game's braille outputs write it, and each cell's source index."""
        result = louis.translate(text, self.lang, self.grade, self.kind)
        if result is None:
            raise RuntimeError(louis.unavailable_reason() or "liblouis is missing")
        return result

    def cards(self, text: str) -> tuple[str, set[Card]]:
        """The cells of the braille line ``text`` and every card they show."""
        cells, sources = self.translate(text)
        found: set[Card] = set()
        for match in self._pattern.finditer(cells):
            card = self.words[match.group(1)]
            start = sources[match.start(1)]
            if any(_written_at(text, start, written) for written in self.sources[card]):
                found.add(card)
            else:
                word = text[start:].split(maxsplit=1)[0] if text[start:].strip() else ""
                self.lookalikes[word] = self.lookalikes.get(word, 0) + 1
        return cells, found


def _written_at(text: str, start: int, written: str) -> bool:
    """True when ``written`` (a card's code, or its name in any case) stands in ``text`` at ``start`` as a whole."""
    piece = text[start : start + len(written)]
    if not (piece == written or (" " in written and piece.lower() == written.lower())):
        return False
    end = start + len(written)
    return (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum())


def cards_in(value: Any) -> list[Card]:
    """Every :class:`Card` held anywhere in a view (fields, tuples, lists, mappings), in any depth."""
    found: list[Card] = []
    stack = [value]
    pop, push, keep = stack.pop, stack.extend, found.append
    kinds = _KINDS
    while stack:
        item = pop()
        kind = type(item)
        how = kinds.get(kind)
        if how is None:
            how = kinds[kind] = _kind_of(kind)
        if how == _LEAF:
            continue
        if how == _CARD:
            keep(item)
        elif how == _MANY:
            push(item)
        elif how == _MAPPING:
            push(item.keys())
            push(item.values())
        else:
            push(getattr(item, name) for name in _field_names(kind))
    return found


_LEAF, _CARD, _MANY, _MAPPING, _FIELDS = range(5)
_KINDS: dict[type, int] = {}
"""How :func:`cards_in` looks into a value of each type (asked once per type: the views hold millions)."""


def _kind_of(kind: type) -> int:
    """A card; a sequence or set; a mapping; a dataclass instance (its fields); anything else holds no card."""
    if issubclass(kind, Card):
        return _CARD
    if issubclass(kind, (tuple, list, set, frozenset)):
        return _MANY
    if issubclass(kind, dict):
        return _MAPPING
    if issubclass(kind, (int, str, float, type(None), enum.Enum)) or issubclass(kind, type):
        return _LEAF
    return _FIELDS if dataclasses.is_dataclass(kind) else _LEAF


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(kind))


def leaks(texts: Iterable[str], hidden: set[Card] | frozenset[Card], spotter: Spotter) -> list[tuple[str, set[Card]]]:
    """Each text that names a hidden card, with the cards it names; empty when nothing leaks.

    This is the check for anything kept and shown later: a game screen's history, a saved history,
    log lines.
    """
    found: list[tuple[str, set[Card]]] = []
    for text in texts:
        named = spotter.cards(text) & hidden
        if named:
            found.append((text, named))
    return found


# --- following a game ----------------------------------------------------------------


def war_face_up(state: WarState) -> set[int]:
    """The card ids lying face up on the War table."""
    up: set[int] = set()
    position = 0
    for seats, face_up in state.steps:
        for _ in seats:
            if face_up:
                up.add(state.table[position])
            position += 1
    return up


class WarWatch:
    """Follows a War game: what is hidden (the same for every seat) and what the last step turned up."""

    def __init__(self, state: WarState) -> None:
        self.state = state
        self.every = frozenset(range(len(state.deck)))
        self.revealed: frozenset[int] = frozenset()

    def start(self) -> list[Event]:
        return WarState.start(self.state)

    def hidden(self, seat: int | None = None) -> frozenset[int]:
        """Card ids no seat may know now."""
        return self.every - war_face_up(self.state)

    def step(self, action: object = TURN) -> list[Event]:
        """Play one battle; ``revealed``: the cards it turned up (checked against the piles) or found face up."""
        state = self.state
        before = [list(pile) for pile in state.piles]
        public = war_face_up(state)
        events = WarState.apply(state, action)  # type: ignore[arg-type]
        self.revealed = frozenset(turned_up(state, before, events)) | public
        return events

    def shuffled(self, rng: random.Random) -> WarState:
        """A copy of the game with every hidden card moved to another hidden place."""
        other = self.state.clone()
        up = war_face_up(other)
        places: list[tuple[list[int] | Any, int]] = []
        for pile in other.piles:
            places += [(pile, i) for i in range(len(pile))]
        places += [(other.table, i) for i, card in enumerate(other.table) if card not in up]
        places += [(other.set_aside, i) for i in range(len(other.set_aside))]
        places += [(other.out_of_play, i) for i in range(len(other.out_of_play))]
        _shuffle_places(places, rng)
        other._refresh()
        return other


def turned_up(state: WarState, before: Sequence[Sequence[int]], events: Sequence[Event]) -> list[int]:
    """The cards one War step turned face up, from each seat's pile before the step.

    Each seat lays from the top of its pile: the face-down counts say how many it laid unseen, so
    the next card is the one it turned up. The battle events must show exactly those cards, and
    every pile must afterwards hold the rest of what it held (the taker's with the table under it).
    """
    cards = state.deck.cards
    cursor = [0] * len(before)
    standing: tuple[int, ...] = ()
    turned: list[int] = []
    winner: int | None = None
    for event in events:
        if isinstance(event, FaceDown):
            for seat, n in event.counts:
                cursor[seat] += n
        elif isinstance(event, LastCardUp):
            standing = event.standing
        elif isinstance(event, Battle):
            for seat, card in event.cards:
                if seat in standing:
                    continue  # no card left: the tied card stands, face up already
                laid = before[seat][cursor[seat]]
                assert cards[laid] == card, (
                    f"the battle shows {card.code} for seat {seat}, but the card it turned up is {cards[laid].code}"
                )
                turned.append(laid)
                cursor[seat] += 1
            standing = ()
        elif isinstance(event, Took):
            winner = event.seat
    for seat, pile in enumerate(before):
        rest = list(pile[cursor[seat] :])
        after = list(state.piles[seat])
        if seat == winner:
            assert after[: len(rest)] == rest, f"seat {seat}'s pile changed beyond the cards it laid"
        else:
            assert after == rest, f"seat {seat}'s pile changed beyond the cards it laid"
    return turned


class BundlesWatch:
    """Follows a Stealing Bundles game (or match): what each seat may not know, and the card the last step played.

    ``state`` is the game in play; ``whole`` the state stepped: that game, or the match around it.
    """

    def __init__(self, state: BundlesState | BundlesMatchState) -> None:
        self.whole = state
        self.bonus: dict[int, int] = {}  # sweep-bonus card id -> the seat that took it (and alone saw it)
        self.revealed: frozenset[int] = frozenset()

    @property
    def state(self) -> BundlesState:
        whole = self.whole
        return whole.current if isinstance(whole, BundlesMatchState) else whole

    def start(self) -> list[Event]:
        return type(self.whole).start(self.whole)  # the class's own: the instance's start may be this one

    def hidden(self, seat: int | None = None) -> frozenset[int]:
        """Card ids ``seat`` may not know now: other hands, the stock, sweep-bonus cards others took (None: all)."""
        state = self.state
        out = set(state.stock) | {card for card, taker in self.bonus.items() if taker != seat}
        for other, hand in enumerate(state.hands):
            if other != seat:
                out.update(hand)
        return frozenset(out)

    def step(self, action: BundlesAction) -> list[Event]:
        """Play ``action``; ``revealed``: the card played and the cards that were public before.

        A capture that empties the table takes the stock's top card as a sweep bonus (``sweep_bonus``):
        that card is shown to its taker alone, wherever its bundle goes.
        """
        state = self.state
        phase = state.phase
        public = set(range(len(state.deck))) - self.hidden(None)
        sweeps = bool(action.capture) and sorted(state.table) == sorted(action.capture)
        bonus = state.stock[-1] if sweeps and state.options.sweep_bonus and state.stock else None
        taker = state.turn
        mine = state.bundles[state.turn * state.nb + action.bundle]
        events = type(self.whole).apply(self.whole, action)
        if bonus is not None:
            assert mine[-2] == bonus, "the sweep bonus is not the stock's top card, under the played card"
            self.bonus[bonus] = taker
        if (state.phase == "tiebreak" and phase != "tiebreak") or self.state is not state:
            self.bonus = {}  # a fresh deck (a tiebreak hand, the next game of a match): the cards before are put away
        self.revealed = frozenset(public | {action.card})
        return events

    def shuffled(self, seat: int, rng: random.Random) -> BundlesState:
        """A copy of the game with every card hidden from ``seat`` moved to another such place."""
        other = self.state.clone()
        places: list[tuple[list[int] | Any, int]] = []
        for who, hand in enumerate(other.hands):
            if who != seat:
                places += [(hand, i) for i in range(len(hand))]
        places += [(other.stock, i) for i in range(len(other.stock))]
        for bundle in other.bundles:
            places += [(bundle, i) for i, card in enumerate(bundle) if self.bonus.get(card, seat) != seat]
        _shuffle_places(places, rng)
        return other


def _shuffle_places(places: list[tuple[Any, int]], rng: random.Random) -> None:
    """Deal the cards found at ``places`` back to the same places in a shuffled order."""
    found = [pile[i] for pile, i in places]
    rng.shuffle(found)
    for (pile, i), card in zip(places, found):
        pile[i] = card


class OhHellWatch:
    """Follows a Stiche-Raten game: what each seat may not know, and what the last step's announcements may name.

    Hidden from a seat: the other hands and the cards not dealt this round (the cards played this
    round and the turned-up card are face up). A step that ends a round deals the next one in the
    same move, so its announcements (the last card, the trick, the new turned card) may name cards
    that are back in the pack by then: ``revealed`` holds the cards face up before the step and the
    card it played.
    """

    def __init__(self, state: OhHellState) -> None:
        self.state = state
        self.every = frozenset(range(len(state.pack)))
        self.revealed: frozenset[int] = frozenset()

    def start(self) -> list[Event]:
        events = OhHellState.start(self.state)
        self.revealed = self.public()
        return events

    def public(self) -> frozenset[int]:
        """The card ids face up now: the cards played this round and the turned-up card."""
        state = self.state
        up = {card for _, card in state.played}
        if state.turned is not None:
            up.add(state.turned)
        return frozenset(up)

    def hidden(self, seat: int | None = None) -> frozenset[int]:
        """Card ids ``seat`` may not know now: every card but its own hand and the face-up ones (None: every hand)."""
        own = frozenset(self.state.hands[seat]) if seat is not None else frozenset()
        return self.every - own - self.public()

    def turn(self) -> int | None:
        return self.state.to_move()

    def step(self, action: int) -> list[Event]:
        before = self.public()
        events = OhHellState.apply(self.state, action)
        played = {action} if 0 <= action < len(self.every) else set()
        self.revealed = before | played | self.public()
        return events

    def shuffled(self, seat: int | None, rng: random.Random) -> OhHellState:
        """A copy of the game with every card hidden from ``seat`` (None: from everyone) moved to another such place.

        The hands keep their sizes; a card not dealt may come into a hand, and one of a hand go back to the pack.
        """
        other = self.state.clone()
        hidden = sorted(self.hidden(seat))
        moved = list(hidden)
        rng.shuffle(moved)
        to = dict(zip(hidden, moved, strict=True))
        for who, hand in enumerate(other.hands):
            if who != seat:
                other.hands[who] = [to.get(card, card) for card in hand]
        return other


def secret_cards(cards: Sequence[Card], ids: Iterable[int], every: int) -> frozenset[Card]:
    """The cards of ``ids`` whose name tells something: a pack with two of a card (skat64) names both alike,
    so a card one may see elsewhere (the other ``every`` ids) is no secret by its name."""
    secret = set(ids)
    seen = {cards[i] for i in range(every) if i not in secret}
    return frozenset(cards[i] for i in secret) - seen
