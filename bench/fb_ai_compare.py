"""Two players of bench/fb_ai.py compared on the games both played: the same player
count, seed and seat. Each one's win rate with its 95% Wilson interval, then the
paired difference of their scores with a 95% interval (normal approximation over
the per-game differences), headline last. A trial is judged this way against
``hard``'s games (README, "Family Business AI: tried and not kept").

A player is ``NAME`` or ``NAME@FILE``: its records in ``bench/results/FILE``
(default ``fb-ai.jsonl``); a name means different players in different files (the
old ``hard`` of ``fb-ai-hard-search.jsonl``), so the file is part of it. As in
bench/fb_ai.py, a game's first record counts and a cut-off line is skipped. Run::

    python bench/fb_ai_compare.py 4 lookahead-conf1-bp@fb-ai-belief.jsonl hard --seeds 1-40
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fb_ai import read_records  # noqa: E402

from engine.stats import wilson  # noqa: E402

RESULTS = ROOT / "bench" / "results"


def scores(spec: str, players: int, seeds: range, results: Path = RESULTS) -> dict:
    """``spec``'s score per (seed, seat) of its ``players``-player games in ``seeds``."""
    name, _, file = spec.partition("@")
    records = read_records(results / (file or "fb-ai.jsonl"))
    return {
        (seed, seat): rec["score"]
        for (n, who, seed, seat), rec in records.items()
        if n == players and who == name and seed in seeds
    }


def paired(a: dict, b: dict) -> tuple[int, float, float, float, float]:
    """Games both played, each one's mean score, the mean difference and its 95% half-width."""
    both = sorted(a.keys() & b.keys())
    k = len(both)
    if k == 0:
        return 0, 0.0, 0.0, 0.0, math.inf
    diffs = [a[g] - b[g] for g in both]
    mean = sum(diffs) / k
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1) if k > 1 else math.inf
    return (
        k,
        sum(a[g] for g in both) / k,
        sum(b[g] for g in both) / k,
        mean,
        1.96 * math.sqrt(var / k),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="two fb_ai players on the same games")
    parser.add_argument("players", type=int, choices=range(2, 7))
    parser.add_argument("a", help="NAME or NAME@FILE (in bench/results)")
    parser.add_argument("b", help="NAME or NAME@FILE (in bench/results)")
    parser.add_argument("--seeds", default="1-80", help="a range such as 1-40")
    args = parser.parse_args(argv)
    lo, _, hi = args.seeds.partition("-")
    if not (lo.isdigit() and (hi.isdigit() or not hi)) or int(hi or lo) < int(lo):
        parser.error(f"--seeds {args.seeds!r}: a range such as 1-40, the first seed first")
    seeds = range(int(lo), int(hi or lo) + 1)
    for spec in (args.a, args.b):
        file = RESULTS / (spec.partition("@")[2] or "fb-ai.jsonl")
        if not file.is_file():
            parser.error(f"{spec}: no records file {file.relative_to(ROOT)}")
    a = scores(args.a, args.players, seeds)
    b = scores(args.b, args.players, seeds)
    for spec, found in ((args.a, a), (args.b, b)):
        if not found:
            parser.error(f"{spec}: no {args.players}-player games on record in seeds {args.seeds}")
    k, mean_a, mean_b, diff, half = paired(a, b)
    for spec, mean in ((args.a, mean_a), (args.b, mean_b)):
        lo_, hi_ = wilson(mean * k, k)
        print(f"  {spec:<44} {k:4} games  {mean:6.1%}  95% [{lo_:.1%}, {hi_:.1%}]")
    print(
        f"HEADLINE: {args.players} players, seeds {seeds.start}-{seeds.stop - 1}, {k} games "
        f"both played: {args.a} minus {args.b} = {diff * 100:+.1f} points "
        f"(95% ±{half * 100:.1f})"
    )


if __name__ == "__main__":
    main()
