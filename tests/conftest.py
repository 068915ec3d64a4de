"""Fixtures every test directory may use.

* ``postgres_server`` / ``postgres_url``: a throwaway PostgreSQL server for the run and a
  new, empty database on it per test (tests/postgres_server.py).
* ``config``, ``bot_seed``, ``simcord_bot``, ``world``: the bot in a SimCord world of one
  server, one channel and three members (tests/simcord_world.py), on a database file of
  its own per test; a message nonce over Discord's 25 characters is refused, as Discord
  does. Commands are also synced globally (slash commands in a DM need them);
  the bot's random numbers, which decide the seeds of new games, start from ``bot_seed``.
  A directory or a test module overrides ``config`` or ``bot_seed`` where it needs to.
* ``multi``: the service of games for 2-6 without Discord (bot/services/multi_games.py).
* ``edit_times_out``: once armed, the next message edit times out (a table to repair).
* ``send_times_out``: once armed with a text, the next message sent holding it times out.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from pytest_postgresql.executors import PostgreSQLExecutor
from simcord.http.client import FakeHTTPClient

from bot.app import FamigliaBot
from bot.services.games import GameService
from bot.services.multi_games import MultiService
from bot.settings import Settings
from db.rows import GameRow
from db.store import Store
from engine.family_business import GAME
from tests.postgres_server import NoPostgreSQL, running_server
from tests.postgres_server import new_database as _new_database
from tests.simcord_world import World, build_world, settings


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgreSQLExecutor]:
    """One server for the whole run, started at the first test that needs it."""
    try:
        with running_server() as server:
            yield server
    except NoPostgreSQL as missing:
        pytest.fail(str(missing))


@pytest.fixture
def postgres_url(postgres_server: PostgreSQLExecutor) -> Iterator[str]:
    """The URL of a new, empty database on the test server, dropped after the test."""
    with _new_database(postgres_server) as url:
        yield url


@pytest.fixture
def config(tmp_path: Path) -> Settings:
    return settings(tmp_path / "famiglia.db")


@pytest.fixture
def bot_seed() -> int:
    """The seed of the bot's random numbers: it decides the seeds of new games."""
    return 1


@pytest.fixture
def simcord_bot(config: Settings, bot_seed: int) -> FamigliaBot:
    return FamigliaBot(config, sync_global=True, rng=random.Random(bot_seed))


@pytest.fixture
async def world(
    simcord_env: simcord.Env, config: Settings, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[World]:
    discord_limits_nonces(monkeypatch)
    built = await build_world(simcord_env, config)
    yield built
    await built.bot.store.close()


def discord_limits_nonces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord refuses a message whose nonce is longer than 25 characters (400, Invalid
    Form Body); SimCord does not check it."""
    real = FakeHTTPClient.request

    async def request(self: FakeHTTPClient, route: Any, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        nonce = body.get("nonce") if isinstance(body, dict) else None
        if nonce is not None and len(str(nonce)) > 25:
            response = type("Response", (), {"status": 400, "reason": "Bad Request"})()
            raise discord.HTTPException(response, {"code": 50035, "message": "nonce too long"})
        return await real(self, route, **kwargs)

    monkeypatch.setattr(FakeHTTPClient, "request", request)


@pytest.fixture
def edit_times_out(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Once armed (an entry 0 put in), the next table edit raises TimeoutError (Discord
    did not answer in time); the entry becomes the message's id."""
    real = discord.PartialMessage.edit
    armed: list[int] = []

    async def edit(self: discord.PartialMessage, **kwargs: Any) -> Any:
        if armed == [0]:
            armed[0] = self.id
            raise TimeoutError("Discord did not answer")
        return await real(self, **kwargs)

    monkeypatch.setattr(discord.PartialMessage, "edit", edit)
    return armed


@pytest.fixture
def send_times_out(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Once armed (a text put in), the next message sent to a channel whose content holds
    that text raises TimeoutError (Discord did not answer in time); the entry is then
    taken out, so an empty list after the test says the send was tried."""
    real = discord.abc.Messageable.send
    armed: list[str] = []

    async def send(self: discord.abc.Messageable, content: Any = None, **kwargs: Any) -> Any:
        if armed and content is not None and armed[0] in str(content):
            armed.clear()
            raise TimeoutError("Discord did not answer")
        return await real(self, content, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    return armed


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def multi(tmp_path: Path) -> AsyncIterator[MultiService]:
    """The service of games for 2-6 on a store of its own, on a :class:`Clock`; the AI
    seats choose a random legal action (seeded by the position)."""
    clock = Clock()
    store = await Store.open(str(tmp_path / "fb.db"), clock=clock)
    base = GameService(
        store,
        turn_timeout=timedelta(hours=1),
        challenge_timeout=timedelta(minutes=10),
        clock=clock,
        rng=random.Random(5),
    )
    service = MultiService(
        base,
        window=timedelta(seconds=60),
        lobby_timeout=timedelta(minutes=15),
        rng=random.Random(7),
    )

    async def decide(game: GameRow, state: Any, seat: int, strength: str) -> Any:
        rng = random.Random(game.action_count * 7 + seat)
        return rng.choice(GAME.legal_actions(state, seat))

    service.decide = decide
    yield service
    await store.close()
