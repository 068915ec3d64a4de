"""Discord failing under the bot: 500s and timeouts on table edits and on opening a DM.

The move is committed before Discord is asked for anything, so a failed edit loses
nothing; the game is not wedged either: the next click (or ``/famiglia board``) shows
the right table, and a failed DM leaves nothing half-started, so a retry works.
"""

from __future__ import annotations

from typing import Any

from tests.simcord_world import World, controls

EDIT = "/channels/*/messages/*"


def fail_next(world: World, method: str, fragment: str, error: BaseException) -> list[int]:
    """Make the bot's next REST call ``method`` whose path contains ``fragment`` raise
    ``error`` (a timeout, as aiohttp raises it); returns a counter of failures."""
    http = world.bot.http
    original = http.request
    failed = [0]

    async def request(route: Any, **kwargs: Any) -> Any:
        if not failed[0] and route.method == method and fragment in route.path:
            failed[0] += 1
            raise error
        return await original(route, **kwargs)

    http.request = request  # type: ignore[method-assign]
    return failed


async def table_turn(world: World, game_id: int) -> int | str:
    """The action count the public table's buttons were drawn for ("over" once over)."""
    table = await world.table(game_id)
    ids = [c.get("custom_id", "") for c in world.components(table)]
    if any(i.startswith("fam:rematch:") for i in ids):
        return "over"
    hand = next(i for i in ids if i.startswith("fam:hand:"))
    return int(hand.rsplit(":", 1)[1])


async def table_is_right(world: World, game_id: int) -> None:
    game = await world.game(game_id)
    shown = await table_turn(world, game_id)
    assert shown == ("over" if game.status == "finished" else game.action_count)


async def move_by_pass(world: World, game_id: int) -> None:
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)
    result = await mover.click(hand, custom_id=controls(hand)["Pass (take nothing)"]["custom_id"])
    assert result.response is not None and "passes" in result.response.content, result


async def check_move_survives(world: World, game_id: int) -> None:
    before = await world.game(game_id)
    await move_by_pass(world, game_id)  # the table edit fails
    after = await world.game(game_id)
    assert after.action_count == before.action_count + 1  # the move is kept
    assert await world.replayed(game_id) == await world.state(game_id)
    assert await table_turn(world, game_id) == before.action_count  # the table is stale
    await move_by_pass(world, game_id)  # the next move goes through and heals the table
    await table_is_right(world, game_id)


async def test_a_500_on_the_table_edit_loses_no_move(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    world.env.inject_error("PATCH", EDIT, status=500)
    await check_move_survives(world, game_id)


async def test_a_timeout_on_the_table_edit_loses_no_move(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    failed = fail_next(world, "PATCH", "/messages/", TimeoutError())
    await check_move_survives(world, game_id)
    assert failed == [1]


async def test_board_reposts_a_table_that_could_not_be_edited(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    world.env.inject_error("PATCH", EDIT, status=503, times=None)  # edits keep failing
    state = await world.state(game_id)
    await move_by_pass(world, game_id)
    assert await table_turn(world, game_id) == 0
    world.env.backend.faults.clear()
    player = await world.player(game_id, state.current)
    result = await world.slash(player, "board")
    assert result.response is not None and not result.ephemeral
    await table_is_right(world, game_id)


async def solo_in_server(world: World) -> Any:
    return await world.slash(world.alice, "solo", level=2, first="you")


async def test_a_500_on_opening_the_dm_starts_nothing_and_a_retry_works(world: World):
    world.env.inject_error("POST", "/users/@me/channels", status=500)
    first = await solo_in_server(world)
    assert first.ephemeral
    assert await world.bot.store.active_solo_game_for_user(world.alice.id) is None
    second = await solo_in_server(world)
    assert second.ephemeral
    assert await world.bot.store.active_solo_game_for_user(world.alice.id) is not None


async def test_a_timeout_on_opening_the_dm_starts_nothing_and_a_retry_works(world: World):
    failed = fail_next(world, "POST", "/users/@me/channels", TimeoutError())
    first = await solo_in_server(world)
    assert failed == [1]
    assert first.ephemeral
    assert await world.bot.store.active_solo_game_for_user(world.alice.id) is None
    await solo_in_server(world)
    assert await world.bot.store.active_solo_game_for_user(world.alice.id) is not None
