"""Playing Family Business in SimCord the way people do: lobby buttons, the table's
**Show my hand**, the hand's selects step by step, a window's answer button. The AI
seats play the engine's quick policy in-process, so a whole game runs in test time
(the worker pool's own path is tested in tests/services).

What a person reads off the controls (:func:`step_choices`, :func:`window_button`,
:func:`answer_choice`) is shared with ``bench/bot.py``'s Family Business players, which
send their clicks many at a time instead of one by one. The hostile tests reach their
positions from here too: a window open (:func:`until_window`), a play half built
(:func:`mid_choice`), a game every person left (:func:`abandoned`)."""

from __future__ import annotations

import json
import random
from typing import Any

import simcord
from simcord import MemberActor

from bot.services.multi_rules import parse_move, rules_of
from engine.family_business import GAME
from engine.family_business.quick import quick_policy
from tests.simcord_world import World, fresh

FB = rules_of("family_business")


def step_choices(parts: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Every option of a hand's step selects, as (the select's custom id, the value)."""
    return [
        (part["custom_id"], option["value"])
        for part in parts
        if part.get("custom_id", "").startswith("fb:do:")
        for option in part.get("options", [])
    ]


def window_button(game_id: int, turn: int) -> str:
    """The custom id of the button on the announcement of the window of ``turn``."""
    return f"fb:window:{game_id}:{turn}"


def answer_choice(parts: list[dict[str, Any]], counter: bool) -> str | None:
    """The answer to click on a window's private prompt: a counter if wanted and held,
    else No counter (None: the prompt offers no answer)."""
    answers = [p["custom_id"] for p in parts if p.get("custom_id", "").startswith("fb:ans:")]
    held = [a for a in answers if counter and a.split(":")[-1] != "none"]
    return next(iter(held), None) or next((a for a in answers if a.endswith(":none")), None)


def quick_ai(world: World) -> None:
    """The AI seats decide with the quick policy, at once (deterministic per move)."""

    async def decide(game: Any, state: Any, seat: int, strength: str) -> Any:
        return quick_policy(state, seat, random.Random(game.action_count * 31 + seat))

    world.bot.family_business.multi.decide = decide


async def leave_game(world: World, who: MemberActor) -> Any:
    """``/familybusiness leave`` in a started game, and its confirmation clicked: the
    click's result (the question's answer when it was refused)."""
    asked = await fb(world, who, "leave")
    quit_ids = [
        c["custom_id"]
        for c in (World.components(asked.response) if asked.response is not None else [])
        if c.get("custom_id", "").startswith("fb:quit:")
    ]
    if not quit_ids:
        return asked
    return await who.click(asked.response, custom_id=quit_ids[0])


async def fb(world: World, who: MemberActor, name: str, **options: Any) -> Any:
    return await who.slash(world.channel, f"familybusiness {name}", **options)


async def lobby_with(world: World, people: list[MemberActor], ai: int, most: int = 4) -> int:
    """A lobby opened by the first person, the others joined, ``ai`` AI seats added."""
    await fb(world, people[0], "open", seats=most)
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    table = await world.table(game.id)
    for person in people[1:]:
        await person.click(table, label="Join")
    for _ in range(ai):
        await people[0].select(fresh(world, table), ["easy"], custom_id=f"fb:addai:{game.id}")
    return game.id


async def state_of(world: World, game_id: int) -> Any:
    return GAME.load_state((await world.game(game_id)).state_json)


def member(world: World, user_id: int, more: tuple[MemberActor, ...] = ()) -> MemberActor:
    return next(m for m in (world.alice, world.bob, world.carol, *more) if m.id == user_id)


async def table_of(world: World, game_id: int) -> Any:
    """The game's table as stored now (read directly: a long game's channel history is
    long)."""
    table_id = (await world.game(game_id)).table_message_id
    assert table_id is not None
    return simcord.ResponseMessage(
        world.env, world.env.backend.get_message(world.channel.id, table_id)
    )


def window_message(world: World, game_id: int, turn: int) -> Any:
    """The window's announcement, among the channel's latest messages."""
    wanted = window_button(game_id, turn)
    stored = world.env.backend.messages.get(world.channel.id, {})
    for message_id in sorted(stored, reverse=True)[:50]:
        message = simcord.ResponseMessage(world.env, stored[message_id])
        if any(c.get("custom_id") == wanted for c in World.components(message)):
            return message
    raise AssertionError("no announcement of the window")


async def answer_window(world: World, who: MemberActor, game_id: int, counter: bool) -> str:
    """Open the private prompt from the announcement and answer (a counter if wanted and
    held, else No counter); the custom id of the answer clicked."""
    state = await state_of(world, game_id)
    prompt = await who.click(
        window_message(world, game_id, state.turn), label="Answer the counter window"
    )
    assert prompt.ephemeral and prompt.response is not None, prompt
    pick = answer_choice(World.components(prompt.response), counter)
    assert pick is not None, "the prompt offers no answer"
    await who.click(prompt.response, custom_id=pick)
    return pick


async def take_turn_step(world: World, who: MemberActor, game_id: int, rng: random.Random) -> None:
    """One decision of a turn through the hand's selects."""
    result = await who.click(await table_of(world, game_id), label="Show my hand")
    assert result.ephemeral and result.response is not None, result
    choices = step_choices(World.components(result.response))
    assert choices, "the hand offers no decision on the player's turn"
    custom_id, value = rng.choice(choices)
    await who.select(result.response, [value], custom_id=custom_id)


async def slash_step(world: World, who: MemberActor, rng: random.Random) -> None:
    """One decision by ``/familybusiness play``, picked from its autocomplete."""
    offered = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
    assert offered, "the autocomplete offers no decision to the player it waits for"
    answer = await fb(world, who, "play", decision=rng.choice(offered)["value"])
    assert answer.ephemeral and "Your hand" in answer.response.content, answer


async def play_to_the_end(
    world: World,
    game_id: int,
    *,
    more: tuple[MemberActor, ...] = (),
    slash_every: int = 0,
    max_steps: int = 4000,
    to_the_end: bool = True,
) -> dict[str, int]:
    """People play by buttons (counters when they hold one) until the game ends (or,
    without ``to_the_end``, for ``max_steps`` decisions); with ``slash_every`` every so
    many decisions are made by ``/familybusiness play``. What was done, by count
    (``seat<n>``: decisions of that seat)."""
    rng = random.Random(5)
    seen = {"counters": 0, "windows": 0, "slash": 0}
    for step in range(max_steps):
        game = await world.game(game_id)
        if game.status != "active":
            return seen
        state = GAME.load_state(game.state_json)
        awaited = [s for s in GAME.awaiting(state) if not game.seats[s].played_by_ai]
        assert awaited, "the AI left a seat of its own waiting"
        seat = awaited[0]
        seen[f"seat{seat}"] = seen.get(f"seat{seat}", 0) + 1
        who = member(world, game.players[seat], more)
        if slash_every and step % slash_every == 0:
            seen["slash"] += 1
            await slash_step(world, who, rng)
        elif FB.window_open(state):
            seen["windows"] += 1
            pick = await answer_window(world, who, game_id, counter=True)
            seen["counters"] += pick.split(":")[-1] != "none"
        else:
            await take_turn_step(world, who, game_id, rng)
    if not to_the_end:
        return seen
    raise AssertionError("the game did not end")


async def started(world: World, people: list[MemberActor], ai: int = 0) -> int:
    """A game of ``people`` and ``ai`` quick AI seats, started by its host."""
    quick_ai(world)
    game_id = await lobby_with(world, people, ai=ai, most=max(4, len(people) + ai))
    await people[0].click(fresh(world, await world.table(game_id)), label="Start")
    return game_id


#: seconds a counter window stays open in the test settings
WINDOW = 60


#: what a refusal of a control drawn for an earlier moment says
STALE = "earlier moment"


async def until_window(world: World, game_id: int, wanted: Any = None, seed: int = 9) -> None:
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


async def window_of_three(world: World) -> tuple[int, Any, Any, int, Any]:
    """A game of three people run until a window opens: its id, row and state, the
    first seat asked and that seat's member."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    seat = FB.game.awaiting(state)[0]
    return game_id, game, state, seat, member(world, game.players[seat])


def counters_held(state: Any, seat: int) -> list[Any]:
    """The counters ``seat`` may answer the open window with."""
    return [a for a in FB.game.legal_actions(state, seat) if a.kind == "counter"]


def counter_key(action: Any) -> str:
    """The card key a counter action names (as in an answer button's id)."""
    return str(json.loads(FB.game.dump_action(action))["card"])


def a_person_holds_a_counter(game: Any, state: Any) -> bool:
    return any(
        counters_held(state, s) for s in FB.game.awaiting(state) if not game.seats[s].played_by_ai
    )


async def answers_since(world: World, game_id: int, count: int) -> list[tuple[int, str]]:
    log = await world.bot.store.action_log(game_id, since=count)
    return [
        (seat, action.kind)
        for seat, action in (parse_move(FB.game, row.action_json) for row in log)
        if action.kind in ("counter", "no_counter")
    ]


def selects(message: Any) -> list[dict[str, Any]]:
    return [c for c in World.components(message) if c.get("custom_id", "").startswith("fb:do:")]


async def mid_choice(world: World, game_id: int, seed: int = 3) -> tuple[Any, Any]:
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
            (s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]
        ]
        plays = [o for o in options if json.loads(o[1])["kind"] == "play"] or options
        custom_id, value = rng.choice(plays)
        await who.select(hand.response, [value], custom_id=custom_id)
    raise AssertionError("no card asked for a further choice")


def not_offered(value: str, offered: list[str]) -> list[str]:
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


async def abandoned(world: World, people: list[Any], ai: int = 0) -> int:
    """A started game every person leaves: it ends there."""
    game_id = await started(world, people, ai=ai)
    for person in people:
        await leave_game(world, person)
    assert (await world.game(game_id)).status == "finished"
    return game_id


async def lobbies(world: World) -> list[Any]:
    """The open lobby or running game of the test channel, if any."""
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    return [] if game is None else [game]


async def until_played_window(world: World, game_id: int, seed: int = 11) -> None:
    """People play cards (a discard only when nothing else is offered) by their hands'
    selects until a counter window opens."""
    rng = random.Random(seed)
    for _ in range(600):
        game, state = await world.game(game_id), await state_of(world, game_id)
        assert game.status == "active", "the game ended before a window opened"
        if FB.window_open(state):
            return
        who = member(world, game.players[FB.game.awaiting(state)[0]])
        hand = await who.click(await table_of(world, game_id), label="Show my hand")
        options = [
            (s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]
        ]
        plays = [o for o in options if json.loads(o[1])["kind"] != "discard"] or options
        custom_id, value = rng.choice(plays)
        await who.select(hand.response, [value], custom_id=custom_id)
    raise AssertionError("no window opened")


async def replayed(world: World, game_id: int) -> Any:
    """The state the stored action log leads to, from the game's seed."""
    game = await world.game(game_id)
    state = FB.new_state(game.seed, len(game.seats))
    for row in await world.bot.store.action_log(game_id):
        seat, action = parse_move(FB.game, row.action_json)
        FB.game.apply(state, action, seat)
    return state


async def a_persons_turn(world: World, game_id: int) -> MemberActor:
    """The clock moved on (windows closed, AI seats played) until a person is to move."""
    for _ in range(200):
        game, state = await world.game(game_id), await state_of(world, game_id)
        if FB.window_open(state):
            await world.env.advance_time(WINDOW + 1)
            continue
        seat = FB.game.awaiting(state)[0]
        if not game.seats[seat].played_by_ai:
            return member(world, game.players[seat])
        await world.env.advance_time(1)
    raise AssertionError("no person came to move")


async def play_a_card(world: World, game_id: int, rng: random.Random) -> tuple[Any, str]:
    """The person to move plays a card (a discard when nothing else is offered), one
    decision by their hand's selects: who, and what their hand answered."""
    game, state = await world.game(game_id), await state_of(world, game_id)
    who = member(world, game.players[FB.game.awaiting(state)[0]])
    hand = await who.click(await table_of(world, game_id), label="Show my hand")
    options = [(s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]]
    plays = [o for o in options if '"discard"' not in o[1]] or options
    custom_id, value = rng.choice(plays)
    answer = await who.select(hand.response, [value], custom_id=custom_id)
    return who, fresh(world, answer.response).content


async def until_a_gang_is_out(world: World, game_id: int, rng: random.Random) -> MemberActor:
    """People play cards (windows closing silent) until a person's gang is out of the
    running game (rule 7.2): that person."""
    for _ in range(4000):
        game, state = await world.game(game_id), await state_of(world, game_id)
        assert game.status == "active", "the game ended before a gang was out"
        out = [s for s in range(state.n) if not state.live[s]]
        if FB.window_open(state):
            await world.env.advance_time(WINDOW + 1)  # silence: no counter
        elif out:
            return member(world, game.players[out[0]])
        else:
            await play_a_card(world, game_id, rng)
    raise AssertionError("no gang was out")
