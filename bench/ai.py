"""AI benchmark (issue 6): win rates with 95% intervals, mean VP, thinking time.

    python bench/ai.py                      # every pairing, 400 games each (slow: hours)
    python bench/ai.py --games 100 --jobs 2
    python bench/ai.py --only hard-greedy,solo --solo-ai hard     # in the order given
    python bench/ai.py --report             # the table from the records, playing nothing

Duels use paired seeds with the seats swapped: game seed s is played once with A in
seat 0 and once with A in seat 1 (the starting seat comes from the seed, so each side
starts once). Solo games put a player in seat 0 against the robot gangster at levels 1-4,
"a" (you start) and "b" (the robot starts), the AI and the greedy baseline on the same
seeds. Players are ``random``, ``greedy``, ``easy``, ``medium``, ``hard`` or a custom
search ``mcts:<iterations>:<rollout>:<reward>[:<horizon>[:<anchor>]]``.
Timings are wall-clock on a shared machine; the time caps of the strengths apply.
The solo seat is played by ``medium`` unless ``--solo-ai`` says otherwise: the bar asks
the AI to beat the greedy baseline's record against the robot, which medium does, and
hard there would cost about 16 more core-hours at 400 games per level.

Resuming. The full run takes hours (about 8 on a 2-core machine), longer than a working
session, so every finished game is appended at once (flushed and synced) as one JSON
line to ``--records`` (default ``bench/results/ai-seed<seed>.jsonl``, kept in the repo):
the game's key (mode, the players in seat order, game seed, solo level and first), its
result, the searching seats' decision times, and provenance (date, CPUs, Python,
commit). A run first reads that file and plays only the games it lacks; the table is
computed from the records alone, so running the same command again plays nothing and
prints the same table. The seed lists grow by prefix, so a larger ``--games`` reuses a
smaller run's games. A run that is killed loses only the games in flight (a cut-off last
line is skipped on reading); Ctrl-C or SIGTERM stops it and prints the table so far.
Commit the records file before a session ends; the next session's run (the same
command) continues it. ``--interleave`` plays the pairings round-robin, two games at a
time, so that a partial run has some games of every pairing. ``--report`` only reads
the records: a pairing with games missing shows its rate over the recorded games,
marked "(212 of 400)", and the time the missing games should take is estimated.
The last line, HEADLINE, sums up the bars: hard's win rates against random, greedy and
medium and medium's against easy, at how many robot levels the solo AI wins more often
than greedy, and hard's slowest searched decision.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import signal
import statistics
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.append(str(Path(__file__).resolve().parent))  # after the root: bench/engine.py

from airecords import Key, RecordFile, key_of, read_records
from aitable import Row, duel_row, headline, line, solo_row, timing, timing_stats, unique

from engine.famiglia.ai import STRENGTHS, AiPolicy
from engine.famiglia.ai.mcts import Budget, search
from engine.famiglia.scoring import result
from engine.famiglia.simulate import get_policy
from engine.famiglia.state import GameState

ROOT = Path(__file__).resolve().parent.parent

DUELS = {
    "hard-random": ("hard", "random"),
    "hard-greedy": ("hard", "greedy"),
    "hard-medium": ("hard", "medium"),
    "medium-easy": ("medium", "easy"),
    "hard-easy": ("hard", "easy"),
}


#: A game's identity in the records: (mode, seat-0 player, seat-1 player, game seed,
#: solo level, solo first); level and first are None in duels.


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


def play(task: Key) -> dict[str, object]:
    """One game: its key, result and the searching seats' decision times, as recorded
    (times rounded to 0.1 ms: the table is computed from the records alone)."""
    mode, a, b, seed, level, first = task
    started = time.perf_counter()
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
            times[state.current].append(round(dt, 4))
            iters[state.current] += last.iterations
            search_s[state.current] += last.seconds
        state.apply_key(key)
    r = result(state)
    return {
        "mode": mode,
        "players": [a, b],
        "seed": seed,
        "level": level,
        "first": first,
        "winner": r.winner,
        "totals": list(r.totals),
        "times": times,
        "iters": iters,
        "search_s": [round(s, 4) for s in search_s],
        "wall_s": round(time.perf_counter() - started, 3),
    }


def _order(rows: list[Row], interleave: bool, have: dict[Key, dict]) -> list[Key]:
    """The games to play: the rows' missing games, row after row or round-robin."""
    missing = [unique(k for k, _ in row.games if k not in have) for row in rows]
    if not interleave:
        return unique(k for keys in missing for k in keys)
    out: list[Key] = []
    for i in range(0, max(map(len, missing), default=0), 2):
        for keys in missing:
            out.extend(keys[i : i + 2])
    return unique(out)


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the pool
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _play_all(todo: list[Key], jobs: int, out: RecordFile) -> Iterator[tuple[int, dict]]:
    """Play ``todo``, append each game to ``out`` as it finishes, and yield it."""
    if jobs <= 1:
        for i, task in enumerate(todo, 1):
            rec = play(task)
            out.append(rec)
            yield i, rec
        return
    with mp.get_context("fork").Pool(jobs, initializer=_worker_init) as pool:
        for i, rec in enumerate(pool.imap_unordered(play, todo, chunksize=1), 1):
            out.append(rec)
            yield i, rec


def _progress(rows: list[Row], todo: list[Key], out: RecordFile, jobs: int) -> bool:
    """Play the missing games with progress on stderr; False if interrupted."""
    rows_of: dict[Key, list[Row]] = {}
    for row in rows:
        for k in unique(k for k, _ in row.games):
            rows_of.setdefault(k, []).append(row)
    old = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    for sig, handler in old.items():
        if handler is not signal.SIG_IGN:  # a run in the background ignores Ctrl-C
            signal.signal(sig, out.stop)
    games = _play_all(todo, jobs, out)
    try:
        for i, rec in games:
            for row in rows_of.get(key_of(rec), []):
                got = len(row.recorded(out.records))
                if got == len(row.games):  # this pairing is complete: its line, as it comes
                    print(f"  {line(row, out.records)}", file=sys.stderr, flush=True)
                    recs = [r for r, _ in row.recorded(out.records)]
                    for t in timing(_unique_records(recs)):
                        print(f"      {t}", file=sys.stderr, flush=True)
                elif i % 20 == 0:
                    print(
                        f"  ... {i}/{len(todo)} games played; {row.label}: "
                        f"{got}/{len(row.games)} recorded",
                        file=sys.stderr,
                        flush=True,
                    )
    except KeyboardInterrupt:
        return False
    finally:
        games.close()  # stops the pool
        for sig, handler in old.items():
            signal.signal(sig, handler)
    return True


def _unique_records(recs: Iterable[dict]) -> list[dict]:
    return list({key_of(r): r for r in recs}.values())


def _estimate(rows: list[Row], records: dict[Key, dict], jobs: int) -> str | None:
    """The time the missing games should take, from the wall time of the recorded games
    of their pairing (none for a pairing without recorded games)."""
    missing = {k: row for row in rows for k, _ in row.games if k not in records}
    if not missing:
        return None
    mean: dict[int, float] = {}
    for row in rows:
        walls = [r["wall_s"] for r, _ in row.recorded(records) if "wall_s" in r]
        if walls:
            mean[id(row)] = statistics.fmean(walls)
    timed = [mean[id(row)] for row in missing.values() if id(row) in mean]
    if not timed:
        return f"missing {len(missing)} games"
    hours = sum(timed) / max(jobs, 1) / 3600
    rest = "" if len(timed) == len(missing) else f" for {len(timed)} of them (others untimed)"
    return f"missing {len(missing)} games: about {hours:.1f} h at {max(jobs, 1)} jobs{rest}"


def _rows(args: argparse.Namespace, solo_games: int) -> list[Row]:
    """The pairings asked for with --only, in the order given."""
    only = [x for x in args.only.split(",") if x] or [*DUELS, "solo"]
    rows: list[Row] = []
    for x in only:
        if x == "solo":
            for level in (1, 2, 3, 4):
                for first in (0, 1):
                    for who in (args.solo_ai, "greedy"):
                        rows.append(solo_row(who, level, first, solo_games, args.seed))
            continue
        a, b = DUELS.get(x) or tuple(x.split("~") if "~" in x else x.split("-"))
        rows.append(duel_row(a, b, args.games, args.seed))
    return rows


def _play(
    rows: list[Row], path: Path, args: argparse.Namespace
) -> tuple[dict[Key, dict], int, bool]:
    """Play the games of ``rows`` not yet in the records at ``path``: all the records,
    the unreadable lines skipped, and whether every game was played."""
    out = RecordFile(path)
    try:
        todo = _order(rows, args.interleave, out.records)
        print(
            f"{path}: {len(out.records)} games recorded, {len(todo)} to play",
            file=sys.stderr,
            flush=True,
        )
        complete = _progress(rows, todo, out, args.jobs)
    finally:
        out.close()
    if not complete:
        print(f"interrupted: the games so far are in {path}", file=sys.stderr, flush=True)
    return out.records, out.bad, complete


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games per pairing (even)")
    ap.add_argument("--solo-games", type=int, default=None, help="games per robot level")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--solo-ai", default="medium", help="the AI strength in the solo seat")
    ap.add_argument("--only", default="", help="comma list of pairings, 'solo', or A-B")
    ap.add_argument(
        "--records",
        type=Path,
        default=None,
        help="JSON lines of finished games, read and extended "
        "(default bench/results/ai-seed<seed>.jsonl)",
    )
    ap.add_argument("--report", action="store_true", help="only print the recorded games")
    ap.add_argument(
        "--interleave", action="store_true", help="play the pairings round-robin, 2 games each"
    )
    args = ap.parse_args(argv)
    path: Path = args.records or ROOT / "bench" / "results" / f"ai-seed{args.seed}.jsonl"
    solo_games = args.solo_games or args.games
    rows = _rows(args, solo_games)
    start = time.perf_counter()
    complete = True
    if args.report:
        records, bad = read_records(path)
    else:
        records, bad, complete = _play(rows, path, args)
    if bad:
        print(f"skipped {bad} unreadable line(s) of {path}", file=sys.stderr)
    wanted = unique(k for row in rows for k, _ in row.games)
    used = [records[k] for k in wanted if k in records]
    print(f"bench/ai.py  games per pairing {args.games}, solo {solo_games}, seed {args.seed}")
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    print(f"records {shown}: {len(used)} of the {len(wanted)} games wanted")
    print(f"{'pairing (A vs B): A wins':<34} {'games':>5} {'A win':>7}  {'95% interval':>16}")
    for row in rows:
        print(line(row, records))
    print()
    print("seconds per searched decision (forced moves, answered without search, excluded):")
    for t in timing(used):
        print(t)
    print()
    estimate = _estimate(rows, records, args.jobs)
    if estimate:
        print(estimate)
    if args.report:
        played = sum(r["wall_s"] for r in used if "wall_s" in r)
        print(f"play time held in the records {played / 3600:.1f} h (summed over games)")
    else:
        print(f"total time {time.perf_counter() - start:.0f} s")
    print(headline(rows, records, timing_stats(used)))
    if not complete:
        raise SystemExit(130)


if __name__ == "__main__":
    main()
