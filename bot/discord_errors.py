"""What a call to Discord raises when it did not go through, for the handlers that log
it and go on: Discord refused it (``discord.HTTPException``: 403, 404, a 5xx after
discord.py's retries), or it got no answer in time or no connection (``TimeoutError``,
an ``OSError``, an ``aiohttp.ClientError``). Whatever the call was to show is shown
again later (the table repair) or was a courtesy; what the database holds stands.

Catching only ``discord.HTTPException`` lets a timeout escape past everything that was
still to be done after the call (the next person told, the AI seats started)."""

from __future__ import annotations

from typing import Final

import aiohttp
import discord

#: every failure of a call to Discord (``TimeoutError`` is an ``OSError``)
FAILED: Final[tuple[type[Exception], ...]] = (
    discord.HTTPException,
    aiohttp.ClientError,
    OSError,
)
