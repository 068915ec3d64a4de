"""Famiglia games in DMs and against the AI when something fails or is pressed twice:
Discord failing to post the DM table, the AI unable to move, a double click on the solo
table, the old table after resume, a forfeit while the AI's worker dies, a solo start
from a server while one runs. The player is told what happened and how to go on;
nothing confirmed is lost and nothing unstarted is announced."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.services.ai_queue import AiUnavailable
from tests.ai_bot.ai_play import PASS
from tests.answers import refused, said, unchanged
from tests.gateway_tricks import Held, at_once, click, dms_closed, emit, until
from tests.simcord_world import World, fresh
from tests.solo.solo_play import dm_table


async def test_resume_when_discord_fails_to_post_in_the_dm_says_so_and_keeps_the_table(
    world: World,
):
    user = world.alice.user
    await world.slash(world.alice, "solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    world.env.inject_error("POST", f"/channels/{user.dm_channel.id}/messages", status=503)
    result = await world.slash(world.alice, "resume")
    text = said(result)
    assert result.ephemeral and "try `/famiglia resume` again" in text, text
    assert (await world.game(game.id)).table_message_id == game.table_message_id
    assert "moved here" not in (await dm_table(world, user, game.id)).content


async def test_a_move_while_the_ai_cannot_move_says_how_to_go_on_not_to_wait(
    world: World, monkeypatch: Any
):
    """The AI's worker failed on every attempt: the table says the AI could not move,
    so a move refused as "not your turn" must not tell the player to wait for it."""

    async def fails(*_args: Any, **_kwargs: Any) -> str:
        raise AiUnavailable("the worker died")

    monkeypatch.setattr(world.bot.ai.ai, "think", fails)
    await world.slash(world.alice, "ai", strength="easy", first="you")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    hand = await world.open_hand(world.alice, game.id)
    await world.alice.click(hand, label="Pass (take nothing)")
    assert any("could not make its move" in m.content for m in world.messages())
    before = await world.game(game.id)
    result = await world.slash(world.alice, "pass")
    text = refused(result, "/famiglia board")
    assert "wait for your opponent" not in text, text
    assert unchanged(before, await world.game(game.id))


async def _solo(world: World) -> tuple[Any, int]:
    user = world.alice.user
    await user.slash("famiglia solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    return user, game.id


def _a_control(message: Any) -> str:
    return next(
        p["custom_id"]
        for p in World.components(message)
        if p.get("custom_id", "").startswith("fam:do:") and p.get("label") != "Forfeit"
    )


async def test_a_double_click_on_the_solo_table_makes_one_move(world: World):
    user, game_id = await _solo(world)
    table = await dm_table(world, user, game_id)
    control = _a_control(table)
    before = await world.game(game_id)
    first, second = await at_once(world, [(user.id, table, control)] * 2)
    refusals = [r for r in (first, second) if r.ephemeral]
    assert len(refusals) == 1, (first, second)
    assert "earlier moment" in refusals[0].response.content
    log = await world.bot.store.action_log(game_id)
    players_moves = [row for row in log if row.actor == user.id]
    assert len(players_moves) == 1, [row.action_json for row in log]
    assert (await world.game(game_id)).version > before.version


async def test_the_old_solo_table_after_resume_keeps_pointing_to_the_new_one(world: World):
    user, game_id = await _solo(world)
    old = await dm_table(world, user, game_id)
    control = _a_control(old)  # drawn for the current move: still a legal one
    resumed = await user.slash("famiglia resume")
    assert not resumed.ephemeral
    new_id = (await world.game(game_id)).table_message_id
    assert new_id != old.id
    [result] = await at_once(world, [(user.id, fresh(world, old), control)])
    assert result.ephemeral and result.response is not None, result
    now = await world.game(game_id)
    assert now.table_message_id == new_id
    assert "moved here" in fresh(world, old).content
    assert not World.components(fresh(world, old))
    if now.action_count > 0:  # the move was made: the new table shows it, and said so
        assert "Done" in result.response.content
        assert f"turn {now.action_count}" not in str(
            fresh(world, old).to_dict() if hasattr(fresh(world, old), "to_dict") else ""
        )


async def test_a_forfeit_while_the_ai_thinks_then_its_worker_dies_says_only_the_forfeit(
    world: World, monkeypatch: Any
):
    """The AI thinks; the player gives up; then the AI's worker dies: the player must
    not be told the AI "could not make its move" in a game that is over."""
    reached, release = asyncio.Event(), asyncio.Event()

    async def think(*_args: Any, **_kwargs: Any) -> Any:
        reached.set()
        await release.wait()
        raise AiUnavailable("the worker died")

    await world.slash(world.alice, "ai", strength="easy", first="you")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    hand = await world.open_hand(world.alice, game.id)
    pass_id = next(p["custom_id"] for p in World.components(hand) if p.get("label") == PASS)
    monkeypatch.setattr(world.bot.ai.ai, "think", think)
    async with Held(world):
        passed = emit(world, world.alice.id, hand, click(pass_id))
        await asyncio.wait_for(reached.wait(), 30)
        table = await world.table(game.id)
        forfeit = next(
            p["custom_id"] for p in World.components(table) if p.get("label") == "Forfeit"
        )
        ask = emit(world, world.alice.id, table, click(forfeit))
        await until(lambda: ask.response is not None, "the forfeit question")
        [confirm] = [p["custom_id"] for p in World.components(ask.response)]
        done = emit(world, world.alice.id, ask.response, click(confirm))
        await until(lambda: done.response is not None, "the forfeit's answer")
        release.set()

    assert "You gave up" in said(done), said(done)
    assert (await world.game(game.id)).status == "forfeited"
    everything = [m.content for m in world.messages()] + [
        str(e.to_dict()) for m in world.messages() for e in m.embeds
    ]
    assert not [t for t in everything if "could not make its move" in t], everything
    assert "could not make its move" not in str(said(passed))
    assert len([m for m in world.messages() if "against the AI is over" in m.content]) == 1


async def test_solo_from_a_server_while_a_solo_game_runs_announces_nothing_in_the_dm(
    world: World,
):
    user, game_id = await _solo(world)
    before = [m.id for m in user.dm_channel.history()]
    result = await world.slash(world.alice, "solo", level=1, first="robot")
    assert result.ephemeral and "already have a solo game" in said(result), said(result)
    assert [m.content for m in user.dm_channel.history() if m.id not in before] == []
    assert [g.id for g in await world.bot.store.active_games()] == [game_id]


async def test_a_robot_turn_the_store_refused_is_played_after_a_pause_and_the_move_stands(
    world: World, monkeypatch: Any
):
    """The player's solo move is saved, the robot's commit right after it fails once (the
    database was locked): the player is not told that nothing changed, the table shows
    the saved move, and the repair plays the robot's turn after its first pause, without
    a restart."""
    import sqlite3

    await world.slash(world.alice, "solo", level=1, first="you")
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert game is not None
    store = world.bot.store
    real = store.commit_move
    armed = [True]

    async def commit_move(game_id: int, **kwargs: Any) -> Any:
        if kwargs.get("actor") == 0 and armed and armed.pop():
            raise sqlite3.OperationalError("database is locked")
        return await real(game_id, **kwargs)

    monkeypatch.setattr(store, "commit_move", commit_move)
    answer = await world.alice.user.slash("famiglia pass")
    assert "nothing was changed" not in said(answer)
    assert not armed  # the robot's first commit failed
    await world.env.advance_time(20)  # the repair's first pause is 15 s
    later = await world.game(game.id)
    assert later.action_count >= game.action_count + 2  # her pass, then the robot's turn
    state = await world.state(game.id)
    assert not state.is_robot(state.current)  # her turn again
    table = await dm_table(world, world.alice.user, game.id)
    ids = [c.get("custom_id", "") for c in World.components(table)]
    seqs = {i.split(":")[3] for i in ids if i.startswith(("fam:do:", "fam:pick:"))}
    assert seqs == {str(later.action_count)}  # the table's controls are for her turn now


async def test_resume_with_closed_dms_names_resume_not_solo(world: World):
    await world.slash(world.alice, "solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert game is not None
    dms_closed(world, world.alice.user)
    text = refused(await world.slash(world.alice, "resume"), "Direct Messages")
    assert "cannot be shown" in text and "`/famiglia resume` again" in text, text
    assert "/famiglia solo" not in text
    assert (await world.game(game.id)).status == "active"
