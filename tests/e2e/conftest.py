from __future__ import annotations

import pytest

from .fixtures import world  # noqa: F401  (a fixture)
from .harness import make_bot, settings


@pytest.fixture
def config(tmp_path):
    return settings(tmp_path / "famiglia.db")


@pytest.fixture
def simcord_bot(config):
    return make_bot(config)
