"""The rules pages cover the solo game they are read in: how the robot gangster plays,
the levels, the solo score (rule 9.10.3: 2 × your VP − his VP) and a tie that does not
beat him (RULING 9.10.4); and they say a game in DMs has no time limit (the pages told
solo players that running out of time loses the game)."""

from __future__ import annotations

from cogs.rules_text import titles
from tests.simcord_world import World


async def _page(world: World, title: str) -> str:
    page = next(i for i, t in enumerate(titles()) if t.endswith(title))
    answer = await world.alice.user.slash("famiglia rules", page=page)
    assert answer.response is not None and answer.response.embeds, answer
    return answer.response.embeds[0].description or ""


async def test_a_solo_page_tells_how_the_robot_plays_and_scores(world: World) -> None:
    text = await _page(world, "Solo: the robot gangster")
    assert "2 × your VP − his VP" in text
    assert "a tie all the way is not a win over him" in text
    assert "Levels** 1 to 4" in text


async def test_the_time_limit_is_said_to_be_for_games_between_two_people(world: World) -> None:
    text = await _page(world, "Game end and scoring")
    assert "Games in DMs (solo, against the AI) have no time limit" in text
