"""``famiglia``: play in the terminal or simulate policies, without Discord.

famiglia play [--level 3b] [--seed S] [--scores FILE]   you against the robot gangster
famiglia play --hotseat [--names Ann Bob]       two people at one keyboard
famiglia simulate --games N [--p0 P --p1 P | --solo --level L --first you|robot]

famiglia play --game family-business [--players 4] [--opponent hard]   you against bots
famiglia play --game family-business --players 3 --hotseat             people at one keyboard
famiglia simulate --game family-business --players 2..6 [--p0 hard --others bot]
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
from engine.family_business import commands as family_business
from engine.family_business.simulate import PLAYERS as FB_PLAYERS
from engine.family_business.terminal import OPPONENTS as FB_OPPONENTS

GAMES = ("famiglia", "family-business")


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
        prog="famiglia",
        description="Famiglia and Family Business in the terminal: play, or simulate policies.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="{play,simulate}")

    p = sub.add_parser("play", help="play a game in the terminal")
    p.add_argument("--game", choices=GAMES, default="famiglia", help="the game (famiglia)")
    p.add_argument("--players", type=int, help="Family Business: 2-6 players (4)")
    p.add_argument(
        "--opponent",
        choices=FB_OPPONENTS,
        help="Family Business: who plays the other seats, an AI strength or a policy (medium)",
    )
    p.add_argument(
        "--level",
        type=_level,
        help="robot level 1 (easiest) to 4 (hardest), with a (you start, default) or b "
        "(the robot starts), e.g. 3b; asked for when omitted in an interactive terminal",
    )
    p.add_argument(
        "--first", choices=("you", "robot"), help="who starts the solo game (overrides a/b)"
    )
    p.add_argument("--hotseat", action="store_true", help="people at one keyboard")
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
    s.add_argument("--game", choices=GAMES, default="famiglia", help="the game (famiglia)")
    s.add_argument("--games", type=_positive, default=1000, help="number of games (1000)")
    duel = ", ".join(DUEL_POLICIES)
    fb = ", ".join(FB_PLAYERS)
    s.add_argument("--p0", help=f"seat 0: Famiglia {duel} (greedy); Family Business {fb} (bot)")
    s.add_argument("--p1", help="seat 1, as --p0 (Famiglia: random; Family Business: --others)")
    for seat in range(2, 6):
        s.add_argument(f"--p{seat}", help=f"Family Business: seat {seat} (--others)")
    s.add_argument("--others", help="Family Business: the seats not named (bot)")
    s.add_argument("--players", type=int, help="Family Business: 2-6 players (4)")
    s.add_argument("--solo", action="store_true", help="seat 0 against the robot gangster")
    s.add_argument("--level", type=int, choices=(1, 2, 3, 4), help="robot level (3)")
    s.add_argument(
        "--first",
        choices=("you", "robot"),
        help="solo: who starts (you); duel: 'you' = seat 0 always starts, "
        "'robot' = seat 1 always starts; default alternates",
    )
    s.add_argument("--seed", type=int, default=1, help="seed of the whole run (1)")
    return parser


def _play(args: argparse.Namespace) -> int:
    if args.game == "family-business":
        return family_business.play_command(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.hotseat:
        if args.level is not None:
            print("famiglia play: --level is for games against the robot; ignored.")
        first = {"you": 0, "robot": 1}.get(args.first or "")
        names = args.names or ["Player 1", "Player 2"]  # two, checked with the arguments
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
    if args.game == "family-business":
        return family_business.simulate_command(args)
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


#: the options of one game only (``famiglia`` or ``family-business``), per command: given
#: for the other game they are refused, not silently ignored
ONLY_FOR = {
    ("play", "famiglia"): ("players", "opponent"),
    ("play", "family-business"): ("level", "first", "scores"),
    ("simulate", "famiglia"): ("players", "others", "p2", "p3", "p4", "p5"),
    ("simulate", "family-business"): ("solo", "level", "first"),
}


def _check_players(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The seat arguments depend on the game: check them once it is known."""
    wrong = [
        f"--{o}" for o in ONLY_FOR[args.command, args.game] if getattr(args, o) not in (None, False)
    ]
    if wrong:
        other = "famiglia" if args.game == "family-business" else "family-business"
        parser.error(f"{' and '.join(wrong)}: only for --game {other}")
    _check_names(parser, args)
    if args.game == "family-business":
        if args.players is not None and not 2 <= args.players <= 6:
            parser.error("Family Business takes 2 to 6 players")
        if args.command == "simulate":
            seats = [args.p0, args.p1, args.p2, args.p3, args.p4, args.p5, args.others]
            if any(p is not None and p not in FB_PLAYERS for p in seats):
                parser.error(f"Family Business players are {', '.join(FB_PLAYERS)}")
            named = [s for s in range(6) if getattr(args, f"p{s}") is not None]
            if named and max(named) >= (args.players or 4):
                parser.error(
                    f"--p{max(named)}: there are only {args.players or 4} seats (--players)"
                )
            args.others = args.others or "bot"
        return
    if args.command == "simulate":
        if args.solo and args.p1 is not None:
            parser.error("--p1: with --solo the other seat is the robot gangster (--level)")
        args.level = args.level or 3
        args.p0 = args.p0 or "greedy"
        args.p1 = args.p1 or "random"
        if args.p0 not in DUEL_POLICIES or args.p1 not in DUEL_POLICIES:
            parser.error(f"--p0 and --p1 are one of {', '.join(DUEL_POLICIES)}")


def _check_names(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--names``: none empty, and no more than there are people to name (with
    ``--hotseat`` one for each seat)."""
    names = getattr(args, "names", None)
    if not names:
        return
    if any(not name.strip() for name in names):
        parser.error("--names: a name cannot be empty")
    seats = (args.players or 4) if args.game == "family-business" else 2
    if args.hotseat and len(names) != seats:
        parser.error(f"--names: --hotseat needs {seats} names, one for each seat")
    if args.game == "famiglia" and not args.hotseat and len(names) != 1:
        parser.error("--names: one name, yours (the robot is the robot gangster)")
    if not args.hotseat and len(names) > seats:
        parser.error(f"--names: at most {seats} names, one for each seat")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _check_players(parser, args)
    if args.command == "play":
        return _play(args)
    try:
        return _simulate(args)
    except KeyboardInterrupt:  # Ctrl-C: the games played so far are not a result
        print("\nStopped: no figures for a run cut short.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
