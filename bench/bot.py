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
import json
import random
import resource
import sqlite3
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [
    str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "reliability"), str(ROOT / "bench")
]  # fmt: skip

import interaction_flood  # noqa: E402
import postgres_server  # noqa: E402
import simcord  # noqa: E402
from botload import Players, Tally  # noqa: E402
from botprobe import CATEGORIES, install  # noqa: E402
from botseed import seeded_database  # noqa: E402

from bot.app import FamigliaBot  # noqa: E402
from bot.settings import Settings  # noqa: E402
from db import Store  # noqa: E402
from db.transfer import copy_sqlite_to_postgres  # noqa: E402
from engine.famiglia import GameState, parse_action, replay  # noqa: E402

GUILD = 1_111_111_111_111_111_111


def lighten_simcord() -> None:
    """Take SimCord's own bookkeeping out of the measured latency.

    SimCord tracks every callback the bot schedules in a list and removes each record
    when it runs; its records are dataclasses compared field by field, so each removal
    calls Python ``__eq__`` on every pending record. With hundreds of games waiting
    that scan was most of the process's CPU (in a 20-game profile: 13 of 36 s, against
    2.8 s for the bot's engine, cogs, service and store together). Records are unique
    objects, so identity finds the same record: the simulation is unchanged, only the
    simulator's cost on the shared event loop goes. Real Discord runs in other
    processes; this keeps the bench measuring the bot.
    """
    from simcord import _runtime

    _runtime._CallbackRecord.__eq__ = object.__eq__  # type: ignore[method-assign,assignment]


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


async def load(args: argparse.Namespace, db: Path | str) -> tuple[Tally, float, int, Any]:
    lighten_simcord()
    bot = FamigliaBot(settings(db), sync_global=True, rng=random.Random(args.seed))
    probe = install()
    interaction_flood.on_answer = lambda sent: sent.split.update(probe.take())
    async with simcord.run(bot, check_errors=True, settle_timeout=60) as env:
        guild = env.create_guild("Famiglia Club", id=GUILD)
        rng = random.Random(args.seed)
        drv = interaction_flood.Driver(env)
        players = Players(drv, rng, args.think)
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
        outcomes = await asyncio.gather(*jobs, return_exceptions=True)
        elapsed = time.perf_counter() - started
        players.tally.problems += [repr(o) for o in outcomes if isinstance(o, BaseException)]
        await drv.quiet(timeout=120)
        errors = list(env.errors)
        env._errors_acknowledged = env.error_cursor  # reported below, not raised
        finished, unfinished, problems = await check_games(bot.store)
        players.tally.problems += problems + [
            "".join(traceback.format_exception(e))[-1500:] for e in errors
        ]
        if unfinished:
            players.tally.problems.append(f"{unfinished} games not over")
    await bot.close()  # SimCord detaches the bot but leaves its store and AI pool open
    interaction_flood.on_answer = None
    return players.tally, elapsed, finished, probe


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
           probe: Any, backend: str) -> str:  # fmt: skip
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
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    print(f"database: {size / 1024:.0f} KiB, {size / max(1, finished) / 1024:.1f} KiB per finished"
          " game")  # fmt: skip
    print(f"problems: {len(tally.problems)}")
    for problem in tally.problems[:20]:
        print(f"  {problem}")
    return line(f"latency of move interactions, {backend}", moves)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--solo", type=int, default=20)
    parser.add_argument("--think", type=float, default=10.0, help="mean seconds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--finished", type=int, default=10_000)
    parser.add_argument("--active", type=int, default=1_000)
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    seeding = args.finished + args.active > 0
    note = f"{args.finished} finished + {args.active} active games"
    headlines = []
    with tempfile.TemporaryDirectory() as tmp:
        if "sqlite" in backends:
            db = Path(tmp) / "load.db"
            tally, elapsed, finished, probe = await load(args, db)
            size = await db_size(db)
            headlines.append(report(args, tally, elapsed, finished, size, probe, "SQLite"))
            if seeding:
                seeded = await seeded_database(args.finished, args.active, Path(tmp))
                print(f"start-up to ready with {note}: {await startup(seeded):.2f} s (bar 3 s)")
        if "postgresql" in backends:
            with postgres_server.running_server(durable=True) as server:
                with postgres_server.new_database(server) as url:
                    tally, elapsed, finished, probe = await load(args, url)
                    size = await db_size(url)
                headlines.append(report(args, tally, elapsed, finished, size, probe, "PostgreSQL"))
                if seeding:
                    seeded = await seeded_database(args.finished, args.active, Path(tmp))
                    with postgres_server.new_database(server) as url:
                        await copy_sqlite_to_postgres(str(seeded), url, lambda game, log: None)
                        ready = await startup(url)
                    print(f"start-up to ready with {note}: {ready:.2f} s (bar 3 s)")
    print("HEADLINE " + " | ".join(headlines) + " (bar p99 50 ms)")


if __name__ == "__main__":
    asyncio.run(main())
