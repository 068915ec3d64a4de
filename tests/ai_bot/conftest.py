"""Games against the AI: the AI's time cap lifted (each decision is then a pure function
of position and seed, and quick at ``easy``), one worker process."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings
from tests.simcord_world import settings


@pytest.fixture
def config(tmp_path: Path) -> Settings:
    return settings(tmp_path / "famiglia.db", ai_time_cap_seconds=0, ai_workers=1)
