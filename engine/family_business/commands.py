"""The ``famiglia`` command's Family Business parts: ``play --game family-business`` and
``simulate --game family-business`` (engine.cli parses, this runs)."""

from __future__ import annotations

import argparse
import random
import sys

from engine.family_business.simulate import PLAYERS, format_stats, simulate
from engine.family_business.terminal import OPPONENTS, play


def play_command(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    players = args.players or 4
    opponent = args.opponent or "medium"
    if opponent not in OPPONENTS:
        print(f"famiglia play: --opponent is one of {', '.join(OPPONENTS)}", file=sys.stderr)
        return 2
    if not 2 <= players <= 6:
        print("famiglia play: Family Business takes 2 to 6 players", file=sys.stderr)
        return 2
    return play(
        seed=seed,
        players=players,
        hotseat=args.hotseat,
        opponent=opponent,
        names=args.names,
        clear=args.hotseat and sys.stdout.isatty(),
    )


def simulate_command(args: argparse.Namespace) -> int:
    players = args.players or 4
    if not 2 <= players <= 6:
        print("famiglia simulate: Family Business takes 2 to 6 players", file=sys.stderr)
        return 2
    chosen = [args.p0 or "bot", args.p1 or args.others, args.p2, args.p3, args.p4, args.p5]
    seats = [p or args.others for p in chosen[:players]]
    bad = [p for p in seats if p not in PLAYERS]
    if bad:
        print(f"famiglia simulate: players are {', '.join(PLAYERS)}", file=sys.stderr)
        return 2
    print(format_stats(simulate(args.games, seats, seed=args.seed), args.seed))
    return 0
