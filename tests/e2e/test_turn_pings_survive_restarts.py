"""At most one "your turn" ping of a game stays in its channel, and none once it is
over, across restarts too: a restart announces the turn anew and deletes the ping of
before it (which was known only in memory: it stayed for good, its deadline reading
"3 days ago", and a server game against the AI gathered one ping per restart)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from tests.gateway_tricks import nonces_kept_across_restarts
from tests.simcord_world import World, play_by_buttons


def _pings(world: World, what: str) -> list[str]:
    return [m.content for m in world.messages() if f"your turn in {what}" in m.content]


async def test_no_turn_ping_outlives_a_restart_or_the_game(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    assert len(_pings(world, "Famiglia")) == 1
    await world.restart()
    assert len(_pings(world, "Famiglia")) == 1, _pings(world, "Famiglia")
    await play_by_buttons(world, game_id)
    assert _pings(world, "Famiglia") == []


async def test_a_server_game_against_the_ai_keeps_one_ping_over_restarts(world: World) -> None:
    await world.slash(world.alice, "ai", strength="easy", first="you")
    await world.restart()
    await world.restart()
    assert len(_pings(world, "the game against the AI")) == 1


def _reminders(world: World) -> list[str]:
    return [m.content for m in world.messages() if "still your turn" in m.content]


async def test_the_reminder_takes_the_turn_pings_place_and_goes_with_the_game(
    world: World,
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    await world.env.advance_time(world.config.turn_timeout.total_seconds() / 2 + 5)
    assert len(_reminders(world)) == 1
    assert _pings(world, "Famiglia") == _reminders(world), "the turn ping stayed beside it"
    await world.restart()
    assert len(_pings(world, "Famiglia")) == 1, _pings(world, "Famiglia")
    await play_by_buttons(world, game_id)
    assert _pings(world, "Famiglia") == [], "a reminder outlived its game"


async def test_a_server_game_against_the_ai_keeps_no_reminder_after_its_turn(
    world: World,
) -> None:
    await world.slash(world.alice, "ai", strength="easy", first="you")
    await world.env.advance_time(world.config.turn_timeout.total_seconds() / 2 + 5)
    assert len(_reminders(world)) == 1
    assert len(_pings(world, "the game against the AI")) == 0  # the reminder replaced it
    await world.env.advance_time(world.config.turn_timeout.total_seconds())
    assert _reminders(world) == [], "the reminder of a lost game stayed"


async def test_a_ping_whose_delete_failed_at_the_end_goes_at_the_next_start(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    real = discord.PartialMessage.delete
    failing = [True]  # Discord away while the game ends

    async def delete(self: discord.PartialMessage, **kwargs: Any) -> None:
        if failing[0]:
            response = SimpleNamespace(status=503, reason="injected")
            raise discord.HTTPException(response, "Discord was away")  # type: ignore[arg-type]
        await real(self, **kwargs)

    monkeypatch.setattr(discord.PartialMessage, "delete", delete)
    asked = await world.slash(world.alice, "forfeit")
    await world.alice.click(asked.response, label="Yes, give up this game")
    assert (await world.game(game_id)).status == "forfeited"
    assert len(_pings(world, "Famiglia")) == 1  # its delete failed
    failing[0] = False
    await world.restart()
    await world.env.settle()
    assert _pings(world, "Famiglia") == [], "a ping outlived its game for good"


async def test_a_reminder_that_could_not_be_sent_leaves_the_turns_ping(
    world: World, send_times_out: list[str]
) -> None:
    await world.start_game(world.alice, world.bob)
    send_times_out.append("⏰")
    await world.env.advance_time(world.config.turn_timeout.total_seconds() / 2 + 5)
    assert send_times_out == []  # the reminder was tried, and Discord did not answer
    assert len(_pings(world, "Famiglia")) == 1, "neither the ping nor a reminder is left"


async def test_a_quick_restart_keeps_the_turn_ping_discord_answers_with(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart within minutes pings the same turn with the same nonce, and Discord
    answers with the ping of before: it was then deleted as a ping before the new one,
    and the player was left with none."""
    again = nonces_kept_across_restarts(world, monkeypatch)
    await world.start_game(world.alice, world.bob)
    await world.env.advance_time(30)
    await world.restart()
    await world.env.settle()
    assert again, "the restart did not ping the turn again"
    assert len(_pings(world, "Famiglia")) == 1, "the restart deleted the turn ping"
