"""A saved move whose showing failed is repaired from the store: after a restart
between the commit and the table edit, after a timeout of the table edit or of the
answer; and a turn that ran out while the bot was down gets a grace period."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord
import pytest

from engine.famiglia import GameState
from engine.famiglia.actions import from_key
from tests.gateway_tricks import ends_unsaid, fails_once, nonces_kept
from tests.simcord_world import World


async def _pass_without_showing(world: World, game_id: int) -> None:
    """The mover's pass, committed as the bot would, then nothing shown: the state a
    stop between the commit and the table edit leaves."""
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    pass_key = state.legal_keys()[-1]
    assert from_key(pass_key).type == "pass"
    await world.bot.service.play(game_id, mover.id, None, lambda _s: [from_key(pass_key)])


async def _footer(world: World, game_id: int) -> str:
    return str((await world.table(game_id)).embeds[0].footer.text)


async def _stored_footer(world: World, game_id: int) -> str:
    game = await world.game(game_id)
    payload = await world.bot.flows.table_payload(game, GameState.from_json(game.state_json))
    return str(payload["embeds"][0].footer.text)


def _pings(world: World, who: Any) -> list[str]:
    return [m.content for m in world.messages() if m.content.startswith(f"{who.mention}, your")]


async def test_a_stop_between_the_commit_and_the_table_edit_is_repaired_at_start_up(
    world: World,
):
    game_id = await world.start_game(world.alice, world.bob)
    second = await world.player(game_id, 1 - (await world.state(game_id)).current)
    await _pass_without_showing(world, game_id)
    assert await _footer(world, game_id) != await _stored_footer(world, game_id)
    assert _pings(world, second) == []

    await world.restart()

    assert await _footer(world, game_id) == await _stored_footer(world, game_id)
    assert len(_pings(world, second)) == 1  # told once that it is their turn
    await world.env.advance_time(3600)
    assert len(_pings(world, second)) == 1


async def test_a_table_edit_that_times_out_after_a_saved_move_is_repaired(
    world: World, edit_times_out: list[int]
):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    waiting = await world.player(game_id, 1 - state.current)
    table_id = (await world.table(game_id)).id
    before = len(_pings(world, waiting))

    edit_times_out.append(0)
    answer = await world.slash(mover, "pass")

    assert edit_times_out == [table_id]
    said = [answer.response.content] + [m.content for m in answer.followups]
    assert said[0].startswith("✅") and not any("nothing was changed" in s for s in said), said
    assert (await world.game(game_id)).action_count == 1  # the move is saved
    assert len(_pings(world, waiting)) == before + 1  # the next player is told
    await world.env.advance_time(20)  # the repair brings the table up
    assert await _footer(world, game_id) == await _stored_footer(world, game_id)


async def test_an_answer_that_times_out_after_a_saved_move_never_says_nothing_changed(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    waiting = await world.player(game_id, 1 - state.current)
    real = discord.InteractionResponse.send_message
    timed_out: list[str] = []

    async def send_message(self: Any, *args: Any, **kwargs: Any) -> Any:
        content = str(kwargs.get("content") or (args[0] if args else ""))
        if not timed_out and kwargs.get("ephemeral") and content.startswith("✅"):
            timed_out.append(content)
            raise TimeoutError("Discord did not answer")
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "send_message", send_message)
    answer = await world.slash(mover, "pass")

    assert timed_out  # the ✅ answer was the one lost
    said = [m.content for m in answer.followups] + (
        [answer.response.content] if answer.response is not None else []
    )
    assert not any("nothing was changed" in s for s in said), said
    assert (await world.game(game_id)).action_count == 1
    assert await _footer(world, game_id) == await _stored_footer(world, game_id)
    assert len(_pings(world, waiting)) == 1


async def test_a_turn_that_ran_out_while_the_bot_was_down_gets_the_grace_period(world: World):
    """DOWNTIME_GRACE_MINUTES (60 by default): the deadline that passed during the
    downtime ends an hour after start-up; the player is told it is their turn."""
    game_id = await world.start_game(world.alice, world.bob)
    late = await world.player(game_id, (await world.state(game_id)).current)
    pinged = len(_pings(world, late))
    await world.bot.timer.stop()  # the bot goes down ...
    world.env.backend.advance_clock(30 * 3600)  # ... for 30 hours, past the 24-hour turn
    await world.restart()

    game = await world.game(game_id)
    assert game.status == "active", "the player lost on time the moment the bot came back"
    assert game.deadline == world.env.now() + timedelta(minutes=60)
    assert pinged == 1  # told once, at start-up, and until when (the ping of before, gone)
    assert len(_pings(world, late)) == 1
    assert f"runs out <t:{int(game.deadline.timestamp())}:R>" in _pings(world, late)[-1]
    await world.env.advance_time(59 * 60)
    assert (await world.game(game_id)).status == "active"
    await world.env.advance_time(60 + 1)
    game = await world.game(game_id)
    result = await world.bot.store.get_result(game_id)
    assert game.status == "forfeited" and result is not None and result.reason == "timeout"


def _ends(world: World) -> list[str]:
    return [m.content for m in world.messages() if m.content.startswith("🏁")]


async def test_an_end_announcement_discord_refused_is_posted_once_by_the_repair(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    refused = ends_unsaid(world, times=2)  # the announcement and the repair's first try
    for _ in range(2):  # two passes in a row end the game
        mover = await world.player(game_id, (await world.state(game_id)).current)
        await world.slash(mover, "pass")
    assert (await world.game(game_id)).status == "finished"
    assert len(refused) == 1 and _ends(world) == []
    await world.env.advance_time(20)
    assert len(refused) == 2 and _ends(world) == []
    await world.env.advance_time(70)
    assert _ends(world) == refused[:1]  # said once, as it would have been
    await world.env.advance_time(3600)
    assert len(_ends(world)) == 1


async def test_an_end_said_just_before_the_store_failed_to_note_it_is_not_said_again(
    world: World,
):
    game_id = await world.start_game(world.alice, world.bob)
    again = nonces_kept(world)
    failed = fails_once(world.bot.store, "end_announced")  # Discord took it, the store failed
    for _ in range(2):  # two passes in a row end the game
        mover = await world.player(game_id, (await world.state(game_id)).current)
        await world.slash(mover, "pass")
    assert failed == [(game_id,)]
    [end] = _ends(world)
    await world.env.advance_time(20)  # the repair says the end again: Discord keeps the first
    assert _ends(world) == [end] and len(again) == 1
    assert not await world.bot.store.end_unannounced(game_id)  # noted as said now
    await world.restart()
    await world.env.advance_time(3600)
    assert _ends(world) == [end] and len(again) == 1


async def test_a_stop_between_the_last_commit_and_its_announcement_says_it_at_start_up(
    world: World,
):
    game_id = await world.start_game(world.alice, world.bob)
    for _ in range(2):  # two passes in a row end the game; nothing is shown
        await _pass_without_showing(world, game_id)
    assert (await world.game(game_id)).status == "finished" and _ends(world) == []

    await world.restart()

    assert await _footer(world, game_id) == await _stored_footer(world, game_id)
    [end] = _ends(world)
    assert "Famiglia" in end
    await world.restart()  # said once: another start-up does not say it again
    await world.env.advance_time(3600)
    assert _ends(world) == [end]


async def test_a_table_repaired_after_the_end_does_not_announce_it_again(
    world: World, edit_times_out: list[int]
):
    game_id = await world.start_game(world.alice, world.bob)
    for armed in (False, True):  # two passes in a row end the game
        mover = await world.player(game_id, (await world.state(game_id)).current)
        if armed:  # the last move's table edit fails, its announcement does not
            edit_times_out.append(0)
        await world.slash(mover, "pass")
    assert (await world.game(game_id)).status == "finished" and edit_times_out != [0]
    assert len(_ends(world)) == 1
    await world.env.advance_time(20)
    assert await _footer(world, game_id) == await _stored_footer(world, game_id)
    assert len(_ends(world)) == 1
