"""Crafted custom ids (issue 14, item 7): a control's id names a game, and a click is
refused unless it comes from that game's channel and server, for that kind of game,
by one of its players. Ids keep their formats, so the real buttons keep working."""

from __future__ import annotations

import pytest

from db.rows import ROBOT
from engine.famiglia import new_game
from tests.answers import refused, unchanged
from tests.fb_play import FB, member, state_of, until_window
from tests.fb_play import started as fb_started
from tests.simcord_world import World


@pytest.fixture
def bot_seed() -> int:
    return 3


async def finished_game(world: World) -> int:
    game_id = await world.start_game(world.alice, world.bob)
    asked = await world.slash(world.bob, "forfeit")
    await world.bob.click(asked.response, label="Yes, give up this game")
    assert (await world.game(game_id)).status == "forfeited"
    return game_id


async def test_a_rematch_id_pressed_in_another_server_is_refused(world: World):
    """It used to block the old server's channel, ping there, and record the result on
    the other server's leaderboard."""
    game_id = await finished_game(world)
    other = world.env.create_guild("Elsewhere")
    elsewhere = other.create_text_channel("games")
    alice = other.add_member(world.alice.user)
    carol = other.add_member(world.carol.user)
    home = world.channel
    world.channel = elsewhere
    challenge = await world.challenge(carol, alice)  # a message over there
    message = await world.table(challenge)
    world.channel = home
    pings = len(world.messages())
    text = refused(
        await world.forged_click(alice, message, f"fam:rematch:{game_id}", other),
        "another channel",
    )
    assert "nothing was done" in text
    assert await world.bot.store.active_game_in_channel(home.id) is None
    assert len(world.messages()) == pings  # nobody pinged at home


async def test_a_rematch_id_of_a_game_against_the_ai_is_refused(world: World):
    """It used to challenge user 0 and end in an error."""
    state = new_game(4, mode="duel", first=0)
    ai = await world.bot.store.create_game(
        mode="ai", guild_id=world.guild.id, channel_id=world.channel.id,
        players=(world.alice.id, ROBOT), seed=4, state_json=state.to_json(),
        status="active", options={"strength": "easy", "first": 0},
    )  # fmt: skip
    await world.bot.store.set_status(
        ai.id, expected_version=ai.version, status="forfeited", deadline=None
    )
    game_id = await world.challenge(world.bob, world.carol)
    message = await world.table(game_id)
    refused(
        await world.forged_click(world.alice, message, f"fam:rematch:{ai.id}"),
        "kind of game",
    )
    assert [g.id for g in await world.bot.store.active_games()] == [game_id]


async def test_the_solo_forfeit_id_on_a_two_player_game_is_refused(world: World):
    """It used to forfeit the game and draw its table as a solo game."""
    game_id = await world.start_game(world.alice, world.bob)
    table = await world.table(game_id)
    before = await world.game(game_id)
    for custom_id in (f"fam:sff:{game_id}:0", f"fam:sgu:{game_id}:{before.action_count}"):
        for who in (world.alice, world.bob):
            refused(await world.forged_click(who, table, custom_id), "kind of game")
    assert unchanged(before, await world.game(game_id))


async def test_ids_naming_a_game_of_another_channel_are_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    seq = (await world.game(game_id)).action_count
    home = world.channel
    world.channel = world.guild.create_text_channel("next-door")
    other = await world.challenge(world.alice, world.bob)
    message = await world.table(other)
    before = await world.game(game_id)
    for custom_id in (
        f"fam:hand:{game_id}:{seq}",
        f"fam:forfeit:{game_id}:{seq}",
        f"fam:giveup:{game_id}:{seq}",
        f"fam:do:{game_id}:{seq}:10.0.0",
        f"fam:accept:{game_id}",
        f"fam:rematch:{game_id}",
    ):
        for who in (world.alice, world.bob):
            refused(await world.forged_click(who, message, custom_id), "another channel")
    assert unchanged(before, await world.game(game_id))
    world.channel = home
    assert (await world.game(other)).status == "challenge"


async def test_the_real_buttons_keep_working_in_their_own_channel(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)  # fam:hand on the table
    await mover.click(hand, label="Pass (take nothing)")  # fam:do on the private hand
    assert (await world.game(game_id)).action_count == 1


async def test_ids_whose_numbers_only_look_like_the_real_ones_name_nothing(world: World):
    # a control's numbers are matched completely: a leading zero or digits other than
    # ASCII (Arabic-Indic, fullwidth) are not the game's id, whatever int() would read
    game_id = await world.start_game(world.alice, world.bob)
    seq = (await world.game(game_id)).action_count
    message = await world.table(game_id)
    before = await world.game(game_id)
    arabic = "".join(chr(0x0660 + int(d)) for d in str(game_id))
    fullwidth = "".join(chr(0xFF10 + int(d)) for d in str(game_id))
    for custom_id in (
        f"fam:hand:0{game_id}:{seq}",
        f"fam:hand:{arabic}:{seq}",
        f"fam:hand:{fullwidth}:{seq}",
        f"fam:forfeit:{game_id}:0{seq}",
    ):
        answer = refused(await world.forged_click(world.alice, message, custom_id), "older")
        assert "/famiglia board" in answer
    assert unchanged(before, await world.game(game_id))

    world.channel = world.guild.create_text_channel("family-business")
    fb_game = await fb_started(world, [world.alice, world.bob, world.carol])
    await until_window(world, fb_game)
    game, state = await world.game(fb_game), await state_of(world, fb_game)
    responder = member(world, game.players[FB.game.awaiting(state)[0]])
    table = await world.table(fb_game)
    turn = state.turn
    for custom_id in (f"fb:ans:0{fb_game}:{turn}:none", f"fb:ans:{fb_game}:0{turn}:none"):
        answer = refused(await world.forged_click(responder, table, custom_id), "older")
        assert "/familybusiness board" in answer
    assert (await world.game(fb_game)).version == game.version
