"""A player trying to break the two-player game and the solo game: hands peeked at
before the challenge is accepted, hand-typed options far too long, answers Discord
drops after a move is saved, challenges expired or shown to nobody, several games at
once, controls of an earlier game, rematches pressed together, a deleted table, a move
left half made. Refusals are private and change nothing; what was saved is shown."""

from __future__ import annotations

import discord

from bot.services.choices import choices
from engine.famiglia import GameState
from tests.answers import refused, said, unchanged
from tests.simcord_world import World, controls, play_until

DROPPED = {"status": 404, "code": 10062, "message": "Unknown interaction"}  # a dead token
ANSWER = "/interactions/*/callback"


async def who_moves(world: World, game_id: int):
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    return mover, await world.player(game_id, 1 - state.current)


async def table_seq(world: World, game_id: int) -> int:
    """The action count the public table's buttons were drawn for."""
    ids = [c.get("custom_id", "") for c in world.components(await world.table(game_id))]
    return int(next(i for i in ids if i.startswith("fam:hand:")).rsplit(":", 1)[1])


# ------------------------------------------------------------------- challenges
async def test_no_hand_is_shown_before_the_challenge_is_accepted(world: World):
    """The cards are dealt with the challenge: a peek would let the challenged player
    decline a poor hand (and the challenger cancel one) and try for another deal."""
    game_id = await world.challenge(world.alice, world.bob)
    for who in (world.bob, world.alice):
        answer = await world.slash(who, "hand")
        refused(answer, "not started")
        assert not answer.response.embeds
    await world.bob.click(await world.table(game_id), label="Accept")
    assert (await world.slash(world.bob, "hand")).response.embeds[0].title.startswith("Your hand")


async def test_an_expired_challenge_whose_buttons_stayed_cannot_be_accepted(world: World):
    game_id = await world.challenge(world.alice, world.bob)
    message = await world.table(game_id)
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=500)  # the edit fails
    await world.env.advance_time(10 * 60 + 1)
    assert (await world.game(game_id)).status == "expired"
    assert "Accept" in [c.get("label") for c in world.components(await world.table(game_id))]
    refused(await world.bob.click(message, label="Accept"), "no longer open")
    assert (await world.game(game_id)).status == "expired"
    await world.challenge(world.alice, world.bob)  # the channel is free


async def test_a_challenge_discord_did_not_show_does_not_hold_the_channel(world: World):
    world.env.inject_error("POST", ANSWER, status=500)
    answer = await world.slash(world.alice, "start", opponent=world.bob)
    assert answer.ephemeral and "went wrong on our side" in said(answer)  # the failure, told
    assert [type(e.__cause__) for e in world.env.errors] == [discord.HTTPException]
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None
    await world.challenge(world.alice, world.bob)  # trying again works at once


async def test_the_challenged_player_may_play_elsewhere_and_commands_find_their_game(
    world: World,
):
    first = await world.challenge(world.alice, world.bob)
    other = world.guild.create_text_channel("other")
    third = world.guild.create_text_channel("third")
    answer = await world.bob.slash(other, "famiglia start", opponent=world.carol)
    await world.carol.click(answer.response, label="Accept")
    second = (await world.bot.store.active_game_in_channel(other.id)).id
    await world.bob.click(await world.table(first), label="Accept")
    assert (await world.game(first)).status == "active"

    before = [await world.game(g) for g in (first, second)]
    refused(await world.bob.slash(third, "famiglia pass"), "several games")
    refused(await world.bob.slash(third, "famiglia hand"), "several games")
    for game in before:
        assert unchanged(game, await world.game(game.id))
    for game_id, channel in ((first, world.channel), (second, other)):
        mover, _ = await who_moves(world, game_id)
        count = (await world.game(game_id)).action_count
        assert "passes" in (await mover.slash(channel, "famiglia pass")).response.content
        assert (await world.game(game_id)).action_count == count + 1


async def test_a_forfeit_asked_away_from_the_game_names_the_game_first(world: World):
    """/famiglia forfeit finds a player's only game from any channel: the confirmation
    says which game (number, opponent, channel) before anything is given up."""
    game_id = await world.start_game(world.alice, world.bob)
    elsewhere = world.guild.create_text_channel("elsewhere")
    asked = await world.alice.slash(elsewhere, "famiglia forfeit")
    text = asked.response.content
    assert f"#{game_id}" in text and "Bob" in text and f"<#{world.channel.id}>" in text
    assert (await world.game(game_id)).status == "active"


# ---------------------------------------------------------------------- options
async def test_an_option_typed_far_too_long_gets_a_short_clear_refusal(world: World):
    """A string option may hold 6,000 characters; the refusal repeats only the start
    (a message holds 2,000, and the user must not get a generic error instead)."""
    game_id = await world.start_game(world.alice, world.bob)

    def exchange_possible(state: GameState) -> bool:
        for choice in choices(state, ["accountant"]):
            run = state.copy()
            run.apply(choice.action)
            if choices(run, ["exchange_take"]):
                return True
        return False

    mover, state = await play_until(world, game_id, exchange_possible)
    before = await world.game(game_id)
    text = refused(await world.slash(mover, "take", card="Z" * 2500), "not one of the choices")
    assert len(text) < 400
    for choice in choices(state, ["accountant"]):
        run = state.copy()
        run.apply(choice.action)
        takes = choices(run, ["exchange_take"])
        if takes:
            break
    card = str(takes[0].action.card)
    text = refused(
        await world.slash(mover, "accountant", rank=choice.action.rank, take=f"{card} " * 1000),
        "Too many cards",
    )
    assert len(text) < 400
    assert unchanged(before, await world.game(game_id))


async def test_a_move_half_made_by_buttons_waits_for_its_next_decision(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, lambda s: bool(choices(s, ["brute"])))
    brute = choices(state, ["brute"])[0]
    hand = await world.open_hand(mover, game_id)
    part = next(
        p for p in world.components(hand)
        if p.get("custom_id", "").endswith(f":{brute.value}")
        or brute.value in [o["value"] for o in p.get("options", [])]
    )  # fmt: skip
    if part.get("type") == 3:
        await mover.select(hand, [brute.value], custom_id=part["custom_id"])
    else:
        await mover.click(hand, custom_id=part["custom_id"])
    assert (await world.state(game_id)).decision == "brute_target"

    before = await world.game(game_id)
    refused(await world.slash(mover, "pass"), "middle of another move")
    refused(await world.slash(mover, "take", card="#1"), "middle of another move")
    refused(await world.slash(mover, "brute", rank=brute.action.rank, target="#99"), "not one of")
    assert unchanged(before, await world.game(game_id))
    target = choices(await world.state(game_id), ["brute_target"])[0]
    done = await world.slash(mover, "brute", rank=brute.action.rank, target=target.value)
    assert done.response.content.startswith("✅"), done.response.content
    assert (await world.state(game_id)).decision != "brute_target"


# ------------------------------------------------- answers that Discord drops
async def test_a_move_whose_answer_discord_drops_is_still_shown_to_the_channel(world: World):
    """The move is saved before the answer: the table and the next player's ping must
    follow even when the answer fails, and nobody is told that nothing changed."""
    game_id = await world.start_game(world.alice, world.bob)
    mover, waiting = await who_moves(world, game_id)
    before = await world.game(game_id)
    world.env.inject_error("POST", ANSWER, **DROPPED)
    answer = await world.slash(mover, "pass")
    assert answer.response is None  # Discord took no answer (and nothing false followed)
    assert (await world.game(game_id)).action_count == before.action_count + 1
    assert await table_seq(world, game_id) == before.action_count + 1
    pings = [m.content for m in world.messages() if "your turn in Famiglia" in m.content]
    assert len(pings) == 1 and waiting.mention in pings[0]


async def test_an_accept_whose_answer_discord_drops_still_starts_the_table(world: World):
    game_id = await world.challenge(world.alice, world.bob)
    world.env.inject_error("POST", ANSWER, **DROPPED)
    await world.bob.click(await world.table(game_id), label="Accept")
    assert (await world.game(game_id)).status == "active"
    table = await world.table(game_id)
    assert "Show my hand" in [c.get("label") for c in world.components(table)]
    mover, _ = await who_moves(world, game_id)
    assert any(mover.mention in m.content and "your turn" in m.content for m in world.messages())


async def test_a_solo_move_whose_answer_discord_drops_still_redraws_the_dm_table(
    world: World,
):
    await world.slash(world.alice, "solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    dm = world.alice.user.dm_channel

    def table():
        return next(m for m in dm.history() if m.id == game.table_message_id)

    pass_id = next(p["custom_id"] for p in world.components(table())
                   if p.get("label") == "Pass (take nothing)")  # fmt: skip
    world.env.inject_error("POST", ANSWER, **DROPPED)
    await world.alice.user.click(table(), custom_id=pass_id)
    assert (await world.game(game.id)).action_count == 2  # her pass and the robot's turn
    ids = [p.get("custom_id", "") for p in world.components(table())]
    moves = [i for i in ids if i.startswith(("fam:do:", "fam:pick:"))]
    assert moves and all(i.split(":")[3] == "2" for i in moves)  # drawn for now: they work
    pass_id = next(p["custom_id"] for p in world.components(table())
                   if p.get("label") == "Pass (take nothing)")  # fmt: skip
    assert not (await world.alice.user.click(table(), custom_id=pass_id)).ephemeral


# ---------------------------------------------------------------- after the end
async def test_a_shared_win_is_announced_once(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    for _ in range(2):  # two passes in a row end the game, level at the start
        mover, _ = await who_moves(world, game_id)
        await world.slash(mover, "pass")
    assert (await world.game(game_id)).status == "finished"
    [end] = [m.content for m in world.messages() if m.content.startswith("🏁")]
    assert end.count("shared win") == 1, end


async def test_rematch_by_a_spectator_or_by_both_players_at_once(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, waiting = await who_moves(world, game_id)
    old_hand = await world.open_hand(mover, game_id)
    old_pass = controls(old_hand)["Pass (take nothing)"]["custom_id"]
    asked = await world.slash(waiting, "forfeit")
    await waiting.click(asked.response, label="Yes, give up this game")
    table = await world.table(game_id)
    refused(await world.carol.click(table, label="Rematch"), "Only the two players")
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None

    rematch = next(c["custom_id"] for c in world.components(table) if c.get("label") == "Rematch")
    both = await world.click_together([world.alice, world.bob], table, rematch)
    assert sorted(r.ephemeral for r in both) == [False, True]
    refused(next(r for r in both if r.ephemeral))
    [new] = await world.bot.store.active_games()
    assert new.id != game_id and new.status == "challenge"

    # The old game's controls do nothing to the new one.
    opponent = world.alice if new.players[1] == world.alice.id else world.bob
    await opponent.click(await world.table(new.id), label="Accept")
    before = await world.game(new.id)
    refused(await mover.click(old_hand, custom_id=old_pass), "over")
    assert unchanged(before, await world.game(new.id))


async def test_a_table_deleted_by_a_moderator_comes_back_with_the_next_move(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    old = await world.table(game_id)
    await mod.delete(old)
    mover, waiting = await who_moves(world, game_id)
    assert "passes" in (await world.slash(mover, "pass")).response.content
    game = await world.game(game_id)
    assert game.table_message_id not in (None, old.id)
    assert await table_seq(world, game_id) == game.action_count
    await world.open_hand(waiting, game_id)  # the new table's buttons work


async def test_stats_of_a_bot_are_refused_privately(world: World):
    robot = world.guild.add_member(world.env.create_user("robo", bot=True))
    refused(await world.slash(world.alice, "stats", player=robot), "Bots do not play")
