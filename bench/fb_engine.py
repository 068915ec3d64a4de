"""Family Business engine benchmark: complete random games per second for 2, 4 and 6
players through the public protocol (``awaiting`` + ``legal_actions`` + ``apply``),
decisions and turns per game with their spread, and a long run that reports any game
that does not end.

Run: ``python bench/fb_engine.py [GAMES] [--million N]`` (default 400 games per player
count, 1,000,000 decisions in the long run). Rates are per second of this process's CPU
time (one core), so other load on the machine does not distort them. The rules have no
turn limit: a game still running after ``CAP`` decisions is reported with its seed as one
that did not end. The headline, 4-player random games per second, is printed last.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.family_business import GAME, FBOptions  # noqa: E402
from engine.family_business.simulate import spread  # noqa: E402

CAP = 100_000  # decisions; a random game averages a few hundred


def random_game(seed: int, n: int) -> tuple[int, int, bool]:
    """(decisions, turns, ended) of one uniformly random game through the protocol."""
    rng = random.Random(seed)
    state = GAME.new(seed, FBOptions(seats=n))
    decisions = 0
    while not GAME.is_over(state):
        if decisions >= CAP:
            return decisions, state.turn, False
        for seat in GAME.awaiting(state):
            GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)
            decisions += 1
    return decisions, state.turn, True


def per_players(games: int) -> float:
    headline = 0.0
    for n in (2, 4, 6):
        decisions, turns = [], []
        cpu = time.process_time()
        for i in range(games):
            d, t, ended = random_game(10_000 * n + i, n)
            if not ended:
                print(f"  {n} players: seed {10_000 * n + i} did not end within {CAP} decisions")
            decisions.append(d)
            turns.append(t)
        cpu = time.process_time() - cpu
        rate = games / cpu
        print(
            f"{n} players: {games} random games, {rate:.1f} games/s, "
            f"{sum(decisions) / cpu:,.0f} decisions/s (CPU)"
        )
        print(f"  decisions per game {sum(decisions) / games:.1f}: {spread(decisions)}")
        print(f"  turns per game {sum(turns) / games:.1f}: {spread(turns)}")
        if n == 4:
            headline = rate
    return headline


def million(total: int) -> None:
    """Random games over 2-6 players until ``total`` decisions; report any that does not end."""
    done = games = 0
    stuck: list[tuple[int, int]] = []
    longest = (0, 0, 0)
    cpu = time.process_time()
    seed = 1
    while done < total:
        n = 2 + seed % 5
        d, _, ended = random_game(seed, n)
        done += d
        games += 1
        if not ended:
            stuck.append((seed, n))
        longest = max(longest, (d, seed, n))
        seed += 1
    cpu = time.process_time() - cpu
    print(
        f"long run: {done:,} decisions in {games:,} random games over 2-6 players, {cpu:.1f} s CPU"
    )
    print(f"  longest game: {longest[0]} decisions (seed {longest[1]}, {longest[2]} players)")
    if stuck:
        for s, n in stuck:
            print(f"  did not end within {CAP} decisions: seed {s}, {n} players")
    else:
        print(f"  every game ended (none reached {CAP} decisions)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=400)
    parser.add_argument("--million", type=int, default=1_000_000, help="decisions in the long run")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    headline = per_players(args.games)
    if args.million:
        million(args.million)
    print(f"total time {time.perf_counter() - start:.1f} s")
    print(f"HEADLINE: {headline:.1f} complete random 4-player games per second (one core)")


if __name__ == "__main__":
    main()
