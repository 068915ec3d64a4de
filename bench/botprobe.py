"""Where the bot's time goes: timers wrapped around the engine, the store and rendering
(of Famiglia and of Family Business).

Only the benchmark installs them (nothing in the bot changes). Each timed call adds
its wall time to a total per category and to the category of the asyncio task that
made it, so the time an interaction spent before its answer can be split: engine,
database (writes = commit, reads), rendering (embeds, image, controls). Nested calls
count once, in the outermost category (the engine asked by a renderer is rendering).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import threading
import time
from collections import Counter, defaultdict
from typing import Any

CATEGORIES = ("engine", "db commit", "db read", "render")
_DEPTH: contextvars.ContextVar[int] = contextvars.ContextVar("probe_depth", default=0)
#: The store method being run (its reads are counted under its name).
_METHOD: contextvars.ContextVar[str] = contextvars.ContextVar("probe_method", default="?")


class Probe:
    def __init__(self) -> None:
        self.totals: Counter[str] = Counter()
        self.per_task: dict[asyncio.Task[Any], Counter[str]] = defaultdict(Counter)
        #: Every database read made, by the store method that made it.
        self.read_names: Counter[str] = Counter()
        self._lock = threading.Lock()

    def _add(self, category: str, seconds: float) -> None:
        with self._lock:
            self.totals[category] += seconds
        try:
            task = asyncio.current_task()
        except RuntimeError:  # a worker thread (the table image is drawn in one)
            return
        if task is not None:
            self.per_task[task][category] += seconds

    def count_reads(self, owner: Any) -> None:
        """Count each call of ``owner._read``: one read transaction on the database (a
        store method that answers from memory makes none)."""
        original = owner._read

        async def counted(store: Any, fn: Any) -> Any:
            self.read_names[_METHOD.get()] += 1
            task = asyncio.current_task()
            if task is not None:  # per task too: a move should need none
                self.per_task[task]["db read calls"] += 1 / 1000  # take() gives ms
                self.per_task[task][f"db read: {_METHOD.get()}"] += 1 / 1000
            return await original(store, fn)

        owner._read = counted

    def take(self) -> dict[str, float]:
        """The current task's split so far, in ms (called when its answer is sent)."""
        task = asyncio.current_task()
        found = self.per_task.pop(task, Counter()) if task is not None else Counter()
        return {k: v * 1000 for k, v in found.items()}

    def wrap(self, owner: Any, name: str, category: str) -> None:
        original = getattr(owner, name)
        if inspect.iscoroutinefunction(original):

            @functools.wraps(original)
            async def timed_async(*args: Any, **kwargs: Any) -> Any:
                named = _METHOD.set(name)  # a coroutine runs in its caller's context
                try:
                    if _DEPTH.get():
                        return await original(*args, **kwargs)
                    token = _DEPTH.set(1)
                    start = time.perf_counter()
                    try:
                        return await original(*args, **kwargs)
                    finally:
                        self._add(category, time.perf_counter() - start)
                        _DEPTH.reset(token)
                finally:
                    _METHOD.reset(named)

            setattr(owner, name, timed_async)
            return

        @functools.wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if _DEPTH.get():
                return original(*args, **kwargs)
            token = _DEPTH.set(1)
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self._add(category, time.perf_counter() - start)
                _DEPTH.reset(token)

        setattr(owner, name, timed)


WRITES = ("commit_move", "set_status", "create_game", "set_table_message", "mark_reminder_sent")


def install() -> Probe:
    """Wrap the engine, store and render entry points the bot uses."""
    import bot.services.slash_moves
    import cogs.family_business.views
    import cogs.game_answers
    import cogs.game_texts
    import cogs.solo_answers
    from bot.services.recent import Replay
    from db.base import StoreBase
    from db.store import Store
    from engine.famiglia.state import GameState
    from engine.family_business.game import FamilyBusiness

    probe = Probe()
    for name in ("apply", "legal_actions", "legal_keys", "copy", "to_json"):
        probe.wrap(GameState, name, "engine")
    probe.wrap(GameState, "from_json", "engine")
    probe.wrap(Replay, "advance", "engine")  # the table's last moves
    for name in ("apply", "legal_actions", "awaiting", "view", "load_state", "dump_state"):
        probe.wrap(FamilyBusiness, name, "engine")  # Family Business, the game of 2-6
    for name in ("build", "suggest"):  # slash commands and their autocomplete (wrapped
        probe.wrap(bot.services.slash_moves, name, "engine")  # before the extension loads)
    for name in dir(Store):
        method = getattr(Store, name)
        if not name.startswith("_") and name != "close" and inspect.iscoroutinefunction(method):
            probe.wrap(Store, name, "db commit" if name in WRITES else "db read")
    probe.count_reads(StoreBase)
    for name in ("table", "hand"):
        probe.wrap(cogs.game_texts, name, "render")
    for name in ("hand_controls", "table_controls"):
        probe.wrap(cogs.game_answers, name, "render")
    probe.wrap(cogs.solo_answers, "table_payload", "render")
    for name in ("table_message", "hand_message", "window_prompt"):
        probe.wrap(cogs.family_business.views, name, "render")
    return probe
