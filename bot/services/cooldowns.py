"""How often a member may challenge: a sliding window per challenger and per pair.

A member is pinged by one challenger at most ``per_opponent`` times within ``window``,
and one challenger opens at most ``per_challenger`` challenges within it, whatever
happened to them (declined, cancelled, expired): challenge, cancel, challenge again
can neither ping someone fifty times nor keep a channel blocked. Kept in memory (a
restart forgets it); nothing here knows Discord or the store.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TypeVar

K = TypeVar("K")


@dataclass
class ChallengeLimits:
    per_opponent: int
    per_challenger: int
    window: timedelta
    _by_pair: dict[tuple[int, int], deque[datetime]] = field(default_factory=dict)
    _by_challenger: dict[int, deque[datetime]] = field(default_factory=dict)

    def refusal(self, challenger: int, opponent: int, now: datetime) -> str | None:
        """Why ``challenger`` may not challenge ``opponent`` now (None: they may)."""
        pair = self._recent(self._by_pair, (challenger, opponent), now)
        if len(pair) >= self.per_opponent:
            return (
                f"You have challenged this member {len(pair)} times in the last "
                f"{_minutes(self.window)}: give them a break and try again "
                f"{_after(pair[0] + self.window - now)}."
            )
        mine = self._recent(self._by_challenger, challenger, now)
        if len(mine) >= self.per_challenger:
            return (
                f"You have started {len(mine)} challenges in the last "
                f"{_minutes(self.window)}: try again {_after(mine[0] + self.window - now)}."
            )
        return None

    def note(self, challenger: int, opponent: int, now: datetime) -> None:
        """Count a challenge that was made."""
        self._by_pair.setdefault((challenger, opponent), deque()).append(now)
        self._by_challenger.setdefault(challenger, deque()).append(now)

    def _recent(self, table: dict[K, deque[datetime]], key: K, now: datetime) -> deque[datetime]:
        """The times in the window of ``key`` (an idle key is dropped from ``table``)."""
        times = table.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del table[key]
        return times


def _minutes(span: timedelta) -> str:
    minutes = round(span.total_seconds() / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def _after(wait: timedelta) -> str:
    seconds = max(1, int(wait.total_seconds()) + 1)
    if seconds < 90:
        return f"in {seconds} seconds"
    return f"in {round(seconds / 60)} minutes"
