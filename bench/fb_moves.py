"""Family Business moves through the bot's service, without Discord: how long one move
takes from the call to the committed, version-checked write (lock, load, engine, commit,
the result and ratings with the final move), on SQLite (or a PostgreSQL URL).

Four-seat games of two people (random legal decisions, window answers included) and two
AI seats (the quick rule-of-thumb policy, decided in-process so that only the service's
own work is timed); every person's decision and every AI commit is one timed move.

Run: ``python bench/fb_moves.py [GAMES] [--target URL]`` (default 50 games on a fresh
SQLite file). Prints p50 / p95 / p99 / max per kind of move; the headline, the p99 of a
person's move (issue bar: 100 ms), last.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.services.games import GameService  # noqa: E402
from bot.services.multi_games import MultiService  # noqa: E402
from db.store import Store  # noqa: E402
from engine.family_business import GAME  # noqa: E402
from engine.family_business.quick import quick_policy  # noqa: E402

FB = "family_business"


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _game(
    multi: MultiService, channel: int, rng: random.Random, times: dict[str, list[float]]
) -> None:
    lobby = await multi.open_lobby(1, channel, 1, "Ann", 4, FB)
    await multi.join(lobby.game.id, 2, "Bob")
    for _ in range(2):
        await multi.add_ai(lobby.game.id, 1, "easy")
    game = (await multi.start(lobby.game.id, 1)).game
    while game.status == "active":
        t = time.perf_counter()
        moved = await multi.ai_step(game.id)
        if moved is not None:
            times["ai"].append(time.perf_counter() - t)
            game = moved.game
            continue
        game, state = await multi.load(game.id)
        if game.status != "active":
            break
        seat = next(s for s in GAME.awaiting(state) if not game.seats[s].played_by_ai)
        action = rng.choice(GAME.legal_actions(state, seat))
        t = time.perf_counter()
        moved = await multi.play(game.id, game.players[seat], GAME.dump_action(action))
        times["person"].append(time.perf_counter() - t)
        game = moved.game


async def run(games: int, target: str) -> None:
    store = await Store.open(target)
    base = GameService(
        store, turn_timeout=timedelta(hours=24), challenge_timeout=timedelta(minutes=10), clock=_now
    )
    multi = MultiService(
        base,
        window=timedelta(seconds=60),
        lobby_timeout=timedelta(minutes=15),
        rng=random.Random(1),
    )

    async def decide(game: Any, state: Any, seat: int, strength: str) -> Any:
        return quick_policy(state, seat, random.Random(game.action_count))

    multi.decide = decide
    times: dict[str, list[float]] = {"person": [], "ai": []}
    rng = random.Random(7)
    start = time.perf_counter()
    for i in range(games):
        await _game(multi, 10_000 + i, rng, times)
    wall = time.perf_counter() - start
    await store.close()
    print(
        f"{games} four-seat games on {store.backend}: {wall:.1f} s,"
        f" {len(times['person'])} person moves, {len(times['ai'])} AI commits"
    )
    for kind in ("ai", "person"):
        ms = [t * 1000 for t in times[kind]]
        print(
            f"{kind:>6} move ms: p50 {statistics.median(ms):.1f}  p95 {_quantile(ms, 0.95):.1f}"
            f"  p99 {_quantile(ms, 0.99):.1f}  max {max(ms):.1f}"
        )
    p99 = _quantile([t * 1000 for t in times["person"]], 0.99)
    print(f"headline: person move p99 {p99:.1f} ms (bar 100 ms)")


def _now() -> datetime:
    return datetime.now(UTC)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=50)
    parser.add_argument("--target", help="a SQLite path or postgresql:// URL (default: a new file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            asyncio.run(run(args.games, args.target or str(Path(tmp) / "bench.db")))
        except OSError as exc:  # no server there, or it refuses the connection
            raise SystemExit(
                f"fb_moves: could not reach the database ({exc.strerror or exc}); --target"
                " needs a running PostgreSQL server (the README's section on PostgreSQL)"
            ) from None


if __name__ == "__main__":
    main()
