"""Both players press Rematch: one challenge opens, and the second is told that the
other asked first and that their challenge waits for an Accept (they read "Someone just
opened a game in this channel", or "Finish it first", as if a stranger held it)."""

from __future__ import annotations

from tests.gateway_tricks import at_once
from tests.simcord_world import World


async def _ended(world: World) -> int:
    game_id = await world.start_game(world.alice, world.bob)
    asked = await world.slash(world.alice, "forfeit")
    await world.alice.click(asked.response, label="Yes, give up this game")
    return game_id


async def test_rematch_pressed_by_both_at_once_opens_one_and_names_it(world: World) -> None:
    game_id = await _ended(world)
    table = await world.table(game_id)
    custom_id = f"fam:rematch:{game_id}"
    out = await at_once(
        world, [(world.alice.id, table, custom_id), (world.bob.id, table, custom_id)]
    )
    assert len(await world.bot.store.open_games_for_user(world.alice.id)) == 1
    [refused] = [o for o in out if o.ephemeral]
    assert "asked for a rematch first" in refused.response.content, refused.response.content


async def test_rematch_after_the_other_asked_points_to_their_challenge(world: World) -> None:
    game_id = await _ended(world)
    await world.alice.click(await world.table(game_id), label="Rematch")
    answer = await world.bob.click(await world.table(game_id), label="Rematch")
    assert answer.ephemeral
    assert "Alice asked for a rematch first" in answer.response.content, answer.response.content
    assert "Accept" in answer.response.content
