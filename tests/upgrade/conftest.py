"""A bot of today's code started on a copy of the release fixture, in its world."""

from __future__ import annotations

import random
import shutil

import pytest
import simcord

from bot.app import FamigliaBot
from bot.settings import Settings

from .old_buttons import restore_message
from .release_world import DATABASE, GUILD_ID, build_release_world, manifest


@pytest.fixture
async def release_env(tmp_path):
    """The running SimCord world of the fixture; ``release_env.release`` is its world."""
    copy = tmp_path / "famiglia.db"
    shutil.copy(DATABASE, copy)
    config = Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token=None,
        database_path=copy,
        dev_guild_id=GUILD_ID,
        ai_time_cap_seconds=0,
        ai_workers=1,
    )
    bot = FamigliaBot(config, sync_global=True, rng=random.Random(3))
    env = simcord.Env(bot, check_errors=True)
    world = build_release_world(env)  # before the bot starts, as when it was written
    assert world.ids() == manifest()["world"], "SimCord no longer gives the fixture's ids"
    env.release = world  # type: ignore[attr-defined]
    data = manifest()
    for name, table in data["tables"].items():  # still in the channels, as after an upgrade
        restore_message(env, table["channel"], table["message"], data["buttons"][f"{name}_table"])
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
