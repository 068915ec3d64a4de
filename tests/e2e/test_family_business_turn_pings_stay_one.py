"""One "your turn" ping of a Family Business game stays in its channel: the latest. The
previous one is deleted when the next is sent, after a restart too (a restart tells
the person to move again), and the last once the game is over. Every turn left a ping
behind, and every restart one more for the same turn."""

from __future__ import annotations

import random

from simcord import MemberActor

from tests.fb_play import FB, a_persons_turn, leave_game, started, state_of, take_turn_step
from tests.simcord_world import World


def _pings(world: World) -> list[str]:
    return [m.content for m in world.messages() if "your turn in Family Business" in m.content]


async def test_one_turn_ping_stays_across_turns_and_restarts_and_none_after_the_end(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    rng = random.Random(4)
    for _ in range(6):
        who = await a_persons_turn(world, game_id)
        await take_turn_step(world, who, game_id, rng)
    assert len(_pings(world)) == 1, _pings(world)
    await world.restart()
    await world.env.settle()
    assert len(_pings(world)) == 1, _pings(world)
    for person in (world.alice, world.bob):
        await leave_game(world, person)
    assert (await world.game(game_id)).status == "finished"
    assert _pings(world) == []


async def test_the_reminder_replaces_the_turn_ping_and_goes_with_the_turn(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob])
    game = await world.game(game_id)
    assert game.deadline is not None and len(_pings(world)) == 1
    left = (game.deadline - world.env.now()).total_seconds()
    await world.env.advance_time(left / 2 + 1)
    assert len(_pings(world)) == 1 and "still your turn" in _pings(world)[0], _pings(world)
    turn, rng = (await state_of(world, game_id)).turn, random.Random(3)
    while (await state_of(world, game_id)).turn == turn:  # the turn played out
        await take_turn_step(world, await a_persons_turn(world, game_id), game_id, rng)
    await a_persons_turn(world, game_id)
    assert len(_pings(world)) == 1
    assert not any("still your turn" in p for p in _pings(world)), "a reminder outlived its turn"


def _reminded(world: World) -> bool:
    return any("still your turn" in p for p in _pings(world))


async def _remind(world: World, game_id: int) -> MemberActor:
    """A person's turn, half of its time gone: the reminder is in the channel."""
    who = await a_persons_turn(world, game_id)
    game = await world.game(game_id)
    assert game.deadline is not None
    await world.env.advance_time((game.deadline - world.env.now()).total_seconds() / 2 + 1)
    assert _reminded(world), _pings(world)
    return who


async def test_a_window_opened_by_the_reminded_player_takes_the_reminder_away(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    rng = random.Random(2)
    for _ in range(60):
        who = await _remind(world, game_id)
        turn = (await state_of(world, game_id)).turn
        while (state := await state_of(world, game_id)).turn == turn and not FB.window_open(state):
            await take_turn_step(world, who, game_id, rng)
        if FB.window_open(state):
            assert not _reminded(world), "the reminder said it was still their turn"
            return
    raise AssertionError("no window was opened")


async def test_leaving_on_ones_turn_takes_its_reminder_away(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob], ai=1)
    who = await _remind(world, game_id)
    await leave_game(world, who)
    assert not _reminded(world), "the reminder outlived the turn handed to the AI"


async def test_a_reminder_that_could_not_be_sent_leaves_the_turns_ping(
    world: World, send_times_out: list[str]
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    game = await world.game(game_id)
    assert game.deadline is not None
    send_times_out.append("still your turn")
    await world.env.advance_time((game.deadline - world.env.now()).total_seconds() / 2 + 1)
    assert send_times_out == []  # the reminder was tried, and Discord did not answer
    assert len(_pings(world)) == 1, "neither the ping nor a reminder is left"
