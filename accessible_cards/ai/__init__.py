"""Computer players for the Stealing Bundles family.

A computer player sees only its own seat's :class:`~accessible_cards.games.bundles_rules.BundlesView`
and the legal actions the engine lists for that seat; it never reads the state.
:func:`make_player` builds one by level name:

- ``random``: a uniformly random legal action;
- ``simple``: the seed's tips made plain (steal first, the biggest steal;
  never trail when a take exists; capture the most cards; trail and end on
  "safe" ranks, counted from the cards this player has seen).

The names ``easy``, ``medium`` and ``hard`` are kept for the stronger levels
of a later issue. A player is deterministic given its seed and the views it
was shown, in order; one player object serves one game (a tiebreak hand
included).
"""

from __future__ import annotations

from .basic import (
    BASIC_LEVELS,
    LEVELS,
    RESERVED_LEVELS,
    Player,
    PlayerFactory,
    RandomPlayer,
    SimplePlayer,
    available_levels,
    make_player,
    register_level,
)

__all__ = [
    "BASIC_LEVELS",
    "LEVELS",
    "RESERVED_LEVELS",
    "Player",
    "PlayerFactory",
    "RandomPlayer",
    "SimplePlayer",
    "available_levels",
    "make_player",
    "register_level",
]
