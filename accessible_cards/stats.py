"""Small summaries of many games' figures: mean, median, 95th percentile, a confidence band."""

from __future__ import annotations

import math
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


def wilson_ci95(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score 95% interval for a proportion."""
    if trials <= 0:
        return (0.0, 1.0)
    z = 1.959963984540054
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))
