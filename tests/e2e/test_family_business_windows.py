"""Family Business counter windows and absences in SimCord: a window closed by its
deadline on the virtual clock (silent seats answer no counter, RULING R13), a restart
while a window is open (its deadline stored, its buttons working), a stranger refused
everywhere, a person leaving and the AI taking the seat, a turn that runs out, a lobby nobody
starts."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from typing import Any

import pytest

from bot.services.multi_games import MultiService
from bot.services.multi_rules import parse_move
from tests.answers import hand_redrawn_stale
from tests.fb_play import (
    FB,
    answer_window,
    fb,
    leave_game,
    lobby_with,
    member,
    quick_ai,
    selects,
    started,
    state_of,
    table_of,
    take_turn_step,
    until_window,
    window_button,
    window_message,
)
from tests.gateway_tricks import answers_lost, nonces_kept
from tests.simcord_world import World, fresh

WINDOW = 60


async def _started(world, people, ai: int) -> int:
    quick_ai(world)
    game_id = await lobby_with(world, people, ai=ai)
    await people[0].click(fresh(world, await world.table(game_id)), label="Start")
    return game_id


async def _until_window(world, game_id: int) -> None:
    """People take turns by their hands until a counter window opens."""
    rng = random.Random(9)
    for _ in range(2000):
        game = await world.game(game_id)
        state = await state_of(world, game_id)
        assert game.status == "active", "the game ended before a window opened"
        if FB.window_open(state):
            return
        seat = next(s for s in FB.game.awaiting(state) if not game.seats[s].played_by_ai)
        await take_turn_step(world, member(world, game.players[seat]), game_id, rng)
    raise AssertionError("no window opened")


async def test_a_window_closes_at_its_deadline_and_silence_is_no_counter(world) -> None:
    game_id = await _started(world, [world.alice, world.bob], ai=0)
    await _until_window(world, game_id)
    game = await world.game(game_id)
    assert game.deadline == world.env.now() + timedelta(seconds=WINDOW)
    before = game.action_count
    await world.env.advance_time(WINDOW - 1)
    assert FB.window_open(await state_of(world, game_id))  # not yet
    await world.env.advance_time(2)
    assert not FB.window_open(await state_of(world, game_id))
    log = await world.bot.store.action_log(game_id, since=before)
    assert [parse_move(FB.game, row.action_json)[1].kind for row in log] == ["no_counter"]
    assert log[0].actor == 0  # the timer answered for the silent seat


async def test_the_table_says_a_window_is_open_and_until_when_but_not_who_answered(
    world,
) -> None:
    game_id = await _started(world, [world.alice, world.bob, world.carol], ai=0)
    await _until_window(world, game_id)
    game = await world.game(game_id)
    text = str(fresh(world, await world.table(game_id)).embeds[0].to_dict())
    assert "Counter window" in text and str(int(game.deadline.timestamp())) in text
    state = await state_of(world, game_id)
    first = member(world, game.players[FB.game.awaiting(state)[0]])
    await answer_window(world, first, game_id, counter=False)
    after = str(fresh(world, await world.table(game_id)).embeds[0].to_dict())
    if FB.window_open(await state_of(world, game_id)):
        assert after == text  # one answer in, nothing public changed (RULING R31)


async def test_a_restart_during_a_window_keeps_its_deadline_its_buttons_and_its_table(
    world,
) -> None:
    game_id = await _started(world, [world.alice, world.bob], ai=0)
    await _until_window(world, game_id)
    deadline = (await world.game(game_id)).deadline
    state = await state_of(world, game_id)
    responder = member(world, (await world.game(game_id)).players[FB.game.awaiting(state)[0]])
    before = fresh(world, await world.table(game_id)).embeds[0].to_dict()
    await world.restart()
    quick_ai(world)
    after = fresh(world, await world.table(game_id)).embeds[0].to_dict()
    assert after["fields"][-1] == before["fields"][-1]  # the last events, replayed
    assert after["fields"][-1]["name"] == "Last events"
    game = await world.game(game_id)
    assert game.deadline is not None and game.deadline >= deadline
    assert FB.window_open(await state_of(world, game_id))
    await answer_window(world, responder, game_id, counter=False)
    assert not FB.window_open(await state_of(world, game_id))


async def test_a_window_announced_again_after_a_restart_says_why_and_by_when(world) -> None:
    """The restart's second announcement of an open window read as the first: its
    responders mentioned again with no word of why, beside one whose time no longer held."""
    game_id = await _started(world, [world.alice, world.bob], ai=0)
    await _until_window(world, game_id)
    turn = (await state_of(world, game_id)).turn
    await world.env.advance_time(20)
    await world.restart()
    quick_ai(world)
    await world.env.settle()
    first, again = [
        m.content
        for m in world.messages()
        if any(c.get("custom_id") == window_button(game_id, turn) for c in world.components(m))
    ]
    assert "restarted" not in first
    deadline = (await world.game(game_id)).deadline
    assert deadline is not None
    assert "The bot restarted, so this window is open again." in again
    assert f"<t:{int(deadline.timestamp())}:t>" in again


async def test_a_window_announcement_whose_answer_was_lost_is_posted_once(world) -> None:
    """The repair announces a window again when the first announcement's answer was
    lost; with its nonce Discord answers with the message it posted, not a second."""
    game_id = await _started(world, [world.alice, world.bob], ai=0)
    nonces_kept(world)
    lost = answers_lost(world, "🔵 Counter window")
    await _until_window(world, game_id)
    await world.env.advance_time(20)  # the repair's first try
    turn = (await state_of(world, game_id)).turn
    found = [
        m
        for m in world.messages()
        if any(c.get("custom_id") == window_button(game_id, turn) for c in world.components(m))
    ]
    assert lost and len(found) == 1, (lost, [m.content for m in found])


async def test_a_stranger_is_refused_everywhere_and_nothing_changes(world) -> None:
    game_id = await _started(world, [world.alice, world.bob], ai=0)
    await _until_window(world, game_id)
    version = (await world.game(game_id)).version
    table = await world.table(game_id)
    carol = world.carol
    hand = await carol.click(table, label="Show my hand")
    assert hand.ephemeral and "not playing" in hand.response.content
    state = await state_of(world, game_id)
    window = window_message(world, game_id, state.turn)
    prompt = await carol.click(window, label="Answer the counter window")
    assert prompt.ephemeral and "not playing" in prompt.response.content
    forged = await world.forged_click(carol, window, f"fb:ans:{game_id}:{state.turn}:none")
    assert forged.ephemeral and "not playing" in forged.response.content
    forged = await world.forged_select(
        carol, table, f"fb:do:{game_id}:0:0", ['{"kind":"discard","card":"hit"}']
    )
    assert forged.ephemeral and "not playing" in forged.response.content
    for command in ("hand", "leave", "board"):
        answer = await fb(world, carol, command)
        assert answer.ephemeral and "not playing" in answer.response.content, command
    assert (await world.game(game_id)).version == version


async def test_a_stranger_cannot_run_someone_elses_lobby(world) -> None:
    await fb(world, world.alice, "open", seats=3)
    lobby = await world.bot.store.active_game_in_channel(world.channel.id)
    table = await world.table(lobby.id)
    for label in ("Start", "Cancel", "Leave"):
        answer = await world.carol.click(fresh(world, table), label=label)
        assert answer.ephemeral, label
    add = await world.carol.select(fresh(world, table), ["hard"], custom_id=f"fb:addai:{lobby.id}")
    assert add.ephemeral
    assert (await world.game(lobby.id)).version == lobby.version
    busy = await fb(world, world.bob, "open")
    assert busy.ephemeral and "already" in busy.response.content


async def test_a_player_who_leaves_hands_the_seat_to_the_ai_and_the_game_goes_on(world) -> None:
    game_id = await _started(world, [world.alice, world.bob, world.carol], ai=0)
    answer = await leave_game(world, world.carol)
    assert answer.response.ephemeral and "AI plays your gang" in answer.response.content
    game = await world.game(game_id)
    assert game.status == "active"
    seat = game.seat_of(world.carol.id)
    assert game.seats[seat].played_by_ai and game.seats[seat].left_place == 3
    state = await state_of(world, game_id)
    assert seat not in FB.game.awaiting(state)  # the AI moved for it if it was due
    hand = await world.carol.click(await world.table(game_id), label="Show my hand")
    assert hand.ephemeral
    text = str(fresh(world, await world.table(game_id)).embeds[0].to_dict())
    assert "left" in text
    told = [m for m in world.messages() if "left the game" in m.content]
    assert len(told) == 1 and "Carol" in told[0].content and "AI plays" in told[0].content
    assert not told[0].mentions  # the others read it; nobody is pinged


async def test_a_turn_is_reminded_at_half_time_and_then_runs_out_to_the_ai(world) -> None:
    game_id = await _started(world, [world.alice, world.bob], ai=1)
    while FB.window_open(state := await state_of(world, game_id)):
        await world.env.advance_time(WINDOW + 1)  # the AI's card: windows close silent
    game = await world.game(game_id)
    seat = FB.game.awaiting(state)[0]
    assert not game.seats[seat].played_by_ai and game.deadline is not None
    assert game.deadline > world.env.now() + world.config.turn_timeout / 2  # a turn, no window
    left = (game.deadline - world.env.now()).total_seconds()
    await world.env.advance_time(left / 2 + 1)
    user = game.players[seat]
    reminders = [m for m in world.messages() if "still your turn" in m.content]
    assert len(reminders) == 1 and f"<@{user}>" in reminders[0].content
    await world.env.advance_time(left / 2)
    game = await world.game(game_id)
    assert game.seats[seat].left_place is not None and game.seats[seat].played_by_ai
    assert [m for m in world.messages() if "still your turn" in m.content] == []  # turn over
    told = [m for m in world.messages() if "time ran out" in m.content]
    assert len(told) == 1 and game.seats[seat].name in told[0].content


async def test_garbage_and_stale_decisions_are_refused_privately_and_change_nothing(world) -> None:
    game_id = await _started(world, [world.alice, world.bob], ai=0)
    while FB.window_open(state := await state_of(world, game_id)):
        await world.env.advance_time(WINDOW + 1)
    game = await world.game(game_id)
    mover = member(world, game.players[FB.game.awaiting(state)[0]])
    hand = await mover.click(await world.table(game_id), label="Show my hand")
    select = next(c for c in world.components(hand.response) if c["custom_id"].startswith("fb:do:"))
    for typed in ("garbage", '{"kind":"play","card":"contract","extra":1}', " "):
        answer = await fb(world, mover, "play", decision=typed)
        assert answer.ephemeral and "not a move" in answer.response.content, typed
    forged = await world.forged_select(mover, hand.response, select["custom_id"], ["nonsense"])
    assert forged.ephemeral and "not a move" in forged.response.content
    assert (await world.game(game_id)).version == game.version
    first = select["options"][0]["value"]
    await mover.select(hand.response, [first], custom_id=select["custom_id"])
    stale = await world.forged_select(mover, hand.response, select["custom_id"], [first])
    hand_redrawn_stale(stale, hand.response)
    assert (await world.game(game_id)).version == game.version + 1


async def test_an_ai_decision_that_fails_is_tried_again_after_a_pause(world) -> None:
    quick_ai(world)
    good = world.bot.family_business.multi.decide
    calls: list[int] = []

    async def flaky(game, state, seat, strength):
        calls.append(seat)
        if len(calls) == 1:
            raise RuntimeError("the worker died")
        return await good(game, state, seat, strength)

    world.bot.family_business.multi.decide = flaky
    game_id = await lobby_with(world, [world.alice], ai=1, most=2)
    await world.alice.click(fresh(world, await world.table(game_id)), label="Start")
    rng = random.Random(4)
    while not calls:  # the person plays until the AI's first decision (which fails)
        await take_turn_step(world, world.alice, game_id, rng)
    before = (await world.game(game_id)).action_count
    assert calls == [1] and (await world.game(game_id)).action_count == before  # it waits
    await world.env.advance_time(31)
    assert len(calls) > 1 and (await world.game(game_id)).action_count > before


async def test_a_window_mentions_each_responder_once_and_nobody_else(world) -> None:
    game_id = await _started(world, [world.alice, world.bob, world.carol], ai=0)
    await _until_window(world, game_id)
    game = await world.game(game_id)
    state = await state_of(world, game_id)
    announcement = window_message(world, game_id, state.turn)
    responders = {game.players[s] for s in FB.game.awaiting(state)}
    mentioned = {int(m) for m in re.findall(r"<@(\d+)>", announcement.content)}
    assert mentioned == responders and len(responders) == 2
    assert game.players[state.active] not in mentioned
    assert all(announcement.content.count(f"<@{u}>") == 1 for u in responders)


def _windows_of_alice(world) -> list[Any]:
    return [m for m in world.messages() if m.content.startswith("🔵 Counter window: Alice")]


async def test_a_window_only_ai_seats_are_asked_in_is_announced_as_theirs(world) -> None:
    """Rule 5.2: Alice's card asks only the AI seat. The announcement says the AI seats
    answer, mentions nobody and offers no answer button nobody may use."""
    game_id = await _started(world, [world.alice], ai=1)
    rng = random.Random(2)
    for _ in range(300):
        game, state = await world.game(game_id), await state_of(world, game_id)
        assert game.status == "active", "Alice opened no window"
        if FB.window_open(state) or game.seats[FB.game.awaiting(state)[0]].played_by_ai:
            await world.env.advance_time(WINDOW + 1)
            continue
        hand = await world.alice.click(await table_of(world, game_id), label="Show my hand")
        offered = [
            (c["custom_id"], o["value"]) for c in selects(hand.response) for o in c["options"]
        ]
        custom_id, value = rng.choice([o for o in offered if '"discard"' not in o[1]] or offered)
        await world.alice.select(hand.response, [value], custom_id=custom_id)
        if _windows_of_alice(world):  # the AI seat may have answered it at once
            break
    else:
        raise AssertionError("Alice opened no window")
    [announced] = _windows_of_alice(world)
    assert "Only AI seats are asked" in announced.content, announced.content
    assert "<@" not in announced.content and "answer privately" not in announced.content
    assert "  " not in announced.content
    assert not World.components(announced)


async def test_nobody_is_told_in_the_channel_that_the_others_have_answered(world) -> None:
    """RULING R31: with one of two responders answered, the channel gets no message and
    the table is not edited, so the one left is not singled out as the last to answer."""
    game_id = await _started(world, [world.alice, world.bob, world.carol], ai=0)
    await _until_window(world, game_id)
    game = await world.game(game_id)
    state = await state_of(world, game_id)
    first, last = (member(world, game.players[s]) for s in FB.game.awaiting(state))
    before, requests = len(world.messages()), len(world.env.http_requests)
    await answer_window(world, first, game_id, counter=False)
    assert list(FB.game.awaiting(await state_of(world, game_id))) == [FB.game.awaiting(state)[1]]
    assert len(world.messages()) == before
    # nor is the table edited (its content is the same; the edit would time the answer);
    # the answerer's own private messages may change (no other responder's hand does:
    # test_family_business_hands_stay_current.py)
    sent = [(r.method, r.path) for r in world.env.http_requests[requests:]]
    assert not [r for r in sent if r[1].startswith("/channels/")], sent
    await answer_window(world, last, game_id, counter=False)
    assert not FB.window_open(await state_of(world, game_id))


async def test_a_lobby_nobody_starts_expires_and_frees_the_channel(world) -> None:
    await fb(world, world.alice, "open", seats=3)
    lobby = await world.bot.store.active_game_in_channel(world.channel.id)
    assert lobby is not None and lobby.status == "challenge"
    table = await world.table(lobby.id)
    await world.bob.click(fresh(world, table), label="Join")
    timeout = world.config.lobby_timeout.total_seconds()
    await world.env.advance_time(timeout - 5)
    assert (await world.game(lobby.id)).status == "challenge"  # not yet
    await world.env.advance_time(10)
    assert (await world.game(lobby.id)).status == "expired"
    text = str(fresh(world, await world.table(lobby.id)).embeds[0].to_dict())
    assert "expired" in text
    assert "Start" not in str(fresh(world, table).components)  # its buttons are gone
    start = await world.forged_click(world.alice, table, f"fb:lobby:start:{lobby.id}")
    assert start.ephemeral and "closed" in start.response.content  # a stale Start
    assert (await world.game(lobby.id)).status == "expired"
    again = await fb(world, world.bob, "open")
    assert not again.ephemeral  # the channel is free for a new lobby
    assert (await world.bot.store.active_game_in_channel(world.channel.id)).id != lobby.id


async def test_a_window_the_start_up_could_not_resume_keeps_at_most_its_time(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart gives an open window at most its whole time again; when that failed at
    start-up (one store error) the repair announced it with the hour of grace a turn
    gets, and it stayed open that long."""
    game_id = await started(world, [world.alice, world.bob])
    await until_window(world, game_id)
    real = MultiService.resumed_window
    calls: list[int] = []

    async def fails_once(self: MultiService, gid: int) -> Any:
        calls.append(gid)
        if len(calls) == 1:
            raise ConnectionError("the store did not answer")
        return await real(self, gid)

    monkeypatch.setattr(MultiService, "resumed_window", fails_once)
    await world.restart()
    await world.env.advance_time(WINDOW + 60)  # the repair's try, then the window's time
    assert not FB.window_open(await state_of(world, game_id))
