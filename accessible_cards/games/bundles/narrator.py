"""The Stealing Bundles narrator: events, turns, reviews and choice labels, in English or German.

The words its sentences are made of (cards with their articles, seats, bundles, the stock) are
:mod:`.phrasing`'s; what it says at the end of a game and of a match is :mod:`.reckoning`'s.

:class:`BundlesNarrator` follows :class:`~accessible_cards.narration.narrator.WarNarrator`:
every sentence comes from the message catalogs, an :class:`Utterance` carries a
whole sentence for speech and a terse braille line (card codes, key fact first,
at most 40 cells where the facts allow), and a seat addressed as "you" has its
own messages because the verb changes with the person.

Decisions:

- Card names follow the deck (:class:`CardNames`). German sentences put each
  card with its article in the right case, from one catalog entry per rank
  ("mit der Herz Sieben", "den Kreuz Buben", "das Karo Ass"); Italian and
  Spanish cards and the ``short`` style (the card code, for speed players) keep
  their printed name without a German article.
- ``brief`` says the key facts only: who played which card and what it did,
  the deal and the table, the stock at a re-deal, the winner and the ranking.
  ``normal`` adds who plays first, the stock after a deal, the names of the
  leftovers, the sum of a Rubamazzo-15 capture and the game's counts at the
  end, and speaks the hand at the start of the listener's turn. ``full`` adds
  every seat's bundle size and the stock after each take.
- Only public cards are ever named: the table, bundle tops, the card just
  played or taken, and the listening seat's own hand (``view.hand``). Another
  seat's hand is only ever counted.
- ``you`` is the seat spoken to as "you" in event sentences. When it is not
  given and exactly one seat is named "You" (a lone player at the keyboard),
  that seat is taken as "you", so that no sentence says "You steals".
- What a card in hand would do (:meth:`BundlesNarrator.card_at`) is worked out
  from the public view and the options (``options=``, else the preset of the
  view's variant; double bundles are seen in the view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from accessible_cards.cards import SUITS, Card, DeckKind, Suit, deck
from accessible_cards.engine import Event
from accessible_cards.games.bundles.phrasing import ORDINAL_HEADING, ORDINAL_OBJECT
from accessible_cards.games.bundles.reckoning import BundlesReckoning
from accessible_cards.games.bundles.rules import (
    BundlesAction,
    BundlesView,
    Captured,
    Dealt,
    GameOver,
    Leftovers,
    MatchGameOver,
    MatchOver,
    Redealt,
    ScopaScored,
    Stole,
    Swept,
    TiebreakStarted,
    Trailed,
)
from accessible_cards.narration.card_names import ITALIAN_SUITS, SPANISH_SUITS
from accessible_cards.utterance import BRAILLE_CELLS, Utterance, estimated_cells

_B: Final = "braille"  # msgctxt of every braille text


def _cap(text: str) -> str:
    """The text with its first letter capitalised (a clause that starts a sentence)."""
    return text[:1].upper() + text[1:]


class BundlesNarrator(BundlesReckoning):
    """Says Stealing Bundles (and its family) for one listener, in ``lang`` at ``verbosity``.

    ``deck`` is ``french52``, ``italian40`` or ``spanish40``; ``seat_names``
    gives a name per seat (None or "" for "Player 2" / "Spieler 2");
    ``card_names`` is ``full`` ("seven of hearts") or ``short`` (the code,
    "7H"); ``you`` is the seat addressed as "you" in event sentences, if any;
    ``options`` are the game's options, for what a card would do (default: the
    preset of the view's variant).
    """

    def __repr__(self) -> str:
        return f"BundlesNarrator({self.lang!r}, {self._verbosity!r}, {self.deck.value!r}, you={self.you!r})"

    def event(self, event: Event, view: BundlesView) -> Utterance | None:
        """The utterance for ``event``, read with ``view`` (the listener's view after it); None: nothing to say."""
        if isinstance(event, Stole):
            return self._stole(event, view)
        if isinstance(event, Captured):
            return self._captured(event, view)
        if isinstance(event, Trailed):
            return self._trailed(event)
        if isinstance(event, Dealt):
            return self._dealt(event)
        if isinstance(event, Redealt):
            return self._redealt(event)
        if isinstance(event, Swept):
            return self._swept(event, view)
        if isinstance(event, Leftovers):
            return self._leftovers(event)
        if isinstance(event, TiebreakStarted):
            return self._tiebreak(event)
        if isinstance(event, GameOver):
            return self._game_over(event)
        if isinstance(event, ScopaScored):
            return self._scopa(event)
        if isinstance(event, MatchGameOver):
            return self._match_game(event)
        if isinstance(event, MatchOver):
            return self._match_over(event)
        return None

    def _dealt(self, event: Dealt) -> Utterance:
        c = self.catalog
        self._bundle_sizes = [0] * len(event.counts)
        self._stock_left = event.stock
        you = event.dealer == self.you
        dealt = [(seat, n) for seat, n in enumerate(event.counts) if n]
        if len({n for _, n in dealt}) == 1:
            n = dealt[0][1]
            speech = (
                c.plural("You deal {n} card each.", "You deal {n} cards each.", n)
                if you
                else c.plural(
                    "{seat} deals {n} card each.", "{seat} deals {n} cards each.", n, seat=self.seat_name(event.dealer)
                )
            )
            braille = c.text("Dealt: {count} each", _B, count=n)
        else:
            deals = self._join(
                [
                    c.plural("{n} card to you", "{n} cards to you", n)
                    if seat == self.you
                    else c.plural("{n} card to {seat}", "{n} cards to {seat}", n, seat=self.seat_name(seat))
                    for seat, n in dealt
                ]
            )
            speech = (
                c.text("You deal: {deals}.", deals=deals)
                if you
                else c.text("{seat} deals: {deals}.", seat=self.seat_name(event.dealer), deals=deals)
            )
            braille = c.text("Dealt: {counts}", _B, counts=" ".join(f"{self.braille_seat(s)} {n}" for s, n in dealt))
        if event.table:
            speech += " " + c.text("Table: {cards}.", cards=self._names(event.table))
            braille = self._fit(braille, "; " + c.text("Table {cards}", _B, cards=self.cards.codes(event.table)))
        else:
            speech += " " + c.text("The table is empty.")
        if self._verbosity != "brief":
            speech += " " + self._stock(event.stock) + " " + self._first(event.first)
        return Utterance(speech, braille, kind="deal")

    def _first(self, seat: int) -> str:
        c = self.catalog
        return (
            c.text("You play first.") if seat == self.you else c.text("{seat} plays first.", seat=self.seat_name(seat))
        )

    def _redealt(self, event: Redealt) -> Utterance:
        c = self.catalog
        self._stock_left = event.stock
        each = max(event.counts)
        speech = (
            c.plural("New deal: {n} card each.", "New deal: {n} cards each.", each) + " " + self._stock(event.stock)
        )
        braille = c.text("New deal: {count} each, stock {stock}", _B, count=each, stock=event.stock)
        if event.table:
            speech += " " + c.plural(
                "The last {n} card goes face up to the table: {cards}.",
                "The last {n} cards go face up to the table: {cards}.",
                len(event.table),
                cards=self._names(event.table),
            )
            braille = self._fit(braille, "; " + c.text("table + {cards}", _B, cards=self.cards.codes(event.table)))
        if self._verbosity != "brief":
            speech += " " + self._first(event.first)
        return Utterance(speech, braille, kind="redeal")

    def _stole(self, event: Stole, view: BundlesView) -> Utterance:
        c = self.catalog
        self._track_take(view, event.player, event.count + 1, event.victim)
        params = {
            "victim": self._victim(event.victim),
            "bundle": self._stolen(event.count, event.source),
            "with_card": self._with(event.card),
        }
        if event.player == self.you:
            speech = c.text("You steal {victim} {bundle} {with_card}.", **params)
        else:
            speech = c.text("{seat} steals {victim} {bundle} {with_card}.", seat=self.seat_name(event.player), **params)
        victim = self.braille_seat(event.victim)
        if event.source is not None:
            victim += f"/{event.source + 1}"
        bparams = {"count": event.count, "card": event.card.code}
        if event.player == self.you:
            braille = c.text("You steal {count} from {victim}, {card}", _B, victim=victim, **bparams)
        elif event.victim == self.you:
            braille = c.text(
                "{seat} steals {count} from you, {card}", _B, seat=self.braille_seat(event.player), **bparams
            )
        else:
            braille = c.text(
                "{seat} steals {count} from {victim}, {card}",
                _B,
                seat=self.braille_seat(event.player),
                victim=victim,
                **bparams,
            )
        into = f" >{event.bundle + 1}" if event.bundle is not None else ""
        if event.wild:
            speech += " " + c.text("Played as a wild card.")
            wild = " " + c.text("wild", _B)
            braille += wild if estimated_cells(braille + wild + into) <= BRAILLE_CELLS else " *"  # "*": wild, short
        if event.bundle is not None:
            speech += " " + self._into(event.player, event.bundle)
            braille += into
        return self._after_take(speech, braille, view, "steal", urgent=event.victim == self.you)

    def _after_take(self, speech: str, braille: str, view: BundlesView, kind: str, urgent: bool = False) -> Utterance:
        """At full verbosity, every seat's bundle size and the stock after a take."""
        if self._verbosity == "full":
            sizes, piece = self._sizes(view)
            stock = view.stock if self._stock_left is None else self._stock_left
            speech += " " + sizes + " " + self._stock(stock)
            braille = self._fit(braille, piece, apart=True)
        return Utterance(speech, braille, urgent=urgent, kind=kind)

    def _captured(self, event: Captured, view: BundlesView) -> Utterance:
        c = self.catalog
        self._track_take(view, event.player, len(event.cards) + 1)
        params = {"cards": self._join([self._the(card) for card in event.cards]), "with_card": self._with(event.card)}
        codes = self.cards.codes(event.cards)
        if event.player == self.you:
            speech = c.text("You capture {cards} {with_card}.", **params)
            braille = c.text("You take {cards} with {card}", _B, cards=codes, card=event.card.code)
        else:
            speech = c.text("{seat} captures {cards} {with_card}.", seat=self.seat_name(event.player), **params)
            braille = c.text(
                "{seat} takes {cards} with {card}",
                _B,
                seat=self.braille_seat(event.player),
                cards=codes,
                card=event.card.code,
            )
        if self._verbosity != "brief" and any(card.rank != event.card.rank for card in event.cards):
            speech += " " + c.text("That makes {total}.", total=15)
        if event.bundle is not None:
            speech += " " + self._into(event.player, event.bundle)
            braille += f" >{event.bundle + 1}"
        return self._after_take(speech, braille, view, "capture")

    def _trailed(self, event: Trailed) -> Utterance:
        c = self.catalog
        card = self._the(event.card)
        if event.player == self.you:
            speech = c.text("You trail {card}.", card=card)
            braille = c.text("You trail {card}", _B, card=event.card.code)
        else:
            speech = c.text("{seat} trails {card}.", seat=self.seat_name(event.player), card=card)
            braille = c.text("{seat} trails {card}", _B, seat=self.braille_seat(event.player), card=event.card.code)
        return Utterance(speech, braille, kind="trail")

    def _swept(self, event: Swept, view: BundlesView) -> Utterance:
        c = self.catalog
        # only the taker's view names the bonus card (it goes face down under the played card)
        taken = view.bonus_card if event.bonus == 1 and view.seat == event.player else None
        if self._bundle_sizes is not None and self._stock_left is not None:
            self._bundle_sizes[event.player] += event.bonus
            self._stock_left -= event.bonus
        you = event.player == self.you
        seat = self.seat_name(event.player)
        if taken is not None and you:
            speech = c.text("Sweep! You clear the table and take {card} from the stock.", card=self._the(taken))
        elif event.bonus:
            speech = (
                c.plural(
                    "Sweep! You clear the table and take {n} card from the stock.",
                    "Sweep! You clear the table and take {n} cards from the stock.",
                    event.bonus,
                )
                if you
                else c.plural(
                    "Sweep! {seat} clears the table and takes {n} card from the stock.",
                    "Sweep! {seat} clears the table and takes {n} cards from the stock.",
                    event.bonus,
                    seat=seat,
                )
            )
        else:
            speech = (
                c.text("Sweep! You clear the table.") if you else c.text("Sweep! {seat} clears the table.", seat=seat)
            )
        braille = c.text("Sweep! {seat}", _B, seat=self.braille_seat(event.player))
        if taken is not None and you:
            braille += f" +1 {taken.code}"
        elif event.bonus:
            braille += f" +{event.bonus}"
        return Utterance(speech, braille, kind="sweep")

    def _leftovers(self, event: Leftovers) -> Utterance:
        c = self.catalog
        n = len(event.cards)
        if self._bundle_sizes is not None and event.to is not None:
            self._bundle_sizes[event.to] += n
        if self._verbosity == "brief":
            speech = c.plural("{n} card is left on the table.", "{n} cards are left on the table.", n)
        else:
            speech = c.plural(
                "{n} card is left on the table: {cards}.",
                "{n} cards are left on the table: {cards}.",
                n,
                cards=self._names(event.cards),
            )
        if event.to is None:
            speech += " " + c.plural("Nobody gets the card.", "Nobody gets the {n} cards.", n)
        elif event.to == self.you:
            speech += " " + c.plural("The card goes to you.", "The {n} cards go to you.", n)
        else:
            speech += " " + c.plural(
                "The card goes to {seat}.", "The {n} cards go to {seat}.", n, seat=self.seat_name(event.to)
            )

        def line(cards: str) -> str:
            if event.to is None:
                return c.text("Leftovers to nobody: {cards}", _B, cards=cards)
            if event.to == self.you:
                return c.text("Leftovers to you: {cards}", _B, cards=cards)
            return c.text("Leftovers to {seat}: {cards}", _B, seat=self.braille_seat(event.to), cards=cards)

        braille = line(self.cards.codes(event.cards))
        if len(braille) > BRAILLE_CELLS:
            braille = line(c.text("{count} cards", _B, count=n))
        return Utterance(speech, braille, kind="leftovers")

    def turn(self, view: BundlesView) -> Utterance:
        """Whose turn it is; the listener's own hand at normal and full verbosity. Never another seat's hand."""
        c = self.catalog
        if view.turn is None:
            return Utterance(c.text("The game is over; it is nobody's turn."), c.text("Game over", _B), kind="turn")
        if view.turn == view.seat:
            speech = c.text("Your turn.")
            braille = c.text("Your turn", _B)
            if self._verbosity != "brief" and view.hand:
                speech += " " + self._holding(view.hand)
                braille = self._fit(braille, ": " + self.cards.codes(view.hand))
            return Utterance(speech, braille, kind="turn")
        return Utterance(
            c.text("{seat}'s turn.", seat=self.seat_name(view.turn)),
            c.text("{seat}'s turn", _B, seat=self.braille_seat(view.turn)),
            kind="turn",
        )

    def handoff(self, seat: int) -> Utterance:
        """Hot seat: whose turn it is, and to press Enter once that person is at the keyboard."""
        c = self.catalog
        name = self.seat_name(seat)
        label = self.braille_name(seat)
        return Utterance(
            c.text("{seat}'s turn. Press Enter when {seat} is at the keyboard.", seat=name),
            c.text("{seat}'s turn, press Enter", _B, seat=label),
            kind="handoff",
        )

    def _holding(self, hand: Sequence[Card]) -> str:
        """ "You hold: 1 seven of hearts, 2 king of spades and 3 two of clubs." """
        c = self.catalog
        items = [
            c.text("{position} {card}", "card at a position in your hand", position=i + 1, card=self.card(card))
            for i, card in enumerate(hand)
        ]
        return c.text("You hold: {cards}.", cards=self._join(items))

    # -- review -------------------------------------------------------------------------

    def hand(self, view: BundlesView, by_suit: bool = False) -> Utterance:
        """The listening seat's own hand by position; ``by_suit`` adds the count of each suit."""
        c = self.catalog
        if not view.hand:
            return Utterance(c.text("You hold no cards."), c.text("Hand empty", _B), kind="review.hand")
        speech = self._holding(view.hand)
        braille = c.text("Hand: {cards}", _B, cards=self.cards.codes(view.hand))
        if by_suit:
            counts = [(suit, sum(1 for card in view.hand if card.suit is suit)) for suit in SUITS]
            present = [(suit, n) for suit, n in counts if n]
            speech += " " + c.text(
                "By suit: {counts}.", counts=self._join([self._suit_count(s, n) for s, n in present])
            )
            braille = self._fit(braille, "; " + " ".join(f"{suit.value}{n}" for suit, n in present))
        return Utterance(speech, braille, kind="review.hand")

    def _suit_count(self, suit: Suit, n: int) -> str:
        """ "2 hearts" / "2 Herz" / "2 Denari"."""
        if self.deck is DeckKind.ITALIAN40:
            return f"{n} {ITALIAN_SUITS[suit]}"
        if self.deck is DeckKind.SPANISH40:
            return f"{n} {SPANISH_SUITS[suit]}"
        c = self.catalog
        context = "cards of one suit in your hand"
        forms = {
            Suit.SPADES: ("{n} spade", "{n} spades"),
            Suit.HEARTS: ("{n} heart", "{n} hearts"),
            Suit.DIAMONDS: ("{n} diamond", "{n} diamonds"),
            Suit.CLUBS: ("{n} club", "{n} clubs"),
        }
        one, many = forms[suit]
        return c.plural(one, many, n, context)

    def card_at(self, view: BundlesView, index: int) -> Utterance:
        """ "3: seven of hearts"; at normal and full also what it would do, from the public view only."""
        c = self.catalog
        if not 0 <= index < len(view.hand):
            return Utterance(
                c.plural(
                    "Position {position} is empty: you hold {n} card.",
                    "Position {position} is empty: you hold {n} cards.",
                    len(view.hand),
                    position=index + 1,
                ),
                c.text("No card {position}", _B, position=index + 1),
                kind="review.card",
            )
        card = view.hand[index]
        speech = c.text(
            "{position}: {card}", "card at a position in your hand, alone", position=index + 1, card=self.card(card)
        )
        braille = f"{index + 1}: {card.code}"
        if self._verbosity != "brief":
            said, short = self._would(view, card)
            speech = c.text("{card_at}, {effect}.", card_at=speech, effect=self._join_or(said))
            joined = self._fit(braille, " " + "/".join(short))
            braille = joined if joined != braille else "\n".join([braille, *short])  # else one effect a line
        else:
            speech += "."
        return Utterance(speech, braille, kind="review.card")

    def _would(self, view: BundlesView, card: Card) -> tuple[list[str], list[str]]:
        """What ``card`` would do now, said and for braille: steals, else captures, else a trail; wild steals.

        Read from the view's own list of the seat's actions (``view.legal``): the rules are not worked out here.
        """
        c = self.catalog
        double = any(len(bundles) > 1 for bundles in view.bundles)
        card_id = deck(view.deck).cards.index(card)
        mine = [action for action in view.legal if action.card == card_id]
        said: list[str] = []
        short: list[str] = []

        def steal(seat: int, source: int, wild: bool) -> None:
            size = view.bundles[seat][source][0]
            which = source if double else None
            params = {"victim": self._victim(seat), "bundle": self._stolen(size, which)}
            said.append(
                c.text("could steal {victim} {bundle} as a wild card", **params)
                if wild
                else c.text("would steal {victim} {bundle}", **params)
            )
            label = self.braille_seat(seat) + (f"/{source + 1}" if double else "")
            short.append(c.text("steal {victim} {count}", _B, victim=label, count=size) + ("*" if wild else ""))

        def victims(wild: bool) -> list[tuple[int, int]]:
            return sorted({(a.steal, a.source) for a in mine if a.steal is not None and a.wild == wild})

        steals = victims(False)
        for seat, source in steals:
            steal(seat, source, False)
        if not steals:
            sets = {frozenset(a.capture) for a in mine if a.steal is None and a.capture}
            if len(sets) == 1:
                count = len(next(iter(sets)))
                said.append(c.plural("would capture {n} card", "would capture {n} cards", count))
                short.append(c.text("take {count}", _B, count=count))
            elif sets:
                said.append(c.plural("could capture in {n} way", "could capture in {n} ways", len(sets)))
                short.append(c.text("take {count} ways", _B, count=len(sets)))
            elif any(a.steal is None and not a.capture for a in mine):
                said.append(c.text("would trail"))
                short.append(c.text("trail", _B))
        for seat, source in victims(True):
            steal(seat, source, True)
        return said, short

    def table(self, view: BundlesView) -> Utterance:
        """The face-up table cards, or that the table is empty."""
        c = self.catalog
        if not view.table:
            return Utterance(c.text("The table is empty."), c.text("Table empty", _B), kind="review.table")
        return Utterance(
            c.text("On the table: {cards}.", cards=self._names(view.table)),
            c.text("Table {cards}", _B, cards=self.cards.codes(view.table)),
            kind="review.table",
        )

    def bundles(self, view: BundlesView) -> Utterance:
        """Every seat's bundle(s): its size and top card, or that it is empty."""
        c = self.catalog
        speech: list[str] = []
        braille: list[str] = []
        for seat in range(view.players):
            mine = view.bundles[seat]
            parts: list[str] = []
            for index, (size, top) in enumerate(mine):
                head = self._bundle_heading(seat, index if len(mine) > 1 else None)
                if size and top is not None:
                    speech.append(
                        c.plural(
                            "{bundle}: {n} card, top card {card}.",
                            "{bundle}: {n} cards, top card {card}.",
                            size,
                            bundle=head,
                            card=self.card(top),
                        )
                    )
                    parts.append(f"{size} {top.code}")
                else:
                    speech.append(c.text("{bundle}: empty.", bundle=head))
                    parts.append("0")
            braille.append(f"{self.braille_seat(seat)} {' '.join(parts)}")
        return Utterance(" ".join(speech), "; ".join(braille), kind="review.bundles")

    def _bundle_heading(self, seat: int, index: int | None) -> str:
        """ "Your bundle", "Player 2's second bundle" / "Dein Stapel", "Zweiter Stapel von Spieler 2"."""
        c = self.catalog
        you = seat == self.you
        if index is None:
            if you:
                return c.text("Your bundle")
            return c.text("{seat}'s bundle", seat=self.seat_name(seat))
        which = self._ordinal(index, ORDINAL_HEADING)
        if you:
            return c.text("Your {which} bundle", which=which)
        return _cap(c.text("{seat}'s {which} bundle", seat=self.seat_name(seat), which=which))

    def scores(self, view: BundlesView) -> Utterance:
        """Cards in bundles per seat, cards in hand per seat, cards left in the stock."""
        c = self.catalog
        seats = range(view.players)
        totals = [sum(size for size, _ in view.bundles[seat]) for seat in seats]
        speech: list[str] = []
        braille = ""
        if view.main_scores is not None:
            main, _ = self._ranking(view.main_scores, seats)
            speech.append(c.text("In the main game: {piles}.", piles=main))
        speech.append(c.text("In bundles: {piles}.", piles=self._join([self._holds(s, totals[s]) for s in seats])))
        speech.append(
            c.text("In hand: {piles}.", piles=self._join([self._holds(s, view.hand_sizes[s]) for s in seats]))
        )
        speech.append(self._stock(view.stock))
        braille = c.text("Bundles {piles}", _B, piles=" ".join(f"{self.braille_seat(s)} {totals[s]}" for s in seats))
        braille = self._fit(braille, "; " + c.text("stock {count}", _B, count=view.stock))
        braille = self._fit(
            braille,
            "; "
            + c.text(
                "hands {piles}", _B, piles=" ".join(f"{self.braille_seat(s)} {view.hand_sizes[s]}" for s in seats)
            ),
        )
        return Utterance(" ".join(speech), braille, kind="review.scores")

    # -- choices ------------------------------------------------------------------------------

    def action(self, action: BundlesAction, view: BundlesView) -> str:
        """The label of one choice in a choice menu: what the play steals, captures or trails."""
        c = self.catalog
        double = any(len(bundles) > 1 for bundles in view.bundles)
        if action.steal is not None:
            bundles = view.bundles[action.steal]
            size = bundles[action.source][0] if action.source < len(bundles) else 0
            params = {
                "victim": self._victim(action.steal),
                "bundle": self._stolen(size, action.source if double else None),
            }
            if action.wild:
                card = self._card_of(action.card, view)
                label = c.text(
                    "Use {card} to steal {victim} {bundle} (wild)", card=self._the(card) if card else "", **params
                )
            else:
                label = c.text("Steal {victim} {bundle}", **params)
        elif action.capture:
            taken = [card for card in (self._card_of(i, view) for i in action.capture) if card is not None]
            played = self._card_of(action.card, view)
            names = self._join([self._the(card) for card in taken])
            if played is not None and any(card.rank != played.rank for card in taken):
                label = c.text("Capture {cards} (sum {total})", cards=names, total=15)
            else:
                label = c.text("Capture {cards}", cards=names)
        else:
            label = c.text("Trail the card")
        if double and action.kind != "trail":
            which = self._ordinal(action.bundle, ORDINAL_OBJECT)
            label = c.text("{label} into your {which} bundle", label=label, which=which)
        return label

    def action_braille(self, action: BundlesAction, view: BundlesView) -> str:
        """The terse braille form of one choice: "steal C1/2 5 wild >1", "take 2C 3D >2", "trail"."""
        c = self.catalog
        double = any(len(bundles) > 1 for bundles in view.bundles)
        if action.steal is not None:
            bundles = view.bundles[action.steal]
            size = bundles[action.source][0] if action.source < len(bundles) else 0
            victim = self.braille_seat(action.steal) + (f"/{action.source + 1}" if double else "")
            label = c.text("steal {victim} {count}", _B, victim=victim, count=size)
            if action.wild:
                label += " " + c.text("wild", _B)
        elif action.capture:
            taken = [card for card in (self._card_of(i, view) for i in action.capture) if card is not None]
            played = self._card_of(action.card, view)
            label = c.text("take {cards}", "braille choice", cards=self.cards.codes(taken))
            if played is not None and any(card.rank != played.rank for card in taken):
                label += " =15"
        else:
            label = c.text("trail", _B)
        if double and action.kind != "trail":
            label += f" >{action.bundle + 1}"
        return label

    def _card_of(self, card_id: int, view: BundlesView) -> Card | None:
        """The card with engine id ``card_id`` in the view's deck."""
        cards = deck(view.deck).cards
        return cards[card_id] if 0 <= card_id < len(cards) else None
