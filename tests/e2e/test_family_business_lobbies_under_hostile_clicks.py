"""Family Business lobbies clicked by hostile hands in SimCord: a Join forged from
another channel or server, buttons still pressed on an older copy of the lobby, Join,
Leave, Start and Cancel racing each other, Play again by the wrong people, twice, or
on a lobby never played, and commands where no game runs. Every refusal is private and
changes nothing; one copy of the lobby or table is live and agrees with the store."""

from __future__ import annotations

from tests.answers import refused
from tests.fb_play import (
    abandoned,
    fb,
    leave_game,
    lobbies,
    quick_ai,
    state_of,
    table_of,
    until_played_window,
)
from tests.gateway_tricks import click
from tests.simcord_world import SetupError, World, fresh


async def test_a_join_forged_in_another_channel_or_server_is_refused_and_changes_no_lobby(
    world: World,
) -> None:
    """It used to seat the clicker in the lobby of another channel (or server) and draw
    that lobby over the message the click came from."""
    await fb(world, world.alice, "open", seats=3)
    home = await world.bot.store.active_game_in_channel(world.channel.id)
    assert home is not None
    channel = world.channel
    world.channel = world.guild.create_text_channel("elsewhere")
    await fb(world, world.carol, "open", seats=3)
    theirs = await world.bot.store.active_game_in_channel(world.channel.id)
    assert theirs is not None
    message = await world.table(theirs.id)
    before = fresh(world, message).embeds[0].to_dict()
    text = refused(
        await world.forged_click(world.bob, message, f"fb:lobby:join:{home.id}"),
        "another channel",
    )
    assert "nothing was done" in text
    assert fresh(world, message).embeds[0].to_dict() == before  # Carol's lobby untouched
    server = world.env.create_guild("Other server")
    world.channel = server.create_text_channel("games")
    dave = server.add_member(world.env.create_user("dave", global_name="Dave"))
    await fb(world, dave, "open", seats=2)
    there = await world.bot.store.active_game_in_channel(world.channel.id)
    assert there is not None
    refused(
        await world.forged_click(
            dave, await world.table(there.id), f"fb:lobby:join:{home.id}", server
        ),
        "another channel",
    )
    assert (await world.game(home.id)).version == home.version
    assert [s.name for s in (await world.game(home.id)).seats] == ["Alice"]
    world.channel = channel
    joined = await world.bob.click(fresh(world, await world.table(home.id)), label="Join")
    assert not joined.ephemeral  # the lobby's own Join still works
    assert [s.name for s in (await world.game(home.id)).seats] == ["Alice", "Bob"]


async def test_a_lobby_button_pressed_on_an_older_copy_keeps_the_table_in_step(
    world: World,
) -> None:
    """``/familybusiness board`` posts the lobby again and the first copy points to it;
    a Join still sent from the first copy (a client that kept its buttons) used to leave
    the new one (the table) showing a seat list the store no longer had."""
    await fb(world, world.alice, "open", seats=3)
    lobby = await world.bot.store.active_game_in_channel(world.channel.id)
    assert lobby is not None
    first = await world.table(lobby.id)
    await fb(world, world.alice, "board")
    table = await world.table(lobby.id)
    assert table.id != first.id
    assert "moved here" in fresh(world, first).content
    assert not World.components(fresh(world, first))
    await world.forged_click(world.bob, fresh(world, first), f"fb:lobby:join:{lobby.id}")
    assert [s.name for s in (await world.game(lobby.id)).seats] == ["Alice", "Bob"]
    assert fresh(world, table).embeds[0].description == "1. Alice\n2. Bob\n3. *(free)*"


async def test_lobby_races_and_limits_leave_one_consistent_lobby(world: World) -> None:
    quick_ai(world)
    await fb(world, world.alice, "open", seats=2)
    lobby = await world.bot.store.active_game_in_channel(world.channel.id)
    assert lobby is not None
    table = await world.table(lobby.id)
    refused(await world.alice.click(fresh(world, table), label="Start"), "at least two seats")
    refused(await leave_game(world, world.alice), "use Cancel")
    refused(await world.alice.click(fresh(world, table), label="Leave"), "use Cancel")
    refused(await world.alice.click(fresh(world, table), label="Remove an AI"), "no AI player")
    forged = await world.forged_select(
        world.alice, fresh(world, table), f"fb:addai:{lobby.id}", ["hard", "easy"]
    )
    refused(forged, "Pick easy, medium or hard")
    forged = await world.forged_select(
        world.alice, fresh(world, table), f"fb:addai:{lobby.id}", ["godlike"]
    )
    refused(forged, "Pick easy, medium or hard")
    assert (await world.game(lobby.id)).version == lobby.version

    both = await world.click_together(
        [world.bob, world.carol], fresh(world, table), f"fb:lobby:join:{lobby.id}"
    )
    assert sorted(r.ephemeral for r in both) == [False, True]
    refused(next(r for r in both if r.ephemeral), "full (2 seats)")
    seats = [s.name for s in (await world.game(lobby.id)).seats]
    assert len(seats) == 2 and seats[0] == "Alice"
    assert fresh(world, table).embeds[0].description == "\n".join(
        f"{i}. {n}" for i, n in enumerate(seats, 1)
    )
    full = await world.alice.select(fresh(world, table), ["easy"], custom_id=f"fb:addai:{lobby.id}")
    refused(full, "full (2 seats)")

    twice = await world.click_together(
        [world.alice, world.alice], fresh(world, table), f"fb:lobby:start:{lobby.id}"
    )
    assert sorted(r.ephemeral for r in twice) == [False, True]
    refused(next(r for r in twice if r.ephemeral), "lobby is closed")
    game = await world.game(lobby.id)
    assert game.status == "active" and len(game.players) == 2
    for what in ("join", "leave", "cancel", "unai"):
        who = world.carol if what == "join" else world.alice
        late = await world.forged_click(who, fresh(world, table), f"fb:lobby:{what}:{lobby.id}")
        refused(late, "lobby is closed")
    refused(await fb(world, world.alice, "open"), "already a Family Business game")
    assert (await world.game(lobby.id)).version == game.version


async def test_the_host_cancelling_while_others_join_leaves_a_cancelled_lobby_shown_so(
    world: World,
) -> None:
    await fb(world, world.alice, "open", seats=4)
    [lobby] = await lobbies(world)
    table = await world.table(lobby.id)
    results = await world.together(
        fresh(world, table),
        [
            (world.bob, click(f"fb:lobby:join:{lobby.id}")),
            (world.alice, click(f"fb:lobby:cancel:{lobby.id}")),
            (world.carol, click(f"fb:lobby:join:{lobby.id}")),
        ],
    )
    assert not results[1].ephemeral  # the cancel went through
    game = await world.game(lobby.id)
    assert game.status == "cancelled"
    for late in (results[0], results[2]):
        if late.ephemeral:
            refused(late, "lobby is closed")
    shown = fresh(world, await world.table(lobby.id))
    assert "cancelled" in str(shown.embeds[0].to_dict()) and World.components(shown) == []
    assert await lobbies(world) == []
    assert not (await fb(world, world.bob, "open")).ephemeral  # the channel is free


async def test_the_host_starting_while_a_player_leaves_starts_with_the_seats_stored(
    world: World,
) -> None:
    quick_ai(world)
    await fb(world, world.alice, "open", seats=4)
    [lobby] = await lobbies(world)
    table = await world.table(lobby.id)
    await world.bob.click(fresh(world, table), label="Join")
    await world.carol.click(fresh(world, table), label="Join")
    results = await world.together(
        fresh(world, table),
        [
            (world.carol, click(f"fb:lobby:leave:{lobby.id}")),
            (world.alice, click(f"fb:lobby:start:{lobby.id}")),
        ],
    )
    game = await world.game(lobby.id)
    assert game.status == "active"
    seated = world.carol.id in game.players
    assert results[0].ephemeral == seated
    if seated:
        refused(results[0], "lobby is closed")
    state = await state_of(world, lobby.id)
    assert state.n == len(game.seats)
    shown = str(fresh(world, await world.table(lobby.id)).embeds[0].to_dict())
    assert ("Carol" in shown) == seated and "Alice" in shown and "Bob" in shown


async def test_start_pressed_on_an_older_lobby_copy_leaves_one_live_table(world: World) -> None:
    """``/familybusiness board`` posted the lobby again (the first copy points to it); a
    Start still sent from the first copy (a client that kept its buttons) drew the
    table there while the table of record is the newer copy."""
    quick_ai(world)
    await fb(world, world.alice, "open", seats=3)
    [lobby] = await lobbies(world)
    first = await world.table(lobby.id)
    await world.bob.click(fresh(world, first), label="Join")
    await fb(world, world.alice, "board")
    table = await world.table(lobby.id)
    await world.forged_click(world.alice, fresh(world, first), f"fb:lobby:start:{lobby.id}")
    game = await world.game(lobby.id)
    assert game.status == "active"
    live = [
        m.id
        for m in (fresh(world, first), fresh(world, table))
        if any(c.get("label") == "Show my hand" for c in World.components(m))
    ]
    assert live == [game.table_message_id], (live, game.table_message_id)
    assert str(game.table_message_id) in fresh(world, first).content  # it points there
    await until_played_window(world, lobby.id)  # moves go on; the table of record follows them
    shown = fresh(world, await table_of(world, lobby.id)).embeds[0].to_dict()
    assert "window" in str(shown).lower()


async def test_an_older_lobby_copy_never_shows_seats_the_lobby_no_longer_has(
    world: World,
) -> None:
    await fb(world, world.alice, "open", seats=3)
    [lobby] = await lobbies(world)
    first = await world.table(lobby.id)
    await fb(world, world.alice, "board")
    table = await world.table(lobby.id)
    await world.bob.click(fresh(world, table), label="Join")
    shown = fresh(world, table).embeds[0].description
    old = fresh(world, first)
    assert not old.embeds or old.embeds[0].description == shown, old.embeds[0].description


async def test_play_again_by_a_stranger_or_twice_opens_one_lobby_and_refuses_the_rest(
    world: World,
) -> None:
    game_id = await abandoned(world, [world.alice, world.bob], ai=1)
    table = await table_of(world, game_id)
    refused(await world.carol.click(fresh(world, table), label="Play again"), "did not play")
    assert await lobbies(world) == []
    both = await world.click_together(
        [world.alice, world.bob], fresh(world, table), f"fb:again:{game_id}"
    )
    assert sorted(r.ephemeral for r in both) == [False, True], both
    refused(next(r for r in both if r.ephemeral), "game in this channel")
    [lobby] = await lobbies(world)
    host = world.bob if both[0].ephemeral else world.alice
    assert lobby.status == "challenge" and lobby.id != game_id
    names = [s.name for s in lobby.seats]
    other = "Alice" if host is world.bob else "Bob"
    assert lobby.seats[0].user_id == host.id
    assert other not in names  # they left the game: not dealt into the next unasked
    assert sorted(names) == sorted([host.user.global_name or host.user.name, "Vito"])
    assert all(s.left_place is None for s in lobby.seats)
    assert [s.played_by_ai for s in lobby.seats] == [False, True]  # the AI seat stays
    refused(await world.alice.click(fresh(world, table), label="Play again"), "already")
    shown = fresh(world, await world.table(lobby.id)).embeds[0].description
    assert all(name in shown for name in names)  # the new lobby shows its seats
    assert (await world.game(lobby.id)).version == lobby.version


async def test_play_again_in_a_channel_with_a_new_lobby_is_refused_and_changes_it(
    world: World,
) -> None:
    game_id = await abandoned(world, [world.alice, world.bob])
    await fb(world, world.carol, "open", seats=3)
    [lobby] = await lobbies(world)
    refused(
        await world.alice.click(fresh(world, await table_of(world, game_id)), label="Play again"),
        "already",
    )
    assert (await world.game(lobby.id)).version == lobby.version
    assert [s.name for s in (await world.game(lobby.id)).seats] == ["Carol"]
    await world.carol.click(fresh(world, await world.table(lobby.id)), label="Cancel")
    again = await world.bob.click(fresh(world, await table_of(world, game_id)), label="Play again")
    assert not again.ephemeral
    [reopened] = await lobbies(world)
    assert [s.name for s in reopened.seats] == ["Bob"]  # Alice left that game: she may Join


async def test_play_again_forged_on_a_lobby_that_never_started_opens_nothing(
    world: World,
) -> None:
    """Play again is drawn on finished tables only; a forged one on a cancelled or
    expired lobby used to open a new lobby, as if that game had been played."""
    await fb(world, world.alice, "open", seats=3)
    [lobby] = await lobbies(world)
    table = await world.table(lobby.id)
    await world.bob.click(fresh(world, table), label="Join")
    await world.alice.click(fresh(world, table), label="Cancel")
    for who in (world.alice, world.bob):
        refused(await world.forged_click(who, fresh(world, table), f"fb:again:{lobby.id}"))
    assert await lobbies(world) == []
    await fb(world, world.carol, "open", seats=2)
    [expiring] = await lobbies(world)
    await world.env.advance_time(world.config.lobby_timeout_minutes * 60 + 1)
    assert (await world.game(expiring.id)).status == "expired"
    old = await world.table(expiring.id)
    refused(await world.forged_click(world.carol, fresh(world, old), f"fb:again:{expiring.id}"))
    assert await lobbies(world) == []


async def test_commands_where_no_family_business_game_runs_are_refused_privately(
    world: World,
) -> None:
    for command in ("hand", "board", "leave"):
        refused(await fb(world, world.alice, command), "no Family Business game here")
    refused(await fb(world, world.alice, "play", decision='{"kind":"no_counter"}'), "no Family")
    assert (
        await world.alice.autocomplete(world.channel, "familybusiness play", "decision", "") == []
    )
    duel = await world.start_game(world.alice, world.bob)
    for command in ("hand", "board", "leave"):
        refused(await fb(world, world.bob, command), "no Family Business game here")
    refused(await fb(world, world.carol, "open"), "already a Famiglia game")
    assert (await world.game(duel)).status == "active"
    dm = world.alice.user.dm_channel
    for command in ("open", "hand", "leave"):
        try:
            answer = await world.alice.user.slash(f"familybusiness {command}")
        except SetupError as error:  # Discord does not offer the command in DMs
            assert "not visible" in str(error), error
        else:
            refused(answer, "server")
    assert await world.bot.store.active_game_in_channel(dm.id) is None


async def test_forged_seat_counts_and_board_scopes_are_refused_privately(world: World) -> None:
    # Discord's client sends only whole numbers 2-6 and the offered scopes; a forged one
    # that only reads as one opens no lobby and posts no public board
    for seats in ("4", 4.0, 4.5, 2.9, True, "٤", "04", " 4", 7, 1, 10**20):
        answer = await world.raw(world.alice, "open", group="familybusiness", seats=seats)
        refused(answer, "whole number from 2 to 6")
        assert await world.bot.store.active_game_in_channel(world.channel.id) is None
    for scope in ("everywhere", "Server", "server ", "global\n"):
        answer = await world.raw(world.alice, "leaderboard", group="familybusiness", scope=scope)
        refused(answer, "server", "global")
        assert not answer.response.embeds
    opened = await world.raw(world.alice, "open", group="familybusiness", seats=4)
    assert not opened.ephemeral
    assert await world.bot.store.active_game_in_channel(world.channel.id) is not None
