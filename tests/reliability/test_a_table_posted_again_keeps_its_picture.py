"""A table a moderator deleted is posted again after its edit failed (404): the new table
carries the whole picture. discord.py's own HTTP client runs against a local server that
answers as Discord would (SimCord refuses the edit before it reads the upload, so only
real HTTP shows it): the failed edit has read the picture to its end, and discord.py
does not rewind a file for a new request."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from aiohttp import web

from cogs.table_message import show_table

PICTURE = b"\x89PNG\r\n\x1a\n" + b"x" * 5000
MESSAGE = {
    "id": "555",
    "channel_id": "42",
    "type": 0,
    "content": "",
    "author": {"id": "1", "username": "bot", "discriminator": "0", "avatar": None},
    "attachments": [],
    "embeds": [],
    "mentions": [],
    "mention_roles": [],
    "pinned": False,
    "mention_everyone": False,
    "tts": False,
    "timestamp": "2026-01-01T00:00:00+00:00",
    "edited_timestamp": None,
    "flags": 0,
    "components": [],
}


def _json(data: Any, status: int = 200) -> web.Response:
    """As Discord answers: discord.py reads JSON only under exactly this content type."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


async def _uploaded(request: web.Request) -> list[int]:
    """The sizes of the files a multipart request carried."""
    sizes = []
    async for part in await request.multipart():
        data = await part.read()  # type: ignore[union-attr]
        if part.filename:  # type: ignore[union-attr]
            sizes.append(len(data))
    return sizes


@pytest.fixture
async def discord_like() -> AsyncIterator[tuple[discord.Client, list[int]]]:
    """A client logged in to a local server where the table (message 7 in channel 42) is
    gone; the sizes of the files posted to the channel are listed."""
    posted: list[int] = []

    async def edit(request: web.Request) -> web.Response:
        await _uploaded(request)
        return _json({"message": "Unknown Message", "code": 10008}, status=404)

    async def send(request: web.Request) -> web.Response:
        posted.extend(await _uploaded(request))
        return _json(MESSAGE)

    async def me(request: web.Request) -> web.Response:
        return _json({"id": "1", "username": "bot", "discriminator": "0", "avatar": None})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_patch("/api/v10/channels/42/messages/7", edit)
    app.router.add_post("/api/v10/channels/42/messages", send)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    base = discord.http.Route.BASE
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    client = discord.Client(intents=discord.Intents.none())
    try:
        await client.http.static_login("token")
        yield client, posted
    finally:
        discord.http.Route.BASE = base
        await client.close()
        await runner.cleanup()


class _Store:
    async def table_message_id(self, game: object) -> int:
        return 7

    async def set_table_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        pass


async def test_a_deleted_table_is_posted_again_with_its_whole_picture(
    discord_like: tuple[discord.Client, list[int]],
) -> None:
    client, posted = discord_like
    game = SimpleNamespace(id=9, version=3, table_channel_id=None, channel_id=42)
    payload = {
        "content": None,
        "embeds": [discord.Embed(title="table")],
        "attachments": [discord.File(io.BytesIO(PICTURE), filename="table.png")],
        "view": None,
    }
    failed: list[int] = []
    await show_table(client, game, payload, _Store(), failed.append)  # type: ignore[arg-type]
    assert posted == [len(PICTURE)]
    assert failed == []
