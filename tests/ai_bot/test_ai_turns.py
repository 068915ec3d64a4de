"""The AI's turn in the bot: the player's interaction is answered first, the AI thinks
outside the event loop (another game is played meanwhile), refusals while it is the
AI's turn, and a restart in the middle of the AI's turn resumes it."""

from __future__ import annotations

import asyncio
import random

import simcord
from simcord import interactions
from simcord.backend import serializers

from bot.services.ai_games import ai_to_move
from engine.famiglia import GameState
from engine.famiglia.actions import from_key
from engine.famiglia.policies import greedy_policy
from tests.simcord_world import World, click_one_decision, fresh

from .ai_play import check_ai_decisions, texts

PASS = "Pass (take nothing)"


class ThinkSpy:
    """Wraps the AI's thinking to see what had happened when each decision began."""

    def __init__(self, world: World, on_end=None) -> None:
        self.world = world
        self.ai = world.bot.ai.ai
        self.real = self.ai.think
        self.started = asyncio.Event()
        self.callbacks_at_start: list[int] = []
        self.on_end = on_end
        self.ai.think = self.think

    def callbacks(self) -> int:
        return sum(1 for r in self.world.env.http_requests if r.path.endswith("/callback"))

    async def think(self, state_json: str, strength: str, seed: int, user: int):
        self.callbacks_at_start.append(self.callbacks())
        self.started.set()
        key = await self.real(state_json, strength, seed, user)
        if self.on_end is not None:
            self.on_end()
        return key


async def _ai_game(world: World, strength: str = "easy") -> int:
    answer = await world.slash(world.alice, "ai", strength=strength, first="you")
    assert answer.response is not None and not answer.ephemeral
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    return game.id


async def _pass_without_the_ai(world: World, game_id: int) -> None:
    """Alice's pass committed as the bot would, but no AI turn started: the state a
    crash leaves between her move and the AI's, or the moment the AI is thinking."""
    state = await world.state(game_id)
    pass_key = state.legal_keys()[-1]
    assert from_key(pass_key).type == "pass"
    await world.bot.service.play(game_id, world.alice.id, None, lambda s: [from_key(pass_key)])
    game = await world.game(game_id)
    assert ai_to_move(game, await world.state(game_id))


async def test_the_interaction_is_answered_before_the_ai_thinks(world: World):
    game_id = await _ai_game(world)
    game = await world.game(game_id)
    assert game.deadline is not None  # Alice's turn in a channel is timed
    spy = ThinkSpy(world)
    hand = await world.open_hand(world.alice, game_id)
    before = spy.callbacks()
    answer = await world.alice.click(hand, label=PASS)
    assert answer.acknowledged and answer.response.ephemeral  # the hand, updated in place
    assert spy.callbacks_at_start and spy.callbacks_at_start[0] == before + 1
    [callback] = [r for r in world.env.http_requests if r.path.endswith("/callback")][
        before : before + 1
    ]
    assert "The AI is thinking" in str(callback.json)  # the first answer, sent at once
    state = await world.state(game_id)
    assert state.current == 0 and not ai_to_move(await world.game(game_id), state)
    refreshed = fresh(world, answer.response)
    assert "Your turn." in refreshed.content and "🤖 AI (easy)" in refreshed.content
    assert "thinking" not in texts(await world.table(game_id))
    assert await check_ai_decisions(world, game_id, "easy") >= 1


async def test_refusals_while_it_is_the_ai_turn_change_nothing(world: World):
    game_id = await _ai_game(world)
    await _pass_without_the_ai(world, game_id)
    game = await world.game(game_id)
    assert game.deadline is None  # the AI's turn is never timed
    version = game.version

    move = await world.slash(world.alice, "pass")
    assert move.ephemeral and "not your turn" in move.response.content
    hand = await world.open_hand(world.alice, game_id)
    assert [p["label"] for p in World.components(hand)] == ["Update"]  # no move offered
    stranger = await world.carol.click(await world.table(game_id), label="Show my hand")
    assert stranger.ephemeral and "not playing in this game" in stranger.response.content
    command = await world.slash(world.carol, "pass")
    assert (
        command.ephemeral
        and "This channel's game is Alice's game against" in command.response.content
    )
    forfeit = await world.carol.click(await world.table(game_id), label="Forfeit")
    assert forfeit.ephemeral and "not playing" in forfeit.response.content
    second = await world.slash(world.bob, "ai", strength="hard", first="ai")
    assert second.ephemeral and "already a Famiglia game" in second.response.content
    board = await world.slash(world.carol, "board")
    assert board.ephemeral and "Only the player" in board.response.content
    assert (await world.game(game_id)).version == version
    assert len(await world.bot.store.active_games()) == 1

    while await world.bot.ai.ai.step(game_id) is not None:  # the AI's turn goes on
        pass
    game = await world.game(game_id)
    assert (await world.state(game_id)).current == 0 and game.deadline is not None


async def test_a_restart_in_the_middle_of_the_ai_turn_resumes_it(world: World):
    game_id = await _ai_game(world)
    ai, rng = world.bot.ai.ai, random.Random(0)
    for _ in range(40):  # play on until one AI decision leaves its turn unfinished
        while (state := await world.state(game_id)).current == 0:
            action = from_key(greedy_policy(state, rng))
            await world.bot.service.play(game_id, world.alice.id, None, lambda s, a=action: [a])
        moved = await ai.step(game_id)
        assert moved is not None
        if ai_to_move(moved.game, moved.state):
            break  # the AI has made a decision of its turn, and the process dies here
        while await ai.step(game_id) is not None:
            pass
    else:
        raise AssertionError("no AI turn with several decisions")
    count = moved.game.action_count

    await world.restart()
    await world.env.settle()

    game = await world.game(game_id)
    state = GameState.from_json(game.state_json)
    assert not ai_to_move(game, state) and state.current == 0
    assert game.action_count > count  # the AI's turn went on after the restart
    assert await check_ai_decisions(world, game_id, "easy") >= 2  # actor 0, seeded, legal
    table = await world.table(game_id)
    assert "AI (easy)" in texts(table) and "thinking" not in texts(table)
    hand = await world.open_hand(world.alice, game_id)  # and Alice plays on
    assert await click_one_decision(world, world.alice, fresh(world, hand), 1)
    assert (await world.game(game_id)).action_count > game.action_count


def _emit_click(world: World, actor, message, custom_id: str) -> simcord.InteractionResult:
    """Put a button click on the gateway without waiting for the bot (SimCord internals,
    as in the two-player harness's click_together)."""
    backend = world.env.backend
    channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
    stored = backend.get_message(channel_id, message.id)
    record, payload = interactions.base_payload(
        backend,
        type=3,
        channel_id=stored.channel_id,
        guild_id=world.guild.id,
        user_id=actor.id,
        data={"custom_id": custom_id, "component_type": 2},
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)
    return simcord.InteractionResult(world.env, record)


async def test_another_game_is_played_while_the_ai_thinks(world: World):
    ai_game = await _ai_game(world, "hard")
    other = world.guild.create_text_channel("other-table")
    await world.bob.slash(other, "famiglia start", opponent=world.carol)
    duel = await world.bot.store.active_game_in_channel(other.id)
    assert duel is not None
    table = next(m for m in other.history() if m.id == duel.table_message_id)
    await world.carol.click(table, label="Accept")
    mover = await world.player(duel.id, (await world.state(duel.id)).current)
    duel_hand = (await mover.click(fresh(world, table), label="Show my hand")).response
    alice_hand = await world.open_hand(world.alice, ai_game)
    pass_id = next(p["custom_id"] for p in World.components(duel_hand) if p["label"] == PASS)
    alice_pass = next(p["custom_id"] for p in World.components(alice_hand) if p["label"] == PASS)

    seen: dict[str, bool] = {}
    duel_click: list[simcord.InteractionResult] = []

    def first_decision_done() -> None:
        if duel_click and "answered" not in seen:
            seen["answered"] = duel_click[0].acknowledged

    spy = ThinkSpy(world, on_end=first_decision_done)
    env = world.env
    env._begin_operation("dispatch")
    try:
        _emit_click(world, world.alice, alice_hand, alice_pass)
        await asyncio.wait_for(spy.started.wait(), 10)  # the AI is thinking now
        duel_click.append(_emit_click(world, mover, duel_hand, pass_id))
        await env._settle_internal(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()

    assert seen == {"answered": True}  # answered while the AI's first decision was running
    assert (await world.game(duel.id)).action_count == 1
    assert (await world.state(ai_game)).current == 0  # and the AI finished its turn
