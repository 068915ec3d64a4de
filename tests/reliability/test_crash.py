"""SIGKILL the bot's move path at random moments: no confirmed move is ever lost.

A child process (crash_child.py) plays duel games through GameService on a real
SQLite file and prints each action's sequence number once it is committed. We kill it
at a random moment, reopen the file and check every game: every confirmed action is in
the log, no half-written move exists, the stored state is the replay of seed + log, a
finished game has exactly one result; then the next child carries on from there.

``FAMIGLIA_CRASH_KILLS`` sets the number of kills (default 60).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from engine.famiglia import parse_action, replay

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("crash_child.py")
KILLS = int(os.environ.get("FAMIGLIA_CRASH_KILLS", "60"))


@dataclass
class Tally:
    kills: int = 0
    confirmed: dict[tuple[int, int], int] = field(default_factory=dict)  # (game, seq) -> round
    lost: list[tuple[int, int]] = field(default_factory=list)
    phases: Counter[str] = field(default_factory=Counter)
    in_flight: Counter[str] = field(default_factory=Counter)
    ended: set[int] = field(default_factory=set)
    started: set[int] = field(default_factory=set)


def phase_of(last: str) -> str:
    """Where the child was when it died, from the last line it wrote."""
    if last.startswith("T "):
        return "committing" if last == "T COMMIT" else "inside transaction"
    if last.startswith("B "):
        return "load + engine"
    return "between moves"


def run_child(db: Path, out: Path, seed: int, delay: float, jitter_ms: float) -> list[str]:
    """Start a child, wait until it is ready, let it play ``delay`` s, SIGKILL it."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), FAMIGLIA_CRASH_JITTER_MS=str(jitter_ms))
    with out.open("wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, str(CHILD), str(db), str(seed)], stdout=sink, cwd=ROOT, env=env
        )
    try:
        deadline = time.monotonic() + 30
        while not out.read_bytes().startswith(b"R\n"):
            assert proc.poll() is None, f"child died before it was ready: {proc.returncode}"
            assert time.monotonic() < deadline, "child never became ready"
            time.sleep(0.005)
        time.sleep(delay)
        assert proc.poll() is None, f"child stopped by itself: {proc.returncode}"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    text = out.read_text()
    lines = text.split("\n")
    return lines[:-1]  # the part after the last newline is an unfinished line, or empty


def record(lines: list[str], round_: int, tally: Tally) -> tuple[int, int] | None:
    """Take the child's confirmations; the move it was making when killed, if any."""
    in_flight: tuple[int, int] | None = None
    for line in lines:
        kind, *rest = line.split()
        if kind == "B":
            in_flight = (int(rest[0]), int(rest[1]))
        elif kind == "C":
            key = (int(rest[0]), int(rest[1]))
            assert key not in tally.confirmed, f"action {key} confirmed twice: a move was lost"
            tally.confirmed[key] = round_
            in_flight = None
        elif kind == "G":
            tally.started.add(int(rest[0]))
        elif kind == "E":
            tally.ended.add(int(rest[0]))
    tally.phases[phase_of(lines[-1])] += 1
    return in_flight


def check_database(db: Path, tally: Tally) -> dict[int, int]:
    """Every invariant of a sound store; returns each game's action count."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = set(conn.execute("SELECT game_id, seq FROM actions"))
        tally.lost.extend(key for key in tally.confirmed if key not in stored)
        counts: dict[int, int] = {}
        games = conn.execute(
            "SELECT id, status, seed, state, version, action_count FROM games"
        ).fetchall()
        for game_id, status, seed, state_json, version, action_count in games:
            rows = conn.execute(
                "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
            seqs, log = [r[0] for r in rows], [r[1] for r in rows]
            assert seqs == list(range(action_count)), f"game {game_id}: gaps in the log"
            results = conn.execute(
                "SELECT COUNT(*) FROM results WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            if status == "challenge":  # killed between creating and accepting
                assert (version, action_count, results) == (0, 0, 0)
                assert game_id not in tally.started
                continue
            # one version for the accept, one per move (the child plays one action a move)
            assert version == action_count + 1, f"game {game_id}: version {version}"
            state = replay(seed, [parse_action(a) for a in log], mode="duel")
            assert state.to_json() == state_json, f"game {game_id}: state is not its replay"
            assert (status == "finished") == state.over == (results == 1), game_id
            assert status in ("active", "finished"), status
            if game_id in tally.ended:
                assert status == "finished"
            counts[game_id] = action_count
        return counts
    finally:
        conn.close()


def test_sigkill_never_loses_a_confirmed_move(tmp_path: Path) -> None:
    rng = random.Random(20260301)
    db, out = tmp_path / "crash.db", tmp_path / "child.out"
    tally = Tally()
    moved_again = 0
    counts: dict[int, int] = {}
    for round_ in range(KILLS):
        jitter = 0.0 if round_ % 2 else 3.0  # half natural timing, half widened windows
        lines = run_child(db, out, 1000 + round_, rng.uniform(0.0, 0.3), jitter)
        tally.kills += 1
        in_flight = record(lines, round_, tally)
        before = counts
        counts = check_database(db, tally)
        if in_flight is not None:
            game, seq = in_flight
            landed = counts.get(game, 0) > seq
            tally.in_flight["committed, not yet confirmed" if landed else "rolled back"] += 1
        # play continued from where the previous child died
        moved_again += sum(1 for g, n in before.items() if counts.get(g, 0) > n)
    report = (
        f"kills {tally.kills}; confirmed actions {len(tally.confirmed)}; "
        f"games started {len(tally.started)}, finished {len(tally.ended)}; "
        f"lost {len(tally.lost)}; kill points {dict(tally.phases)}; "
        f"move in flight {dict(tally.in_flight)}; games resumed and moved {moved_again}"
    )
    print(report)
    assert tally.lost == [], report
    assert tally.kills == KILLS  # 60 by default: the bar is at least 50
    assert len(tally.confirmed) > 10 * KILLS, report  # the children really played
    assert moved_again >= KILLS // 2, report
    assert tally.phases["inside transaction"] + tally.phases["committing"] >= 5, report
