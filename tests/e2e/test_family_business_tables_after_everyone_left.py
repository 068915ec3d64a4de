"""The last table of a Family Business game every person left, in SimCord: the service
ends the game there (abandoned) while its AI seats could still play, so the engine's
position is not over; its table still reads like that of a game ended by the rules —
the game is over, with its result, and nobody to move, no counter window open, no
deadline, in its words and in its picture — and it, the end's announcement and the
last leaver's notices say why it ended there."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from cogs.family_business.views import result_words
from cogs.render.family_business.picture import table_png
from cogs.render.family_business.table import COLOUR_OVER
from cogs.render.family_business.words import ABANDONED
from tests.fb_play import (
    FB,
    WINDOW,
    abandoned,
    answer_window,
    leave_game,
    member,
    started,
    state_of,
    table_of,
    take_turn_step,
    until_played_window,
)
from tests.simcord_world import World, fresh

#: what only the table of a running game says: whose turn, the mover's mark, an open
#: window, when it closes, what the Mob War does at the start of the next turn
RUNNING = (
    "turn**",
    "'s turn",
    "to move",
    "Counter window",
    "closes",
    "Until",
    "deadline",
    "<t:",
    "next turn",
    "execute",
)


def _texts(message: Any) -> list[str]:
    """Every text of a table message that tells its present: its content, the embed's
    title, description, field names and values (the last events only by name: they
    tell what happened, windows that opened too) and footer, and the picture's
    description."""
    embed = message.embeds[0].to_dict()
    fields = [
        part
        for f in embed.get("fields", [])
        for part in ((f["name"],) if f["name"] == "Last events" else (f["name"], f["value"]))
    ]
    footer = embed.get("footer", {}).get("text", "")
    pictures = [a.description or "" for a in message.attachments]
    return [message.content or "", embed["title"], embed["description"], *fields, footer, *pictures]


async def _shows_only_the_result(world: World, game_id: int) -> None:
    """The table of finished ``game_id`` names no one to move and no open window: it says
    the game is over, gives the places, and its picture is the one of the position over."""
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert game.status == "finished"
    result = await world.bot.store.get_result(game_id)
    assert result is not None
    public = FB.game.view(state, None)
    assert not public.over  # ended by everyone leaving, not by the rules
    table = fresh(world, await table_of(world, game_id))
    texts = _texts(table)
    for text in texts:
        assert not any(word in text for word in RUNNING), text
    embed = table.embeds[0].to_dict()
    assert embed["description"].startswith("The game is over.")
    assert embed["color"] == COLOUR_OVER.value
    [places] = [f["value"] for f in embed["fields"] if f["name"] == "Result"]
    assert places.startswith(ABANDONED)  # why it ended before the rules ended it
    [end] = [m.content for m in world.messages() if m.content.startswith("🏁 Family Business")]
    assert ABANDONED in end
    for seat, person in enumerate(game.seats):
        assert f"**{result.places[seat]}.** {person.name}" in places, places
    [picture] = table.attachments
    said = result_words(result.places, tuple(s.name for s in game.seats))  # as stored
    assert (picture.description or "").startswith(f"The game is over · {said}.")
    names = tuple(s.name for s in game.seats)
    assert await picture.read() == table_png(dataclasses.replace(public, over=True), names, said)
    assert [c["label"] for c in World.components(table)] == ["Play again"]


async def test_a_table_everyone_left_on_a_turn_names_no_one_to_move_only_the_result(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    before = fresh(world, await table_of(world, game_id)).embeds[0].to_dict()
    assert "turn**" in before["description"]  # a running game's table names the mover
    for person in (world.alice, world.bob):
        await leave_game(world, person)
    await _shows_only_the_result(world, game_id)


async def test_a_table_everyone_left_in_a_counter_window_shows_no_open_window_only_the_result(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    await until_played_window(world, game_id)
    for person in (world.alice, world.bob):
        await leave_game(world, person)
    assert FB.window_open(await state_of(world, game_id))  # the game ended mid-window
    await _shows_only_the_result(world, game_id)


async def test_a_table_everyone_left_with_ai_seats_still_playing_shows_only_the_result(
    world: World,
) -> None:
    game_id = await abandoned(world, [world.alice, world.bob], ai=1)
    await _shows_only_the_result(world, game_id)


async def test_a_table_everyone_left_during_a_mob_war_predicts_no_execution(
    world: World,
) -> None:
    """Rules 6.4, 7.1: the game is over, so no next turn executes the listed mobster at
    the wall, though the war was on and the list not empty when the game ended."""
    game_id = await started(world, [world.alice, world.bob])
    rng = random.Random(2)
    for _ in range(2000):
        state = await state_of(world, game_id)
        if state.war and state.hit and not FB.window_open(state):
            break
        if FB.window_open(state):
            await world.env.advance_time(WINDOW + 1)
            continue
        game = await world.game(game_id)
        who = member(world, game.players[FB.game.awaiting(state)[0]])
        await take_turn_step(world, who, game_id, rng)
    else:
        raise AssertionError("no Mob War with a listed mobster")
    running = fresh(world, await table_of(world, game_id)).embeds[0].to_dict()
    assert "At the start of the next turn: position 1" in running["description"]
    for person in (world.alice, world.bob):
        await leave_game(world, person)
    await _shows_only_the_result(world, game_id)


async def test_the_last_person_to_leave_is_told_that_the_game_ends_not_that_the_ai_plays_on(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    first = await leave_game(world, world.alice)
    assert "the AI plays your gang from now on" in first.response.content
    last = await leave_game(world, world.bob)
    assert (await world.game(game_id)).status == "finished"
    assert "game ends here" in last.response.content
    assert "AI plays" not in last.response.content
    [notice] = [m.content for m in world.messages() if m.content.startswith("🚪 Bob")]
    assert "game ends here" in notice and "AI plays" not in notice


async def test_a_leavers_gang_the_ai_won_with_is_not_named_the_winner(world: World) -> None:
    """Alice leaves at once; the AI plays her gang on and it wins by the rules (seed 1).
    The stored result places her where she left; the table's last events say who won
    as stored, not 'Alice wins!'."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await leave_game(world, world.alice)
    rng = random.Random(1)
    for _ in range(4000):
        game = await world.game(game_id)
        if game.status != "active":
            break
        state = await state_of(world, game_id)
        seat = next(s for s in FB.game.awaiting(state) if not game.seats[s].played_by_ai)
        who = member(world, game.players[seat])
        if FB.window_open(state):
            await answer_window(world, who, game_id, counter=False)
        else:
            await take_turn_step(world, who, game_id, rng)
    state = await state_of(world, game_id)
    alice = game.seat_of(world.alice.id)
    assert FB.game.is_over(state) and state.winner == alice  # her gang won by the rules
    result = await world.bot.store.get_result(game_id)
    assert result is not None and result.places[alice] == 3
    winner = game.seats[result.places.index(1)].name
    table = fresh(world, await table_of(world, game_id))
    text = str(table.embeds[0].to_dict())
    assert "Alice wins" not in text and f"{winner} wins" in text
    [picture] = table.attachments  # the picture says it too, as stored
    assert (picture.description or "").startswith(f"The game is over · {winner} wins.")
