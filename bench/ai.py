"""AI benchmark (issue 6): win rates with 95% intervals, mean VP, thinking time.

    python bench/ai.py                      # every pairing, 400 games each (slow: hours)
    python bench/ai.py --games 100 --jobs 2
    python bench/ai.py --only hard-greedy,solo --solo-ai medium   # in the order given

Duels use paired seeds with the seats swapped: game seed s is played once with A in
seat 0 and once with A in seat 1 (the starting seat comes from the seed, so each side
starts once). Solo games put a player in seat 0 against the robot gangster at levels 1-4,
"a" (you start) and "b" (the robot starts), the AI and the greedy baseline on the same
seeds. Players are ``random``, ``greedy``, ``easy``, ``medium``, ``hard`` or a custom
search ``mcts:<iterations>:<rollout>:<reward>[:<horizon>[:<anchor>]]``.
Timings are wall-clock on a shared machine; the time caps of the strengths apply.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import STRENGTHS, AiPolicy
from engine.ai.mcts import Budget, search
from engine.policies import get_policy
from engine.scoring import result
from engine.simulate import wilson_interval
from engine.state import GameState

DUELS = {
    "hard-random": ("hard", "random"),
    "hard-greedy": ("hard", "greedy"),
    "hard-medium": ("hard", "medium"),
    "medium-easy": ("medium", "easy"),
}


class _Mcts:
    """A custom search budget as a policy, for experiments."""

    def __init__(self, spec: str) -> None:
        _, it, rollout, reward, *rest = spec.split(":")
        horizon = int(rest[0]) if rest else 0
        anchor = float(rest[1]) if len(rest) > 1 else 0.0
        self.budget = Budget(
            int(it), 5.0, rollout=rollout, reward=reward, horizon=horizon, anchor=anchor
        )
        self.last = None

    def __call__(self, state: GameState, rng: random.Random) -> tuple[int, int, int]:
        self.last = search(state, self.budget, random.Random(rng.getrandbits(32)))
        return self.last.key


def _player(name: str) -> object:
    if name in STRENGTHS:
        return AiPolicy(name)
    if name.startswith("mcts:"):
        return _Mcts(name)
    return get_policy(name)


def play(task: tuple[str, str, int, str, int | None, int | None]) -> dict[str, object]:
    """One game: returns the result and the searching seats' decision times."""
    a, b, seed, mode, level, first = task
    players = (_player(a), _player(b)) if mode == "duel" else (_player(a), get_policy("robot"))
    state = GameState.new(seed, mode=mode, level=level, first=first)  # type: ignore[arg-type]
    rng = random.Random(seed ^ 0x5EED)
    times: list[list[float]] = [[], []]
    iters = [0, 0]
    search_s = [0.0, 0.0]
    while not state.over:
        p = players[state.current]
        t = time.perf_counter()
        key = p(state, rng)  # type: ignore[operator]
        dt = time.perf_counter() - t
        last = getattr(p, "last", None)
        if last is not None and last.iterations:
            times[state.current].append(dt)
            iters[state.current] += last.iterations
            search_s[state.current] += last.seconds
        state.apply_key(key)
    r = result(state)
    return {
        "names": (a, b),
        "winner": r.winner,
        "totals": r.totals,
        "times": times,
        "iters": iters,
        "search_s": search_s,
    }


def _run(pool: mp.pool.Pool, tasks: list[tuple]) -> list[dict[str, object]]:
    """Play ``tasks`` in order; a progress line every 20 games, so a long run that is
    stopped early still shows how far each pairing got."""
    out: list[dict[str, object]] = []
    for r in pool.imap(play, tasks, chunksize=1):
        out.append(r)
        if len(out) % 20 == 0 and len(out) < len(tasks):
            a, b = r["names"]  # type: ignore[misc]
            print(f"  ... {a} vs {b}: {len(out)}/{len(tasks)} games", file=sys.stderr, flush=True)
    return out


def _line(label: str, wins: int, draws: int, n: int, vp: tuple[float, float]) -> str:
    lo, hi = wilson_interval(wins, n)
    return (
        f"{label:<34} {n:>5} {100 * wins / n:>6.1f}%  [{100 * lo:5.1f}%, {100 * hi:5.1f}%]"
        f"  draws {draws:>3}  VP {vp[0]:5.1f} - {vp[1]:5.1f}"
    )


def duel(pool: mp.pool.Pool, a: str, b: str, games: int, seed: int) -> tuple[str, list[dict]]:
    master = random.Random(seed)
    seeds = [master.getrandbits(32) for _ in range(games // 2)]
    tasks: list[tuple] = []
    for s in seeds:
        tasks.append((a, b, s, "duel", None, None))
        tasks.append((b, a, s, "duel", None, None))
    out = _run(pool, tasks)
    wins = draws = 0
    vp_a = vp_b = 0.0
    for i, r in enumerate(out):
        seat_a = i % 2
        w = r["winner"]
        wins += w == seat_a
        draws += w is None
        vp_a += r["totals"][seat_a]  # type: ignore[index]
        vp_b += r["totals"][1 - seat_a]  # type: ignore[index]
    n = len(out)
    return _line(f"{a} vs {b}", wins, draws, n, (vp_a / n, vp_b / n)), out


def solo(
    pool: mp.pool.Pool, who: str, level: int, first: int, games: int, seed: int
) -> tuple[str, list[dict]]:
    master = random.Random(seed * 31 + level * 2 + first)
    tasks = [(who, "robot", master.getrandbits(32), "solo", level, first) for _ in range(games)]
    out = _run(pool, tasks)
    wins = sum(r["winner"] == 0 for r in out)
    vp0 = sum(r["totals"][0] for r in out) / len(out)  # type: ignore[index]
    vp1 = sum(r["totals"][1] for r in out) / len(out)  # type: ignore[index]
    label = f"{who} vs robot {level}{'ab'[first]}"
    return _line(label, wins, 0, len(out), (vp0, vp1)), out


def timing(records: Iterable[dict]) -> list[str]:
    by: dict[str, tuple[list[float], list[float]]] = {}
    for r in records:
        for seat in (0, 1):
            ts, tot = by.setdefault(str(r["names"][seat]), ([], [0, 0.0]))
            ts.extend(r["times"][seat])
            tot[0] += r["iters"][seat]
            tot[1] += r["search_s"][seat]
    lines = []
    for name, (ts, (it, sec)) in sorted(by.items()):
        if not ts:
            continue
        lines.append(
            f"{name:<8} searched decisions {len(ts):>6}  mean {statistics.fmean(ts):.3f} s  "
            f"max {max(ts):.3f} s  playouts/s {it / max(sec, 1e-9):,.0f}"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games per pairing (even)")
    ap.add_argument("--solo-games", type=int, default=None, help="games per robot level")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--solo-ai", default="hard", help="the AI strength in the solo seat")
    ap.add_argument("--only", default="", help="comma list of pairings, 'solo', or A-B")
    args = ap.parse_args(argv)
    only = [x for x in args.only.split(",") if x] or [*DUELS, "solo"]
    plan: list[tuple[str, str] | None] = []  # in the order given; None: the solo levels
    for x in only:
        if x == "solo":
            plan.append(None)
        else:
            plan.append(DUELS.get(x) or tuple(x.split("~") if "~" in x else x.split("-")))
    solo_games = args.solo_games or args.games
    records: list[dict] = []
    start = time.perf_counter()
    print(f"bench/ai.py  games per pairing {args.games}, solo {solo_games}, seed {args.seed}")
    print(f"{'pairing (A vs B): A wins':<34} {'games':>5} {'A win':>7}  {'95% interval':>16}")
    with mp.get_context("fork").Pool(args.jobs) as pool:
        for pairing in plan:
            if pairing is not None:
                line, rec = duel(pool, pairing[0], pairing[1], args.games, args.seed)
                records += rec
                print(line, flush=True)
                for t in timing(rec):  # this pairing's thinking times, as they come
                    print(f"    {t}", file=sys.stderr, flush=True)
                continue
            for level in (1, 2, 3, 4):
                for first in (0, 1):
                    for who in (args.solo_ai, "greedy"):
                        line, rec = solo(pool, who, level, first, solo_games, args.seed)
                        records += rec
                        print(line, flush=True)
    print()
    print("seconds per searched decision (forced moves, answered without search, excluded):")
    for line in timing(records):
        print(line)
    print(f"\ntotal time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
