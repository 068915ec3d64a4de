"""A server game against the AI whose AI turn was resumed (after a restart, or tried
again after a failure) tells its player that it is their turn: the table changed, but
nobody was mentioned and the hand kept saying "The AI is thinking…" while the player's
turn clock ran."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot.services.ai_games import ai_to_move
from cogs import ai_answers
from db.store import Store
from engine.famiglia import GameState
from engine.famiglia.actions import Action, from_key
from tests.ai_bot.ai_play import PASS, channel_game
from tests.simcord_world import World, fresh


def _pass(state: GameState) -> Action:
    action = from_key(state.legal_keys()[-1])
    assert action.type == "pass"
    return action


def _mentions(world: World, before: set[int]) -> list[str]:
    return [
        m.content
        for m in world.messages()
        if m.id not in before and world.alice.mention in m.content
    ]


async def test_a_restart_before_the_ais_turn_ends_pings_the_player_after_it(world: World) -> None:
    game_id = await channel_game(world)
    action = _pass(await world.state(game_id))
    await world.bot.service.play(game_id, world.alice.id, None, lambda s: [action])  # no AI yet
    assert ai_to_move(await world.game(game_id), await world.state(game_id))
    before = {m.id for m in world.messages()}
    await world.restart()
    await world.env.settle()
    game, state = await world.game(game_id), await world.state(game_id)
    assert game.is_open and not ai_to_move(game, state)
    told = _mentions(world, before)
    assert len(told) == 1 and "your turn" in told[0], told


@pytest.mark.simcord(settle_timeout=120, check_errors=False)
async def test_an_ai_turn_tried_again_refreshes_the_waiting_hand(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await channel_game(world)
    real = Store.commit_move
    failed: list[int] = []

    async def fails_once(self: Store, gid: int, **kw: Any) -> Any:
        if kw.get("actor") == 0 and not failed:  # the AI's first write
            failed.append(gid)
            raise sqlite3.OperationalError("database is locked")
        return await real(self, gid, **kw)

    monkeypatch.setattr(Store, "commit_move", fails_once)
    monkeypatch.setattr(ai_answers, "retry_pause", lambda failures: 1.0)
    hand = await world.open_hand(world.alice, game_id)
    await world.alice.click(hand, label=PASS)
    await world.env.advance_time(2)
    assert failed and (await world.state(game_id)).current == 0
    shown = fresh(world, hand).content
    assert "thinking" not in shown and "Your turn." in shown, shown


async def test_the_players_ping_goes_once_they_have_moved(world: World) -> None:
    game_id = await channel_game(world)
    await world.restart()  # the player to move: pinged anew
    await world.env.settle()
    before: set[int] = set()
    assert len(_mentions(world, before)) == 1
    hand = await world.open_hand(world.alice, game_id)
    await world.alice.click(hand, label=PASS)
    await world.env.settle()
    assert (await world.state(game_id)).current == 0  # the AI moved: the hand says so
    assert _mentions(world, before) == [], "the ping of a turn played stayed"


@pytest.mark.simcord(settle_timeout=120, check_errors=False)
async def test_an_ai_turn_tried_again_after_the_hand_expired_pings_the_player(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database away for longer than a hand's 15 minutes: the hand can no longer be
    edited, so the player is pinged instead."""
    game_id = await channel_game(world)
    real = Store.commit_move
    failed: list[int] = []

    async def fails_once(self: Store, gid: int, **kw: Any) -> Any:
        if kw.get("actor") == 0 and not failed:
            failed.append(gid)
            raise sqlite3.OperationalError("database is locked")
        return await real(self, gid, **kw)

    monkeypatch.setattr(Store, "commit_move", fails_once)
    monkeypatch.setattr(ai_answers, "retry_pause", lambda failures: 16 * 60.0)
    hand = await world.open_hand(world.alice, game_id)
    await world.alice.click(hand, label=PASS)
    before = {m.id for m in world.messages()}
    await world.env.advance_time(16 * 60 + 1)
    assert failed and (await world.state(game_id)).current == 0
    told = _mentions(world, before)
    assert len(told) == 1 and "your turn" in told[0], told
