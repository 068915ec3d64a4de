"""Migration 3 on a database that holds games: every game, move, result and rating
written before it reads back the same afterwards, on both backends, and the upgraded
tables accept games of 2-6 seats (SQLite rebuilds its tables for the new checks).
Migration 4 counts the ends before it as said; an end after it is listed until said."""

from __future__ import annotations

import pytest

import db.base
import db.migrations as sqlite_schema
import db.postgres_schema as postgres_schema
import db.results
from db import ResultRecord, Store
from db.rows import ROBOT, Seat
from tests.stored_games import finish

from .hand_clock import FakeClock


def _at_schema_2(monkeypatch: pytest.MonkeyPatch) -> None:
    for schema in (sqlite_schema, postgres_schema):
        monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:2])
        monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)

    async def no_list_yet(*_: object) -> None:  # the code of schema 2 had none
        return None

    monkeypatch.setattr(db.results, "to_announce", no_list_yet)

    async def nothing_to_rebuild(*_: object) -> bool:  # nor a list of rebuilds
        return False

    monkeypatch.setattr(db.base, "rebuild_if_pending", nothing_to_rebuild)


async def test_games_results_and_ratings_survive_migration_3(
    store_target: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as old:
        _at_schema_2(old)
        async with await Store.open(store_target, clock=clock) as before:
            duel = await finish(before, (11, 22), 1)
            solo = await finish(before, (33, ROBOT), 0, mode="solo", level=3, high_score=50)
            games = [await before.get_game(g.id) for g in (duel, solo)]
            results = [await before.get_result(g.id) for g in (duel, solo)]
            logs = [await before.action_log(g.id) for g in (duel, solo)]
            ratings = await before.stored_ratings()
    async with await Store.open(store_target, clock=clock) as after:
        assert [await after.get_game(g.id) for g in (duel, solo)] == games
        assert [await after.get_result(g.id) for g in (duel, solo)] == results
        assert [await after.action_log(g.id) for g in (duel, solo)] == logs
        assert await after.stored_ratings() == ratings == await after.recompute_ratings()
        seats = (Seat(user_id=11, name="Ann"), Seat(user_id=ROBOT, name="AI", ai="easy"))
        multi = await after.create_game(
            mode="multi",
            guild_id=1,
            channel_id=4,
            seats=seats,
            seed=1,
            state_json="{}",
            status="active",
            game="family_business",
        )
        ended = await after.set_status(
            multi.id,
            expected_version=0,
            status="finished",
            result=ResultRecord(placing=((1,), (0,)), winner=1),
        )
        assert ended.players == (11, ROBOT)
        assert (await after.get_result(multi.id)).places == (2, 1)  # type: ignore[union-attr]
        assert await after.unannounced_ends("famiglia") == []  # said before the migration
        assert await after.unannounced_ends("family_business") == [multi.id]
        assert await after.end_unannounced(multi.id)
        await after.end_announced(multi.id)
        assert await after.unannounced_ends("family_business") == []
        assert not await after.end_unannounced(multi.id)
