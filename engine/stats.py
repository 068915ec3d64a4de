"""Statistics the simulators and benchmarks of every game share.

The 95% Wilson score interval for a proportion (sound near 0 and 1 too)."""

from __future__ import annotations

import math


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The interval for ``k`` successes in ``n`` trials (a shared win counts a share)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
