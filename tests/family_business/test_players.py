"""The random and rule-based bot policies, the fast rollout policy and the search AI:
legal play in whole games, sensible choices in set positions, and the AI reading only
what its seat may see."""

from __future__ import annotations

import random

import pytest

from engine.ai.ismcts import Budget, search
from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.ai import choose, value
from engine.family_business.policies import bot_policy, get_policy
from engine.family_business.quick import quick_policy
from engine.family_business.simulate import play_game, simulate
from engine.family_business.state import DOUBLE, WINDOW

from .positions import CC, A, B, board, others_dealt_anew, play


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_bot_random_and_quick_play_whole_games_with_listed_actions(n):
    players = ["bot", "random", "bot", "random", "bot", "random"][:n]
    state, decisions = play_game(players, seed=n)
    assert GAME.is_over(state) and decisions > 0
    rng = random.Random(n)
    s = GAME.new(n, FBOptions(seats=n))
    while not GAME.is_over(s):
        for seat in GAME.awaiting(s):
            a = quick_policy(s, seat, rng)
            assert a in GAME.legal_actions(s, seat)
            GAME.apply(s, a, seat)


def test_bot_beats_random_in_two_player_games():
    stats = simulate(20, ["bot", "random"], seed=3)
    assert stats.wins[0] >= 17


def test_bot_contracts_the_gang_that_is_ahead():
    s = board(4, at_large=[6, 4, 9, 5], hands={A: [C.CONTRACT_IRON_CLAD]})
    s = _play_by(bot_policy, s, A)
    assert s.hit == [CC]


def test_bot_rescues_its_own_mobster_at_the_wall_in_a_war():
    s = board(3, at_large=[5, 8, 8], hit=[A, B, CC], war=DOUBLE, hands={A: [C.POLICE_PROTECTION]})
    s = _play_by(bot_policy, s, A)
    assert s.at_large[A] == 6


def test_bot_counters_a_contract_on_its_own_gang_with_mob_power():
    s = board(3, hands={A: [C.CONTRACT], B: [C.MOB_POWER, C.FAMILY_INFLUENCE]})
    play(s, A, C.CONTRACT, ("gang", B))
    assert bot_policy(s, B, random.Random(1)) == Action("counter", C.MOB_POWER)


def test_bot_keeps_its_counter_when_another_weak_gang_is_contracted():
    s = board(4, at_large=[5, 9, 3, 9], hands={A: [C.CONTRACT], B: [C.MOB_POWER]})
    play(s, A, C.CONTRACT, ("gang", CC))
    assert bot_policy(s, B, random.Random(1)) == Action("no_counter")


def _play_by(policy, s, seat):
    rng = random.Random(0)
    while seat in GAME.awaiting(s) and s.phase != WINDOW:
        GAME.apply(s, policy(s, seat, rng), seat)
    while s.phase == WINDOW:
        for g in GAME.awaiting(s):
            GAME.apply(s, Action("no_counter"), g)
    return s


def test_get_policy_refuses_unknown_names():
    assert get_policy("random") is not None
    with pytest.raises(ValueError, match="unknown policy"):
        get_policy("genius")


def test_value_is_a_win_chance():
    s = board(3, at_large=[9, 2, 2])
    assert 0.5 < value(s, A) < 1.0 and 0.0 < value(s, B) < 0.5


def test_ai_chooses_a_listed_action_in_every_kind_of_decision():
    rng = random.Random(2)
    s = GAME.new(4, FBOptions(seats=3))
    for _ in range(60):
        if GAME.is_over(s):
            break
        for seat in GAME.awaiting(s):
            a = choose(s, seat, "easy", rng) if seat == 0 else bot_policy(s, seat, rng)
            assert a in GAME.legal_actions(s, seat)
            GAME.apply(s, a, seat)


def test_search_sees_only_what_its_seat_may_see():
    """Two positions that differ only in the other hands and the draw pile: the search
    (iteration budget, no time cap, same seed) makes the same choice with the same
    visit counts."""
    s = board(4, at_large=[7, 9, 6, 8], hit=[A, CC], hands={A: [C.CONTRACT, C.HIT, C.LAM]})
    other = others_dealt_anew(s, A, 9)
    budget = Budget(iterations=60, time_cap=None, depth=12)
    results = [
        search(GAME, x, A, budget, random.Random(5), opponent=quick_policy, rollout=quick_policy)
        for x in (s, other)
    ]
    assert results[0].action == results[1].action
    assert results[0].visits == results[1].visits


def test_search_refuses_a_seat_with_no_decision():
    s = board(3)
    with pytest.raises(ValueError, match="no decision"):
        search(
            GAME, s, B, Budget(10), random.Random(1), opponent=quick_policy, rollout=quick_policy
        )


def test_value_of_an_eliminated_gang_is_zero_not_an_overflow():
    s = board(3, at_large=[9, 2, 2])
    s.live[B] = False
    s.at_large[B] = 0
    assert value(s, B) < 1e-9 and value(s, A) > 0.5
