"""``/familybusiness play`` takes only a value its list offered, written exactly so, at the
moment it was offered for: a text that merely reads as the same move (other spacing, key
order, escapes, an extra or repeated key) is no move, an answer picked in one counter
window is stale in the next, and a player who left is offered nothing and shown no
hand; a value offered in the channel's earlier game is refused in the next one, however
far that has come."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from tests.answers import refused
from tests.fb_play import (
    FB,
    STALE,
    WINDOW,
    a_persons_turn,
    fb,
    leave_game,
    member,
    started,
    state_of,
    table_of,
    take_turn_step,
)
from tests.simcord_world import World


def lookalikes(offered: str) -> list[str]:
    """Texts that read as the offered move but are not the value offered."""
    mark, text = offered.split(":", 1)
    action = json.loads(text)
    found = re.fullmatch(r"(g[0-9]+)([ws])([0-9]+)", mark)
    assert found is not None, mark
    game, kind, moment = found.groups()
    head = game + kind
    return [
        f"{mark}:{json.dumps(action)}",  # spaces after the separators
        f"{mark}:{text} ",
        f"\n{mark}:{text}",
        f"{mark}: {text}",
        f"{mark}:" + json.dumps(dict(reversed(list(action.items()))), separators=(",", ":")),
        f'{mark}:{{"kind":"discard","card":"{action["card"]}","kind":"{action["kind"]}"}}',
        f'{mark}:{text[:-1]},"gang":null}}',
        f"{mark}:" + text.replace('"kind"', '"\\u006bind"'),
        f"{head}0{moment}:{text}",  # a leading zero
        f"{head}{''.join(chr(0x0660 + int(d)) for d in moment)}:{text}",  # Arabic digits
        f"g0{mark[1:]}:{text}",  # a leading zero in the game's id
        f"{head[len(game) :]}{moment}:{text}",  # without the game
        text,  # without the moment
    ]


async def test_a_text_that_only_reads_as_an_offered_move_is_refused(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob])
    while FB.window_open(state := await state_of(world, game_id)):
        await world.env.advance_time(WINDOW + 1)
    game = await world.game(game_id)
    mover = member(world, game.players[FB.game.awaiting(state)[0]])
    offered = await mover.autocomplete(world.channel, "familybusiness play", "decision", "")
    value = next(o["value"] for o in offered if '"kind":"play"' in o["value"])
    for text in lookalikes(value):
        refused(await fb(world, mover, "play", decision=text), "not a move")
    assert (await world.game(game_id)).version == game.version
    done = await fb(world, mover, "play", decision=value)
    assert done.ephemeral and "Your hand" in done.response.content


async def test_a_pasted_value_too_long_or_nested_too_deep_is_no_move(world: World) -> None:
    """Numbers longer than any the bot writes, and JSON nested deeper than Python reads,
    are refused like any other text (they failed as an error of the bot)."""
    game_id = await started(world, [world.alice, world.bob])
    who = await a_persons_turn(world, game_id)
    game = await world.game(game_id)
    at = f"g{game_id}s{game.action_count}:"
    for text in (
        f"g{game_id}s" + "1" * 4400 + ':{"kind":"no_counter"}',
        "g" + "1" * 4400 + f"s{game.action_count}:" + '{"kind":"no_counter"}',
        at + '{"kind":' + "[" * 2500 + "]" * 2500 + "}",
        at + '{"kind":"play","card":"' + "x" * 3000 + '"}',
    ):
        refused(await fb(world, who, "play", decision=text), "not a move")
    for forged in (5, 2.5, True, ["x"], {"kind": "play"}):  # no Discord client sends these
        refused(await world.raw(who, "play", group="familybusiness", decision=forged), "not a move")
    assert (await world.game(game_id)).version == game.version
    await take_turn_step(world, who, game_id, random.Random(1))
    assert (await world.game(game_id)).action_count == game.action_count + 1


async def test_a_value_of_the_players_game_in_another_channel_is_refused_here(
    world: World,
) -> None:
    """One person in two channels' games: a value copied from the other channel's game
    changes nothing here, and the refusal says it belongs to another game."""
    here = await started(world, [world.alice, world.bob])
    home = world.channel
    world.channel = world.guild.create_text_channel("second")
    there = await started(world, [world.alice, world.bob])
    who = await a_persons_turn(world, there)
    offered = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
    world.channel = home
    version = (await world.game(here)).version
    text = refused(await fb(world, who, "play", decision=offered[0]["value"]), "another game")
    assert "earlier" not in text
    assert (await world.game(here)).version == version


async def test_an_answer_picked_in_one_window_is_stale_in_the_next(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob], ai=1)
    rng = random.Random(1)
    picked: tuple[int, str] | None = None
    for _ in range(600):
        game, state = await world.game(game_id), await state_of(world, game_id)
        assert game.status == "active", "the game ended before two windows asked Alice"
        asked = FB.window_open(state) and game.seat_of(world.alice.id) in FB.game.awaiting(state)
        if asked and picked is not None and picked[0] != state.turn:
            before = await world.game(game_id)
            refused(await fb(world, world.alice, "play", decision=picked[1]), STALE)
            assert (await world.game(game_id)).version == before.version
            return
        if asked:  # she picks "No counter" and is too slow: the window closes without her
            offered = await world.alice.autocomplete(
                world.channel, "familybusiness play", "decision", ""
            )
            value = next(o["value"] for o in offered if "no_counter" in o["value"])
            assert value == f'g{game_id}w{state.turn}:{{"kind":"no_counter"}}'
            picked = (state.turn, value)
            await world.env.advance_time(WINDOW + 1)
            continue
        if FB.window_open(state):
            await world.env.advance_time(WINDOW + 1)
            continue
        people = [s for s in FB.game.awaiting(state) if not game.seats[s].played_by_ai]
        if not people:
            await world.env.advance_time(1)
            continue
        await take_turn_step(world, member(world, game.players[people[0]]), game_id, rng)
    raise AssertionError("Alice was not asked in two windows")


async def test_a_player_who_left_is_offered_nothing_and_shown_no_hand(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    while FB.window_open(await state_of(world, game_id)):
        await world.env.advance_time(WINDOW + 1)
    game, state = await world.game(game_id), await state_of(world, game_id)
    who = member(world, game.players[FB.game.awaiting(state)[0]])

    async def stuck(*args: Any) -> Any:
        raise RuntimeError("the worker died")  # the AI has not played the seat yet

    world.bot.family_business.multi.decide = stuck
    await leave_game(world, who)
    hand = await who.click(await table_of(world, game_id), label="Show my hand")
    assert "Your turn" not in refused(hand, "no longer in this game")
    refused(await fb(world, who, "hand"), "no longer in this game")
    assert await who.autocomplete(world.channel, "familybusiness play", "decision", "") == []


async def test_a_value_of_the_channels_earlier_game_is_refused_in_the_next(
    world: World,
) -> None:
    """A draft left in the input box when a game ended, sent after Play again once the
    new game had come as far, was taken as a move of the new game."""
    first = await started(world, [world.alice, world.bob])
    while FB.window_open(state := await state_of(world, first)):
        await world.env.advance_time(WINDOW + 1)
    who = member(world, (await world.game(first)).players[FB.game.awaiting(state)[0]])
    [offered, *_] = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
    for person in (world.alice, world.bob):
        await leave_game(world, person)  # the game ends: no person plays it any more
    assert (await world.game(first)).status == "finished"
    second = await started(world, [world.alice, world.bob])
    game = await world.game(second)
    assert second != first and game.action_count == 0
    mark, text = offered["value"].split(":", 1)
    moment = mark[mark.index("s") :] if "s" in mark else mark[mark.index("w") :]
    stale = f"g{first}{moment}:{text}"  # the earlier game's value, at this very moment
    version = game.version
    refused(
        await fb(world, who, "play", decision=stale), "another game, not the one you play here now"
    )
    assert (await world.game(second)).version == version
