"""Two processes on one PostgreSQL database, as in a rolling restart (both on the same
shards for a while): a deadline the old process wrote while the new one's timer slept (a
challenge, a counter window) is acted on by the new one soon after the old one stops.
The timer learned of deadlines only from its own process's writes and slept up to an
hour, so a counter window stayed open and a challenge held its channel that long."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from typing import Any

import pytest

from bot.services.games import GameService
from bot.services.modes import DuelOptions
from cogs import timer
from db import Store
from db.clock import utcnow


class _Shown:
    def __init__(self) -> None:
        self.games: list[int] = []

    async def show_outcome(self, moved: Any) -> None:
        self.games.append(moved.game.id)


def _service(store: Store, seed: int) -> GameService:
    return GameService(
        store,
        turn_timeout=timedelta(hours=24),
        challenge_timeout=timedelta(seconds=1),
        clock=utcnow,
        rng=random.Random(seed),
    )


async def test_a_challenge_the_old_process_opened_expires_by_the_new_ones_timer(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(timer, "SHARED_MAX_SLEEP", 0.5)  # 15 s in production: kept short
    old, new = await Store.open(postgres_url), await Store.open(postgres_url)
    shown = _Shown()
    waking = timer.turn_timer(_service(new, 2), shown, shared=True)  # type: ignore[arg-type]
    waking.start()
    try:
        await asyncio.sleep(0.2)  # the new process found nothing due: it sleeps
        opened = await _service(old, 1).start(
            "duel",
            guild_id=1 << 22,
            channel_id=700,
            players=(11, 22),
            options=DuelOptions(names=("Ann", "Bob")),
        )
        await old.close()  # the old process stops
        for _ in range(40):  # the challenge's second and a few sleeps of the timer
            expired = await new.get_game(opened.game.id)
            if expired is not None and expired.status == "expired":
                break
            await asyncio.sleep(0.25)
        assert expired is not None and expired.status == "expired"
        assert shown.games == [opened.game.id]
    finally:
        await waking.stop()
        await new.close()
