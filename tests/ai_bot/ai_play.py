"""Playing games against the AI through SimCord, and checking them against the engine.

The human's side is played by the two-player harness's click policy (channel) or by the
engine's greedy policy as slash commands (DM). The AI's side is checked by thinking each
of its logged decisions again: with the time cap lifted (the tests' setting) a decision
is a pure function of the position, the strength and the seed the bot derives from the
game's seed and the action count.
"""

from __future__ import annotations

import random
from typing import Any

import simcord
from simcord.builders import UserHandle

from bot.services.ai_pool import decide, decision_seed
from bot.services.replay import initial_state
from engine.famiglia import GameState, parse_action
from engine.famiglia.policies import greedy_policy
from tests.move_commands import command_for
from tests.simcord_world import World, click_one_decision, fresh


async def play_channel_by_buttons(world: World, game_id: int, max_clicks: int = 600) -> int:
    """Play Alice's side with clicks on one private hand: after each AI turn the bot
    refreshes that hand with her new choices. Returns her decisions."""
    hand = await world.open_hand(world.alice, game_id)
    clicks = 0
    while (await world.game(game_id)).status == "active":
        state = await world.state(game_id)
        assert state.current == 0, "the AI's turn should be over when a click returns"
        assert await click_one_decision(world, world.alice, fresh(world, hand), clicks), (
            "the hand shows no choices on Alice's turn"
        )
        clicks += 1
        assert clicks < max_clicks, "the game did not end"
    return clicks


async def play_dm_by_commands(world: World, user: UserHandle, game_id: int) -> int:
    """Play the human's side with slash commands in the DM; returns the commands used."""
    rng = random.Random(0)
    commands = 0
    while (await world.game(game_id)).status == "active":
        state = await world.state(game_id)
        assert state.current == 0 and state.decision == "main", state.decision
        run, keys = state.copy(), []
        while True:  # the decisions one command makes: up to the next main decision
            key = greedy_policy(run, rng)
            run.apply_key(key)
            keys.append(key)
            if run.decision == "over" or run.decision == "main":
                break
        name, options = command_for(keys, state)
        answer = await user.slash(f"famiglia {name}", **options)
        assert answer.ephemeral and answer.response is not None, answer
        assert answer.response.content.startswith("✅"), answer.response.content
        commands += 1
    return commands


async def check_ai_decisions(world: World, game_id: int, strength: str) -> int:
    """Every AI action is logged with actor 0 and is the AI's own seeded choice in the
    position before it; the human's carry their id. Returns the AI's decisions."""
    game = await world.game(game_id)
    state: GameState = initial_state(game)
    ai_moves = 0
    for row in await world.bot.store.action_log(game_id):
        action = parse_action(row.action_json)
        if game.players[state.current] == 0:
            assert row.actor == 0
            seed = decision_seed(game.seed, row.seq)
            assert decide(state.to_json(), strength, seed, 0) == action.key(), row.seq
            ai_moves += 1
        else:
            assert row.actor == game.players[0]
        state.apply(action)
    assert state == await world.state(game_id) == await world.replayed(game_id)
    return ai_moves


def texts(message: Any) -> str:
    return message.content + "".join(str(e.to_dict()) for e in message.embeds)


PASS = "Pass (take nothing)"


async def channel_game(world: World) -> int:
    answer = await world.slash(world.alice, "ai", strength="easy", first="you")
    assert answer.response is not None and not answer.ephemeral, answer
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    return game.id


async def dm_game(world: World) -> int:
    user = world.alice.user
    answer = await user.slash("famiglia ai", strength="easy", first="you")
    assert answer.response is not None and not answer.ephemeral, answer
    game = await world.bot.store.active_game_in_channel(user.dm_channel.id)
    assert game is not None
    return game.id


def dm_table(world: World, table_id: int) -> simcord.ResponseMessage:
    dm = world.alice.user.dm_channel
    return simcord.ResponseMessage(world.env, world.env.backend.get_message(dm.id, table_id))
