"""A write whose answer was lost and whose outcome the store could not tell at once (the
read-back failing too, PostgreSQL away for a moment) is shown from the store a little
later: the move, the game lost on time. It stayed unshown: the table at the position
before, nobody pinged, an end not announced until the next restart."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services.ai_games import ai_to_move
from db.store import Store
from tests.ai_bot.ai_play import channel_game, dm_game
from tests.reliability.test_discord_failing import table_turn
from tests.simcord_world import World
from tests.store_failures import lose_the_next_answer, nobody_can_tell, unreadable_after


@pytest.mark.simcord(check_errors=False)
async def test_a_move_nobody_could_confirm_is_shown_and_the_next_player_pinged(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover = await world.player(game_id, (await world.state(game_id)).current)
    before = await world.game(game_id)
    lost = nobody_can_tell(monkeypatch)
    answer = await world.slash(mover, "pass")
    assert lost and "could not be confirmed" in answer.response.content
    after = await world.game(game_id)
    assert after.action_count == before.action_count + 1  # it was stored
    await world.env.advance_time(16)  # the repair's first look
    assert await table_turn(world, game_id) == after.action_count
    other = await world.player(game_id, (await world.state(game_id)).current)
    pings = [m.content for m in world.messages() if "your turn in Famiglia" in m.content]
    assert len(pings) == 1 and other.mention in pings[0], pings


@pytest.mark.simcord(check_errors=False)
async def test_a_game_lost_on_time_that_nobody_could_confirm_is_announced(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    game = await world.game(game_id)
    assert game.deadline is not None
    await world.env.advance_time((game.deadline - world.env.now()).total_seconds() / 2 + 5)
    dropped = lose_the_next_answer(  # a timeout is written as a change of status
        monkeypatch, method="set_status", when=lambda kw: kw.get("status") == "forfeited"
    )
    unreadable_after(monkeypatch, dropped)
    await world.env.advance_time((game.deadline - world.env.now()).total_seconds() + 1)
    assert dropped and (await world.game(game_id)).status == "forfeited"
    assert [m for m in world.messages() if m.content.startswith("🏁")] == []
    await world.env.advance_time(16)  # the repair's first look
    ends = [m.content for m in world.messages() if m.content.startswith("🏁")]
    assert len(ends) == 1, ends


@pytest.mark.simcord(check_errors=False)
async def test_a_reminder_whose_claim_lost_its_answer_is_sent(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The claim (marked sent) landed and its answer was lost: it was taken as not
    claimed, and, marked sent, never due again: the player was never reminded."""
    await world.start_game(world.alice, world.bob)
    dropped = lose_the_next_answer(monkeypatch, method="mark_reminder_sent")
    await world.env.advance_time(world.config.turn_timeout.total_seconds() / 2 + 5)
    assert dropped
    reminders = [m for m in world.messages() if "still your turn" in m.content]
    assert len(reminders) == 1


def _start_lands_answer_lost(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    real = Store.create_game
    lost: list[int] = []

    async def create_then_drop(self: Store, **kw: Any) -> Any:
        game = await real(self, **kw)
        if lost:
            return game
        lost.append(game.id)
        raise ConnectionError("connection was closed in the middle of operation")

    monkeypatch.setattr(Store, "create_game", create_then_drop)
    return lost


@pytest.mark.simcord(check_errors=False)
async def test_a_challenge_written_though_its_answer_was_lost_is_posted(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It held the channel unseen: "could not be confirmed", a retry refused as the
    channel taken, and /famiglia board finding no game."""
    lost = _start_lands_answer_lost(monkeypatch)
    answer = await world.slash(world.alice, "start", opponent=world.bob)
    assert lost and not answer.ephemeral and "challenges you" in answer.response.content
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None and game.id == lost[0]
    await world.bob.click(await world.table(game.id), label="Accept")
    assert (await world.game(game.id)).status == "active"


@pytest.mark.simcord(check_errors=False)
async def test_a_game_against_the_ai_written_though_its_answer_was_lost_is_shown(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    lost = _start_lands_answer_lost(monkeypatch)
    answer = await world.slash(world.alice, "ai", strength="easy", first="you")
    assert lost and answer.response is not None
    assert "could not be confirmed" not in (answer.response.content or "")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None and game.id == lost[0]


@pytest.mark.parametrize("where", ["channel", "dm"])
@pytest.mark.simcord(check_errors=False)
async def test_the_ai_moves_after_a_move_nobody_could_confirm(
    world: World, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """In a DM the repair redrew the table and nothing started the AI's turn: "the AI is
    thinking" for good (its turn has no deadline)."""
    if where == "dm":
        game_id = await dm_game(world)
        move = world.alice.user.slash("famiglia pass")
    else:
        game_id = await channel_game(world)
        move = world.slash(world.alice, "pass")
    await world.env.settle()
    before = await world.game(game_id)
    dropped = nobody_can_tell(monkeypatch)
    await move
    assert dropped and (await world.game(game_id)).action_count == before.action_count + 1
    await world.env.advance_time(20)  # the repair's first look (15 s)
    game = await world.game(game_id)
    assert game.action_count > before.action_count + 1, "the AI never moved"
    assert not ai_to_move(game, await world.state(game_id))
