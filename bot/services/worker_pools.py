"""What the bot's pools of worker processes (the AI's searches, the tables' pictures)
share: how a pool is stopped when it is replaced or the bot closes."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor


def stop(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down without waiting, killing its workers (a stuck one would
    otherwise run on)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()
