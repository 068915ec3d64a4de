"""Nothing in the channel changes while a counter window is open (RULING R31: nobody
learns who has answered): not when an answer's write could not be confirmed and the
tables' repair shows the game again (it edited the table 15 s later), and not when a
turn ping kept after a failed delete is retried (it vanished at the first answer). A
table whose edit failed as the window opened is still repaired within the window, and a
showing of the turn before that comes late (skipped as older) changes none of that."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.render.family_business.table import COLOUR_WINDOW
from tests.fb_play import (
    FB,
    GAME,
    answer_window,
    member,
    started,
    state_of,
    table_of,
    until_window,
    window_of_three,
)
from tests.simcord_world import World
from tests.store_failures import nobody_can_tell


def _edits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ids of the messages the bot edits from now on."""
    edits: list[int] = []
    real_edit = discord.PartialMessage.edit

    async def edit(self: discord.PartialMessage, **kw: Any) -> Any:
        edits.append(self.id)
        return await real_edit(self, **kw)

    monkeypatch.setattr(discord.PartialMessage, "edit", edit)
    return edits


@pytest.mark.parametrize("landed", [True, False])
@pytest.mark.simcord(check_errors=False)
async def test_an_answer_nobody_could_confirm_edits_no_table_while_the_window_is_open(
    world: World, monkeypatch: pytest.MonkeyPatch, landed: bool
) -> None:
    game_id, _, state, _, first = await window_of_three(world)
    assert len(FB.game.awaiting(state)) >= 2
    table_id = (await world.game(game_id)).table_message_id
    edits = _edits(monkeypatch)
    dropped = nobody_can_tell(monkeypatch, committed=landed)
    await answer_window(world, first, game_id, counter=False)
    assert dropped and FB.window_open(await state_of(world, game_id))
    await world.env.advance_time(16)  # the repair's first look; the window (60 s) still open
    assert FB.window_open(await state_of(world, game_id))
    assert table_id not in edits, "the table was edited while the window stayed open"


@pytest.mark.simcord(check_errors=False)
async def test_an_answer_inside_a_window_deletes_no_message(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = discord.PartialMessage.delete
    failing = [True]
    deleted: list[int] = []
    watched: list[int] = []

    async def delete(self: discord.PartialMessage, **kw: Any) -> None:
        in_window = bool(watched) and FB.window_open(await state_of(world, watched[0]))
        if failing[0] and in_window:  # the drop at the window's opening fails
            response = SimpleNamespace(status=503, reason="injected")
            raise discord.HTTPException(response, "Discord was away")  # type: ignore[arg-type]
        deleted.append(self.id)
        await real(self, **kw)

    monkeypatch.setattr(discord.PartialMessage, "delete", delete)
    game_id = await started(world, [world.alice, world.bob, world.carol])
    watched.append(game_id)
    await until_window(world, game_id)  # the turn ping's delete failed: it is kept
    failing[0] = False  # Discord is back
    deleted.clear()
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert len(FB.game.awaiting(state)) >= 2
    first = member(world, game.players[FB.game.awaiting(state)[0]])
    await answer_window(world, first, game_id, counter=False)
    assert FB.window_open(await state_of(world, game_id))
    assert deleted == [], "a message vanished from the channel at an answer inside the window"


def colour(message: Any) -> int | None:
    embeds = message.embeds if hasattr(message, "embeds") else message.message.embeds
    return embeds[0].colour.value if embeds and embeds[0].colour else None


@pytest.mark.simcord(check_errors=False)
async def test_a_table_whose_edit_failed_as_its_window_opened_is_repaired_in_the_window(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = discord.PartialMessage.edit
    watched: list[int] = []
    failed: list[int] = []

    async def edit(self: discord.PartialMessage, **kw: Any) -> Any:
        if watched and not failed:
            game = await world.game(watched[0])
            if self.id == game.table_message_id and FB.window_open(
                await state_of(world, watched[0])
            ):
                failed.append(self.id)
                raise TimeoutError("Discord did not answer")
        return await real(self, **kw)

    monkeypatch.setattr(discord.PartialMessage, "edit", edit)
    game_id = await started(world, [world.alice, world.bob, world.carol])
    watched.append(game_id)
    await until_window(world, game_id)
    assert failed, "the table edit at the window's opening was not failed"
    assert colour(await table_of(world, game_id)) != COLOUR_WINDOW.value  # behind
    await world.env.advance_time(16)  # the repair's first look; the window (60 s) open
    assert FB.window_open(await state_of(world, game_id))
    assert colour(await table_of(world, game_id)) == COLOUR_WINDOW.value, (
        "the repaired table does not show the open window (it shows the turn before)"
    )


@pytest.mark.parametrize("late", [False, True])
@pytest.mark.simcord(check_errors=False)
async def test_a_late_showing_of_the_turn_before_lets_no_answer_edit_the_table(
    world: World, monkeypatch: pytest.MonkeyPatch, late: bool
) -> None:
    flows = world.bot.family_business
    seen: list[Any] = []
    real_update = flows.update_table

    async def spy(game: Any, state: Any) -> None:
        seen.append(game)
        await real_update(game, state)

    flows.update_table = spy  # type: ignore[method-assign]
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert len(FB.game.awaiting(state)) >= 2
    before = [
        g
        for g in seen
        if g.id == game_id
        and g.version < game.version
        and not FB.window_open(GAME.load_state(g.state_json))
    ][-1]
    # the update of the version before the window lands late (rendered slower)
    if late:
        await real_update(before, GAME.load_state(before.state_json))
    shown = (await table_of(world, game_id)).embeds[0].colour.value
    assert shown == COLOUR_WINDOW.value  # the table still shows the window
    table_id = (await world.game(game_id)).table_message_id

    edits = _edits(monkeypatch)
    dropped = nobody_can_tell(monkeypatch)
    first = member(world, game.players[FB.game.awaiting(state)[0]])
    await answer_window(world, first, game_id, counter=False)
    assert dropped and FB.window_open(await state_of(world, game_id))
    await world.env.advance_time(16)  # the repair's first look; the window still open
    assert FB.window_open(await state_of(world, game_id))
    assert table_id not in edits, (
        "the table was edited at an answer's repair while the window stayed open (R31)"
    )
