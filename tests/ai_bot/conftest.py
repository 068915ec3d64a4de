"""Fixtures for games against the AI: the two-player harness's world, commands also
synced globally (slash commands in a DM need them), the AI's time cap lifted (each
decision is then a pure function of position and seed, and quick at ``easy``)."""

from __future__ import annotations

import pytest

from tests.e2e.fixtures import bot_seed, simcord_bot, world  # noqa: F401  (fixtures)
from tests.e2e.harness import settings


@pytest.fixture
def config(tmp_path):
    return settings(tmp_path / "famiglia.db", ai_time_cap_seconds=0, ai_workers=1)
