"""/famiglia leaderboard: pages of ten with persistent buttons, shared ranks, provisional
marks, server against global scope, the solo board, and its refusals."""

from __future__ import annotations

import re

from cogs.leaderboard import board_embed
from db.rows import MultiBoardRow, Page, ResultRecord
from tests.simcord_world import GUILD_ID, World
from tests.stored_games import finish, new_game

OTHER_GUILD = 77
PLAYERS = list(range(5001, 5025))  # 24 players, 12 games in this server
VETERANS = (5100, 5101)  # 20 games between them in another server: not provisional


async def _fill(world: World) -> None:
    store = world.bot.store
    for a, b in zip(PLAYERS[::2], PLAYERS[1::2], strict=True):
        await finish(store, (a, b), 0, guild_id=GUILD_ID)
    for i in range(20):
        await finish(store, VETERANS, i % 2, guild_id=OTHER_GUILD)


def _rows(message) -> list[tuple[int, int, str, str]]:
    """(rank, user id, rating text, W/L/D) of each line of a board page."""
    text = message.embeds[0].description
    found = re.findall(r"\*\*(\d+)\.\*\* <@(\d+)> — \*\*(\d+\??)\*\* · (\d+W \d+L \d+D)", text)
    return [(int(r), int(u), rating, wld) for r, u, rating, wld in found]


def _labels(message) -> dict[str, bool]:
    return {p["label"]: p.get("disabled", False) for p in World.components(message)}


async def test_pages_of_ten_with_shared_ranks_and_buttons_that_survive_a_restart(world: World):
    await _fill(world)
    answer = await world.slash(world.alice, "leaderboard", board="rating", scope="global")
    assert not answer.ephemeral
    page = answer.response
    rows = _rows(page)
    assert len(rows) == 10 and "Page 1 of 3 · 26 players" in page.embeds[0].footer.text
    # 12 winners with one game each share rank 1 and are provisional ("?").
    assert {r[0] for r in rows} == {1} and all(r[2].endswith("?") for r in rows)
    assert all(r[3] == "1W 0L 0D" for r in rows)
    assert _labels(page) == {"⏮ First": True, "◀ Previous": True, "Next ▶": False, "Last ⏭": False}

    await world.alice.click(page, label="Next ▶")
    message = next(m for m in world.messages() if m.id == answer.response.id)
    rows = _rows(message)
    assert "Page 2 of 3" in message.embeds[0].footer.text
    ranks = [r[0] for r in rows]
    assert ranks[:2] == [1, 1]  # the last two of the twelve tied winners
    veteran = [r for r in rows if r[1] in VETERANS]
    assert len(veteran) == 2 and all(not r[2].endswith("?") for r in veteran)  # settled
    assert sorted(r[3] for r in veteran) == ["10W 10L 0D", "10W 10L 0D"]

    await world.restart()
    await world.bob.click(message, label="Last ⏭")  # anyone may turn the pages
    message = next(m for m in world.messages() if m.id == answer.response.id)
    assert "Page 3 of 3" in message.embeds[0].footer.text
    rows = _rows(message)
    assert len(rows) == 6 and {r[0] for r in rows} == {15}  # 6 more losers sharing 15
    assert _labels(message)["Next ▶"] is True and _labels(message)["◀ Previous"] is False
    await world.bob.click(message, label="◀ Previous")
    message = next(m for m in world.messages() if m.id == answer.response.id)
    assert "Page 2 of 3" in message.embeds[0].footer.text


async def test_server_scope_counts_only_games_played_here(world: World):
    await _fill(world)
    await finish(world.bot.store, (PLAYERS[0], VETERANS[0]), 0, guild_id=OTHER_GUILD)
    here = (await world.slash(world.alice, "leaderboard", board="rating", scope="server")).response
    assert "this server" in here.embeds[0].title
    assert "24 players" in here.embeds[0].footer.text
    rows = _rows(here)
    assert not {r[1] for r in rows} & set(VETERANS)
    # The first player also won elsewhere: first by his (global) rating, one win here,
    # as the footer says (the board read as ranking one win above others' one win)
    assert rows[0][:2] == (1, PLAYERS[0]) and rows[0][3] == "1W 0L 0D"
    assert "ratings count the games of every server" in here.embeds[0].footer.text
    everyone = await world.slash(world.alice, "leaderboard", board="rating", scope="global")
    assert "every server" not in everyone.response.embeds[0].footer.text
    default = (await world.slash(world.alice, "leaderboard")).response  # rating, this server
    assert _rows(default) == rows
    everywhere = (await world.slash(world.alice, "leaderboard", scope="global")).response
    assert "26 players" in everywhere.embeds[0].footer.text
    assert _rows(everywhere)[0][1:] == (PLAYERS[0], rows[0][2], "2W 0L 0D")


async def test_solo_board_levels_variants_and_ties(world: World):
    store = world.bot.store
    for user, score, level, first in (
        (6001, 80, 3, 0),
        (6002, 95, 3, 1),
        (6003, 80, 2, 0),
        (6001, 60, 1, 1),
    ):
        await finish(
            store,
            (user, 0),
            0,
            mode="solo",
            guild_id=GUILD_ID,
            level=level,
            first_seat=first,
            high_score=score,
        )
    await finish(store, (6004, 0), 1, mode="solo", guild_id=None, level=3, first_seat=0)
    answer = await world.slash(world.alice, "leaderboard", board="solo", scope="global")
    text = answer.response.embeds[0].description
    lines = text.splitlines()
    assert len(lines) == 3  # best per player; the lost game has no score
    assert lines[0].startswith("**1.** <@6002> — **95** · level 3b")
    assert lines[1].startswith("**2.** <@6001> — **80** · level 3a")
    assert lines[2].startswith("**2.** <@6003> — **80** · level 2a")  # a tie shares the rank
    assert all(re.search(r"<t:\d+:d>$", line) for line in lines)  # the date
    level2 = await world.slash(world.alice, "leaderboard", board="solo", scope="server", level=2)
    assert "level 2" in level2.response.embeds[0].title
    assert level2.response.embeds[0].description.count("\n") == 0
    empty = await world.slash(world.alice, "leaderboard", board="solo", scope="global", level=4)
    assert "Nobody has beaten the robot gangster" in empty.response.embeds[0].description
    assert not World.components(empty.response)


async def test_refusals_are_private_and_explain(world: World):
    wrong = await world.slash(world.alice, "leaderboard", board="rating", level=2)
    assert wrong.ephemeral and "only applies to the solo board" in wrong.response.content
    in_dm = await world.alice.user.slash("famiglia leaderboard", board="rating", scope="server")
    assert in_dm.ephemeral and "needs a server" in in_dm.response.content
    ok = await world.alice.user.slash("famiglia leaderboard", board="rating")  # global in a DM
    assert not ok.ephemeral and "everyone" in ok.response.embeds[0].title


async def test_rows_name_players_as_in_their_latest_game(world: World):
    store = world.bot.store
    await finish(store, (7001, 7002), 0, names=["Old name", "B*o*b"])
    await finish(store, (7002, 7001), 1, names=["B*o*b", "Alice"])
    await finish(store, (7003, 7004), 0)  # stored without names: shown as mentions
    answer = await world.slash(world.alice, "leaderboard", board="rating", scope="global")
    text = answer.response.embeds[0].description
    assert "Alice" in text and "Old name" not in text  # the newest game's name wins
    assert "B\\*o\\*b" in text  # markdown in a name is shown, not applied
    assert "<@7003>" in text and "<@7001>" not in text


def test_family_business_rows_count_games_in_words_that_fit_the_number() -> None:
    rows = [
        MultiBoardRow(rank=1, user_id=7, ordinal=3.4, mu=25.0, sigma=7.2, games=1, wins=0),
        MultiBoardRow(rank=2, user_id=8, ordinal=2.1, mu=24.0, sigma=7.3, games=3, wins=1),
    ]
    page = Page[MultiBoardRow](rows=rows, total=2, offset=0, limit=10)
    text = board_embed("familybusiness", "global", None, page).description or ""
    assert "(1 game, 0 won)" in text and "(3 games, 1 won)" in text


async def test_an_equal_solo_score_is_listed_after_the_one_reached_first(world: World):
    """Alice's game began first, Bob's ended first with the same score: Bob is listed
    first (ties were listed by which game began first)."""
    store = world.bot.store
    alice = await new_game(store, (7001, 0), mode="solo", guild_id=GUILD_ID)
    bob = await new_game(store, (7002, 0), mode="solo", guild_id=GUILD_ID)
    for game in (bob, alice):  # Bob reaches 129 first
        await store.commit_move(
            game.id,
            expected_version=game.version,
            actor=game.players[0],
            actions=['{"type":"pass"}'],
            state_json='{"over":true}',
            status="finished",
            deadline=None,
            result=ResultRecord(
                totals=(70, 11), winner=0, reason="score", level=1, first_seat=0, high_score=129
            ),
        )
    answer = await world.slash(world.alice, "leaderboard", board="solo", scope="global")
    lines = answer.response.embeds[0].description.splitlines()
    assert lines[0].startswith("**1.** <@7002> — **129**")
    assert lines[1].startswith("**1.** <@7001> — **129**")
