"""``hard`` at a table of 2 (engine.family_business.ai, the look-ahead's plan ``DUEL``):
every decision of its seat weighed, not only the turn's card (each card it may
discard, a play's choices, a window's answers), each candidate played out for a fixed
number of decisions of either seat on common determinizations. Its whole games are
played in test_lookahead_player.py."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.family_business import GAME, FBOptions, lookahead
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.ai import PLANS, think
from engine.family_business.lookahead import DUEL, Plan, candidates, decide
from engine.family_business.policies import bot_policy
from engine.family_business.state import FBState
from engine.family_business.tuned import act, weights_for
from engine.family_business.value import Model

from .positions import A, B, board, play

FEW = replace(DUEL, samples=3, time_cap=60.0)


def test_rule_4_3_every_discard_is_a_candidate_of_a_plan_that_weighs_every_decision():
    s = GAME.new(5, FBOptions(seats=2, first=0))
    discards = [a for a in GAME.legal_actions(s, 0) if a.kind == "discard"]
    assert len(discards) > 1
    assert [m for m in candidates(s, 0, every=True) if m.kind == "discard"] == discards
    assert len([m for m in candidates(s, 0) if m.kind == "discard"]) == 1


def test_rule_9_1_a_plays_choice_is_weighed_only_by_a_plan_that_weighs_every_decision():
    # A plays Take It On the Lam: which of the two listed entries goes is a decision
    s = board(2, hit=[A, B, A], war=1, hands={A: [C.LAM]})
    GAME.apply(s, Action("play", C.LAM), A)
    assert len(GAME.legal_actions(s, A)) == 3
    assert decide(s, A, random.Random(1), replace(FEW, every=False))[1] == 0
    action, samples = decide(s, A, random.Random(1), FEW)
    assert samples == FEW.samples and action in GAME.legal_actions(s, A)


def test_rule_5_4_a_windows_answers_are_weighed_by_a_plan_that_weighs_every_decision():
    s = board(2, hands={A: [C.CONTRACT], B: [C.MOB_POWER, C.FAMILY_INFLUENCE]})
    play(s, A, C.CONTRACT, ("gang", B))
    action, samples = decide(s, B, random.Random(1), FEW)
    assert samples == FEW.samples and action in GAME.legal_actions(s, B)


def test_rule_4_1_a_candidate_is_scored_after_the_plans_number_of_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = GAME.new(9, FBOptions(seats=2, first=0))
    move = act(s, 0, weights_for(2))
    scored: list[FBState] = []

    def chance(d: FBState, _seat: int, _model: Model) -> float:
        scored.append(d.copy())
        return 0.5

    monkeypatch.setattr(lookahead, "win_chance", chance)
    plan = Plan(chance=True, decisions=5)
    lookahead._rollout(s.copy(), 0, move, weights_for(2), random.Random(1), plan)
    # by hand: the move, then five decisions, the seat's as the tuned player's
    GAME.apply(s, move, 0)
    for _ in range(5):
        [g] = GAME.awaiting(s)
        rng = random.Random(0)
        GAME.apply(s, act(s, g, weights_for(2)) if g == 0 else bot_policy(s, g, rng), g)
    assert scored == [s]


def test_hard_plays_the_duel_plan_at_two_seats_and_searches_at_no_other_strength():
    assert PLANS["hard"][0] == DUEL and set(PLANS) == {"hard"}
    s = GAME.new(6, FBOptions(seats=2, first=0))
    result = think(s, 0, "hard", random.Random(1))
    assert result.visits == {} and result.iterations > 1  # samples, not a search tree
    assert think(s, 0, "medium", random.Random(1)).visits  # the search
