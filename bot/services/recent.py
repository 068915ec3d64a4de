"""The last moves of each game, kept in memory so the table need not replay its log.

The table's move log shows the events of a game's last few actions. Rebuilding them
means reading the whole action log and replaying it from the seed, on every render;
instead the service remembers the event groups of the actions it commits itself and
replays only when it has no matching entry (after a restart, or when another process
moved the game). An entry is trusted only at the exact action count it was made for,
so a stale one is never shown.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

Event = Any  # an event of the game's engine

#: How many actions' events are kept per game: the most any table shows.
KEEP = 16


class RecentMoves:
    def __init__(self) -> None:
        self._games: dict[int, tuple[int, deque[list[Event]]]] = {}

    def get(self, game_id: int, action_count: int, count: int) -> list[Event] | None:
        """The events of the last ``count`` actions (oldest first), or None when what is
        kept is not for ``action_count`` actions."""
        if count > KEEP:
            raise ValueError(f"only the last {KEEP} actions are kept")
        entry = self._games.get(game_id)
        if entry is None or entry[0] != action_count:
            return None
        groups = list(entry[1])[-count:] if count else []
        return [event for group in groups for event in group]

    def fill(self, game_id: int, action_count: int, groups: Sequence[list[Event]]) -> None:
        """What a replay of the first ``action_count`` actions gave."""
        self._games[game_id] = (action_count, deque(groups, maxlen=KEEP))

    def extend(self, game_id: int, before: int, after: int, groups: Sequence[list[Event]]) -> None:
        """A commit took the game from ``before`` to ``after`` actions with ``groups``;
        without a matching entry (or groups for every action) the game is forgotten."""
        entry = self._games.get(game_id)
        if entry is None or entry[0] != before or len(groups) != after - before:
            self._games.pop(game_id, None)
            return
        entry[1].extend(groups)
        self._games[game_id] = (after, entry[1])

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)
