"""What the bot's pools of worker processes (the AI's searches, the tables' pictures)
share: workers that end with the bot, and how a pool is stopped when it is replaced or
the bot closes."""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import wait


def end_with_parent() -> None:
    """A worker's initializer: the worker ends as soon as the bot's process is gone.

    A pool's workers wait on a queue whose writing end they hold themselves, so a bot
    killed outright (``kill -9``, the out-of-memory killer) left them waiting forever,
    one set more after each kill and restart. A thread of the worker waits on the
    parent's sentinel (ready when the parent has ended, even before this runs) and ends
    the worker then."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not started by multiprocessing: nothing to watch
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def stop(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down without waiting, killing its workers (a stuck one would
    otherwise run on)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()
