"""The bot's cheap look-ahead (engine.family_business.settle) reaches the same position
as the engine's full path, so the bot chooses exactly as it did when it settled every
candidate on a full copy of the state."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.family_business import GAME, FBOptions
from engine.family_business.actions import DISCARD, NO_COUNTER_ACTION, PLAY, Action
from engine.family_business.policies import KEEP, _answer, bot_policy, evaluate, random_policy
from engine.family_business.settle import after_discard, after_play
from engine.family_business.state import OVER, WINDOW, FBState


def _settle(s: FBState, seat: int) -> FBState:
    """The bot's former look-ahead: the engine's own steps on a full copy."""
    guard = 0
    while s.phase != OVER and guard < 64:
        guard += 1
        if s.phase == WINDOW:
            for g in GAME.awaiting(s):
                GAME.apply_listed(s, NO_COUNTER_ACTION, g)
        elif s.active == seat and s.card >= 0:
            GAME.apply_listed(s, GAME.legal_actions(s, seat)[0], seat)
        else:
            break
    return s


def _after(state: FBState, seat: int, action: Action) -> FBState:
    branch = state.copy()
    GAME.apply_listed(branch, action, seat)
    return branch


def _greedy(state: FBState, seat: int, actions: Sequence[Action]) -> Action:
    best, best_value = actions[0], -1e9
    for action in actions:
        value = evaluate(_settle(_after(state, seat, action), seat), seat)
        if value > best_value:
            best, best_value = action, value
    return best


def _completed(state: FBState, seat: int, play: Action) -> float:
    branch = _after(state, seat, play)
    while branch.phase != WINDOW and branch.card >= 0 and branch.active == seat:
        action = _greedy(branch, seat, GAME.legal_actions(branch, seat))
        GAME.apply_listed(branch, action, seat)
    return evaluate(_settle(branch, seat), seat)


def reference_bot(state: FBState, seat: int) -> Action:
    """The bot as it was written before the light look-ahead."""
    actions = list(GAME.legal_actions(state, seat))
    if state.phase == WINDOW:
        return _answer(state, seat, actions)
    if state.card >= 0:
        return _greedy(state, seat, actions)
    plays = [a for a in actions if a.kind == PLAY]
    discards = [a for a in actions if a.kind == DISCARD]
    keep = min(discards, key=lambda a: (KEEP.get(a.arg, 3), a.arg))
    baseline = evaluate(_settle(_after(state, seat, keep), seat), seat)
    if not plays:
        return keep
    best, value = max(((a, _completed(state, seat, a)) for a in plays), key=lambda av: av[1])
    return best if value > baseline + 0.05 else keep


def _light_public(s: FBState) -> tuple[object, ...]:
    return (s.at_large, s.live, s.hit, s.war, s.phase, s.winner, s.eliminated, s.active)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_light_look_ahead_reaches_the_engines_position_and_the_bot_chooses_as_before(n):
    rng = random.Random(n)
    checked = 0
    for seed in range(3):
        s = GAME.new(seed, FBOptions(seats=n))
        while not GAME.is_over(s):
            for seat in GAME.awaiting(s):
                if s.phase != WINDOW:
                    for a in GAME.legal_actions(s, seat):
                        full = _settle(_after(s, seat, a), seat)
                        if a.kind == DISCARD:
                            quick = after_discard(s.public_copy())
                        elif a.kind == PLAY:
                            quick = after_play(s.public_copy(), a.arg, [])
                        else:
                            quick = after_play(s.public_copy(), s.card, [*s.choices, a])
                        if full.phase != WINDOW:
                            assert _light_public(quick) == _light_public(full)
                        checked += 1
                assert bot_policy(s, seat, rng) == reference_bot(s, seat)
                mover = bot_policy if seat % 2 == 0 else random_policy
                GAME.apply(s, mover(s, seat, rng), seat)
    assert checked > 100
