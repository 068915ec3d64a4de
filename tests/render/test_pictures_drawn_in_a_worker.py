"""The tables' pictures are drawn in a worker process beside the bot (off its event loop
and its interpreter lock), exactly as the bot would draw them; a worker killed or stuck
in the middle of a picture costs no picture, and the workers are replaced."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cogs.render.image import table_png
from cogs.render.painter import PAINTER, Painter
from tests.processes import running
from tests.simcord_world import World, click_one_decision, fresh

from . import picture_tasks
from .sample_views import maximal_view, typical_view

NAMES = ("Alice", "Bob")


@pytest.fixture
def painter() -> Iterator[Painter]:
    painter = Painter()
    painter.start(1)
    yield painter
    painter.stop()


def test_a_worker_draws_the_same_picture_as_the_bot_would(painter: Painter) -> None:
    assert painter.draw(picture_tasks.pid) != os.getpid()  # drawn in another process
    for view in (typical_view(), maximal_view()):
        assert painter.draw(table_png, view, NAMES) == table_png(view, NAMES)


def test_without_workers_the_picture_is_drawn_in_the_calling_thread() -> None:
    painter = Painter()
    painter.start(0)
    assert painter.draw(picture_tasks.pid) == os.getpid()
    assert painter.pids() == []


def test_what_a_worker_cannot_take_is_drawn_in_the_calling_thread(painter: Painter) -> None:
    unpicklable = threading.Lock()  # a picture's arguments that cannot go to a worker
    assert painter.draw(picture_tasks.pid_with, unpicklable) == os.getpid()
    assert painter.generation == 0  # the worker was fine: not replaced
    assert painter.draw(picture_tasks.pid) != os.getpid()


def test_a_worker_killed_mid_picture_costs_no_picture_and_is_replaced(
    painter: Painter, tmp_path: Path
) -> None:
    pid_file = tmp_path / "worker.pid"
    pid_file.with_suffix(".bot").write_text(str(os.getpid()))
    killed: list[int] = []

    def kill_the_worker_when_it_draws() -> None:
        while not pid_file.exists():
            time.sleep(0.01)
        killed.append(int(pid_file.read_text()))
        os.kill(killed[0], signal.SIGKILL)

    killer = threading.Thread(target=kill_the_worker_when_it_draws)
    killer.start()
    view = typical_view()
    png = painter.draw(picture_tasks.slow_table, str(pid_file), view, NAMES)
    killer.join()
    assert png == table_png(view, NAMES)  # drawn again, in the calling thread
    assert painter.generation == 1
    assert killed and killed[0] not in painter.pids()
    assert painter.draw(picture_tasks.pid) not in (os.getpid(), killed[0])  # a new worker


def test_a_stuck_worker_is_given_up_at_the_timeout_and_replaced(painter: Painter) -> None:
    painter.draw(picture_tasks.pid)  # the worker is up (spawned, imports done)
    painter.timeout = 1.0
    stuck = painter.pids()
    view = typical_view()
    started = time.monotonic()
    png = painter.draw(picture_tasks.stuck_outside, os.getpid(), view, NAMES)
    assert time.monotonic() - started < 10
    assert png == table_png(view, NAMES)
    assert painter.generation == 1
    deadline = time.monotonic() + 10
    while any(running(pid) for pid in stuck) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(running(pid) for pid in stuck)  # the stuck worker was killed


async def test_the_bot_draws_its_tables_in_its_workers_and_a_killed_one_costs_no_table(
    world: World,
) -> None:
    assert PAINTER.workers == world.config.picture_workers == 1
    game_id = await world.start_game(world.alice, world.bob)
    before = await (await world.table(game_id)).attachments[0].read()
    assert before.startswith(b"\x89PNG")
    killed = PAINTER.pids()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)
    assert await click_one_decision(world, mover, fresh(world, hand), 1)  # a move
    after = await (await world.table(game_id)).attachments[0].read()
    assert after.startswith(b"\x89PNG") and after != before  # the moved table's picture
    assert PAINTER.pids() and not set(PAINTER.pids()) & set(killed)  # workers replaced
