"""Family Business choices made by hostile hands in SimCord: a play built step by step
(a card, then its targets, positions or orders) attacked with stale, forged and racing
selects, a typed decision in the middle of it, a restart between two steps; Play again
pressed by the wrong people or twice; the turn timer racing a move; the table posted
again while a window or a choice is open. Every refusal is private and changes nothing;
what the table and the hand say agrees with the store."""

from __future__ import annotations

import json
import random
from typing import Any

from engine.family_business import cards as C
from tests.fb_play import (
    FB,
    fb,
    member,
    play_to_the_end,
    quick_ai,
    refused,
    started,
    state_of,
    table_of,
    window_message,
)
from tests.simcord_world import SetupError, World, fresh

WINDOW = 60
STALE = "earlier moment"


def _selects(message: Any) -> list[dict[str, Any]]:
    return [c for c in World.components(message) if c.get("custom_id", "").startswith("fb:do:")]


async def _mid_choice(world: World, game_id: int, seed: int = 3) -> tuple[Any, Any]:
    """People play cards (never discard) by their hands until one of them has played a
    card that needs a further choice: (that person, the hand showing the choice)."""
    rng = random.Random(seed)
    for _ in range(600):
        game, state = await world.game(game_id), await state_of(world, game_id)
        assert game.status == "active", "the game ended before a choice was asked"
        if FB.window_open(state):
            await world.env.advance_time(WINDOW + 1)
            continue
        seat = FB.game.awaiting(state)[0]
        assert not game.seats[seat].played_by_ai
        who = member(world, game.players[seat])
        hand = await who.click(await table_of(world, game_id), label="Show my hand")
        assert hand.ephemeral and hand.response is not None, hand
        if state.card >= 0:
            return who, hand.response
        options = [
            (s["custom_id"], o["value"]) for s in _selects(hand.response) for o in s["options"]
        ]
        plays = [o for o in options if json.loads(o[1])["kind"] == "play"] or options
        custom_id, value = rng.choice(plays)
        await who.select(hand.response, [value], custom_id=custom_id)
    raise AssertionError("no card asked for a further choice")


def _not_offered(value: str, offered: list[str]) -> list[str]:
    """Values of the same kind as ``value`` the step did not offer, and a card play."""
    shape = json.loads(value)
    forged = ['{"kind":"play","card":"hit"}', '{"kind":"discard","card":"hit"}']
    for field, many in (("gang", range(6)), ("position", range(40))):
        if field in shape:
            for other in many:
                text = json.dumps({**shape, field: other}, separators=(",", ":"))
                if text not in offered and json.loads(text) not in map(json.loads, offered):
                    forged.append(text)
    return forged


# ---------------------------------------------------------------------- a play step by step
async def test_a_half_built_play_refuses_stale_forged_and_foreign_selects_and_goes_on(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await _mid_choice(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    [select] = _selects(hand)
    offered = [o["value"] for o in select["options"]]
    assert select["custom_id"] == f"fb:do:{game_id}:{game.action_count}:0"
    earlier = f"fb:do:{game_id}:{game.action_count - 1}:0"
    card = json.dumps({"kind": "play", "card": C.KEYS[state.card]})
    refused(await world.forged_select(who, hand, earlier, [card]), STALE)
    refused(await world.forged_select(who, hand, earlier, [offered[0]]), STALE)
    for value in _not_offered(offered[0], offered):
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
    who, hand = await _mid_choice(world, game_id, seed=4)
    game = await world.game(game_id)
    [select] = _selects(hand)
    value = select["options"][0]["value"]
    data = {"custom_id": select["custom_id"], "component_type": 3, "values": [value]}
    both = await world.together(hand, [(who, data), (who, data)])  # in the gateway at once
    assert sorted(r.ephemeral for r in both) == [False, True], both
    refused(next(r for r in both if r.ephemeral), STALE)
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    assert [json.loads(r.action_json)["action"] for r in log][:1] == [json.loads(value)]
    assert len([r for r in log if r.actor == who.id]) == 1


async def test_a_typed_decision_mid_play_offers_the_same_step_and_stales_the_hand(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await _mid_choice(world, game_id, seed=5)
    game = await world.game(game_id)
    [select] = _selects(hand)
    offered = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
    assert [o["value"] for o in offered] == [o["value"] for o in select["options"]]
    assert [o["name"] for o in offered] == [o["label"] for o in select["options"]]
    done = await fb(world, who, "play", decision=offered[-1]["value"])
    assert done.ephemeral and "Your hand" in done.response.content
    assert (await world.game(game_id)).action_count == game.action_count + 1
    version = (await world.game(game_id)).version
    refused(await who.select(hand, [offered[0]["value"]], custom_id=select["custom_id"]), STALE)
    assert (await world.game(game_id)).version == version


async def test_a_restart_between_two_steps_keeps_the_card_played_and_asks_the_same_step(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await _mid_choice(world, game_id, seed=6)
    game, state = await world.game(game_id), await state_of(world, game_id)
    [select] = _selects(hand)
    table_before = fresh(world, await table_of(world, game_id)).embeds[0].to_dict()
    await world.restart()
    assert (await world.game(game_id)).version == game.version
    replayed = FB.game.dump_state(await _replayed(world, game_id))
    assert json.loads(replayed) == json.loads((await world.game(game_id)).state_json)
    table_after = fresh(world, await table_of(world, game_id)).embeds[0].to_dict()
    assert table_after["fields"] == table_before["fields"]
    again = await who.click(await table_of(world, game_id), label="Show my hand")
    assert again.ephemeral and again.response is not None
    [now] = _selects(again.response)
    assert now["custom_id"] == select["custom_id"] and now["options"] == select["options"]
    assert again.response.content == hand.content
    # the hand opened before the restart still makes the step
    await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    after = await world.game(game_id)
    assert after.action_count == game.action_count + 1
    assert FB.game.load_state(after.state_json).card in (state.card, -1)


async def _replayed(world: World, game_id: int) -> Any:
    from bot.services.multi_rules import parse_move

    game = await world.game(game_id)
    state = FB.new_state(game.seed, len(game.seats))
    for row in await world.bot.store.action_log(game_id):
        seat, action = parse_move(FB.game, row.action_json)
        FB.game.apply(state, action, seat)
    return state


async def test_board_posted_mid_play_keeps_one_table_and_the_old_copy_does_no_harm(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await _mid_choice(world, game_id, seed=7)
    old = await table_of(world, game_id)
    posted = await fb(world, who, "board")
    assert not posted.ephemeral
    new = await table_of(world, game_id)
    assert new.id != old.id
    [select] = _selects(hand)
    await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    game = await world.game(game_id)
    # a client still showing the old copy: its Show my hand opens the hand as stored now
    old_hand = await world.forged_click(who, fresh(world, old), f"fb:hand:{game_id}")
    new_hand = await who.click(fresh(world, new), label="Show my hand")
    assert old_hand.response.content == new_hand.response.content
    assert _selects(old_hand.response) == _selects(new_hand.response)
    assert (await world.game(game_id)).version == game.version


async def test_the_table_posted_again_retires_the_old_one_which_points_to_it(
    world: World,
) -> None:
    """The old table used to stay as it was, Show my hand and all: after the next moves
    it showed a position the game had left (whose turn, the hit list) as if current."""
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await _mid_choice(world, game_id, seed=7)
    old = await table_of(world, game_id)
    await fb(world, who, "board")
    new = await table_of(world, game_id)
    [select] = _selects(hand)
    await who.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    retired = fresh(world, old)
    assert not retired.embeds and World.components(retired) == []
    assert str(new.id) in retired.content and "moved" in retired.content


# ---------------------------------------------------------------------- the end, play again
async def _abandoned(world: World, people: list[Any], ai: int = 0) -> int:
    """A started game every person leaves: it ends there."""
    game_id = await started(world, people, ai=ai)
    for person in people:
        await fb(world, person, "leave")
    assert (await world.game(game_id)).status == "finished"
    return game_id


async def _lobbies(world: World) -> list[Any]:
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    return [] if game is None else [game]


async def test_play_again_by_a_stranger_or_twice_opens_one_lobby_and_refuses_the_rest(
    world: World,
) -> None:
    game_id = await _abandoned(world, [world.alice, world.bob], ai=1)
    table = await table_of(world, game_id)
    refused(await world.carol.click(fresh(world, table), label="Play again"), "did not play")
    assert await _lobbies(world) == []
    both = await world.click_together(
        [world.alice, world.bob], fresh(world, table), f"fb:again:{game_id}"
    )
    assert sorted(r.ephemeral for r in both) == [False, True], both
    refused(next(r for r in both if r.ephemeral), "game in this channel")
    [lobby] = await _lobbies(world)
    host = world.bob if both[0].ephemeral else world.alice
    assert lobby.status == "challenge" and lobby.id != game_id
    names = [s.name for s in lobby.seats]
    assert sorted(names) == ["Alice", "Bob", "Vito"] and lobby.seats[0].user_id == host.id
    assert all(s.left_place is None for s in lobby.seats)
    assert [s.played_by_ai for s in lobby.seats].count(True) == 1  # the leavers are people again
    refused(await world.alice.click(fresh(world, table), label="Play again"), "already")
    shown = fresh(world, await world.table(lobby.id)).embeds[0].description
    assert all(name in shown for name in names)  # the new lobby shows its seats
    assert (await world.game(lobby.id)).version == lobby.version


async def test_play_again_in_a_channel_with_a_new_lobby_is_refused_and_changes_it(
    world: World,
) -> None:
    game_id = await _abandoned(world, [world.alice, world.bob])
    await fb(world, world.carol, "open", seats=3)
    [lobby] = await _lobbies(world)
    refused(
        await world.alice.click(fresh(world, await table_of(world, game_id)), label="Play again"),
        "already",
    )
    assert (await world.game(lobby.id)).version == lobby.version
    assert [s.name for s in (await world.game(lobby.id)).seats] == ["Carol"]
    await world.carol.click(fresh(world, await world.table(lobby.id)), label="Cancel")
    again = await world.bob.click(fresh(world, await table_of(world, game_id)), label="Play again")
    assert not again.ephemeral
    [reopened] = await _lobbies(world)
    assert [s.name for s in reopened.seats] == ["Bob", "Alice"]


# ---------------------------------------------------------------------- the turn timer
async def test_a_turn_running_out_mid_play_lets_the_ai_finish_it_and_stales_the_hand(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await _mid_choice(world, game_id, seed=8)
    game = await world.game(game_id)
    seat = game.seat_of(who.id)
    assert game.deadline is not None
    left = (game.deadline - world.env.now()).total_seconds()
    await world.env.advance_time(left / 2 + 1)
    reminders = [m for m in world.messages() if "still your turn" in m.content]
    assert len(reminders) == 1 and f"<@{who.id}>" in reminders[0].content
    [select] = _selects(hand)
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
    typed = await fb(world, who, "play", decision=select["options"][0]["value"])
    refused(typed, "left")
    assert len([m for m in world.messages() if "still your turn" in m.content]) == 1


async def test_a_step_confirmed_at_the_deadline_before_the_timer_ran_stands(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    who, hand = await _mid_choice(world, game_id, seed=9)
    game = await world.game(game_id)
    assert game.deadline is not None
    world.env.backend.advance_clock((game.deadline - world.env.now()).total_seconds())
    [select] = _selects(hand)
    value = select["options"][0]["value"]
    done = await who.select(hand, [value], custom_id=select["custom_id"])
    assert done.response is not None and done.response.id == hand.id  # taken, the hand redrawn
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    assert [json.loads(r.action_json)["action"] for r in log][:1] == [json.loads(value)]
    await world.bot.timer.tick()  # the turn ran out after the step: nothing confirmed is lost
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    assert [json.loads(r.action_json)["action"] for r in log][:1] == [json.loads(value)]
    assert len([m for m in world.messages() if "time ran out" in m.content]) <= 1


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
    [lobby] = await _lobbies(world)
    assert len(lobby.seats) == 6 and [s.is_person for s in lobby.seats].count(True) == 1


# ---------------------------------------------------------------------- races
def _button(custom_id: str) -> dict[str, Any]:
    return {"custom_id": custom_id, "component_type": 2}


async def test_the_host_cancelling_while_others_join_leaves_a_cancelled_lobby_shown_so(
    world: World,
) -> None:
    await fb(world, world.alice, "open", seats=4)
    [lobby] = await _lobbies(world)
    table = await world.table(lobby.id)
    results = await world.together(
        fresh(world, table),
        [
            (world.bob, _button(f"fb:lobby:join:{lobby.id}")),
            (world.alice, _button(f"fb:lobby:cancel:{lobby.id}")),
            (world.carol, _button(f"fb:lobby:join:{lobby.id}")),
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
    assert await _lobbies(world) == []
    assert not (await fb(world, world.bob, "open")).ephemeral  # the channel is free


async def test_two_different_picks_on_one_step_at_once_make_exactly_one_choice(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    for seed in range(10, 40):
        who, hand = await _mid_choice(world, game_id, seed=seed)
        [select] = _selects(hand)
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
    assert sorted(r.ephemeral for r in both) == [False, True], both
    refused(next(r for r in both if r.ephemeral), STALE)
    log = await world.bot.store.action_log(game_id, since=game.action_count)
    mine = [json.loads(r.action_json)["action"] for r in log if r.actor == who.id]
    assert mine[:1] in ([json.loads(first)], [json.loads(second)]) and len(mine) == 1
    shown = next(r for r in both if not r.ephemeral)
    assert fresh(world, hand).content == shown.response.content


async def test_the_host_starting_while_a_player_leaves_starts_with_the_seats_stored(
    world: World,
) -> None:
    quick_ai(world)
    await fb(world, world.alice, "open", seats=4)
    [lobby] = await _lobbies(world)
    table = await world.table(lobby.id)
    await world.bob.click(fresh(world, table), label="Join")
    await world.carol.click(fresh(world, table), label="Join")
    results = await world.together(
        fresh(world, table),
        [
            (world.carol, _button(f"fb:lobby:leave:{lobby.id}")),
            (world.alice, _button(f"fb:lobby:start:{lobby.id}")),
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


# ---------------------------------------------------------------------- board, leaving
async def _until_window(world: World, game_id: int, seed: int = 11) -> None:
    rng = random.Random(seed)
    for _ in range(600):
        game, state = await world.game(game_id), await state_of(world, game_id)
        assert game.status == "active", "the game ended before a window opened"
        if FB.window_open(state):
            return
        who = member(world, game.players[FB.game.awaiting(state)[0]])
        hand = await who.click(await table_of(world, game_id), label="Show my hand")
        options = [
            (s["custom_id"], o["value"]) for s in _selects(hand.response) for o in s["options"]
        ]
        plays = [o for o in options if json.loads(o[1])["kind"] != "discard"] or options
        custom_id, value = rng.choice(plays)
        await who.select(hand.response, [value], custom_id=custom_id)
    raise AssertionError("no window opened")


async def test_board_during_a_window_keeps_the_window_answerable_and_updates_the_new_table(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await _until_window(world, game_id)
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


async def test_leaving_mid_play_hands_the_half_built_play_to_the_ai(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who, hand = await _mid_choice(world, game_id, seed=12)
    [select] = _selects(hand)
    left = await fb(world, who, "leave")
    assert left.ephemeral and "AI plays your gang" in left.response.content
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
        await fb(world, person, "leave")
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


async def test_start_pressed_on_an_older_lobby_copy_leaves_one_live_table(world: World) -> None:
    """``/familybusiness board`` posted the lobby again (the first copy points to it); a
    Start still sent from the first copy (a client that kept its buttons) drew the
    table there while the table of record is the newer copy."""
    quick_ai(world)
    await fb(world, world.alice, "open", seats=3)
    [lobby] = await _lobbies(world)
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
    await _until_window(world, lobby.id)  # moves go on; the table of record follows them
    shown = fresh(world, await table_of(world, lobby.id)).embeds[0].to_dict()
    assert "window" in str(shown).lower()


# ---------------------------------------------------------------------- nowhere to play
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
    refused(await fb(world, world.carol, "open"), "already a game")
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


async def test_play_again_forged_on_a_lobby_that_never_started_opens_nothing(
    world: World,
) -> None:
    """Play again is drawn on finished tables only; a forged one on a cancelled or
    expired lobby used to open a new lobby, as if that game had been played."""
    await fb(world, world.alice, "open", seats=3)
    [lobby] = await _lobbies(world)
    table = await world.table(lobby.id)
    await world.bob.click(fresh(world, table), label="Join")
    await world.alice.click(fresh(world, table), label="Cancel")
    for who in (world.alice, world.bob):
        refused(await world.forged_click(who, fresh(world, table), f"fb:again:{lobby.id}"))
    assert await _lobbies(world) == []
    await fb(world, world.carol, "open", seats=2)
    [expiring] = await _lobbies(world)
    await world.env.advance_time(world.config.lobby_timeout_minutes * 60 + 1)
    assert (await world.game(expiring.id)).status == "expired"
    old = await world.table(expiring.id)
    refused(await world.forged_click(world.carol, fresh(world, old), f"fb:again:{expiring.id}"))
    assert await _lobbies(world) == []


async def test_an_older_lobby_copy_never_shows_seats_the_lobby_no_longer_has(
    world: World,
) -> None:
    await fb(world, world.alice, "open", seats=3)
    [lobby] = await _lobbies(world)
    first = await world.table(lobby.id)
    await fb(world, world.alice, "board")
    table = await world.table(lobby.id)
    await world.bob.click(fresh(world, table), label="Join")
    shown = fresh(world, table).embeds[0].description
    old = fresh(world, first)
    assert not old.embeds or old.embeds[0].description == shown, old.embeds[0].description


async def test_an_answer_or_a_pick_forged_on_a_public_message_leaves_that_message_alone(
    world: World,
) -> None:
    """Answers and picks are drawn on private messages only; one sent from the window's
    public announcement used to turn it into "Answered: …" without its button, for
    everyone, and one sent from the table to write the player's hand over the table."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await _until_window(world, game_id)
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
    await _until_window(world, game_id, seed=13)
    game, state = await world.game(game_id), await state_of(world, game_id)
    player = member(world, game.players[state.active])
    turn = state.turn
    left = await fb(world, player, "leave")
    assert left.ephemeral and "AI plays your gang" in left.response.content
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
