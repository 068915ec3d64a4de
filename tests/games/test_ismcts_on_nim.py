"""engine.ai.ismcts works on any game of the protocol: on the toy Nim it takes an
immediate win, and with no time cap its choice is a function of the seed."""

from __future__ import annotations

import random

from engine.ai.ismcts import Budget, search

from .toy_nim import NIM, NimOptions, NimTake


def _random(state, seat, rng):
    return rng.choice(list(NIM.legal_actions(state, seat)))


def test_search_takes_the_last_counters_when_that_wins():
    state = NIM.new(1, NimOptions(heaps=(4,), first=0))
    result = search(
        NIM,
        state,
        0,
        Budget(200, time_cap=None),
        random.Random(3),
        opponent=_random,
        rollout=_random,
    )
    assert result.action == NimTake(heap=0, count=4)
    assert result.iterations == 200


def test_search_with_no_time_cap_is_a_function_of_the_seed():
    state = NIM.new(2, NimOptions(heaps=(3, 4, 5), first=0))
    budget = Budget(150, time_cap=None, depth=0)
    runs = [
        search(NIM, state, 0, budget, random.Random(7), opponent=_random, rollout=_random)
        for _ in range(2)
    ]
    assert runs[0].action == runs[1].action and runs[0].visits == runs[1].visits


def test_an_anchor_keeps_the_baseline_unless_the_search_finds_better_by_the_margin():
    state = NIM.new(1, NimOptions(heaps=(4,), first=0))
    baseline = NimTake(heap=0, count=1)
    wide = search(
        NIM,
        state,
        0,
        Budget(200, time_cap=None, anchor=1.0),
        random.Random(3),
        opponent=_random,
        rollout=_random,
        baseline=baseline,
    )
    assert wide.action == baseline
    narrow = search(
        NIM,
        state,
        0,
        Budget(200, time_cap=None, anchor=0.05),
        random.Random(3),
        opponent=_random,
        rollout=_random,
        baseline=baseline,
    )
    assert narrow.action == NimTake(heap=0, count=4)
    assert narrow.means[NimTake(heap=0, count=4)] == 1.0


def test_a_confidence_anchor_keeps_the_baseline_until_the_gain_beats_the_noise():
    """One visit per move says nothing about the noise: the baseline stays; after 200
    iterations the sure win (mean 1, no spread) beats the baseline by many standard
    errors and is taken."""
    state = NIM.new(1, NimOptions(heaps=(4,), first=0))
    baseline = NimTake(heap=0, count=1)
    chosen = {}
    for iterations in (4, 200):
        chosen[iterations] = search(
            NIM,
            state,
            0,
            Budget(iterations, time_cap=None, confidence=2.0),
            random.Random(3),
            opponent=_random,
            rollout=_random,
            baseline=baseline,
        )
    assert set(chosen[4].visits.values()) == {1}
    assert chosen[4].action == baseline
    assert chosen[200].action == NimTake(heap=0, count=4)
