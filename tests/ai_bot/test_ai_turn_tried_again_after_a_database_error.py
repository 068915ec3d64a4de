"""A game against the AI whose AI decision could not be committed once (SQLite busy
past its timeout, PostgreSQL briefly away) goes on: the AI tries again after a pause.
Its turn has no deadline; the failed turn used to be logged and dropped, the table
saying "The AI is thinking…" until a restart or /famiglia board."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot.services.ai_games import ai_to_move
from cogs import ai_answers
from db.store import Store
from tests.simcord_world import World

PASS = "Pass (take nothing)"


@pytest.mark.simcord(settle_timeout=120, check_errors=False)
async def test_the_ai_moves_after_its_commit_failed_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await world.slash(world.alice, "ai", strength="easy", first="you")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    real = Store.commit_move
    failed: list[int] = []

    async def flaky(self: Store, game_id: int, **kw: Any) -> Any:
        if kw.get("actor") == 0 and not failed:
            failed.append(game_id)
            raise sqlite3.OperationalError("database is locked")
        return await real(self, game_id, **kw)

    monkeypatch.setattr(Store, "commit_move", flaky)
    pauses: list[int] = []
    monkeypatch.setattr(ai_answers, "retry_pause", lambda failures: pauses.append(failures) or 1.0)
    hand = await world.open_hand(world.alice, game.id)
    await world.alice.click(hand, label=PASS)
    assert failed, "the AI's commit was not tried"
    await world.env.advance_time(2)
    assert pauses == [1]  # paused once (30 s in play, doubling), then tried again
    now = await world.game(game.id)
    assert now.status != "active" or not ai_to_move(now, await world.state(game.id))


@pytest.mark.simcord(settle_timeout=120, check_errors=False)
async def test_a_table_the_ai_could_not_show_is_drawn_when_it_tries_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The AI moved, then showing its move failed (the store briefly away): the retry
    finds nothing to play and used to stop there, the table still saying the AI thinks."""
    await world.slash(world.alice, "ai", strength="easy", first="you")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    flows = world.bot.flows
    real = flows.update_table
    failed: list[int] = []

    async def flaky(row: Any, state: Any) -> None:
        if row.action_count > 1 and not failed:  # after the AI's move
            failed.append(row.action_count)
            raise sqlite3.OperationalError("database is locked")
        await real(row, state)

    monkeypatch.setattr(flows, "update_table", flaky)
    monkeypatch.setattr(ai_answers, "retry_pause", lambda failures: 1.0)
    hand = await world.open_hand(world.alice, game.id)
    await world.alice.click(hand, label=PASS)
    await world.env.advance_time(2)
    assert failed
    table = await world.table(game.id)
    text = " ".join(str(e.to_dict()) for e in table.embeds)
    assert "thinking" not in text.lower(), text
