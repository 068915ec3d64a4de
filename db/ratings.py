"""Two-player ratings: updated with each duel result, and recomputable from results.

Both paths go through :func:`_step`, so replaying the results table in recording
order (``results.id``) reproduces the stored ratings bit for bit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from db.clock import from_db
from db.glicko import Glicko, rate_game
from db.rows import RatingPoint, RatingRow
from db.tx import Row, Tx


@dataclass(frozen=True)
class _Standing:
    glicko: Glicko = field(default_factory=Glicko)
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    updated_at: str = ""

    def after(self, glicko: Glicko, score: float, at: str) -> _Standing:
        return replace(
            self,
            glicko=glicko,
            games=self.games + 1,
            wins=self.wins + (score == 1.0),
            losses=self.losses + (score == 0.0),
            draws=self.draws + (score == 0.5),
            updated_at=at,
        )

    def row(self, user_id: int) -> RatingRow:
        g = self.glicko
        return RatingRow(
            user_id=user_id,
            rating=g.rating,
            rd=g.rd,
            volatility=g.volatility,
            games=self.games,
            wins=self.wins,
            losses=self.losses,
            draws=self.draws,
            updated_at=from_db(self.updated_at),
        )


def _step(s0: _Standing, s1: _Standing, winner: int | None, at: str) -> tuple[_Standing, _Standing]:
    g0, g1 = rate_game(s0.glicko, s1.glicko, winner)
    score0 = 0.5 if winner is None else float(winner == 0)
    return s0.after(g0, score0, at), s1.after(g1, 1.0 - score0, at)


_SELECT = (
    "SELECT user_id, rating, rd, volatility, games, wins, losses, draws, updated_at FROM ratings"
)


def _standing(row: Row | None) -> _Standing:
    if row is None:
        return _Standing()
    return _Standing(Glicko(row[1], row[2], row[3]), row[4], row[5], row[6], row[7], row[8])


async def apply_duel_result(
    tx: Tx,
    *,
    result_id: int,
    game_id: int,
    players: tuple[int, int],
    winner: int | None,
    at: str,
) -> None:
    """Rate one finished duel inside the caller's transaction, with its history rows."""
    before = []
    for user in players:
        before.append(_standing(await tx.fetchrow(f"{_SELECT} WHERE user_id = $1", user)))
    after = _step(before[0], before[1], winner, at)
    for user, s in zip(players, after, strict=True):
        g = s.glicko
        await tx.execute(
            "INSERT INTO ratings (user_id, rating, rd, volatility, games, wins, losses,"
            " draws, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
            " ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,"
            " volatility = excluded.volatility, games = excluded.games, wins = excluded.wins,"
            " losses = excluded.losses, draws = excluded.draws,"
            " updated_at = excluded.updated_at",
            *(user, g.rating, g.rd, g.volatility, s.games, s.wins, s.losses, s.draws, at),
        )
        await tx.execute(
            "INSERT INTO rating_history (user_id, result_id, game_id, rating, rd, volatility,"
            " at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            *(user, result_id, game_id, g.rating, g.rd, g.volatility, at),
        )


DuelResult = tuple[int, int, int, int, int | None, str]


async def _duel_results(tx: Tx) -> list[DuelResult]:
    rows = await tx.fetch(
        "SELECT id, game_id, player0, player1, winner, finished_at FROM results"
        " WHERE mode = 'duel' ORDER BY id"
    )
    return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]


def replay(results: Iterable[DuelResult]) -> dict[int, _Standing]:
    standings: dict[int, _Standing] = {}
    for _, _, p0, p1, winner, at in results:
        s0, s1 = standings.get(p0, _Standing()), standings.get(p1, _Standing())
        standings[p0], standings[p1] = _step(s0, s1, winner, at)
    return standings


async def recompute_ratings(tx: Tx) -> dict[int, RatingRow]:
    """Ratings as they follow from every stored duel result, replayed in order."""
    return {u: s.row(u) for u, s in replay(await _duel_results(tx)).items()}


async def stored_ratings(tx: Tx) -> dict[int, RatingRow]:
    return {r[0]: _standing(r).row(r[0]) for r in await tx.fetch(_SELECT)}


async def rating_of(tx: Tx, user_id: int) -> RatingRow | None:
    row = await tx.fetchrow(f"{_SELECT} WHERE user_id = $1", user_id)
    return None if row is None else _standing(row).row(user_id)


async def rating_history(tx: Tx, user_id: int) -> list[RatingPoint]:
    rows = await tx.fetch(
        "SELECT game_id, rating, rd, at FROM rating_history WHERE user_id = $1 ORDER BY result_id",
        user_id,
    )
    return [RatingPoint(game_id=r[0], rating=r[1], rd=r[2], at=from_db(r[3])) for r in rows]


async def rebuild_ratings(tx: Tx) -> int:
    """Rewrite ratings and their history from the results, inside the caller's transaction.

    For when the rating rules change. Returns the number of duel results replayed.
    """
    await tx.lock_results()
    results = await _duel_results(tx)
    await tx.execute("DELETE FROM rating_history")
    await tx.execute("DELETE FROM ratings")
    for result_id, game_id, p0, p1, winner, at in results:
        await apply_duel_result(
            tx, result_id=result_id, game_id=game_id, players=(p0, p1), winner=winner, at=at
        )
    return len(results)
