"""/famiglia solo used in a server, closed DMs, one game per user, resume, forfeit,
refusals, and the bot restarted in the middle of a solo game or just after its end."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.services.replay import replay_state
from bot.services.robot_report import RobotReport
from cogs.solo_answers import SoloFlows
from engine.famiglia import GameState
from engine.famiglia.actions import from_key
from tests.answers import said
from tests.gateway_tricks import dms_closed
from tests.simcord_world import World

from .solo_play import click_key, dm_table


async def test_solo_in_a_server_opens_the_game_in_dms(world: World):
    answer = await world.slash(world.alice, "solo", level=4, first="robot")
    assert answer.ephemeral, answer
    note = said(answer)
    assert "waiting in our DMs" in note
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert game is not None and game.guild_id == world.guild.id
    dm = world.alice.user.dm_channel
    assert game.channel_id == dm.id and str(game.table_message_id) in note
    table = await dm_table(world, world.alice.user, game.id)
    assert [e.title for e in table.embeds][1].startswith("Your hand")  # the hand is on the table
    assert "level 4b" in table.embeds[0].title
    assert "last turn" in str(table.embeds[0].to_dict())  # the robot started and moved
    assert not [m for m in world.messages(viewer=world.bob) if "solo" in m.content.lower()]


async def test_closed_dms_say_how_to_open_them_and_change_nothing(world: World):
    dms_closed(world, world.alice.user)
    answer = await world.slash(world.alice, "solo", level=3, first="you")
    assert answer.ephemeral
    text = said(answer)
    assert "Famiglia Club" in text and "Privacy Settings" in text and "Direct Messages" in text
    assert "User Settings → Privacy & Safety" in text
    assert await world.bot.store.active_solo_game_for_user(world.alice.id) is None
    assert await world.bot.store.active_games() == []
    # Once DMs are open again the same command works.
    answer = await world.slash(world.alice, "solo", level=3, first="you")
    assert "waiting in our DMs" in said(answer)


async def test_one_solo_game_at_a_time_and_resume_brings_the_table_back(world: World):
    user = world.alice.user
    await user.slash("famiglia solo", level=1, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    again = await user.slash("famiglia solo", level=2, first="robot")
    assert again.ephemeral and "already have a solo game" in again.response.content
    assert [g.id for g in await world.bot.store.active_games()] == [game.id]

    old = game.table_message_id
    resumed = await user.slash("famiglia resume")
    assert not resumed.ephemeral and resumed.response.embeds
    moved = await world.game(game.id)
    assert moved.table_message_id not in (None, old)
    assert "moved here" in next(m for m in user.dm_channel.history() if m.id == old).content
    # From the server: the table comes back in the DM, the answer is only for Alice.
    answer = await world.slash(world.alice, "resume")
    assert answer.ephemeral and "back at the bottom of our DMs" in said(answer)
    assert (await world.game(game.id)).table_message_id == user.dm_channel.last_message.id
    # Bob has no solo game.
    nothing = await world.slash(world.bob, "resume")
    assert nothing.ephemeral and "no solo game" in nothing.response.content


async def test_stale_moves_are_refused_a_stale_forfeit_asks_again(world: World):
    user = world.alice.user
    await user.slash("famiglia solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    asked = await user.click(await dm_table(world, user, game.id), label="Forfeit")
    assert asked.ephemeral and "Give up" in asked.response.content
    hand = await user.slash("famiglia hand")  # the two-player hand view works here too
    assert hand.ephemeral and hand.response.embeds
    state = await world.state(game.id)
    await click_key(world, user, game.id, state.legal_keys()[-1])  # a move: pass or take
    before = await world.game(game.id)
    assert before.status == "active" and before.action_count >= 2  # player's move, robot's
    again = await user.click(asked.response, label="Yes, give up this game")
    assert again.response.ephemeral and "played on since you asked" in again.response.content
    old_controls = [
        p for p in World.components(hand.response) if p.get("custom_id", "").startswith("fam:do:")
    ]
    old = await user.click(hand.response, custom_id=old_controls[0]["custom_id"])
    assert old.ephemeral and "earlier moment" in old.response.content
    assert (await world.game(game.id)).version == before.version  # refusals change nothing

    await user.click(again.response, label="Yes, give up this game")  # the fresh question
    done = await world.game(game.id)
    assert done.status == "forfeited"
    record = await world.bot.store.get_result(game.id)
    assert record is not None and record.winner == 1 and record.high_score is None
    assert record.level == 3  # a given-up solo game still counts at its level
    table = await dm_table(world, user, game.id)
    assert "You gave up" in str(table.embeds[0].to_dict())
    labels = [p["label"] for p in World.components(table)]
    assert labels == ["Play again (level 3a)", "Rules"]
    again = await user.click(table, label="Play again (level 3a)")
    assert not again.ephemeral
    new = await world.bot.store.active_solo_game_for_user(user.id)
    assert new is not None and new.id != game.id and new.options["level"] == 3


async def test_restart_heals_a_pending_robot_turn_and_buttons_still_work(world: World):
    user = world.alice.user
    await user.slash("famiglia solo", level=2, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    # The player's move is committed, then the process dies before the robot's turn.
    state = await world.state(game.id)
    pass_key = state.legal_keys()[-1]
    await world.bot.service.play(game.id, user.id, None, lambda s: [from_key(pass_key)])
    assert (await world.state(game.id)).decision == "robot"
    await world.restart()
    healed = await world.game(game.id)
    state = GameState.from_json(healed.state_json)
    assert state.decision != "robot" and healed.action_count == 2
    log = await world.bot.store.action_log(game.id)
    assert replay_state(healed, [r.action_json for r in log]) == state
    table = await dm_table(world, user, game.id)
    assert "last turn" in str(table.embeds[0].to_dict())
    await click_key(world, user, game.id, state.legal_keys()[-1])  # buttons work after restart
    assert (await world.game(game.id)).action_count == 4


async def test_a_solo_game_that_ended_just_before_a_stop_shows_its_end_after_the_restart(
    world: World,
):
    user = world.alice.user
    await user.slash("famiglia solo", level=2, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    await world.bot.service.forfeit(game.id, user.id)  # saved, then the process dies
    before = [p.get("label") for p in World.components(await dm_table(world, user, game.id))]
    assert "Forfeit" in before, before

    await world.restart()

    table = await dm_table(world, user, game.id)
    labels = [p.get("label") for p in World.components(table)]
    assert "Forfeit" not in labels and "Play again" in " ".join(map(str, labels)), labels
    assert not await world.bot.service.records.end_unannounced(game.id)


async def test_a_solo_game_has_no_turn_timer(world: World):
    user = world.alice.user
    await user.slash("famiglia solo", level=1, first="robot")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None and game.deadline is None and game.reminder_at is None
    state = await world.state(game.id)
    await click_key(world, user, game.id, state.legal_keys()[-1])
    game = await world.game(game.id)
    assert game.deadline is None and game.reminder_at is None and game.action_count == 3
    assert await world.bot.service.next_due() is None  # nothing for the turn timer
    far = game.updated_at + timedelta(days=30)
    assert await world.bot.store.due_deadlines(far) == []
    assert await world.bot.store.due_reminders(far) == []


async def test_two_player_commands_board_and_forfeit_work_on_the_solo_game(world: World):
    user = world.alice.user
    await user.slash("famiglia solo", level=2, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    board = await user.slash("famiglia board")  # in the DM: the solo table again
    assert not board.ephemeral and board.response.embeds
    assert (await world.game(game.id)).table_message_id == board.response.id
    asked = await user.slash("famiglia forfeit")
    assert asked.ephemeral
    await user.click(asked.response, label="Yes, give up this game")
    assert (await world.game(game.id)).status == "forfeited"
    table = await dm_table(world, user, game.id)
    assert "You gave up" in str(table.embeds[0].to_dict())
    assert not [m for m in user.dm_channel.history() if "Rematch" in str(m.components)]


async def test_an_answer_that_times_out_after_a_saved_solo_move_never_says_nothing_changed(
    world: World, monkeypatch
):
    """A TimeoutError (not an HTTP error) answering a saved move: the move stands, the
    DM table shows it, and no message claims that nothing was changed."""
    import discord

    await world.slash(world.alice, "solo", level=1, first="you")
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert game is not None
    real = discord.InteractionResponse.send_message
    armed: list[bool] = [True]

    async def send_message(self, *args, **kwargs):
        if armed and armed.pop():
            raise TimeoutError("Discord did not answer")
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "send_message", send_message)
    answer = await world.alice.user.slash("famiglia pass")

    assert not armed  # the answer was the one lost
    texts = [m.content for m in answer.followups]
    if answer.response is not None:
        texts.append(answer.response.content)
    assert not any("nothing was changed" in text for text in texts), texts
    after = await world.game(game.id)
    assert after.action_count > game.action_count
    table = await dm_table(world, world.alice.user, game.id)
    solo_table = world.bot.flows.tables.named("solo", SoloFlows)
    stored = await world.game(game.id)
    shown = await solo_table.payload(stored, GameState.from_json(stored.state_json))
    assert table.embeds[0].footer.text == shown["embeds"][0].footer.text  # the stored turn


async def test_forfeit_by_command_and_by_the_table_button_ask_the_same_solo_question(
    world: World,
):
    """One way to give a game up in every mode: ``/famiglia forfeit`` and the solo
    table's Forfeit ask the solo game's own question (no rating is at stake, a high
    score is) with the solo game's confirm button."""
    user = world.alice.user
    await user.slash("famiglia solo", level=2, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    by_command = await user.slash("famiglia forfeit")
    by_button = await user.click(await dm_table(world, user, game.id), label="Forfeit")
    assert by_command.ephemeral and by_button.ephemeral
    question = by_command.response.content
    assert question == by_button.response.content
    assert f"game #{game.id}" in question and "no high score" in question
    assert "loss for you" not in question
    for answer in (by_command, by_button):
        [confirm] = [
            part
            for part in World.components(answer.response)
            if part.get("label") == "Yes, give up this game"
        ]
        assert confirm["custom_id"] == f"fam:sgu:{game.id}:{game.action_count}"
    assert (await world.game(game.id)).status == "active"  # asking changes nothing


async def test_play_again_in_our_dms_counts_for_the_server_the_first_game_was_begun_in(
    world: World,
):
    await world.slash(world.alice, "solo", level=1, first="you")
    first = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert first is not None and first.guild_id == world.guild.id
    user = world.alice.user
    asked = await user.click(await dm_table(world, user, first.id), label="Forfeit")
    await user.click(asked.response, label="Yes, give up this game")
    await user.click(await dm_table(world, user, first.id), label="Play again (level 1a)")
    second = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert second is not None and second.id != first.id
    assert second.guild_id == first.guild_id  # its win shows on that server's solo board


async def test_a_move_typed_away_names_its_solo_game_after_a_long_robot_turn(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    long_turn = [f"🔄 Refreshed: line {i}" for i in range(11)]  # many refreshes, a switch
    monkeypatch.setattr(RobotReport, "lines", lambda self: long_turn)
    await world.slash(world.alice, "solo", level=1, first="you")
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert game is not None
    quiet = world.guild.create_text_channel("quiet")  # away from the game (our DMs)
    text = said(await world.alice.slash(quiet, "famiglia pass"))
    assert text.startswith(f"🎲 Famiglia #{game.id} in our DMs:"), text


async def test_a_solo_start_whose_dm_a_game_against_the_ai_took_meanwhile_announces_nothing(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """/famiglia solo in a server while /famiglia ai starts in the DM: the AI game takes
    the DM between the solo start's look at it and its game. The DM kept "🎲 Your solo
    game … level 3a:" over the AI's table, and the server reply sent the player to a
    /famiglia resume that, typed there, found no solo game."""
    solo = world.bot.flows.tables.named("solo", SoloFlows)
    real = solo._new_game
    user = world.alice.user

    async def ai_game_first(*args: object, **kwargs: object) -> object:
        service = world.bot.service
        options = service.options("ai", names=("Alice", "AI"), first=0, strength="easy")
        await service.start(
            "ai",
            guild_id=None,
            channel_id=user.dm_channel.id,
            players=(user.id, 0),
            options=options,
        )
        return await real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solo, "_new_game", ai_game_first)
    answer = await world.slash(world.alice, "solo", level=3, first="you")
    assert answer.ephemeral and "against the AI" in said(answer), said(answer)
    assert not [m for m in user.dm_channel.history() if "robot gangster, level" in m.content]
    assert await world.bot.store.active_solo_game_for_user(user.id) is None
