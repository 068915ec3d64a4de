"""Leaderboards and player statistics."""

from __future__ import annotations

import pytest

from db import Store
from tests.stored_games import finish

from .hand_clock import START, FakeClock
from .raw_sql import execute


async def test_rating_board_pages_of_ten_with_ranks_across_pages(store: Store) -> None:
    # 23 players: 1 beats everyone once more than the next, and so on (distinct ratings)
    users = list(range(1, 24))
    for i, u in enumerate(users):
        for v in users[i + 1 :]:
            if (u + v) % 3 == 0:
                await finish(store, (u, v), winner=0)
    pages = [await store.rating_board(offset=o, limit=10) for o in (0, 10, 20)]
    assert [len(p.rows) for p in pages] == [10, 10, 3]
    assert all(p.total == 23 and p.pages == 3 for p in pages)
    assert [p.page for p in pages] == [1, 2, 3]
    rows = [r for p in pages for r in p.rows]
    assert sorted(r.user_id for r in rows) == users  # nobody twice, nobody lost
    ratings = [r.rating for r in rows]
    assert ratings == sorted(ratings, reverse=True)
    stored = await store.stored_ratings()
    for r in rows:  # ranks agree with the ratings over the whole board, not per page
        better = {round(s.rating) for s in stored.values() if round(s.rating) > round(r.rating)}
        assert r.rank == 1 + sum(1 for s in stored.values() if round(s.rating) in better)
        assert (r.wins, r.losses, r.draws) == (
            stored[r.user_id].wins,
            stored[r.user_id].losses,
            stored[r.user_id].draws,
        )
    assert (await store.rating_board(offset=30)).rows == []


async def test_ties_share_a_rank_and_the_next_rank_skips(store: Store) -> None:
    await finish(store, (1, 2), winner=0)  # 1 and 3 win one game each from scratch
    await finish(store, (3, 4), winner=0)
    await finish(store, (5, 6), winner=None)
    board = await store.rating_board()
    assert [(r.rank, r.user_id) for r in board.rows] == [
        (1, 1),
        (1, 3),
        (3, 5),
        (3, 6),
        (5, 2),
        (5, 4),
    ]
    assert all(r.provisional for r in board.rows)
    assert [(r.wins, r.losses, r.draws) for r in board.rows][2] == (0, 0, 1)


async def test_rank_goes_by_the_rating_players_see(store: Store) -> None:
    for pair in ((1, 2), (3, 4), (5, 6)):
        await finish(store, pair, winner=0)
    for user, rating in ((1, 1600.4), (3, 1599.6), (5, 1599.4)):  # shown 1600, 1600, 1599
        await execute(store, "UPDATE ratings SET rating = $1 WHERE user_id = $2", rating, user)
    rows = (await store.rating_board(limit=3)).rows
    assert [(r.rank, r.user_id) for r in rows] == [(1, 1), (1, 3), (3, 5)]


async def test_server_board_counts_only_that_servers_games(store: Store) -> None:
    await finish(store, (1, 2), winner=0, guild_id=100)
    await finish(store, (1, 2), winner=1, guild_id=100)
    await finish(store, (1, 3), winner=0, guild_id=200)
    await finish(store, (4, 5), winner=None, guild_id=200)
    here = await store.rating_board(guild_id=100)
    assert here.total == 2 and {r.user_id for r in here.rows} == {1, 2}
    one = next(r for r in here.rows if r.user_id == 1)
    assert (one.wins, one.losses, one.draws) == (1, 1, 0)  # not the win in server 200
    assert one.rating == (await store.rating(1)).rating  # the rating itself is global
    there = await store.rating_board(guild_id=200)
    assert {r.user_id for r in there.rows} == {1, 3, 4, 5}
    assert (await store.rating_board(guild_id=300)).rows == []
    assert (await store.rating_board()).total == 5


async def test_board_arguments_are_checked(store: Store) -> None:
    for kwargs in ({"offset": -1}, {"limit": 0}, {"limit": 1000}):
        with pytest.raises(ValueError):
            await store.rating_board(**kwargs)


async def _solo(
    store: Store,
    user: int,
    score: int | None,
    level: int,
    *,
    user_first: bool,
    guild_id: int | None = None,
) -> int:
    players, user_seat = ((user, 0), 0) if user % 2 else ((0, user), 1)  # both seatings
    game = await finish(
        store,
        players,
        winner=user_seat if score is not None else 1 - user_seat,
        mode="solo",
        guild_id=guild_id,
        level=level,
        first_seat=user_seat if user_first else 1 - user_seat,
        high_score=score,
        totals=(30, 20) if user_seat == 0 else (20, 30),
    )
    return game.id


async def test_solo_board_best_score_per_user(store: Store, clock: FakeClock) -> None:
    await _solo(store, 1, 40, 1, user_first=True)
    best1 = await _solo(store, 1, 55, 2, user_first=False)
    await _solo(store, 1, None, 4, user_first=True)  # a loss has no high score
    clock.advance(days=1)
    await _solo(store, 2, 55, 3, user_first=True)  # ties with user 1, but later
    await _solo(store, 3, 30, 1, user_first=False)
    board = await store.solo_board()
    assert [(r.rank, r.user_id, r.high_score, r.level) for r in board.rows] == [
        (1, 1, 55, 2),
        (1, 2, 55, 3),
        (3, 3, 30, 1),
    ]
    first = board.rows[0]
    assert (first.game_id, first.player_first, first.finished_at) == (best1, False, START)
    assert board.rows[1].player_first is True and board.rows[1].first_seat == 1  # seat 1 human
    level1 = await store.solo_board(level=1)
    assert [(r.user_id, r.high_score) for r in level1.rows] == [(1, 40), (3, 30)]
    assert (await store.solo_board(level=4)).rows == []
    page = await store.solo_board(offset=1, limit=1)
    assert [r.user_id for r in page.rows] == [2] and page.total == 3 and page.pages == 3


async def test_solo_board_by_server(store: Store) -> None:
    await _solo(store, 1, 40, 1, user_first=True, guild_id=100)
    await _solo(store, 3, 60, 1, user_first=True, guild_id=200)
    assert [r.user_id for r in (await store.solo_board(guild_id=100)).rows] == [1]
    assert [r.user_id for r in (await store.solo_board()).rows] == [3, 1]


async def test_stats_for_a_player_with_no_games(store: Store) -> None:
    await finish(store, (1, 2), winner=0)  # other people's games do not leak in
    stats = await store.player_stats(99)
    assert (stats.duel_games, stats.wins, stats.losses, stats.draws) == (0, 0, 0, 0)
    assert (stats.solo_games, stats.solo_wins, stats.average_vp) == (0, 0, None)
    assert stats.rating is None and stats.rating_history == [] and stats.best_solo == []


async def test_stats_for_an_active_player(store: Store, clock: FakeClock) -> None:
    await finish(store, (7, 8), winner=0, totals=(50, 40))
    clock.advance(hours=1)
    await finish(store, (8, 7), winner=0, totals=(45, 30), reason="forfeit")
    clock.advance(hours=1)
    await finish(store, (7, 9), winner=None, totals=(35, 35))
    await _solo(store, 7, 44, 2, user_first=True)
    await _solo(store, 7, 61, 2, user_first=False)
    await _solo(store, 7, 20, 1, user_first=True)
    await _solo(store, 7, None, 3, user_first=True)
    stats = await store.player_stats(7)
    assert (stats.duel_games, stats.wins, stats.losses, stats.draws) == (3, 1, 1, 1)
    assert (stats.solo_games, stats.solo_wins) == (4, 3)
    # the forfeited game (30 VP when its player gave up) stops part-way: not counted
    assert stats.average_vp == pytest.approx((50 + 35 + 30 * 4) / 6)
    assert [(b.level, b.high_score, b.player_first) for b in stats.best_solo] == [
        (1, 20, True),
        (2, 61, False),
    ]
    assert stats.rating == await store.rating(7)
    assert [p.rating for p in stats.rating_history][-1] == stats.rating.rating
    assert len(stats.rating_history) == 3
    assert [p.at for p in stats.rating_history] == sorted(p.at for p in stats.rating_history)
