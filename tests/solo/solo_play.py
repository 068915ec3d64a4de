"""Playing solo games in a DM through SimCord, decision by decision, with the engine's
greedy policy; and the same game in the engine alone, to compare the two.

The player's decisions come from ``greedy_policy`` with its own ``Random(0)``, asked on
the same states in the same order in both runs, so the bot's game and the engine's game
must agree move for move — including every robot turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from simcord.builders import UserHandle

from bot.services.choices import key_text
from bot.services.replay import replay_state
from engine.famiglia import GameState, new_game, parse_action, result
from engine.famiglia.actions import from_key
from engine.famiglia.codes import Key, Op
from engine.famiglia.policies import greedy_policy
from tests.move_commands import command_for
from tests.simcord_world import World

ROBOT_KEY: Key = (Op.ROBOT_TURN, 0, 0)


@dataclass
class EngineGame:
    keys: list[Key]
    state: GameState


def engine_game(seed: int, level: int, first: int) -> EngineGame:
    """The game the bot should produce: greedy player, the engine's robot."""
    state = new_game(seed, mode="solo", first=first, level=level)
    rng = random.Random(0)
    keys: list[Key] = []
    while not state.over:
        key = ROBOT_KEY if state.decision == "robot" else greedy_policy(state, rng)
        state.apply_key(key)
        keys.append(key)
    return EngineGame(keys, state)


def game_seed(bot_seed: int) -> int:
    """The seed of the first game a bot made with ``Random(bot_seed)`` starts."""
    return random.Random(bot_seed).randrange(1, 2**62)


def winning_bot_seed(level: int, first: int, tries: int = 400) -> int:
    """A bot seed whose first solo game the greedy player wins (so it has a high score)."""
    for bot_seed in range(tries):
        game = engine_game(game_seed(bot_seed), level, first)
        if result(game.state).winner == 0:
            return bot_seed
    raise AssertionError(f"greedy never beat the robot at level {level}")


async def stored_keys(world: World, game_id: int) -> list[Key]:
    return [parse_action(r.action_json).key() for r in await world.bot.store.action_log(game_id)]


async def replayed(world: World, game_id: int) -> GameState:
    game = await world.game(game_id)
    log = await world.bot.store.action_log(game_id)
    return replay_state(game, [r.action_json for r in log])


def dm_message(user: UserHandle, message_id: int) -> Any:
    for message in user.dm_channel.history():
        if message.id == message_id:
            return message
    raise AssertionError(f"message {message_id} is not in the DM")


async def dm_table(world: World, user: UserHandle, game_id: int) -> Any:
    game = await world.game(game_id)
    assert game.table_message_id is not None
    return dm_message(user, game.table_message_id)


async def click_key(world: World, user: UserHandle, game_id: int, key: Key) -> None:
    """Make the move ``key`` with the DM table's own button or select."""
    table = await dm_table(world, user, game_id)
    value = key_text(from_key(key))
    for part in World.components(table):
        custom_id = part.get("custom_id", "")
        if custom_id.startswith("fam:do:") and custom_id.endswith(f":{value}"):
            result_ = await user.click(table, custom_id=custom_id)
            assert not result_.ephemeral, result_.response
            return
        if custom_id.startswith("fam:pick:") and value in [o["value"] for o in part["options"]]:
            result_ = await user.select(table, [value], custom_id=custom_id)
            assert not result_.ephemeral, result_.response
            return
    raise AssertionError(f"no control for {value} on the table: {World.components(table)}")


async def play_by_buttons(world: World, user: UserHandle, game_id: int) -> int:
    """Play to the end by clicking the DM table; returns the player's decisions."""
    rng = random.Random(0)
    decisions = 0
    while (await world.game(game_id)).status == "active":
        state = await world.state(game_id)
        assert state.decision != "robot", "the robot should have moved already"
        await click_key(world, user, game_id, greedy_policy(state, rng))
        decisions += 1
    return decisions


async def play_by_commands(world: World, user: UserHandle, game_id: int) -> int:
    """Play to the end with slash commands in the DM; returns the commands used."""
    rng = random.Random(0)
    commands = 0
    while (await world.game(game_id)).status == "active":
        state = await world.state(game_id)
        assert state.decision == "main", state
        run, keys = state.copy(), []
        while True:  # the decisions one command makes: up to the next main decision
            key = greedy_policy(run, rng)
            run.apply_key(key)
            keys.append(key)
            if run.decision in ("main", "robot", "over"):
                break
        name, options = command_for(keys, state)
        answer = await user.slash(f"famiglia {name}", **options)
        assert answer.ephemeral and answer.response is not None, answer
        assert answer.response.content.startswith("✅"), answer.response.content
        commands += 1
    return commands
