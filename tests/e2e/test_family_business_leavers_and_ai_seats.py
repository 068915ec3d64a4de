"""Family Business people leaving and AI seats playing on, in SimCord: a half-built
play handed to the AI, leavers placed and rated in the order they left, everyone
leaving, a game of one person and five AI seats, an AI seat whose worker kept failing;
a leaver sees nothing of the hand the AI now plays, not even through a window's prompt.
Each game ends once, with places the store holds, and an AI seat plays once it can."""

from __future__ import annotations

import random
from typing import Any

from tests.answers import refused
from tests.fb_play import (
    FB,
    WINDOW,
    fb,
    leave_game,
    lobbies,
    lobby_with,
    member,
    mid_choice,
    play_to_the_end,
    selects,
    started,
    state_of,
    table_of,
    take_turn_step,
    until_a_gang_is_out,
    until_window,
    window_message,
)
from tests.simcord_world import World, fresh


async def test_leaving_mid_play_hands_the_half_built_play_to_the_ai(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await mid_choice(world, game_id, seed=12)
    [select] = selects(hand)
    left = await leave_game(world, who)
    assert left.response.ephemeral and "AI plays your gang" in left.response.content
    game, state = await world.game(game_id), await state_of(world, game_id)
    seat = game.seat_of(who.id)
    assert not (state.active == seat and state.card >= 0 and not FB.window_open(state))
    version = game.version
    refused(await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"]))
    assert (await world.game(game_id)).version == version
    told = [m for m in world.messages() if "left the game" in m.content]
    assert len(told) == 1


async def test_players_who_leave_are_placed_and_rated_in_the_order_they_left(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol], ai=1)
    for person in (world.carol, world.alice, world.bob):
        await leave_game(world, person)
    game = await world.game(game_id)
    assert game.status == "finished"
    result = await world.bot.store.get_result(game_id)
    assert result is not None
    place = {p.id: result.places[game.seat_of(p.id)] for p in (world.alice, world.bob, world.carol)}
    assert place[world.bob.id] < place[world.alice.id] < place[world.carol.id]
    ratings = {
        p.id: await world.bot.store.multi_rating("family_business", p.id)
        for p in (world.alice, world.bob, world.carol)
    }
    assert all(r is not None and r.games == 1 for r in ratings.values())
    mu = {k: r.mu for k, r in ratings.items() if r is not None}
    assert mu[world.bob.id] > mu[world.alice.id] > mu[world.carol.id]
    ends = [m.content for m in world.messages() if "Family Business is over" in m.content]
    assert len(ends) == 1
    board = (await fb(world, world.carol, "leaderboard")).response.embeds[0].description or ""
    text = str((await fb(world, world.carol, "leaderboard")).response.embeds[0].to_dict())
    assert text.index("Bob") < text.index("Alice") < text.index("Carol"), board
    assert "Vito" not in text


async def test_one_person_and_five_ai_seats_play_to_the_end_and_nobody_is_rated(
    world: World,
) -> None:
    game_id = await started(world, [world.alice], ai=5)
    game = await world.game(game_id)
    assert len(game.seats) == 6 and [s.played_by_ai for s in game.seats].count(True) == 5
    await play_to_the_end(world, game_id)
    game = await world.game(game_id)
    assert game.status == "finished"
    result = await world.bot.store.get_result(game_id)
    assert result is not None and len(result.places) == 6
    ends = [m.content for m in world.messages() if "Family Business is over" in m.content]
    assert len(ends) == 1
    for seat, name in enumerate(s.name for s in game.seats):
        assert f"{result.places[seat]}. {name}" in ends[0], (name, ends[0])
    assert await world.bot.store.multi_rating("family_business", world.alice.id) is None
    board = str((await fb(world, world.carol, "leaderboard")).response.embeds[0].to_dict())
    assert not any(s.name in board for s in game.seats)
    table = fresh(world, await table_of(world, game_id))
    assert [c["label"] for c in World.components(table)] == ["Play again"]
    assert not (await world.alice.click(table, label="Play again")).ephemeral
    [lobby] = await lobbies(world)
    assert len(lobby.seats) == 6 and [s.is_person for s in lobby.seats].count(True) == 1


async def test_everyone_leaving_hands_gangs_to_the_ai_and_ends_the_game_once(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    leaver = member(world, game.players[FB.game.awaiting(state)[0]])
    left = await leave_game(world, leaver)
    assert "AI plays your gang" in left.response.content
    refused(await leave_game(world, leaver), "no longer in this game")
    no_counter = f'g{game_id}w{state.turn}:{{"kind":"no_counter"}}'  # as the list offered it
    refused(await fb(world, leaver, "play", decision=no_counter), "no longer in this game")
    state = await state_of(world, game_id)
    assert game.seat_of(leaver.id) not in FB.game.awaiting(state)  # the AI answered for it
    for person in (world.alice, world.bob, world.carol):
        if person is not leaver:
            await leave_game(world, person)
    game = await world.game(game_id)
    assert game.status == "finished"
    result = await world.bot.store.get_result(game_id)
    assert result is not None and sorted(result.places) == [1, 2, 3]
    assert len([m for m in world.messages() if "Family Business is over" in m.content]) == 1
    table = fresh(world, await world.table(game_id))
    assert "Play again" in str(table.components) and "Show my hand" not in str(table.components)
    refused(await leave_game(world, world.alice), "no Family Business game here")
    stale = await world.forged_click(world.alice, table, f"fb:hand:{game_id}")
    assert stale.ephemeral and world.components(stale.response) == []  # nothing to decide
    refused(
        await world.forged_click(world.bob, table, f"fb:window:{game_id}:{state.turn}"), "closed"
    )
    answer = await world.forged_click(world.bob, table, f"fb:ans:{game_id}:{state.turn}:none")
    assert answer.ephemeral and "Answered" not in answer.response.content
    assert (await world.game(game_id)).version == game.version


async def test_an_ai_turn_whose_worker_kept_failing_is_played_once_it_works_again(
    world: World,
) -> None:
    game_id = await started(world, [world.alice], ai=1)
    good = world.bot.family_business.multi.decide
    broken = [True]

    async def flaky(game: Any, state: Any, seat: int, strength: str) -> Any:
        if broken[0] and not FB.window_open(state):
            raise RuntimeError("the worker was killed")
        return await good(game, state, seat, strength)

    world.bot.family_business.multi.decide = flaky
    rng = random.Random(2)
    for _ in range(200):  # the person plays until it is the AI seat's turn
        game, state = await world.game(game_id), await state_of(world, game_id)
        if FB.window_open(state):
            await world.env.advance_time(WINDOW + 1)
        elif game.seats[FB.game.awaiting(state)[0]].played_by_ai:
            break
        else:
            await take_turn_step(world, world.alice, game_id, rng)
    before = (await world.game(game_id)).action_count
    await world.env.advance_time(3 * 31)  # every try fails
    assert (await world.game(game_id)).action_count == before
    broken[0] = False  # the worker pool works again
    await world.env.advance_time(3600)
    assert (await world.game(game_id)).action_count > before


async def test_a_leaver_cannot_read_the_counters_of_the_gang_the_ai_plays(world: World) -> None:
    """Show my hand refused them; a window's Answer button, pressed before the AI seat
    had answered, showed "Counter: Mob Power" of the hand that is no longer theirs."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    good = world.bot.family_business.multi.decide

    async def slow(game: Any, state: Any, seat: int, strength: str) -> Any:
        if FB.window_open(state):  # the AI seat's answer is slow (a busy worker)
            raise RuntimeError("the worker is busy")
        return await good(game, state, seat, strength)

    world.bot.family_business.multi.decide = slow
    await leave_game(world, world.carol)
    carol = (await world.game(game_id)).seat_of(world.carol.id)

    def carols_gang_is_asked(game: Any, state: Any) -> bool:
        legal = FB.game.legal_actions(state, carol)
        return carol in FB.game.awaiting(state) and any(a.kind == "counter" for a in legal)

    await until_window(world, game_id, carols_gang_is_asked)
    state = await state_of(world, game_id)
    answer = window_message(world, game_id, state.turn)
    prompt = await world.carol.click(answer, label="Answer the counter window")
    refused(prompt, "no longer in this game")
    labels = [c.get("label") or "" for c in world.components(prompt.response)]
    assert not any(label.startswith("Counter:") for label in labels), labels


async def test_leaving_a_started_game_is_asked_first_and_done_only_by_its_player(
    world: World,
) -> None:
    """/familybusiness leave handed the gang to the AI at once: typed by mistake, or meant
    for a lobby the host had just started, it cost a player the game and its rating."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    before = await world.game(game_id)
    asked = await fb(world, world.bob, "leave")
    assert asked.ephemeral and "cannot be undone" in asked.response.content
    assert (await world.game(game_id)).version == before.version  # nothing done yet
    [quit_id] = [c["custom_id"] for c in World.components(asked.response)]
    assert quit_id == f"fb:quit:{game_id}"
    stranger = world.guild.add_member(world.env.create_user("dave", global_name="Dave"))
    refused(await world.forged_click(stranger, asked.response, quit_id), "not in this game")
    assert (await world.game(game_id)).version == before.version
    left = await world.bob.click(asked.response, custom_id=quit_id)
    assert "AI plays your gang" in left.response.content
    game = await world.game(game_id)
    assert game.seats[game.seat_of(world.bob.id)].left_place is not None
    again = await world.forged_click(world.bob, asked.response, quit_id)  # a stale client
    refused(again, "no longer in this game")
    assert (await world.game(game_id)).version == game.version


async def test_leaving_a_lobby_needs_no_question(world: World) -> None:
    game_id = await lobby_with(world, [world.alice, world.bob], ai=0)
    left = await fb(world, world.bob, "leave")
    assert left.ephemeral and left.response.content == "You left the lobby."
    assert (await world.game(game_id)).seat_of(world.bob.id) is None


async def test_an_eliminated_person_is_not_asked_to_leave(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who = await until_a_gang_is_out(world, game_id, random.Random(4))
    asked = await fb(world, who, "leave")
    quit_ids = [
        c["custom_id"]
        for c in World.components(asked.response)
        if c.get("custom_id", "").startswith("fb:quit:")
    ]
    clicked = await who.click(asked.response, custom_id=quit_ids[0]) if quit_ids else None
    assert not quit_ids, (
        f"asked: {asked.response.content!r}; its button answered:"
        f" {clicked.response.content if clicked else None!r}"
    )
    assert "out of the game" in asked.response.content
