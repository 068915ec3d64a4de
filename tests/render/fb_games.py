"""Family Business positions for the renderer's tests: random games stopped at a turn or
inside a counter window, and the same position with every hidden card redealt."""

from __future__ import annotations

import random

from engine.family_business import GAME, FBOptions
from engine.family_business.state import NOT_ASKED, WAITING, WINDOW, FBState


def played(seed: int, seats: int, steps: int, *, to_window: bool = False) -> FBState:
    """A game of ``seats`` after ``steps`` random legal decisions; with ``to_window``
    it goes on (at most 2,000 more) until a counter window is open, if one comes."""
    rng = random.Random(seed)
    state = GAME.new(seed, FBOptions(seats=seats))
    done = 0
    while not GAME.is_over(state) and (done < steps or (to_window and state.phase != WINDOW)):
        if done > steps + 2000:
            break
        seat = rng.choice(GAME.awaiting(state))
        GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)
        done += 1
    return state


def redealt(state: FBState, rng: random.Random) -> FBState:
    """The same public position with every hidden fact changed: each hand (same size)
    and the draw pile redealt from the hidden cards, the reshuffle seed new, and in a
    window a new pattern of who has answered so far (RULING R31)."""
    other = state.copy()
    hidden = list(other.draw) + [c for hand in other.hands for c in hand]
    rng.shuffle(hidden)
    for g in range(other.n):
        size = len(other.hands[g])
        other.hands[g] = hidden[:size]
        del hidden[:size]
    other.draw = hidden
    other.seed = rng.getrandbits(48)
    if other.phase == WINDOW:
        other.answers = [a if a == NOT_ASKED else rng.choice((WAITING, -1)) for a in other.answers]
    return other
