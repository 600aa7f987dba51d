"""Stealing Bundles family events as plain English lines, key fact first.

Italian and Spanish packs are named in their own style (``Fante of Denari``,
``Caballo of Oros``), as the rulings ask; French cards as in War.
"""

from __future__ import annotations

from collections.abc import Sequence

from accessible_cards.cards import Card, Suit
from accessible_cards.engine import Event
from accessible_cards.games.bundles.match import MatchGameOver, MatchOver
from accessible_cards.games.bundles.rules import (
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
)
from accessible_cards.narration.names import card_name, cards, join, seat_name

_LATIN_RANKS = {
    "italian40": {11: "Fante", 12: "Cavallo", 13: "Re"},
    "spanish40": {11: "Sota", 12: "Caballo", 13: "Rey"},
}
_LATIN_SUITS = {
    "italian40": {Suit.DIAMONDS: "Denari", Suit.HEARTS: "Coppe", Suit.SPADES: "Spade", Suit.CLUBS: "Bastoni"},
    "spanish40": {Suit.DIAMONDS: "Oros", Suit.HEARTS: "Copas", Suit.SPADES: "Espadas", Suit.CLUBS: "Bastos"},
}
_SMALL = ("ace", "two", "three", "four", "five", "six", "seven")


def name(card: Card, pack: str) -> str:
    """A card's spoken name in the style of its pack."""
    if pack not in _LATIN_SUITS or card.suit is None:
        return card_name(card)
    rank = _LATIN_RANKS[pack].get(card.rank) or _SMALL[card.rank - 1]
    return f"{rank} of {_LATIN_SUITS[pack][card.suit]}"


def _names(items: Sequence[Card], pack: str) -> str:
    return join([name(c, pack) for c in items]) if items else "nothing"


def describe(event: Event, view: BundlesView) -> str | None:
    """One line for ``event``, read with ``view`` (the state after the whole step); None for nothing to say."""
    pack = view.deck
    if isinstance(event, Dealt):
        each = set(event.counts)
        dealt = (
            f"{cards(next(iter(each)))} each"
            if len(each) == 1
            else join([f"{seat_name(s)} {cards(n)}" for s, n in enumerate(event.counts) if n])
        )
        return (
            f"{seat_name(event.dealer)} deals {dealt}. Table: {_names(event.table, pack)}. "
            f"Stock: {cards(event.stock)}. {seat_name(event.first)} plays first."
        )
    if isinstance(event, Redealt):
        most = max(event.counts)
        rest = f" The rest goes face up to the table: {_names(event.table, pack)}." if event.table else ""
        return f"New deal: {cards(most)} each, from {seat_name(event.first)}. Stock: {cards(event.stock)}.{rest}"
    if isinstance(event, Stole):
        how = ", played wild" if event.wild else ""
        return (
            f"{seat_name(event.player)} steals {seat_name(event.victim)}'s bundle of {cards(event.count)} "
            f"with the {name(event.card, pack)}{how}."
        )
    if isinstance(event, Captured):
        return f"{seat_name(event.player)} captures {_names(event.cards, pack)} with the {name(event.card, pack)}."
    if isinstance(event, Trailed):
        return f"{seat_name(event.player)} trails the {name(event.card, pack)}."
    if isinstance(event, Swept):
        bonus = f" and takes {cards(event.bonus)} from the stock" if event.bonus else ""
        return f"Sweep! {seat_name(event.player)} clears the table{bonus}."
    if isinstance(event, Leftovers):
        who = "nobody" if event.to is None else seat_name(event.to)
        return f"Left on the table: {_names(event.cards, pack)}; they go to {who}."
    if isinstance(event, TiebreakStarted):
        return (
            f"Tie: {join([seat_name(s) for s in event.players])} have {cards(event.score)} each. "
            "They play one tiebreak hand from a fresh deck."
        )
    if isinstance(event, GameOver):
        return _game_over(event)
    if isinstance(event, MatchGameOver):
        wins = join([f"{seat_name(s)} {n}" for s, n in enumerate(event.wins)])
        return f"After game {event.game}, games won: {wins}."
    if isinstance(event, MatchOver):
        return f"Match over after {event.games} games: {join([seat_name(s) for s in event.winners])}."
    return None


def _game_over(event: GameOver) -> str:
    held = join([f"{seat_name(s)} {n}" for s, n in enumerate(event.scores)])
    names = join([seat_name(s) for s in event.winners])
    counts = join([_count(event.steals, "steal"), _count(event.captures, "capture"), _count(event.trails, "trail")])
    points = ""
    if event.points is not None:
        points = " Scopa points: " + join([f"{seat_name(s)} {n}" for s, n in enumerate(event.points)]) + "."
    if event.tiebreak is not None:
        gained = join([f"{seat_name(s)} {event.tiebreak[s]}" for s in range(len(event.scores)) if event.tiebreak[s]])
        outcome = f"{names} wins the tiebreak" if len(event.winners) == 1 else f"the tiebreak is a draw between {names}"
        return f"Game over: {outcome} (cards gained: {gained or 'none'}). Bundles: {held}. {counts}.{points}"
    if len(event.winners) == 1:
        return f"Game over: {names} wins. Bundles: {held}. {counts}.{points}"
    return f"Game over: draw between {names}. Bundles: {held}. {counts}.{points}"


def _count(count: int, word: str) -> str:
    """``1 steal``, ``2 steals``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
