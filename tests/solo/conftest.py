"""Solo fixtures: the two-player harness's world, with commands also synced globally
(slash commands in a DM need global commands) and a chosen seed for new games."""

from __future__ import annotations

import random

import pytest
from e2e.harness import World, build_world, settings

from bot.app import FamigliaBot


@pytest.fixture
def config(tmp_path):
    return settings(tmp_path / "famiglia.db")


@pytest.fixture
def bot_seed() -> int:
    """The seed of the bot's random numbers: it decides the seeds of new games."""
    return 1


@pytest.fixture
def simcord_bot(config, bot_seed):
    return FamigliaBot(config, sync_global=True, rng=random.Random(bot_seed))


@pytest.fixture
async def world(simcord_env, config):
    built: World = await build_world(simcord_env, config)
    yield built
    await built.bot.store.close()
