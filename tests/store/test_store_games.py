"""Games and moves: creation, versioned commits, the append-only log, re-opening."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from db import ChannelBusy, GameClosed, GameNotFound, ResultRecord, Store, VersionConflict
from tests.stored_games import new_game

from .hand_clock import START, FakeClock
from .raw_sql import SCHEMA_REFUSALS, execute

MOVE = ['{"type":"refresh","index":2}', '{"type":"take","index":0}']


async def _snapshot(store: Store, game_id: int) -> tuple:
    return (
        await store.get_game(game_id),
        await store.action_log(game_id),
        await store.get_result(game_id),
    )


async def test_create_game_stores_every_field(store: Store) -> None:
    deadline = START + timedelta(minutes=10)
    game = await store.create_game(
        mode="duel",
        guild_id=7,
        channel_id=70,
        players=(11, 22),
        seed=2**62 - 1,
        state_json='{"street":["A3"]}',
        status="challenge",
        options={"level": None, "first": 1, "names": ["Ann", "Bo"]},
        deadline=deadline,
    )
    assert (game.mode, game.guild_id, game.channel_id, game.players) == ("duel", 7, 70, (11, 22))
    assert (game.status, game.seed, game.version, game.action_count) == (
        "challenge",
        2**62 - 1,
        0,
        0,
    )
    assert game.options == {"level": None, "first": 1, "names": ["Ann", "Bo"]}
    assert game.state_json == '{"street":["A3"]}'
    assert game.deadline == deadline and game.deadline.tzinfo is not None
    assert game.created_at == game.updated_at == START and game.finished_at is None
    assert await store.get_game(game.id) == game
    assert await store.get_game(game.id + 1) is None


async def test_one_open_game_per_channel(store: Store) -> None:
    first = await new_game(store, channel_id=5, status="challenge")
    with pytest.raises(ChannelBusy):
        await new_game(store, (33, 44), channel_id=5)
    assert await store.active_game_in_channel(5) == first
    await store.set_status(first.id, expected_version=0, status="declined")
    assert await store.active_game_in_channel(5) is None
    second = await new_game(store, (33, 44), channel_id=5)  # the channel is free again
    assert await store.active_game_in_channel(5) == second


async def test_commit_move_appends_actions_and_bumps_version(
    store: Store, clock: FakeClock
) -> None:
    game = await new_game(store)
    clock.advance(seconds=30)
    deadline = clock.now + timedelta(hours=24)
    after = await store.commit_move(
        game.id,
        expected_version=0,
        actor=11,
        actions=MOVE,
        state_json='{"turn":1}',
        status="active",
        deadline=deadline,
    )
    assert (after.version, after.action_count, after.state_json) == (1, 2, '{"turn":1}')
    assert after.updated_at == clock.now and after.created_at == START
    assert after.deadline == deadline
    assert after.reminder_at == clock.now + timedelta(hours=12)  # half time by default

    clock.advance(seconds=5)
    after = await store.commit_move(
        game.id,
        expected_version=1,
        actor=22,
        actions=['{"type":"pass"}'],
        state_json='{"turn":2}',
        status="active",
        deadline=None,
    )
    log = await store.action_log(game.id)
    assert [(a.seq, a.actor, a.action_json) for a in log] == [
        (0, 11, MOVE[0]),
        (1, 11, MOVE[1]),
        (2, 22, '{"type":"pass"}'),
    ]
    assert [a.created_at for a in log] == [START + timedelta(seconds=30)] * 2 + [clock.now]
    assert (after.version, after.action_count, after.deadline) == (2, 3, None)
    assert await store.get_game(game.id) == after


async def test_stale_version_writes_nothing(store: Store, clock: FakeClock) -> None:
    game = await new_game(store)
    await store.commit_move(
        game.id,
        expected_version=0,
        actor=11,
        actions=MOVE,
        state_json='{"turn":1}',
        status="active",
        deadline=None,
    )
    before = await _snapshot(store, game.id)
    clock.advance(minutes=1)
    with pytest.raises(VersionConflict) as info:
        await store.commit_move(
            game.id,
            expected_version=0,
            actor=22,
            actions=['{"type":"pass"}'],
            state_json='{"turn":99}',
            status="finished",
            deadline=None,
            result=ResultRecord(totals=(1, 2), winner=1),
        )
    assert (info.value.expected, info.value.actual) == (0, 1)
    assert await _snapshot(store, game.id) == before
    assert await store.stored_ratings() == {}
    with pytest.raises(VersionConflict):
        await store.set_status(game.id, expected_version=0, status="forfeited")
    assert await _snapshot(store, game.id) == before


async def test_a_failing_write_rolls_back_the_whole_move(store: Store) -> None:
    game = await new_game(store)
    before = await _snapshot(store, game.id)
    with pytest.raises(SCHEMA_REFUSALS):  # rejected by the schema, mid-transaction
        await store.commit_move(
            game.id,
            expected_version=0,
            actor=11,
            actions=MOVE,
            state_json='{"turn":1}',
            status="finished",
            deadline=None,
            result=ResultRecord(
                totals=(1, 2), winner=1, first_seat=1, level=None, high_score=None
            ).model_copy(update={"reason": "bogus"}),
        )
    assert await _snapshot(store, game.id) == before
    # the connection is usable afterwards
    ok = await store.commit_move(
        game.id,
        expected_version=0,
        actor=11,
        actions=MOVE,
        state_json='{"turn":1}',
        status="active",
        deadline=None,
    )
    assert ok.version == 1


async def test_bad_input_is_refused_before_writing(store: Store) -> None:
    game = await new_game(store)
    before = await _snapshot(store, game.id)
    bad_calls = [
        dict(actions=["not json"], state_json="{}", status="active", deadline=None),
        dict(actions=MOVE, state_json="{", status="active", deadline=None),
        dict(
            actions=MOVE, state_json="{}", status="active", deadline=datetime(2030, 1, 1)
        ),  # naive: which zone?
        dict(
            actions=MOVE,
            state_json="{}",
            status="active",
            deadline=None,
            result=ResultRecord(totals=(1, 1), winner=None),
        ),  # result, game not over
    ]
    for kwargs in bad_calls:
        with pytest.raises(ValueError):
            await store.commit_move(game.id, expected_version=0, actor=11, **kwargs)
    assert await _snapshot(store, game.id) == before


async def test_ended_game_takes_no_more_writes(store: Store) -> None:
    game = await new_game(store)
    done = await store.set_status(game.id, expected_version=0, status="cancelled")
    assert done.finished_at is not None and done.deadline is None
    with pytest.raises(GameClosed):
        await store.commit_move(
            game.id,
            expected_version=done.version,
            actor=11,
            actions=MOVE,
            state_json="{}",
            status="active",
            deadline=None,
        )
    with pytest.raises(GameClosed):
        await store.set_status(game.id, expected_version=done.version, status="active")
    with pytest.raises(GameNotFound):
        await store.set_status(999, expected_version=0, status="active")


async def test_accept_then_forfeit_with_result(store: Store, clock: FakeClock) -> None:
    game = await new_game(store, status="challenge", deadline=START + timedelta(minutes=10))
    accepted = await store.set_status(
        game.id,
        expected_version=0,
        status="active",
        state_json='{"turn":0,"dealt":true}',
        deadline=START + timedelta(hours=24),
    )
    assert (accepted.status, accepted.version, accepted.state_json) == (
        "active",
        1,
        '{"turn":0,"dealt":true}',
    )
    assert await store.action_log(game.id) == []
    clock.advance(hours=1)
    gone = await store.set_status(
        game.id,
        expected_version=1,
        status="forfeited",
        result=ResultRecord(totals=(3, 0), winner=0, reason="forfeit"),
    )
    assert gone.finished_at == clock.now
    result = await store.get_result(game.id)
    assert result is not None
    assert (result.reason, result.winner, result.players, result.guild_id) == (
        "forfeit",
        0,
        (11, 22),
        1,
    )


async def test_action_log_is_append_only_in_the_schema(store: Store) -> None:
    game = await store.commit_move(
        (await new_game(store)).id,
        expected_version=0,
        actor=11,
        actions=MOVE,
        state_json="{}",
        status="active",
        deadline=None,
    )
    for sql in ("UPDATE actions SET action = '{}'", "DELETE FROM actions"):
        with pytest.raises(Exception, match="append-only"):
            await execute(store, sql)
    assert len(await store.action_log(game.id)) == 2


async def test_finding_open_games(store: Store) -> None:
    duel = await new_game(store, (11, 22))
    challenge = await new_game(store, (33, 11), status="challenge")
    solo = await new_game(store, (11, 0), mode="solo", guild_id=None)
    other_solo = await new_game(store, (0, 44), mode="solo", guild_id=None)
    ended = await new_game(store, (11, 55))
    await store.set_status(ended.id, expected_version=0, status="cancelled")

    assert [g.id for g in await store.active_games()] == [
        duel.id,
        challenge.id,
        solo.id,
        other_solo.id,
    ]
    assert [g.id for g in await store.open_games_for_user(11)] == [duel.id, challenge.id, solo.id]
    assert await store.active_solo_game_for_user(11) == solo
    assert await store.active_solo_game_for_user(44) == other_solo
    assert await store.active_solo_game_for_user(22) is None
    assert solo.seat_of(11) == 0 and solo.seat_of(0) is None and other_solo.seat_of(44) == 1


async def test_table_message_is_remembered_without_a_version_bump(store: Store) -> None:
    game = await new_game(store)
    await store.set_table_message(game.id, 555, 987654321012345678)
    again = await store.get_game(game.id)
    assert (again.table_channel_id, again.table_message_id) == (555, 987654321012345678)
    assert again.version == game.version
    with pytest.raises(GameNotFound):
        await store.set_table_message(12345, 1, 2)


async def test_everything_survives_close_and_reopen(store_target: str, clock: FakeClock) -> None:
    store = await Store.open(store_target, clock=clock)
    game = await new_game(store, options={"level": 3, "first": 0})
    game = await store.commit_move(
        game.id,
        expected_version=0,
        actor=11,
        actions=MOVE,
        state_json='{"turn":1}',
        status="active",
        deadline=START + timedelta(hours=24),
    )
    await store.set_table_message(game.id, 1, 2)
    finished = await new_game(store, (11, 22))
    await store.commit_move(
        finished.id,
        expected_version=0,
        actor=22,
        actions=MOVE,
        state_json="{}",
        status="finished",
        deadline=None,
        result=ResultRecord(totals=(20, 25), winner=1),
    )
    before = [await _snapshot(store, gid) for gid in (game.id, finished.id)]
    ratings = await store.stored_ratings()
    await store.close()

    async with await Store.open(store_target, clock=clock) as reopened:
        assert [await _snapshot(reopened, gid) for gid in (game.id, finished.id)] == before
        assert await reopened.stored_ratings() == ratings
        assert [g.id for g in await reopened.active_games()] == [game.id]
        restored = await reopened.get_game(game.id)
        assert restored.deadline == datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
        assert restored.options == {"level": 3, "first": 0}


async def test_the_table_message_is_remembered_where_it_was_set(
    store: Store, store_target: str, clock: FakeClock
) -> None:
    game = await new_game(store)  # a read from before the table was posted
    assert await store.table_message_id(game.id, game.table_message_id) is None
    await store.set_table_message(game.id, 5, 77)
    reads: list[int] = []
    original = store.get_game

    async def counted(game_id: int):
        reads.append(game_id)
        return await original(game_id)

    store.get_game = counted  # type: ignore[method-assign]
    assert await store.table_message_id(game.id, game.table_message_id) == 77 and reads == []
    async with await Store.open(store_target, clock=clock) as other:  # another process
        assert await other.table_message_id(game.id, game.table_message_id) == 77  # as stored
        assert await other.table_message_id(10**9, None) is None
