"""Ratings for games of 2-6 players: openskill's Bradley-Terry model with partial
pairing (each place against its neighbours), people only.

A finished ``multi`` game rates the people in it by their places among themselves, in
the transaction of its final move: AI seats are left out (they have no rating and do
not move anyone's), and a game with fewer than two people rates nobody. A person who
left is rated at the place they were given when they left. Every game is rated from
the ratings *before* it, one game at a time in result order, so replaying the
placings in ``results.id`` order gives the stored ratings exactly.

People who share a place (gangs eliminated together, RULING R21; the draw of R20) are
never rated below a person placed after them. The Plackett-Luce model used before did
so (places 1, 1, 3 of equal players gave the third the most), so its ratings were
rebuilt from the results under this one (:func:`rebuild_if_pending`, once, at the first
open after migration 6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from openskill.models import BradleyTerryPart

from db.clock import from_db
from db.rows import ROBOT, MultiRatingRow
from db.tx import Row, Tx

_MODEL = BradleyTerryPart()
DEFAULT_MU: float = _MODEL.mu
DEFAULT_SIGMA: float = _MODEL.sigma


@dataclass(frozen=True)
class _Standing:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0
    wins: int = 0
    updated_at: str = ""

    def row(self, game: str, user_id: int) -> MultiRatingRow:
        return MultiRatingRow(
            game=game,
            user_id=user_id,
            mu=self.mu,
            sigma=self.sigma,
            games=self.games,
            wins=self.wins,
            updated_at=from_db(self.updated_at),
        )


def rated_people(ranked: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """``(user_id, place)`` of the people a game rates: AI seats out, each person once
    (at their best place), none unless at least two remain."""
    best: dict[int, int] = {}
    for user, place in ranked:
        if user != ROBOT:
            best[user] = min(place, best.get(user, place))
    return sorted(best.items()) if len(best) >= 2 else []


def sole_winner(ranked: Iterable[tuple[int, int]]) -> int | None:
    """The user alone in first place (None: a shared first place, a draw of RULING R20,
    is nobody's win; an AI seat's user id when the AI won)."""
    first = [user for user, place in ranked if place == 1]
    return first[0] if len(first) == 1 else None


def _step(
    before: Sequence[_Standing], people: Sequence[tuple[int, int]], winner: int | None, at: str
) -> list[_Standing]:
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = _MODEL.rate(teams, ranks=[float(place) for _, place in people])
    return [
        replace(
            s,
            mu=team[0].mu,
            sigma=team[0].sigma,
            games=s.games + 1,
            wins=s.wins + (user == winner),
            updated_at=at,
        )
        for s, team, (user, _) in zip(before, after, people, strict=True)
    ]


_SELECT = "SELECT user_id, mu, sigma, games, wins, updated_at FROM multi_ratings"


def _standing(row: Row | None) -> _Standing:
    if row is None:
        return _Standing()
    return _Standing(row[1], row[2], row[3], row[4], row[5])


async def apply_multi_result(
    tx: Tx,
    *,
    game: str,
    result_id: int,
    game_id: int,
    ranked: Sequence[tuple[int, int]],
    at: str,
) -> None:
    """Rate one finished game's people (``ranked``: user and place per seat) inside the
    caller's transaction, with a history row each."""
    people = rated_people(ranked)
    if not people:
        return
    before = [
        _standing(await tx.fetchrow(f"{_SELECT} WHERE game = $1 AND user_id = $2", game, u))
        for u, _ in people
    ]
    after = _step(before, people, sole_winner(ranked), at)
    for (user, _), s in zip(people, after, strict=True):
        await tx.execute(
            "INSERT INTO multi_ratings (game, user_id, mu, sigma, games, wins, updated_at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game, user_id) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
            " wins = excluded.wins, updated_at = excluded.updated_at",
            *(game, user, s.mu, s.sigma, s.games, s.wins, at),
        )
        await tx.execute(
            "INSERT INTO multi_rating_history (user_id, result_id, game_id, game, mu, sigma, at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7)",
            *(user, result_id, game_id, game, s.mu, s.sigma, at),
        )


async def multi_rating_of(tx: Tx, game: str, user_id: int) -> MultiRatingRow | None:
    row = await tx.fetchrow(f"{_SELECT} WHERE game = $1 AND user_id = $2", game, user_id)
    return None if row is None else _standing(row).row(game, user_id)


async def multi_ratings_of(tx: Tx, user_id: int) -> list[MultiRatingRow]:
    """A person's ratings in every game for 2-6 players they were rated in, by game."""
    rows = await tx.fetch(
        "SELECT game, user_id, mu, sigma, games, wins, updated_at FROM multi_ratings"
        " WHERE user_id = $1 ORDER BY game",
        user_id,
    )
    return [_standing(r[1:]).row(r[0], user_id) for r in rows]


async def stored_multi_ratings(tx: Tx, game: str) -> dict[int, MultiRatingRow]:
    rows = await tx.fetch(f"{_SELECT} WHERE game = $1", game)
    return {r[0]: _standing(r).row(game, r[0]) for r in rows}


async def recompute_multi_ratings(tx: Tx, game: str) -> dict[int, MultiRatingRow]:
    """The ratings as they follow from every stored placing of ``game``, in order."""
    rows = await tx.fetch(
        "SELECT r.id, r.finished_at, p.user_id, p.place FROM results AS r"
        " JOIN games AS g ON g.id = r.game_id JOIN placings AS p ON p.result_id = r.id"
        " WHERE r.mode = 'multi' AND g.game = $1 ORDER BY r.id, p.seat",
        game,
    )
    games: dict[int, tuple[str, list[tuple[int, int]]]] = {}
    for result_id, at, user, place in rows:
        games.setdefault(result_id, (at, []))[1].append((user, place))
    standings: dict[int, _Standing] = {}
    for at, ranked in games.values():
        people = rated_people(ranked)
        if not people:
            continue
        before = [standings.get(u, _Standing()) for u, _ in people]
        after = _step(before, people, sole_winner(ranked), at)
        for (user, _), s in zip(people, after, strict=True):
            standings[user] = s
    return {u: s.row(game, u) for u, s in standings.items()}


async def rebuild_if_pending(tx: Tx) -> bool:
    """Rebuild every game's ratings for 2-6 players and their history from the stored
    placings, in result order, if migration 6 left that to do and no other transaction
    has done it (the first to delete the mark does it, in its own transaction). Results
    are locked first, as every result's rating is written under that lock: a game of
    another process ending meanwhile is rated after the rebuild, from its ratings."""
    await tx.lock_results()
    mark = await tx.fetchrow(
        "DELETE FROM pending_rebuilds WHERE what = 'multi_ratings' RETURNING what"
    )
    if mark is None:
        return False
    await tx.execute("DELETE FROM multi_rating_history")
    await tx.execute("DELETE FROM multi_ratings")
    rows = await tx.fetch(
        "SELECT r.id, r.game_id, r.finished_at, g.game, p.user_id, p.place FROM results AS r"
        " JOIN games AS g ON g.id = r.game_id JOIN placings AS p ON p.result_id = r.id"
        " WHERE r.mode = 'multi' ORDER BY r.id, p.seat"
    )
    games: dict[int, tuple[int, str, str, list[tuple[int, int]]]] = {}
    for result_id, game_id, at, game, user, place in rows:
        games.setdefault(result_id, (game_id, at, game, []))[3].append((user, place))
    for result_id, (game_id, at, game, ranked) in games.items():
        await apply_multi_result(
            tx, game=game, result_id=result_id, game_id=game_id, ranked=ranked, at=at
        )
    return True
