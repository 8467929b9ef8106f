"""Estimates with their 95% intervals: proportions (Wilson) and means (normal)."""

from __future__ import annotations

import math
from typing import NamedTuple

__all__ = ["Estimate", "mean_interval", "variance", "wilson"]

_Z95 = 1.959963984540054


class Estimate(NamedTuple):
    """A point estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def __str__(self) -> str:
        if math.isnan(self.value):
            return "n/a (no games)"
        return f"{self.value:.6g} [{self.low:.6g}, {self.high:.6g}]"

    def to_dict(self) -> dict[str, float | None]:
        """JSON-safe: ``value``, ``low``, ``high``; None where undefined (no games)."""
        return {k: (None if math.isnan(v) else v) for k, v in self._asdict().items()}


def wilson(successes: float, n: int) -> Estimate:
    """A proportion with its 95% Wilson score interval (sound near 0 and 1).

    A count of 0 (or of n) has its bound at exactly 0 (or 1), not at a rounding
    error away from it.
    """
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high)


def mean_interval(moments: dict[str, int]) -> Estimate:
    """A mean with its normal-approximation 95% interval, from exact integer sums."""
    n = moments["n"]
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = moments["sum"] / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan)
    # Exact integer arithmetic until the final division: no cancellation.
    var = (moments["sum_sq"] * n - moments["sum"] ** 2) / (n * (n - 1))
    half = _Z95 * math.sqrt(max(var, 0.0) / n)
    return Estimate(mean, mean - half, mean + half)


def variance(moments: dict[str, int]) -> float:
    n = moments["n"]
    if n < 2:
        return math.nan
    return (moments["sum_sq"] * n - moments["sum"] ** 2) / (n * (n - 1))
