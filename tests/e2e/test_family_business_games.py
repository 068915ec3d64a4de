"""Family Business end to end in SimCord: a four-seat game of two people and two AI
seats played to its end by buttons, with counters played; the end with places, every
hand and Play again; ratings for the people only."""

from __future__ import annotations

from bot.services.multi_rules import parse_move
from engine.family_business import GAME, FBOptions
from tests.fb_play import fb, lobby_with, play_to_the_end, quick_ai
from tests.simcord_world import fresh


async def test_two_people_and_two_ai_play_a_whole_game_by_buttons(world) -> None:
    quick_ai(world)
    game_id = await lobby_with(world, [world.alice, world.bob], ai=2)
    table = await world.table(game_id)
    await world.alice.click(fresh(world, table), label="Start")
    game = await world.game(game_id)
    assert game.status == "active" and len(game.players) == 4
    started = fresh(world, await world.table(game_id))
    assert [a.filename for a in started.attachments] == ["family-business.png"]
    assert started.embeds[0].image.url == "attachment://family-business.png"
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
    stats = await world.slash(world.alice, "stats")
    assert "Family Business" in str(stats.response.embeds[0].to_dict())
    board = await fb(world, world.bob, "leaderboard")
    assert "Alice" in str(board.response.embeds[0].to_dict())
    same = await world.slash(world.carol, "leaderboard", board="familybusiness", scope="global")
    assert "Family Business ratings" in same.response.embeds[0].title
    assert "Alice" in str(same.response.embeds[0].to_dict())


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


async def test_famiglia_commands_in_a_family_business_channel_point_to_its_commands(world) -> None:
    quick_ai(world)
    game_id = await lobby_with(world, [world.alice, world.bob], ai=0)
    await world.alice.click(fresh(world, await world.table(game_id)), label="Start")
    version = (await world.game(game_id)).version
    answer = await world.slash(world.alice, "hand")
    assert answer.ephemeral and "/familybusiness" in answer.response.content
    assert (await world.game(game_id)).version == version


async def test_a_lobby_lists_its_seats_and_play_again_reopens_one_with_the_same_seats(
    world,
) -> None:
    quick_ai(world)
    game_id = await lobby_with(world, [world.alice, world.bob], ai=1, most=3)
    text = str(fresh(world, await world.table(game_id)).embeds[0].to_dict())
    assert "Alice" in text and "Bob" in text and "AI, easy" in text and "3 of 3" in text
    await world.alice.click(fresh(world, await world.table(game_id)), label="Start")
    await play_to_the_end(world, game_id)
    await world.bob.click(fresh(world, await world.table(game_id)), label="Play again")
    again = await world.bot.store.active_game_in_channel(world.channel.id)
    assert again is not None and again.status == "challenge"
    assert again.players[0] == world.bob.id and set(again.players) == {
        world.alice.id,
        world.bob.id,
        0,
    }


async def test_six_people_play_by_slash_commands_and_buttons(world) -> None:
    """Every seat of a full table decides in turn, by its hand's selects and by
    ``/familybusiness play`` from the autocomplete, windows answered by every responder
    (a whole six-person game by clicks takes minutes in SimCord: 120 decisions here)."""
    more = tuple(
        world.guild.add_member(world.env.create_user(name, global_name=name.title()))
        for name in ("dave", "erin", "frank")
    )
    people = [world.alice, world.bob, world.carol, *more]
    game_id = await lobby_with(world, people, ai=0, most=6)
    await world.alice.click(fresh(world, await world.table(game_id)), label="Start")
    seen = await play_to_the_end(
        world, game_id, more=more, slash_every=3, max_steps=120, to_the_end=False
    )
    game = await world.game(game_id)
    assert len(game.players) == 6 and game.action_count >= 120
    assert seen["slash"] >= 40 and seen["windows"] > 0, seen
    assert all(seen.get(f"seat{s}", 0) > 0 for s in range(6)), seen


async def test_board_posts_the_table_again_at_the_bottom_and_it_becomes_the_table(world) -> None:
    quick_ai(world)
    game_id = await lobby_with(world, [world.alice, world.bob], ai=1)
    await world.alice.click(fresh(world, await world.table(game_id)), label="Start")
    old = (await world.game(game_id)).table_message_id
    answer = await fb(world, world.bob, "board")
    assert not answer.ephemeral
    game = await world.game(game_id)
    assert game.table_message_id != old
    table = fresh(world, await world.table(game_id))
    assert "Family Business" in table.embeds[0].title
    assert [a.filename for a in table.attachments] == ["family-business.png"]
