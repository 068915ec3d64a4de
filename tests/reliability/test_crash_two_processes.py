"""Two bot processes on one PostgreSQL database; one of them is SIGKILLed again and again.

A survivor process and a series of victims (crash_child.py on the same database) play
the same duel games: each picks its next move among all open games, so they race, and
the loser of a race is refused. Every victim is killed at a random moment — often
inside a write transaction or while it commits. After each kill, in one snapshot of
the database: every move a victim confirmed is stored, no half-written move exists,
every state is the replay of its seed and log, a finished game has exactly one result.
The survivor keeps playing throughout, unaffected; at the end its confirmed moves are
checked too, and no move was ever confirmed to both processes.

``FAMIGLIA_PG_CRASH_KILLS`` sets the number of kills (default 8; use 100+ for the full
measure).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from engine.famiglia import parse_action, replay

from .test_crash import CHILD, ROOT, Tally, record

KILLS = int(os.environ.get("FAMIGLIA_PG_CRASH_KILLS", "8"))


def start(url: str, out: Path, err: Path, seed: int, jitter_ms: float) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), FAMIGLIA_CRASH_JITTER_MS=str(jitter_ms))
    with out.open("wb") as sink, err.open("wb") as errors:
        proc = subprocess.Popen(
            [sys.executable, str(CHILD), url, str(seed)],
            stdout=sink,
            stderr=errors,
            cwd=ROOT,
            env=env,
        )
    deadline = time.monotonic() + 60
    while not out.read_bytes().startswith(b"R\n"):
        assert proc.poll() is None, f"child died before it was ready: {err.read_text()}"
        assert time.monotonic() < deadline, "child never became ready"
        time.sleep(0.005)
    return proc


def kill(proc: subprocess.Popen[bytes], out: Path) -> list[str]:
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return out.read_text().split("\n")[:-1]  # the part after the last newline is unfinished


async def check_database(url: str, tally: Tally) -> dict[int, int]:
    """Every invariant of a sound store, in one snapshot; each game's action count."""
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            games = await conn.fetch(
                "SELECT id, status, seed, state, version, action_count FROM games"
            )
            actions = await conn.fetch("SELECT game_id, seq, action FROM actions ORDER BY 1, 2")
            results = [r[0] for r in await conn.fetch("SELECT game_id FROM results")]
    finally:
        await conn.close()
    logs: dict[int, list[tuple[int, str]]] = {}
    for game_id, seq, action in actions:
        logs.setdefault(game_id, []).append((seq, action))
    stored = {(g, seq) for g, log in logs.items() for seq, _ in log}
    tally.lost.extend(key for key in tally.confirmed if key not in stored)
    counts: dict[int, int] = {}
    for game_id, status, seed, state_json, version, action_count in games:
        log = logs.get(game_id, [])
        assert [s for s, _ in log] == list(range(action_count)), f"game {game_id}: gaps"
        ended = results.count(game_id)
        if status == "challenge":  # killed between creating and accepting
            assert (version, action_count, ended) == (0, 0, 0)
            continue
        assert version == action_count + 1, f"game {game_id}: version {version}"
        state = replay(seed, [parse_action(a) for _, a in log], mode="duel")
        assert state.to_json() == state_json, f"game {game_id}: state is not its replay"
        assert (status == "finished") == state.over == (ended == 1), game_id
        assert status in ("active", "finished"), status
        counts[game_id] = action_count
    return counts


def test_killing_one_of_two_processes_never_loses_a_confirmed_move(
    postgres_url: str, tmp_path: Path
) -> None:
    rng = random.Random(20261123)
    tally = Tally()
    s_out, s_err = tmp_path / "survivor.out", tmp_path / "survivor.err"
    survivor = start(postgres_url, s_out, s_err, 1, 1.0)
    refused = 0
    try:
        for round_ in range(KILLS):
            out, err = tmp_path / "victim.out", tmp_path / "victim.err"
            jitter = 0.0 if round_ % 2 else 3.0  # half natural timing, half widened windows
            victim = start(postgres_url, out, err, 1000 + round_, jitter)
            time.sleep(rng.uniform(0.05, 0.4))
            lines = kill(victim, out)
            tally.kills += 1
            refused += sum(1 for line in lines if line.startswith("X "))
            record(lines, round_, tally)
            asyncio.run(check_database(postgres_url, tally))
            assert survivor.poll() is None, f"the survivor stopped: {s_err.read_text()}"
    finally:
        survivor_lines = kill(survivor, s_out)
    assert s_err.read_text() == "", "the survivor wrote errors"
    survivor_moves = sum(1 for line in survivor_lines if line.startswith("C "))
    refused += sum(1 for line in survivor_lines if line.startswith("X "))
    record(survivor_lines, KILLS, tally)  # a move confirmed to both would fail here
    asyncio.run(check_database(postgres_url, tally))
    report = (
        f"kills {tally.kills}; confirmed actions {len(tally.confirmed)} (survivor"
        f" {survivor_moves}); races lost and refused {refused}; games started"
        f" {len(tally.started)}, finished {len(tally.ended)}; lost {len(tally.lost)};"
        f" kill points {dict(tally.phases)}"
    )
    print(report)
    assert tally.lost == [], report
    assert tally.kills == KILLS
    assert survivor_moves > 0 and len(tally.confirmed) > 5 * KILLS, report
    assert refused > 0, report  # the two processes really raced for the same moves
