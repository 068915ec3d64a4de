"""The "your turn" pings of games in server channels: one per game stays, the latest; the
previous one is deleted when the next is sent and the last when the game ends. The
reminder at half of a turn is such a ping too: it takes the place of the turn's ping,
and goes with the turn. A ping whose delete failed at a game's end is deleted at the
next start-up (:meth:`TurnPings.sweep`).

Which messages they are is stored (``Records.turn_ping_sent``), so a restart, which
announces the turn anew, deletes the ping of before it too (kept in memory only, that
one stayed for good, and an AI game gathered a ping per restart). A ping whose delete
failed for any reason but its being gone already is kept to be deleted with the next.
The pings of one game are sent and deleted one at a time (a lock), in the order of the
game's versions: a showing of an older version that comes late neither pings for a
turn that is over nor deletes the newer ping. A ping is sent with a nonce of its game
and version, so one whose answer was lost and that is sent again is not posted twice.
What this process knows of a game having no ping is kept, so a move that finds none
asks the store nothing (a game is written by the process of its server's shard)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from typing import Final

import discord

from bot.discord_errors import FAILED
from bot.keyed_locks import KeyedLocks
from bot.services.records import Records

log = logging.getLogger(__name__)

#: games whose pings this process knows of (a forgotten one is asked of the store again)
KNOWN: Final = 4096


def ping_nonce(game_id: int, version: int, *, again: bool = False) -> str:
    """The nonce of the game's ping at ``version`` (Discord posts a message sent again
    with the nonce of one it posted minutes before as that one); ``again``: its reminder."""
    return f"ping-{game_id}-{version}{'-again' if again else ''}"


class TurnPings:
    def __init__(self, records: Records) -> None:
        self.records = records
        self._locks = KeyedLocks()
        #: game -> (the version of its latest showing, whether a ping may be stored,
        #: whether that showing pinged)
        self._known: OrderedDict[int, tuple[int, bool, bool]] = OrderedDict()

    async def ping(
        self,
        channel: discord.PartialMessageable,
        game_id: int,
        version: int,
        text: str,
        user: int,
        *,
        again: bool = False,
    ) -> None:
        """Ping ``user`` with ``text`` in ``channel`` for the game at ``version``, the
        game's previous pings deleted; nothing if a newer version was shown already or
        this version was pinged (a repair showing the game again notifies nobody twice),
        unless ``again``: the reminder at half of the turn, which takes the turn ping's
        place. Raises what Discord raises for the new ping (``FAILED``), the pings before
        it left as they were; a store that cannot keep which ping it was only costs a
        ping that stays (logged)."""
        async with self._locks(game_id):
            if self._older(game_id, version):
                return  # a newer version shown: this turn is over
            if not again and self._known.get(game_id) == (version, True, True):
                return  # this one pinged already (a repair)
            ping = await channel.send(  # first: a ping that fails leaves the one before
                text,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)]),
                nonce=ping_nonce(game_id, version, again=again),
            )
            try:  # the pings before it (never this one: Discord answers a nonce it posted
                # a few minutes before, as after a quick restart, with that same message)
                await self._drop(channel, game_id, keep=ping.id)
            finally:  # stored whatever happens (the bot closing meanwhile too)
                await asyncio.shield(self._keep(game_id, [ping.id]))
            self._know(game_id, version, True, pinged=True)

    async def drop(self, channel: discord.PartialMessageable, game_id: int, version: int) -> None:
        """Delete the game's turn pings, shown at ``version`` (nothing if a newer version
        was shown already). Never raises."""
        async with self._locks(game_id):
            if not self._older(game_id, version):
                self._know(game_id, version, await self._drop(channel, game_id), pinged=False)

    async def sweep(self, client: discord.Client) -> int:
        """At start-up: delete the kept pings of games that ended (their delete at the
        end failed); how many games had some. Never raises."""
        try:
            ended = await self.records.ended_games_with_pings()
        except Exception:
            log.exception("the turn pings of ended games not read: they stay")
            return 0
        for game_id, channel_id, version in ended:
            await self.drop(client.get_partial_messageable(channel_id), game_id, version)
        return len(ended)

    def _older(self, game_id: int, version: int) -> bool:
        known = self._known.get(game_id)
        return known is not None and version < known[0]

    async def _drop(
        self, channel: discord.PartialMessageable, game_id: int, keep: int | None = None
    ) -> bool:
        """Delete the game's stored pings but ``keep``; whether any may still be stored
        (a delete that failed, or a store that did not answer)."""
        known = self._known.get(game_id)
        if known is not None and not known[1]:
            return False  # none stored: this process sent none since it last deleted them
        try:
            old = await self._take(game_id)
        except Exception:
            log.exception("turn pings of game %s not read: they stay", game_id)
            return True
        kept: list[int] = []
        pending = [m for m in old if m != keep]  # ``keep`` is stored again by the caller
        try:
            while pending:
                try:
                    await channel.get_partial_message(pending[0]).delete()
                except discord.NotFound:
                    pass  # deleted already
                except FAILED as error:  # kept: deleted with the next ping or at the end
                    log.info("turn ping %s of game %s not deleted: %r", pending[0], game_id, error)
                    kept.append(pending[0])
                pending.pop(0)
        finally:  # stopped halfway (the bot closing): what is left is kept too, for later
            if kept or pending:
                await asyncio.shield(self._keep(game_id, [*kept, *pending]))
        return bool(kept)

    async def _take(self, game_id: int) -> list[int]:
        """The game's stored pings, taken from the store; stopped meanwhile (the bot
        closing), the store's take finishes and what it took is stored again."""
        take = asyncio.ensure_future(self.records.take_turn_pings(game_id))
        try:
            return await asyncio.shield(take)
        except asyncio.CancelledError:
            while not take.done():  # however many stops come: the take ends, shielded
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(take)
            if not take.cancelled() and take.exception() is None:
                await asyncio.shield(self._keep(game_id, take.result()))
            raise

    async def _keep(self, game_id: int, message_ids: list[int]) -> None:
        """Store again the pings of ``game_id`` still to delete."""
        for message_id in message_ids:
            try:
                await self.records.turn_ping_sent(game_id, message_id)
            except Exception:
                log.exception("turn ping %s of game %s not kept: it stays", message_id, game_id)

    def _know(self, game_id: int, version: int, stored: bool, *, pinged: bool) -> None:
        self._known[game_id] = (version, stored, pinged)
        self._known.move_to_end(game_id)
        while len(self._known) > KNOWN:
            self._known.popitem(last=False)
