"""Solo fixtures: the two-player harness's world, with commands also synced globally
(slash commands in a DM need global commands) and a chosen seed for new games."""

from __future__ import annotations

import pytest

from tests.e2e.fixtures import bot_seed, simcord_bot, world  # noqa: F401  (fixtures)
from tests.e2e.harness import settings


@pytest.fixture
def config(tmp_path):
    return settings(tmp_path / "famiglia.db")
