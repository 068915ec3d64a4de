"""Board fixtures: the two-player harness's world, commands also synced globally (for
the DM cases), and a way to put finished games straight into the bot's store."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.app import FamigliaBot
from db import ResultRecord, Store
from tests.e2e.harness import World, build_world, settings

_channels = itertools.count(9_000_000)


@pytest.fixture
def config(tmp_path):
    return settings(tmp_path / "famiglia.db")


@pytest.fixture
def simcord_bot(config):
    return FamigliaBot(config, sync_global=True, rng=random.Random(1))


@pytest.fixture
async def world(simcord_env, config):
    built: World = await build_world(simcord_env, config)
    yield built
    await built.bot.store.close()


async def finished(
    store: Store,
    players: tuple[int, int],
    winner: int | None,
    *,
    mode: str = "duel",
    guild_id: int | None = 1,
    totals: tuple[int, int] = (40, 30),
    level: int | None = None,
    first_seat: int | None = None,
    high_score: int | None = None,
    names: list[str] | None = None,
) -> int:
    """A game stored as played and finished, through the store's own API."""
    game = await store.create_game(
        mode=mode,  # type: ignore[arg-type]
        guild_id=guild_id,
        channel_id=next(_channels),
        players=players,
        seed=1,
        state_json="{}",
        status="active",
        options={"names": names} if names else None,
    )
    await store.commit_move(
        game.id,
        expected_version=game.version,
        actor=players[0],
        actions=['{"type":"pass"}'],
        state_json='{"over":true}',
        status="finished",
        deadline=None,
        result=ResultRecord(
            totals=totals,
            winner=winner,  # type: ignore[arg-type]
            level=level,
            first_seat=first_seat,  # type: ignore[arg-type]
            high_score=high_score,
        ),
    )
    return game.id
