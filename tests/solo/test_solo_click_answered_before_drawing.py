"""A click on the DM table is answered as soon as the move is saved: drawing the table's
picture (the slowest part of showing it) comes after the answer, so a busy renderer never
makes a click wait, let alone fail; the table then shows both moves."""

from __future__ import annotations

import asyncio
import copy
import random
import threading
from typing import Any

import pytest

import cogs.render.embed
from bot.services.choices import key_text
from engine.famiglia.actions import from_key
from engine.famiglia.policies import greedy_policy
from tests.interaction_flood import Driver, move_controls
from tests.simcord_world import World


@pytest.fixture
def held_drawing(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The table picture is drawn only once the returned event is set."""
    go = threading.Event()
    draw = cogs.render.embed.table_png

    def held(*args: Any) -> bytes:
        assert go.wait(timeout=20), "the picture was never let through"
        return draw(*args)

    monkeypatch.setattr(cogs.render.embed, "table_png", held)
    return go


async def test_a_table_click_is_answered_before_its_picture_is_drawn(
    world: World, held_drawing: threading.Event
):
    user = world.alice.user
    held_drawing.set()  # the start draws the first table
    await user.slash("famiglia solo", level=2, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    drv = Driver(world.env)
    table = drv.message(game.channel_id, game.table_message_id)
    before = copy.deepcopy(table.embeds)  # the stored message is edited in place
    state = await world.state(game.id)
    value = key_text(from_key(greedy_policy(state, random.Random(0))))
    custom_id, option = next((c, v) for c, v in move_controls(table) if value in (c, v) or
                             c.endswith(f":{value}"))  # fmt: skip

    held_drawing.clear()
    sent = (drv.click(user, table, custom_id) if option is None
            else drv.select(user, table, custom_id, [option]))  # fmt: skip
    await drv.answer(sent, timeout=10)  # answered while the picture cannot be drawn

    assert sent.record.response_kind == "deferred_update", sent.describe()
    saved = await world.game(game.id)
    assert saved.action_count > game.action_count  # the move (and the robot's) is saved
    assert drv.message(game.channel_id, game.table_message_id).embeds == before

    held_drawing.set()
    await drv.quiet()
    await asyncio.sleep(0)
    shown = drv.message(game.channel_id, game.table_message_id)
    now = await world.state(game.id)
    assert shown.embeds != before
    offered = {v if v is not None else c.rsplit(":", 1)[1] for c, v in move_controls(shown)}
    assert offered == {key_text(from_key(k)) for k in now.legal_keys()}
