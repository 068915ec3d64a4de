"""Games put straight into a store through its own API, for the tests of the store and of
what the bot reads from it (boards, stats): a new game, and a game played and finished."""

from __future__ import annotations

import itertools
from datetime import datetime

from db import GameRow, ResultRecord, Store

_channels = itertools.count(1000)


async def new_game(
    store: Store,
    players: tuple[int, int] = (11, 22),
    *,
    mode: str = "duel",
    guild_id: int | None = 1,
    channel_id: int | None = None,
    status: str = "active",
    deadline: datetime | None = None,
    options: dict | None = None,
) -> GameRow:
    return await store.create_game(
        mode=mode,  # type: ignore[arg-type]
        guild_id=guild_id,
        channel_id=next(_channels) if channel_id is None else channel_id,
        players=players,
        seed=1234,
        state_json='{"turn":0}',
        status=status,  # type: ignore[arg-type]
        options=options or {},
        deadline=deadline,
    )


async def finish(
    store: Store,
    players: tuple[int, int],
    winner: int | None,
    *,
    mode: str = "duel",
    guild_id: int | None = 1,
    reason: str = "score",
    totals: tuple[int, int] = (40, 30),
    level: int | None = None,
    first_seat: int | None = None,
    high_score: int | None = None,
    names: list[str] | None = None,
) -> GameRow:
    """A game created, played one move and finished with a result, all through the API;
    ``names`` are the players' names as the game stored them."""
    options = {"names": names} if names else None
    game = await new_game(store, players, mode=mode, guild_id=guild_id, options=options)
    return await store.commit_move(
        game.id,
        expected_version=game.version,
        actor=players[0],
        actions=['{"type":"pass"}'],
        state_json='{"over":true}',
        status="finished" if reason == "score" else "forfeited",
        deadline=None,
        result=ResultRecord(
            totals=totals,
            winner=winner,  # type: ignore[arg-type]
            reason=reason,  # type: ignore[arg-type]
            level=level,
            first_seat=first_seat,  # type: ignore[arg-type]
            high_score=high_score,
        ),
    )
