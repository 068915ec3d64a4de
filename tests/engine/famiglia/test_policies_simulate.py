"""Policies (engine.famiglia.policies) and the simulator (engine.famiglia.simulate,
`famiglia simulate`)."""

from __future__ import annotations

import random
import re

import pytest

from engine.cli import main
from engine.famiglia import new_game
from engine.famiglia.cards import VP
from engine.famiglia.codes import Op
from engine.famiglia.policies import POLICIES, greedy_policy
from engine.famiglia.simulate import get_policy, simulate


@pytest.mark.parametrize("name", ["random", "eager", "greedy"])
def test_duel_policies_only_ever_return_legal_keys(name):
    policy = get_policy(name)
    rng = random.Random(7)
    for seed in range(25):
        state = new_game(seed)
        while not state.over:
            key = policy(state, rng)
            assert key in state.legal_keys(), (seed, key)
            state.apply_key(key)


@pytest.mark.parametrize("name", ["random", "eager", "greedy"])
def test_solo_policies_and_the_robot_only_return_legal_keys(name):
    rng = random.Random(3)
    for seed in range(10):
        state = new_game(seed, mode="solo", level=1 + seed % 4, first=seed % 2)
        while not state.over:
            policy = POLICIES["robot"] if state.current == 1 else POLICIES[name]
            key = policy(state, rng)
            assert key in state.legal_keys()
            state.apply_key(key)


def test_robot_policy_refuses_a_seat_that_is_not_the_robots():
    with pytest.raises(ValueError, match="robot seat"):
        POLICIES["robot"](new_game(1), random.Random(1))


def test_eager_passes_only_when_forced():
    rng = random.Random(5)
    for seed in range(20):
        state = new_game(seed)
        while not state.over:
            key = POLICIES["eager"](state, rng)
            if key[0] == Op.PASS:
                assert state.legal_keys() == [key]
            state.apply_key(key)


def test_greedy_never_passes_when_it_could_take_and_takes_the_best_card():
    rng = random.Random(1)
    for seed in range(30):
        state = new_game(seed)
        while not state.over:
            keys = state.legal_keys()
            key = greedy_policy(state, rng)
            takes = [k for k in keys if k[0] == Op.TAKE]
            if key[0] == Op.PASS:
                assert not takes
            if key[0] == Op.TAKE:  # at least as valuable as every other direct take
                best = max(VP[state.street[k[1]]] for k in takes)
                assert VP[state.street[key[1]]] == best
            state.apply_key(key)


def test_unknown_policy_names_are_listed():
    with pytest.raises(ValueError, match="choose one of random, eager, greedy, robot"):
        get_policy("clever")


def test_greedy_beats_random_clearly():
    stats = simulate(200, "greedy", "random", seed=2024)
    assert stats.games == 200
    assert stats.wins[0] >= 170  # measured: all 200; a wide margin
    assert stats.vp[0] > 3 * stats.vp[1]


def test_greedy_beats_eager_random_too():
    stats = simulate(100, "greedy", "eager", seed=99)
    assert stats.wins[0] >= 75


def test_simulations_are_deterministic():
    a = simulate(30, "eager", "random", seed=4)
    b = simulate(30, "eager", "random", seed=4)
    assert (a.wins, a.draws, a.vp, a.decisions, a.turns) == (
        b.wins,
        b.draws,
        b.vp,
        b.decisions,
        b.turns,
    )


def test_solo_simulation_counts_the_robot_seat():
    stats = simulate(20, "greedy", solo=True, level=4, first=1, seed=3)
    assert stats.names == ("greedy", "robot 4b")
    assert stats.draws == 0  # ties go to the robot (RULING 9.10.4)
    assert sum(stats.wins) == 20
    assert stats.two_pass_ends == 0  # the robot never passes (9.8.1)


def test_famiglia_simulate_prints_the_table(capsys):
    assert main(["simulate", "--games", "20"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("20 games, greedy against random, first seat alternating, seed 1")
    assert re.search(r"seat\s+policy\s+wins\s+win rate\s+95% interval\s+avg VP", out)
    rows = re.findall(
        r"^\s+([01])\s+(\w+)\s+(\d+)\s+([\d.]+)%\s+([\d.]+)%-([\d.]+)%\s+([\d.]+)$", out, re.M
    )
    assert [(r[0], r[1]) for r in rows] == [("0", "greedy"), ("1", "random")]
    draws = int(re.search(r"^draws: (\d+) \(", out, re.M).group(1))
    assert sum(int(r[2]) for r in rows) + draws == 20
    for _, _, wins, rate, lo, hi, _ in rows:
        assert float(lo) <= float(rate) <= float(hi)
        assert float(rate) == pytest.approx(100 * int(wins) / 20, abs=0.05)
    assert re.search(r"^mean decisions per game: [\d.]+$", out, re.M)
    assert re.search(r"^mean turns per game: [\d.]+$", out, re.M)
    assert "ended by two passes in a row:" in out


def test_famiglia_simulate_solo(capsys):
    argv = ["simulate", "--games", "6", "--solo", "--level", "2", "--first", "robot"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "6 solo games, greedy against the robot gangster level 2, the robot starts (b)" in out
    assert "robot 2b" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "0"],
        ["simulate", "--games", "x"],
        ["simulate", "--p0", "robot"],
        ["simulate", "--level", "5"],
        ["simulate", "--solo", "--p1", "random"],  # was ignored: seat 1 is the robot's
    ],
)
def test_famiglia_simulate_rejects_bad_arguments(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "error:" in capsys.readouterr().err
