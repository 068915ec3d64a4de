"""Engine benchmark: complete games per second on one core, decisions per game, and the
size of a finished game's JSON. Run: ``python bench/engine.py [GAMES]`` (default 2000).

* random         uniform over the legal actions (often ends early: two passes in a row)
* eager          uniform over the legal actions, passing only when forced (full games)
* solo           the robot gangster (level 3) against a uniformly random player

Each is timed through the public model API (``legal_actions()`` + ``apply()``) and
through the key-level fast path (``legal_keys()`` + ``apply_key()``). Rates are per
second of this process's CPU time (one core), so other load on the machine does not
distort them; the wall-clock rate is shown alongside. The headline,
random games per second through ``legal_actions`` + ``apply``, is printed last.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
# This file is called engine.py: keep its own folder off the path so that
# ``import engine`` finds the package, not this script.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(ROOT))

from engine.famiglia import new_game  # noqa: E402
from engine.famiglia.codes import Op  # noqa: E402

PASS = int(Op.PASS)


def play_models(seed: int, rng: random.Random, eager: bool, solo: bool) -> tuple[int, int, int]:
    """One game through legal_actions() + apply(). Returns (decisions, turns, JSON bytes)."""
    s = new_game(seed, mode="solo", level=3) if solo else new_game(seed)
    n = 0
    while not s.over:
        actions = s.legal_actions()
        if eager and len(actions) > 1 and actions[-1].type == "pass":
            action = actions[rng.randrange(len(actions) - 1)]
        else:
            action = rng.choice(actions)
        s.apply(action)
        n += 1
    return n, s.turns_done[0] + s.turns_done[1], len(s.to_json())


def play_keys(seed: int, rng: random.Random, eager: bool, solo: bool) -> tuple[int, int, int]:
    """One game through legal_keys() + apply_key()."""
    s = new_game(seed, mode="solo", level=3) if solo else new_game(seed)
    n = 0
    while not s.over:
        keys = s.legal_keys()
        if eager and len(keys) > 1 and keys[-1][0] == PASS:
            key = keys[rng.randrange(len(keys) - 1)]
        else:
            key = rng.choice(keys)
        s.apply_key(key)
        n += 1
    return n, s.turns_done[0] + s.turns_done[1], len(s.to_json())


def run(games: int, play: object, eager: bool = False, solo: bool = False) -> dict[str, float]:
    rng = random.Random(12345)
    decisions, turns, sizes = [], [], []
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        n, t, size = play(seed, rng, eager, solo)  # type: ignore[operator]
        decisions.append(n)
        turns.append(t)
        sizes.append(size)
    wall = time.perf_counter() - start
    elapsed = time.process_time() - cpu
    return {
        "games_per_s": games / elapsed,
        "wall_games_per_s": games / wall,
        "decisions": statistics.fmean(decisions),
        "turns": statistics.fmean(turns),
        "decisions_per_s": sum(decisions) / elapsed,
        "json_mean": statistics.fmean(sizes),
        "json_max": max(sizes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=2000, help="games per line")
    games = parser.parse_args().games
    run(50, play_models)  # warm-up: imports, interned action models
    print(
        f"Famiglia engine benchmark: {games} games per line, one core, "
        f"Python {sys.version.split()[0]}"
    )
    print()
    print(
        f"{'variant':<34} {'games/s':>8} {'(wall)':>7} {'decisions/s':>11} "
        f"{'decisions':>9} {'turns':>6}"
    )
    results = {}
    for name, play, eager, solo in (
        ("eager, legal_keys + apply_key", play_keys, True, False),
        ("eager, legal_actions + apply", play_models, True, False),
        ("solo robot vs random, keys", play_keys, False, True),
        ("solo robot vs random, actions", play_models, False, True),
        ("random, legal_keys + apply_key", play_keys, False, False),
        ("random, legal_actions + apply", play_models, False, False),
    ):
        r = results[name] = run(games, play, eager, solo)
        print(
            f"{name:<34} {r['games_per_s']:>8.0f} {r['wall_games_per_s']:>7.0f} "
            f"{r['decisions_per_s']:>11.0f} "
            f"{r['decisions']:>9.1f} {r['turns']:>6.1f}"
        )
    print()
    for name in (
        "eager, legal_keys + apply_key",
        "solo robot vs random, keys",
        "random, legal_keys + apply_key",
    ):
        r = results[name]
        print(
            f"finished game JSON ({name.split(',')[0]}): mean {r['json_mean']:.0f} bytes, "
            f"max {r['json_max']:.0f} bytes"
        )
    headline = results["random, legal_actions + apply"]["games_per_s"]
    print()
    print(
        f"HEADLINE: {headline:.0f} complete random two-player games/s (one core, CPU time) "
        "through legal_actions() + apply() (bar: 1500)"
    )


if __name__ == "__main__":
    main()
