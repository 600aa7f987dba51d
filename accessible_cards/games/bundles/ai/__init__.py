"""Computer players for the Stealing Bundles family.

A computer player sees only its own seat's :class:`~accessible_cards.games.bundles_rules.BundlesView`
and the legal actions the engine lists for that seat; it never reads the state.
:func:`make_player` builds one by level name:

- ``easy``: a random legal card, with a small preference for obvious steals;
- ``medium``: the seed's tips made precise, counting every card seen;
- ``hard``: a search over the hidden cards consistent with what its seat has
  seen, solving the last deal exactly;
- ``taker`` (for measuring, never offered): the largest immediate take;
- ``random`` and ``simple``: a uniformly random action, and the tips made plain.

A player is deterministic given its seed and the views it was shown, in
order; one player object serves one game (a tiebreak hand included). Hosts
call :func:`show_everyone` after every play so that each player sees every
card played, as a person at the table would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from accessible_cards.games.bundles.ai.basic import (
    BASIC_LEVELS,
    LEVELS,
    OFFERED_LEVELS,
    YARDSTICK_LEVELS,
    Player,
    PlayerFactory,
    RandomPlayer,
    SimplePlayer,
    available_levels,
    make_player,
    register_level,
)
from accessible_cards.games.bundles.ai.levels import EasyPlayer, MediumPlayer, TakerPlayer
from accessible_cards.games.bundles.ai.search import HardPlayer
from accessible_cards.games.bundles.state import BundlesState

if TYPE_CHECKING:
    from accessible_cards.games.bundles.match import BundlesMatchState

register_level("easy", EasyPlayer)
register_level("medium", MediumPlayer)
register_level("hard", HardPlayer)
register_level("taker", TakerPlayer)


def show_everyone(players: Mapping[int, Player], state: BundlesState | BundlesMatchState) -> None:
    """Let every computer player see the table after a play (each its own seat's view)."""
    for seat, player in players.items():
        observe = getattr(player, "observe", None)
        if observe is not None:
            observe(state.view(seat))


__all__ = [
    "BASIC_LEVELS",
    "LEVELS",
    "OFFERED_LEVELS",
    "YARDSTICK_LEVELS",
    "EasyPlayer",
    "HardPlayer",
    "MediumPlayer",
    "Player",
    "PlayerFactory",
    "RandomPlayer",
    "SimplePlayer",
    "TakerPlayer",
    "available_levels",
    "make_player",
    "register_level",
    "show_everyone",
]
