"""Family Business end to end in SimCord: a four-seat game of two people and two AI
seats played to its end by buttons, with counters played; the end with places, every
hand and Play again; ratings for the people only."""

from __future__ import annotations

from bot.services.multi_rules import parse_move
from engine.family_business import GAME, FBOptions

from .fb_play import lobby_with, play_to_the_end, quick_ai
from .harness import fresh


async def test_two_people_and_two_ai_play_a_whole_game_by_buttons(world) -> None:
    quick_ai(world)
    game_id = await lobby_with(world, [world.alice, world.bob], ai=2)
    table = await world.table(game_id)
    await world.alice.click(fresh(world, table), label="Start")
    game = await world.game(game_id)
    assert game.status == "active" and len(game.players) == 4
    await play_to_the_end(world, game_id)
    game = await world.game(game_id)
    assert game.status == "finished"
    people = {s for s, seat in enumerate(game.seats) if seat.is_person}
    countered = await counters_and_next_turns(world, game_id)
    assert any(seat in people and nxt == seat for seat, nxt in countered), countered
    result = await world.bot.store.get_result(game_id)
    assert result is not None and len(result.places) == 4
    final = fresh(world, await world.table(game_id))
    text = str(final.embeds[0].to_dict())
    assert "Result" in text and "Play again" in str(final.components)
    assert await world.bot.store.multi_rating("family_business", world.alice.id) is not None


async def counters_and_next_turns(world, game_id: int) -> list[tuple[int, int]]:
    """Replaying the log: each counter that counted (its seat) and whose turn came next
    (rule 4.5: the counter's player moves next)."""
    game = await world.game(game_id)
    state = GAME.new(game.seed, FBOptions(seats=len(game.players)))
    found: list[tuple[int, int]] = []
    pending: int | None = None
    for row in await world.bot.store.action_log(game_id):
        seat, action = parse_move(GAME, row.action_json)
        events = GAME.apply(state, action, seat)
        for event in events:
            if event["kind"] == "countered":
                pending = event["seat"]
            if event["kind"] == "turn" and pending is not None:
                found.append((pending, event["seat"]))
                pending = None
    return found
