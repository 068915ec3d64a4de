"""A message Discord does not answer in time (a TimeoutError, not an HTTP error) after a
committed change: the change stands and is shown later, whoever comes next is still
played or told, the user is never told that nothing changed, a restart still loads
every game, and one game's notice failing costs no other game its own."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cogs.family_business.lobby_flows as lobby_flows
from tests.fb_play import FB, WINDOW, fb, leave_game, lobby_with, member, started, state_of
from tests.simcord_world import World


async def _windows_closed(world: World, game_id: int) -> None:
    while FB.window_open(await state_of(world, game_id)):
        await world.env.advance_time(WINDOW + 1)


async def test_a_timed_out_turn_whose_notice_times_out_is_still_played_by_the_ai(
    world: World, send_times_out: list[str]
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    await _windows_closed(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    seat = FB.game.awaiting(state)[0]
    assert game.deadline is not None
    send_times_out.append("time ran out")
    await world.env.advance_time((game.deadline - world.env.now()).total_seconds() + 1)
    assert not send_times_out, "the notice was not tried"
    assert (await world.game(game_id)).seats[seat].played_by_ai  # the timeout stands
    await world.env.advance_time(60)
    game, state = await world.game(game_id), await state_of(world, game_id)
    waiting_for = [s for s in FB.game.awaiting(state) if not FB.window_open(state)]
    assert game.status != "active" or all(not game.seats[s].played_by_ai for s in waiting_for), (
        "the game still waits for the AI seat it handed the gang to"
    )


async def test_a_typed_play_whose_next_turn_mention_times_out_is_never_called_unchanged(
    world: World, send_times_out: list[str]
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    rng = random.Random(3)
    for _ in range(60):
        await _windows_closed(world, game_id)
        game, state = await world.game(game_id), await state_of(world, game_id)
        who = member(world, game.players[FB.game.awaiting(state)[0]])
        offered = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
        discards = [o["value"] for o in offered if '"kind":"discard"' in o["value"]]
        if not discards:  # a play: go on until a discard ends a turn at once
            await fb(world, who, "play", decision=rng.choice(offered)["value"])
            continue
        send_times_out.append("your turn in Family Business")
        result = await fb(world, who, "play", decision=discards[0])
        assert not send_times_out, "the next person's mention was not tried"
        assert (await world.game(game_id)).action_count > game.action_count  # saved
        told = [m.content for m in result.followups]
        told += [m.content for m in world.messages(viewer=who) if m.content]
        assert not any("nothing was changed" in t for t in told), told[-3:]
        await world.env.advance_time(20)  # the repair's first pause (15 s)
        state = await state_of(world, game_id)
        mover = game.players[FB.game.awaiting(state)[0]]
        assert any(f"<@{mover}>, your turn" in m.content for m in world.messages())
        return
    raise AssertionError("no discard came up")


async def test_a_mention_timing_out_at_start_up_still_loads_family_business(
    world: World, send_times_out: list[str]
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    await _windows_closed(world, game_id)
    send_times_out.append("your turn in Family Business")
    await world.restart()
    assert not send_times_out, "no mention was tried at start-up"
    assert "cogs.family_business" in world.bot.extensions
    await world.env.advance_time(20)  # the repair tells the turn
    state = await state_of(world, game_id)
    mover = (await world.game(game_id)).players[FB.game.awaiting(state)[0]]
    assert any(f"<@{mover}>, your turn" in m.content for m in world.messages())


async def test_one_reminder_timing_out_costs_no_other_game_its_reminder(
    world: World, send_times_out: list[str]
) -> None:
    other = world.guild.create_text_channel("second")
    dave = world.guild.add_member(world.env.create_user("dave", global_name="Dave"))
    first = await world.start_game(world.alice, world.bob)
    await world.carol.slash(other, "famiglia start", opponent=dave)
    second = await world.bot.store.active_game_in_channel(other.id)
    assert second is not None
    challenge = next(
        m for m in other.history() if any(c.get("label") == "Accept" for c in World.components(m))
    )
    await dave.click(challenge, label="Accept")
    assert (await world.game(first)).status == (await world.game(second.id)).status == "active"
    send_times_out.append("it is still your turn")
    await world.env.advance_time(world.config.turn_timeout.total_seconds() / 2 + 5)
    assert not send_times_out, "no reminder was tried"
    reminded = [
        len([m for m in channel.history() if "it is still your turn" in (m.content or "")])
        for channel in (world.channel, other)
    ]
    # each game reminded once: the reminder that got no answer was sent again at once
    # (with its nonce, so Discord would not post it twice)
    assert reminded == [1, 1]


async def test_leaving_a_lobby_is_never_called_unchanged(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await lobby_with(world, [world.alice, world.bob], ai=0)

    async def times_out(*args: Any, **kwargs: Any) -> bool:
        raise TimeoutError("the store did not answer in time")

    monkeypatch.setattr(lobby_flows, "edit_in_place", times_out)
    result = await leave_game(world, world.bob)
    game = await world.game(game_id)
    assert game.seat_of(world.bob.id) is None  # the leave is committed
    told = [result.response.content or ""] + [m.content or "" for m in result.followups]
    assert not any("nothing was changed" in t for t in told), told
