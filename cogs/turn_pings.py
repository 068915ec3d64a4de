"""The "your turn" pings of games in server channels: at most one per game stays, the
latest; it is deleted when the next is sent and when the game ends. Which message it is
is stored (``Records.turn_ping_sent``), so a restart, which announces the turn anew,
deletes the ping of before it too (kept in memory only, that one stayed for good, and
the turns of an AI game gathered a ping per restart). What this process knows of a
game's ping is kept too, so a move that finds none asks the store nothing (a game is
only ever written by the process of its server's shard)."""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Final

import discord

from bot.discord_errors import FAILED
from bot.services.records import Records

log = logging.getLogger(__name__)

#: games whose ping this process knows (a forgotten one is asked of the store again)
KNOWN: Final = 4096


class TurnPings:
    def __init__(self, records: Records) -> None:
        self.records = records
        self._known: OrderedDict[int, int | None] = OrderedDict()  # game -> ping, or none

    async def ping(
        self, channel: discord.PartialMessageable, game_id: int, text: str, user: int
    ) -> None:
        """Ping ``user`` with ``text`` in ``channel``, the game's previous ping deleted.
        Raises what Discord raises for the new ping (``FAILED``); a store that cannot
        keep which ping it was only costs a ping that stays (logged)."""
        await self.drop(channel, game_id)
        ping = await channel.send(
            text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)])
        )
        try:
            await self.records.turn_ping_sent(game_id, ping.id)
        except Exception:
            log.exception("turn ping %s of game %s is not kept: it will stay", ping.id, game_id)
            return
        self._know(game_id, ping.id)

    async def drop(self, channel: discord.PartialMessageable, game_id: int) -> None:
        """Delete the game's latest turn ping, if there is one. Never raises."""
        if game_id in self._known and self._known[game_id] is None:
            return
        try:
            old = await self.records.take_turn_ping(game_id)
        except Exception:
            log.exception("turn ping of game %s not read: it stays", game_id)
            return
        self._know(game_id, None)
        if old is None:
            return
        try:
            await channel.get_partial_message(old).delete()
        except FAILED as error:  # already gone, or no access: harmless
            log.debug("could not delete turn ping %s: %s", old, error)

    def _know(self, game_id: int, ping: int | None) -> None:
        self._known[game_id] = ping
        self._known.move_to_end(game_id)
        while len(self._known) > KNOWN:
            self._known.popitem(last=False)
