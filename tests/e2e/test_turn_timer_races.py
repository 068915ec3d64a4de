"""The turn timer against a move at the same moment: the deadline is decided under the
game's lock and the store's version check, as a move is, so a confirmed move is never
followed by a forfeit for that turn, and the player who just got a fresh turn never loses
on time for the turn before."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from tests.simcord_world import World


async def _game_at_its_deadline(world: World) -> tuple[int, Any, Any]:
    """A running game whose turn deadline is now (the clock moved without the timer
    having run yet); returns its id, the player to move and the one waiting."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    waiting = await world.player(game_id, 1 - state.current)
    game = await world.game(game_id)
    assert game.deadline is not None
    world.env.backend.advance_clock((game.deadline - world.env.now()).total_seconds())
    return game_id, mover, waiting


def _timeouts(world: World) -> list[str]:
    return [m.content for m in world.messages() if "ran out of time" in m.content]


async def test_the_timer_firing_between_the_load_and_the_commit_of_a_move_forfeits_nobody(
    world: World,
):
    game_id, mover, waiting = await _game_at_its_deadline(world)
    service, store = world.bot.service, world.bot.store
    real_commit, real_lock = store.commit_move, service.lock
    timer_waits = asyncio.Event()
    ticks: list[asyncio.Task[int]] = []

    def lock(gid: int) -> asyncio.Lock:
        if ticks and asyncio.current_task() is ticks[0]:
            timer_waits.set()  # the timer asks for the game's lock
        return real_lock(gid)

    async def commit_move(*args: Any, **kwargs: Any) -> Any:
        # The move is loaded and applied under the lock; now the timer fires.
        ticks.append(asyncio.create_task(world.bot.timer.tick()))
        await timer_waits.wait()
        return await real_commit(*args, **kwargs)

    service.lock = lock  # type: ignore[method-assign]
    store.commit_move = commit_move  # type: ignore[method-assign]
    answer = await world.slash(mover, "pass")
    store.commit_move = real_commit  # type: ignore[method-assign]
    await ticks[0]

    assert answer.ephemeral and answer.response.content.startswith("✅"), answer
    game = await world.game(game_id)
    assert game.status == "active" and game.players[(await world.state(game_id)).current] == (
        waiting.id
    )
    assert await store.get_result(game_id) is None
    assert _timeouts(world) == []
    assert game.deadline == world.env.now() + world.config.turn_timeout


async def test_a_move_landing_after_the_timer_read_the_deadlines_costs_the_next_player_nothing(
    world: World,
):
    """The timer saw the deadline pass, then the move came in: the waiting player, who
    now has a fresh turn, does not lose on time for the turn that was just played."""
    game_id, mover, waiting = await _game_at_its_deadline(world)
    store = world.bot.store
    real_due, real_commit = store.due_deadlines, store.commit_move
    read, release = asyncio.Event(), asyncio.Event()

    async def due_deadlines(now: Any, **only: Any) -> Any:
        rows = await real_due(now, **only)
        if any(row.id == game_id for row in rows):
            read.set()
            await world.env.external_wait(release.wait(), reason="the test holds the timer")
        return rows

    async def commit_move(*args: Any, **kwargs: Any) -> Any:
        row = await real_commit(*args, **kwargs)
        release.set()  # the timer goes on with what it read before the move
        return row

    store.due_deadlines = due_deadlines  # type: ignore[method-assign]
    await world.env.advance_time(1)  # the timer's shortest sleep: it wakes and reads
    assert read.is_set()
    store.commit_move = commit_move  # type: ignore[method-assign]
    answer = await world.slash(mover, "pass")
    await world.env.advance_time(1)

    assert answer.response.content.startswith("✅"), answer
    game = await world.game(game_id)
    assert game.status == "active", "the waiting player lost on time for the mover's turn"
    assert game.players[(await world.state(game_id)).current] == waiting.id
    assert await store.get_result(game_id) is None and _timeouts(world) == []


async def test_a_move_at_the_deadline_is_either_confirmed_or_refused_never_both(world: World):
    game_id, mover, _waiting = await _game_at_its_deadline(world)
    answer = await world.slash(mover, "pass")
    await world.env.advance_time(1)
    game = await world.game(game_id)
    result = await world.bot.store.get_result(game_id)
    if answer.response.content.startswith("✅"):
        assert game.status == "active" and result is None and _timeouts(world) == []
    else:
        assert game.status == "forfeited" and result is not None
        assert result.reason == "timeout" and game.players[result.winner] != mover.id


async def test_the_timer_finds_the_next_deadline_without_reading_every_open_game(world: World):
    """After each write the timer asks the store for the earliest deadline (one MIN
    query) instead of loading every open game's state."""
    other = world.guild.create_text_channel("second")
    game_id = await world.start_game(world.alice, world.bob)
    await world.bob.slash(other, "famiglia start", opponent=world.carol)
    loads: list[int] = []
    real = world.bot.store.active_games

    async def active_games(**only: Any) -> Any:
        loads.append(1)
        return await real(**only)

    world.bot.store.active_games = active_games  # type: ignore[method-assign]
    state = await world.state(game_id)
    await world.slash(await world.player(game_id, state.current), "pass")
    await world.env.advance_time(60)
    assert loads == []
    game = await world.game(game_id)
    assert game.deadline is not None
    assert await world.bot.service.next_due() == world.env.now() - timedelta(seconds=60) + (
        world.config.challenge_timeout
    )
