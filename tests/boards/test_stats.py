"""/famiglia stats: a friendly word for a player without games, saying what the stats
count; otherwise results, rating with its chart, best solo score per level, average VP,
and rated Family Business games counted as such."""

from __future__ import annotations

from tests.fb_play import leave_game, started
from tests.simcord_world import GUILD_ID, World
from tests.stored_games import finish


async def test_a_player_with_no_games_gets_a_friendly_private_message(world: World):
    mine = await world.slash(world.alice, "stats")
    assert mine.ephemeral and "You have no stats yet" in mine.response.content
    assert "/famiglia solo" in mine.response.content
    assert "/familybusiness open" in mine.response.content
    theirs = await world.slash(world.alice, "stats", player=world.bob)
    assert theirs.ephemeral and "Bob has no stats yet" in theirs.response.content
    dm = await world.carol.user.slash("famiglia stats")
    assert dm.ephemeral and "You have no stats yet" in dm.response.content


async def test_rated_family_business_games_are_counted_as_such(world: World):
    """Two people and an AI seat: a rated game of Family Business, none of Famiglia."""
    game_id = await started(world, [world.alice, world.bob], ai=1)
    await leave_game(world, world.alice)
    await leave_game(world, world.bob)
    assert (await world.game(game_id)).status == "finished"
    embed = (await world.slash(world.alice, "stats")).response.embeds[0]
    assert embed.description == (
        f"<@{world.alice.id}> has finished 1 rated game(s) of Family Business."
    )
    fields = {f.name: f.value for f in embed.fields}
    assert list(fields) == ["Family Business (rated games)"]
    assert "1 game(s)" in fields["Family Business (rated games)"]
    await finish(world.bot.store, (world.alice.id, world.bob.id), 0, guild_id=GUILD_ID)
    embed = (await world.slash(world.alice, "stats")).response.embeds[0]
    assert embed.description == (
        f"<@{world.alice.id}> has finished 1 game(s) of Famiglia"
        " and 1 rated game(s) of Family Business."
    )
    assert "Two-player games" in {f.name for f in embed.fields}


async def test_a_family_business_game_against_ai_seats_alone_is_not_denied(world: World):
    """One person and AI seats: the game is rated nobody, so the stats have nothing to
    show, and say what they count rather than that no game was finished."""
    game_id = await started(world, [world.carol], ai=2)
    await leave_game(world, world.carol)
    assert (await world.game(game_id)).status == "finished"
    answer = await world.slash(world.carol, "stats")
    text = answer.response.content
    assert answer.ephemeral and "You have no stats yet" in text, text
    assert "not finished" not in text and "against AI seats alone is not rated" in text


async def test_stats_of_an_active_player(world: World):
    store = world.bot.store
    alice, bob = world.alice.id, world.bob.id
    for i in range(5):
        await finish(store, (alice, bob), 0 if i < 3 else 1, guild_id=GUILD_ID, totals=(40, 30))
    await finish(store, (bob, alice), None, guild_id=GUILD_ID, totals=(35, 35))
    await finish(
        store, (alice, 0), 0, mode="solo", level=3, first_seat=1, high_score=70, totals=(50, 30)
    )
    await finish(store, (alice, 0), 1, mode="solo", level=3, first_seat=0, totals=(20, 45))
    answer = await world.slash(world.bob, "stats", player=world.alice)
    assert not answer.ephemeral
    embed = answer.response.embeds[0]
    fields = {f.name: f.value for f in embed.fields}
    assert "Alice" in embed.title
    assert fields["Two-player games"] == "6 game(s): 3 won, 2 lost, 1 drawn (50% won)"
    assert "Glicko-2 after 6 rated game(s)" in fields["Rating"]
    assert "provisional" in fields["Rating"] and "?" in fields["Rating"]
    assert fields["Solo games"] == "2 game(s) against the robot gangster: 1 won"
    assert fields["Best solo score per level"].startswith("Level 3: **70** (level 3b,")
    average = (40 * 5 + 35 + 50 + 20) / 8  # her own total in each game
    assert fields["Average VP"] == f"{average:.1f} VP per game played to its end"
    assert embed.image.url == "attachment://rating.png"
    assert [a.filename for a in answer.response.attachments] == ["rating.png"]


async def test_solo_only_player_has_no_chart(world: World):
    await finish(
        world.bot.store, (world.carol.id, 0), 0, mode="solo", level=1, first_seat=0, high_score=44
    )
    answer = await world.slash(world.carol, "stats")
    fields = {f.name: f.value for f in answer.response.embeds[0].fields}
    assert fields["Two-player games"] == "No two-player games yet."
    assert "Rating" not in fields and not answer.response.attachments
    assert fields["Best solo score per level"].startswith("Level 1: **44** (level 1a,")


async def test_the_rating_change_counts_from_the_start_the_chart_begins_at(world: World):
    """After a first win (1500 to about 1662) the change is that win's, not +0 (it was
    counted from the rating after the first game)."""
    await finish(world.bot.store, (world.alice.id, world.bob.id), 0, guild_id=GUILD_ID)
    rating = (await world.bot.store.rating(world.alice.id)).rating
    assert rating > 1600
    embed = (await world.slash(world.alice, "stats")).response.embeds[0]
    field = next(f.value for f in embed.fields if f.name == "Rating")
    assert f"{rating - 1500:+.0f} since the start (1500)" in field, field
