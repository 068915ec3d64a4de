"""Whole games against the AI: in a channel by buttons, in a DM by commands, to the
final score; the result stored with the strength, not rated, and shown in stats and on
the AI board."""

from __future__ import annotations

from engine.famiglia import result
from tests.simcord_world import World

from .ai_play import check_ai_decisions, play_channel_by_buttons, play_dm_by_commands, texts


async def _check_result(world: World, game_id: int, strength: str) -> None:
    game = await world.game(game_id)
    assert game.status == "finished" and game.mode == "ai"
    assert game.options["strength"] == strength and game.players[1] == 0
    final = result(await world.state(game_id))
    record = await world.bot.store.get_result(game_id)
    assert record is not None and record.mode == "ai"
    assert (record.totals, record.winner, record.reason) == (final.totals, final.winner, "score")
    assert await world.bot.store.stored_ratings() == {}  # never on the rating ladder
    assert (await world.bot.store.rating_board()).total == 0
    stats = await world.bot.store.player_stats(world.alice.id)
    wins = 1 if final.winner == 0 else 0
    assert [(r.strength, r.games, r.wins) for r in stats.ai_records] == [(strength, 1, wins)]
    assert stats.rating is None and stats.duel_games == 0


async def test_whole_game_in_a_channel_by_buttons(world: World):
    answer = await world.slash(world.alice, "ai", strength="easy", first="ai")
    assert answer.response is not None and not answer.ephemeral  # the public table
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None and game.guild_id == world.guild.id
    assert game.table_message_id == answer.response.id
    table = await world.table(game.id)
    assert "Alice vs AI (easy)" in texts(table) and "AI (easy) takes" in texts(table)
    assert "Your hand" not in texts(table)  # the hand stays private in a channel

    decisions = await play_channel_by_buttons(world, game.id)
    assert decisions > 5
    await _check_result(world, game.id, "easy")
    assert await check_ai_decisions(world, game.id, "easy") > 5
    end = world.messages()[-1]
    assert "against the AI is over" in end.content and " wins, " in end.content
    labels = [p["label"] for p in World.components(end)]
    assert labels == ["Play again (easy, the AI starts)", "Rules"]
    assert "Game over" in texts(await world.table(game.id))

    stats = await world.slash(world.alice, "stats")
    assert not stats.ephemeral
    shown = texts(stats.response)
    assert "Against the AI (not rated)" in shown and "**easy**: 1 game(s)" in shown
    assert "Rating" not in shown
    board = await world.slash(world.bob, "leaderboard", board="ai")
    assert not board.ephemeral and "Alice — easy" in texts(board.response)
    level = await world.slash(world.bob, "leaderboard", board="ai", level=2)
    assert level.ephemeral and "only applies to the solo board" in level.response.content

    stranger = await world.carol.click(end, label="Play again (easy, the AI starts)")
    assert stranger.ephemeral and "Only the player" in stranger.response.content
    again = await world.alice.click(end, label="Play again (easy, the AI starts)")
    assert not again.ephemeral
    new = await world.bot.store.active_game_in_channel(world.channel.id)
    assert new is not None and new.id != game.id and new.options["strength"] == "easy"


async def test_whole_game_in_dms_by_commands(world: World):
    user = world.alice.user
    answer = await user.slash("famiglia ai", strength="easy", first="you")
    assert answer.response is not None and not answer.ephemeral
    game = await world.bot.store.active_game_in_channel(user.dm_channel.id)
    assert game is not None and game.guild_id is None and game.deadline is None
    table = answer.response
    assert [e.title for e in table.embeds][1].startswith("Your hand")  # hand on the table
    ids = [p.get("custom_id", "") for p in World.components(table)]
    assert any(i.startswith(("fam:pick:", "fam:do:")) for i in ids) and "fam:rules" in ids

    resumed = await user.slash("famiglia resume")  # the AI game's table, fresh in the DM
    assert resumed.response is not None and not resumed.ephemeral
    assert (await world.game(game.id)).table_message_id == resumed.response.id

    commands = await play_dm_by_commands(world, user, game.id)
    assert commands > 5
    await _check_result(world, game.id, "easy")
    assert await check_ai_decisions(world, game.id, "easy") > 5
    game = await world.game(game.id)
    final = next(m for m in user.dm_channel.history() if m.id == game.table_message_id)
    assert "Game over" in texts(final)
    labels = [p["label"] for p in World.components(final)]
    assert labels == ["Play again (easy, you start)", "Rules"]
    stats = await user.slash("famiglia stats")
    assert "**easy**: 1 game(s)" in texts(stats.response)
