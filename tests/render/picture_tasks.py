"""Functions the tests hand to the picture workers (module level, so they pickle)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from cogs.render.image import table_png
from engine.famiglia.view_models import PlayerView


def pid() -> int:
    return os.getpid()


def pid_with(anything: object) -> int:
    return os.getpid()


def slow_table(pid_file: str, view: PlayerView, names: tuple[str, str]) -> bytes:
    """The table's picture, drawn slowly by a worker that announces itself in
    ``pid_file`` (so a test can kill it mid-drawing)."""
    path = Path(pid_file)
    if not path.exists() and os.getpid() != int(path.with_suffix(".bot").read_text()):
        path.with_suffix(".tmp").write_text(str(os.getpid()))
        path.with_suffix(".tmp").replace(path)
        time.sleep(30)
    return table_png(view, names)


def stuck_outside(bot_pid: int, view: PlayerView, names: tuple[str, str]) -> bytes:
    """The table's picture, drawn at once in the bot's process and never by a worker
    (a worker stuck in a picture)."""
    if os.getpid() != bot_pid:
        time.sleep(600)
    return table_png(view, names)
