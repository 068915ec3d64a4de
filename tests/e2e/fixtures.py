"""Fixtures shared by the packages that run the bot in SimCord. A package's conftest
imports the ones it uses and defines ``config``.

``world`` serves every such package; ``bot_seed`` and ``simcord_bot`` are for games played
in a DM (solo, against the AI): commands also synced globally (slash commands in a DM need
them) and a chosen seed for new games.
"""

from __future__ import annotations

import random

import pytest

from bot.app import FamigliaBot

from .harness import World, build_world


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
