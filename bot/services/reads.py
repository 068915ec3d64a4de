"""Reading a game for the service: from memory when this process knows it, else the store.

Kept in memory per game: its row and parsed state at the last version this process
wrote or read (:mod:`bot.services.live`), the events of its last moves
(:mod:`bot.services.recent`) and its fixed facts (:mod:`bot.services.origins`); and
a lock per game that this process's writes to it take in turn. A refusal is a
:class:`Refusal` carrying the sentence for the user.
"""

from __future__ import annotations

import asyncio
import weakref

from bot.services.live import LiveGames
from bot.services.origins import Origin, Origins
from bot.services.recent import KEEP, RecentMoves
from bot.services.records import Records
from bot.services.replay import replay_events
from db.rows import GameRow
from db.store import Store
from engine.famiglia import Event, GameState


class Refusal(Exception):
    """A polite no: ``str(refusal)`` is shown to the user; nothing changed."""


class GameReads:
    def __init__(self, store: Store) -> None:
        self.store = store
        #: What the cogs read from the store (and where a table message is).
        self.records = Records(store)
        # Weak: a game's lock lives while someone holds or waits for it, so a bot that
        # runs for months keeps no lock per game it ever saw.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._recent = RecentMoves()
        self._live = LiveGames()  # each open game's row and state at its last known version
        #: The fixed facts of every game seen (players, kind, place): clicks are checked
        #: against them before any lock or read.
        self.origins = Origins()

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ reading
    async def game(self, game_id: int) -> GameRow:
        game = await self.store.get_game(game_id)
        if game is None:
            raise Refusal("That game does not exist any more.")
        self.origins.remember(game)
        return game

    async def game_in_channel(self, channel_id: int) -> GameRow | None:
        """The open game of a channel: the one this process keeps there at its last
        known version, else as stored (a write refused for its version forgets it)."""
        kept = self._live.in_channel(channel_id)
        if kept is not None:
            return kept
        return await self.records.game_in_channel(channel_id)

    async def origin(self, game_id: int) -> Origin:
        """The players, kind and place of a game: from memory, else read once."""
        origin = self.origins.get(game_id)
        return origin if origin is not None else Origin.of(await self.game(game_id))

    async def load(self, game_id: int) -> tuple[GameRow, GameState]:
        """The game and its state: as this process last wrote or read it, else read now
        (a write refused for its version forgets what was kept)."""
        kept = self._live.get(game_id)
        if kept is not None:
            return kept
        game = await self.game(game_id)
        state = GameState.from_json(game.state_json)
        self._live.keep(game, state)
        return game, state

    async def actions(self, game: GameRow, since: int) -> list[str]:
        """The texts of ``game``'s actions from ``since`` up to its action count: the ones
        this process wrote from memory, else read from the log."""
        kept = self._live.actions(game.id, since, game.action_count)
        if kept is not None:
            return kept
        log = await self.store.action_log(game.id, since=since)
        return [row.action_json for row in log[: game.action_count - since]]

    async def recent_events(self, game: GameRow, count: int) -> list[Event]:
        """The events of the last ``count`` actions of ``game`` as read: kept from this
        process's own commits, else rebuilt once from seed and log."""
        events = self._recent.get(game.id, game.action_count, count)
        if events is None:
            log = await self.store.action_log(game.id)
            texts = [row.action_json for row in log[: game.action_count]]
            groups = replay_events(game, texts, KEEP)
            self._recent.fill(game.id, len(texts), groups)
            events = self._recent.get(game.id, len(texts), count)
            assert events is not None  # just filled for exactly this count
        return events
