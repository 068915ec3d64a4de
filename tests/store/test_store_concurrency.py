"""Two moves racing on one game: exactly one is stored, the other gets VersionConflict."""

from __future__ import annotations

import asyncio
import json

from db import GameRow, ResultRecord, Store, VersionConflict
from tests.stored_games import new_game

from .hand_clock import FakeClock


async def _race(stores: list[Store], game: GameRow) -> list[GameRow | BaseException]:
    return await asyncio.gather(
        *(
            s.commit_move(
                game.id,
                expected_version=game.version,
                actor=i + 1,
                actions=[f'{{"by":{i + 1},"n":{k}}}' for k in range(3)],
                state_json=f'{{"winner":{i + 1}}}',
                status="active",
                deadline=None,
            )
            for i, s in enumerate(stores)
        ),
        return_exceptions=True,
    )


def _check_one_winner(outcomes: list, log: list, stored: GameRow, before: GameRow) -> None:
    wins = [o for o in outcomes if isinstance(o, GameRow)]
    losses = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(wins) == 1 and len(losses) == len(outcomes) - 1, outcomes
    winner = wins[0]
    assert stored == winner and stored.version == before.version + 1
    # the log holds the winner's three actions and nothing of the losers'
    new = [a for a in log if a.seq >= before.action_count]
    assert [a.actor for a in new] == [json.loads(winner.state_json)["winner"]] * 3
    assert [a.seq for a in log] == list(range(len(log)))


async def test_two_connections_same_expected_version(store_target: str, clock: FakeClock) -> None:
    a = await Store.open(store_target, clock=clock)
    b = await Store.open(store_target, clock=clock)
    try:
        game = await new_game(a)
        for _ in range(20):  # many rounds: the order of arrival varies
            game = await a.get_game(game.id)
            outcomes = await _race([a, b], game)
            stored = await b.get_game(game.id)
            _check_one_winner(outcomes, await a.action_log(game.id), stored, game)
        assert (await a.get_game(game.id)).action_count == 60
    finally:
        await a.close()
        await b.close()


async def test_many_tasks_on_one_connection(store: Store) -> None:
    game = await new_game(store)
    outcomes = await _race([store] * 5, game)
    _check_one_winner(
        outcomes, await store.action_log(game.id), await store.get_game(game.id), game
    )


async def test_a_blocked_writer_waits_instead_of_failing(db_path: str, clock: FakeClock) -> None:
    """A second connection that finds the file locked waits (busy timeout), then writes."""
    a = await Store.open(db_path, clock=clock)
    b = await Store.open(db_path, clock=clock)
    try:
        game = await new_game(a)
        await a._conn.execute("BEGIN IMMEDIATE")  # hold the write lock for a moment
        pending = asyncio.create_task(
            b.commit_move(
                game.id,
                expected_version=0,
                actor=11,
                actions=['{"x":1}'],
                state_json="{}",
                status="active",
                deadline=None,
            )
        )
        await asyncio.sleep(0.3)
        assert not pending.done()
        await a._conn.execute("COMMIT")
        assert (await pending).version == 1
    finally:
        await a.close()
        await b.close()


async def test_duels_ending_at_once_on_two_connections_rate_in_one_order(
    store_target: str, clock: FakeClock
) -> None:
    """Results written at the same moment through two connections (two processes) get
    ids in the order their ratings were computed: replaying them gives the stored
    ratings, though every game involves the same player."""
    a = await Store.open(store_target, clock=clock)
    b = await Store.open(store_target, clock=clock)
    try:
        games = [await new_game(a, (11, 20 + i)) for i in range(12)]

        async def finish(store: Store, game: GameRow) -> GameRow:
            return await store.commit_move(
                game.id,
                expected_version=game.version,
                actor=11,
                actions=['{"type":"pass"}'],
                state_json='{"over":true}',
                status="finished",
                deadline=None,
                result=ResultRecord(totals=(30, 20), winner=game.id % 2, reason="score"),
            )

        await asyncio.gather(*(finish((a, b)[i % 2], g) for i, g in enumerate(games)))
        stored = await a.stored_ratings()
        assert stored[11].games == 12
        assert await b.recompute_ratings() == stored
    finally:
        await a.close()
        await b.close()
