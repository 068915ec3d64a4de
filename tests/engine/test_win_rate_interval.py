"""The 95% Wilson interval every simulator and benchmark prints with a win rate."""

import pytest

from engine.stats import wilson


def test_wilson_interval_of_half_matches_the_textbook_figures():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)


def test_wilson_interval_stays_inside_zero_and_one_at_the_edges():
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_interval_counts_a_shared_win_as_a_share():
    assert wilson(10.5, 20)[0] < 0.525 < wilson(10.5, 20)[1]
