"""A Family Business play built step by step (a card, then its targets, positions or
orders) under hostile hands in SimCord: stale, forged, foreign and racing selects, a
typed decision that must be one offered value exactly, a restart between two steps, the
table posted again, the turn timer racing a step, one player in two channels' games.
Every refusal is private and changes nothing; the hand and the table agree with the
store."""

from __future__ import annotations

import json
from typing import Any

from simcord import MemberActor

from bot.services.moves import STALE as STALE_TEXT
from engine.family_business import cards as C
from tests.answers import hand_redrawn_stale, refused
from tests.fb_play import (
    FB,
    STALE,
    WINDOW,
    fb,
    lobby_with,
    member,
    mid_choice,
    not_offered,
    replayed,
    selects,
    started,
    state_of,
    table_of,
)
from tests.simcord_world import World, fresh


async def test_a_half_built_play_refuses_stale_forged_and_foreign_selects_and_goes_on(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await mid_choice(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    [select] = selects(hand)
    offered = [o["value"] for o in select["options"]]
    assert select["custom_id"] == f"fb:do:{game_id}:{game.action_count}:0"
    earlier = f"fb:do:{game_id}:{game.action_count - 1}:0"
    card = json.dumps({"kind": "play", "card": C.KEYS[state.card]})
    # a step drawn for an earlier moment: refused in the hand, drawn as it is now
    before = hand.content
    now = hand_redrawn_stale(await world.forged_select(who, hand, earlier, [card]), hand)
    assert now == before
    hand_redrawn_stale(await world.forged_select(who, hand, earlier, [offered[0]]), hand)
    hand = fresh(world, hand)
    for value in not_offered(offered[0], offered):
        text = refused(await world.forged_select(who, hand, select["custom_id"], [value]))
        assert "legal" in text or "not a move" in text or "hold" in text, (value, text)
    refused(
        await world.forged_select(who, hand, select["custom_id"], offered[:2] * 2), "exactly one"
    )
    other = next(m for m in (world.alice, world.bob, world.carol) if m is not who)
    refused(
        await world.forged_select(other, hand, select["custom_id"], [offered[0]]), "not your turn"
    )
    after = await world.game(game_id)
    assert (after.version, after.state_json) == (game.version, game.state_json)
    assert fresh(world, hand).content == hand.content  # the hand was not redrawn
    done = await who.select(hand, [offered[0]], custom_id=select["custom_id"])
    assert done.response is not None and done.response.id == hand.id  # the hand, edited
    moved = await world.game(game_id)
    assert moved.action_count == game.action_count + 1
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    assert [json.loads(r.action_json)["action"] for r in log] == [json.loads(offered[0])]


async def test_two_picks_on_the_same_step_at_once_make_one_choice(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await mid_choice(world, game_id, seed=4)
    game = await world.game(game_id)
    [select] = selects(hand)
    value = select["options"][0]["value"]
    data = {"custom_id": select["custom_id"], "component_type": 3, "values": [value]}
    both = await world.together(hand, [(who, data), (who, data)])  # in the gateway at once
    # one made the choice, the other is refused in the same hand, drawn as it is now
    assert all(r.response.id == hand.id for r in both), both
    await shows_now(world, game_id, who, hand)
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    assert [json.loads(r.action_json)["action"] for r in log][:1] == [json.loads(value)]
    assert len([r for r in log if r.actor == who.id]) == 1


async def test_two_different_picks_on_one_step_at_once_make_exactly_one_choice(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    for seed in range(10, 40):
        who, hand = await mid_choice(world, game_id, seed=seed)
        [select] = selects(hand)
        if len(select["options"]) > 1:
            break
        await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    game = await world.game(game_id)
    first, second = select["options"][0]["value"], select["options"][1]["value"]
    data = [
        {"custom_id": select["custom_id"], "component_type": 3, "values": [v]}
        for v in (first, second)
    ]
    both = await world.together(hand, [(who, data[0]), (who, data[1])])
    # one made the choice, the other is refused in the same hand, drawn as it is now
    assert all(r.response.id == hand.id for r in both), both
    await shows_now(world, game_id, who, hand)
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    mine = [json.loads(r.action_json)["action"] for r in log if r.actor == who.id]
    assert mine[:1] in ([json.loads(first)], [json.loads(second)]) and len(mine) == 1


async def test_a_typed_decision_mid_play_offers_the_same_step_and_stales_the_hand(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await mid_choice(world, game_id, seed=5)
    game = await world.game(game_id)
    [select] = selects(hand)
    offered = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
    mark = f"g{game_id}s{game.action_count}:"  # the game and the step it was offered for
    assert [o["value"] for o in offered] == [mark + o["value"] for o in select["options"]]
    assert [o["name"] for o in offered] == [o["label"] for o in select["options"]]
    done = await fb(world, who, "play", decision=offered[-1]["value"])
    assert done.ephemeral and "Your hand" in done.response.content
    assert (await world.game(game_id)).action_count == game.action_count + 1
    version = (await world.game(game_id)).version
    first = select["options"][0]["value"]
    hand_redrawn_stale(await who.select(hand, [first], custom_id=select["custom_id"]), hand)
    refused(await fb(world, who, "play", decision=offered[0]["value"]), STALE)
    assert (await world.game(game_id)).version == version


async def test_a_restart_between_two_steps_keeps_the_card_played_and_asks_the_same_step(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await mid_choice(world, game_id, seed=6)
    game, state = await world.game(game_id), await state_of(world, game_id)
    [select] = selects(hand)
    table_before = fresh(world, await table_of(world, game_id)).embeds[0].to_dict()
    await world.restart()
    assert (await world.game(game_id)).version == game.version
    from_log = FB.game.dump_state(await replayed(world, game_id))
    assert json.loads(from_log) == json.loads((await world.game(game_id)).state_json)
    table_after = fresh(world, await table_of(world, game_id)).embeds[0].to_dict()
    assert table_after["fields"] == table_before["fields"]
    again = await who.click(await table_of(world, game_id), label="Show my hand")
    assert again.ephemeral and again.response is not None
    [now] = selects(again.response)
    assert now["custom_id"] == select["custom_id"] and now["options"] == select["options"]
    assert again.response.content == hand.content
    # the hand opened before the restart still makes the step
    await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    after = await world.game(game_id)
    assert after.action_count == game.action_count + 1
    assert FB.game.load_state(after.state_json).card in (state.card, -1)


async def test_a_hand_shown_before_a_restart_and_played_past_is_drawn_anew_when_clicked(
    world: World,
) -> None:
    """Hands are kept current only by the process that showed them: after a restart a
    step on an old hand is refused in that hand, drawn as it is now, and kept current
    from then on."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await mid_choice(world, game_id, seed=6)
    [select] = selects(hand)
    await world.restart()
    offered = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
    await fb(world, who, "play", decision=offered[0]["value"])  # the step, typed
    game = await world.game(game_id)
    first = select["options"][0]["value"]
    hand_redrawn_stale(await who.select(hand, [first], custom_id=select["custom_id"]), hand)
    assert (await world.game(game_id)).version == game.version
    await shows_now(world, game_id, who, hand)
    # kept current from then on: once the window closes it is drawn without the note
    assert FB.window_open(await state_of(world, game_id))
    await world.env.advance_time(WINDOW + 1)
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert not FB.window_open(state)
    now, _ = world.bot.family_business.hand(game, state, game.seat_of(who.id))
    assert fresh(world, hand).content == now


async def test_board_posted_mid_play_keeps_one_table_and_the_old_copy_does_no_harm(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await mid_choice(world, game_id, seed=7)
    old = await table_of(world, game_id)
    posted = await fb(world, who, "board")
    assert not posted.ephemeral
    new = await table_of(world, game_id)
    assert new.id != old.id
    [select] = selects(hand)
    await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    game = await world.game(game_id)
    # a client still showing the old copy: its Show my hand opens the hand as stored now
    old_hand = await world.forged_click(who, fresh(world, old), f"fb:hand:{game_id}")
    new_hand = await who.click(fresh(world, new), label="Show my hand")
    assert old_hand.response.content == new_hand.response.content
    assert selects(old_hand.response) == selects(new_hand.response)
    assert (await world.game(game_id)).version == game.version


async def test_the_table_posted_again_retires_the_old_one_which_points_to_it(
    world: World,
) -> None:
    """The old table used to stay as it was, Show my hand and all: after the next moves
    it showed a position the game had left (whose turn, the hit list) as if current."""
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await mid_choice(world, game_id, seed=7)
    old = await table_of(world, game_id)
    await fb(world, who, "board")
    new = await table_of(world, game_id)
    [select] = selects(hand)
    await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    retired = fresh(world, old)
    assert not retired.embeds and World.components(retired) == []
    assert str(new.id) in retired.content and "moved" in retired.content


async def test_a_turn_running_out_mid_play_lets_the_ai_finish_it_and_stales_the_hand(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await mid_choice(world, game_id, seed=8)
    game = await world.game(game_id)
    seat = game.seat_of(who.id)
    assert game.deadline is not None
    left = (game.deadline - world.env.now()).total_seconds()
    await world.env.advance_time(left / 2 + 1)
    reminders = [m for m in world.messages() if "still your turn" in m.content]
    assert len(reminders) == 1 and f"<@{who.id}>" in reminders[0].content
    [select] = selects(hand)
    await world.env.advance_time(left / 2)
    game = await world.game(game_id)
    assert game.seats[seat].played_by_ai and game.seats[seat].left_place is not None
    state = await state_of(world, game_id)
    assert not (state.active == seat and state.card >= 0 and not FB.window_open(state)), (
        "the AI left the half-built play of the seat it took over unfinished"
    )
    told = [m for m in world.messages() if "time ran out" in m.content]
    assert len(told) == 1 and game.seats[seat].name in told[0].content
    version = (await world.game(game_id)).version
    late = await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    refused(late)
    assert (await world.game(game_id)).version == version
    count = (await world.game(game_id)).action_count
    typed_now = f"g{game_id}s{count}:{select['options'][0]['value']}"  # of this very moment
    refused(await fb(world, who, "play", decision=typed_now), "your time ran out")
    assert [m for m in world.messages() if "still your turn" in m.content] == []  # its turn over


async def test_a_step_confirmed_at_the_deadline_before_the_timer_ran_stands(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await mid_choice(world, game_id, seed=9)
    game = await world.game(game_id)
    assert game.deadline is not None
    world.env.backend.advance_clock((game.deadline - world.env.now()).total_seconds())
    [select] = selects(hand)
    value = select["options"][0]["value"]
    done = await who.select(hand, [value], custom_id=select["custom_id"])
    assert done.response is not None and done.response.id == hand.id  # taken, the hand redrawn
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    assert [json.loads(r.action_json)["action"] for r in log][:1] == [json.loads(value)]
    await world.bot.timer.tick()  # the turn ran out after the step: nothing confirmed is lost
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    assert [json.loads(r.action_json)["action"] for r in log][:1] == [json.loads(value)]
    assert len([m for m in world.messages() if "time ran out" in m.content]) <= 1


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


async def shows_now(world: World, game_id: int, who: MemberActor, hand: Any) -> None:
    """The private ``hand`` shows ``who``'s hand as stored now (under a refusal of a
    step drawn earlier, or not: two clicks' answers may land in either order)."""
    game, state = await world.game(game_id), await state_of(world, game_id)
    now, _ = world.bot.family_business.hand(game, state, game.seat_of(who.id))
    assert fresh(world, hand).content in (now, f"{STALE_TEXT}\n\n{now}")


async def test_a_stale_step_is_refused_as_stale_when_the_store_cannot_say_the_hand_now(
    world: World,
) -> None:
    """Drawing the hand anew reads the game; a failed read answered the stale step
    with the bot's "something went wrong" though nothing had been tried."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await mid_choice(world, game_id, seed=6)
    [select] = selects(hand)
    offered = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
    await fb(world, who, "play", decision=offered[0]["value"])  # the step, typed
    multi = world.bot.family_business.multi
    real_load = multi.load
    failed: list[int] = []

    async def load(game_id: int, **kwargs: Any) -> Any:
        if kwargs.get("stored") and not failed:  # the redraw's read of the stored game
            failed.append(game_id)
            raise OSError("the database is not answering (injected)")
        return await real_load(game_id, **kwargs)

    multi.load = load  # type: ignore[method-assign]
    first = select["options"][0]["value"]
    refused(await who.select(hand, [first], custom_id=select["custom_id"]), STALE)
    assert failed == [game_id]
