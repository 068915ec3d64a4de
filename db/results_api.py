"""The store's results, ratings, leaderboard and statistics methods."""

from __future__ import annotations

from db import ai_records, leaderboards, multi_boards, multi_ratings, names, ratings, results
from db.base import StoreBase
from db.rows import (
    AiBoardRow,
    MultiBoardRow,
    MultiRatingRow,
    Page,
    PlayerStats,
    RatingBoardRow,
    RatingRow,
    ResultRow,
    SoloBoardRow,
)


class ResultsApi(StoreBase):
    async def get_result(self, game_id: int) -> ResultRow | None:
        return await self._read(lambda tx: results.result_of_game(tx, game_id))

    async def unannounced_ends(self, game: str) -> list[int]:
        """The games of ``game`` (its name, engine.games) this process owns whose end
        their channel was not told yet, oldest first."""
        owned = self._shards.sql()
        rows = await self._read(
            lambda tx: tx.fetch(
                "SELECT u.game_id FROM unannounced_ends u JOIN games ON games.id = u.game_id"
                f" WHERE games.game = $1{owned} ORDER BY u.game_id",
                game,
            )
        )
        return [int(r[0]) for r in rows]

    async def end_unannounced(self, game_id: int) -> bool:
        """Whether the channel of ``game_id`` is still to be told that it ended."""
        row = await self._read(
            lambda tx: tx.fetchrow("SELECT 1 FROM unannounced_ends WHERE game_id = $1", game_id)
        )
        return row is not None

    async def end_announced(self, game_id: int) -> None:
        """The channel of ``game_id`` was told that it ended (nothing if it was already)."""
        await self._write(
            lambda tx: tx.execute("DELETE FROM unannounced_ends WHERE game_id = $1", game_id)
        )

    async def rating(self, user_id: int) -> RatingRow | None:
        return await self._read(lambda tx: ratings.rating_of(tx, user_id))

    async def stored_ratings(self) -> dict[int, RatingRow]:
        return await self._read(ratings.stored_ratings)

    async def recompute_ratings(self) -> dict[int, RatingRow]:
        """Ratings replayed from every duel result in order; equals stored_ratings()."""
        return await self._read(ratings.recompute_ratings)

    async def rebuild_ratings(self) -> int:
        """Rewrite ratings and history from the results (after a change of rating rules)."""
        return await self._write(ratings.rebuild_ratings)

    async def multi_rating(self, game: str, user_id: int) -> MultiRatingRow | None:
        """A person's rating in a game for 2-6 players (None: never rated in it)."""
        return await self._read(lambda tx: multi_ratings.multi_rating_of(tx, game, user_id))

    async def stored_multi_ratings(self, game: str) -> dict[int, MultiRatingRow]:
        return await self._read(lambda tx: multi_ratings.stored_multi_ratings(tx, game))

    async def recompute_multi_ratings(self, game: str) -> dict[int, MultiRatingRow]:
        """Ratings replayed from every placing of ``game`` in order; equals the stored."""
        return await self._read(lambda tx: multi_ratings.recompute_multi_ratings(tx, game))

    async def multi_board(
        self, game: str, *, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> Page[MultiBoardRow]:
        """The rated people of a game for 2-6 players, best first."""
        return await self._read(
            lambda tx: multi_boards.multi_board(
                tx, game=game, guild_id=guild_id, offset=offset, limit=limit
            )
        )

    async def rating_board(
        self, *, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> Page[RatingBoardRow]:
        return await self._read(
            lambda tx: leaderboards.rating_board(tx, guild_id=guild_id, offset=offset, limit=limit)
        )

    async def solo_board(
        self,
        *,
        level: int | None = None,
        guild_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> Page[SoloBoardRow]:
        return await self._read(
            lambda tx: leaderboards.solo_board(
                tx, level=level, guild_id=guild_id, offset=offset, limit=limit
            )
        )

    async def ai_board(
        self, *, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> Page[AiBoardRow]:
        """Each player's record against each strength of the AI (never rated)."""
        return await self._read(
            lambda tx: ai_records.ai_board(tx, guild_id=guild_id, offset=offset, limit=limit)
        )

    async def display_names(self, user_ids: list[int]) -> dict[int, str]:
        """The name each user had in their latest game (for boards and stats)."""
        return await self._read(lambda tx: names.display_names(tx, user_ids))

    async def player_stats(self, user_id: int) -> PlayerStats:
        return await self._read(lambda tx: leaderboards.player_stats(tx, user_id))
