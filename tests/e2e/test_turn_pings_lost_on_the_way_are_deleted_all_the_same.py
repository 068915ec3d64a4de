"""A turn ping, or a reminder, that Discord posted but whose answer was lost, or that
the store failed to keep or to let go, is still deleted when its turn is over: each
stayed in the channel for good, naming a player whose turn had long passed."""

from __future__ import annotations

import random

import pytest

from tests.fb_play import a_persons_turn, started, state_of, take_turn_step
from tests.gateway_tricks import answers_lost, fails_once, nonces_kept
from tests.simcord_world import World, click_one_decision, fresh, play_by_buttons
from tests.store_failures import lose_the_next_answer


def _pings(world: World) -> list[str]:
    return [m.content for m in world.messages() if "your turn" in m.content]


async def _mover_plays_the_turn(world: World, game_id: int) -> None:
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)
    for _ in range(20):
        if (await world.state(game_id)).current != state.current:
            return
        await click_one_decision(world, mover, fresh(world, hand), 1)


async def test_a_reminder_whose_answer_was_lost_goes_with_its_turn(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    nonces_kept(world)
    lost = answers_lost(world, "⏰")
    await world.env.advance_time(world.config.turn_timeout.total_seconds() / 2 + 5)
    assert lost and len([p for p in _pings(world) if "⏰" in p]) == 1  # posted once
    await _mover_plays_the_turn(world, game_id)
    assert not any("⏰" in p for p in _pings(world)), _pings(world)
    await play_by_buttons(world, game_id)
    assert _pings(world) == []


async def test_a_turn_ping_whose_answer_was_lost_goes_when_its_player_moves(
    world: World,
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    other = await world.player(game_id, 1 - state.current)
    nonces_kept(world)
    lost = answers_lost(world, f"<@{other.id}>")  # the next turn's ping
    await _mover_plays_the_turn(world, game_id)
    assert lost and len(_pings(world)) == 1
    await _mover_plays_the_turn(world, game_id)  # pinged, the player moves at once
    assert all(f"<@{other.id}>" not in p for p in _pings(world)), _pings(world)
    await play_by_buttons(world, game_id)
    assert _pings(world) == []


@pytest.mark.parametrize("committed", [True, False])
async def test_pings_deleted_while_the_stores_answer_was_lost_are_not_left_behind(
    world: World, monkeypatch: pytest.MonkeyPatch, committed: bool
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    await world.bot.flows.repair.show_stored(game_id)  # the first player pinged
    lost = lose_the_next_answer(monkeypatch, committed=committed, method="turn_pings_deleted")
    await _mover_plays_the_turn(world, game_id)  # the next ping deletes the first
    assert lost
    await play_by_buttons(world, game_id)
    assert _pings(world) == []
    assert await world.bot.store.turn_pings(game_id) == []


async def test_a_ping_the_store_failed_to_keep_is_deleted_with_the_next(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    failed = fails_once(world.bot.store, "turn_ping_sent")
    await _mover_plays_the_turn(world, game_id)
    assert failed and len(_pings(world)) == 1
    await _mover_plays_the_turn(world, game_id)
    assert len(_pings(world)) == 1
    await play_by_buttons(world, game_id)
    assert _pings(world) == []


async def test_a_family_business_reminder_whose_answer_was_lost_goes_with_its_turn(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    game = await world.game(game_id)
    nonces_kept(world)
    lost = answers_lost(world, "⏰")
    assert game.deadline is not None
    await world.env.advance_time((game.deadline - world.env.now()).total_seconds() / 2 + 1)
    assert lost and len(_pings(world)) == 1
    turn, rng = (await state_of(world, game_id)).turn, random.Random(3)
    while (await state_of(world, game_id)).turn == turn:
        await take_turn_step(world, await a_persons_turn(world, game_id), game_id, rng)
    await a_persons_turn(world, game_id)
    assert not any("still your turn" in p for p in _pings(world)), _pings(world)
