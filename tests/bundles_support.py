"""Helpers shared by the Stealing Bundles tests: build scenarios, replay them, check invariants."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from accessible_cards.games.bundles.rules import PRESETS
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.scenario import parse


def scenario(
    hands: Sequence[Sequence[str]],
    table: Sequence[str] = (),
    stock: Sequence[str] = (),
    moves: Sequence[Any] = (),
    variant: str = "standard",
    dealer: int | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A bundles scenario; by default the dealer is chosen so that seat 0 plays first."""
    players = len(hands)
    if dealer is None:
        ccw = PRESETS[variant].get("direction", options.get("direction")) == "counter-clockwise"
        dealer = 1 % players if ccw else players - 1
    return {
        "game": "bundles",
        "variant": variant,
        "players": players,
        "options": options,
        "dealer": dealer,
        "hands": [list(h) for h in hands],
        "table": list(table),
        "stock": list(stock),
        "moves": [m if isinstance(m, dict) else {"card": m} for m in moves],
    }


def run(data: dict[str, Any]) -> tuple[BundlesState, list[dict[str, Any]]]:
    """Replay a scenario's moves; returns the state and every event as JSON data."""
    loaded = parse(data)
    state = loaded.state
    assert isinstance(state, BundlesState)
    events = [e.to_dict() for e in state.start()]
    for move in loaded.moves or []:
        events += [e.to_dict() for e in state.apply(move.action(state))]
    check(state)
    return state, events


def plays(events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Only the steal / capture / trail events."""
    return [e for e in events if e["type"] in ("steal", "capture", "trail")]


def of_type(events: Sequence[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type."""
    return [e for e in events if e["type"] == kind]


def codes(state: BundlesState, ids: Sequence[int]) -> list[str]:
    """Card ids as codes."""
    return state.deck.codes(ids)


def bundle(state: BundlesState, seat: int, which: int = 0) -> list[str]:
    """A seat's bundle as codes, bottom first (top card last)."""
    return codes(state, state.bundles[seat * state.nb + which])


def check(state: BundlesState) -> None:
    """Every card of the deal in exactly one place; no view shows another seat's hand."""
    zones = state.zones()
    everything = [c for cards in zones.values() for c in cards]
    assert len(everything) == len(set(everything)), "a card is in two places"
    if state._given is None or state.main_scores is not None:
        assert sorted(everything) == list(range(len(state.deck))), "a card is missing"
    else:
        hands, table, stock = state._given
        assert sorted(everything) == sorted([c for h in hands for c in h] + table + stock), "a card is missing"
    for seat in range(state.players):
        view = state.view(seat)
        assert list(view.hand) == [state.deck.cards[c] for c in state.hands[seat]]
        seen = set(view.hand) | set(view.table) | {top for bundles in view.bundles for _, top in bundles if top}
        for other in range(state.players):
            if other != seat:
                assert not seen & {state.deck.cards[c] for c in state.hands[other]}, "a view shows another hand"
        assert view.hand_sizes == tuple(len(h) for h in state.hands)


def random_game(state: BundlesState, seed: int, every: bool = True) -> list[dict[str, Any]]:
    """Play ``state`` to the end with random legal choices, checking the invariants after every action."""
    chooser = random.Random(seed)
    events = [e.to_dict() for e in state.start()]
    if every:
        check(state)
    while state.result is None:
        actions = state.actions()
        assert actions, "no legal action while the game goes on"
        events += [e.to_dict() for e in state.apply(chooser.choice(actions))]
        if every:
            check(state)
    return events
