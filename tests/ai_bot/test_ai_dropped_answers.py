"""Games against the AI when Discord drops the bot's answer (an interaction that expired):
the move, the start or Play again is saved all the same, the table shows it and the AI
plays its turn; an end Discord refused to announce is announced once, later, and a DM
game that ended just before a stop shows its end after the restart."""

from __future__ import annotations

from typing import Any

from bot.services.ai_games import ai_to_move
from tests.gateway_tricks import ends_unsaid, fails_once, nonces_kept
from tests.simcord_world import World

from .ai_play import PASS, channel_game, dm_game, dm_table, texts

DROPPED = {"status": 404, "code": 10062, "message": "Unknown interaction"}  # a dead token
ANSWER = "/interactions/*/callback"


def _drop_the_next_answer(world: World) -> None:
    world.env.inject_error("POST", ANSWER, **DROPPED)


def _move_ids(message: Any) -> list[str]:
    ids = [p.get("custom_id", "") for p in World.components(message)]
    return [i for i in ids if i.startswith(("fam:do:", "fam:pick:"))]


async def _table_seq(world: World, game_id: int) -> int:
    """The action count the channel table's buttons were drawn for."""
    ids = [p.get("custom_id", "") for p in World.components(await world.table(game_id))]
    return int(next(i for i in ids if i.startswith("fam:hand:")).rsplit(":", 1)[1])


async def _after_the_ai_turn(world: World, game_id: int, before: int) -> None:
    """The AI played its turn after Alice's move (saved as ``before + 1``): Alice is to
    move again (or the game is over), the game does not wait for the AI."""
    game, state = await world.game(game_id), await world.state(game_id)
    assert game.action_count > before + 1, "the AI never played"
    assert not ai_to_move(game, state), "the game waits for an AI that is not thinking"
    assert state == await world.replayed(game_id)


async def test_a_move_whose_answer_discord_drops_still_gets_the_ai_turn(world: World):
    """Alice's pass is saved before its answer: when Discord refuses the answer (an
    interaction that expired), the AI must still play and the table show it, else the
    channel waits for an AI that never thinks (no turn timer runs in the AI's turn)."""
    game_id = await channel_game(world)
    before = (await world.game(game_id)).action_count
    _drop_the_next_answer(world)
    answer = await world.slash(world.alice, "pass")
    assert answer.response is None  # Discord took no answer
    await _after_the_ai_turn(world, game_id, before)
    game = await world.game(game_id)
    assert await _table_seq(world, game_id) == game.action_count
    assert "thinking" not in texts(await world.table(game_id))


async def test_a_hand_click_whose_answer_discord_drops_still_gets_the_ai_turn(world: World):
    game_id = await channel_game(world)
    hand = await world.open_hand(world.alice, game_id)
    before = (await world.game(game_id)).action_count
    _drop_the_next_answer(world)
    await world.alice.click(hand, label=PASS)
    await _after_the_ai_turn(world, game_id, before)
    assert await _table_seq(world, game_id) == (await world.game(game_id)).action_count
    again = await world.open_hand(world.alice, game_id)  # a fresh hand plays on
    assert _move_ids(again) or (await world.game(game_id)).status != "active"


async def test_adm_table_click_whose_answer_discord_drops_still_gets_the_ai_turn(
    world: World,
):
    """The DM table is the answer to its own clicks: when that edit is refused, the
    table must still be redrawn, then the AI play, and the table offer Alice's moves."""
    game_id = await dm_game(world)
    table_id = (await world.game(game_id)).table_message_id
    before = (await world.game(game_id)).action_count
    _drop_the_next_answer(world)
    await world.alice.user.click(dm_table(world, table_id), label=PASS)
    await _after_the_ai_turn(world, game_id, before)
    game = await world.game(game_id)
    table = dm_table(world, game.table_message_id)
    assert "thinking" not in texts(table)
    moves = _move_ids(table)
    assert moves and all(i.split(":")[3] == str(game.action_count) for i in moves)
    moved = await world.alice.user.click(table, label=PASS)  # the table's controls work
    assert not moved.ephemeral


async def test_an_ai_first_start_whose_answer_discord_drops_posts_the_table_and_plays(
    world: World,
):
    """`/famiglia ai first:ai`: the game is saved before the answer that shows its table.
    Refused, the table must be posted all the same and the AI play its first turn."""
    _drop_the_next_answer(world)
    answer = await world.slash(world.alice, "ai", strength="easy", first="ai")
    assert answer.response is None
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    await _after_the_ai_turn(world, game.id, -1)
    game = await world.game(game.id)
    table = await world.table(game.id)
    assert "thinking" not in texts(table) and "AI (easy)" in texts(table)
    assert await _table_seq(world, game.id) == game.action_count
    hand = await world.open_hand(world.alice, game.id)
    assert _move_ids(hand)


async def test_a_dm_start_whose_answer_discord_drops_still_posts_the_table(world: World):
    """The game holds the DM: without a table Alice could not play it."""
    user = world.alice.user
    _drop_the_next_answer(world)
    answer = await user.slash("famiglia ai", strength="easy", first="you")
    assert answer.response is None
    game = await world.bot.store.active_game_in_channel(user.dm_channel.id)
    assert game is not None and game.table_message_id is not None
    table = dm_table(world, game.table_message_id)
    assert _move_ids(table)
    moved = await user.click(table, label=PASS)
    assert not moved.ephemeral
    await _after_the_ai_turn(world, game.id, 0)


async def test_play_again_whose_answer_discord_drops_still_starts_the_ai(world: World):
    answer = await world.slash(world.alice, "ai", strength="easy", first="ai")
    old = await world.bot.store.active_game_in_channel(world.channel.id)
    assert answer.response is not None and old is not None
    asked = await world.slash(world.alice, "forfeit")
    await world.alice.click(asked.response, label="Yes, give up this game")
    end = world.messages()[-1]
    assert "against the AI is over" in end.content

    _drop_the_next_answer(world)
    await world.alice.click(end, label="Play again (easy, the AI starts)")
    new = await world.bot.store.active_game_in_channel(world.channel.id)
    assert new is not None and new.id != old.id
    await _after_the_ai_turn(world, new.id, -1)
    assert "thinking" not in texts(await world.table(new.id))


async def test_a_forfeit_whose_answer_discord_drops_still_ends_the_table(world: World):
    game_id = await dm_game(world)
    table = dm_table(world, (await world.game(game_id)).table_message_id)
    asked = await world.alice.user.click(table, label="Forfeit")
    assert asked.ephemeral
    _drop_the_next_answer(world)
    await world.alice.user.click(asked.response, label="Yes, give up this game")
    game = await world.game(game_id)
    assert game.status == "forfeited"
    table = dm_table(world, game.table_message_id)
    labels = [p.get("label") for p in World.components(table)]
    assert labels == ["Play again (easy, you start)", "Rules"], labels


async def test_a_forfeit_whose_end_announcement_failed_is_announced_once_later(world: World):
    game_id = await channel_game(world)
    refused = ends_unsaid(world)
    asked = await world.alice.click(await world.table(game_id), label="Forfeit")
    [confirm] = [p["custom_id"] for p in World.components(asked.response)]
    await world.alice.click(asked.response, custom_id=confirm)
    assert (await world.game(game_id)).status == "forfeited" and len(refused) == 1
    ends = [m.content for m in world.messages() if m.content.startswith("🏁")]
    assert ends == []
    await world.env.advance_time(20)
    await world.env.advance_time(3600)
    ends = [m.content for m in world.messages() if m.content.startswith("🏁")]
    assert ends == refused


async def test_a_forfeit_said_just_before_the_store_failed_to_note_it_is_said_once(world: World):
    game_id = await channel_game(world)
    again = nonces_kept(world)
    failed = fails_once(world.bot.store, "end_announced")  # Discord took it, the store failed
    asked = await world.alice.click(await world.table(game_id), label="Forfeit")
    [confirm] = [p["custom_id"] for p in World.components(asked.response)]
    answer = await world.alice.click(asked.response, custom_id=confirm)
    assert "Something went wrong" not in str(answer.response.content)
    assert (await world.game(game_id)).status == "forfeited" and failed == [(game_id,)]
    await world.env.advance_time(20)  # the repair says it again: Discord keeps the first
    await world.env.advance_time(3600)
    ends = [m.content for m in world.messages() if m.content.startswith("🏁")]
    assert len(ends) == 1 and len(again) == 1
    assert not await world.bot.service.records.end_unannounced(game_id)


async def test_a_dm_game_that_ended_just_before_a_stop_shows_its_end_after_the_restart(
    world: World,
):
    game_id = await dm_game(world)
    await world.bot.service.forfeit(game_id, world.alice.id)  # saved, then the stop
    game = await world.game(game_id)
    assert game.status == "forfeited" and _move_ids(dm_table(world, game.table_message_id))

    await world.restart()

    table = dm_table(world, (await world.game(game_id)).table_message_id)
    labels = [p.get("label") for p in World.components(table)]
    assert labels == ["Play again (easy, you start)", "Rules"], labels
    assert not await world.bot.service.records.end_unannounced(game_id)
