"""Load benchmark of the whole bot, driven in-process through SimCord like players do.

    python bench/bot.py [--games 200] [--solo 20] [--think 10] [--seed 1]
                        [--finished 10000] [--active 1000] [--backend both]

G two-player games at once in G channels (a fifth of them played by slash commands
with autocomplete, the rest by buttons and selects) and solo games in DMs, every
player choosing random legal moves until every game is over. Prints interactions,
moves per second, latency from dispatch to answer (p50/p95/p99/max) and its split,
peak RSS, database size per finished game, then the start-up time of a bot whose
database holds ``--finished`` finished and ``--active`` active games. With ``--backend
both`` (the default) the same run is made on SQLite and then on PostgreSQL (a throwaway
server started from the machine's PostgreSQL programs, tests/postgres_server.py), and both
figures are printed; the headline gives both.

Pace. Each player waits a random time (exponential, mean ``--think`` seconds) before
each decision and before opening the hand, as a person reading the table does; 10 s is
a quick human player. The bot, SimCord (the whole simulated Discord, with its message
copies and checks) and the players share one event loop and one core here, so the
latency includes the simulator's work: a shorter ``--think`` measures the capacity of
that single loop rather than the bot (at 60 games and 0.3 s it saturates near 65 moves
per second and the latency becomes queueing).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import random
import resource
import sqlite3
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import interaction_flood  # noqa: E402
import postgres_server  # noqa: E402
import simcord  # noqa: E402
from botcapacity import Step, capacity, search  # noqa: E402
from botload import Players, Tally  # noqa: E402
from botprobe import CATEGORIES, install  # noqa: E402
from botseed import seeded_database  # noqa: E402
from botsim import CpuShare, lighten_simcord, prune_dead_callbacks  # noqa: E402

from bot.app import FamigliaBot  # noqa: E402
from bot.settings import Settings  # noqa: E402
from db import Store  # noqa: E402
from db.transfer import copy_sqlite_to_postgres  # noqa: E402
from engine.famiglia import GameState, parse_action, replay  # noqa: E402

GUILD = 1_111_111_111_111_111_111
CAPACITY_BAR = 100.0  # ms: the p99 a move may take at capacity
WARM_UP = 8.0  # s of each capacity window not counted (the games start)


def settings(db: Path | str) -> Settings:
    """``db``: a SQLite file, or a PostgreSQL database's URL."""
    where = {"database_url": db} if isinstance(db, str) else {"database_path": db}
    return Settings(  # type: ignore[call-arg]
        _env_file=None, discord_token=None, dev_guild_id=GUILD, log_level="WARNING", **where,
    )  # fmt: skip


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    return (
        f"{name} ({len(values)}): p50 {pct(values, 50):.1f} ms · p95 {pct(values, 95):.1f} ms"
        f" · p99 {pct(values, 99):.1f} ms · max {max(values):.1f} ms"
    )


async def check_games(store: Store) -> tuple[int, int, list[str]]:
    """Every game over, and every stored state equal to the replay of seed + log."""
    problems: list[str] = []
    finished = unfinished = 0
    rows = await store._db.read(
        lambda tx: tx.fetch("SELECT id, status, seed, options, state, mode FROM games")
    )
    for game_id, status, seed, options, state_json, mode in rows:
        log = [parse_action(r.action_json) for r in await store.action_log(game_id)]
        opts: dict[str, Any] = json.loads(options)
        state = replay(seed, log, mode=mode, first=opts.get("first"), level=opts.get("level"))
        if state != GameState.from_json(state_json):
            problems.append(f"game {game_id}: stored state is not its replay")
        if status in ("finished", "forfeited"):
            finished += 1
        else:
            unfinished += 1
    return finished, unfinished, problems


async def load(
    args: argparse.Namespace, db: Path | str, *, think: float, window: float | None = None
) -> tuple[Tally, float, int, Any, CpuShare]:
    """Play ``args.games`` duels and ``args.solo`` solo games at ``think`` seconds a
    decision: to the end of every game, or (``window``) for that many seconds after the
    games have started, then stop deciding (the unfinished games are left as they are)."""
    lighten_simcord()
    bot = FamigliaBot(settings(db), sync_global=True, rng=random.Random(args.seed))
    probe = install()
    interaction_flood.on_answer = lambda sent: sent.split.update(probe.take())
    async with simcord.run(bot, check_errors=True, settle_timeout=60) as env:
        pruning = asyncio.create_task(prune_dead_callbacks(env))
        guild = env.create_guild("Famiglia Club", id=GUILD)
        rng = random.Random(args.seed)
        drv = interaction_flood.Driver(env)
        players = Players(drv, rng, think)
        jobs = []
        for i in range(args.games):
            channel = guild.create_text_channel(f"table-{i}")
            a = guild.add_member(env.create_user(f"a{i}", global_name=f"Anna {i}"))
            b = guild.add_member(env.create_user(f"b{i}", global_name=f"Bruno {i}"))
            jobs.append(players.duel(channel, a, b, by_slash=i % 5 == 4))
        for i in range(args.solo):
            user = env.create_user(f"s{i}", global_name=f"Solo {i}")
            guild.add_member(user)
            jobs.append(players.solo(user, user.dm_channel.id))
        rng.shuffle(jobs)
        started = time.perf_counter()
        if window is not None:
            players.stop_at = started + window
        with CpuShare() as cpu:
            outcomes = await asyncio.gather(*jobs, return_exceptions=True)
        elapsed = time.perf_counter() - started
        players.tally.problems += [repr(o) for o in outcomes if isinstance(o, BaseException)]
        await drv.quiet(timeout=120)
        pruning.cancel()
        errors = list(env.errors)
        env._errors_acknowledged = env.error_cursor  # reported below, not raised
        finished, unfinished, problems = await check_games(bot.store)
        players.tally.problems += problems + [
            "".join(traceback.format_exception(e))[-1500:] for e in errors
        ]
        if unfinished and window is None:
            players.tally.problems.append(f"{unfinished} games not over")
    await bot.close()  # SimCord detaches the bot but leaves its store and AI pool open
    interaction_flood.on_answer = None
    return players.tally, elapsed, finished, probe, cpu


async def db_size(db: Path | str) -> int:
    if isinstance(db, str):
        async with await Store.open(db) as store:
            rows = await store._db.read(
                lambda tx: tx.fetch("SELECT pg_database_size(current_database())")
            )
        return int(rows[0][0])
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return db.stat().st_size


async def startup(db: Path | str) -> float:
    """Seconds from creating the bot to READY handled, with the seeded database (its
    start-up repair posts the tables of the seeded games, whose channels do not exist
    here: those errors are expected)."""
    started = time.perf_counter()
    bot = FamigliaBot(settings(db), sync_global=False, rng=random.Random(1))
    async with simcord.run(bot, check_errors=False, settle_timeout=600) as env:
        env.create_guild("Famiglia Club", id=GUILD)
        ready = time.perf_counter() - started
    await bot.close()
    return ready


def report(args: argparse.Namespace, tally: Tally, elapsed: float, finished: int, size: int,
           probe: Any, cpu: CpuShare, backend: str) -> str:  # fmt: skip
    """Print one backend's figures; return its headline line."""
    sent = tally.moves + tally.others
    moves = [s.latency_ms for s in tally.moves]
    print(f"=== {backend} ===")
    print(f"games: {args.games} two-player in {args.games} channels + {args.solo} solo in DMs;"
          f" think time mean {args.think} s; finished {finished}")  # fmt: skip
    print(f"interactions handled: {len(sent)} ({dict(tally.counts)})")
    print(f"moves per second: {len(moves) / elapsed:.1f} ({len(moves)} moves in {elapsed:.1f} s)")
    print(line("latency, every interaction", [s.latency_ms for s in sent]))
    for cat in CATEGORIES:
        before = [s.split.get(cat, 0.0) for s in tally.moves]
        print(f"  split of a move's answer, {cat}: mean {sum(before) / max(1, len(before)):.2f} ms")
    reads = [s.split.get("db read calls", 0.0) for s in tally.moves]
    print(f"  database reads before a move's answer: {sum(reads):.0f} in {len(reads)} moves"
          f" (mean {sum(reads) / max(1, len(reads)):.2f})")  # fmt: skip
    mean = sum(moves) / max(1, len(moves))
    print(f"  move answer mean {mean:.2f} ms (the rest: discord.py, SimCord, waiting for the loop)")
    for cat in CATEGORIES:
        print(f"  all work per move incl. after the answer, {cat}:"
              f" {probe.totals[cat] * 1000 / max(1, len(moves)):.2f} ms")  # fmt: skip
    reads_per_move = sum(probe.read_names.values()) / max(1, len(moves))
    named = ", ".join(f"{n} {k}" for k, n in probe.read_names.most_common(6)) or "none"
    print(f"  database reads per move incl. after the answer: {reads_per_move:.2f} ({named})")
    print(f"  {cpu.summary()}")
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    print(f"database: {size / 1024:.0f} KiB, {size / max(1, finished) / 1024:.1f} KiB per finished"
          " game")  # fmt: skip
    print(f"problems: {len(tally.problems)}")
    for problem in tally.problems[:20]:
        print(f"  {problem}")
    return line(f"latency of move interactions, {backend}", moves)


NewDb = Callable[[], AbstractContextManager[Path | str]]


async def capacity_of(args: argparse.Namespace, new_db: NewDb, backend: str) -> str:
    """Run the capacity search on fresh databases; print its steps; the result line."""

    async def step(think: float) -> Step:
        with new_db() as db:
            tally, _, _, _, _ = await load(args, db, think=think, window=args.window)
        t0 = min(s.started for s in tally.moves + tally.others) if tally.moves else 0.0
        counted = [s for s in tally.moves if s.started >= t0 + WARM_UP]
        p99 = pct([s.latency_ms for s in counted], 99) if counted else math.inf
        rate = len(counted) / max(1e-9, args.window - WARM_UP)
        return Step(think, rate, p99, len(counted), len(tally.problems))

    steps = await search(step, args.capacity_start, CAPACITY_BAR)
    print(f"capacity search, {backend} ({args.games} games, {args.window:.0f} s windows,"
          f" the first {WARM_UP:.0f} s not counted):")  # fmt: skip
    for s in steps:
        print(s.line(CAPACITY_BAR))
    found = capacity(steps, CAPACITY_BAR)
    print(f"capacity, {backend}: {found}")
    return f"capacity {backend} {found}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--solo", type=int, default=20)
    parser.add_argument("--think", type=float, default=10.0, help="mean seconds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--finished", type=int, default=10_000)
    parser.add_argument("--active", type=int, default=1_000)
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument(
        "--window",
        type=float,
        default=30.0,
        help="seconds per capacity step (0: no capacity search)",
    )
    parser.add_argument("--capacity-start", type=float, default=1.0,
                        help="think time of the first capacity step")  # fmt: skip
    args = parser.parse_args()
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    seeding = args.finished + args.active > 0
    note = f"{args.finished} finished + {args.active} active games"
    headlines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        files = itertools.count()

        @contextmanager
        def sqlite_db() -> Iterator[Path]:
            yield Path(tmp) / f"load-{next(files)}.db"

        if "sqlite" in backends:
            with sqlite_db() as db:
                tally, elapsed, finished, probe, cpu = await load(args, db, think=args.think)
                size = await db_size(db)
            headlines.append(report(args, tally, elapsed, finished, size, probe, cpu, "SQLite"))
            if args.window > 0:
                headlines.append(await capacity_of(args, sqlite_db, "SQLite"))
            if seeding:
                seeded = await seeded_database(args.finished, args.active, Path(tmp))
                print(f"start-up to ready with {note}: {await startup(seeded):.2f} s (bar 3 s)")
        if "postgresql" in backends:
            with postgres_server.running_server(durable=True) as server:
                with postgres_server.new_database(server) as url:
                    tally, elapsed, finished, probe, cpu = await load(args, url, think=args.think)
                    size = await db_size(url)
                headlines.append(
                    report(args, tally, elapsed, finished, size, probe, cpu, "PostgreSQL")
                )
                if args.window > 0:
                    pg_db = partial(postgres_server.new_database, server)
                    headlines.append(await capacity_of(args, pg_db, "PostgreSQL"))
                if seeding:
                    seeded = await seeded_database(args.finished, args.active, Path(tmp))
                    with postgres_server.new_database(server) as url:
                        await copy_sqlite_to_postgres(str(seeded), url, lambda game, log: None)
                        ready = await startup(url)
                    print(f"start-up to ready with {note}: {ready:.2f} s (bar 3 s)")
    loads = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average (1, 5, 15 min) at the end: {loads}")
    print("HEADLINE " + " | ".join(headlines) + " (bars: move p99 50 ms; capacity at p99 100 ms)")


if __name__ == "__main__":
    asyncio.run(main())
