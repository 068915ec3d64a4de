"""Bot fixtures for the reliability tests: the e2e world, commands also synced globally
(so solo commands work in DMs), on a real database file per test."""

from __future__ import annotations

import pytest

from tests.e2e.fixtures import bot_seed, simcord_bot, world  # noqa: F401  (fixtures)
from tests.e2e.harness import settings


@pytest.fixture
def config(tmp_path):
    return settings(tmp_path / "famiglia.db")
