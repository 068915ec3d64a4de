"""A database full of games for the start-up benchmark: finished and active ones.

Games are played by the engine with random legal moves and stored through the store's
own API (so the rows are exactly what the bot writes), with ``synchronous=OFF`` while
seeding only. The file is cached in the temp directory and copied for each run.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from pathlib import Path

from db import ResultRecord, Store
from db.rows import ROBOT
from engine.famiglia import GameState, dump_action, new_game, result

PASS_WEIGHT = 0.15


def random_game(rng: random.Random, solo: bool, stop: int | None) -> tuple[int, GameState, list]:
    seed = rng.randrange(1, 2**62)
    level = rng.randint(1, 4) if solo else None
    state = new_game(seed, mode="solo" if solo else "duel", first=0 if solo else None, level=level)
    actions = []
    while not state.over and (stop is None or len(actions) < stop):
        legal = state.legal_actions()
        weights = [PASS_WEIGHT if a.type == "pass" else 1.0 for a in legal]
        action = rng.choices(legal, weights)[0]
        after = state.copy()
        after.apply(action)
        if stop is not None and after.over:
            break  # an active game stays active
        state = after
        actions.append(action)
    return seed, state, actions


async def store_game(store: Store, rng: random.Random, n: int, *, finished: bool) -> None:
    solo = n % 10 == 0
    while True:  # an active solo game waits for its player (the robot moves at once)
        seed, state, actions = random_game(rng, solo, None if finished else rng.randint(0, 30))
        if finished or not solo or state.decision != "robot":
            break
    user = 10_000 + (n if not finished else n % 500)  # one open game per player
    players = (user, ROBOT) if solo else (user, 20_000 + n)
    game = await store.create_game(
        mode="solo" if solo else "duel", guild_id=None if solo else 1, channel_id=1_000_000 + n,
        players=players, seed=seed, state_json=new_game(seed, mode=state.mode, first=state.first,
        level=state.level).to_json(), status="active",
        options={"names": ["Anna", "Robot" if solo else "Bruno"],
                 "first": 0 if solo else None, "level": state.level},
    )  # fmt: skip
    record = None
    if finished:
        final = result(state)
        record = ResultRecord(totals=final.totals, winner=final.winner,  # type: ignore[arg-type]
                              level=state.level, first_seat=state.first,  # type: ignore[arg-type]
                              high_score=final.high_score)  # fmt: skip
    await store.commit_move(
        game.id, expected_version=game.version, actor=players[0],
        actions=[dump_action(a) for a in actions], state_json=state.to_json(),
        status="finished" if finished else "active", deadline=None, result=record,
    )  # fmt: skip


async def seeded_database(finished: int, active: int, into: Path) -> Path:
    cache = Path(tempfile.gettempdir()) / f"famiglia-bench-seed-{finished}-{active}.db"
    if not cache.exists():
        part = cache.with_suffix(".part")
        part.unlink(missing_ok=True)
        store = await Store.open(str(part))
        await store._conn.execute("PRAGMA synchronous = OFF")
        rng = random.Random(2026)
        for n in range(finished):
            await store_game(store, rng, n, finished=True)
        for n in range(finished, finished + active):
            await store_game(store, rng, n, finished=False)
        await store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        await store.close()
        part.rename(cache)
    target = into / "startup.db"
    shutil.copy(cache, target)
    return target
