"""What a normal client cannot do, for the tests of interleavings and failures: clicks put
on the gateway while the bot is held (:class:`Held`, :func:`emit`, :func:`at_once`),
waiting in real time for a paused bot task (:func:`until`), and Discord refusing the
bot's end messages (:func:`ends_unsaid`). SimCord internals, like
:mod:`tests.simcord_world`'s, are used here on purpose."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import simcord
from simcord import interactions
from simcord.backend import serializers

from tests.simcord_world import World, carry


class Held:
    """Hold the bot's world in one operation: put interactions on the gateway one by one
    while a bot task is paused, then let everything run to the end."""

    def __init__(self, world: World) -> None:
        self.env = world.env

    async def __aenter__(self) -> Held:
        self.env._begin_operation("dispatch")
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            if exc[0] is None:
                await self.env._settle_internal(dispatch="INTERACTION_CREATE")
        finally:
            self.env._end_operation()


def emit(world: World, user_id: int, message: Any, data: dict[str, Any]) -> Any:
    """Put a component interaction (``data``) on the gateway without letting the bot run
    (SimCord internals: :meth:`World._dispatch` cannot click in a DM nor two different
    controls at once); the caller holds the operation (:class:`Held`). A custom id the
    message does not carry is put on it (a forged or stale one)."""
    backend = world.env.backend
    channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
    stored = backend.get_message(channel_id, message.id)
    record, payload = interactions.base_payload(
        backend, type=3, channel_id=stored.channel_id,
        guild_id=backend.get_channel(stored.channel_id).guild_id, user_id=user_id, data=data,
    )  # fmt: skip
    payload["message"] = dict(serializers.message_payload(backend, stored))
    carry(payload["message"], data)
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)
    return simcord.InteractionResult(world.env, record)


def click(custom_id: str) -> dict[str, Any]:
    """The interaction data of a click on the button ``custom_id``."""
    return {"custom_id": custom_id, "component_type": 2}


async def at_once(world: World, clicks: list[tuple[int, Any, str]]) -> list[Any]:
    """Clicks (user id, message, custom id), all on the gateway before the bot runs any."""
    async with Held(world):
        return [
            emit(world, user_id, message, click(custom_id))
            for user_id, message, custom_id in clicks
        ]


async def until(check: Any, what: str) -> None:
    """Wait in real time (a bot task paused by the test) until ``check()`` holds."""
    for _ in range(3000):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def ends_unsaid(world: World, times: int = 1) -> list[str]:
    """The bot's next ``times`` messages saying a game is over ("🏁 …") fail with a 500
    from Discord; the list gets each refused text."""
    return posts_refused(world, "🏁", times)


def dms_closed(world: World, user: Any) -> None:
    """From now on Discord refuses every message to ``user``'s DMs (50007), as when the
    user closed them."""
    world.env.inject_error(
        "POST",
        f"/channels/{user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
    )


def posts_refused(world: World, start: str, times: int = 1) -> list[str]:
    """The bot's next ``times`` messages starting with ``start`` fail with a 500 from
    Discord; the list gets each refused text."""
    http = world.bot.http
    original = http.request
    refused: list[str] = []

    async def request(route: Any, **kwargs: Any) -> Any:
        content = str((kwargs.get("json") or {}).get("content") or "")
        if route.method == "POST" and content.startswith(start) and len(refused) < times:
            refused.append(content)
            raise discord.HTTPException(
                type("Response", (), {"status": 500, "reason": "injected"})(), "injected"
            )
        return await original(route, **kwargs)

    http.request = request  # type: ignore[method-assign]
    return refused


def nonces_kept(world: World) -> list[str]:
    """Discord's ``enforce_nonce``: a message posted again with the nonce of one the bot
    posted before is not posted anew, Discord answers with the first (for minutes; here
    for the whole test). The list gets each nonce Discord turned away."""
    http = world.bot.http
    original = http.request
    posted: dict[str, Any] = {}
    again: list[str] = []

    async def request(route: Any, **kwargs: Any) -> Any:
        body = kwargs.get("json") or {}
        nonce = body.get("nonce") if route.method == "POST" else None
        if nonce is None or not body.get("enforce_nonce"):
            return await original(route, **kwargs)
        if nonce in posted:
            again.append(nonce)
            return posted[nonce]
        posted[nonce] = await original(route, **kwargs)
        return posted[nonce]

    http.request = request  # type: ignore[method-assign]
    return again


def answers_lost(world: World, start: str, times: int = 1) -> list[str]:
    """The bot's next ``times`` messages starting with ``start`` are posted, but their
    answers are lost (a timeout after Discord took the request); the list gets each
    text. With :func:`nonces_kept` armed first, a message sent again with its nonce is
    answered with the one posted, as Discord does."""
    http = world.bot.http
    original = http.request
    lost: list[str] = []

    async def request(route: Any, **kwargs: Any) -> Any:
        content = str((kwargs.get("json") or {}).get("content") or "")
        answer = await original(route, **kwargs)
        if route.method == "POST" and content.startswith(start) and len(lost) < times:
            lost.append(content)
            raise TimeoutError("the answer was lost (injected)")
        return answer

    http.request = request  # type: ignore[method-assign]
    return lost


def nonces_kept_across_restarts(world: World, monkeypatch: Any) -> list[str]:
    """:func:`nonces_kept` for every bot process of the test, the ones a restart starts
    too (Discord remembers the nonces for minutes, not the process; a message deleted
    since is posted anew)."""
    original = discord.abc.Messageable.send
    posted: dict[tuple[int, str], Any] = {}
    again: list[str] = []

    async def send(self: Any, content: Any = None, **kwargs: Any) -> Any:
        nonce = kwargs.get("nonce")
        if nonce is None:
            return await original(self, content, **kwargs)
        channel = await self._get_channel()
        key = (channel.id, str(nonce))
        first = posted.get(key)
        if first is not None and first.id in world.env.backend.messages.get(channel.id, {}):
            again.append(str(nonce))
            return first
        posted[key] = await original(self, content, **kwargs)
        return posted[key]

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    return again


def fails_once(target: Any, name: str) -> list[Any]:
    """``target.name`` (a coroutine method, say a store call) raises an OSError the first
    time it is called, as a disk failing would, and works after; the list gets the
    arguments of the failed call."""
    original = getattr(target, name)
    failed: list[Any] = []

    async def once(*args: Any, **kwargs: Any) -> Any:
        if not failed:
            failed.append(args)
            raise OSError("disk I/O error (injected)")
        return await original(*args, **kwargs)

    setattr(target, name, once)
    return failed
