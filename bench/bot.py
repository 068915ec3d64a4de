"""Load benchmark of the whole bot, driven in-process through SimCord like players do.

    python bench/bot.py [--games 200] [--solo 20] [--fb 50] [--think 10] [--seed 1]
                        [--finished 10000] [--active 1000] [--backend both]

G two-player Famiglia games at once in G channels (a fifth of them played by slash
commands with autocomplete, the rest by buttons and selects), solo games in DMs, and
``--fb`` four-seat Family Business games in channels of their own (two people and two
AI seats, easy: each opened with ``/familybusiness open``, joined, the AI added and
started by its host, then played by the people on the table's **Show my hand**, the
hand's selects step by step and the counter windows' prompts; bench/botfb.py), every
player choosing random legal moves until every game is over. Prints interactions,
moves per second, latency from dispatch to answer (p50/p95/p99/max) and its split,
Family Business's person moves (hand steps and window answers) on a line of their own,
peak RSS, database size per finished game, then the start-up time of a bot whose
database holds ``--finished`` finished and ``--active`` active games. At the end every
game must be over and its stored state equal to the replay of its seed and log, each
game by its own game's rules. With ``--backend both`` (the default) the same run is made
on SQLite and then on PostgreSQL (a throwaway server started from the machine's
PostgreSQL programs, tests/postgres_server.py), and both figures are printed; the
headline gives both, with the Family Business move p99 (bar 100 ms).

Pace. Each player waits a random time (exponential, mean ``--think`` seconds) before
each decision and before opening the hand, as a person reading the table does; 10 s is
a quick human player. ``--fb-think`` gives the Family Business players a pace of their
own (a four-seat game has several times a duel's decisions, and its two AI seats share
one AI worker, so at the duels' pace its games outlast theirs by far). The bot, SimCord
(the whole simulated Discord, with its message copies and checks) and the players share
one event loop and one core here, so the latency includes the simulator's work: a
shorter ``--think`` measures the capacity of that single loop rather than the bot (at 60
games and 0.3 s it saturates near 65 moves per second and the latency becomes queueing).
The garbage collector runs on the schedule ``python -m bot`` sets (bot/collector.py).

Capacity (``--window``): the search plays the Famiglia games only (duels and solo, no
Family Business), so its figure stays comparable with earlier runs.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import math
import os
import random
import sqlite3
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import interaction_flood  # noqa: E402
import postgres_server  # noqa: E402
import simcord  # noqa: E402
from botcapacity import Step, capacity, search  # noqa: E402
from botfb import FbPlayers  # noqa: E402
from botload import Players  # noqa: E402
from botprobe import install  # noqa: E402
from botreport import FB_BAR, Run, pct, report  # noqa: E402
from botseed import seeded_database  # noqa: E402
from botsim import CpuShare, lighten_simcord, prune_dead_callbacks  # noqa: E402

from bot.app import FamigliaBot  # noqa: E402
from bot.collector import schedule_for_a_long_run  # noqa: E402
from bot.migrate import replay_check  # noqa: E402
from bot.settings import Settings  # noqa: E402
from db import Store  # noqa: E402
from db.transfer import copy_sqlite_to_postgres  # noqa: E402

GUILD = 1_111_111_111_111_111_111
CAPACITY_BAR = 100.0  # ms: the p99 a move may take at capacity
WARM_UP = 8.0  # s of each capacity window not counted (the games start)
WINDOW = 24 * 3600.0  # s a counter window, a challenge, a lobby stay open (see settings)


def settings(db: Path | str) -> Settings:
    """``db``: a SQLite file, or a PostgreSQL database's URL. A counter window, a
    challenge and a lobby wait a day here, as a turn does: SimCord's clock moves only
    when a timer of the bot fires (under load it may not move at all), so a 60 s window
    would close at a random moment, and the turn timer's short sleep towards its
    deadline kept SimCord from finding the bot quiet at the end. Every person answers
    every window, and every challenge and lobby is answered within seconds, anyway.

    When a timer of the bot fires, SimCord settles the whole simulation, and its scan of
    the pending tasks against the pending timers holds the event loop for a time that
    grows with the load: the turn timer woke once at the first challenges' deadline
    (10 minutes; they had been accepted long before, so it found nothing to do) and
    SimCord held the loop for 84 s with Family Business beside the duels (py-spy: the
    loop in ``simcord._settlement._timer_records_waking``). The bot's own cost of that
    wake is one database query."""
    where = {"database_url": db} if isinstance(db, str) else {"database_path": db}
    return Settings(  # type: ignore[call-arg]
        _env_file=None, discord_token=None, dev_guild_id=GUILD, log_level="WARNING",
        counter_window_seconds=WINDOW, challenge_timeout_minutes=WINDOW / 60,
        lobby_timeout_minutes=WINDOW / 60, **where,
    )  # fmt: skip


async def check_games(
    store: Store,
) -> tuple[Counter[str], Counter[str], list[str], list[str]]:
    """Finished and unfinished games by game (``famiglia``, ``family_business``), the
    problems (a stored state that is not the replay of its seed and log, each game by
    its own game's rules: the migration's check), and each unfinished game's status."""
    problems: list[str] = []
    stuck: list[str] = []
    finished: Counter[str] = Counter()
    unfinished: Counter[str] = Counter()
    rows = await store._db.read(lambda tx: tx.fetch("SELECT id FROM games ORDER BY id"))
    for (game_id,) in rows:
        game = await store.get_game(game_id)
        assert game is not None
        log = [r.action_json for r in await store.action_log(game_id)]
        if (why := replay_check(game, log)) is not None:
            problems.append(f"{game.game} game {game_id}: {why}")
        over = game.status in ("finished", "forfeited")
        (finished if over else unfinished)[game.game] += 1
        if not over:
            stuck.append(f"{game.game} game {game_id} in channel {game.channel_id}:"
                         f" {game.status}, {game.action_count} actions")  # fmt: skip
    return finished, unfinished, problems, stuck


async def load(
    args: argparse.Namespace, db: Path | str, *, think: float, window: float | None = None,
    fb: int = 0,
) -> Run:  # fmt: skip
    """Play ``args.games`` duels, ``args.solo`` solo games and ``fb`` Family Business
    games at ``think`` seconds a decision: to the end of every game, or (``window``) for
    that many seconds after the games have started, then stop deciding (the unfinished
    games are left as they are)."""
    # Each run pays for its own heap only: what earlier runs of this process left (the
    # other database's run, the capacity steps) is collected, and what survives
    # (modules, caches) is kept out of this run's full collections. Without it the
    # second database's run began with stalls that the same run alone did not have
    # (move p99 985 ms in its first two minutes, max 5.9 s, against a loop never late
    # by more than 84 ms alone): full collections over the first run's heap.
    gc.collect()
    gc.freeze()
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
        fb_think = think if args.fb_think is None else args.fb_think
        fb_players = FbPlayers(drv, random.Random(f"fb/{args.seed}"), fb_think)
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
        for i in range(fb):
            channel = guild.create_text_channel(f"family-{i}")
            names = (f"Fede {i}", f"Gina {i}")
            host, guest = (guild.add_member(env.create_user(f"f{who}{i}", global_name=name))
                           for who, name in zip("ab", names, strict=True))  # fmt: skip
            jobs.append(fb_players.table_game(channel, host, guest, names))
        rng.shuffle(jobs)
        started = time.perf_counter()
        if window is not None:
            players.stop_at = fb_players.stop_at = started + window
        with CpuShare() as cpu:
            outcomes = await asyncio.gather(*jobs, return_exceptions=True)
        elapsed = time.perf_counter() - started
        players.tally.problems += [repr(o) for o in outcomes if isinstance(o, BaseException)]
        await bot.timer.stop()  # every game is over or stopped: nothing is due any more
        await drv.quiet(timeout=120)
        pruning.cancel()
        errors = list(env.errors)
        env._errors_acknowledged = env.error_cursor  # reported below, not raised
        counted = Counter(probe.totals), Counter(probe.read_names)
        finished, unfinished, problems, stuck = await check_games(bot.store)
        probe.totals, probe.read_names = counted  # the check's reads are not the bot's work
        players.tally.problems += (
            fb_players.tally.problems
            + problems
            + ["".join(traceback.format_exception(e))[-1500:] for e in errors]
        )
        if unfinished and window is None:
            players.tally.problems.append(f"games not over: {dict(unfinished)}")
            players.tally.problems += stuck
    await bot.close()  # SimCord detaches the bot but leaves its store and AI pool open
    interaction_flood.on_answer = None
    return Run(players.tally, fb_players.tally, elapsed, finished, probe, cpu)


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


NewDb = Callable[[], AbstractContextManager[Path | str]]


async def capacity_of(args: argparse.Namespace, new_db: NewDb, backend: str) -> str:
    """Run the capacity search on fresh databases; print its steps; the result line."""

    async def step(think: float) -> Step:
        with new_db() as db:
            tally = (await load(args, db, think=think, window=args.window)).tally
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
    parser.add_argument("--fb", type=int, default=50, help="four-seat Family Business games")
    parser.add_argument("--think", type=float, default=10.0, help="mean seconds per decision")
    parser.add_argument("--fb-think", type=float, default=None,
                        help="mean seconds per decision of the Family Business players"
                        " (default: --think)")  # fmt: skip
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
    schedule_for_a_long_run()  # the garbage collector's schedule of ``python -m bot``
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    seeding = args.finished + args.active > 0
    note = f"{args.finished} finished + {args.active} active games"
    headlines: list[str] = []
    problems = 0  # of every run: a run with any fails the benchmark (exit status 1)
    with tempfile.TemporaryDirectory() as tmp:
        files = itertools.count()

        @contextmanager
        def sqlite_db() -> Iterator[Path]:
            yield Path(tmp) / f"load-{next(files)}.db"

        if "sqlite" in backends:
            with sqlite_db() as db:
                run = await load(args, db, think=args.think, fb=args.fb)
                size = await db_size(db)
            problems += len(run.tally.problems)
            headlines += report(args, run, size, "SQLite")
            if args.window > 0:
                headlines.append(await capacity_of(args, sqlite_db, "SQLite"))
            if seeding:
                seeded = await seeded_database(args.finished, args.active, Path(tmp))
                print(f"start-up to ready with {note}: {await startup(seeded):.2f} s (bar 3 s)")
        if "postgresql" in backends:
            with postgres_server.running_server(durable=True) as server:
                with postgres_server.new_database(server) as url:
                    run = await load(args, url, think=args.think, fb=args.fb)
                    size = await db_size(url)
                problems += len(run.tally.problems)
                headlines += report(args, run, size, "PostgreSQL")
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
    bars = f"move p99 50 ms; FB move p99 {FB_BAR:.0f} ms; capacity at p99 {CAPACITY_BAR:.0f} ms"
    if problems:
        headlines.append(f"{problems} PROBLEM(S), listed above")
    print("HEADLINE " + " | ".join(headlines) + f" (bars: {bars})")
    if problems:
        raise SystemExit(1)


if __name__ == "__main__":
    asyncio.run(main())
