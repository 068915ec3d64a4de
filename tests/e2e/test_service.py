"""The service without Discord: two bot processes racing on one game apply one move."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

from bot.services.games import GameService, Refusal
from bot.services.modes import DuelOptions
from db.rows import GameRow
from db.store import Store
from engine.famiglia.actions import Pass


def service(store: Store, seed: int) -> GameService:
    return GameService(
        store,
        turn_timeout=timedelta(hours=24),
        challenge_timeout=timedelta(minutes=10),
        clock=lambda: datetime.now(UTC),
        rng=random.Random(seed),
    )


async def challenge(service: GameService) -> GameRow:
    options = DuelOptions(names=("Ann", "Ben"))
    moved = await service.start(
        "duel", guild_id=1, channel_id=10, players=(100, 200), options=options
    )
    return moved.game


async def test_two_processes_racing_on_one_game_apply_one_move(tmp_path):
    path = str(tmp_path / "race.db")
    first, second = await Store.open(path), await Store.open(path)
    try:
        a, b = service(first, 1), service(second, 2)  # separate locks: only the version check
        game = await challenge(a)
        moved = await a.answer_challenge(game.id, 200, "accept")
        mover = moved.game.players[moved.state.current]
        seq = moved.game.action_count

        outcomes = await asyncio.gather(
            a.play(game.id, mover, seq, lambda _s: [Pass()]),
            b.play(game.id, mover, seq, lambda _s: [Pass()]),
            return_exceptions=True,
        )

        refusals = [o for o in outcomes if isinstance(o, Refusal)]
        assert len(refusals) == 1, outcomes
        assert "no longer possible" in str(refusals[0]) or "earlier moment" in str(refusals[0])
        assert len(await first.action_log(game.id)) == 1
        stored = await first.get_game(game.id)
        assert stored is not None and stored.action_count == 1
    finally:
        await first.close()
        await second.close()


async def test_the_tables_last_moves_match_a_replay_whichever_process_moved(tmp_path):
    """The move log the table shows (kept in memory per process) always equals the
    replay of the stored log, also when the other process made the last moves."""
    from bot.services.replay import replay_events
    from engine.famiglia import GameState

    path = str(tmp_path / "recent.db")
    first, second = await Store.open(path), await Store.open(path)
    try:
        a, b = service(first, 1), service(second, 2)
        game = await challenge(a)
        await a.answer_challenge(game.id, 200, "accept")
        rng = random.Random(5)
        for turn in range(80):
            row = await first.get_game(game.id)
            assert row is not None
            state = GameState.from_json(row.state_json)
            if state.over:
                break
            svc = a if rng.random() < 0.7 else b
            mover = row.players[state.current]
            choice = rng.choice(state.legal_actions())
            await svc.play(game.id, mover, row.action_count, lambda _s, c=choice: [c])
            row = await first.get_game(game.id)
            assert row is not None
            if svc is a and turn and row.status == "active":  # own move: from memory
                reads = first.action_log
                first.action_log = None  # type: ignore[assignment]
                assert await a.recent_events(row, 12) is not None
                first.action_log = reads  # type: ignore[method-assign]
            log = [r.action_json for r in await first.action_log(game.id)]
            for count in (0, 1, 12):
                want = [e for g in replay_events(row, log, count) for e in g]
                assert await a.recent_events(row, count) == want, (turn, count)
                assert await b.recent_events(row, count) == want, (turn, count)
        assert turn > 20
    finally:
        await first.close()
        await second.close()


async def test_a_games_lock_is_shared_while_in_use_and_then_let_go(tmp_path):
    """Two callers of one game get the same lock; once nobody holds it the service
    keeps nothing of it (a long-running bot must not keep a lock per game ever seen)."""
    import gc

    store = await Store.open(str(tmp_path / "locks.db"))
    try:
        svc = service(store, 3)
        async with svc.lock(7) as _:
            assert svc.lock(7) is svc.lock(7)
            assert svc.lock(7).locked()
        gc.collect()
        assert len(svc.lock) == 0
    finally:
        await store.close()
