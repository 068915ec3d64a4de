"""Family Business counter windows answered by hostile hands in SimCord: from the hand,
by the card's own player or a stranger, with forged cards, twice, late, at the deadline,
from the public announcement; a restart while a window is open or just before it was
announced; the table posted again, a player leaving, an AI seat's worker dying during
one. Answers stay blind and final, the window closes on time, nothing confirmed is
lost."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest

from tests.answers import refused
from tests.fb_play import (
    FB,
    WINDOW,
    a_person_holds_a_counter,
    answer_window,
    answers_since,
    counter_key,
    counters_held,
    fb,
    leave_game,
    member,
    quick_ai,
    started,
    state_of,
    table_of,
    until_played_window,
    until_window,
    window_button,
    window_message,
    window_of_three,
)
from tests.simcord_world import World, fresh
from tests.store_failures import nobody_can_tell


async def test_a_responder_can_answer_a_window_from_the_hand_it_points_to(world: World) -> None:
    """A responder's hand says "answer it with the buttons below": it used to show no
    button at all."""
    game_id, game, state, seat, responder = await window_of_three(world)
    hand = await responder.click(await world.table(game_id), label="Show my hand")
    assert hand.ephemeral and "answer it with the buttons below" in hand.response.content
    buttons = {c["custom_id"]: c["label"] for c in world.components(hand.response)}
    assert buttons[f"fb:ans:{game_id}:{state.turn}:none"] == "No counter"
    held = {f"fb:ans:{game_id}:{state.turn}:{counter_key(a)}" for a in counters_held(state, seat)}
    assert set(buttons) == held | {f"fb:ans:{game_id}:{state.turn}:none"}
    slash = await fb(world, responder, "hand")
    assert set(c["custom_id"] for c in world.components(slash.response)) == set(buttons)

    answered = await responder.click(hand.response, custom_id=f"fb:ans:{game_id}:{state.turn}:none")
    assert "Answered: No counter" in answered.response.content
    assert await answers_since(world, game_id, game.action_count) == [(seat, "no_counter")]
    again = await responder.click(await world.table(game_id), label="Show my hand")
    assert "You have answered" in again.response.content
    assert world.components(again.response) == []  # nothing left to answer


async def test_the_cards_player_and_strangers_cannot_answer_a_window(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    player = member(world, game.players[state.active])
    window = window_message(world, game_id, state.turn)
    none = f"fb:ans:{game_id}:{state.turn}:none"
    refused(await player.click(window, label="Answer the counter window"), "not asked")
    text = refused(await world.forged_click(player, window, none), "not asked")
    assert "already" not in text  # the card's player never answered anything
    no_counter = f'g{game_id}w{state.turn}:{{"kind":"no_counter"}}'  # as the list offers it
    refused(await fb(world, player, "play", decision=no_counter), "not asked")
    assert await player.autocomplete(world.channel, "familybusiness play", "decision", "") == []
    stranger = world.guild.add_member(world.env.create_user("dave", global_name="Dave"))
    refused(await world.forged_click(stranger, window, none), "not playing")
    assert await stranger.autocomplete(world.channel, "familybusiness play", "decision", "") == []
    assert (await world.game(game_id)).version == game.version
    assert FB.window_open(await state_of(world, game_id))


async def test_forged_answers_naming_cards_not_held_or_no_counter_are_refused(world: World) -> None:
    game_id, game, state, seat, responder = await window_of_three(world)
    window = window_message(world, game_id, state.turn)
    held = {counter_key(a) for a in counters_held(state, seat)}
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
    game_id, game, state, seat, responder = await window_of_three(world)
    await answer_window(world, responder, game_id, counter=False)
    version = (await world.game(game_id)).version
    window = window_message(world, game_id, state.turn)
    refused(await responder.click(window, label="Answer the counter window"), "answered")
    for card in ("none", "mob_power", "family_influence"):
        forged = await world.forged_click(
            responder, window, f"fb:ans:{game_id}:{state.turn}:{card}"
        )
        refused(forged, "answered")
    typed = await fb(
        world, responder, "play", decision=f'g{game_id}w{state.turn}:{{"kind":"no_counter"}}'
    )
    refused(typed, "answered")
    assert (await world.game(game_id)).version == version
    assert await answers_since(world, game_id, game.action_count) == [(seat, "no_counter")]


async def test_answers_after_the_deadline_closed_the_window_are_refused(world: World) -> None:
    game_id, game, state, _seat, responder = await window_of_three(world)
    window = window_message(world, game_id, state.turn)
    prompt = await responder.click(window, label="Answer the counter window")
    await world.env.advance_time(WINDOW + 1)
    assert not FB.window_open(await state_of(world, game_id))
    version = (await world.game(game_id)).version
    late = await responder.click(prompt.response, custom_id=f"fb:ans:{game_id}:{state.turn}:none")
    refused(late, "earlier moment")
    # the announcement says the window closed and offers no button any more; a client
    # still showing the old one is told so
    window = fresh(world, window)
    assert window.content.startswith("🔵 Counter window, closed: ") and not world.components(window)
    button = window_button(game_id, state.turn)
    refused(await world.forged_click(responder, window, button), "closed")
    assert (await world.game(game_id)).version == version
    answers = await answers_since(world, game_id, game.action_count)
    assert sorted(answers) == sorted((s, "no_counter") for s in FB.game.awaiting(state))


async def test_the_last_answer_at_the_deadline_counts_once(world: World) -> None:
    """The clock reaches the deadline, the timer has not run yet, and the last responder
    answers: either the answer or the timer's silence is logged for that seat, never
    both, and the answer's player is told what happened."""
    game_id = await started(world, [world.alice, world.bob])
    await until_window(world, game_id)
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
    assert await answers_since(world, game_id, game.action_count) == [(seat, "no_counter")]
    assert not FB.window_open(await state_of(world, game_id))
    assert "Answered" in answer.response.content or "earlier moment" in answer.response.content


async def test_a_restart_during_a_window_keeps_a_confirmed_counter_and_closes_on_time(
    world: World,
) -> None:
    """A restart gave an open window the start-up's hour of grace for turns: it used
    to stay open an hour instead of its 60 seconds."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_window(world, game_id, a_person_holds_a_counter)
    game, state = await world.game(game_id), await state_of(world, game_id)
    holder = next(s for s in FB.game.awaiting(state) if counters_held(state, s))
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
    answers = await answers_since(world, game_id, game.action_count)
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
    await until_window(world, game_id, ai_responds)
    game, state = await world.game(game_id), await state_of(world, game_id)
    people = [s for s in FB.game.awaiting(state) if not game.seats[s].played_by_ai]
    for seat in people:
        await answer_window(world, member(world, game.players[seat]), game_id, counter=False)
    assert calls and FB.window_open(await state_of(world, game_id))
    await world.env.advance_time(WINDOW + 1)
    assert not FB.window_open(await state_of(world, game_id))
    answers = await answers_since(world, game_id, game.action_count)
    assert sorted(answers) == sorted((s, "no_counter") for s in FB.game.awaiting(state))
    assert (await world.game(game_id)).status == "active"


async def test_board_during_a_window_keeps_the_window_answerable_and_updates_the_new_table(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_played_window(world, game_id)
    state = await state_of(world, game_id)
    old = await table_of(world, game_id)
    responders = [
        member(world, (await world.game(game_id)).players[s]) for s in FB.game.awaiting(state)
    ]
    posted = await fb(world, responders[0], "board")
    assert not posted.ephemeral
    new = await table_of(world, game_id)
    assert "window" in str(fresh(world, new).embeds[0].to_dict()).lower()
    announcement = window_message(world, game_id, state.turn)
    for who in responders:
        prompt = await who.click(announcement, label="Answer the counter window")
        assert prompt.ephemeral and prompt.response is not None
        await who.click(prompt.response, custom_id=f"fb:ans:{game_id}:{state.turn}:none")
    assert not FB.window_open(await state_of(world, game_id))
    assert (
        "window" not in str(fresh(world, new).embeds[0].to_dict()).lower().split("last events")[0]
    )
    assert World.components(fresh(world, old)) == []


async def test_an_answer_or_a_pick_forged_on_a_public_message_leaves_that_message_alone(
    world: World,
) -> None:
    """Answers and picks are drawn on private messages only; one sent from the window's
    public announcement used to turn it into "Answered: …" without its button, for
    everyone, and one sent from the table to write the player's hand over the table."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_played_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    announcement = window_message(world, game_id, state.turn)
    before = (announcement.content, World.components(announcement))
    first, *others = [member(world, game.players[s]) for s in FB.game.awaiting(state)]
    answer = await world.forged_click(first, announcement, f"fb:ans:{game_id}:{state.turn}:none")
    assert answer.ephemeral, answer  # the answer counts, told privately
    now = fresh(world, announcement)
    assert (now.content, World.components(now)) == before
    for who in others:
        prompt = await who.click(now, label="Answer the counter window")
        assert prompt.ephemeral and prompt.response is not None
        await who.click(prompt.response, custom_id=f"fb:ans:{game_id}:{state.turn}:none")
    assert not FB.window_open(await state_of(world, game_id))
    game, state = await world.game(game_id), await state_of(world, game_id)
    mover = member(world, game.players[FB.game.awaiting(state)[0]])
    value = FB.game.dump_action(FB.game.legal_actions(state, FB.game.awaiting(state)[0])[0])
    table = await table_of(world, game_id)
    pick = await world.forged_select(
        mover, table, f"fb:do:{game_id}:{game.action_count}:0", [value]
    )
    assert pick.ephemeral, pick
    assert "Your hand" not in fresh(world, table).content


async def test_the_cards_player_leaving_during_its_window_lets_the_window_close_and_the_ai_go_on(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_played_window(world, game_id, seed=13)
    game, state = await world.game(game_id), await state_of(world, game_id)
    player = member(world, game.players[state.active])
    turn = state.turn
    left = await leave_game(world, player)
    assert left.response.ephemeral and "AI plays your gang" in left.response.content
    state = await state_of(world, game_id)
    assert FB.window_open(state) and state.turn == turn  # the window goes on
    announcement = window_message(world, game_id, turn)
    for seat in FB.game.awaiting(state):
        who = member(world, game.players[seat])
        prompt = await who.click(fresh(world, announcement), label="Answer the counter window")
        assert prompt.ephemeral and prompt.response is not None
        await who.click(prompt.response, custom_id=f"fb:ans:{game_id}:{turn}:none")
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert game.status == "active" and not FB.window_open(state)
    awaited = FB.game.awaiting(state)
    assert awaited and not game.seats[awaited[0]].played_by_ai  # the AI did its part
    assert f"<@{game.players[awaited[0]]}>" in world.messages()[-1].content or any(
        f"<@{game.players[awaited[0]]}>" in m.content for m in world.messages()[-3:]
    )


async def test_a_late_showing_of_an_earlier_window_leaves_the_open_ones_announcement(
    world: World,
) -> None:
    """An answer's showing held back (Discord slow to take its private answer) came
    after the next window opened, and told that one "closed", its button gone."""
    game_id, game, _state, _seat, first = await window_of_three(world)
    flows = world.bot.family_business
    real_show = flows._show
    held: list[Any] = []

    async def show(moved: Any) -> None:
        if not held and moved.game.id == game_id:  # the first answer's showing, late
            held.append(moved)
            return
        await real_show(moved)

    flows._show = show  # type: ignore[method-assign]
    await answer_window(world, first, game_id, counter=False)
    assert held and FB.window_open(held[0].state)
    for s in FB.game.awaiting(await state_of(world, game_id)):  # the window closes
        await answer_window(world, member(world, game.players[s]), game_id, counter=False)
    await until_window(world, game_id, seed=4)  # the next window opens
    now = await state_of(world, game_id)
    announcement = window_message(world, game_id, now.turn)
    await real_show(held[0])
    assert FB.window_open(await state_of(world, game_id))
    after = fresh(world, announcement)
    assert after.content.startswith("🔵 Counter window: ") and world.components(after)


@pytest.mark.simcord(check_errors=False)
async def test_a_game_ended_mid_window_and_shown_by_the_repair_closes_its_announcement(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last person left while a window was open and nobody could tell whether that
    was stored: the repair showed the end, and the announcement kept its button."""
    game_id, game, state, _seat, _first = await window_of_three(world)
    announcement = window_message(world, game_id, state.turn)
    responders = list(FB.game.awaiting(state))
    for s in [s for s in range(3) if s not in responders] + responders[:-1]:
        await leave_game(world, member(world, game.players[s]))
    assert FB.window_open(await state_of(world, game_id))
    lost = nobody_can_tell(monkeypatch, committed=True, method="set_status")
    await leave_game(world, member(world, game.players[responders[-1]]))
    assert lost == [game_id]
    await world.env.advance_time(30)  # the repair shows the game as stored
    assert (await world.game(game_id)).status == "finished"
    after = fresh(world, announcement)
    assert after.content.startswith("🔵 Counter window, closed: ") and not world.components(after)
