"""A Family Business person's private hand says where they stand when they have nothing
to decide: the card's player, right after the play that opened a counter window, reads
that the card waits for the others' answers and until when, the same words whoever has
answered (rule 5.2, RULING R31); a person whose gang is out reads that the others play
on (rule 7.2)."""

from __future__ import annotations

import random

from cogs.render.family_business.words import card_name
from tests.fb_play import (
    FB,
    WINDOW,
    answer_window,
    member,
    play_a_card,
    started,
    state_of,
    table_of,
    until_a_gang_is_out,
)


async def _play_until_a_window(world, game_id: int) -> tuple[object, str]:
    """People play cards until one opens a window: the card's player and the text their
    hand answered the play with."""
    rng = random.Random(11)
    for _ in range(600):
        assert (await world.game(game_id)).status == "active", "no window opened"
        if FB.window_open(await state_of(world, game_id)):
            await world.env.advance_time(WINDOW + 1)
            continue
        who, text = await play_a_card(world, game_id, rng)
        if FB.window_open(await state_of(world, game_id)):
            return who, text
    raise AssertionError("no window opened")


async def test_the_cards_player_reads_that_its_card_waits_for_the_answers(world) -> None:
    """RULING R31: the words say until when, never who has answered."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    player, text = await _play_until_a_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    window = FB.game.view(state, None).window
    assert window.player == game.seat_of(player.id)
    said = text.splitlines()[1]
    assert said.startswith(f"Your {card_name(window.card)}"), text
    assert "waits for the others' answers" in said, text
    assert f"closes by <t:{int(game.deadline.timestamp())}:t>" in said, text
    first = member(world, game.players[FB.game.awaiting(state)[0]])
    await answer_window(world, first, game_id, counter=False)
    assert FB.window_open(await state_of(world, game_id))  # two asked, one answered
    again = await player.click(await table_of(world, game_id), label="Show my hand")
    assert again.response.content.splitlines()[1] == said


async def test_a_person_whose_gang_is_out_reads_that_the_others_play_on(world) -> None:
    """Rule 7.2: an eliminated gang takes no more turns and is never asked."""
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who = await until_a_gang_is_out(world, game_id, random.Random(4))
    hand = await who.click(await table_of(world, game_id), label="Show my hand")
    assert hand.response.content.splitlines() == [
        "**Your hand:** empty",
        "Your gang is out of the game: the others play on without it.",
    ]
