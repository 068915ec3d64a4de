"""What the cogs read from the store besides a game's state, and the one thing they
record: where a game's table message is. The cogs reach the store only through here
(an import-linter contract keeps it so)."""

from __future__ import annotations

from db.rows import (
    AiBoardRow,
    GameRow,
    MultiBoardRow,
    Page,
    PlayerStats,
    RatingBoardRow,
    ResultRow,
    SoloBoardRow,
)
from db.store import Store


class Records:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def stored_game(self, game_id: int) -> GameRow | None:
        """The game as the store has it now (None: no such game)."""
        return await self._store.get_game(game_id)

    async def game_in_channel(self, channel_id: int) -> GameRow | None:
        """The open game (challenge or running) of a channel, if any."""
        return await self._store.active_game_in_channel(channel_id)

    async def open_games_of(self, user_id: int) -> list[GameRow]:
        return await self._store.open_games_for_user(user_id)

    async def result(self, game_id: int) -> ResultRow | None:
        return await self._store.get_result(game_id)

    async def unannounced_ends(self, game: str) -> list[int]:
        """The games of ``game`` whose channel was not told yet that they ended."""
        return await self._store.unannounced_ends(game)

    async def end_unannounced(self, game_id: int) -> bool:
        return await self._store.end_unannounced(game_id)

    async def end_announced(self, game_id: int) -> None:
        """The channel was told that ``game_id`` ended (a restart will not say it again)."""
        await self._store.end_announced(game_id)

    async def turn_ping_sent(self, game_id: int, message_id: int) -> list[int]:
        """``message_id`` is a "your turn" ping of the game, to delete (cogs.turn_pings);
        the game's pings kept now."""
        return await self._store.turn_ping_sent(game_id, message_id)

    async def turn_pings(self, game_id: int) -> list[int]:
        """The game's turn pings still to delete."""
        return await self._store.turn_pings(game_id)

    async def turn_pings_deleted(self, game_id: int, message_ids: list[int]) -> list[int]:
        """The game's turn pings ``message_ids`` are deleted: no longer kept; the game's
        pings left."""
        return await self._store.turn_pings_deleted(game_id, message_ids=message_ids)

    async def ended_games_with_pings(self) -> list[tuple[int, int, int]]:
        """(id, channel, version) of ended games whose turn pings are still kept."""
        return await self._store.ended_games_with_pings()

    async def player_stats(self, user_id: int) -> PlayerStats:
        return await self._store.player_stats(user_id)

    async def display_names(self, user_ids: list[int]) -> dict[int, str]:
        return await self._store.display_names(user_ids)

    async def rating_board(
        self, *, guild_id: int | None, offset: int, limit: int
    ) -> Page[RatingBoardRow]:
        return await self._store.rating_board(guild_id=guild_id, offset=offset, limit=limit)

    async def multi_board(
        self, game: str, *, guild_id: int | None, offset: int, limit: int
    ) -> Page[MultiBoardRow]:
        return await self._store.multi_board(game, guild_id=guild_id, offset=offset, limit=limit)

    async def ai_board(self, *, guild_id: int | None, offset: int, limit: int) -> Page[AiBoardRow]:
        return await self._store.ai_board(guild_id=guild_id, offset=offset, limit=limit)

    async def solo_board(
        self, *, level: int | None, guild_id: int | None, offset: int, limit: int
    ) -> Page[SoloBoardRow]:
        return await self._store.solo_board(
            level=level, guild_id=guild_id, offset=offset, limit=limit
        )

    async def table_message_id(self, game: GameRow) -> int | None:
        """The table of ``game``, a read of it that may be older or newer than the table
        this process set last (db.store.Store.table_message_id)."""
        return await self._store.table_message_id(game.id, game.table_message_id)

    async def set_table_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Record where the table message of a game now is."""
        await self._store.set_table_message(game_id, channel_id, message_id)
