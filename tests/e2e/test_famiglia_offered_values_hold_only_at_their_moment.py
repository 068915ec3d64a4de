"""A value a Famiglia command's list offered holds only at the moment it was offered
for: the same command sent twice (a double submit, a retry) moves once and the second
is refused as stale, where a second refresh of "#1 A1" found another A1 at #1 and
discarded it too. A value typed by hand means the game as it is."""

from __future__ import annotations

import pytest

from engine.famiglia import GameState, IllegalAction
from engine.famiglia.actions import Refresh
from tests.simcord_world import World, play_until


@pytest.fixture
def bot_seed() -> int:
    return 3  # greedy play soon reaches a Street whose #1 a refresh shows again


def _refresh_shows_the_same_card_at_1(state: GameState) -> bool:
    """A refresh of #1 leaves a card of the same kind at #1, and may be made again."""
    if len(state.street) < 2:
        return False
    after = state.copy()
    try:
        after.apply(Refresh(index=0))
        again = after.copy()
        again.apply(Refresh(index=0))
    except (IllegalAction, IndexError):
        return False
    return after.street[0] == state.street[0]


async def test_an_offered_refresh_sent_twice_refreshes_once(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await play_until(world, game_id, _refresh_shows_the_same_card_at_1)
    offered = await world.autocomplete(mover, "refresh", "card")
    value = offered[0]["value"]
    before = (await world.game(game_id)).action_count
    assert value.startswith(f"g{game_id}s{before}:#1 ")  # offered in this game at this moment
    first = await world.slash(mover, "refresh", card=value)
    second = await world.slash(mover, "refresh", card=value)
    assert (await world.game(game_id)).action_count == before + 1
    assert "earlier moment" in second.response.content and second.ephemeral
    assert "earlier moment" not in first.response.content


async def test_a_value_typed_by_hand_means_the_game_as_it_is(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await play_until(world, game_id, _refresh_shows_the_same_card_at_1)
    offered = (await world.autocomplete(mover, "refresh", "card"))[0]["value"]
    typed = offered.partition(":")[2]  # "#1 A1", as a player types it
    before = (await world.game(game_id)).action_count
    await world.slash(mover, "refresh", card=typed)
    await world.slash(mover, "refresh", card=typed)  # typed again: the new #1, same kind
    assert (await world.game(game_id)).action_count == before + 2


async def test_values_offered_at_different_moments_are_refused_together(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await play_until(world, game_id, _refresh_shows_the_same_card_at_1)
    count = (await world.game(game_id)).action_count
    before = await world.game(game_id)
    mark = f"g{game_id}s"
    answer = await world.slash(
        mover, "take", card=f"{mark}{count}:#1", payment=f"{mark}{count + 1}:whatever"
    )
    assert "different moments" in answer.response.content and answer.ephemeral
    assert (await world.game(game_id)).version == before.version


async def test_a_value_offered_in_the_channels_earlier_game_is_refused_in_the_next(
    world: World,
) -> None:
    """A draft left in the input box, sent after the rematch once the new game had come
    as far, was taken as a move of the new game."""
    first = await world.start_game(world.alice, world.bob)
    mover = await world.player(first, (await world.state(first)).current)
    value = (await world.autocomplete(mover, "take", "card"))[0]["value"]
    await world.slash(mover, "forfeit")
    asked = await world.slash(mover, "forfeit")
    await mover.click(asked.response, label="Yes, give up this game")
    assert (await world.game(first)).status == "forfeited"
    second = await world.start_game(world.alice, world.bob)
    game = await world.game(second)
    assert game.action_count == 0
    now = await world.player(second, (await world.state(second)).current)
    stale = f"g{first}s0:{value.partition(':')[2]}"  # the first game's value at this moment
    answer = await world.slash(now, "take", card=stale)
    assert answer.ephemeral and "another game, not the one" in answer.response.content
    assert (await world.game(second)).version == game.version
