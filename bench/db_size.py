"""Size of the database after 100 finished two-player games of typical size.

Each game: a challenge, an accept, 150 moves committed one by one (one action of
~40 bytes each, a ~1 KB state rewritten every move) through Store.commit_move, and a
result with rating update. Prints the commit rate, then the file size (the headline,
last) after a WAL checkpoint. Usage: python bench/db_size.py [games] [actions]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta

from db import ResultRecord, Store


def _state(rng: random.Random, move: int) -> str:
    """A ~1 KB JSON text standing in for the engine's serialised state."""
    cards = [f"{rng.choice('FABM')}{rng.randint(0, 4)}" for _ in range(100)]
    return json.dumps(
        {
            "move": move,
            "street": cards[:12],
            "pile": cards[:60],
            "discard": cards[60:],
            "hands": [[rng.randint(0, 3) for _ in range(20)] for _ in range(2)],
            "areas": [[rng.randint(0, 3) for _ in range(20)] for _ in range(2)],
            "seed": rng.getrandbits(60),
        }
    )


def _action(rng: random.Random) -> str:
    text = json.dumps({"type": "take", "index": rng.randint(0, 11), "pay": "M2"})
    return text  # ~40 bytes


async def main(games: int, actions: int) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "famiglia.db")
        players = list(range(10**17, 10**17 + 30))  # Discord-sized snowflakes
        commits = 0
        started = time.perf_counter()
        async with await Store.open(path) as store:
            sample_state, sample_action = _state(rng, 0), _action(rng)
            for n in range(games):
                a, b = rng.sample(players, 2)
                game = await store.create_game(
                    mode="duel",
                    guild_id=42,
                    channel_id=10**17 + n,
                    players=(a, b),
                    seed=rng.getrandbits(62),
                    state_json=_state(rng, 0),
                    status="challenge",
                    options={"names": ["Ann", "Bo"]},
                    deadline=datetime.now(UTC) + timedelta(minutes=10),
                )
                game = await store.set_status(
                    game.id,
                    expected_version=0,
                    status="active",
                    deadline=datetime.now(UTC) + timedelta(days=1),
                )
                for move in range(actions):
                    last = move == actions - 1
                    game = await store.commit_move(
                        game.id,
                        expected_version=game.version,
                        actor=(a, b)[move % 2],
                        actions=[_action(rng)],
                        state_json=_state(rng, move + 1),
                        status="finished" if last else "active",
                        deadline=None if last else datetime.now(UTC) + timedelta(days=1),
                        result=ResultRecord(totals=(41, 37), winner=rng.choice([0, 1, None]))
                        if last
                        else None,
                    )
                    commits += 1
            elapsed = time.perf_counter() - started
            assert await store.recompute_ratings() == await store.stored_ratings()
            await store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = os.path.getsize(path)
        wal = path + "-wal"
        wal_size = os.path.getsize(wal) if os.path.exists(wal) else 0
    print(f"sample state: {len(sample_state)} bytes, sample action: {len(sample_action)} bytes")
    print(
        f"{commits} moves committed in {elapsed:.1f} s ({commits / elapsed:.0f} commits/s, "
        "synchronous=FULL, one transaction each)"
    )
    print(f"WAL after checkpoint: {wal_size} bytes")
    print(f"per game: {size / games / 1024:.1f} KiB")
    print(
        f"HEADLINE: database size after {games} finished games of {actions} actions: "
        f"{size} bytes ({size / 1024 / 1024:.2f} MiB)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=100, help="finished games")
    parser.add_argument("actions", nargs="?", type=int, default=150, help="moves per game")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.actions))
