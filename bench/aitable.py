"""The table of bench/ai.py: its rows (a pairing and its games), the win rates with 95%
intervals, mean VP, thinking time and the HEADLINE that sums up issue 6's bars."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable

from airecords import Key

from engine.stats import wilson

#: The bars of issue 6, summed up by the HEADLINE line: A's win rate against B ...
WIN_BARS = {
    ("hard", "greedy"): 0.75,
    ("hard", "random"): 0.98,
    ("hard", "medium"): 0.5,  # these two must win significantly: the interval clears 50%
    ("medium", "easy"): 0.5,
}
#: ... and the slowest searched decision of a strength, in seconds.
TIME_BAR = ("hard", 1.5)


class Row:
    """A line of the table: A against B, the wanted games and A's seat in each."""

    def __init__(self, label: str, a: str, b: str, games: list[tuple[Key, int]]) -> None:
        self.label, self.a, self.b, self.games = label, a, b, games

    def recorded(self, records: dict[Key, dict]) -> list[tuple[dict, int]]:
        return [(records[k], seat) for k, seat in self.games if k in records]


def duel_row(a: str, b: str, games: int, seed: int) -> Row:
    master = random.Random(seed)
    seeds = [master.getrandbits(32) for _ in range(games // 2)]
    tasks: list[tuple[Key, int]] = []
    for s in seeds:
        tasks.append((("duel", a, b, s, None, None), 0))
        tasks.append((("duel", b, a, s, None, None), 1))
    return Row(f"{a} vs {b}", a, b, tasks)


def solo_row(who: str, level: int, first: int, games: int, seed: int) -> Row:
    master = random.Random(seed * 31 + level * 2 + first)
    tasks: list[tuple[Key, int]] = [
        (("solo", who, "robot", master.getrandbits(32), level, first), 0) for _ in range(games)
    ]
    return Row(f"{who} vs robot {level}{'ab'[first]}", who, "robot", tasks)


def tally(row: Row, records: dict[Key, dict]) -> tuple[int, int, int, float, float]:
    """(A's wins, draws, games, A's mean VP, B's mean VP) over the recorded games."""
    wins = draws = 0
    vp_a = vp_b = 0.0
    got = row.recorded(records)
    for r, seat_a in got:
        w = r["winner"]
        wins += w == seat_a
        draws += w is None
        vp_a += r["totals"][seat_a]
        vp_b += r["totals"][1 - seat_a]
    n = len(got)
    return wins, draws, n, vp_a / max(n, 1), vp_b / max(n, 1)


def _rate(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{100 * wins / n:>6.1f}%  [{100 * lo:5.1f}%, {100 * hi:5.1f}%]"


def line(row: Row, records: dict[Key, dict]) -> str:
    wins, draws, n, vp_a, vp_b = tally(row, records)
    wanted = len(row.games)
    if n == 0:
        return f"{row.label:<34} {n:>5}  no games recorded (0 of {wanted})"
    out = f"{row.label:<34} {n:>5} {_rate(wins, n)}  draws {draws:>3}  VP {vp_a:5.1f} - {vp_b:5.1f}"
    return out if n == wanted else f"{out}  ({n} of {wanted})"


def unique(keys: Iterable[Key]) -> list[Key]:
    return list(dict.fromkeys(keys))


def timing_stats(records: Iterable[dict]) -> dict[str, tuple[list[float], int, float]]:
    """Per player name: its searched decisions' times, playouts and search seconds."""
    by: dict[str, tuple[list[float], list[float]]] = {}
    for r in records:
        for seat in (0, 1):
            ts, tot = by.setdefault(str(r["players"][seat]), ([], [0, 0.0]))
            ts.extend(r["times"][seat])
            tot[0] += r["iters"][seat]
            tot[1] += r["search_s"][seat]
    return {name: (ts, int(it), sec) for name, (ts, (it, sec)) in by.items() if ts}


def timing(records: Iterable[dict]) -> list[str]:
    return [
        f"{name:<8} searched decisions {len(ts):>6}  mean {statistics.fmean(ts):.3f} s  "
        f"max {max(ts):.3f} s  playouts/s {it / max(sec, 1e-9):,.0f}"
        for name, (ts, it, sec) in sorted(timing_stats(records).items())
    ]


def solo_summary(rows: list[Row], records: dict[Key, dict]) -> str:
    """How many robot levels (1a..4b) the searching AI wins more often at than greedy."""
    rates: dict[tuple[str, str], float] = {}
    for row in rows:
        if row.b != "robot":
            continue
        wins, _, n, _, _ = tally(row, records)
        if n:
            rates[(row.a, row.label.rsplit(" ", 1)[1])] = wins / n
    names = sorted({a for a, _ in rates if a != "greedy"})
    levels = sorted({lv for _, lv in rates})
    out = []
    for name in names:
        both = [lv for lv in levels if (name, lv) in rates and ("greedy", lv) in rates]
        if both:
            ahead = sum(rates[(name, lv)] > rates[("greedy", lv)] for lv in both)
            out.append(f"{name} ahead of greedy vs robot at {ahead} of {len(both)} levels")
    return ", ".join(out)


def headline(rows: list[Row], records: dict[Key, dict], stats: dict) -> str:
    parts = []
    for row in rows:
        bar = WIN_BARS.get((row.a, row.b))
        if bar is None:
            continue
        wins, _, n, _, _ = tally(row, records)
        wanted = len(row.games)
        if n == 0:
            parts.append(f"{row.label} no games (0 of {wanted}; bar {100 * bar:.0f}%)")
            continue
        lo, hi = wilson(wins, n)
        share = "" if n == wanted else f"{n} of {wanted}; "
        parts.append(
            f"{row.label} {100 * wins / n:.1f}% [{100 * lo:.1f}%, {100 * hi:.1f}%] "
            f"({share}bar {100 * bar:.0f}%)"
        )
    solo = solo_summary(rows, records)
    if solo:
        parts.append(solo)
    name, limit = TIME_BAR
    if name in stats:
        parts.append(f"{name} max {max(stats[name][0]):.2f} s/decision (bar {limit} s)")
    if not parts:
        return "HEADLINE no pairing with a bar in this run (hard vs greedy, hard vs random)"
    return "HEADLINE " + ", ".join(parts)
