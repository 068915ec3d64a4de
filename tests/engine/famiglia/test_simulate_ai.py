"""`famiglia simulate` with the AI's strengths as players (issue 6)."""

from __future__ import annotations

import re

import pytest

from engine.cli import main
from engine.famiglia.ai import STRENGTHS, AiPolicy
from engine.famiglia.simulate import AI_POLICIES, DUEL_POLICIES, get_policy, simulate


def test_every_strength_is_a_policy_name() -> None:
    assert set(AI_POLICIES) == set(STRENGTHS)
    assert set(AI_POLICIES) <= set(DUEL_POLICIES)
    for name in AI_POLICIES:
        policy = get_policy(name)
        assert isinstance(policy, AiPolicy) and policy.strength == name
    assert get_policy("easy") is not get_policy("easy")  # no search state shared


def test_ai_simulation_is_seeded() -> None:
    a = simulate(2, "easy", "greedy", seed=5)
    b = simulate(2, "easy", "greedy", seed=5)
    assert a.names == ("easy", "greedy") and a.games == 2
    assert (a.wins, a.draws, a.vp, a.decisions) == (b.wins, b.draws, b.vp, b.decisions)


def test_famiglia_simulate_ai_duel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--p0", "easy", "--p1", "random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games, easy against random, first seat alternating, seed 1")
    rows = re.findall(r"^\s+([01])\s+(\w+)\s+(\d+)\s", out, re.M)
    assert [(r[0], r[1]) for r in rows] == [("0", "easy"), ("1", "random")]


def test_famiglia_simulate_ai_in_the_solo_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--solo", "--p0", "easy", "--level", "1"]) == 0
    out = capsys.readouterr().out
    assert "1 solo games, easy against the robot gangster level 1, you start (a)" in out
    assert re.search(r"^\s+0\s+easy\s+\d+\s", out, re.M)


def test_unknown_names_list_the_strengths() -> None:
    with pytest.raises(ValueError, match="easy, medium, hard"):
        get_policy("grandmaster")
