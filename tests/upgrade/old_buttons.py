"""Pressing a button of a message the old release posted: the message itself is gone
with the old Discord session, so the click (its custom id, as the old client would
send it) arrives on a message of today's bot. SimCord internals, kept here alone."""

from __future__ import annotations

from typing import Any

import simcord
from simcord import interactions
from simcord.backend import serializers


async def press(
    env: simcord.Env,
    user_id: int,
    message: Any,
    custom_id: str,
    *,
    guild_id: int | None,
    values: list[str] | None = None,
) -> simcord.InteractionResult:
    """A click (or, with ``values``, a select) on ``custom_id`` carried by ``message``."""
    backend = env.backend
    channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
    stored = backend.get_message(channel_id, message.id)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
    if values is not None:
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
    env._begin_operation("dispatch")
    try:
        record, payload = interactions.base_payload(
            backend,
            type=3,
            channel_id=stored.channel_id,
            guild_id=guild_id,
            user_id=user_id,
            data=data,
        )
        payload["message"] = dict(serializers.message_payload(backend, stored))
        record.source_message_id = stored.id
        backend.emit("INTERACTION_CREATE", payload)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()
    return simcord.InteractionResult(env, record)


def restore_message(
    env: simcord.Env, channel_id: int, message_id: int | None, custom_ids: list[str]
) -> Any:
    """Put back a message the old release posted (a table: same id; a player's hand),
    with the custom ids of its controls, as it still stands on a player's screen after
    an upgrade; returns it as the bot sees it."""
    backend = env.backend
    rows = []
    for custom_id in custom_ids:
        if ":pick:" in custom_id or custom_id == "fam:rulespage":
            option = {"label": "…", "value": "0"}
            rows.append({"type": 3, "custom_id": custom_id, "options": [option]})
        else:
            rows.append({"type": 2, "style": 2, "label": custom_id, "custom_id": custom_id})
    components = [{"type": 1, "components": [row]} for row in rows]
    message = backend.prepare_message(channel_id, backend.bot_user.id, "", components=components)
    if message_id is not None:
        backend.reserve_id(message_id)  # SimCord never hands out this id for another message
        message.id = message_id
    backend.commit_message(message, broadcast=False)
    return simcord.ResponseMessage(env, backend.get_message(channel_id, message.id))
