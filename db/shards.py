"""Which games a bot process owns when the bot runs as several shards.

Discord puts a server on shard ``(server_id >> 22) % shard_count`` and DMs on shard 0.
A game belongs to the shard its players' clicks arrive on: its server's, and shard 0
for a game played in DMs (every solo game, wherever it was started, and a game without
a server). The process running that shard repairs it at start-up, runs its timers and
resumes its AI and robot turns. Ownership is a filter on those queries, never a
guarantee of exclusivity: every write still goes through the version check, so a
process that handles a game it no longer owns (the shard count changed, two processes
overlap in a rolling restart) is refused like any stale writer.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count is at least 1")
        if not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be among 0..{self.count - 1}")

    @classmethod
    def of(cls, count: int, ids: list[int] | None = None) -> Shards:
        """``ids`` None: every shard (one process runs them all)."""
        return cls(count, frozenset(range(count) if ids is None else ids))

    @property
    def everything(self) -> bool:
        return len(self.ids) == self.count

    def shard_of(self, guild_id: int | None, mode: str) -> int:
        """The shard of a game of ``mode`` (solo, duel, ai) in the server ``guild_id``."""
        return 0 if guild_id is None or mode == "solo" else (guild_id >> 22) % self.count

    def sql(self) -> str:
        """`` AND …``: the condition for a ``games`` row this process owns ("" if all)."""
        if self.everything:
            return ""
        ids = ", ".join(str(i) for i in sorted(self.ids))
        shard = (
            f"CASE WHEN mode = 'solo' THEN 0 ELSE (COALESCE(guild_id, 0) >> 22) % {self.count} END"
        )
        return f" AND ({shard}) IN ({ids})"


#: One process running the whole bot.
ALL = Shards.of(1)
