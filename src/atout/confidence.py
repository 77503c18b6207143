"""95% confidence intervals, as every command that prints figures gives them. A mean's (``atout
bench``, ``arena``): the mean ± t · sd / √n, t Student's two-sided 95% quantile for n − 1
degrees of freedom (the normal 1.96 from 1,000 on, where t is 1.962).

>>> mean_ci([1.0, 2.0, 3.0])  # doctest: +ELLIPSIS
(2.0, 2.484...)
>>> t95(1), t95(30), t95(500), t95(5000)
(12.706, 2.042, 1.966, 1.96)

A proportion's (``atout simulate``'s win rate): Wilson's score interval.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
        20: 2.086, 22: 2.074, 24: 2.064, 26: 2.056, 28: 2.048, 30: 2.042, 40: 2.021, 60: 2.000, 80: 1.990,
        100: 1.984, 120: 1.980, 200: 1.972, 400: 1.966}
"""Two-sided 95% quantiles of Student's t by degrees of freedom (between two entries, the lower
entry's: the wider interval)."""


def t95(df: int) -> float:
    """Student's two-sided 95% quantile for ``df`` degrees of freedom (at least 1)."""
    if df >= 1000:
        return 1.96
    return _T95[max(k for k in _T95 if k <= df)]


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (``nan`` for one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


Z95 = 1.959963984540054
"""The normal two-sided 95% quantile."""


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> [round(x, 3) for x in wilson_interval(150, 200)]
    [0.686, 0.805]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
