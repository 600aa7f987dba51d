"""Small summaries of many games' figures: the games' seeds, mean, median, percentiles, a confidence band."""

from __future__ import annotations

import contextlib
import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence


def summary(values: Sequence[int | float]) -> dict[str, float]:
    """Mean, median and 95th percentile (nearest rank) of ``values``; zeros when empty."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "p95": 0.0}
    ordered = sorted(values)
    rank = max(1, math.ceil(0.95 * len(ordered)))
    return {
        "mean": round(statistics.fmean(ordered), 3),
        "median": float(statistics.median(ordered)),
        "p95": float(ordered[rank - 1]),
    }


class Run:
    """A simulation being watched: ``done`` games finished, ``stop`` asked (Ctrl-C), ``on_game(done, asked)`` told.

    :func:`game_seeds` tells ``on_game`` before each next game and ends early
    once ``stop`` is set, so a game's own loop ends after the games finished.
    """

    def __init__(self, on_game: Callable[[int, int], None] | None = None) -> None:
        self.on_game = on_game
        self.done = 0
        self.stop = False
        self.seeded = False
        """True once a game's simulation draws its seeds from :func:`game_seeds`, and so can stop early."""


_watched: list[Run] = []


@contextlib.contextmanager
def watching(run: Run) -> Iterator[Run]:
    """While inside, every :func:`game_seeds` reports to ``run`` and stops when it asks."""
    _watched.append(run)
    try:
        yield run
    finally:
        _watched.remove(run)


def game_seeds(seed: int, games: int) -> Iterator[int]:
    """One seed per game, drawn from ``seed`` as they are needed: the same seed gives the same games.

    The seeds are drawn lazily, so a huge count costs no memory; under
    :func:`watching` the run is told of each game and may stop early.
    """
    master = random.Random(seed)
    run = _watched[-1] if _watched else None
    if run is not None:
        run.seeded = True
    for index in range(games):
        if run is not None:
            run.done = index
            if run.on_game is not None and not run.stop:
                run.on_game(index, games)
            if run.stop:
                return
        yield master.getrandbits(63)
    if run is not None:
        run.done = games


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) with no games."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.95 for the 95th) of ``values``; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]
