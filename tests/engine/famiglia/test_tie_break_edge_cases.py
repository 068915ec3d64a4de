"""Tie-breaks in unusual combinations: the best card and the cascade (rules 7.3, 7.4)."""

from __future__ import annotations

from engine.famiglia import result

from .positions import make


def test_7_3_red_four_beats_any_other_card_on_a_vp_tie():
    s = make(hands=("F4", "A4 B2 A1 B1"), rest="discard")
    r = result(s)
    assert r.totals == (15, 15) and r.winner == 0 and r.decided_by == "best_card"


def test_7_4_ruling_cascade_reaches_the_third_card():
    # Both best 10 VP (B4 / F3), both second 6 VP (A3 / F2); third 3 VP (M2) vs 1 VP.
    s = make(hands=("B4 A3 M2 A1", "F3 F2 F0 A1 B1 M1"), rest="discard")
    r = result(s)
    assert r.totals == (20, 20)
    assert r.winner == 0 and r.decided_by == "cascade"
