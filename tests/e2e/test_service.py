"""The service without Discord: two bot processes racing on one game apply one move."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

from bot.service import GameService, Refusal
from db.store import Store
from engine.actions import Pass


def service(store: Store, seed: int) -> GameService:
    return GameService(store, turn_timeout=timedelta(hours=24),
                       challenge_timeout=timedelta(minutes=10),
                       clock=lambda: datetime.now(UTC), rng=random.Random(seed))


async def test_two_processes_racing_on_one_game_apply_one_move(tmp_path):
    path = str(tmp_path / "race.db")
    first, second = await Store.open(path), await Store.open(path)
    try:
        a, b = service(first, 1), service(second, 2)  # separate locks: only the version check
        game = await a.challenge(1, 10, 100, 200, ["Ann", "Ben"])
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
