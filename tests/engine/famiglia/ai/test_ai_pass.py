"""The AI never passes into a game-ending double pass it does not win (issue 6)."""

from __future__ import annotations

import random

from engine.famiglia import new_game
from engine.famiglia.ai import STRENGTHS, AiPolicy, analyse
from engine.famiglia.ai.mcts import root_keys
from engine.famiglia.cards import kind
from engine.famiglia.codes import Op
from engine.famiglia.policies import random_policy
from engine.famiglia.scoring import result
from engine.famiglia.simulate import play_game
from engine.famiglia.state import GameState

_PASS = (Op.PASS, 0, 0)


def _after_opponents_pass(seed: int) -> GameState:
    """The opening: the first seat passed, the second is to move at 1 VP each."""
    s = new_game(seed)
    s.apply_key(_PASS)
    assert not s.over and s.passes == 1
    return s


def test_after_the_opponents_pass_the_ai_takes_a_card() -> None:
    for seed in (4, 8, 10):
        s = _after_opponents_pass(seed)
        assert _PASS in s.legal_keys()
        assert _PASS not in root_keys(s)
        for strength in STRENGTHS:
            key = analyse(s, strength, seed, deterministic=True).key
            assert key != _PASS
            t = s.copy()
            policy = AiPolicy(strength, seed, deterministic=True)
            while t.current == s.current and not t.over:
                key = policy(t, random.Random(0))
                t.apply_key(key)
            assert key[0] == Op.TAKE and not t.over


def test_the_opening_move_is_not_a_pass_the_opponent_could_turn_into_a_draw() -> None:
    """In game 4 the search alone valued passing first above taking the only 0, and the
    random opponent then often passed too: a shared win at 1 VP each."""
    s = new_game(4)
    assert s.legal_keys() == [(Op.TAKE, 0, 0), _PASS]
    assert root_keys(s) == [(Op.TAKE, 0, 0)]
    for seed in range(4):
        r = analyse(s, "medium", seed, deterministic=True)
        assert r.key == (Op.TAKE, 0, 0) and r.iterations == 0


def test_a_pass_that_wins_is_still_searched() -> None:
    s = new_game(1, first=1)
    s.current = 0
    s.passes = 1
    s.street = [kind(0, 0), kind(2, 3)]
    s.hands = [[0] * 20, [0] * 20]
    s.areas = [[0] * 20, [0] * 20]
    s.areas[0][kind(1, 4)] = 1  # 10 VP against 6
    s.areas[1][kind(0, 2)] = 1
    s.reset_turn()
    assert _PASS in root_keys(s)
    t = s.copy()
    t.apply_key(_PASS)
    assert t.over and result(t).winner == 0
    s.areas[0][kind(1, 4)] = 0  # now behind: the pass would lose
    s.reset_turn()
    assert _PASS not in root_keys(s)


def test_solo_games_keep_the_pass() -> None:
    s = new_game(3, mode="solo", level=3, first=0)
    assert root_keys(s) == s.legal_keys()


def test_no_shared_wins_in_short_games_against_random() -> None:
    draws = 0
    for seed in (4, 8, 11, 12):
        for seats in (
            (AiPolicy("easy", deterministic=True), random_policy),
            (random_policy, AiPolicy("easy", deterministic=True)),
        ):
            state, _ = play_game(seed, seats, random.Random(seed))
            draws += result(state).winner is None
    assert draws == 0
