"""Starting a solo game when Discord fails or the player sends twice: a saved game is
never called unchanged, always gets its table, and only the game started is announced;
its forfeit question, asked in a server, names our DMs.
"""

from __future__ import annotations

from typing import Any

import discord

from tests.answers import refused
from tests.interaction_flood import Driver
from tests.simcord_world import World

ANSWER = "/interactions/*/callback"


def fail_post(world: World, channel_id: int, nth: int) -> list[int]:
    """Make the bot's ``nth`` message posted to ``channel_id`` fail with a 500."""
    http = world.bot.http
    original = http.request
    seen = [0]

    async def request(route: Any, **kwargs: Any) -> Any:
        if (
            route.method == "POST"
            and route.path == "/channels/{channel_id}/messages"
            and (route.channel_id == channel_id)
        ):
            seen[0] += 1
            if seen[0] == nth:
                raise discord.HTTPException(
                    type("Response", (), {"status": 500, "reason": "injected"})(), "injected"
                )
        return await original(route, **kwargs)

    http.request = request  # type: ignore[method-assign]
    return seen


async def test_a_solo_game_whose_dm_table_failed_is_not_called_unchanged(world: World):
    """The game is saved before its table is posted in the DM: when that post fails the
    player must not read "nothing was changed" and then be refused a new game."""
    dm = world.alice.user.dm_channel
    fail_post(world, dm.id, nth=2)  # the greeting goes through, the table does not
    answer = await world.slash(world.alice, "solo", level=2, first="you")
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert game is not None
    text = refused(answer, f"#{game.id}", "/famiglia resume")
    assert "nothing was changed" not in text
    back = await world.slash(world.alice, "resume")
    assert "back at the bottom of our DMs" in back.response.content
    game = await world.game(game.id)
    table = next(m for m in dm.history() if m.id == game.table_message_id)
    assert any(p.get("custom_id", "").startswith("fam:") for p in world.components(table))


async def test_a_solo_game_started_in_dms_whose_answer_failed_still_gets_its_table(
    world: World,
):
    world.env.inject_error("POST", ANSWER, status=500)
    await world.alice.user.slash("famiglia solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert game is not None and game.table_message_id is not None
    dm = world.alice.user.dm_channel
    table = next(m for m in dm.history() if m.id == game.table_message_id)
    pass_id = next(p["custom_id"] for p in world.components(table)
                   if p.get("label") == "Pass (take nothing)")  # fmt: skip
    moved = await world.alice.user.click(table, custom_id=pass_id)
    assert not moved.ephemeral and (await world.game(game.id)).action_count > game.action_count


async def test_a_solo_forfeit_asked_in_a_server_names_our_dms(world: World):
    """A solo game started from a server keeps the server's id but lives in the DM:
    the question must not show the DM as a channel mention (#unknown)."""
    await world.slash(world.alice, "solo", level=2, first="you")
    asked = await world.slash(world.alice, "forfeit")
    text = refused(asked, "Give up game", "in our DMs")
    assert "<#" not in text


async def test_two_solo_commands_at_once_announce_only_the_game_started(world: World):
    """A double submit of /famiglia solo: one game starts, and the DM must not greet a
    second game (another level) that never starts."""
    drv = Driver(world.env)
    sent = [drv.slash(world.alice, world.channel.id, "famiglia solo", level=level)
            for level in (2, 3)]  # fmt: skip
    for s in sent:
        await drv.answer(s)
    await drv.quiet()
    [game] = await world.bot.store.active_games()
    greetings = [m.content for m in world.alice.user.dm_channel.history() if "🎲" in m.content]
    assert greetings == ["🎲 Your solo game against the robot gangster, level 2a:"], greetings
    texts = [str(getattr(drv.answer_message(s), "content", "")) for s in sent]
    assert f"solo game #{game.id} is waiting" in texts[0], texts
    assert "already have a solo game running" in texts[1], texts
