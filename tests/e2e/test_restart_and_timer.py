"""The bot restarted mid-game keeps working; the turn timer reminds and forfeits."""

from __future__ import annotations

from tests.simcord_world import World, click_one_decision, controls, fresh, play_by_buttons


async def test_restart_mid_game_then_finish_with_the_same_buttons(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    for turn in range(4):  # a few turns by clicks
        state = await world.state(game_id)
        who = await world.player(game_id, state.current)
        hand = await world.open_hand(who, game_id)
        while await click_one_decision(world, who, fresh(world, hand), turn + 1):
            pass
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)  # a hand opened before the restart
    table_id = (await world.table(game_id)).id
    before = await world.game(game_id)

    await world.restart()

    assert world.bot.store is not world.old_bots[0].store
    assert (await world.table(game_id)).id == table_id
    # The hand opened before the restart still plays: its controls are persistent.
    assert controls(fresh(world, hand))
    await click_one_decision(world, mover, fresh(world, hand), 1)
    assert (await world.game(game_id)).action_count > before.action_count
    await play_by_buttons(world, game_id)  # and the table's buttons finish the game
    game = await world.game(game_id)
    assert game.status == "finished"
    assert await world.replayed(game_id) == await world.state(game_id)


async def test_turn_timer_reminds_at_half_time_and_forfeits_at_the_end(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    late = await world.player(game_id, state.current)
    other = await world.player(game_id, 1 - state.current)

    def reminders() -> list[str]:
        return [m.content for m in world.messages() if m.content.startswith("⏰")]

    await world.env.advance_time(11 * 3600)
    assert reminders() == []
    await world.env.advance_time(3600 + 1)
    assert len(reminders()) == 1 and late.mention in reminders()[0]

    await world.restart()  # deadlines live in the database
    await world.env.advance_time(6 * 3600)
    # reminded once only: the restart announced the turn anew, its ping in the reminder's place
    assert reminders() == []
    pings = [m.content for m in world.messages() if "your turn in Famiglia" in m.content]
    assert len(pings) == 1 and late.mention in pings[0]
    assert (await world.game(game_id)).status == "active"
    await world.env.advance_time(6 * 3600)

    game = await world.game(game_id)
    assert game.status == "forfeited"
    result = await world.bot.store.get_result(game_id)
    assert result is not None and result.reason == "timeout"
    assert game.players[result.winner] == other.id
    last = world.messages()[-1]
    assert "ran out of time" in last.content
    table = await world.table(game_id)
    assert "ran out of time" in str(table.embeds[0].to_dict())
    assert "Rematch" in [c.get("label") for c in world.components(table)]


async def test_a_move_restarts_the_turn_clock(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    await world.env.advance_time(20 * 3600)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    await world.slash(mover, "pass")  # the other player now has a fresh 24 hours
    await world.env.advance_time(20 * 3600)
    assert (await world.game(game_id)).status == "active"
    await world.env.advance_time(4 * 3600 + 1)
    assert (await world.game(game_id)).status == "forfeited"


async def test_forfeit_by_button_needs_a_confirmation(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    asked = await world.alice.click(await world.table(game_id), label="Forfeit")
    assert asked.ephemeral and (await world.game(game_id)).status == "active"
    done = await world.alice.click(asked.response, label="Yes, give up this game")
    assert done.response is not None and "gave up" in done.response.content
    game = await world.game(game_id)
    assert game.status == "forfeited"
    result = await world.bot.store.get_result(game_id)
    assert result is not None and result.reason == "forfeit"
    assert game.players[result.winner] == world.bob.id


async def test_a_confirmation_stands_while_only_the_opponent_moved(world: World):
    """Asked on the opponent's turn, confirmed after the opponent moved: the answer still
    means what it said (in a game against the AI the AI nearly always moves between)."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    waiting = await world.player(game_id, 1 - state.current)
    asked = await waiting.click(await world.table(game_id), label="Forfeit")
    await world.slash(mover, "pass")
    done = await waiting.click(asked.response, label="Yes, give up this game")
    assert "gave up" in done.response.content
    result = await world.bot.store.get_result(game_id)
    assert (await world.game(game_id)).status == "forfeited" and result is not None
    assert result.winner == state.current


async def test_a_confirmation_older_than_the_players_own_move_asks_again(world: World):
    """The player asked, then went on playing: the old confirmation does not give up a
    game they chose to continue, nor are they turned away: the answer asks once more
    (privately, changing nothing), and that fresh confirmation gives up."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    asked = await mover.click(await world.table(game_id), label="Forfeit")
    await world.slash(mover, "pass")
    before = await world.game(game_id)

    again = await mover.click(asked.response, label="Yes, give up this game")
    assert again.response is not None and again.response.ephemeral
    assert "played on since you asked" in again.response.content
    after = await world.game(game_id)
    assert (after.status, after.version) == ("active", before.version)

    done = await mover.click(again.response, label="Yes, give up this game")
    assert "gave up" in done.response.content
    result = await world.bot.store.get_result(game_id)
    assert (await world.game(game_id)).status == "forfeited" and result is not None
    assert result.winner == 1 - state.current
