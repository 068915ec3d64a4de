"""Leaderboard pages: a page past the end of the board reads as its last page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from db import ResultRecord
from tests.simcord_world import World, fresh, make_bot, settings


async def rated_players(world: World, count: int) -> None:
    """``count`` players with a finished two-player game each, through the store."""
    store = world.bot.store
    for n in range(0, count, 2):
        players = (7_000 + n, 7_001 + n)
        game = await store.create_game(mode="duel", guild_id=world.guild.id,
                                       channel_id=8_000 + n, players=players, seed=1,
                                       state_json="{}", status="active")  # fmt: skip
        await store.commit_move(
            game.id, expected_version=game.version, actor=players[0],
            actions=['{"type":"pass"}'], state_json='{"over":true}', status="finished",
            deadline=None, result=ResultRecord(totals=(40, 30), winner=0),
        )  # fmt: skip


async def restart_on_a_new_database(world: World, path: Path) -> None:
    """The bot starts on another database file (a backup restored, a new file): the
    leaderboard messages already posted keep their buttons, which still work."""
    old = world.bot
    world.old_bots.append(old)
    await world.env.restart_bot(make_bot(settings(path), seed=7))
    await old.store.close()


def footer(world: World, message: Any) -> str:
    [embed] = fresh(world, message).embeds
    return str(embed.footer.text or "")


async def test_a_page_past_the_end_of_the_board_is_clamped_to_it(world: World, tmp_path: Path):
    await rated_players(world, 42)  # five pages
    last = (await world.slash(world.alice, "leaderboard", board="rating")).response
    await world.alice.click(last, label="Last ⏭")
    assert footer(world, last).startswith("Page 5 of 5 · 42 players")
    first = (await world.slash(world.alice, "leaderboard", board="rating")).response

    await restart_on_a_new_database(world, tmp_path / "empty.db")
    answer = await world.bob.click(fresh(world, last), label="◀ Previous")  # to page 4
    assert answer.acknowledged and not answer.ephemeral, answer
    [embed] = fresh(world, last).embeds
    assert "No two-player game has been finished" in embed.description
    assert "Page" not in str(embed.to_dict()), embed.to_dict()  # not "Page 4 of 1"
    assert not World.components(fresh(world, last))  # one page: no buttons

    await restart_on_a_new_database(world, tmp_path / "small.db")
    await rated_players(world, 2)
    await world.carol.click(fresh(world, first), label="Last ⏭")  # to page 5
    assert footer(world, first).startswith("Page 1 of 1 · 2 players"), footer(world, first)
    assert fresh(world, first).embeds[0].description.count("**1.**") == 1
