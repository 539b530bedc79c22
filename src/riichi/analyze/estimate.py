"""Means and shares of sampled outcomes with their 95 % intervals, and paired differences.

A mean's interval is the normal one, ``mean ± 1.96·sd/√n``; a share's is Wilson's score interval
(right also near 0 and 1). A difference between two actions played on the same worlds is the mean
of the per-world differences, whose spread leaves out what the worlds share (the paired interval);
:func:`unpaired_half_width` gives what the interval would be had the two actions been played on
independent worlds, for comparison.

>>> import numpy as np
>>> e = mean_estimate(np.array([1.0, 2.0, 3.0, 4.0]))
>>> round(e.mean, 2), round(e.low, 2), round(e.high, 2)
(2.5, 1.23, 3.77)
>>> s = share_estimate(np.array([True, False, False, False]))
>>> round(s.mean, 2), round(s.low, 3), round(s.high, 3)
(0.25, 0.046, 0.699)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = ["Estimate", "Z95", "mean_estimate", "share_estimate", "unpaired_half_width"]

Z95 = 1.959963984540054
"""The 97.5 % point of the standard normal distribution."""


@dataclass(frozen=True)
class Estimate:
    """An estimated value and its 95 % interval ``[low, high]``."""

    mean: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the interval's width."""
        return (self.high - self.low) / 2

    @property
    def excludes_zero(self) -> bool:
        """The interval lies wholly above or wholly below zero."""
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, float]:
        return {"mean": self.mean, "low": self.low, "high": self.high}

    def text(self, spec: str = ",.0f") -> str:
        """``mean [low, high]``, each number formatted with ``spec``.

        >>> Estimate(1500.0, 1000.0, 2000.0).text()
        '1,500 [1,000, 2,000]'
        >>> Estimate(-0.3, -0.4, 0.0).text()  # a number that rounds to zero has no sign
        '0 [0, 0]'
        """
        return f"{_number(self.mean, spec)} [{_number(self.low, spec)}, {_number(self.high, spec)}]"


def _number(value: float, spec: str) -> str:
    """``value`` formatted with ``spec``, without the minus sign of a value that rounds to
    zero ('-0' would read as a loss where there is none)."""
    text = format(value, spec)
    return text[1:] if text.startswith("-") and not any(c in "123456789" for c in text) else text


def mean_estimate(values: np.ndarray) -> Estimate:
    """The mean of ``values`` with its normal 95 % interval (zero width for one value)."""
    n = len(values)
    mean = float(np.mean(values))
    half = Z95 * float(np.std(values, ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    return Estimate(mean, mean - half, mean + half)


def share_estimate(hits: np.ndarray) -> Estimate:
    """The share of true ``hits`` with Wilson's 95 % interval."""
    n = len(hits)
    p = float(np.mean(hits))
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # at a share of 0 (or 1) the bound is exactly 0 (1): the rounding of centre - half is not
    low = 0.0 if p == 0 else max(0.0, centre - half)
    high = 1.0 if p == 1 else min(1.0, centre + half)
    return Estimate(p, low, high)


def unpaired_half_width(a: np.ndarray, b: np.ndarray) -> float:
    """The half width of the 95 % interval of ``mean(a) - mean(b)`` for independent samples."""
    n = len(a)
    if n < 2:
        return 0.0
    return Z95 * math.sqrt(float(np.var(a, ddof=1) + np.var(b, ddof=1)) / n)
