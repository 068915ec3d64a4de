"""The store's records against the AI: per strength, per player, never rated."""

from __future__ import annotations

import itertools

from db import ResultRecord, Store
from engine.famiglia import new_game

_channels = itertools.count(7_000_000)


async def _ai_game(
    store: Store, user: int, strength: str, winner: int | None, *, guild: int | None = 5
) -> None:
    game = await store.create_game(
        mode="ai",
        guild_id=guild,
        channel_id=next(_channels),
        players=(user, 0),
        seed=1,
        state_json=new_game(1).to_json(),
        status="active",
        options={"strength": strength, "first": 0, "level": None},
    )
    totals = (30, 20) if winner == 0 else (20, 30) if winner == 1 else (25, 25)
    await store.set_status(
        game.id,
        expected_version=0,
        status="finished",
        result=ResultRecord(totals=totals, winner=winner),  # type: ignore[arg-type]
    )


async def test_records_per_strength_board_and_no_rating(tmp_path):
    store = await Store.open(str(tmp_path / "f.db"))
    try:
        ann, ben, cat = 11, 12, 13
        for strength, winner in [("easy", 0), ("easy", 1), ("hard", 0), ("hard", None)]:
            await _ai_game(store, ann, strength, winner)
        await _ai_game(store, ben, "hard", 0)
        await _ai_game(store, ben, "hard", 0, guild=None)  # a DM game
        await _ai_game(store, cat, "medium", 0, guild=6)

        stats = await store.player_stats(ann)
        assert [(r.strength, r.games, r.wins, r.losses, r.draws) for r in stats.ai_records] == [
            ("hard", 2, 1, 0, 1),
            ("easy", 2, 1, 1, 0),
        ]
        assert stats.duel_games == 0 and stats.rating is None
        assert await store.stored_ratings() == {}  # games against the AI are never rated

        board = await store.ai_board()
        assert [(r.rank, r.user_id) for r in board.rows] == [(1, ben), (2, ann), (3, cat)]
        assert board.total == 3
        assert [(r.strength, r.wins) for r in board.rows[0].records] == [("hard", 2)]
        server = await store.ai_board(guild_id=5)
        assert [(r.user_id, r.records[0].wins) for r in server.rows] == [(ann, 1), (ben, 1)]
        assert [r.rank for r in server.rows] == [1, 2]  # equal on hard: easy wins decide
        assert (await store.ai_board(offset=2, limit=1)).rows[0].user_id == cat
        assert (await store.player_stats(99)).ai_records == []
    finally:
        await store.close()
