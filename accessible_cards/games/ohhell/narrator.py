"""Stiche-Raten said aloud and on one braille line, in English or German, from the message catalogs.

Announced as it happens: the deal with the round, the cards each and trump; each bid with the running
total against the tricks; each card played, with who leads and the suit to follow; who wins each trick
and with which card; the round's bids, tricks and points; the totals. The review keys (hand, trick,
trump, bids, the score sheet cell by cell, the cards played by suit) change nothing.

Only what the events and the listener's view hold is said: no other seat's hand. Braille lines are
terse, key fact first, at most 40 cells; seats are "You", a short given name, or "C1" / "P2" (never a
name cut in the middle).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from accessible_cards.cards import SUITS, Card, DeckKind, Suit
from accessible_cards.engine import Event
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import SeatNarrator
from accessible_cards.narration.card_names import CardNames
from accessible_cards.utterance import BRAILLE_CELLS, Utterance

from .state import (
    BID,
    TRUMP,
    BidMade,
    CardPlayed,
    GameOver,
    OhHellView,
    RoundDealt,
    RoundScored,
    SheetRow,
    TrickWon,
    TrumpChosen,
    is_bid,
    is_trump_choice,
)

_B: Final = "braille"  # msgctxt of every braille text
_NB: Final = "\u00a0"  # a no-break space: a seat and its number or card stay on one braille line


_CARD_CODE: Final = re.compile(r"^\(?[AKQJT2-9][SHDC][,;:.)]*$")
_DIGITS: Final = re.compile(r"\d+")
_AFTER_DIGITS: Final = re.compile(r"\d[A-Ja-j]")
_LETTER_DIGIT: Final = re.compile(r"[A-Za-z]\d")
_ELLIPSIS_CELLS: Final = 3
_PASSAGE_CELLS: Final = 5
_MARGIN: Final = 0
_CUT_MARGIN: Final = 2
"""Cells kept free on a cut line: the count is an estimate, and after a number the ellipsis takes more."""
_TWO_CELL_SIGNS: Final = ("|", "/", "+", "-", "(", ")", "=")


def cells(line: str) -> int:
    """A cautious count of the braille cells of a line, for every table we offer: card codes take two cells,
    capitals and numbers a sign more.

    Our card tables write a card code as two cells; the language tables add a capital sign before a
    capital, a number sign before digits, and an indicator before a letter a to j after digits; signs
    such as | / + - ( ) = take two cells in Unified English Braille. American grade 2 (``en-us-g2``)
    puts a grade-1 indicator before a letter that digits follow ("C1"), and Unified English Braille
    writes three capitalised words or more in a row with a passage indicator of three cells and a
    terminator of two.
    """
    total = 0
    run = 0  # capitalised words in a row
    for index, token in enumerate(line.replace("\u00a0", " ").split(" ")):
        if index:
            total += 1
        if _CARD_CODE.match(token):
            total += len(token)
            continue
        capitals = sum(1 for ch in token if ch.isupper())
        run = run + 1 if capitals else 0
        if run == 3:
            total += _PASSAGE_CELLS - 3  # the passage indicator and its terminator instead of three capital signs
        total += len(token) + capitals + len(_LETTER_DIGIT.findall(token))
        total += len(_DIGITS.findall(token)) + len(_AFTER_DIGITS.findall(token))
        total += (_ELLIPSIS_CELLS - 1) * token.count("…") + sum(token.count(sign) for sign in _TWO_CELL_SIGNS)
    return total


def fit(line: str) -> str:
    """A braille line cut to the display's 40 cells (the key fact comes first, so the end may go)."""
    room = BRAILLE_CELLS - _MARGIN
    if cells(line) <= room:
        return line
    cut = line
    while cut and cells(cut.rstrip(" ,;") + "…") > room - _CUT_MARGIN:
        cut = cut[:-1]
    return cut.rstrip(" ,;") + "…"


def wrap(line: str) -> str:
    """A braille line that does not fit the display goes on in lines of its own, broken between words.

    Each line fits 40 cells (a word too long for a line is cut); the display shows them one after the
    other, so nothing is lost. What belongs together ("C1 20", "C2: 7H") is joined by a no-break space.
    """
    room = BRAILLE_CELLS - _MARGIN
    if cells(line) <= room:
        return line
    lines: list[str] = []
    current = ""
    for word in line.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and cells(candidate) > room:
            lines.append(fit(current))
            current = word
        else:
            current = candidate
    if current:
        lines.append(fit(current))
    return "\n".join(lines)


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


class OhHellNarrator(SeatNarrator):
    """Says Stiche-Raten for one listener: ``names`` per seat, ``you`` the seat spoken to as "you"."""

    def __init__(
        self,
        lang: str = "en",
        verbosity: str = "normal",
        names: Sequence[str | None] = ("", "", ""),
        *,
        you: int | None = None,
        card_names: str = "full",
        pack: str = "french52",
    ) -> None:
        self.catalog = Catalog(lang)
        self.lang = lang
        self._seat_names = list(names)
        self.you = you
        self._verbosity = "normal"
        self.verbosity = verbosity
        self.short_names = card_names == "short"
        self.cards = CardNames(self.catalog, DeckKind(pack))

    # -- words ----------------------------------------------------------------------------

    def card(self, card: Card) -> str:
        return card.code if self.short_names else self.cards.name(card)

    def suit(self, suit: Suit) -> str:
        return self.cards.suit(suit)

    def rank(self, card: Card) -> str:
        return self.cards.rank(card)

    def _who(self, seat: int) -> str:
        """The seat as a sentence's subject: "You" or the name."""
        return self.catalog.text("You", "sentence subject") if seat == self.you else self.seat_name(seat)

    def _trump_words(self, trump: Suit | None) -> str:
        c = self.catalog
        return c.text("no trump") if trump is None else c.text("trump is {suit}", suit=self.suit(trump))

    # -- events ---------------------------------------------------------------------------

    def event(self, event: Event, view: OhHellView) -> Utterance | None:
        if isinstance(event, RoundDealt):
            return self._dealt(event, view)
        if isinstance(event, TrumpChosen):
            return self._chosen(event)
        if isinstance(event, BidMade):
            return self._bid(event, view)
        if isinstance(event, CardPlayed):
            return self._played(event, view)
        if isinstance(event, TrickWon):
            return self._trick(event, view)
        if isinstance(event, RoundScored):
            return self._scored(event)
        if isinstance(event, GameOver):
            return self._over(event)
        return None

    def _dealt(self, event: RoundDealt, view: OhHellView) -> Utterance:
        c = self.catalog
        speech = c.plural(
            "Round {round} of {rounds}: {n} card each.",
            "Round {round} of {rounds}: {n} cards each.",
            event.cards,
            round=event.round,
            rounds=event.rounds,
        )
        head = c.text("R{round}/{rounds}: {n} each", _B, round=event.round, rounds=event.rounds, n=event.cards)
        if event.turned is None:
            speech += " " + c.text("No trump: the last round is played without trump.")
            braille = head + ", " + c.text("no trump", _B)
        elif event.special == "pass":
            speech += " " + c.text(
                "The {card} is turned up: a pass card, so there is no trump.", card=self.card(event.turned)
            )
            braille = head + ", " + c.text("{card} pass: no trump", _B, card=event.turned.code)
        elif event.special == "grab":
            assert event.chooser is not None
            speech += " " + c.text(
                "The {card} is turned up: a grab card, so {seat} chooses trump.",
                card=self.card(event.turned),
                seat=self.seat_name(event.chooser) if event.chooser != self.you else c.text("you", "object"),
            )
            braille = (
                head
                + ", "
                + c.text("{card}: {seat} picks", _B, card=event.turned.code, seat=self.braille_seat(event.chooser))
            )
        else:
            assert event.trump is not None
            speech += " " + c.text(
                "Trump: {suit}, the {card} is turned up.", suit=self.suit(event.trump), card=self.card(event.turned)
            )
            braille = head + ", " + c.text("trump {suit} ({card})", _B, suit=event.trump.value, card=event.turned.code)
        if self._verbosity != "brief":
            if event.dealer == self.you:
                speech += " " + c.text("You deal.")
            else:
                speech += " " + c.text("{seat} deals.", seat=self.seat_name(event.dealer))
        if self._verbosity == "full" and view.hand and view.seat == self.you:  # never a hand told to nobody
            speech += " " + self._hand_words(view)
        return Utterance(speech, fit(braille), kind="dealt")

    def _chosen(self, event: TrumpChosen) -> Utterance:
        c = self.catalog
        if event.seat == self.you:
            speech = c.text("You choose {suit} as trump.", suit=self.suit(event.trump))
        else:
            speech = c.text(
                "{seat} chooses {suit} as trump.", seat=self.seat_name(event.seat), suit=self.suit(event.trump)
            )
        braille = c.text("Trump {suit}, by {seat}", _B, suit=event.trump.value, seat=self.braille_seat(event.seat))
        return Utterance(speech, fit(braille), kind="trump")

    def _bid(self, event: BidMade, view: OhHellView) -> Utterance:
        c = self.catalog
        if event.seat == self.you:
            speech = c.text("You bid {bid}.", bid=event.bid)
        else:
            speech = c.text("{seat} bids {bid}.", seat=self.seat_name(event.seat), bid=event.bid)
        if self._verbosity != "brief":
            speech += " " + c.plural(
                "Bids so far: {total} for {n} trick.",
                "Bids so far: {total} for {n} tricks.",
                event.tricks,
                total=event.total,
            )
        braille = c.text(
            "{seat} bid {bid}; {total}/{tricks}",
            _B,
            seat=self.braille_seat(event.seat),
            bid=event.bid,
            total=event.total,
            tricks=event.tricks,
        )
        if event.next is None and self._verbosity != "brief":
            over = event.total - event.tricks
            if over > 0:
                speech += " " + c.plural("The bids are {n} trick over.", "The bids are {n} tricks over.", over)
            else:
                speech += " " + c.plural("The bids are {n} trick under.", "The bids are {n} tricks under.", -over)
        return Utterance(speech, fit(braille), kind="bid")

    def _played(self, event: CardPlayed, view: OhHellView) -> Utterance:
        c = self.catalog
        card = self.card(event.card)
        who = self.braille_seat(event.seat)
        if event.lead:
            if event.seat == self.you:
                speech = c.text("You lead the {card}.", card=card)
            else:
                speech = c.text("{seat} leads the {card}.", seat=self.seat_name(event.seat), card=card)
            braille = c.text("{seat} led {card}", _B, seat=who, card=event.card.code)
        else:
            if event.seat == self.you:
                speech = c.text("You play the {card}.", card=card)
            else:
                speech = c.text("{seat} plays the {card}.", seat=self.seat_name(event.seat), card=card)
            braille = c.text("{seat}: {card}", _B, seat=who, card=event.card.code)
        if event.special == "grab":
            speech += " " + c.text("A grab card.")
        elif event.special == "pass":
            speech += " " + c.text("A pass card.")
        if event.sets and event.led is not None:
            speech += " " + c.text("Follow {suit}.", suit=self.suit(event.led))
            braille += ", " + c.text("follow {suit}", _B, suit=event.led.value)
        elif event.lead and self._verbosity != "brief":
            speech += " " + c.text("The next plain card sets the suit to follow.")
        return Utterance(speech, fit(braille), kind="played")

    def _trick(self, event: TrickWon, view: OhHellView) -> Utterance:
        c = self.catalog
        card = self.card(event.card)
        if event.seat == self.you:
            speech = c.text("You win trick {trick} with the {card}.", trick=event.trick, card=card)
        else:
            speech = c.text(
                "{seat} wins trick {trick} with the {card}.",
                seat=self.seat_name(event.seat),
                trick=event.trick,
                card=card,
            )
        braille = c.text(
            "Trick {trick}: {seat}, {card}",
            _B,
            trick=event.trick,
            seat=self.braille_seat(event.seat),
            card=event.card.code,
        )
        bid = view.bids[event.seat] if event.seat < len(view.bids) else None
        if self._verbosity != "brief" and bid is not None:
            speech += " " + self._standing(event.seat, bid, event.tricks[event.seat])
        return Utterance(speech, fit(braille), kind="trick")

    def _standing(self, seat: int, bid: int, taken: int) -> str:
        """ "Anna bid 2 and has 1: 1 more to take." """
        c = self.catalog
        if seat == self.you:
            head = c.plural("You bid {bid} and have {n} trick", "You bid {bid} and have {n} tricks", taken, bid=bid)
        else:
            head = c.plural(
                "{seat} bid {bid} and has {n} trick",
                "{seat} bid {bid} and has {n} tricks",
                taken,
                seat=self.seat_name(seat),
                bid=bid,
            )
        if taken < bid:
            tail = c.plural("{n} more to take", "{n} more to take", bid - taken)
        elif taken == bid:
            tail = c.text("no more to take")
        else:
            tail = c.plural("{n} trick over the bid", "{n} tricks over the bid", taken - bid)
        return c.text("{standing}: {needs}.", standing=head, needs=tail)

    def _scored(self, event: RoundScored) -> Utterance:
        c = self.catalog
        parts = []
        short = []
        for seat, (bid, taken, points) in enumerate(zip(event.bids, event.tricks, event.points, strict=True)):
            if seat == self.you:
                parts.append(
                    c.text(
                        "you bid {bid} and took {tricks}: {points}", bid=bid, tricks=taken, points=self._points(points)
                    )
                )
            else:
                parts.append(
                    c.text(
                        "{seat} bid {bid} and took {tricks}: {points}",
                        seat=self.seat_name(seat),
                        bid=bid,
                        tricks=taken,
                        points=self._points(points),
                    )
                )
            short.append(f"{self.braille_seat(seat)}{_NB}{points}")
        speech = c.text("Round {round} is over: {results}.", round=event.round, results=self._join(parts))
        speech += " " + c.text("Totals: {totals}.", totals=self._totals(event.totals))
        braille = c.text("R{round}: {results}", _B, round=event.round, results=" ".join(short))
        return Utterance(speech, wrap(braille), kind="round")

    def _points(self, points: int) -> str:
        c = self.catalog
        if points >= 0:
            return c.plural("{n} point", "{n} points", points)
        return c.plural("minus {n} point", "minus {n} points", -points)

    def _totals(self, totals: Sequence[int]) -> str:
        c = self.catalog
        return self._join(
            [
                c.text("you {points}", points=total)
                if seat == self.you
                else c.text("{seat} {points}", seat=self.seat_name(seat), points=total)
                for seat, total in enumerate(totals)
            ]
        )

    def _over(self, event: GameOver) -> Utterance:
        c = self.catalog
        best = event.totals[event.winners[0]]
        if len(event.winners) > 1:
            names = self._join([c.text("you", "object") if s == self.you else self.seat_name(s) for s in event.winners])
            speech = c.plural(
                "Game over: {seats} share the win with {n} point each.",
                "Game over: {seats} share the win with {n} points each.",
                best,
                seats=names,
            )
            braille = c.text("Over: shared win, {points} each", _B, points=best)
        elif event.winners[0] == self.you:
            speech = c.plural("Game over: you win with {n} point.", "Game over: you win with {n} points.", best)
            braille = c.text("Over, won: {seat}, {points}", _B, seat=self.braille_seat(event.winners[0]), points=best)
        else:
            speech = c.plural(
                "Game over: {seat} wins with {n} point.",
                "Game over: {seat} wins with {n} points.",
                best,
                seat=self.seat_name(event.winners[0]),
            )
            braille = c.text("Over, won: {seat}, {points}", _B, seat=self.braille_seat(event.winners[0]), points=best)
        speech += " " + c.text("Totals: {totals}.", totals=self._totals(event.totals))
        return Utterance(speech, fit(braille), urgent=True, kind="game_over")

    # -- turns -----------------------------------------------------------------------------

    def turn(self, view: OhHellView) -> Utterance | None:
        """Said when it becomes the listener's turn: what to do, and the choices."""
        c = self.catalog
        if view.to_move != view.seat:
            return None
        if view.phase == "trump":
            speech = c.text("Choose trump: 1 spades, 2 hearts, 3 diamonds, 4 clubs.")
            return Utterance(speech, c.text("Pick trump: 1=S 2=H 3=D 4=C", _B), kind="turn")
        if view.phase == "bid":
            speech = c.text("Your bid: {choices}.", choices=self._bid_choices(view))
            braille = c.text("Your bid: {choices}", _B, choices=self._bid_range(view))
            if self._verbosity == "full":
                speech += " " + self._hand_words(view)
            return Utterance(speech, fit(braille), kind="turn")
        speech = c.text("Your turn.") + " " + self._may_play(view)
        braille = c.text("Your turn", _B)
        if view.led is not None:
            braille += ", " + c.text("follow {suit}", _B, suit=view.led.value)
        return Utterance(speech, fit(braille), kind="turn")

    def _bid_range(self, view: OhHellView) -> str:
        if view.forbidden is None:
            return f"0-{view.cards}"
        return self.catalog.text("0-{cards}, not {bid}", _B, cards=view.cards, bid=view.forbidden)

    def _bid_choices(self, view: OhHellView) -> str:
        c = self.catalog
        if view.forbidden is None:
            return c.text("0 to {cards}", cards=view.cards)
        total = sum(b for b in view.bids if b is not None) + view.forbidden
        return c.text(
            "0 to {cards}, but not {bid}: the bids would add up to {total}",
            cards=view.cards,
            bid=view.forbidden,
            total=total,
        )

    def handoff(self, seat: int) -> Utterance:
        c = self.catalog
        name = self.seat_name(seat)
        return Utterance(
            c.text("{seat}'s turn. Press Enter when {seat} is at the keyboard.", seat=name),
            c.text("{seat}'s turn, press Enter", _B, seat=self.braille_name(seat)),
            kind="handoff",
        )

    # -- review keys -------------------------------------------------------------------------

    def _by_suit(self, view: OhHellView, cards: Sequence[Card]) -> list[tuple[Suit | None, list[Card]]]:
        """Cards grouped as the hand is sorted: trump first, then the suits; grab and pass cards last."""
        groups: list[tuple[Suit | None, list[Card]]] = []
        for card in cards:
            suit = None if view.grab_and_pass and self._special(view, card) else card.suit
            if groups and groups[-1][0] == suit:
                groups[-1][1].append(card)
            else:
                groups.append((suit, [card]))
        return groups

    @staticmethod
    def _special(view: OhHellView, card: Card) -> bool:
        if card.rank == 11:
            return True
        return card.rank == 1 and view.pack == "french52"

    def _hand_words(self, view: OhHellView) -> str:
        c = self.catalog
        if not view.hand:
            return c.text("Your hand is empty.")
        groups = []
        for suit, cards in self._by_suit(view, view.hand):
            if suit is None:
                groups.append(c.text("grab and pass cards: {cards}", cards=self._join([self.card(x) for x in cards])))
                continue
            ranks = self._join([self.rank(x) for x in cards])
            if suit == view.trump:
                groups.append(c.text("trump {suit}: {ranks}", suit=self.suit(suit), ranks=ranks))
            else:
                groups.append(c.text("{suit}: {ranks}", suit=self.suit(suit), ranks=ranks))
        return c.text("Your hand: {groups}.", groups="; ".join(groups))

    def _may_play(self, view: OhHellView) -> str:
        c = self.catalog
        if view.to_move != view.seat or view.phase != "play":
            return ""
        playable = [card for card, card_id in zip(view.hand, view.hand_ids, strict=True) if card_id in view.legal]
        if not view.trick:
            return c.text("You lead: any card.")
        if view.led is not None and self._holds_led(view):
            return c.text(
                "You must follow {suit}: {cards}.",
                suit=self.suit(view.led),
                cards=self._join_or(
                    [
                        c.text("the {rank}", "rank of the suit to follow", rank=self.rank(x))
                        if x.suit == view.led and not self.short_names
                        else c.text("the {card}", card=self.card(x))
                        for x in playable
                    ]
                ),
            )
        if view.led is not None:
            return c.text("You may play any card: you have no {suit}.", suit=self.suit(view.led))
        return c.text("You may play any card.")

    def _holds_led(self, view: OhHellView) -> bool:
        """True when the hand holds an ordinary card of the suit led (so it must follow)."""
        return any(
            card.suit == view.led and not (view.grab_and_pass and self._special(view, card)) for card in view.hand
        )

    def _join_or(self, items: Sequence[str]) -> str:
        return self._list(items, "{first} or {last}", "list of choices")

    def hand(self, view: OhHellView) -> Utterance:
        """H: the hand sorted by suit, and what may be played right now."""
        c = self.catalog
        speech = self._hand_words(view)
        may = self._may_play(view)
        if may:
            speech += " " + may
        parts = [" ".join(card.code for card in cards) for _, cards in self._by_suit(view, view.hand)]
        braille = c.text("Hand: {cards}", _B, cards="; ".join(parts)) if view.hand else c.text("Hand empty", _B)
        return Utterance(speech, wrap(braille), kind="review.hand")

    def card_at(self, view: OhHellView, index: int) -> Utterance:
        """One card of the hand by its position, and whether it may be played now."""
        c = self.catalog
        card = view.hand[index]
        speech = c.text("{position}: {card}", position=index + 1, card=self.card(card))
        braille = f"{index + 1}: {card.code}"
        if view.to_move == view.seat and view.phase == "play" and view.hand_ids[index] not in view.legal:
            speech += ", " + c.text("not playable now")
            braille += " " + c.text("not now", _B)
        return Utterance(speech, fit(braille), kind="review.card")

    def trick(self, view: OhHellView) -> Utterance:
        """T: the trick so far (or the last one, while a new one has not begun), with trump and the suit led."""
        c = self.catalog
        trump = c.text("no trump", _B) if view.trump is None else c.text("trump {suit}", _B, suit=view.trump.value)
        if not view.trick:
            if view.last_trick and view.last_winner is not None:
                cards = self._join([self._seat_card(s, x) for s, x in view.last_trick])
                if view.last_winner == self.you:
                    speech = c.text("No card in this trick yet. The last trick: {cards}; you won it.", cards=cards)
                else:
                    speech = c.text(
                        "No card in this trick yet. The last trick: {cards}; {seat} won it.",
                        cards=cards,
                        seat=self.seat_name(view.last_winner),
                    )
            else:
                speech = c.text("No card is played in this trick yet.")
            if view.phase == "play" and view.to_move is not None:
                if view.to_move == self.you:
                    speech += " " + c.text("You lead.")
                else:
                    speech += " " + c.text("{seat} leads.", seat=self.seat_name(view.to_move))
            speech += " " + _cap(self._trump_words(view.trump)) + "."
            return Utterance(speech, fit(c.text("Trick: none; {trump}", _B, trump=trump)), kind="review.trick")
        cards = self._join([self._seat_card(s, x) for s, x in view.trick])
        speech = c.text("Trick {trick}: {cards}.", trick=view.trick_no, cards=cards)
        if view.led is not None:
            speech += " " + c.text("Follow {suit}.", suit=self.suit(view.led))
        speech += " " + _cap(self._trump_words(view.trump)) + "."
        short = " ".join(f"{self.braille_seat(s)}:{_NB}{x.code}" for s, x in view.trick)
        return Utterance(
            speech,
            wrap(c.text("T{trick}: {cards}; {trump}", _B, trick=view.trick_no, cards=short, trump=trump)),
            kind="review.trick",
        )

    def _seat_card(self, seat: int, card: Card) -> str:
        c = self.catalog
        if seat == self.you:
            return c.text("you the {card}", card=self.card(card))
        return c.text("{seat} the {card}", seat=self.seat_name(seat), card=self.card(card))

    def trump(self, view: OhHellView) -> Utterance:
        """U: trump (and the card turned up), and the suit to follow now."""
        c = self.catalog
        if view.trump is None:
            speech = c.text("No trump this round.")
            braille = c.text("No trump", _B)
        elif view.turned is not None and view.turned.suit == view.trump and view.chooser is None:
            speech = c.text(
                "Trump is {suit}; the {card} is turned up.", suit=self.suit(view.trump), card=self.card(view.turned)
            )
            braille = c.text("Trump {suit} ({card})", _B, suit=view.trump.value, card=view.turned.code)
        else:
            speech = c.text("Trump is {suit}.", suit=self.suit(view.trump))
            braille = c.text("Trump {suit}", _B, suit=view.trump.value)
        if view.led is not None:
            speech += " " + c.text("Follow {suit}.", suit=self.suit(view.led))
            braille += ", " + c.text("follow {suit}", _B, suit=view.led.value)
        elif view.phase == "play" and not view.trick:
            speech += " " + c.text("No suit is led yet.")
        return Utterance(speech, fit(braille), kind="review.trump")

    def bids(self, view: OhHellView) -> Utterance:
        """B: each seat's bid and tricks so far, and what each still needs."""
        c = self.catalog
        parts = []
        short = []
        for seat in range(view.players):
            bid = view.bids[seat]
            if bid is None:
                if seat == self.you:
                    parts.append(c.text("you have not bid yet"))
                else:
                    parts.append(c.text("{seat} has not bid yet", seat=self.seat_name(seat)))
                short.append(f"{self.braille_seat(seat)}{_NB}-")
                continue
            parts.append(self._standing(seat, bid, view.tricks[seat]).rstrip("."))
            short.append(f"{self.braille_seat(seat)}{_NB}{bid}:{view.tricks[seat]}")
        total = sum(b for b in view.bids if b is not None)
        speech = (
            _cap("; ".join(parts))
            + ". "
            + c.plural("Bids: {total} for {n} trick.", "Bids: {total} for {n} tricks.", view.cards, total=total)
        )
        return Utterance(speech, wrap(c.text("Bids: {bids}", _B, bids=" ".join(short))), kind="review.bids")

    def played(self, view: OhHellView) -> Utterance:
        """C: the cards played this round, by suit, so that cards can be counted."""
        c = self.catalog
        if not view.played:
            return Utterance(
                c.text("No card has been played this round yet."), c.text("Played: none", _B), kind="review.played"
            )
        by_suit: dict[Suit, list[Card]] = {}
        for _, card in view.played:
            assert card.suit is not None
            by_suit.setdefault(card.suit, []).append(card)
        parts = []
        short = []
        for suit in SUITS:
            cards = sorted(by_suit.get(suit, []), key=lambda x: -(14 if x.rank == 1 else x.rank))
            if cards:
                parts.append(
                    c.text("{suit}: {ranks}", suit=self.suit(suit), ranks=self._join([self.rank(x) for x in cards]))
                )
                short.append(" ".join(x.code for x in cards))
        speech = c.plural(
            "{n} card played this round: {groups}.",
            "{n} cards played this round: {groups}.",
            len(view.played),
            groups="; ".join(parts),
        )
        return Utterance(speech, wrap(c.text("Played: {cards}", _B, cards="; ".join(short))), kind="review.played")

    def totals(self, view: OhHellView) -> Utterance:
        c = self.catalog
        done = len(view.sheet)
        speech = c.plural(
            "After {n} round: {totals}.", "After {n} rounds: {totals}.", done, totals=self._totals(view.totals)
        )
        short = " ".join(f"{self.braille_seat(s)}{_NB}{t}" for s, t in enumerate(view.totals))
        return Utterance(speech, wrap(c.text("Pts: {totals}", _B, totals=short)), kind="review.scores")

    # -- the score sheet as a table -------------------------------------------------------------

    def sheet_columns(self, view: OhHellView) -> int:
        """Columns of the score sheet: the round, then a bid and a points column per seat."""
        return 1 + 2 * view.players

    def sheet_cell(self, view: OhHellView, row: int, column: int, *, headers: bool = True) -> Utterance:
        """One cell of the score sheet, spoken with its headers: "Round 3, Anna, bid: 2"."""
        c = self.catalog
        rows: Sequence[SheetRow] = view.sheet
        record = rows[row]
        round_header = c.plural("Round {round}, {n} card", "Round {round}, {n} cards", record.cards, round=record.round)
        if column == 0:
            trump = self._trump_words(record.trump)
            speech = c.text("{round}: {trump}.", round=round_header, trump=trump)
            braille = c.text(
                "R{round}: {n} cards, {trump}",
                _B,
                round=record.round,
                n=record.cards,
                trump="-" if record.trump is None else record.trump.value,
            )
            return Utterance(speech, fit(braille), kind="review.sheet")
        seat, points = divmod(column - 1, 2)
        name = self._who(seat)
        if points:
            value = c.text(
                "{points} points, total {total}", points=signed(record.points[seat]), total=record.totals[seat]
            )
            head = c.text("points", "sheet column")
            braille = c.text(
                "R{round} {seat} pts {points} = {total}",
                _B,
                round=record.round,
                seat=self.braille_seat(seat),
                points=signed(record.points[seat]),
                total=record.totals[seat],
            )
        else:
            value = c.text("{bid}, took {tricks}", bid=record.bids[seat], tricks=record.tricks[seat])
            head = c.text("bid", "sheet column")
            braille = c.text(
                "R{round} {seat} bid {bid}, took {tricks}",
                _B,
                round=record.round,
                seat=self.braille_seat(seat),
                bid=record.bids[seat],
                tricks=record.tricks[seat],
            )
        if headers:
            speech = c.text(
                "{round}, {seat}, {column}: {value}.", round=round_header, seat=name, column=head, value=value
            )
        else:
            speech = c.text("{column}: {value}.", column=head, value=value)
        return Utterance(speech, fit(braille), kind="review.sheet")

    def sheet_intro(self, view: OhHellView) -> Utterance:
        c = self.catalog
        if not view.sheet:
            return Utterance(
                c.text("The score sheet is empty: no round is over yet."),
                c.text("Sheet empty", _B),
                kind="review.sheet",
            )
        speech = c.plural(
            "Score sheet, {n} round. Up and Down move by round, Left and Right by column, S or Escape goes back.",
            "Score sheet, {n} rounds. Up and Down move by round, Left and Right by column, S or Escape goes back.",
            len(view.sheet),
        )
        return Utterance(
            speech, fit(c.plural("Sheet: {n} round", "Sheet: {n} rounds", len(view.sheet), _B)), kind="review.sheet"
        )

    # -- actions in words -----------------------------------------------------------------------

    def action(self, action: int, view: OhHellView) -> str:
        c = self.catalog
        if is_bid(action):
            return c.text("bid {bid}", bid=action - BID)
        if is_trump_choice(action):
            return self.suit(SUITS[action - TRUMP])
        return self.card(_card_of(view, action))


def _card_of(view: OhHellView, card_id: int) -> Card:
    for card, known in zip(view.hand, view.hand_ids, strict=True):
        if known == card_id:
            return card
    raise ValueError(f"card {card_id} is not in the hand")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
