"""The capacity search of bench/bot.py: the most moves per second one process sustains
while a move's answer keeps its p99 at or under a bar.

The same games as the main run are played for a short window at a shorter think time
each step (so more moves a second are asked for), on a fresh database each time. A step
passes when the p99 of the moves sent after the warm-up is within the bar; the think
time halves while steps pass and doubles while they fail, then one step between the
last pass and the first failure refines the figure. The capacity is the highest rate
measured in a passing step.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

#: Longest and shortest think times tried (seconds per decision).
SLOWEST, FASTEST = 16.0, 0.03
STEPS = 6


@dataclass(frozen=True)
class Step:
    think: float
    rate: float  # moves per second measured in the window
    p99: float  # ms
    moves: int
    problems: int

    def passed(self, bar: float) -> bool:
        return self.moves > 0 and self.p99 <= bar and self.problems == 0

    def line(self, bar: float) -> str:
        verdict = "within" if self.passed(bar) else "over"
        return (
            f"  think {self.think:.3g} s: {self.rate:.1f} moves/s, move p99 {self.p99:.1f} ms"
            f" ({self.moves} moves; {verdict} {bar:.0f} ms"
            f"{f'; {self.problems} problems' if self.problems else ''})"
        )


async def search(run: Callable[[float], Awaitable[Step]], start: float, bar: float) -> list[Step]:
    """Steps run (``run(think)`` plays one window), in order."""
    steps: list[Step] = []
    think = start
    for _ in range(STEPS):
        step = await run(think)
        steps.append(step)
        passes = [s.think for s in steps if s.passed(bar)]
        if passes and any(not s.passed(bar) for s in steps):
            fastest = min(passes)  # the fastest pace that passed, and the slowest one
            slower = [s.think for s in steps if not s.passed(bar) and s.think < fastest]
            if slower and len(steps) < STEPS:  # faster than it that failed: between them
                steps.append(await run(math.sqrt(fastest * max(slower))))
            break
        think = think / 2 if step.passed(bar) else think * 2
        if not FASTEST <= think <= SLOWEST:
            break
    return steps


def capacity(steps: list[Step], bar: float) -> str:
    best = max((s for s in steps if s.passed(bar)), key=lambda s: s.rate, default=None)
    if best is None:
        return f"no step kept move p99 within {bar:.0f} ms"
    return f"{best.rate:.1f} moves/s with move p99 {best.p99:.1f} ms (think {best.think:.3g} s)"
