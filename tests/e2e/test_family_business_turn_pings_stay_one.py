"""One "your turn" ping of a Family Business game stays in its channel: the latest. The
previous one is deleted when the next is sent, after a restart too (a restart tells
the person to move again), and the last once the game is over. Every turn left a ping
behind, and every restart one more for the same turn."""

from __future__ import annotations

import random

from tests.fb_play import a_persons_turn, fb, started, state_of, take_turn_step
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
        await fb(world, person, "leave")
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
