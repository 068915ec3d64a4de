"""Family Business search AI against the rule-based bot: the bars of the issue.

* 4 players: the AI in one seat against three ``bot`` players (bar: wins >= 45%;
  a seat's fair share is 25%);
* 2 players: the AI against one ``bot`` (bar: wins >= 75%);
* time: every AI decision at most 1.5 s (the strengths' time caps keep it under);
  printed with the median, the 99th percentile and the machine's load average.

Seeds are paired and seats rotated: each seed is played once with the AI in every seat,
and once more with a ``bot`` in that seat instead (the control, whose fair share shows
what the seat and the deal give). A shared win (a draw, RULING R20) counts 1/k. Win
rates carry 95% Wilson intervals.

Every finished game is appended to a records file (one JSON line, synced) and a later
run resumes from it, so a run cut short continues where it stopped and prints the same
table as a run in one go. Run::

    python bench/fb_ai.py [--seeds4 25] [--seeds2 50] [--first 1] [--strength hard] [--jobs 2]

(``--first 401 --seeds4 100 --seeds2 0``: the 4-player seeds 401-500 only.) The players
``--strength`` may name (the strengths, the trial plans and beliefs) are in
bench/fb_ai_players.py.

The headline (both bars and the slowest decision) is printed last.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fb_ai_players import (  # noqa: E402
    BELIEFS,
    CANDIDATES,
    ORACLE,
    SEARCHES,
    SEER,
    TRIAL_BELIEFS,
    Oracle,
    PileBelief,
    Seer,
    belief_kind,
    decision,
)

from engine.family_business import GAME, FBOptions  # noqa: E402
from engine.family_business.belief import Belief, apply  # noqa: E402
from engine.family_business.policies import bot_policy  # noqa: E402
from engine.stats import wilson  # noqa: E402

RECORDS = ROOT / "bench" / "results" / "fb-ai.jsonl"
BARS = {4: 0.45, 2: 0.75}
TIME_BAR = 1.5

Key = tuple[int, str, int, int]  # players, player in the tested seat, seed, seat


def play(job: tuple[int, str, int, int]) -> dict:
    """One game: ``player`` (an AI strength or "bot") in ``seat``, bots elsewhere."""
    n, player, seed, seat = job
    state = GAME.new(seed, FBOptions(seats=n, first=0))
    rng = random.Random(seed * 10 + seat)
    times: list[float] = []
    iters: list[int] = []
    kind = belief_kind(player)[1]
    belief: Belief | None = None
    if player.endswith((ORACLE, SEER)):  # their kind says they read nothing from the play
        belief = Seer(state, seat) if player.endswith(SEER) else Oracle(state, seat)
    elif trial := next((b for s, b in TRIAL_BELIEFS.items() if player.endswith(s)), None):
        belief = trial(state, seat)
    elif kind is not None:
        belief = Belief(state, seat, kind[1], kind[2])
    watching = kind is not None and kind[0]
    while not GAME.is_over(state):
        for g in GAME.awaiting(state):
            if g == seat and player != "bot":
                action, seconds, iterations = decision(player, state, g, rng, belief)
                times.append(seconds)
                iters.append(iterations)
            else:
                action = bot_policy(state, g, rng)
            if isinstance(belief, PileBelief):
                belief.watch(state, action, g)
            elif watching and belief is not None:
                apply(belief, state, action, g)
            else:
                GAME.apply(state, action, g)
    winners = list(GAME.outcome(state).winners)
    return {
        "players": n,
        "player": player,
        "seed": seed,
        "seat": seat,
        "winners": winners,
        "score": (1 / len(winners)) if seat in winners else 0.0,
        "turns": state.turn,
        "decisions": len(times),
        "max_s": max(times, default=0.0),
        "sum_s": sum(times),
        "over_bar": sum(t > TIME_BAR for t in times),
        "iters": sum(iters),
        "ms": [round(t * 1000) for t in times],  # every decision, for the percentiles
        "load": round(os.getloadavg()[0], 2),  # the machine's load when the game ended
    }


def key_of(rec: dict) -> Key:
    return (rec["players"], rec["player"], rec["seed"], rec["seat"])


def read_records(path: Path) -> dict[Key, dict]:
    records: dict[Key, dict] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
                records.setdefault(key_of(rec), rec)
            except (ValueError, KeyError, TypeError):
                continue  # a line cut off by a kill
    return records


def append(path: Path, rec: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        f.write(json.dumps(rec) + "\n")
        f.flush()
        os.fsync(f.fileno())


def table(records: dict[Key, dict], n: int, player: str, seeds: range) -> tuple[str, float, float]:
    """Lines for one bar and the AI's rate and interval."""
    lines = []
    rates = {}
    for who in (player, "bot"):
        recs = [
            records[k] for s in seeds for seat in range(n) if (k := (n, who, s, seat)) in records
        ]
        k = sum(r["score"] for r in recs)
        lo, hi = wilson(k, len(recs))
        rates[who] = (k / max(len(recs), 1), lo, hi)
        label = f"{who} in the tested seat" + (" (control)" if who == "bot" else "")
        lines.append(
            f"  {label:<32} {len(recs):4} games  wins {k:6.1f} = {k / max(len(recs), 1):6.1%}"
            f"  95% [{lo:.1%}, {hi:.1%}]"
        )
        if who != "bot" and recs:
            dec = sum(r["decisions"] for r in recs)
            ms = sorted(t for r in recs for t in r.get("ms", ()))
            p50, p99 = (ms[len(ms) * q // 100] / 1000 for q in (50, 99)) if ms else (0, 0)
            pct = f"p50 {p50:.3f} s, p99 {p99:.3f} s, " if ms else ""
            loads = [r["load"] for r in recs if "load" in r]
            lines.append(
                f"  {'':<32} decisions {dec}, mean {sum(r['sum_s'] for r in recs) / dec:.3f} s, "
                f"{pct}max {max(r['max_s'] for r in recs):.3f} s, over {TIME_BAR} s: "
                f"{sum(r['over_bar'] for r in recs)}, iterations/decision "
                f"{sum(r['iters'] for r in recs) / dec:.0f}"
            )
            if loads:
                lines.append(
                    f"  {'':<32} machine load average (1 min) at the games' ends: "
                    f"mean {sum(loads) / len(loads):.1f}, max {max(loads):.1f}"
                )
    _rate, lo, hi = rates[player]
    return "\n".join(lines), lo, hi


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Family Business AI against the bot")
    parser.add_argument("--seeds4", type=int, default=25, help="4-player seeds (x4 seats)")
    parser.add_argument("--seeds2", type=int, default=50, help="2-player seeds (x2 seats)")
    parser.add_argument(
        "--strength",
        default="hard",
        metavar="PLAYER",
        help="easy, medium, hard (the default) or a trial of bench/fb_ai_players.py, a plan"
        " then a belief, e.g. lookahead-2p-bot (the README's table names each)",
        choices=[
            f"{p}{b}"
            for p in ("easy", "medium", "hard", *CANDIDATES, *SEARCHES)
            for b in ("", *BELIEFS, ORACLE, SEER, *TRIAL_BELIEFS)
        ],
    )
    parser.add_argument(
        "--first", type=int, default=1, help="the first seed (fresh seeds for a comparison)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--records", type=Path, default=RECORDS)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    records = read_records(args.records)
    first = args.first
    plan = {4: range(first, first + args.seeds4), 2: range(first, first + args.seeds2)}
    jobs = [
        (n, who, seed, seat)
        for n, seeds in plan.items()
        for seed in seeds
        for seat in range(n)
        for who in (args.strength, "bot")
        if (n, who, seed, seat) not in records
    ]
    print(f"{len(records)} games on record, {len(jobs)} to play", flush=True)
    with Pool(args.jobs) as pool:
        for rec in pool.imap_unordered(play, jobs):
            append(args.records, rec)
            records[key_of(rec)] = rec
    heads = []
    worst = max((r["max_s"] for r in records.values() if r["player"] == args.strength), default=0)
    for n, seeds in plan.items():
        if not seeds:  # --seeds4 0 or --seeds2 0: that table is not asked for
            continue
        text, lo, hi = table(records, n, args.strength, seeds)
        recs = [
            records[(n, args.strength, s, seat)]
            for s in seeds
            for seat in range(n)
            if (n, args.strength, s, seat) in records
        ]
        rate = sum(r["score"] for r in recs) / max(len(recs), 1)
        met = "met" if rate >= BARS[n] else "NOT met"
        print(f"{n} players, {args.strength} against {n - 1} bot(s), bar {BARS[n]:.0%}: {met}")
        print(text)
        heads.append(f"{n}p {rate:.1%} [{lo:.1%}, {hi:.1%}] (bar {BARS[n]:.0%}, {met})")
    print(f"total time {time.perf_counter() - start:.1f} s")
    print(
        f"HEADLINE: {args.strength} wins "
        + "; ".join(heads)
        + f"; slowest decision {worst:.2f} s (bar {TIME_BAR} s)"
    )


if __name__ == "__main__":
    main()
