"""The AI's worker processes: a worker killed in the middle of a search is replaced and
the decision thought again; when the AI still cannot move the player is told plainly
and can forfeit; a stuck search has a deadline; one user's searches cannot starve
another's; one running game against the AI per user."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from bot.services.ai_pool import WORKER_NICENESS, make_pool
from bot.services.ai_queue import AiUnavailable, FairPool
from tests.simcord_world import World

from . import worker_tasks

PASS = "Pass (take nothing)"


class Killer:
    """A thread that kills (SIGKILL) the worker that announces itself in ``pid_file``,
    a little into its work, ``times`` times: what an operator's kill -9 or the kernel's
    out-of-memory killer does to a worker in the middle of a search."""

    def __init__(self, pid_file: Path, times: int) -> None:
        self.pid_file, self.times = pid_file, times
        self.killed: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while len(self.killed) < self.times and not self._stop.is_set():
            if self.pid_file.exists():
                pid = int(self.pid_file.read_text())
                self.pid_file.unlink()
                time.sleep(0.1)  # well into the search
                os.kill(pid, signal.SIGKILL)
                self.killed.append(pid)
            time.sleep(0.005)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def _slow_thinking(world: World, pid_file: Path, pause: float = 0.3) -> FairPool:
    """The bot's AI thinks in its real pool, each decision taking ``pause`` seconds more
    and announcing its worker, so a test can kill it mid-search."""
    ai = world.bot.ai.ai
    pool = ai.pool

    async def think(state_json: str, strength: str, seed: int, user: int) -> str:
        return await pool.run(
            user, worker_tasks.slow_decide, str(pid_file), pause, state_json, strength, seed
        )

    ai.think = think
    return pool


async def _alice_passes_to_the_ai(world: World) -> int:
    answer = await world.slash(world.alice, "ai", strength="easy", first="you")
    assert answer.response is not None and not answer.ephemeral
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    hand = await world.open_hand(world.alice, game.id)
    await world.alice.click(hand, label=PASS)
    return game.id


@pytest.mark.simcord(settle_timeout=120)
async def test_a_worker_killed_mid_search_is_replaced_and_every_ai_game_goes_on(
    world: World, tmp_path: Path
):
    pid_file = tmp_path / "worker.pid"
    pool = _slow_thinking(world, pid_file)
    killer = Killer(pid_file, times=1)
    game_id = await _alice_passes_to_the_ai(world)
    killer.stop()

    assert len(killer.killed) == 1 and pool.generation == 1  # one fresh pool
    game, state = await world.game(game_id), await world.state(game_id)
    assert game.status == "active" and state.current == 0  # the AI's turn is over
    assert any(row.actor == 0 for row in await world.bot.store.action_log(game_id))
    assert "could not make its move" not in world.public_text()

    other = world.guild.create_text_channel("second")  # a new game moves too
    answer = await world.bob.slash(other, "famiglia ai", strength="easy", first="ai")
    assert answer.response is not None and not answer.ephemeral
    new = await world.bot.store.active_game_in_channel(other.id)
    assert new is not None and (await world.bot.store.action_log(new.id))


@pytest.mark.simcord(settle_timeout=120)
async def test_when_the_ai_still_cannot_move_the_player_is_told_and_can_forfeit(
    world: World, tmp_path: Path
):
    pid_file = tmp_path / "worker.pid"
    pool = _slow_thinking(world, pid_file)
    killer = Killer(pid_file, times=pool.attempts)
    game_id = await _alice_passes_to_the_ai(world)
    killer.stop()

    assert len(killer.killed) == pool.attempts
    told = [m.content for m in world.messages() if "could not make its move" in m.content]
    assert len(told) == 1 and world.alice.mention in told[0] and "Forfeit" in told[0]
    assert (await world.game(game_id)).status == "active"  # saved, waiting
    table = str((await world.table(game_id)).embeds[0].to_dict())
    assert "could not make its move" in table and "is thinking" not in table

    asked = await world.alice.click(await world.table(game_id), label="Forfeit")
    done = await world.alice.click(asked.response, label="Yes, give up this game")
    assert "gave up" in done.response.content
    assert (await world.game(game_id)).status == "forfeited"
    assert await world.bot.store.stored_ratings() == {}  # no rating changed


async def test_a_search_past_its_deadline_kills_the_stuck_worker_and_gives_up(tmp_path: Path):
    # The deadline leaves a freshly spawned worker time to import and announce itself
    # on a busy machine; the search then sleeps far past it.
    pool = FairPool(make_pool, 1, timeout=5.0)
    try:
        started = time.monotonic()
        with pytest.raises(AiUnavailable):
            await pool.run(1, worker_tasks.labelled, str(tmp_path / "pid"), 60.0, "stuck")
        assert time.monotonic() - started < 30
        assert pool.generation == pool.attempts  # each stuck pool was replaced
        pid = int((tmp_path / "pid").read_text())
        await asyncio.sleep(0.5)
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # the stuck worker is gone, not searching on
    finally:
        pool.shutdown()


async def test_a_second_users_decision_is_not_queued_behind_a_first_users_many(tmp_path: Path):
    """One worker; Alice's six searches are queued before Bob's one. Served round-robin
    per user, Bob waits for the running search and at most one more of Alice's: his
    finishes third at the latest, not seventh (a plain executor queue is FIFO)."""
    pool = FairPool(make_pool, 1, timeout=60.0)
    finished: list[str] = []

    async def search(user: int, label: str) -> None:
        finished.append(
            await pool.run(user, worker_tasks.labelled, str(tmp_path / "p"), 0.2, label)
        )

    try:
        await pool.run(1, worker_tasks.labelled, str(tmp_path / "p"), 0.0, "warm")  # spawned
        alice = [asyncio.create_task(search(1, f"alice {i}")) for i in range(6)]
        await asyncio.sleep(0)
        bob = asyncio.create_task(search(2, "bob"))
        await asyncio.gather(*alice, bob)
    finally:
        pool.shutdown()
    assert finished.index("bob") <= 2, finished
    assert sorted(finished) == sorted([*(f"alice {i}" for i in range(6)), "bob"])


async def test_one_running_game_against_the_ai_per_user(world: World):
    """AI_GAMES_PER_USER (1 by default): a second game is refused until the first ends."""
    await world.slash(world.alice, "ai", strength="easy", first="you")
    first = await world.bot.store.active_game_in_channel(world.channel.id)
    assert first is not None
    other = world.guild.create_text_channel("second")

    again = await world.alice.slash(other, "famiglia ai", strength="easy", first="you")
    assert again.ephemeral and "You already play the AI" in again.response.content
    assert f"#{first.id}" in again.response.content
    assert await world.bot.store.active_game_in_channel(other.id) is None

    bob = await world.bob.slash(other, "famiglia ai", strength="easy", first="you")
    assert not bob.ephemeral  # the limit is per user

    asked = await world.alice.click(await world.table(first.id), label="Forfeit")
    await world.alice.click(asked.response, label="Yes, give up this game")
    third = world.guild.create_text_channel("third")
    later = await world.alice.slash(third, "famiglia ai", strength="easy", first="you")
    assert not later.ephemeral


async def test_two_starts_at_once_give_one_game_against_the_ai(world: World):
    """The limit holds for two /famiglia ai sent in the same instant from two channels:
    both passed the check before either game was written."""
    one, two = (world.guild.create_text_channel(name) for name in ("one", "two"))
    options = {"strength": "easy", "first": "you"}
    answers = await world.slash_together(world.alice, [(one, "ai", options), (two, "ai", options)])
    games = [g for g in await world.bot.store.open_games_for_user(world.alice.id) if g.mode == "ai"]
    assert len(games) == 1
    refused = [a for a in answers if a.ephemeral]
    assert len(refused) == 1 and "You already play the AI" in refused[0].response.content


async def test_a_search_runs_at_a_lower_cpu_priority_than_the_bot():
    """On a machine with few cores a search takes a core for its whole time cap; the
    bot's answers to players must not queue behind it, so the workers run niced."""
    pool = FairPool(make_pool, 1, timeout=60.0)
    try:
        worker = await pool.run(1, os.nice, 0)  # nice(0) reads the niceness
        assert worker == min(19, os.nice(0) + WORKER_NICENESS)
    finally:
        pool.shutdown()
