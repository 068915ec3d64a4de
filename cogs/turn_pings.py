"""The "your turn" pings of games in server channels: one per game stays, the latest; the
previous one is deleted when the next is sent and the last when the game ends. The
reminder at half of a turn is such a ping too: it takes the place of the turn's ping,
and goes with the turn. A ping whose delete failed at a game's end is deleted at the
next start-up (:meth:`TurnPings.sweep`).

Which messages they are is stored (``Records.turn_ping_sent``), so a restart, which
announces the turn anew, deletes the ping of before it too (kept in memory only, that
one stayed for good, and an AI game gathered a ping per restart). A ping leaves the
store only once it is deleted from its channel (a stop or a crash between the two
deletes it again later, found gone); one whose delete failed stays stored, to be
deleted with the next, and one the store failed to keep is remembered by this process.
The pings of one game are sent and deleted one at a time (a lock), in the order of the
game's versions: a showing of an older version that comes late neither pings for a
turn that is over nor deletes the newer ping. A ping is sent with a nonce of its game
and version, so one whose answer was lost is sent again at once and Discord answers
with the message it posted, never a second one.
Which pings of a game the store keeps is known from the answers of this process's
writes (each also reads the game's pings), so a move that deletes the ping of the turn
before asks the store nothing; a game thought to have none is read, since another
process (the other of a rolling restart) may have kept one."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Hashable
from typing import Final

import discord

from bot.discord_errors import FAILED
from bot.keyed_locks import KeyedLocks
from bot.services.records import Records
from cogs.nonces import nonce

log = logging.getLogger(__name__)

#: games whose pings this process knows of (a forgotten one is asked of the store again)
KNOWN: Final = 4096


def ping_nonce(game_id: int, version: int, *, again: bool = False) -> str:
    """The nonce of the game's ping at ``version`` (cogs.nonces); ``again``: its reminder."""
    return nonce("remind" if again else "ping", game_id, version)


class TurnPings:
    def __init__(self, records: Records) -> None:
        self.records = records
        self._locks = KeyedLocks()
        #: game -> (the version of its latest showing, whether that showing pinged, the
        #: turn it pinged for)
        self._shown: OrderedDict[int, tuple[int, bool, Hashable]] = OrderedDict()
        #: game -> its pings the store keeps, as this process knows them whole (read once,
        #: then kept up to date by its own writes); a game not here is read
        self._rows: OrderedDict[int, set[int]] = OrderedDict()
        #: game -> its pings sent that the store failed to keep
        self._unsaved: dict[int, set[int]] = {}

    async def ping(
        self,
        channel: discord.PartialMessageable,
        game_id: int,
        version: int,
        text: str,
        user: int,
        *,
        again: bool = False,
        turn: Hashable = None,
    ) -> None:
        """Ping ``user`` with ``text`` in ``channel`` for the game at ``version``, the
        game's previous pings deleted; nothing if a newer version was shown already or
        this version was pinged, or this ``turn`` (when given: a later version of the
        same turn, a step of it made) and its ping stands: a repair showing the game
        again notifies nobody twice, nor replaces the turn's reminder. ``again``: the
        reminder at half of the turn, which takes the turn ping's place. Raises what
        Discord raises for the new ping (``FAILED``), the pings before it left as they
        were; a store that cannot keep which ping it was only costs a ping that this
        process deletes with the next, or that stays if it stops first (logged)."""
        async with self._locks(game_id):
            if self._older(game_id, version):
                return  # a newer version shown: this turn is over
            if not again and self._pinged(game_id, version, turn):
                self._show(game_id, version, pinged=True, turn=self._shown[game_id][2])
                return  # this one pinged already (a repair)
            # first: a ping that fails leaves the one before
            ping = await _send(channel, text, user, ping_nonce(game_id, version, again=again))
            try:  # the pings before it (never this one: Discord answers a nonce it posted
                # a few minutes before, as after a quick restart, with that same message)
                await self._drop(channel, game_id, keep=ping.id)
            finally:  # stored whatever happens (the bot closing meanwhile too)
                await asyncio.shield(self._keep(game_id, ping.id))
            self._show(game_id, version, pinged=True, turn=turn)

    async def drop(self, channel: discord.PartialMessageable, game_id: int, version: int) -> None:
        """Delete the game's turn pings, shown at ``version`` (nothing if a newer version
        was shown already). Never raises."""
        async with self._locks(game_id):
            if not self._older(game_id, version):
                await self._drop(channel, game_id)
                self._show(game_id, version, pinged=False, turn=None)

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

    def _pinged(self, game_id: int, version: int, turn: Hashable) -> bool:
        """Whether the latest showing pinged for this version, or for this turn."""
        shown = self._shown.get(game_id)
        if shown is None or not shown[1]:
            return False
        return shown[0] == version or (turn is not None and shown[2] == turn)

    def _older(self, game_id: int, version: int) -> bool:
        shown = self._shown.get(game_id)
        return shown is not None and version < shown[0]

    async def _drop(
        self, channel: discord.PartialMessageable, game_id: int, keep: int | None = None
    ) -> None:
        """Delete the game's pings but ``keep``: deleted in the channel, then no longer
        kept (a stop or a crash halfway leaves them stored, to be deleted with the next
        ping, at the end or at the next start-up). The store's answer says which are
        left: one another process kept meanwhile (the other of a rolling restart) is
        deleted with the next drop, not now (it may be that process's ping of a newer
        turn than this one knows)."""
        stored = await self._stored(game_id)
        if stored is None:
            return
        unsaved = self._unsaved.get(game_id, set())
        done = await _delete(channel, game_id, (stored | unsaved) - {keep})
        unsaved -= done
        if not unsaved:
            self._unsaved.pop(game_id, None)
        gone = sorted(done & stored)
        if not gone:
            return
        try:
            left = await asyncio.shield(self.records.turn_pings_deleted(game_id, gone))
        except Exception:  # still listed: deleted again (found gone) another time
            self._rows.pop(game_id, None)  # whether the store took it, it is read
            log.exception("deleted turn pings of game %s still listed", game_id)
            return
        self._rows[game_id] = set(left)

    async def _stored(self, game_id: int) -> set[int] | None:
        """The game's pings the store keeps: as this process knows them (from the answer
        of its last write), else read, and read too when it knows of none: another
        process (the other of a rolling restart) may have kept one since, and a game
        with a ping to delete is the rule (None: the store did not answer)."""
        rows = self._rows.get(game_id)
        if not rows:
            try:
                rows = set(await self.records.turn_pings(game_id))
            except Exception:
                log.exception("turn pings of game %s not read: they stay", game_id)
                return None
            self._rows[game_id] = rows
        self._rows.move_to_end(game_id)
        while len(self._rows) > KNOWN:
            self._rows.popitem(last=False)
        return rows

    async def _keep(self, game_id: int, message_id: int) -> None:
        """Store the game's ping just sent; if the store fails, this process remembers
        it, to delete with the game's next ping or at its end."""
        try:
            kept = await self.records.turn_ping_sent(game_id, message_id)
        except Exception:
            self._unsaved.setdefault(game_id, set()).add(message_id)
            self._rows.pop(game_id, None)  # whether the store took it, it is read
            log.exception("turn ping %s of game %s not stored: kept in memory", message_id, game_id)
            return
        self._rows[game_id] = set(kept)  # the store's answer: another process's too

    def _show(self, game_id: int, version: int, *, pinged: bool, turn: Hashable) -> None:
        self._shown[game_id] = (version, pinged, turn)
        self._shown.move_to_end(game_id)
        while len(self._shown) > KNOWN:
            self._shown.popitem(last=False)


async def _send(
    channel: discord.PartialMessageable, text: str, user: int, nonce: str
) -> discord.Message:
    """Post ``text`` mentioning ``user``. A send that got no answer (a timeout, a lost
    connection) may have been posted all the same: it is sent once more with the same
    nonce, which Discord answers with the message it posted, if it did, so no ping is
    posted that this process does not know of."""
    mentions = discord.AllowedMentions(users=[discord.Object(user)])
    try:
        return await channel.send(text, allowed_mentions=mentions, nonce=nonce)
    except discord.HTTPException:
        raise  # Discord answered: nothing was posted
    except FAILED as error:
        log.info("a turn ping got no answer (%r): sent again with its nonce", error)
        return await channel.send(text, allowed_mentions=mentions, nonce=nonce)


async def _delete(
    channel: discord.PartialMessageable, game_id: int, message_ids: set[int]
) -> set[int]:
    """Delete ``message_ids`` in the channel: the ones deleted or found gone (one whose
    delete failed is left, to be deleted with the next ping or at the end)."""
    done: set[int] = set()
    for message_id in sorted(message_ids):
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.NotFound:
            pass  # deleted already
        except FAILED as error:
            log.info("turn ping %s of game %s not deleted: %r", message_id, game_id, error)
            continue
        done.add(message_id)
    return done
