"""Play-test, round 3: a hostile tester's findings, each a path a user can take.

Hand-typed option values that look like action keys but name no card, a solo game
whose DM table Discord would not take, a forfeit question that named a DM as a server
channel, a challenge whose message could not be read back, and two ``/famiglia solo``
sent at once. Every refusal is private, clear, and changes nothing; nothing saved is
lost or denied.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from reliability.simdrive import Driver

from bot.services.choices import choices
from engine.famiglia import GameState
from engine.famiglia.actions import Pass

from .fixtures import bot_seed, simcord_bot  # noqa: F401  (commands synced for DMs too)
from .harness import World, play_until

ANSWER = "/interactions/*/callback"
GENERIC = "Something went wrong"


def refused(result: Any, *words: str) -> str:
    assert result.ephemeral and result.response is not None, result
    text = result.response.content
    assert all(word in text for word in words), text
    assert GENERIC not in text, text
    return text


def unchanged(before: Any, after: Any) -> bool:
    return (before.version, before.state_json) == (after.version, after.state_json)


async def who_moves(world: World, game_id: int):
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    return mover, await world.player(game_id, 1 - state.current)


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


# --------------------------------------------------- option values naming no card
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


# ------------------------------------------------------ a solo table not posted
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


# -------------------------------------------------------------- misleading words
async def test_a_solo_forfeit_asked_in_a_server_names_our_dms(world: World):
    """A solo game started from a server keeps the server's id but lives in the DM:
    the question must not show the DM as a channel mention (#unknown)."""
    await world.slash(world.alice, "solo", level=2, first="you")
    asked = await world.slash(world.alice, "forfeit")
    text = refused(asked, "Give up game", "in our DMs")
    assert "<#" not in text


async def test_a_challenge_whose_message_was_not_read_back_stands_and_says_nothing_false(
    world: World,
):
    """The challenge was shown; only reading its message back failed. No "nothing was
    changed" may follow, and the shown message is the table Accept turns into."""
    world.env.inject_error("GET", "/webhooks/*", status=500)
    answer = await world.slash(world.alice, "start", opponent=world.bob)
    assert not answer.ephemeral and "challenges you" in answer.response.content
    assert not [f for f in answer.followups if GENERIC in f.content]
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None and game.table_message_id == answer.response.id
    await world.bob.click(answer.response, label="Accept")
    assert (await world.game(game.id)).table_message_id == answer.response.id
    labels = [c.get("label") for c in world.components(await world.table(game.id))]
    assert labels == ["Show my hand", "Rules", "Forfeit"]


# ------------------------------------------------------------------ at one moment
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


async def test_board_at_the_moment_of_a_move_leaves_one_live_table(world: World):
    """/famiglia board and a move at once: the old table must end as the link to the new
    one, and the new one must show the move, not an old position with live buttons."""
    game_id = await world.start_game(world.alice, world.bob)

    def a_pass_goes_on(state: GameState) -> bool:
        run = state.copy()
        run.apply(Pass())
        return not run.over

    for first_the_move in (True, False):
        mover, state = await play_until(world, game_id, a_pass_goes_on)
        waiting = await world.player(game_id, 1 - state.current)
        before = await world.game(game_id)
        old = before.table_message_id
        hand = await world.open_hand(mover, game_id)
        pass_id = next(p["custom_id"] for p in world.components(hand)
                       if p.get("label") == "Pass (take nothing)")  # fmt: skip
        drv = Driver(world.env)
        message = drv.message(world.channel.id, hand.id)
        if first_the_move:  # the order they reach the bot in
            sent = [drv.click(mover, message, pass_id)]
            sent.append(drv.slash(waiting, world.channel.id, "famiglia board"))
        else:
            sent = [drv.slash(waiting, world.channel.id, "famiglia board")]
            sent.append(drv.click(mover, message, pass_id))
        for s in sent:
            await drv.answer(s)
        await drv.quiet()
        game = await world.game(game_id)
        assert game.action_count == before.action_count + 1
        live = [m for m in world.messages() if world.components(m)]
        assert [m.id for m in live] == [game.table_message_id], [m.content for m in live]
        assert "moved here" in world.message(old).content
        ids = [c.get("custom_id", "") for c in world.components(live[0])]
        assert f"fam:hand:{game_id}:{game.action_count}" in ids, ids
