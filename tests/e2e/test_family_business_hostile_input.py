"""Family Business played by hostile hands in SimCord: forged and stale ids, clicks from
another channel or server, lobby races, a window answered twice, late, by the card's own
player or from the hand, a restart while a window is open or just before it was
announced, people leaving until none is left, an AI seat whose worker dies mid-window.
Every refusal is private, names what happened and changes nothing; nothing confirmed is
lost."""

from __future__ import annotations

import json
import random
from datetime import timedelta
from typing import Any

from bot.services.multi_rules import parse_move
from tests.fb_play import (
    FB,
    answer_window,
    fb,
    lobby_with,
    member,
    quick_ai,
    refused,
    started,
    state_of,
    table_of,
    take_turn_step,
    window_message,
)
from tests.simcord_world import World, fresh

WINDOW = 60


async def _until_window(world: World, game_id: int, wanted: Any = None, seed: int = 9) -> None:
    """People take turns by their hands until a counter window opens (one ``wanted``
    accepts; the others close silent at their deadline)."""
    rng = random.Random(seed)
    for _ in range(2000):
        game = await world.game(game_id)
        state = await state_of(world, game_id)
        assert game.status == "active", "the game ended before a window opened"
        if FB.window_open(state):
            if wanted is None or wanted(game, state):
                return
            await world.env.advance_time(WINDOW + 1)
            continue
        seat = next(s for s in FB.game.awaiting(state) if not game.seats[s].played_by_ai)
        await take_turn_step(world, member(world, game.players[seat]), game_id, rng)
    raise AssertionError("no such window opened")


async def _window_of_three(world: World) -> tuple[int, Any, Any, int, Any]:
    """A game of three people run until a window opens: its id, row and state, the
    first seat asked and that seat's member."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await _until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    seat = FB.game.awaiting(state)[0]
    return game_id, game, state, seat, member(world, game.players[seat])


def _counters(state: Any, seat: int) -> list[Any]:
    return [a for a in FB.game.legal_actions(state, seat) if a.kind == "counter"]


def _card(action: Any) -> str:
    return str(json.loads(FB.game.dump_action(action))["card"])


def _a_person_holds_a_counter(game: Any, state: Any) -> bool:
    return any(
        _counters(state, s) for s in FB.game.awaiting(state) if not game.seats[s].played_by_ai
    )


async def _answers_since(world: World, game_id: int, count: int) -> list[tuple[int, str]]:
    log = await world.bot.store.action_log(game_id, since=count)
    return [
        (seat, action.kind)
        for seat, action in (parse_move(FB.game, row.action_json) for row in log)
        if action.kind in ("counter", "no_counter")
    ]


# ---------------------------------------------------------------------- the lobby
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
    refused(await fb(world, world.alice, "leave"), "use Cancel")
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
    refused(await fb(world, world.alice, "open"), "already a game")
    assert (await world.game(lobby.id)).version == game.version


# ---------------------------------------------------------------------- windows
async def test_a_responder_can_answer_a_window_from_the_hand_it_points_to(world: World) -> None:
    """A responder's hand says "answer it with the buttons below": it used to show no
    button at all."""
    game_id, game, state, seat, responder = await _window_of_three(world)
    hand = await responder.click(await world.table(game_id), label="Show my hand")
    assert hand.ephemeral and "answer it with the buttons below" in hand.response.content
    buttons = {c["custom_id"]: c["label"] for c in world.components(hand.response)}
    assert buttons[f"fb:ans:{game_id}:{state.turn}:none"] == "No counter"
    held = {f"fb:ans:{game_id}:{state.turn}:{_card(a)}" for a in _counters(state, seat)}
    assert set(buttons) == held | {f"fb:ans:{game_id}:{state.turn}:none"}
    slash = await fb(world, responder, "hand")
    assert set(c["custom_id"] for c in world.components(slash.response)) == set(buttons)

    answered = await responder.click(hand.response, custom_id=f"fb:ans:{game_id}:{state.turn}:none")
    assert "Answered: No counter" in answered.response.content
    assert await _answers_since(world, game_id, game.action_count) == [(seat, "no_counter")]
    again = await responder.click(await world.table(game_id), label="Show my hand")
    assert "You have answered" in again.response.content
    assert world.components(again.response) == []  # nothing left to answer


async def test_the_cards_player_and_strangers_cannot_answer_a_window(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await _until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    player = member(world, game.players[state.active])
    window = window_message(world, game_id, state.turn)
    none = f"fb:ans:{game_id}:{state.turn}:none"
    refused(await player.click(window, label="Answer the counter window"), "not asked")
    text = refused(await world.forged_click(player, window, none), "not asked")
    assert "already" not in text  # the card's player never answered anything
    refused(await fb(world, player, "play", decision='{"kind":"no_counter"}'), "not asked")
    assert await player.autocomplete(world.channel, "familybusiness play", "decision", "") == []
    stranger = world.guild.add_member(world.env.create_user("dave", global_name="Dave"))
    refused(await world.forged_click(stranger, window, none), "not playing")
    assert await stranger.autocomplete(world.channel, "familybusiness play", "decision", "") == []
    assert (await world.game(game_id)).version == game.version
    assert FB.window_open(await state_of(world, game_id))


async def test_forged_answers_naming_cards_not_held_or_no_counter_are_refused(world: World) -> None:
    game_id, game, state, seat, responder = await _window_of_three(world)
    window = window_message(world, game_id, state.turn)
    held = {_card(a) for a in _counters(state, seat)}
    for card in ("mob_power", "family_influence", "finger", "safe_house", "contract", "hit"):
        if card in held:
            continue
        forged = f"fb:ans:{game_id}:{state.turn}:{card}"
        result = await world.forged_click(responder, window, forged)
        assert result.ephemeral and "Answered" not in result.response.content, card
    for card in ("nonsense", "none_"):
        result = await world.forged_click(
            responder, window, f"fb:ans:{game_id}:{state.turn}:{card}"
        )
        refused(result, "not a move")
    stale = await world.forged_click(responder, window, f"fb:ans:{game_id}:{state.turn - 1}:none")
    refused(stale, "earlier moment")
    assert (await world.game(game_id)).version == game.version
    assert seat in FB.game.awaiting(await state_of(world, game_id))


async def test_an_answer_is_final_and_a_second_one_is_refused(world: World) -> None:
    game_id, game, state, seat, responder = await _window_of_three(world)
    await answer_window(world, responder, game_id, counter=False)
    version = (await world.game(game_id)).version
    window = window_message(world, game_id, state.turn)
    refused(await responder.click(window, label="Answer the counter window"), "answered")
    for card in ("none", "mob_power", "family_influence"):
        forged = await world.forged_click(
            responder, window, f"fb:ans:{game_id}:{state.turn}:{card}"
        )
        refused(forged, "answered")
    typed = await fb(world, responder, "play", decision='{"kind":"no_counter"}')
    refused(typed, "answered")
    assert (await world.game(game_id)).version == version
    assert await _answers_since(world, game_id, game.action_count) == [(seat, "no_counter")]


async def test_answers_after_the_deadline_closed_the_window_are_refused(world: World) -> None:
    game_id, game, state, _seat, responder = await _window_of_three(world)
    window = window_message(world, game_id, state.turn)
    prompt = await responder.click(window, label="Answer the counter window")
    await world.env.advance_time(WINDOW + 1)
    assert not FB.window_open(await state_of(world, game_id))
    version = (await world.game(game_id)).version
    late = await responder.click(prompt.response, custom_id=f"fb:ans:{game_id}:{state.turn}:none")
    refused(late, "earlier moment")
    refused(await responder.click(window, label="Answer the counter window"), "closed")
    assert (await world.game(game_id)).version == version
    answers = await _answers_since(world, game_id, game.action_count)
    assert sorted(answers) == sorted((s, "no_counter") for s in FB.game.awaiting(state))


async def test_the_last_answer_at_the_deadline_counts_once(world: World) -> None:
    """The clock reaches the deadline, the timer has not run yet, and the last responder
    answers: either the answer or the timer's silence is logged for that seat, never
    both, and the answer's player is told what happened."""
    game_id = await started(world, [world.alice, world.bob])
    await _until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    [seat] = FB.game.awaiting(state)
    responder = member(world, game.players[seat])
    prompt = await responder.click(
        window_message(world, game_id, state.turn), label="Answer the counter window"
    )
    assert game.deadline is not None
    world.env.backend.advance_clock((game.deadline - world.env.now()).total_seconds())
    answer = await responder.click(prompt.response, custom_id=f"fb:ans:{game_id}:{state.turn}:none")
    await world.env.advance_time(1)
    assert await _answers_since(world, game_id, game.action_count) == [(seat, "no_counter")]
    assert not FB.window_open(await state_of(world, game_id))
    assert "Answered" in answer.response.content or "earlier moment" in answer.response.content


async def test_a_restart_during_a_window_keeps_a_confirmed_counter_and_closes_on_time(
    world: World,
) -> None:
    """A restart gave an open window the start-up's hour of grace for turns: it used
    to stay open an hour instead of its 60 seconds."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await _until_window(world, game_id, _a_person_holds_a_counter)
    game, state = await world.game(game_id), await state_of(world, game_id)
    holder = next(s for s in FB.game.awaiting(state) if _counters(state, s))
    silent = next(s for s in FB.game.awaiting(state) if s != holder)
    who = member(world, game.players[holder])
    prompt = await who.click(
        window_message(world, game_id, state.turn), label="Answer the counter window"
    )
    counter = next(
        c["custom_id"] for c in world.components(prompt.response) if c["label"] != "No counter"
    )
    await who.click(prompt.response, custom_id=counter)
    assert FB.window_open(await state_of(world, game_id))  # the silent one may still answer
    await world.env.advance_time(20)
    await world.restart()
    quick_ai(world)
    resumed = await world.game(game_id)
    assert resumed.deadline is not None
    assert resumed.deadline <= world.env.now() + timedelta(seconds=WINDOW)
    assert FB.window_open(await state_of(world, game_id))
    await world.env.advance_time(WINDOW + 1)
    assert not FB.window_open(await state_of(world, game_id))
    answers = await _answers_since(world, game_id, game.action_count)
    assert sorted(answers) == sorted([(holder, "counter"), (silent, "no_counter")])
    after = await state_of(world, game_id)
    assert after.active == holder  # the counter counted: its player moves next (rule 4.5)


async def test_a_window_opened_just_before_a_stop_is_announced_after_the_restart(
    world: World,
) -> None:
    """The card opening the window was committed, then the process stopped before the
    announcement: its responders used to be never told and had no button to answer."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    multi = world.bot.family_business.multi
    rng = random.Random(4)
    for _ in range(500):  # committed as the bot does, then nothing shown
        game, state = await world.game(game_id), await state_of(world, game_id)
        seat = FB.game.awaiting(state)[0]
        action = rng.choice(FB.game.legal_actions(state, seat))
        await multi.play(game_id, game.players[seat], FB.game.dump_action(action))
        if FB.window_open(state := await state_of(world, game_id)):
            break
    else:
        raise AssertionError("no window opened")
    game = await world.game(game_id)
    await world.restart()
    quick_ai(world)
    announcement = window_message(world, game_id, state.turn)
    for seat in FB.game.awaiting(state):
        assert f"<@{game.players[seat]}>" in announcement.content
    assert f"<@{game.players[state.active]}>" not in announcement.content
    text = str(fresh(world, await table_of(world, game_id)).embeds[0].to_dict())
    assert "Counter window" in text
    resumed = await world.game(game_id)
    assert resumed.deadline is not None
    assert resumed.deadline <= world.env.now() + timedelta(seconds=WINDOW)
    for seat in FB.game.awaiting(state):
        await answer_window(world, member(world, game.players[seat]), game_id, counter=False)
    assert not FB.window_open(await state_of(world, game_id))


async def test_an_ai_seat_whose_worker_dies_mid_window_still_lets_it_close_on_time(
    world: World,
) -> None:
    """The AI's worker dies on every window answer (its turns go on): the window still
    closes at its deadline, the AI seat's silence counting as no counter, and the
    people's answers kept."""
    game_id = await started(world, [world.alice, world.bob], ai=1)
    good = world.bot.family_business.multi.decide
    calls: list[int] = []

    async def dying(game: Any, state: Any, seat: int, strength: str) -> Any:
        if FB.window_open(state):
            calls.append(seat)
            raise RuntimeError("the worker was killed")
        return await good(game, state, seat, strength)

    def ai_responds(game: Any, state: Any) -> bool:
        return any(game.seats[s].played_by_ai for s in FB.game.awaiting(state))

    world.bot.family_business.multi.decide = dying
    await _until_window(world, game_id, ai_responds)
    game, state = await world.game(game_id), await state_of(world, game_id)
    people = [s for s in FB.game.awaiting(state) if not game.seats[s].played_by_ai]
    for seat in people:
        await answer_window(world, member(world, game.players[seat]), game_id, counter=False)
    assert calls and FB.window_open(await state_of(world, game_id))
    await world.env.advance_time(WINDOW + 1)
    assert not FB.window_open(await state_of(world, game_id))
    answers = await _answers_since(world, game_id, game.action_count)
    assert sorted(answers) == sorted((s, "no_counter") for s in FB.game.awaiting(state))
    assert (await world.game(game_id)).status == "active"


# ---------------------------------------------------------------------- turns, leaving
async def test_typed_decisions_must_be_one_offered_value_exactly(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob])
    while FB.window_open(state := await state_of(world, game_id)):
        await world.env.advance_time(WINDOW + 1)
    game = await world.game(game_id)
    mover = member(world, game.players[FB.game.awaiting(state)[0]])
    waiting = world.bob if mover is world.alice else world.alice
    offered = await mover.autocomplete(world.channel, "familybusiness play", "decision", "")
    assert (
        offered
        and await waiting.autocomplete(world.channel, "familybusiness play", "decision", "") == []
    )
    value, name = offered[0]["value"], offered[0]["name"]
    typed = (name, value[:-1], value.upper(), "[]", "null", "1", '"play"', "{}")
    for text in typed:
        refused(await fb(world, mover, "play", decision=text), "not a move")
    refused(await fb(world, waiting, "play", decision=value), "not your turn")
    assert (await world.game(game_id)).version == game.version
    done = await fb(world, mover, "play", decision=value)
    assert done.ephemeral and "Your hand" in done.response.content
    assert (await world.game(game_id)).version > game.version


async def test_a_player_in_two_channels_games_reaches_each_by_its_own_channel(
    world: World,
) -> None:
    home_id = await started(world, [world.alice, world.bob])
    channel = world.channel
    world.channel = world.guild.create_text_channel("second")
    away_id = await lobby_with(world, [world.carol, world.alice], ai=0)
    await world.carol.click(fresh(world, await world.table(away_id)), label="Start")
    home, away = await world.game(home_id), await world.game(away_id)
    away_table = await world.table(away_id)
    crossed = await world.forged_click(world.alice, away_table, f"fb:hand:{home_id}")
    refused(crossed, "another channel")
    crossed = await world.forged_select(
        world.alice, away_table, f"fb:do:{home_id}:{home.action_count}:0", ['{"kind":"no_counter"}']
    )
    refused(crossed, "another channel")
    refused(await fb(world, world.bob, "hand"), "not playing")  # Bob plays only at home
    hand = await fb(world, world.alice, "hand")
    away_state = await state_of(world, away_id)
    assert FB.game.view(away_state, away.seat_of(world.alice.id)).hand
    assert hand.ephemeral and "Your hand" in hand.response.content
    world.channel = channel
    assert (await world.game(home_id)).version == home.version
    assert (await world.game(away_id)).version == away.version


async def test_everyone_leaving_hands_gangs_to_the_ai_and_ends_the_game_once(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await _until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    leaver = member(world, game.players[FB.game.awaiting(state)[0]])
    left = await fb(world, leaver, "leave")
    assert "AI plays your gang" in left.response.content
    refused(await fb(world, leaver, "leave"), "You left this game")
    refused(await fb(world, leaver, "play", decision='{"kind":"no_counter"}'), "You left")
    state = await state_of(world, game_id)
    assert game.seat_of(leaver.id) not in FB.game.awaiting(state)  # the AI answered for it
    for person in (world.alice, world.bob, world.carol):
        if person is not leaver:
            await fb(world, person, "leave")
    game = await world.game(game_id)
    assert game.status == "finished"
    result = await world.bot.store.get_result(game_id)
    assert result is not None and sorted(result.places) == [1, 2, 3]
    assert len([m for m in world.messages() if "Family Business is over" in m.content]) == 1
    table = fresh(world, await world.table(game_id))
    assert "Play again" in str(table.components) and "Show my hand" not in str(table.components)
    refused(await fb(world, world.alice, "leave"), "no Family Business game here")
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
