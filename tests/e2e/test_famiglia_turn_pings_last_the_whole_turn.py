"""A turn's ping, or its reminder, stays in the channel for the whole turn: the first
step of a turn (a Brute played, its target still to choose) deleted it while the turn
went on."""

from __future__ import annotations

from tests.simcord_world import World, play_until


def _pings(world: World, game_id: int) -> list[str]:
    return [
        m.content
        for m in world.messages()
        if f"Famiglia #{game_id}" in m.content and ("your turn" in m.content or "⏰" in m.content)
    ]


async def test_a_partial_move_keeps_the_turns_ping(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(
        world, game_id, lambda s: any(a.type == "brute" for a in s.legal_actions())
    )
    await world.bot.flows.repair.show_stored(game_id)  # the table and the mover's ping as now
    assert len(_pings(world, game_id)) == 1
    rank = next(a.rank for a in state.legal_actions() if a.type == "brute")
    answer = await world.slash(mover, "brute", rank=rank)
    assert "✅" in answer.response.content and "Not finished" in answer.response.content
    state = await world.state(game_id)
    assert (
        state.decision == "brute_target" and (await world.player(game_id, state.current)) is mover
    )
    assert len(_pings(world, game_id)) == 1, "the turn goes on, yet its ping was deleted"


async def test_a_partial_move_keeps_the_reminder(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(
        world, game_id, lambda s: any(a.type == "brute" for a in s.legal_actions())
    )
    await world.bot.flows.repair.show_stored(game_id)
    await world.env.advance_time(12.5 * 3600)
    assert any("⏰" in p for p in _pings(world, game_id))
    rank = next(a.rank for a in state.legal_actions() if a.type == "brute")
    await world.slash(mover, "brute", rank=rank)
    assert (await world.game(game_id)).status == "active"
    assert len(_pings(world, game_id)) == 1, "the turn goes on, yet its reminder was deleted"


async def test_a_repair_of_a_step_mid_turn_keeps_the_reminder_and_pings_nobody_again(
    world: World, edit_times_out: list[int]
) -> None:
    """A step's table edit failed; the repair's showing pinged the player again (a
    second notification for a turn already pinged) in place of the turn's reminder."""
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(
        world, game_id, lambda s: any(a.type == "brute" for a in s.legal_actions())
    )
    await world.bot.flows.repair.show_stored(game_id)
    await world.env.advance_time(12.5 * 3600)
    [reminder] = _pings(world, game_id)
    assert reminder.startswith("⏰")
    rank = next(a.rank for a in state.legal_actions() if a.type == "brute")
    edit_times_out.append(0)  # the table edit of the step times out
    await world.slash(mover, "brute", rank=rank)
    assert edit_times_out != [0], "the edit was not tried"
    assert (await world.state(game_id)).decision == "brute_target"
    await world.env.advance_time(20)  # the repair shows the game again
    assert _pings(world, game_id) == [reminder]
