"""Fit the weights of the search AI's win-chance model (engine.family_business.value).

Positions are taken at every fourth turn start of games between ``bot`` players
(2-6 players for fitting, held-out 2- and 4-player games, of those fitted, for
testing), each labelled with the game's winner (a draw shares the label). The weights
maximise the likelihood of the conditional logit (softmax over the live gangs), with a
small L2 penalty, by Adam in plain Python. Printed: the held-out log loss of the fitted
model, of the weights in the module now, of a uniform guess, and of the bot's
evaluation squashed to a chance (the value ``engine.family_business.ai`` used before);
then the weights, to paste into the module. Run::

    python bench/fb_value_fit.py [--games 150] [--steps 300] [--players 2 3 4 5 6]

``--players 2`` fits on 2-player games only: ``--games 2000`` gives weights close to
the 2-player trial's of bench/fb_ai_players.py (``TWO_PLAYER``, held-out 2-player log
loss 0.527 against the module's 0.560); its search played no better with them.
``--extra held`` adds the Mob Powers and Family Influences in each hand
(engine.family_business.value.held): with ``--players 2 --games 2000`` the weights of
the trial model ``HELD`` of bench/fb_ai_players.py, held-out 2-player log loss 0.463.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.family_business import GAME, FBOptions  # noqa: E402
from engine.family_business.policies import bot_policy, evaluate  # noqa: E402
from engine.family_business.state import PLAY, FBState  # noqa: E402
from engine.family_business.value import (  # noqa: E402
    FEATURES,
    WEIGHTS,
    Model,
    features,
    held,
    win_chance,
)

Sample = tuple[FBState, list[int], list[list[float]], list[float]]  # state, live, feats, target
#: the features the model may add to FEATURES, by option
EXTRAS: dict[str, tuple[Callable[[FBState, int], list[float]], tuple[str, ...]]] = {
    "held": (held, ("mob_power_held", "family_influence_held")),
}


def positions(
    ns: list[int], games: int, seed0: int, extra: Callable[[FBState, int], list[float]] | None
) -> list[Sample]:
    samples: list[Sample] = []
    for n in ns:
        for i in range(games):
            seed = seed0 + 1000 * n + i
            s = GAME.new(seed, FBOptions(seats=n))
            rng = random.Random(seed)
            snaps: list[FBState] = []
            starts = 0
            while not GAME.is_over(s):
                if s.phase == PLAY and s.card < 0:
                    starts += 1
                    if starts % 4 == 0:
                        snaps.append(s.copy())
                for g in GAME.awaiting(s):
                    GAME.apply_listed(s, bot_policy(s, g, rng), g)
            winners = list(GAME.outcome(s).winners)
            for t in snaps:
                live = [g for g in range(n) if t.live[g]]
                target = [1.0 / len(winners) if g in winners else 0.0 for g in live]
                if sum(target) > 0:
                    feats = [features(t, g) + (extra(t, g) if extra else []) for g in live]
                    samples.append((t, live, feats, target))
    return samples


def loss_and_grad(data: list[Sample], w: list[float], l2: float) -> tuple[float, list[float]]:
    grad = [0.0] * len(w)
    total = 0.0
    for _, _, feats, target in data:
        scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
        top = max(scores)
        ex = [math.exp(x - top) for x in scores]
        z = sum(ex)
        for f, e, t in zip(feats, ex, target, strict=True):
            p = e / z
            if t:
                total -= t * math.log(max(p, 1e-12))
            for j, fj in enumerate(f):
                grad[j] += (p - t) * fj
    n = len(data)
    return total / n + l2 * sum(x * x for x in w), [
        g / n + 2 * l2 * x for g, x in zip(grad, w, strict=True)
    ]


def fit(data: list[Sample], steps: int, l2: float = 1e-3) -> list[float]:
    d = len(data[0][2][0])
    w, m, v = [0.0] * d, [0.0] * d, [0.0] * d
    for t in range(1, steps + 1):
        _, g = loss_and_grad(data, w, l2)
        for j in range(d):
            m[j] = 0.9 * m[j] + 0.1 * g[j]
            v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j]
            w[j] -= 0.05 * (m[j] / (1 - 0.9**t)) / (math.sqrt(v[j] / (1 - 0.999**t)) + 1e-8)
    return w


def log_loss(data: list[Sample], chance: Callable[[FBState, int], float]) -> float:
    total = 0.0
    for s, live, _, target in data:
        for g, t in zip(live, target, strict=True):
            if t:
                total -= t * math.log(max(chance(s, g), 1e-9))
    return total / len(data)


def squashed(s: FBState, seat: int) -> float:
    """The value the search used before: the bot's evaluation through a logistic."""
    x = max(-40.0, min(40.0, evaluate(s, seat) / 0.7))
    return 1.0 / (1.0 + math.exp(-x))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="fit the AI's win-chance model")
    parser.add_argument("--games", type=int, default=150, help="fitting games per player count")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument(
        "--players", type=int, nargs="+", default=[2, 3, 4, 5, 6], help="seats of the fitting games"
    )
    parser.add_argument(
        "--extra",
        choices=sorted(EXTRAS),
        help="also these features (held: the counters in each hand, a 2-player trial)",
    )
    args = parser.parse_args(argv)
    extra, names = EXTRAS[args.extra] if args.extra else (None, ())
    start = time.perf_counter()
    train = positions(args.players, args.games, 0, extra)
    tests = tuple(n for n in (2, 4) if n in args.players) or (2, 4)
    held_out = {n: positions([n], args.games // 2, 500_000, extra) for n in tests}
    print(
        f"positions: {len(train)} for fitting, "
        + ", ".join(f"{len(v)} held out with {n} players" for n, v in held_out.items())
    )
    w = fit(train, args.steps)
    fitted = tuple(round(x, 3) for x in w)
    heads = []
    model = Model(fitted, extra)
    for n, data in held_out.items():
        figures = {
            "fitted": log_loss(data, lambda s, g: win_chance(s, g, model)),
            "module": log_loss(data, win_chance),
            "uniform": log_loss(data, lambda s, g: 1.0 / sum(s.live)),
            "bot evaluation squashed": log_loss(data, squashed),
        }
        print(f"{n} players, held-out log loss (lower is better):")
        for name, x in figures.items():
            print(f"  {name:<26} {x:.4f}")
        heads.append(
            f"{n}p fitted {figures['fitted']:.3f} vs uniform {figures['uniform']:.3f}"
            f" vs squashed evaluation {figures['bot evaluation squashed']:.3f}"
        )
    print("weights:")
    for name, x in zip(FEATURES + names, fitted, strict=True):
        print(f"  {name:<28} {x:+.3f}")
    print(f"module weights now: {WEIGHTS}")
    print(f"total time {time.perf_counter() - start:.0f} s")
    print("HEADLINE: held-out log loss " + "; ".join(heads))


if __name__ == "__main__":
    main()
