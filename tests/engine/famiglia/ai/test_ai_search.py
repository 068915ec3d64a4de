"""The AI opponent (issue 6): legal, replayable, blind to the draw order, sensible."""

from __future__ import annotations

import random

import pytest

from engine.famiglia import new_game
from engine.famiglia.ai import AiPolicy, analyse, budget, choose, choose_action, choose_json
from engine.famiglia.ai.determinize import determinize
from engine.famiglia.ai.mcts import Budget, distinct, rewards, search
from engine.famiglia.ai.rollout import POLICIES
from engine.famiglia.cards import kind
from engine.famiglia.codes import Op
from engine.famiglia.policies import greedy_policy, random_policy, robot_policy
from engine.famiglia.scoring import result, total
from engine.famiglia.simulate import play_game
from engine.famiglia.state import GameState

FAST = Budget(iterations=30, time_cap=float("inf"))


def _midgame(seed: int, decisions: int = 25) -> GameState:
    """A position reached by greedy play (both seats), some turns into the game."""
    s = new_game(seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if s.over:
            break
        s.apply_key(greedy_policy(s, rng))
    assert not s.over
    return s


def test_returns_only_legal_keys_along_a_game() -> None:
    s = new_game(4)
    rng = random.Random(4)
    seen = 0
    while not s.over:
        if s.current == 0:
            key = search(s, FAST, random.Random(seen)).key
            assert key in s.legal_keys()
            seen += 1
        else:
            key = greedy_policy(s, rng)
        s.apply_key(key)
    assert seen > 10


def test_same_seed_and_state_give_the_same_choice() -> None:
    s = _midgame(7)
    a = analyse(s, "easy", 123, deterministic=True)
    b = analyse(s.copy(), "easy", 123, deterministic=True)
    assert a.key == b.key
    assert a.visits == b.visits
    assert choose_json(s.to_json(), "easy", 123, deterministic=True) == a.key
    assert choose_action(s, "easy", 123, deterministic=True).key() == a.key


def test_different_seeds_explore_differently() -> None:
    s = _midgame(7)
    runs = {tuple(sorted(search(s, FAST, random.Random(i)).visits.items())) for i in range(6)}
    assert len(runs) > 1


def test_search_leaves_the_state_untouched() -> None:
    s = _midgame(9)
    before = s.to_json()
    choose(s, "easy", 1, deterministic=True)
    assert s.to_json() == before


def test_determinization_reshuffles_the_pile_and_the_switch_seed() -> None:
    s = _midgame(5)
    rng = random.Random(0)
    tops = set()
    for _ in range(20):
        d = determinize(s, rng)
        assert sorted(d.draw) == sorted(s.draw)
        assert d.draw != s.draw
        assert d.seed != s.seed
        assert d.street == s.street and d.hands == s.hands and d.discard == s.discard
        tops.add(d.draw[-1])
    assert len(tops) > 3


@pytest.mark.parametrize(
    "b",
    [FAST, Budget(30, float("inf"), reward="mixed", horizon=6, anchor=0.05)],
    ids=["plain", "horizon-anchor"],
)
def test_choice_does_not_depend_on_the_hidden_pile_order_or_game_seed(b: Budget) -> None:
    """Two positions that differ only in what nobody can see get the very same search."""
    s = _midgame(11)
    t = s.copy()
    random.Random(99).shuffle(t.draw)
    t.seed = s.seed + 1
    assert t.draw != s.draw
    for ai_seed in (1, 2, 3):
        x = search(s, b, random.Random(ai_seed))
        y = search(t, b, random.Random(ai_seed))
        assert (x.key, x.visits, x.values) == (y.key, y.visits, y.values)


def _last_turn_position() -> GameState:
    """Seat 0's final turn; the opponent just passed, so a pass ends the game, and leads
    12 VP to 11. A free card (the red 0, or the green 1 lowered by the Brute) ties on
    points and wins on the best card (10 VP against 6)."""
    s = new_game(1, first=1)
    s.current = 0
    s.turn = 40
    s.turns_done = [19, 20]
    s.turns_left = 0
    s.passes = 1
    s.street = [kind(1, 2), kind(3, 1), kind(0, 0), kind(2, 3)]
    s.hands = [[0] * 20, [0] * 20]
    s.areas = [[0] * 20, [0] * 20]
    s.hands[0][kind(1, 0)] = 1  # blue 0: pays for nothing
    s.hands[0][kind(2, 1)] = 1  # a Brute 1
    s.areas[0][kind(1, 4)] = 1  # 10 VP
    s.areas[1][kind(0, 2)] = 1  # 6 VP
    s.areas[1][kind(2, 2)] = 1  # 3 VP
    s.areas[1][kind(3, 2)] = 1  # 3 VP
    s.reset_turn()
    return s


def test_takes_the_winning_free_card() -> None:
    s = _last_turn_position()
    assert (total(s, 0), total(s, 1)) == (11, 12)
    assert (Op.PASS, 0, 0) in s.legal_keys()
    for seed in range(3):
        t = s.copy()
        policy = AiPolicy("medium", seed, deterministic=True)
        while not t.over:
            t.apply_key(policy(t, random.Random(0)))
        assert result(t).winner == 0


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_rollout_policies_play_legal_moves(name: str) -> None:
    policy = POLICIES[name]
    rng = random.Random(3)
    for seed in range(5):
        s = new_game(seed)
        while not s.over:
            keys = s.legal_keys()
            key = policy(s, keys, rng)
            assert key in keys
            s.apply_key(key)


def test_finishes_games_against_random_at_easy() -> None:
    vp = [0, 0]
    for seed in range(4):
        state, _ = play_game(
            seed, (AiPolicy("easy", deterministic=True), random_policy), random.Random(seed)
        )
        assert state.over
        vp[0] += total(state, 0)
        vp[1] += total(state, 1)
    assert vp[0] > vp[1]


def test_plays_the_solo_seat_against_the_robot() -> None:
    state, _ = play_game(
        2,
        (AiPolicy("easy", deterministic=True), robot_policy),
        random.Random(2),
        mode="solo",
        level=3,
    )
    assert state.over and state.turns_done[0] >= 10


def test_strength_names_are_checked() -> None:
    with pytest.raises(ValueError):
        budget("impossible")
    easy, medium, hard = budget("easy"), budget("medium"), budget("hard")
    assert hard.iterations > 2 * medium.iterations > 4 * easy.iterations
    assert hard.anchor > 0 and medium.anchor == easy.anchor == 0  # only hard is anchored
    assert easy.temperature > 0 and medium.temperature == hard.temperature == 0
    assert hard.time_cap <= 1.5


def test_forced_moves_are_answered_without_search() -> None:
    s = new_game(3, mode="solo", level=2, first=1)
    r = analyse(s, "hard", 0)
    assert r.iterations == 0 and r.key == s.legal_keys()[0]


def test_interchangeable_street_cards_are_searched_once() -> None:
    s = new_game(5)
    s.street = [kind(2, 1), kind(2, 1), kind(0, 2), kind(2, 1)]
    s.reset_turn()
    refreshes = [k for k in s.legal_keys() if k[0] == Op.REFRESH]
    assert len(refreshes) == 4
    assert [k for k in distinct(s, s.legal_keys()) if k[0] == Op.REFRESH] == [
        (Op.REFRESH, 0, 0),
        (Op.REFRESH, 2, 0),
    ]
    solo = new_game(5, mode="solo", level=3, first=0)
    solo.street = s.street[:]
    solo.reset_turn()
    assert distinct(solo, solo.legal_keys()) == solo.legal_keys()


def test_horizon_scores_unfinished_rollouts_by_margin() -> None:
    s = _midgame(3)
    r = search(s, Budget(20, float("inf"), horizon=2), random.Random(0))
    assert r.key in s.legal_keys()
    assert all(0.0 < v < 1.0 for v in r.values.values())
    lead = s.copy()
    lead.areas[lead.current][kind(0, 4)] += 1  # 15 VP ahead of where it was
    assert rewards(lead, "win")[lead.current] > rewards(s, "win")[s.current]


def test_a_shared_win_is_worth_less_than_half_to_both() -> None:
    s = new_game(8)
    while not s.over:  # two passes at the start: 1 VP each, equal cards
        s.apply_key((Op.PASS, 0, 0))
    assert result(s).winner is None
    for kind_ in ("win", "mixed", "margin"):
        r = rewards(s, kind_)
        assert r[0] == r[1] < 0.5
