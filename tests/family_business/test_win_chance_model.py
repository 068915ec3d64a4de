"""The search AI's win-chance model (engine.family_business.value): a chance per live
gang that sums to 1, read from public facts only, lower for mobsters near the wall,
and exact once the game is over (a draw of RULING R20 shared)."""

from __future__ import annotations

import random

import pytest

from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.state import OVER, SINGLE
from engine.family_business.value import (
    AIMED,
    FEATURES,
    WEIGHTS,
    Model,
    aimed_by,
    features,
    held,
    win_chance,
)

from .positions import CC, A, B, D, board


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_live_gangs_chances_sum_to_one_in_played_positions(n):
    rng = random.Random(n)
    s = GAME.new(n, FBOptions(seats=n))
    for _ in range(150):
        if GAME.is_over(s):
            break
        chances = [win_chance(s, g) for g in range(n)]
        assert sum(chances) == pytest.approx(1.0)
        assert all(c == 0.0 for g, c in enumerate(chances) if not s.live[g])
        seat = rng.choice(GAME.awaiting(s))
        GAME.apply(s, rng.choice(list(GAME.legal_actions(s, seat))), seat)


def test_the_chance_reads_no_hand_and_no_draw_pile():
    s = board(4, at_large=[7, 9, 6, 8], hit=[A, CC, B], war=SINGLE)
    other = s.copy()
    pool = sorted(other.hands[B] + other.hands[CC] + other.hands[D] + other.draw + other.hands[A])
    random.Random(3).shuffle(pool)
    for g in range(4):
        other.hands[g] = [pool.pop() for _ in range(len(s.hands[g]))]
    other.draw = pool
    assert other.hands != s.hands
    assert [win_chance(other, g) for g in range(4)] == [win_chance(s, g) for g in range(4)]


def test_a_mobster_at_the_wall_lowers_his_gangs_chance():
    behind = board(2, at_large=[8, 7], hit=[B, B, A])
    at_wall = board(2, at_large=[8, 7], hit=[A, B, B])
    assert win_chance(at_wall, A) < win_chance(behind, A)
    assert win_chance(board(3, at_large=[9, 2, 2]), A) > 0.5


def test_a_finished_game_gives_the_winner_one_and_a_draw_shares_it():
    s = board(3, at_large=[4, 0, 0], live=[True, False, False])
    s.phase, s.winner, s.eliminated = OVER, A, [[B], [CC]]
    assert [win_chance(s, g) for g in range(3)] == [1.0, 0.0, 0.0]
    s.winner, s.eliminated = -1, [[CC], [A, B]]  # RULING R20
    assert [win_chance(s, g) for g in range(3)] == [0.5, 0.5, 0.0]


def test_there_is_one_weight_per_feature():
    assert len(WEIGHTS) == len(FEATURES) == len(features(board(3), A))


def test_aimed_by_counts_the_bots_that_would_contract_a_gang():
    # the trial model value.AIMED: each other gang aims at its strongest opponent,
    # the lowest seat of a tie (the bot's greedy choice keeps the first best target)
    s = board(4, at_large=[5, 8, 8, 6])
    assert [aimed_by(s, g) for g in range(4)] == [[0], [3], [1], [0]]
    s = board(4, at_large=[5, 9, 8, 6])
    assert [aimed_by(s, g) for g in range(4)] == [[0], [3], [1], [0]]
    assert win_chance(s, B, AIMED) < win_chance(s, B)  # the aim counts against


def test_held_counts_the_mob_powers_and_family_influences_in_a_hand():
    s = board(2)
    s.hands = [[C.MOB_POWER, C.FAMILY_INFLUENCE, C.FAMILY_INFLUENCE, C.FINGER], [C.HIT]]
    assert held(s, A) == [1.0, 2.0] and held(s, B) == [0.0, 0.0]


def test_a_model_with_extra_features_weighs_them_after_the_public_ones():
    s = board(2)
    s.hands = [[C.MOB_POWER], []]
    public = Model(WEIGHTS)
    counting = Model((*WEIGHTS, 0.8, 0.4), held)
    assert win_chance(s, A, counting) > win_chance(s, A, public)  # A holds the Mob Power
    assert win_chance(s, B, counting) < win_chance(s, B, public)
    assert win_chance(s, A, counting) + win_chance(s, B, counting) == pytest.approx(1.0)
