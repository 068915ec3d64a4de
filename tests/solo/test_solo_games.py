"""Whole solo games in a DM, by buttons and by commands, against the engine's own game.

Each game's seed is chosen so the greedy player beats the robot, so every game ends in
a stored high score. The bot's game must equal the engine's move for move (the robot's
turns included), and replaying the stored log must rebuild the stored state.
"""

from __future__ import annotations

import pytest

from engine.famiglia import result
from tests.simcord_world import World

from .solo_play import (
    dm_table,
    engine_game,
    game_seed,
    play_by_buttons,
    play_by_commands,
    replayed,
    stored_keys,
    winning_bot_seed,
)

LEVEL_TAG = {0: "a", 1: "b"}


@pytest.fixture
def level_first(request) -> tuple[int, int]:
    return request.param


@pytest.fixture
def bot_seed(level_first) -> int:
    return winning_bot_seed(*level_first)


async def _start(world: World, level: int, first: int) -> int:
    user = world.alice.user
    answer = await user.slash("famiglia solo", level=level, first="you" if first == 0 else "robot")
    assert answer.response is not None and not answer.ephemeral, answer
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None and game.mode == "solo" and game.guild_id is None
    assert game.channel_id == user.dm_channel.id and game.players == (user.id, 0)
    return game.id


async def _check_finished(world: World, game_id: int, bot_seed: int, level: int, first: int):
    expected = engine_game(game_seed(bot_seed), level, first)
    assert await stored_keys(world, game_id) == expected.keys  # same moves, robot's too
    game = await world.game(game_id)
    assert game.status == "finished" and game.seed == game_seed(bot_seed)
    stored = await world.state(game_id)
    assert stored == expected.state == await replayed(world, game_id)
    final = result(expected.state)
    record = await world.bot.store.get_result(game_id)
    assert record is not None and final.high_score is not None
    assert (record.totals, record.winner, record.high_score, record.level, record.first_seat) == (
        final.totals,
        0,
        final.high_score,
        level,
        first,
    )
    robot_actors = {
        r.actor
        for r in await world.bot.store.action_log(game_id)
        if r.action_json == '{"type":"robot"}'
    }
    assert robot_actors == {0}
    table = await dm_table(world, world.alice.user, game_id)
    text = str(table.embeds[0].to_dict())
    assert "You beat the robot gangster" in text
    you, robot = final.totals
    said = f"You beat the robot gangster, {you} to {robot}!"
    assert text.count(said) == 1 and f"{you} VP against" not in text  # issue 14, item 11
    assert text.count("✋ Hand (") == 1  # item 12: the player's hand (the robot has none)
    assert (
        f"High score **{final.high_score}**" in text
        and f"level **{level}{LEVEL_TAG[first]}**" in text
    )
    stats = await world.bot.store.player_stats(world.alice.id)
    assert [(b.level, b.high_score) for b in stats.best_solo] == [(level, final.high_score)]
    board = await world.bot.store.solo_board(level=level)
    assert [(r.user_id, r.high_score) for r in board.rows] == [(world.alice.id, final.high_score)]


@pytest.mark.parametrize("level_first", [(2, 0), (1, 1)], indirect=True, ids=["2a", "1b"])
async def test_whole_game_by_buttons(world: World, level_first, bot_seed):
    level, first = level_first
    game_id = await _start(world, level, first)
    if first == 1:  # the robot started: his first turn is on the table already
        text = str((await dm_table(world, world.alice.user, game_id)).embeds[0].to_dict())
        assert "last turn" in text and "Step " in text and "from the Street (#" in text
    decisions = await play_by_buttons(world, world.alice.user, game_id)
    assert decisions > 20
    await _check_finished(world, game_id, bot_seed, level, first)


@pytest.mark.parametrize("level_first", [(3, 0), (2, 1)], indirect=True, ids=["3a", "2b"])
async def test_whole_game_by_commands(world: World, level_first, bot_seed):
    level, first = level_first
    game_id = await _start(world, level, first)
    commands = await play_by_commands(world, world.alice.user, game_id)
    assert commands > 20
    await _check_finished(world, game_id, bot_seed, level, first)
