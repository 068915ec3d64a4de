"""Games, results and buttons written by the release before the redesign keep working:
a bot of today's code, started on a copy of that release's database, continues and
finishes its open games — pressing the buttons on their old tables — and offers the
old finished games' buttons (issue 15: stored values and custom ids are kept)."""

from __future__ import annotations

import json
from typing import Any

import simcord

from .old_buttons import press, restore_message
from .release_world import manifest

PASS_KEY = "10.0.0"


async def _game(env: simcord.Env, game_id: int) -> Any:
    game = await env.bot.store.get_game(game_id)
    assert game is not None
    return game


async def _old_table(env: simcord.Env, name: str) -> Any:
    """The table message the old release posted for the fixture game ``name`` (put
    back before the bot started: the bot may have brought it up to date since)."""
    table = manifest()["tables"][name]
    message = env.backend.get_message(table["channel"], table["message"])
    return simcord.ResponseMessage(env, message)


def _ids() -> tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, int]]:
    data = manifest()
    world = data["world"]
    return data["games"], world["users"], world["dms"], world["channels"]


def _to_move(game: Any) -> int:
    return int(game.players[json.loads(game.state_json)["cur"]])


async def test_an_open_two_player_game_goes_on_by_its_old_buttons_and_is_rated(
    release_env: simcord.Env,
):
    env = release_env
    games, users, _, _ = _ids()
    game_id, guild = games["duel_open"], manifest()["world"]["guild"]
    before = await _game(env, game_id)
    mover = users[manifest()["buttons"]["duel_open_hand_of"][0]]
    assert _to_move(before) == mover and before.action_count == 11
    table = await _old_table(env, "duel_open")

    hand = await press(env, mover, table, f"fam:hand:{game_id}:11", guild_id=guild)
    assert hand.ephemeral and hand.response is not None and hand.response.embeds
    old_hand = restore_message(
        env, before.channel_id, None, manifest()["buttons"]["duel_open_hand"]
    )
    moved = await press(env, mover, old_hand, f"fam:do:{game_id}:11:{PASS_KEY}", guild_id=guild)
    assert moved.ephemeral
    after = await _game(env, game_id)
    assert after.action_count == 12 and _to_move(after) != mover
    log = await env.bot.store.action_log(game_id)
    assert log[-1].actor == mover

    stale = await press(env, mover, old_hand, f"fam:do:{game_id}:11:{PASS_KEY}", guild_id=guild)
    assert stale.ephemeral and "earlier moment" in stale.response.content
    other = _to_move(after)
    new_hand = await press(env, other, table, f"fam:hand:{game_id}:12", guild_id=guild)
    done = await press(
        env, other, new_hand.response, f"fam:do:{game_id}:12:{PASS_KEY}", guild_id=guild
    )  # two passes in a row end the game
    assert done.response is not None
    finished = await _game(env, game_id)
    assert finished.status == "finished"
    record = await env.bot.store.get_result(game_id)
    assert record is not None and record.reason == "score"
    ratings = await env.bot.store.stored_ratings()
    assert ratings[users["alice"]].games == 2 and ratings[users["bob"]].games == 3
    edited = simcord.ResponseMessage(env, env.backend.get_message(table.channel_id, table.id))
    assert edited.embeds, "the old table message is edited in place"


async def test_an_open_solo_game_goes_on_by_its_old_controls_and_can_be_given_up(
    release_env: simcord.Env,
):
    env = release_env
    games, users, _, _ = _ids()
    game_id, alice = games["solo_open"], users["alice"]
    table = await _old_table(env, "solo_open")
    moved = await press(env, alice, table, f"fam:do:{game_id}:7:{PASS_KEY}", guild_id=None)
    assert moved.response is not None
    after = await _game(env, game_id)
    assert after.action_count > 8, "the robot answered the pass"
    assert _to_move(after) == alice or after.status != "active"

    # The table is edited since: the old button stands on an older copy of it.
    buttons = manifest()["buttons"]["solo_open_table"]
    old_copy = restore_message(env, table.channel_id, None, buttons)
    asked = await press(env, alice, old_copy, f"fam:sff:{game_id}:7", guild_id=None)
    assert asked.ephemeral and "Give up" in asked.response.content
    seq = (await _game(env, game_id)).action_count
    gave_up = await press(env, alice, asked.response, f"fam:sgu:{game_id}:{seq}", guild_id=None)
    assert gave_up.response is not None
    assert (await _game(env, game_id)).status == "forfeited"
    record = await env.bot.store.get_result(game_id)
    assert record is not None and record.mode == "solo" and record.winner == 1


async def test_open_games_against_the_ai_go_on_after_the_upgrade(release_env: simcord.Env):
    env = release_env
    games, users, _, _ = _ids()
    guild = manifest()["world"]["guild"]
    channel_game, carol = games["ai_channel_open"], users["carol"]
    table = await _old_table(env, "ai_channel_open")
    hand = await press(env, carol, table, f"fam:hand:{channel_game}:59", guild_id=guild)
    assert hand.ephemeral and hand.response is not None
    await press(env, carol, hand.response, f"fam:do:{channel_game}:59:{PASS_KEY}", guild_id=guild)
    after = await _game(env, channel_game)
    assert after.action_count > 60, "the AI played its turn"
    assert _to_move(after) == carol or after.status == "finished"

    dm_game, bob = games["ai_dm_open"], users["bob"]
    dm_table = await _old_table(env, "ai_dm_open")
    await press(env, bob, dm_table, f"fam:do:{dm_game}:6:{PASS_KEY}", guild_id=None)
    assert (await _game(env, dm_game)).action_count > 7
    buttons = manifest()["buttons"]["ai_dm_open_table"]
    old_copy = restore_message(env, dm_table.channel_id, None, buttons)
    asked = await press(env, bob, old_copy, f"fam:forfeit:{dm_game}:6", guild_id=None)
    assert asked.ephemeral and "Give up" in asked.response.content
    seq = (await _game(env, dm_game)).action_count
    await press(env, bob, asked.response, f"fam:giveup:{dm_game}:{seq}", guild_id=None)
    assert (await _game(env, dm_game)).status == "forfeited"
    record = await env.bot.store.get_result(dm_game)
    assert record is not None and record.mode == "ai" and record.winner == 1


async def test_finished_games_and_the_open_challenge_keep_their_buttons(
    release_env: simcord.Env,
):
    env = release_env
    games, users, _, channels = _ids()
    guild = manifest()["world"]["guild"]
    challenge = await _old_table(env, "challenge_open")
    answer = await press(
        env, users["carol"], challenge, f"fam:decline:{games['challenge_open']}", guild_id=guild
    )
    assert answer.acknowledged
    assert (await _game(env, games["challenge_open"])).status == "declined"

    finished = await _old_table(env, "duel_finished")
    rematch = await press(
        env, users["alice"], finished, f"fam:rematch:{games['duel_finished']}", guild_id=guild
    )
    assert not rematch.ephemeral
    new = await env.bot.store.active_game_in_channel(channels["done"])
    assert new is not None and new.status == "challenge"
    assert new.players == (users["alice"], users["bob"])

    solo_table = await _old_table(env, "solo_given_up")
    await press(env, users["carol"], solo_table, "fam:sagain:2:1", guild_id=None)
    solo = await env.bot.store.active_solo_game_for_user(users["carol"])
    assert solo is not None and solo.options["level"] == 2 and solo.options["first"] == 1

    ai_table = await _old_table(env, "ai_given_up")
    await press(env, users["dave"], ai_table, f"fam:aiagain:{games['ai_given_up']}", guild_id=None)
    ai = await env.bot.store.active_game_in_channel(manifest()["world"]["dms"]["dave"])
    assert ai is not None and ai.mode == "ai" and ai.options["strength"] == "easy"

    stats = await env.bot.store.player_stats(users["bob"])
    assert stats.duel_games == 2
