"""A Famiglia decision control takes only a value it offered, written exactly so: a select
value or a button key with a leading zero or spaces, or a legal move the menu never
offered (Pass sent through the "take" menu), comes from a forged client and is refused
privately without a change, as the game id and the seq already are. A key typed by hand
is matched as exactly."""

from __future__ import annotations

from typing import Any

from bot.services.choices import choices
from tests.answers import refused, unchanged
from tests.simcord_world import World, play_until


def _a_take_menu(state: Any) -> bool:
    return len(choices(state, ["take"])) >= 3


async def _take_menu(world: World) -> tuple[int, Any, Any, dict[str, Any]]:
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await play_until(world, game_id, _a_take_menu)
    hand = await world.open_hand(mover, game_id)
    [take] = [p for p in World.components(hand) if p.get("custom_id", "").endswith(":take")]
    return game_id, mover, hand, take


async def test_a_select_value_that_only_reads_as_an_offered_one_is_refused(world: World):
    game_id, mover, hand, take = await _take_menu(world)
    value = take["options"][0]["value"]
    a, b, c = value.split(".")
    assert "10.0.0" not in [o["value"] for o in take["options"]]
    before = await world.game(game_id)
    for forged in (f"0{a}.{b}.{c}", f" {value} ", f"{a}.{b}.0{c}", "10.0.0"):
        result = await world.forged_select(mover, hand, take["custom_id"], [forged])
        refused(result, "not one of the choices")
    assert unchanged(before, await world.game(game_id))
    done = await world.forged_select(mover, hand, take["custom_id"], [value])
    assert (await world.game(game_id)).action_count > before.action_count, done


async def test_a_button_key_with_a_leading_zero_is_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)
    seq = (await world.game(game_id)).action_count
    before = await world.game(game_id)
    for key in ("010.0.0", "10.00.0", "10.0.00"):
        result = await world.forged_click(mover, hand, f"fam:do:{game_id}:{seq}:{key}")
        refused(result, "not one of the choices")
    assert unchanged(before, await world.game(game_id))


async def test_a_typed_key_with_a_leading_zero_is_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _a_take_menu)
    key = choices(state, ["take"])[0].value
    before = await world.game(game_id)
    result = await world.slash(mover, "take", card="0" + key)
    refused(result)
    assert unchanged(before, await world.game(game_id))
