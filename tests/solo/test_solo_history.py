"""The solo table's history (last moves and the robot's report) is kept per game and
brought up to date from the log's new actions only; it always equals a replay of the
whole stored log, whichever process moved the game, and after a restart."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.services.games import GameService, Moved
from bot.services.modes import Solo, SoloOptions
from bot.services.recent import KEEP
from bot.services.solo import SoloService, replay_history
from db.rows import ROBOT
from db.store import Store
from engine.famiglia import GameState
from engine.famiglia.policies import greedy_policy


def solo_service(store: Store, seed: int) -> SoloService:
    service = GameService(
        store,
        turn_timeout=timedelta(hours=24),
        challenge_timeout=timedelta(minutes=10),
        clock=lambda: datetime.now(UTC),
        rng=random.Random(seed),
    )
    return SoloService(service)


async def start(solo: SoloService, *, level: int, first: int) -> Moved:
    """A solo game of user 42 in channel 5 (the robot moves at once if he starts)."""
    options = SoloOptions(names=("Ann", "Robot gangster"), level=level, first=first)
    moved = await solo.service.start(
        Solo.name, guild_id=None, channel_id=5, players=(42, ROBOT), options=options
    )
    return await solo.robot_turn(moved.game.id) or moved


async def test_solo_history_equals_a_full_replay_and_reads_only_new_actions(tmp_path):
    path = str(tmp_path / "solo.db")
    first, second = await Store.open(path), await Store.open(path)
    try:
        a, b = solo_service(first, 1), solo_service(second, 2)
        moved = await start(a, level=3, first=1)
        game_id = moved.game.id
        rng = random.Random(8)
        sinces: list[int] = []
        reads = first.action_log

        async def counting(game: int, *, since: int = 0):  # type: ignore[no-untyped-def]
            sinces.append(since)
            return await reads(game, since=since)

        first.action_log = counting  # type: ignore[method-assign]
        robot_turns = 0
        while True:
            row = await first.get_game(game_id)
            assert row is not None
            state = GameState.from_json(row.state_json)
            log = [r.action_json for r in await reads(game_id)]
            for recent in (0, 1, 6, KEEP):
                want = replay_history(row, log, recent)
                assert await a.history(row, recent) == want
                assert await b.history(row, recent) == want
            if row.action_count > 3:  # after its first read, ``a`` reads only the tail
                assert sinces[-1] > 0
            if state.over:
                break
            solo, svc = (a, a.service) if rng.random() < 0.6 else (b, b.service)
            key = greedy_policy(state, rng)
            choice = next(x for x in state.legal_actions() if x.key() == key)
            await svc.play(game_id, 42, row.action_count, lambda _s, c=choice: [c])
            robot_turns += (await solo.robot_turn(game_id)) is not None
        assert robot_turns > 10
        assert want.robot is not None

        restarted = solo_service(first, 3)  # a new process: one whole replay, then equal
        assert await restarted.history(row) == replay_history(row, log)
    finally:
        await first.close()
        await second.close()


async def test_a_stale_row_gets_its_own_history_and_does_not_undo_a_newer_one(tmp_path):
    store = await Store.open(str(tmp_path / "stale.db"))
    try:
        solo = solo_service(store, 4)
        moved = await start(solo, level=2, first=0)
        old = moved.game
        state = moved.state
        key = greedy_policy(state, random.Random(1))
        choice = next(x for x in state.legal_actions() if x.key() == key)
        await solo.service.play(old.id, 42, old.action_count, lambda _s: [choice])
        await solo.robot_turn(old.id)
        new = await store.get_game(old.id)
        assert new is not None and new.action_count > old.action_count
        log = [r.action_json for r in await store.action_log(old.id)]

        assert await solo.history(new) == replay_history(new, log)
        stale = await solo.history(old)  # read before the move: the history at that moment
        assert stale == replay_history(old, log[: old.action_count])
        assert await solo.history(new) == replay_history(new, log)
        with pytest.raises(ValueError):
            await solo.history(new, KEEP + 1)
    finally:
        await store.close()
