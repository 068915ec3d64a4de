"""Rule 9.9: the four robot levels and their thresholds T0-T3 (zeros, ones, twos, threes)."""

from __future__ import annotations

import pytest

from engine.famiglia import new_game
from engine.famiglia.actions import RobotTurn
from engine.famiglia.robot import THRESHOLDS

from .positions import make, play

LEVELS = {1: (9, 6, 5, 3), 2: (8, 6, 4, 2), 3: (7, 5, 4, 2), 4: (7, 4, 3, 2)}
STREET = "F0 A1 B2 M3"  # one card of each rank 0-3: no refresh (a 0 shows)


def area(n0: int, n1: int, n2: int, n3: int) -> str:
    """n0 zeros, n1 ones, n2 twos, n3 threes, spread over the families."""
    families = "FABM"
    words = []
    for rank, n in enumerate((n0, n1, n2, n3)):
        words += [f"{families[(i + rank + 1) % 4]}{rank}" for i in range(n)]
    return " ".join(words)


def step_taken(level: int, have: tuple[int, int, int, int], first: int = 0) -> tuple[int, int]:
    s = make(
        first=first,
        mode="solo",
        level=level,
        street=STREET,
        areas=("", area(*have)),
        current=1,
        rest="area0",
    )
    ev = play(s, RobotTurn())
    step = next(e for e in ev if e.kind == "robot_step")
    return step.amount, step.card % 5


def test_9_9_threshold_table_decoded():
    assert THRESHOLDS == LEVELS


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_9_9_step_1_below_t0_zeros_takes_a_zero(level):
    t0, t1, t2, t3 = LEVELS[level]  # noqa: RUF059
    assert step_taken(level, (t0 - 1, 0, 0, 0)) == (1, 0)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_9_9_step_2_at_t0_zeros_below_t1_ones_takes_a_one(level):
    t0, t1, t2, t3 = LEVELS[level]  # noqa: RUF059
    assert step_taken(level, (t0, 0, 0, 0)) == (2, 1)
    assert step_taken(level, (t0, t1 - 1, 0, 0)) == (2, 1)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_9_9_step_3_at_t1_ones_below_t2_twos_takes_a_two(level):
    t0, t1, t2, t3 = LEVELS[level]  # noqa: RUF059
    assert step_taken(level, (t0, t1, 0, 0)) == (3, 2)
    assert step_taken(level, (t0, t1, t2 - 1, 0)) == (3, 2)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_9_9_step_4_at_t2_twos_below_t3_threes_takes_a_three(level):
    t0, t1, t2, t3 = LEVELS[level]
    assert step_taken(level, (t0, t1, t2, 0)) == (4, 3)
    assert step_taken(level, (t0, t1, t2, t3 - 1)) == (4, 3)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_9_9_step_5_at_every_threshold_takes_the_best_card(level):
    t0, t1, t2, t3 = LEVELS[level]
    assert step_taken(level, (t0, t1, t2, t3)) == (5, 3)  # M3, 6 VP


def test_9_9_levels_differ_at_the_boundaries():
    # 7 zeros, 4 ones: level 4 has its ones, level 3 still wants a fifth.
    assert step_taken(4, (7, 4, 0, 0)) == (3, 2)
    assert step_taken(3, (7, 4, 0, 0)) == (2, 1)
    # 8 zeros: level 2 has them all, level 1 still wants a ninth.
    assert step_taken(2, (8, 0, 0, 0)) == (2, 1)
    assert step_taken(1, (8, 0, 0, 0)) == (1, 0)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_9_9_a_and_b_seats_share_the_thresholds(level):
    t0, t1, t2, t3 = LEVELS[level]
    for have in ((t0 - 1, 0, 0, 0), (t0, t1 - 1, 0, 0), (t0, t1, t2 - 1, 0), (t0, t1, t2, t3)):
        assert step_taken(level, have, first=0) == step_taken(level, have, first=1)
    for first in (0, 1):
        s = new_game(8, mode="solo", level=level, first=first)
        assert s.level == level and s.first == first and s.current == first
