"""Games against the AI under a hurried or hostile player: a forfeit while the AI thinks,
a move while the AI's turn is still being shown, two clicks at once, a solo game next to
a game against the AI in the DMs, a restart with the AI to move in a DM, the end of a
game (Play again twice at once, records, the board) and the turn timer."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from bot.services.ai_games import ai_to_move
from bot.services.ai_pool import decide, decision_seed
from bot.services.choices import choices
from engine.famiglia import GameState
from engine.famiglia.actions import Key, from_key
from engine.famiglia.policies import greedy_policy
from tests.gateway_tricks import Held, click, emit
from tests.simcord_world import World, fresh

from .ai_play import PASS, channel_game, dm_game, dm_table, texts


# ----------------------------------------------------------------------- helpers
def _button(message: Any, label: str) -> dict[str, Any]:
    """The interaction data of a click on the button ``label`` of ``message``."""
    return click(_part(message, lambda p: p.get("label") == label)["custom_id"])


def _part(message: Any, match: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    return next(p for p in World.components(message) if match(p))


def _control(message: Any, value: str) -> dict[str, Any]:
    """The interaction data of choosing the action ``value`` (a key such as ``8.3.0``)
    with the button or select of ``message`` that offers it."""
    for part in World.components(message):
        if part.get("custom_id", "").endswith(f":{value}"):
            return {"custom_id": part["custom_id"], "component_type": 2}
        if value in [o["value"] for o in part.get("options", [])]:
            return {"custom_id": part["custom_id"], "component_type": 3, "values": [value]}
    raise AssertionError(f"no control for {value}")


async def _until(check: Callable[[], bool], what: str) -> None:
    for _ in range(3000):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def _pass_key(state: GameState) -> Key:
    key = state.legal_keys()[-1]
    assert from_key(key).type == "pass"
    return key


async def _before_a_long_ai_turn(world: World, game_id: int) -> None:
    """Play on, Alice greedily and the AI by its own steps (both through the service),
    until Alice is at her main decision and a Pass would start an AI turn of several
    decisions (foreseen: with the time cap lifted a decision is a pure function)."""
    game = await world.game(game_id)
    ai, rng = world.bot.ai.ai, random.Random(0)
    for _ in range(60):
        state = await world.state(game_id)
        if state.current == 0 and state.decision == "main":
            run = state.copy()
            run.apply_key(_pass_key(state))
            count = (await world.game(game_id)).action_count + 1
            if not run.over and run.current == 1:
                run.apply_key(decide(run.to_json(), "easy", decision_seed(game.seed, count), 0))
                if not run.over and run.current == 1:
                    return
        while (state := await world.state(game_id)).current == 0:
            action = from_key(greedy_policy(state, rng))
            await world.bot.service.play(game_id, world.alice.id, None, lambda s, a=action: [a])
        while await ai.step(game_id) is not None:
            pass
        assert (await world.game(game_id)).status == "active"
    raise AssertionError("no AI turn of several decisions came")


def _ending_the_turn(state: GameState) -> str:
    """A key of the current decision after which the AI is to move."""
    for choice in choices(state):
        run = state.copy()
        run.apply(choice.action)
        if run.current == 1 and not run.over:
            return choice.value
    raise AssertionError("no move hands the turn to the AI")


# ------------------------------------------------------------------------- races
async def test_a_forfeit_while_the_ai_thinks_leaves_the_table_over(world: World):
    """Alice gives up while the AI is in the middle of a turn of several decisions: the
    game ends, and the AI's turn, coming back from its thought, must not paint the old
    running game (thinking line, Show my hand, "Your turn.") over the final table."""
    game_id = await channel_game(world)
    await _before_a_long_ai_turn(world, game_id)
    hand = await world.open_hand(world.alice, game_id)
    ai = world.bot.ai.ai
    real, calls = ai.think, []
    reached, release = asyncio.Event(), asyncio.Event()

    async def think(state_json: str, strength: str, seed: int, user: int) -> Key:
        calls.append(seed)
        if len(calls) == 2:  # the AI's first decision of the turn is committed
            reached.set()
            await release.wait()
        return await real(state_json, strength, seed, user)

    ai.think = think
    async with Held(world):
        passed = emit(world, world.alice.id, hand, _button(hand, PASS))
        await asyncio.wait_for(reached.wait(), 30)
        assert passed.acknowledged
        table = await world.table(game_id)
        ask = emit(world, world.alice.id, table, _button(table, "Forfeit"))
        await _until(lambda: ask.response is not None, "the forfeit question")
        confirm = ask.response
        emit(world, world.alice.id, confirm, _button(confirm, "Yes, give up this game"))
        await _until(lambda: "gave up" in world.messages()[-1].content, "the end announced")
        release.set()  # the AI comes back from the thought the forfeit made stale

    assert "gave up" in fresh(world, confirm).content
    game = await world.game(game_id)
    assert game.status == "forfeited"
    table = await world.table(game_id)
    assert "thinking" not in texts(table)
    labels = [p.get("label") for p in World.components(table)]
    assert labels == ["Play again (easy, you start)", "Rules"], labels
    assert "Your turn" not in fresh(world, passed.response).content
    ends = [m for m in world.messages() if "against the AI is over" in m.content]
    assert len(ends) == 1


async def test_a_move_while_the_ai_turn_is_being_shown_gets_the_ai_answer(world: World):
    """The AI's last decision is committed and the DM table already shows Alice's
    choices, but the AI's turn is still busy showing itself (a slow or rate-limited
    edit) when Alice moves: the AI must still play its next turn, not leave the game
    waiting for it forever."""
    game_id = await dm_game(world)
    ai, flows = world.bot.ai, world.bot.flows
    real_update, real_kick = flows.update_table, ai.kick
    reached, release = asyncio.Event(), asyncio.Event()

    async def update_table(game, state) -> None:
        await real_update(game, state)
        task = asyncio.current_task()
        in_ai_turn = task is not None and task.get_name().startswith("famiglia-ai-")
        if in_ai_turn and not ai_to_move(game, state) and not reached.is_set():
            reached.set()
            await release.wait()

    def kick(game_id: int, interaction=None, said=None) -> None:
        if reached.is_set():
            release.set()  # Alice's move came in: the turn may finish showing itself
        real_kick(game_id, interaction, said)

    flows.update_table, ai.kick = update_table, kick
    table_id = (await world.game(game_id)).table_message_id
    async with Held(world):
        table = dm_table(world, table_id)
        emit(world, world.alice.id, table, _button(table, PASS))
        await asyncio.wait_for(reached.wait(), 30)
        state = await world.state(game_id)
        assert state.current == 0 and not state.over  # Alice's turn, shown on the table
        table = dm_table(world, table_id)
        moved = emit(world, world.alice.id, table, _control(table, _ending_the_turn(state)))
        await _until(lambda: moved.acknowledged, "Alice's move")

    assert not moved.ephemeral, moved.response.content  # made, on the table itself
    game = await world.game(game_id)
    state = await world.state(game_id)
    assert not ai_to_move(game, state), "the game waits for an AI that is not thinking"
    assert "thinking" not in texts(dm_table(world, game.table_message_id))


async def test_two_clicks_at_once_on_thedm_table_make_one_move(world: World):
    game_id = await dm_game(world)
    table = dm_table(world, (await world.game(game_id)).table_message_id)
    async with Held(world):
        clicks = [emit(world, world.alice.id, table, _button(table, PASS)) for _ in range(2)]
    assert all(c.acknowledged for c in clicks)
    refused = [c for c in clicks if c.ephemeral]
    assert len(refused) == 1 and "earlier moment" in refused[0].response.content
    log = await world.bot.store.action_log(game_id)
    assert [row.actor for row in log].count(world.alice.id) == 1
    assert not ai_to_move(await world.game(game_id), await world.state(game_id))


# -------------------------------------------------------------------------- DMs
async def test_solo_next_to_an_ai_game_in_dms_is_refused_and_promises_nothing(world: World):
    """The DM holds one game. `/famiglia solo` from a server must not post "Your solo
    game…" into the DM and then start nothing; the refusals say what runs there."""
    user = world.alice.user
    game_id = await dm_game(world)
    before = [m.id for m in user.dm_channel.history()]

    answer = await world.slash(world.alice, "solo", level=3, first="you")
    assert answer.ephemeral
    assert [m.content for m in user.dm_channel.history() if m.id not in before] == []
    text = answer.followups[-1].content if answer.followups else answer.response.content
    assert "game against the AI" in text, text
    in_dm = await user.slash("famiglia solo", level=3, first="you")
    assert in_dm.ephemeral and "already has a game running" in in_dm.response.content
    assert [g.id for g in await world.bot.store.active_games()] == [game_id]


async def test_an_ai_game_is_refused_in_dms_where_a_solo_game_runs(world: World):
    user = world.alice.user
    await user.slash("famiglia solo", level=3, first="you")
    [solo] = await world.bot.store.active_games()
    answer = await user.slash("famiglia ai", strength="easy", first="you")
    assert answer.ephemeral and "already a Famiglia game" in answer.response.content
    assert [g.id for g in await world.bot.store.active_games()] == [solo.id]


async def test_a_restart_with_the_ai_to_move_in_dms_resumes_it_and_the_table(world: World):
    game_id = await dm_game(world)
    state = await world.state(game_id)
    pass_ = from_key(_pass_key(state))
    await world.bot.service.play(game_id, world.alice.id, None, lambda s: [pass_])
    assert ai_to_move(await world.game(game_id), await world.state(game_id))  # then the crash

    await world.restart()
    await world.env.settle()

    game = await world.game(game_id)
    assert not ai_to_move(game, await world.state(game_id)) and game.action_count > 1
    table = dm_table(world, game.table_message_id)
    assert "thinking" not in texts(table) and "AI (easy)" in texts(table)
    ids = [p.get("custom_id", "") for p in World.components(table)]
    assert any(i.startswith(("fam:do:", "fam:pick:")) for i in ids)  # Alice plays on
    moved = await world.alice.user.click(table, label=PASS)
    assert not moved.ephemeral and (await world.game(game_id)).action_count > game.action_count


# --------------------------------------------------------------------- the end
async def test_forfeit_then_play_again_twice_at_once_starts_one_game(world: World):
    game_id = await channel_game(world)
    asked = await world.slash(world.alice, "forfeit")
    assert asked.ephemeral and "Give up" in asked.response.content
    await world.alice.click(asked.response, label="Yes, give up this game")
    game = await world.game(game_id)
    record = await world.bot.store.get_result(game_id)
    assert game.status == "forfeited" and record is not None and record.winner == 1
    end = world.messages()[-1]
    assert "Alice gave up" in end.content
    again = "Play again (easy, you start)"
    table = await world.table(game_id)
    assert [p.get("label") for p in World.components(table)] == [again, "Rules"]
    stats = await world.bot.store.player_stats(world.alice.id)
    assert [(r.strength, r.losses) for r in stats.ai_records] == [("easy", 1)]
    board = await world.slash(world.bob, "leaderboard", board="ai")
    assert "Alice — easy 0W 1L" in texts(board.response)

    custom_id = _button(end, again)["custom_id"]
    first, second = await world.click_together([world.alice, world.alice], end, custom_id)
    assert first.acknowledged and second.acknowledged
    assert sorted([first.ephemeral, second.ephemeral]) == [False, True]
    refused = first if first.ephemeral else second
    assert "already a Famiglia game in this channel" in refused.response.content  # the first
    [new] = await world.bot.store.active_games()
    assert new.id != game_id and new.options["strength"] == "easy"
    old = await world.alice.click(table, label=again)  # the old table's button
    assert old.ephemeral and "already a Famiglia game" in old.response.content
    assert [g.id for g in await world.bot.store.active_games()] == [new.id]


async def test_the_turn_timer_ends_achannel_game_the_player_left(world: World):
    game_id = await channel_game(world)
    await world.env.advance_time(24 * 3600 + 1)
    game = await world.game(game_id)
    record = await world.bot.store.get_result(game_id)
    assert game.status == "forfeited" and record is not None and record.reason == "timeout"
    assert "Alice ran out of time" in world.messages()[-1].content
    table = await world.table(game_id)
    labels = [p.get("label") for p in World.components(table)]
    assert labels == ["Play again (easy, you start)", "Rules"]
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None
