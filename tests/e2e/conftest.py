from __future__ import annotations

import pytest

from .harness import World, build_world, make_bot, settings


@pytest.fixture
def config(tmp_path):
    return settings(tmp_path / "famiglia.db")


@pytest.fixture
def simcord_bot(config):
    return make_bot(config)


@pytest.fixture
async def world(simcord_env, config):
    built: World = await build_world(simcord_env, config)
    yield built
    await built.bot.store.close()
