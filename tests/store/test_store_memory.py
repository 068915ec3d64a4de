"""What the store answers from memory (issue 17, a faster move): the result of a game it
ended, read back in the transaction that wrote it, so showing the final move reads
nothing; a result never changes, so another store (process) reads the same one."""

from __future__ import annotations

from db import ResultRecord, Store
from tests.stored_games import new_game


async def ended(store: Store) -> int:
    game = await new_game(store)
    await store.commit_move(
        game.id,
        expected_version=0,
        actor=11,
        actions=['{"type":"pass"}'],
        state_json='{"over":true}',
        status="finished",
        deadline=None,
        result=ResultRecord(totals=(30, 25), winner=0, high_score=30),
    )
    return game.id


async def test_the_result_of_a_game_this_store_ended_is_given_without_a_read(
    store: Store, store_target: str
) -> None:
    game_id = await ended(store)
    reads = 0
    real = store._read

    async def counted(fn):  # type: ignore[no-untyped-def]
        nonlocal reads
        reads += 1
        return await real(fn)

    store._read = counted  # type: ignore[method-assign]
    kept = await store.get_result(game_id)
    assert reads == 0
    del store._read
    async with await Store.open(store_target) as other:  # another process's store
        stored = await other.get_result(game_id)
    assert kept is not None and kept == stored
    assert (kept.totals, kept.winner, kept.high_score) == ((30, 25), 0, 30)


async def test_a_game_without_a_result_is_still_read_from_the_store(store: Store) -> None:
    game = await new_game(store)
    assert await store.get_result(game.id) is None
    game_id = await ended(store)
    fresh = Store(store._db)  # nothing kept: as after a restart
    assert await fresh.get_result(game_id) == await store.get_result(game_id)
