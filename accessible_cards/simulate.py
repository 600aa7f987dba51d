"""Many seeded games without a listener: the figures behind ``accessible-cards simulate``.

Each game registers its own ``simulate`` (and the ``figures_lines`` that print
its figures); :func:`simulate` calls it by the game's description, with one
keyword signature for every game. The helpers every game's simulation shares
(:func:`game_seeds`, :func:`wilson`, :func:`percentile`) live in
:mod:`accessible_cards.stats`, below the games, and are named here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import OptionError
from .game import GameDescription
from .stats import game_seeds, percentile, wilson

__all__ = ["figures_lines", "game_seeds", "percentile", "simulate", "wilson"]


def simulate(
    game: GameDescription,
    *,
    players: int | None = None,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    variant: str | None = None,
    ai: Sequence[str] | None = None,
    swap: bool = False,
) -> dict[str, Any]:
    """Play ``games`` seeded games of ``game`` and return its figures (what ``--json`` prints).

    An OptionError when the game cannot be simulated, or refuses the options,
    the preset or the computer levels it is given.
    """
    if game.simulate is None:
        raise OptionError("error-simulate-none", f"{game.title} cannot be simulated", game=game.name)
    return game.simulate(players=players, games=games, seed=seed, settings=settings, variant=variant, ai=ai, swap=swap)


def figures_lines(game: GameDescription, figures: Mapping[str, Any]) -> list[str]:
    """The lines ``simulate`` prints for ``figures`` without ``--json``: the game's own, or one per figure."""
    if game.figures_lines is not None:
        return game.figures_lines(figures)
    return [f"{key}: {value}" for key, value in figures.items()]
