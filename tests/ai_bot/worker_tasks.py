"""Functions the tests run in the AI's worker processes (module level, so they pickle).

Each writes its worker's pid to a file when it starts, so a test can kill that very
process in the middle of the work."""

from __future__ import annotations

import os
import time
from pathlib import Path

from bot.services.ai_pool import decide
from engine.famiglia.actions import Key


def announce(pid_file: str) -> None:
    path = Path(pid_file)
    path.with_suffix(".tmp").write_text(str(os.getpid()))
    path.with_suffix(".tmp").replace(path)  # whole, or not there at all


def slow_decide(pid_file: str, pause: float, state_json: str, strength: str, seed: int) -> Key:
    """A real search of ``pause`` seconds at ``hard`` (whatever ``strength`` the game has),
    its decision returned no sooner than ``pause`` seconds after it began."""
    announce(pid_file)
    started = time.monotonic()
    key = decide(state_json, "hard", seed, pause)
    time.sleep(max(0.0, pause - (time.monotonic() - started)))
    return key


def labelled(pid_file: str, pause: float, label: str) -> str:
    """``label`` after ``pause`` seconds: a search whose finishing order a test reads."""
    announce(pid_file)
    time.sleep(pause)
    return label
