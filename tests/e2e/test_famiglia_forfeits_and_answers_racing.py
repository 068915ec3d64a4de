"""Famiglia answers racing each other: a forfeit confirmed twice, while the same player
moves, after or at the moment the turn timer ends the game; a challenge accepted while it
is cancelled or declined. One of them counts, the player reads what the database holds
and the channel hears of it once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.ai_bot.ai_play import PASS
from tests.answers import refused, said, unchanged
from tests.gateway_tricks import at_once
from tests.simcord_world import World, fresh


async def _forfeit_asked(world: World) -> tuple[int, Any, Any, Any, Any, str]:
    """A duel whose player to move opened the hand, then pressed **Forfeit**: the game,
    its state then, that player, the hand, the question and its confirmation's id."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)
    asked = await mover.click(await world.table(game_id), label="Forfeit")
    [confirm] = [p["custom_id"] for p in World.components(asked.response)]
    return game_id, state, mover, hand, asked, confirm


async def test_a_double_confirmed_forfeit_ends_the_game_once_and_old_buttons_are_refused(
    world: World,
):
    game_id, state, mover, hand, asked, confirm = await _forfeit_asked(world)
    first, second = await world.click_together([mover, mover], asked.response, confirm)
    texts = [r.response.content for r in (first, second) if r.response is not None]
    assert sum("You gave up" in text for text in texts) == 1, texts
    assert any("already over" in text and "gave up" in text for text in texts), texts
    finished = await world.game(game_id)
    assert finished.status == "forfeited"
    record = await world.bot.store.get_result(game_id)
    assert record is not None and record.winner == 1 - state.current
    for part in World.components(hand):
        custom_id = part.get("custom_id", "")
        if custom_id.startswith("fam:do:"):
            result = await mover.click(hand, custom_id=custom_id)
            assert not refused(result).startswith("✅")
    other = await world.forged_click(world.bob, await world.table(game_id), confirm)
    refused(other, "already over", "gave up")
    assert unchanged(finished, await world.game(game_id))
    assert len([m for m in world.messages() if m.content.startswith("🏁")]) <= 1


@pytest.mark.parametrize("forfeit_first", [True, False])
async def test_a_forfeit_confirmed_while_the_same_player_moves_is_never_both(
    world: World, forfeit_first: bool
):
    """The confirmation and a move of the same player at once: either the move is
    refused because the game is over, or the forfeit asks again because the player
    played on; never a move answered after "You gave up", nor a lost game that goes on."""
    game_id, state, mover, hand, asked, confirm = await _forfeit_asked(world)
    pass_id = next(p["custom_id"] for p in World.components(hand) if p.get("label") == PASS)
    clicks = [(mover.id, asked.response, confirm), (mover.id, hand, pass_id)]
    results = await at_once(world, clicks if forfeit_first else clicks[::-1])
    gave_up, moved = results if forfeit_first else results[::-1]
    game = await world.game(game_id)
    said_forfeit = said(gave_up)
    said_move = str(said(moved))
    if game.status == "forfeited":
        assert "You gave up" in said_forfeit and not said_move.startswith("✅"), (
            said_forfeit,
            said_move,
        )
        record = await world.bot.store.get_result(game_id)
        assert record is not None and record.winner == 1 - state.current
    else:
        assert game.status == "active" and "played on since you asked" in said_forfeit
        assert [row.actor for row in await world.bot.store.action_log(game_id)] == [mover.id]


async def test_a_forfeit_confirmed_after_the_turn_timer_ended_the_game_says_how_it_ended(
    world: World,
):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    waiting = world.bob if mover is world.alice else world.alice
    asked = await waiting.click(await world.table(game_id), label="Forfeit")
    assert asked.ephemeral
    await world.env.advance_time(25 * 3600)
    ended = await world.game(game_id)
    assert ended.status != "active"
    result = await waiting.click(asked.response, label="Yes, give up this game")
    text = refused(result, "already over", "ran out of time", "Nothing was changed")
    assert "You gave up" not in text, text
    assert unchanged(ended, await world.game(game_id))


async def test_a_forfeit_at_the_deadline_with_the_timer_firing_is_announced_once(world: World):
    """The timer fires while the confirmed forfeit is being saved: one of the two ends
    the game, the player reads what the database holds, the channel hears of it once."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    asked = await mover.click(await world.table(game_id), label="Forfeit")
    game = await world.game(game_id)
    assert game.deadline is not None
    world.env.backend.advance_clock((game.deadline - world.env.now()).total_seconds())
    service, store = world.bot.service, world.bot.store
    real_commit, real_lock = store.set_status, service.lock
    timer_waits = asyncio.Event()
    ticks: list[asyncio.Task[int]] = []

    def lock(gid: int) -> asyncio.Lock:
        if ticks and asyncio.current_task() is ticks[0]:
            timer_waits.set()
        return real_lock(gid)

    async def set_status(*args: Any, **kwargs: Any) -> Any:  # a forfeit's commit
        if not ticks:
            ticks.append(asyncio.create_task(world.bot.timer.tick()))
            await timer_waits.wait()
        return await real_commit(*args, **kwargs)

    service.lock = lock  # type: ignore[method-assign]
    store.set_status = set_status  # type: ignore[method-assign]
    done = await mover.click(asked.response, label="Yes, give up this game")
    store.set_status = real_commit  # type: ignore[method-assign]
    service.lock = real_lock  # type: ignore[method-assign]
    await ticks[0]
    await world.env.settle()

    ended = await world.game(game_id)
    assert ended.status == "forfeited"
    assert "You gave up" in said(done), said(done)
    record = await world.bot.store.get_result(game_id)
    assert record is not None and record.winner == 1 - state.current
    ends = [m.content for m in world.messages() if m.content.startswith("🏁")]
    assert len(ends) == 1, ends
    assert not [m for m in world.messages() if "ran out of time" in m.content]


@pytest.mark.parametrize("second", ["cancel", "decline"])
async def test_an_accept_racing_a_cancel_or_decline_leaves_one_answer(world: World, second: str):
    game_id = await world.challenge(world.alice, world.bob)
    challenge = await world.table(game_id)
    other = world.alice if second == "cancel" else world.bob
    accepted, answered = await at_once(
        world,
        [
            (world.bob.id, challenge, f"fam:accept:{game_id}"),
            (other.id, challenge, f"fam:{second}:{game_id}"),
        ],
    )
    game = await world.game(game_id)
    refusals = [r for r in (accepted, answered) if r.ephemeral]
    assert len(refusals) == 1 and "no longer open" in refusals[0].response.content, (
        accepted,
        answered,
    )
    if game.status == "active":
        assert refusals[0] is answered
        assert World.components(fresh(world, challenge))  # the table, with its buttons
    else:
        assert refusals[0] is accepted and game.status in ("cancelled", "declined")
        assert await world.bot.store.active_games() == []
    tables = [m for m in world.messages() if m.embeds]
    assert len(tables) <= 1
