"""Turn timers: deadlines and half-time reminders live in the database."""

from __future__ import annotations

from datetime import timedelta

from db import Store
from tests.stored_games import new_game

from .hand_clock import START, FakeClock

DAY = timedelta(hours=24)


async def _move(store: Store, game_id: int, deadline, **kw):
    game = await store.get_game(game_id)
    return await store.commit_move(
        game_id,
        expected_version=game.version,
        actor=11,
        actions=['{"type":"pass"}'],
        state_json="{}",
        status=kw.pop("status", "active"),
        deadline=deadline,
        **kw,
    )


async def test_due_deadlines_returns_open_games_whose_time_is_up(
    store: Store, clock: FakeClock
) -> None:
    challenge = await new_game(store, status="challenge", deadline=START + timedelta(minutes=10))
    late = await new_game(store, deadline=START + timedelta(hours=1))
    later = await new_game(store, deadline=START + timedelta(hours=2))
    await new_game(store)  # no deadline
    ended = await new_game(store, deadline=START + timedelta(minutes=1))
    await store.set_status(ended.id, expected_version=0, status="cancelled")

    assert await store.due_deadlines(START) == []
    assert [g.id for g in await store.due_deadlines(START + timedelta(minutes=10))] == [
        challenge.id
    ]  # exactly at the deadline counts
    due = await store.due_deadlines(START + timedelta(hours=3))
    assert [g.id for g in due] == [challenge.id, late.id, later.id]  # earliest first
    # a move pushes the deadline on, so the game is no longer due
    await _move(store, late.id, START + timedelta(hours=5))
    assert [g.id for g in await store.due_deadlines(START + timedelta(hours=3))] == [
        challenge.id,
        later.id,
    ]


async def test_deadlines_compare_instants_across_time_zones(store: Store) -> None:
    from datetime import timezone

    plus2 = timezone(timedelta(hours=2))
    game = await new_game(store, deadline=(START + timedelta(hours=1)).astimezone(plus2))
    assert (await store.get_game(game.id)).deadline == START + timedelta(hours=1)
    assert await store.due_deadlines((START + timedelta(minutes=59)).astimezone(plus2)) == []
    assert len(await store.due_deadlines(START + timedelta(hours=1))) == 1


async def test_reminder_at_half_time_once_per_turn(store: Store, clock: FakeClock) -> None:
    game = await new_game(store)
    game = await _move(store, game.id, START + DAY)
    assert game.reminder_at == START + DAY / 2
    assert await store.next_deadline() == START + DAY / 2

    assert await store.due_reminders(START + DAY / 2 - timedelta(seconds=1)) == []
    due = await store.due_reminders(START + DAY / 2)
    assert [g.id for g in due] == [game.id]
    marked = await store.mark_reminder_sent(game.id, expected_version=game.version)
    assert marked is not None and marked.reminder_sent and marked.version == game.version
    assert await store.due_reminders(START + DAY) == []  # not twice
    assert await store.next_deadline() == START + DAY  # now the forfeit is next

    clock.advance(hours=13)
    nxt = await _move(store, game.id, clock.now + DAY)  # next turn: a fresh reminder
    assert not nxt.reminder_sent and nxt.reminder_at == clock.now + DAY / 2
    assert await store.due_reminders(clock.now + DAY / 2) != []


async def test_reminder_for_a_turn_that_moved_on_is_not_marked(store: Store) -> None:
    game = await _move(store, (await new_game(store)).id, START + DAY)
    newer = await _move(store, game.id, START + 2 * DAY)
    assert await store.mark_reminder_sent(game.id, expected_version=game.version) is None
    assert not (await store.get_game(game.id)).reminder_sent
    assert await store.mark_reminder_sent(game.id, expected_version=newer.version) is not None


async def test_explicit_or_no_reminder(store: Store) -> None:
    game = await new_game(store)
    kept = START + timedelta(hours=3)
    game = await _move(store, game.id, START + DAY, reminder_at=kept)
    assert game.reminder_at == kept
    game = await _move(store, game.id, START + DAY, reminder_at=None)
    assert game.reminder_at is None
    assert await store.due_reminders(START + 2 * DAY) == []


async def test_ending_a_game_clears_its_timers(store: Store) -> None:
    game = await _move(store, (await new_game(store)).id, START + DAY)
    done = await _move(store, game.id, START + DAY, status="finished")
    assert done.deadline is None and done.reminder_at is None
    assert await store.due_deadlines(START + 2 * DAY) == []
    assert await store.next_deadline() is None


async def test_extending_deadlines_moves_only_running_turns_that_end_too_soon(
    store: Store,
) -> None:
    """After downtime: turns ending before ``until`` end at ``until`` instead, with their
    reminder counted as sent; later turns and challenges keep their deadlines."""
    soon = await _move(store, (await new_game(store)).id, START + timedelta(minutes=5))
    later = await _move(store, (await new_game(store)).id, START + DAY)
    challenge = await new_game(store, status="challenge", deadline=START + timedelta(minutes=1))
    until = START + timedelta(hours=1)

    assert await store.extend_deadlines(until) == [soon.id]
    extended = await store.get_game(soon.id)
    assert extended.deadline == until and extended.reminder_sent
    # no game state changed, but a copy of the game kept elsewhere must not write over it
    assert extended.version == soon.version + 1
    assert (await store.get_game(later.id)).deadline == START + DAY
    assert (await store.get_game(challenge.id)).deadline == START + timedelta(minutes=1)
    assert await store.due_deadlines(until - timedelta(seconds=1)) == [
        await store.get_game(challenge.id)
    ]


async def test_ended_games_with_kept_turn_pings_are_listed_for_their_deletion(
    store: Store,
) -> None:
    running = await new_game(store)
    ended = await new_game(store)
    quiet = await new_game(store)
    await store.set_status(ended.id, expected_version=0, status="cancelled")
    await store.set_status(quiet.id, expected_version=0, status="cancelled")
    for game_id, message_id in ((running.id, 7), (ended.id, 8), (ended.id, 9)):
        await store.turn_ping_sent(game_id, message_id)
    [(game_id, channel_id, version)] = await store.ended_games_with_pings()
    assert (game_id, channel_id, version) == (ended.id, ended.channel_id, 1)
    assert await store.turn_pings(ended.id) == [8, 9]
    await store.turn_pings_deleted(ended.id, [8])
    assert [g for g, _, _ in await store.ended_games_with_pings()] == [ended.id]
    await store.turn_pings_deleted(ended.id, [9])
    assert await store.ended_games_with_pings() == []
    assert await store.turn_pings(running.id) == [7]
