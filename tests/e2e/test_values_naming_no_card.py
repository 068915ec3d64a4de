"""Values that look like action keys but name no card — typed into an option or forged
into a select — are refused privately and clearly, and change nothing.
"""

from __future__ import annotations

import logging

from bot.services.choices import choices
from engine.famiglia import GameState
from tests.answers import refused, unchanged
from tests.simcord_world import World, play_until


async def who_moves(world: World, game_id: int):
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    return mover, await world.player(game_id, 1 - state.current)


async def test_a_typed_key_naming_no_card_is_refused_not_an_error(world: World, caplog):
    """``2.20.0`` reads as an action key whose card (kind 20) does not exist: the
    player typed garbage and must be told so, not "something went wrong"."""
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await who_moves(world, game_id)
    before = await world.game(game_id)
    for command, option in (("take", "card"), ("refresh", "card"), ("accountant", "rank"),
                            ("brute", "rank")):  # fmt: skip
        for value in ("2.20.0", "4.99.0"):
            refused(await world.raw(mover, command, **{option: value}))
    caplog.set_level(logging.ERROR)
    assert await world.autocomplete(mover, "accountant", "take", rank=99) == []
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert unchanged(before, await world.game(game_id))


async def test_a_forged_select_value_naming_no_card_gets_an_answer(world: World):
    game_id = await world.start_game(world.alice, world.bob)

    def a_select(state: GameState) -> bool:  # three choices of a kind make a menu
        kinds = [c.action.type for c in choices(state)]
        return any(kinds.count(k) >= 3 for k in kinds)

    mover, _ = await play_until(world, game_id, a_select)
    hand = await world.open_hand(mover, game_id)
    selects = [p for p in world.components(hand) if p.get("type") == 3]
    before = await world.game(game_id)
    result = await world.forged_select(mover, hand, selects[0]["custom_id"], ["2.20.0"])
    refused(result, "not one of the choices")
    assert unchanged(before, await world.game(game_id))
