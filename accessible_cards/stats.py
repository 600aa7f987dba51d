"""Small summaries of many games' figures: the games' seeds, mean, median, percentiles, a confidence band."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence


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


def game_seeds(seed: int, games: int) -> list[int]:
    """One seed per game, drawn from ``seed``: the same seed gives the same games."""
    master = random.Random(seed)
    return [master.getrandbits(63) for _ in range(games)]


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
