"""Stiche-Raten's score sheet (the seed's "Block") as a table for ``emboss scores``: per player a narrow bid
column and a wide column with the running total, one row per round played."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from accessible_cards.engine import GameState
from accessible_cards.game import ScoreSheet
from accessible_cards.i18n import Catalog

from .narrator import OhHellNarrator
from .state import OhHellState


def score_sheet(state: GameState[Any], t: Callable[..., str], names: Sequence[str]) -> ScoreSheet:
    assert isinstance(state, OhHellState)
    catalog: Catalog | None = getattr(t, "__self__", None)
    narrator = OhHellNarrator(catalog.lang if isinstance(catalog, Catalog) else "en", "normal", list(names))
    players = state.players
    labels = [narrator.braille_seat(seat) for seat in range(players)]
    top: list[str] = [""]
    below: list[str] = [t("Rd", "score sheet heading: the round")]
    for label in labels:
        top += [label, ""]
        below += [t("bid", "score sheet heading: the bid"), t("pts", "score sheet heading: the points so far")]
    rows = []
    for row in state.sheet:
        cells = [str(row.round)]
        for seat in range(players):
            cells += [str(row.bids[seat]), str(row.totals[seat])]
        rows.append(tuple(cells))
    title = t(
        "Stiche-Raten, score sheet after {rounds} of {total} rounds", rounds=len(state.sheet), total=len(state.schedule)
    )
    return ScoreSheet(title, (tuple(top), tuple(below)), tuple(rows), keys=1, bands=(2,) * players)
