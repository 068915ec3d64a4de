"""A bot killed outright (kill -9, the out-of-memory killer) leaves none of its worker
processes behind: the AI's and the pictures' workers end with it, instead of waiting
forever on their queues, one set more after every kill and restart."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.processes import running

ROOT = Path(__file__).resolve().parents[2]

BOT = """
import time
from bot.services.ai_pool import make_pool
from cogs.render.painter import Painter
from tests.render import picture_tasks

painter = Painter()
painter.start(1)
painter.draw(picture_tasks.pid)
ai = make_pool(1)
ai.submit(picture_tasks.pid).result()
pids = painter.pids() + sorted(p.pid for p in ai._processes.values())
print(" ".join(map(str, pids)), flush=True)
time.sleep(600)
"""


def test_the_workers_end_when_the_bot_is_killed() -> None:
    bot = subprocess.Popen([sys.executable, "-c", BOT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert len(workers) == 2 and all(running(pid) for pid in workers)
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait()
        deadline = time.monotonic() + 20
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in workers if running(pid)]
    finally:
        bot.kill()
        for pid in workers:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
