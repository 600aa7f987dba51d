"""How Stealing Bundles' narrator names cards, seats, bundles and the stock: the words every sentence is made of.

:class:`BundlesPhrases` holds what one listener's narrator knows (language,
verbosity, deck, seat names, who is "you") and the phrases built from it: a card
with its German article in the right case, seats joined with "and" or "or", a
seat's bundle size, the stock, a bundle's ordinal. The sentences themselves are
the narrator's (:mod:`.narrator`) and, for the end of a game and a match, the
reckoning's (:mod:`.reckoning`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from accessible_cards.cards import Card, DeckKind
from accessible_cards.errors import OptionError
from accessible_cards.games.bundles.rules import (
    BundlesOptions,
    BundlesView,
)
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import SeatNarrator
from accessible_cards.narration.card_names import SUIT_IDS, CardNames

_B: Final = "braille"  # msgctxt of every braille text

_WITH_CTX: Final = "card after 'with' (German: dative, with article)"
_OBJECT_CTX: Final = "card as object (German: accusative, with article)"
_WITH: Final = (
    "with the ace of {suit}",
    "with the two of {suit}",
    "with the three of {suit}",
    "with the four of {suit}",
    "with the five of {suit}",
    "with the six of {suit}",
    "with the seven of {suit}",
    "with the eight of {suit}",
    "with the nine of {suit}",
    "with the ten of {suit}",
    "with the jack of {suit}",
    "with the queen of {suit}",
    "with the king of {suit}",
)
_OBJECT: Final = tuple(text.removeprefix("with ") for text in _WITH)
ORDINAL_OBJECT: Final = "bundle ordinal, after 'the' or 'your' as object (German: -en)"
ORDINAL_HEADING: Final = "bundle ordinal, in a heading (German: -er)"
_ORDINALS: Final = ("first", "second")


class BundlesPhrases(SeatNarrator):
    """What one listener's Stealing Bundles narrator knows, and the phrases every sentence is made of.

    The arguments are :class:`~.narrator.BundlesNarrator`'s.
    """

    def __init__(
        self,
        lang: str,
        verbosity: str,
        deck: str,
        seat_names: Sequence[str | None],
        card_names: str = "full",
        *,
        you: int | None = None,
        options: BundlesOptions | None = None,
    ) -> None:
        self.catalog = Catalog(lang)
        self.lang = lang
        try:
            kind = DeckKind(deck)
        except ValueError:
            raise OptionError("error-deck", f"unknown deck {deck!r}", value=str(deck)) from None
        if card_names not in ("full", "short"):
            raise OptionError(
                "error-card-names", f"card names {card_names!r} are not 'full' or 'short'", value=str(card_names)
            )
        names: list[str | None] = list(seat_names)
        players = len(names)
        if you is not None and not 0 <= you < players:
            raise OptionError("error-seat", f"there is no seat {you}", seat=you)
        if you is None:
            you = self._named_you(names)
        if you is not None and names[you] and self._is_you_word(names[you]):
            names[you] = None
        self.players = players
        self.you = you
        self._seat_names = names
        self.deck = kind
        self.short = card_names == "short"
        self.cards = CardNames(self.catalog, kind)
        self.options = options
        # bundle sizes and stock as the events tell them, so that a take is said with the sizes at that moment
        self._bundle_sizes: list[int] | None = None
        self._stock_left: int | None = None
        self._playing: tuple[int, ...] = ()
        self._verbosity = "normal"
        self.verbosity = verbosity

    def _is_you_word(self, name: str | None) -> bool:
        words = {"you", self.catalog.text("You", _B).lower()}
        return bool(name) and str(name).strip().lower() in words

    def _named_you(self, names: Sequence[str | None]) -> int | None:
        """The one seat named "You" (or "Du"), if exactly one is."""
        found = [seat for seat, name in enumerate(names) if self._is_you_word(name)]
        return found[0] if len(found) == 1 else None

    # -- names --------------------------------------------------------------------

    def card(self, card: Card) -> str:
        """The spoken name in the deck's style: "seven of hearts", "Herz Sieben", "Sette di Denari", or "7H"."""
        if self.short:
            return card.code
        return self.cards.name(card)

    def _printed(self) -> bool:
        """True when cards are said by a name without a catalog article (Latin decks, short codes)."""
        return self.short or self.deck is not DeckKind.FRENCH52

    def _with(self, card: Card) -> str:
        """ "with the seven of hearts" / "mit der Herz Sieben"."""
        c = self.catalog
        if self._printed() or card.suit is None:
            return c.text("with the {card}", "card named as printed, after 'with'", card=self.card(card))
        return c.text(_WITH[card.rank - 1], _WITH_CTX, suit=c.text(SUIT_IDS[card.suit], "suit"))

    def _the(self, card: Card) -> str:
        """ "the seven of clubs" / "die Kreuz Sieben" / "den Kreuz Buben" (an object)."""
        c = self.catalog
        if self._printed() or card.suit is None:
            return c.text("the {card}", "card named as printed, as object", card=self.card(card))
        return c.text(_OBJECT[card.rank - 1], _OBJECT_CTX, suit=c.text(SUIT_IDS[card.suit], "suit"))

    def _join_or(self, items: Sequence[str]) -> str:
        """``a``, ``a or b``, ``a, b or c``."""
        return self._list(items, "{first} or {last}", "list of alternatives")

    def _names(self, cards: Sequence[Card]) -> str:
        """Card names as a list, without articles: "seven of hearts and two of clubs"."""
        return self._join([self.card(card) for card in cards])

    def _seats(self, seats: Sequence[int]) -> str:
        """Seats after "between": "you and Player 2" / "dir und Spieler 2"."""
        c = self.catalog
        return self._join(
            [
                c.text("you", "player addressed, in a list after 'between'") if s == self.you else self.seat_name(s)
                for s in seats
            ]
        )

    def _holds(self, seat: int, count: int) -> str:
        """ "Player 2 has 20 cards" / "you have 20 cards" (a clause for a list)."""
        c = self.catalog
        if seat == self.you:
            return c.plural("you have {n} card", "you have {n} cards", count)
        return c.plural("{seat} has {n} card", "{seat} has {n} cards", count, seat=self.seat_name(seat))

    def _stock(self, n: int) -> str:
        c = self.catalog
        if n == 0:
            return c.text("The stock is empty.")
        return c.plural("{n} card is left in the stock.", "{n} cards are left in the stock.", n)

    def _ordinal(self, index: int, context: str) -> str:
        return self.catalog.text(_ORDINALS[min(index, 1)], context)

    # -- bundles in words -------------------------------------------------------------

    def _victim(self, seat: int) -> str:
        """The owner of a stolen bundle: "Player 2's" / "your"; German dative "Spieler 2" / "dir"."""
        c = self.catalog
        context = "owner of a stolen bundle (German: dative)"
        if seat == self.you:
            return c.text("your", context)
        return c.text("{seat}'s", context, seat=self.seat_name(seat))

    def _stolen(self, count: int, source: int | None) -> str:
        """ "bundle of 5 cards" / "second bundle of 5 cards"; German "den (zweiten) Stapel mit 5 Karten"."""
        c = self.catalog
        if source is None:
            return c.plural("bundle of {n} card", "bundle of {n} cards", count, "stolen bundle")
        return c.plural(
            "{which} bundle of {n} card",
            "{which} bundle of {n} cards",
            count,
            "stolen bundle",
            which=self._ordinal(source, ORDINAL_OBJECT),
        )

    def _into(self, seat: int, bundle: int) -> str:
        """Where a take goes with two bundles each: "The cards go onto your second bundle." """
        c = self.catalog
        which = self._ordinal(bundle, ORDINAL_OBJECT)
        if seat == self.you:
            return c.text("The cards go onto your {which} bundle.", which=which)
        return c.text("The cards go onto {seat}'s {which} bundle.", seat=self.seat_name(seat), which=which)

    def _track_take(self, view: BundlesView, player: int, gained: int, victim: int | None = None) -> None:
        """Follow a take: the taker's bundles grow by ``gained`` cards, a robbed seat's shrink by ``gained - 1``.

        A narrator that has not seen the deal (made in the middle of a game) starts from the view.
        """
        sizes = self._bundle_sizes
        if sizes is None or self._stock_left is None:
            self._bundle_sizes = [sum(size for size, _ in bundles) for bundles in view.bundles]
            self._stock_left = view.stock
            self._playing = view.tiebreak_players if view.phase == "tiebreak" else ()
            return
        sizes[player] += gained
        if victim is not None:
            sizes[victim] -= gained - 1

    def _sizes(self, view: BundlesView) -> tuple[str, str]:
        """Every playing seat's cards in bundles right after a take, as a sentence and a braille piece."""
        c = self.catalog
        totals = self._bundle_sizes or [sum(size for size, _ in bundles) for bundles in view.bundles]
        seats = list(self._playing) or list(range(len(totals)))
        speech = c.text("Bundles: {piles}.", piles=self._join([self._holds(s, totals[s]) for s in seats]))
        braille = "; " + " ".join(f"{self.braille_seat(s)} {totals[s]}" for s in seats)
        return speech, braille

    # -- events -----------------------------------------------------------------------
