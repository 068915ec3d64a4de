"""Fixtures for games against the AI: the two-player harness's world, commands also
synced globally (slash commands in a DM need them), the AI's time cap lifted (each
decision is then a pure function of position and seed, and quick at ``easy``)."""

from __future__ import annotations

import random

import pytest
from e2e.harness import World, build_world, settings

from bot.app import FamigliaBot


@pytest.fixture
def config(tmp_path):
    return settings(tmp_path / "famiglia.db", ai_time_cap_seconds=0, ai_workers=1)


@pytest.fixture
def bot_seed() -> int:
    return 1


@pytest.fixture
def simcord_bot(config, bot_seed):
    return FamigliaBot(config, sync_global=True, rng=random.Random(bot_seed))


@pytest.fixture
async def world(simcord_env, config):
    built: World = await build_world(simcord_env, config)
    yield built
    await built.bot.store.close()
