"""Rollout (default) policies for the search: cheap moves played to the end of a game.

Two policies share one signature ``(state, legal_keys, rng) -> key``:

* :func:`random_move` - uniform over the legal keys (the textbook MCTS default policy);
* :func:`heuristic_move` - epsilon-greedy over Street cards by value, never passing while
  a card can be had, skipping the Accountant and almost always the Brute. It costs about
  as much as a random move and, measured in bench/ai.py, plays far better rollouts: a
  random rollout passes so often that most simulated games end early on two passes,
  which tells the search little about a real game.

Neither policy reads the draw pile: they only ever see determinized copies anyway.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from engine import actions as op
from engine.actions import Key
from engine.cards import VP
from engine.state import (
    BRUTE_AMOUNT,
    BRUTE_TARGET,
    EXCHANGE_GIVE,
    EXCHANGE_TAKE,
    NONE,
    PAY,
    GameState,
)

RolloutPolicy = Callable[[GameState, list[Key], random.Random], Key]

#: Value of taking each card kind in a rollout: its VP plus its use as a step up the
#: ladder (rank), plus one so a free 0 beats passing.
TAKE_VALUE: Final = tuple(VP[k] + 1.5 * (k % 5) + 1.0 for k in range(20))
#: Probability that a rollout move takes a uniformly random card instead of the best.
EPSILON: Final = 0.15
#: Probability that a rollout plays an available Brute on the best card it cannot afford.
BRUTE_P: Final = 0.25


def random_move(s: GameState, keys: list[Key], rng: random.Random) -> Key:
    return keys[rng.randrange(len(keys))] if len(keys) > 1 else keys[0]


def _best_take(s: GameState, takes: list[Key], rng: random.Random) -> Key:
    if rng.random() < EPSILON:
        return takes[rng.randrange(len(takes))]
    street = s.street
    best = takes[0]
    best_v = -1.0
    for key in takes:
        v = TAKE_VALUE[street[key[1]]]
        if v > best_v:
            best, best_v = key, v
    return best


def heuristic_move(s: GameState, keys: list[Key], rng: random.Random) -> Key:
    if len(keys) == 1:
        return keys[0]
    p = s.pending
    if p == NONE:
        takes: list[Key] = []
        brute: Key | None = None
        refresh = False
        for key in keys:
            o = key[0]
            if o == op.TAKE:
                takes.append(key)
            elif o == op.BRUTE:
                brute = key
            elif o == op.REFRESH:
                refresh = True
        if brute is not None and rng.random() < BRUTE_P:
            return brute
        if takes:
            return _best_take(s, takes, rng)
        if refresh:  # no card to be had: dig for a 0 with the cheapest refresh
            street = s.street
            return min(
                (k for k in keys if k[0] == op.REFRESH), key=lambda k: street[k[1]] % 5
            )
        return keys[-1]  # the pass
    if p == EXCHANGE_TAKE:
        return (op.EXCHANGE_DONE, 0, 0)
    if p == BRUTE_TARGET:  # lower the most valuable card
        street = s.street
        return max(keys, key=lambda k: VP[street[k[1]]])
    if p == BRUTE_AMOUNT:
        return keys[-1]
    if p in (PAY, EXCHANGE_GIVE):
        return keys[rng.randrange(len(keys))]
    return keys[rng.randrange(len(keys))]


POLICIES: Final[dict[str, RolloutPolicy]] = {
    "random": random_move,
    "heuristic": heuristic_move,
}
