"""``famiglia``: play in the terminal or simulate policies, without Discord.

famiglia play [--level 3b] [--seed S] [--scores FILE]   you against the robot gangster
famiglia play --hotseat [--names Ann Bob]       two people at one keyboard
famiglia simulate --games N [--p0 P --p1 P | --solo --level L --first you|robot]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.famiglia.simulate import DUEL_POLICIES, format_stats, simulate
from engine.famiglia.solo_bests import SoloBests, default_path
from engine.famiglia.terminal import Quit, ask_level, parse_level, play


def _level(text: str) -> tuple[int, int]:
    try:
        return parse_level(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="famiglia", description="Famiglia in the terminal: play, or simulate policies."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="{play,simulate}")

    p = sub.add_parser("play", help="play a game in the terminal")
    p.add_argument(
        "--level",
        type=_level,
        help="robot level 1 (easiest) to 4 (hardest), with a (you start, default) or b "
        "(the robot starts), e.g. 3b; asked for when omitted in an interactive terminal",
    )
    p.add_argument(
        "--first", choices=("you", "robot"), help="who starts the solo game (overrides a/b)"
    )
    p.add_argument("--hotseat", action="store_true", help="two players at one keyboard")
    p.add_argument("--names", nargs="+", metavar="NAME", help="player name(s)")
    p.add_argument("--seed", type=int, help="game seed (random when omitted)")
    p.add_argument(
        "--scores",
        type=Path,
        metavar="FILE",
        help="where solo bests are kept (default: $FAMIGLIA_SCORES, else "
        "~/.local/share/famiglia/solo-bests.json)",
    )

    s = sub.add_parser("simulate", help="play many games between automatic policies")
    s.add_argument("--games", type=_positive, default=1000, help="number of games (1000)")
    s.add_argument("--p0", choices=DUEL_POLICIES, default="greedy", help="seat 0 policy (greedy)")
    s.add_argument("--p1", choices=DUEL_POLICIES, default="random", help="seat 1 policy (random)")
    s.add_argument("--solo", action="store_true", help="seat 0 against the robot gangster")
    s.add_argument("--level", type=int, choices=(1, 2, 3, 4), default=3, help="robot level (3)")
    s.add_argument(
        "--first",
        choices=("you", "robot"),
        help="solo: who starts (you); duel: 'you' = seat 0 always starts, "
        "'robot' = seat 1 always starts; default alternates",
    )
    s.add_argument("--seed", type=int, default=1, help="seed of the whole run (1)")
    return parser


def _play(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.hotseat:
        if args.level is not None:
            print("famiglia play: --level is for games against the robot; ignored.")
        first = {"you": 0, "robot": 1}.get(args.first or "")
        names = args.names or ["Player 1", "Player 2"]
        if len(names) != 2:
            print("famiglia play: --hotseat needs two names", file=sys.stderr)
            return 2
        return play(seed=seed, hotseat=True, first=first, names=names, clear=sys.stdout.isatty())
    if args.level is not None:
        level, first = args.level
    elif sys.stdin.isatty():
        try:
            level, first = ask_level(input, print)
        except Quit:
            print("\nGoodbye!")
            return 0
    else:
        level, first = 3, 0
    if args.first:
        first = 0 if args.first == "you" else 1
    bests = SoloBests(args.scores or default_path())
    return play(seed=seed, level=level, first=first, names=args.names, bests=bests)


def _simulate(args: argparse.Namespace) -> int:
    first = None if args.first is None else (0 if args.first == "you" else 1)
    stats = simulate(
        args.games,
        args.p0,
        args.p1,
        seed=args.seed,
        solo=args.solo,
        level=args.level,
        first=first,
    )
    print(format_stats(stats, args.seed))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "play":
        return _play(args)
    return _simulate(args)


if __name__ == "__main__":
    sys.exit(main())
