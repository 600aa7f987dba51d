"""Spoken names of cards and seats (English)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from .card_names import RANK_IDS, SUIT_IDS

# The catalog's keys are the English words, so the plain English lines name ranks and suits by them.
RANK_NAMES = RANK_IDS
SUIT_NAMES = SUIT_IDS


def card_name(card: Card) -> str:
    """``seven of hearts``; a number card is its number."""
    if card.suit is None:
        return str(card.rank)
    return f"{RANK_NAMES[card.rank - 1]} of {SUIT_NAMES[card.suit]}"


def ranks_name(card: Card) -> str:
    """The rank in the plural, as in ``a tie of sixes``."""
    if card.suit is None:
        return f"{card.rank}s"
    name = RANK_NAMES[card.rank - 1]
    return name + "es" if name.endswith("x") else name + "s"


def seat_name(seat: int) -> str:
    """Seats are said from 1."""
    return f"Player {seat + 1}"


def join(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(count: int, word: str) -> str:
    """``1 round``, ``2 rounds``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def cards(count: int) -> str:
    """``1 card``, ``2 cards``."""
    return plural(count, "card")
