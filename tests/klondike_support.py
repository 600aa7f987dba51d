"""Klondike boards for the tests: a state laid out by hand, in card codes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from accessible_cards.cards import deck
from accessible_cards.games.klondike.rules import options_for
from accessible_cards.games.klondike.state import KlondikeState

FRENCH = deck("french52")


def ids(codes: str) -> list[int]:
    """``"7H 8S"`` as engine ints."""
    return FRENCH.parse_many(codes.split()) if codes.strip() else []


def board(
    variant: str = "braillespiel",
    *,
    columns: Sequence[str] = (),
    down: Sequence[int] = (),
    stock: str = "",
    waste: str = "",
    found: Sequence[int] = (0, 0, 0, 0),
    **options: Any,
) -> KlondikeState:
    """A started state with ``columns`` (bottom first, the first ``down[i]`` face down), the stock (top last)."""
    state = KlondikeState(variant, options_for(variant, options), None)
    state.started = True
    cols = [ids(text) for text in columns] + [[] for _ in range(7 - len(columns))]
    state.columns = cols
    state.down = [*down, *([0] * (7 - len(down)))]
    state.stock = ids(stock)
    state.waste = ids(waste)
    state.found = list(found)
    state.total = sum(map(len, cols)) + len(state.stock) + len(state.waste) + sum(found)
    return state


def codes(state: KlondikeState, column: int) -> str:
    return " ".join(FRENCH.code(c) for c in state.columns[column])
