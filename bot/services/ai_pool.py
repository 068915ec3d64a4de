"""The AI's decisions, run in worker processes so the event loop never waits on a search.

:func:`decide` is a module-level function whose arguments and result pickle, so a
``ProcessPoolExecutor`` can run it. Each decision's seed comes from the game's seed and
the number of actions before it (:func:`decision_seed`), so a game against the AI can
be replayed; with the time cap lifted (``AI_TIME_CAP_SECONDS=0``) the same position and
seed always give the same move.
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor

from bot.services.worker_pools import end_with_parent
from engine.famiglia.ai import budget, choose_json
from engine.famiglia.ai.mcts import search
from engine.famiglia.codes import Key
from engine.famiglia.state import GameState


def decision_seed(game_seed: int, action_count: int) -> int:
    """The seed of the AI's decision that will be the game's action ``action_count``."""
    digest = hashlib.blake2b(f"famiglia-ai/{game_seed}/{action_count}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") >> 2


def decide(state_json: str, strength: str, seed: int, time_cap: float | None = None) -> Key:
    """The AI's key for the seat to move. ``time_cap``: None keeps the strength's own
    cap, 0 lifts it (deterministic), a number replaces it."""
    if time_cap is None:
        return choose_json(state_json, strength, seed)
    if time_cap == 0:
        return choose_json(state_json, strength, seed, deterministic=True)
    rng = random.Random(f"famiglia-bot-ai/{seed}/{strength}")
    return search(GameState.from_json(state_json), budget(strength, time_cap=time_cap), rng).key


#: How much lower than the bot's own the workers' CPU priority is (``nice``): a search
#: runs to its time cap and takes whatever CPU it is given, while the bot's answers to
#: players must never wait for a search (on a machine with few cores the two compete).
WORKER_NICENESS = 10


def lower_priority() -> None:
    """A worker's initializer: run at :data:`WORKER_NICENESS` below the bot, and end
    with the bot's process."""
    with contextlib.suppress(OSError):  # a platform without nice: run as is
        os.nice(WORKER_NICENESS)
    end_with_parent()


def make_pool(workers: int) -> ProcessPoolExecutor:
    """The bot's pool for AI searches. Workers are spawned (not forked): the bot's
    process has threads (the database, the gateway) that a fork must not copy."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=lower_priority,
    )
