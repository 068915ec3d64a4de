"""A stored read (Show my hand, autocomplete, a repair) that left the store before this
process's own write ended the game, and answered after it, does not bring the game
back: it was kept again as open at its older version, so the channel's commands found
the ended game as the channel's game (a forfeit said "That game is not running")."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.services.multi_games import MultiService

CHANNEL = 77


async def test_a_slow_stored_read_does_not_bring_back_an_ended_game(multi: MultiService) -> None:
    moved = await multi.open_lobby(1, CHANNEL, 10, "Ann", 4, "family_business")
    game_id = moved.game.id
    await multi.join(game_id, 20, "Ben")
    await multi.start(game_id, 10)
    base = multi.base
    assert base._live.kept(game_id)

    store = base.store
    real = store.get_game
    gate = asyncio.Event()
    armed = [True]

    async def slow_get_game(gid: int) -> Any:
        row = await real(gid)  # read now (the game still running) ...
        if armed and gid == game_id:
            armed.clear()
            await gate.wait()  # ... its answer slow to arrive
        return row

    store.get_game = slow_get_game  # type: ignore[method-assign]
    reading = asyncio.create_task(multi.load(game_id, stored=True))  # e.g. Show my hand
    for _ in range(20):
        await asyncio.sleep(0)
    # meanwhile both people leave: no person plays, the game ends (this process wrote it)
    await multi.leave(game_id, 10)
    ended = await multi.leave(game_id, 20)
    assert ended.game.status == "finished"
    assert not base._live.kept(game_id)
    gate.set()
    await reading
    assert not base._live.kept(game_id), "the ended game is kept as open again"
    here = await base.game_in_channel(CHANNEL)
    assert here is None or here.id != game_id, (
        f"the channel's open game is said to be #{here.id}, {here.status} at v{here.version}"
    )
