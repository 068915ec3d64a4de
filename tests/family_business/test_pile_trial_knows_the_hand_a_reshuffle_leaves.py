"""The bench's trial belief that keeps what a reshuffle makes public (bench/fb_ai_players.py
``PileBelief``): the new draw pile is the discard pile everybody saw (RULING R5), so
with 2 players the other hand at that moment is every card neither in the own hand nor
in the pile, and the guessed deals keep it."""

from __future__ import annotations

import random
from collections import Counter

from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.belief import Belief, apply
from engine.family_business.policies import bot_policy
from engine.family_business.state import FBState
from tests.bench_scripts import load_bench

players = load_bench("fb_ai_players")
KNOWN = C.N_TYPES - 1  # a known slot excludes every kind but its card


def _after_a_reshuffle(seed: int, belief_of: type[Belief]) -> tuple[FBState, Belief] | None:
    """A 2-player bot game just after its first reshuffle (None: over before one) and
    seat 0's belief of it."""
    s = GAME.new(seed, FBOptions(seats=2, first=0))
    rng = random.Random(seed)
    belief = belief_of(s, 0)
    while not s.shuffles:
        if GAME.is_over(s):
            return None
        g = GAME.awaiting(s)[0]
        action = bot_policy(s, g, rng)
        if isinstance(belief, players.PileBelief):
            belief.watch(s, action, g)
        else:
            apply(belief, s, action, g)
    return s, belief


def _known(belief: Belief) -> Counter[int]:
    every = (1 << C.N_TYPES) - 1
    return Counter((every & ~m).bit_length() - 1 for m in belief.slots[1] if m.bit_count() == KNOWN)


def test_rule_r5_a_reshuffle_shows_the_other_hand_and_the_deals_keep_it():
    games = [
        (seed, g) for seed in range(1, 20) if (g := _after_a_reshuffle(seed, players.PileBelief))
    ]
    assert len(games) >= 3
    for seed, (s, pile) in games[:3]:
        known = _known(pile)
        assert known.total() >= 3 and known.total() <= len(s.hands[1])
        assert not known - Counter(s.hands[1])  # every known card is in the hand
        found = _after_a_reshuffle(seed, Belief)  # the same game
        assert found and found[0].hands == s.hands
        assert _known(found[1]).total() == 0  # hard's belief pools it with the pile
        rng = random.Random(seed)
        for _ in range(20):
            dealt = pile.determinize(s, 0, rng)
            assert not known - Counter(dealt.hands[1])
            assert Counter(dealt.hands[1] + dealt.draw) == Counter(s.hands[1] + s.draw)
