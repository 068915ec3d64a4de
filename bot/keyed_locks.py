"""One ``asyncio.Lock`` per key (a game, a person), made on first use and kept only
while someone holds or waits for it (weak), so a bot that runs for months keeps no lock
for every game or person it ever saw."""

from __future__ import annotations

import asyncio
import weakref


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: int) -> asyncio.Lock:
        """The lock of ``key`` (the same one while anybody holds it or waits for it)."""
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        """How many locks are kept now (those held or waited for)."""
        return len(self._locks)
