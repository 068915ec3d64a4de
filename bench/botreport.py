"""What bench/bot.py prints of one backend's run: interactions, moves per second, the
latency of moves (Famiglia's with its split, Family Business's person moves on lines of
their own), the work per move, CPU, memory, database size and the problems found."""

from __future__ import annotations

import argparse
import resource
from collections import Counter
from dataclasses import dataclass
from typing import Any

from botload import Tally
from botprobe import CATEGORIES
from botsim import CpuShare

FB_BAR = 100.0  # ms: the p99 a Family Business person's move may take


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


@dataclass
class Run:
    tally: Tally  # Famiglia's players (every problem of the run is in its problems)
    fb: Tally  # Family Business's players
    elapsed: float
    finished: Counter[str]  # games over, by game
    probe: Any
    cpu: CpuShare


def report(args: argparse.Namespace, run: Run, size: int, backend: str) -> list[str]:
    """Print one backend's figures; return its headline's parts."""
    tally, elapsed, probe = run.tally, run.elapsed, run.probe
    sent = tally.moves + tally.others
    moves = [s.latency_ms for s in tally.moves]
    every = len(moves) + len(run.fb.moves)  # person moves of either game
    print(f"=== {backend} ===")
    print(f"games: {args.games} two-player in {args.games} channels + {args.solo} solo in DMs;"
          f" think time mean {args.think} s; finished {run.finished['famiglia']}")  # fmt: skip
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
    print("  " + by_minute(tally.moves))
    print("  " + line("a DM table's click (answered at once) until the table showed the move",
                      tally.shown))  # fmt: skip
    print(f"  move answer mean {mean:.2f} ms (the rest: discord.py, SimCord, waiting for the loop)")
    fb_moves = fb_report(args, run)
    for cat in CATEGORIES:  # both games' work (and the AI seats' commits) over their moves
        print(f"all work per person move of either game incl. after the answer, {cat}:"
              f" {probe.totals[cat] * 1000 / max(1, every):.2f} ms")  # fmt: skip
    reads_per_move = sum(probe.read_names.values()) / max(1, every)
    named = ", ".join(f"{n} {k}" for k, n in probe.read_names.most_common(6)) or "none"
    print(f"database reads per person move incl. after the answer: {reads_per_move:.2f} ({named})")
    print(run.cpu.summary())
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    finished = sum(run.finished.values())
    print(f"database: {size / 1024:.0f} KiB, {size / max(1, finished) / 1024:.1f} KiB per finished"
          " game")  # fmt: skip
    print(f"problems: {len(tally.problems)}")
    for problem in tally.problems[:20]:
        print(f"  {problem}")
    fb_p99 = f"{pct(fb_moves, 99):.1f} ms ({len(fb_moves)} moves)" if fb_moves else "no moves"
    return [line(f"latency of move interactions, {backend}", moves),
            f"FB move p99 {backend} {fb_p99}"]  # fmt: skip


def by_minute(sent: list[Any], minutes: float = 2.0) -> str:
    """Move p99 over consecutive slices of the run: a tail that grows with the run's length
    (a cache, a log, a file that grows) shows as a rising row; a burst, in one slice."""
    if not sent:
        return "move p99 by time: no moves"
    t0 = min(s.started for s in sent)
    slices: dict[int, list[float]] = {}
    for s in sent:
        slices.setdefault(int((s.started - t0) // (minutes * 60)), []).append(s.latency_ms)
    row = " ".join(f"{pct(v, 99):.0f}({len(v)})" for _, v in sorted(slices.items()))
    return f"move p99 ms (moves) per {minutes:.0f} minutes of the run: {row}"


def fb_report(args: argparse.Namespace, run: Run) -> list[float]:
    """Print the Family Business games' figures; their person moves' latencies."""
    sent = run.fb.moves + run.fb.others
    moves = [s.latency_ms for s in run.fb.moves]
    think = args.think if getattr(args, "fb_think", None) is None else args.fb_think
    print(f"Family Business: {args.fb} four-seat games (two people, two AI seats, easy) in"
          f" {args.fb} channels, think time mean {think} s;"
          f" finished {run.finished['family_business']}")  # fmt: skip
    print(f"  interactions handled: {len(sent)} ({dict(run.fb.counts)})")
    print(f"  person moves per second: {len(moves) / run.elapsed:.1f} ({len(moves)} moves: hand"
          " steps and window answers)")  # fmt: skip
    print(
        "  "
        + line("latency of Family Business person moves", moves)
        + f" (bar: p99 {FB_BAR:.0f} ms)"
    )
    print("  " + line("latency, every Family Business interaction", [s.latency_ms for s in sent]))
    return moves
