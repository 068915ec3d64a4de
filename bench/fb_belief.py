"""How right is ``hard``'s belief (engine.family_business.belief) about the bot's hand?

The tuned player (seat 0 in turn with the bot's seats, engine.family_business.tuned)
plays against the rule-based bot while a belief for its seat reads the public play, as
``hard``'s does. At the start of each of its turns the belief is checked against the
hands as they are:

* whether every bot's true hand fits the belief's exclusions (a card for each slot that
  the slot may be; a misread hand would deal no determinization like the truth), and
  whether the belief still reads each bot as the bot;
* calibration: over ``--deals`` of its determinizations, the share that deal a bot Mob
  Power or Family Influence (the counters a targeted bot plays), against how often
  that bot holds one; by buckets of the prediction.

``--fair`` checks the trial belief of bench/fb_ai_players.py (``FairBelief``: each constrained
slot dealt uniformly from the cards it may be) instead of ``hard``'s.

Run: ``python bench/fb_belief.py [--players 2] [--games 300] [--caution 3]`` (about 10 s
for 300 two-player games). The headline, the mean prediction against the truth, is
printed last.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fb_ai_players import FairBelief  # noqa: E402

from engine.family_business import GAME, FBOptions  # noqa: E402
from engine.family_business import cards as C  # noqa: E402
from engine.family_business.belief import CAUTION, Belief, apply  # noqa: E402
from engine.family_business.policies import bot_policy  # noqa: E402
from engine.family_business.state import PLAY, FBState  # noqa: E402
from engine.family_business.tuned import act, weights_for  # noqa: E402

#: the counters a bot plays when its own gang is targeted
TARGETED: frozenset[int] = frozenset((C.MOB_POWER, C.FAMILY_INFLUENCE))
BUCKETS = 5


def fits(masks: list[int], hand: list[int]) -> bool:
    """Whether ``hand`` can be laid on the slots so that no slot holds a kind it
    excludes (a bipartite matching; a hand holds at most a few cards)."""
    if len(masks) != len(hand):
        return False
    slot_of: list[int] = [-1] * len(masks)

    def place(i: int, seen: list[bool]) -> bool:
        for j, m in enumerate(masks):
            if not m >> hand[i] & 1 and not seen[j]:
                seen[j] = True
                if slot_of[j] < 0 or place(slot_of[j], seen):
                    slot_of[j] = i
                    return True
        return False

    return all(place(i, [False] * len(masks)) for i in range(len(hand)))


class Tally:
    """The checks over all turns."""

    def __init__(self) -> None:
        self.turns = 0
        self.misfits = 0
        self.unread = 0  # bots no longer read as the bot
        self.buckets = [[0, 0.0, 0] for _ in range(BUCKETS)]  # count, predicted, held

    def check(self, s: FBState, belief: Belief, deals: int, rng: random.Random) -> None:
        self.turns += 1
        bots = [g for g in range(1, s.n) if s.live[g]]
        hits = dict.fromkeys(bots, 0)
        for _ in range(deals):
            d = belief.determinize(s, 0, rng)
            for g in bots:
                hits[g] += any(c in TARGETED for c in d.hands[g])
        for g in bots:
            self.misfits += not fits(belief.slots[g], s.hands[g])
            self.unread += not belief.bots[g]
            p = hits[g] / deals
            row = self.buckets[min(int(p * BUCKETS), BUCKETS - 1)]
            row[0] += 1
            row[1] += p
            row[2] += any(c in TARGETED for c in s.hands[g])


def game(seed: int, n: int, caution: float, deals: int, tally: Tally, fair: bool) -> None:
    s = GAME.new(seed, FBOptions(seats=n, first=seed % n))
    rng = random.Random(seed)
    belief = (FairBelief if fair else Belief)(s, 0, caution)
    w = weights_for(n)
    while not GAME.is_over(s):
        for g in GAME.awaiting(s):
            if g == 0 and s.phase == PLAY and s.card < 0:
                tally.check(s, belief, deals, rng)
            apply(belief, s, act(s, g, w) if g == 0 else bot_policy(s, g, rng), g)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the belief against the bot's true hands")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--caution", type=float, default=CAUTION)
    parser.add_argument("--deals", type=int, default=40, help="determinizations a check")
    parser.add_argument("--first", type=int, default=7001, help="the first seed")
    parser.add_argument(
        "--fair", action="store_true", help="the trial's belief (bench/fb_ai_players.py FairBelief)"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tally = Tally()
    for seed in range(args.first, args.first + args.games):
        game(seed, args.players, args.caution, args.deals, tally, args.fair)
    looks = sum(row[0] for row in tally.buckets)
    name = f"the {'fair ' if args.fair else ''}belief (caution {args.caution:g})"
    print(
        f"{args.games} games, {args.players} players, {name}: "
        f"{tally.turns} turns of the tuned player, {looks} looks at a bot's hand"
    )
    print(f"  true hand outside the belief's exclusions: {tally.misfits}")
    print(f"  bots no longer read as the bot: {tally.unread}")
    print("  deals holding Mob Power or Family Influence, against the hand as it is:")
    for i, (count, predicted, held) in enumerate(tally.buckets):
        if count:
            print(
                f"    predicted {i / BUCKETS:.0%}-{(i + 1) / BUCKETS:.0%}: {count:5d} looks, "
                f"mean {predicted / count:.2f}, held {held / count:.2f}"
            )
    predicted = sum(row[1] for row in tally.buckets) / max(looks, 1)
    held = sum(row[2] for row in tally.buckets) / max(looks, 1)
    print(f"total time {time.perf_counter() - start:.1f} s")
    print(
        f"HEADLINE: {name} deals a bot Mob Power or Family "
        f"Influence in {predicted:.0%} of its deals; the bot holds one {held:.0%} of the "
        f"time; {tally.misfits} misread hands in {looks} looks"
    )


if __name__ == "__main__":
    main()
