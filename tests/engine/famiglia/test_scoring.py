"""Rule 7 (scoring and tie-break) and 9.10 (solo end and score)."""

from __future__ import annotations

from engine.famiglia import result, view
from engine.famiglia.actions import Pass, RobotTurn

from .positions import make, play


def test_7_1_hand_and_play_area_both_score():
    s = make(hands=("F4 A1", "B2"), areas=("M3 F0", "A3"), street="B0", rest="discard")
    r = result(s)
    assert r.totals == (15 + 1 + 6 + 1, 3 + 6)
    assert view(s, 0).hand_vp == 23
    assert view(s, 0).seats[0].area_vp == 7


def test_7_2_higher_total_wins():
    s = make(hands=("F2 A1", "A3"), rest="discard")
    r = result(s)
    assert r.totals == (7, 6) and r.winner == 0 and r.decided_by == "points"


def test_7_3_tie_goes_to_the_owner_of_the_single_most_valuable_card():
    s = make(hands=("A4", "F2 M2 F0"), rest="discard")  # 10 each; best 10 vs 6
    r = result(s)
    assert r.totals == (10, 10)
    assert r.winner == 0 and r.decided_by == "best_card"
    assert "A4" in r.explanation


def test_7_4_ruling_cascade_second_best_card_decides():
    # 10 + 3 + 1 = 14 against 10 + 1*4 = 14: best cards equal (10), second 3 > 1.
    s = make(hands=("B4 A2 F0", "F3 A1 B1 M1 A1"), rest="discard")
    r = result(s)
    assert r.totals == (14, 14)
    assert r.winner == 0 and r.decided_by == "cascade"


def test_7_4_ruling_full_tie_is_a_shared_win():
    s = make(hands=("B4 A2", "M4 F1"), rest="discard")
    r = result(s)
    assert r.totals == (13, 13) and r.winner is None and r.decided_by == "draw"


def test_7_4_ruling_zero_vp_cards_never_break_a_tie():
    s = make(hands=("B4 A0 B0 M0", "M4"), rest="discard")
    assert result(s).winner is None


def test_9_10_1_solo_ends_as_the_two_player_game():
    s = make(
        mode="solo",
        level=3,
        street="F0",
        hands=("", ""),
        areas=("", "A0"),
        draw="M1 M2",
        switched=True,
        rest="discard",
        first=1,
        current=1,
    )
    play(s, RobotTurn())  # robot takes F0; the refill empties the pile: 6.2, second seat
    assert not s.over and s.current == 0  # the starting seat (robot) triggered:
    assert s.turns_left == 0  # the human's turn is the last
    play(s, Pass())
    assert s.over


def test_9_10_2_robot_with_more_vp_wins():
    s = make(mode="solo", level=3, hands=("A1", ""), areas=("", "F1"), rest="discard")
    r = result(s)
    assert r.winner == 1 and r.high_score is None


def test_9_10_3_high_score_is_twice_yours_minus_the_robots():
    s = make(mode="solo", level=3, hands=("F4 A1", ""), areas=("", "F1 B1"), rest="discard")
    r = result(s)
    assert r.totals == (16, 4) and r.winner == 0 and r.high_score == 2 * 16 - 4


def test_9_10_4_ruling_tie_broken_by_best_card_then_robot_keeps_ties():
    s = make(mode="solo", level=3, hands=("A4", ""), areas=("", "F2 M2 F0"), rest="discard")
    r = result(s)
    assert r.totals == (10, 10) and r.winner == 0 and r.high_score == 10
    s = make(mode="solo", level=3, hands=("B4 A2", ""), areas=("", "M4 F1"), rest="discard")
    r = result(s)
    assert r.totals == (13, 13) and r.winner == 1 and r.high_score is None
    assert "does not beat" in r.explanation


def test_9_10_4_ruling_solo_tie_gets_no_cascade_after_the_best_card():
    """ "if that also ties, count it as not beating the gangster": equal best cards end
    the comparison in solo, where the same cards in a 2-player game go to the 7.4
    cascade (second-best card 3 VP against 1 VP)."""
    solo = make(
        mode="solo", level=3, hands=("B4 A2 F0", ""), areas=("", "F3 A1 B1 M1 A1"), rest="discard"
    )
    r = result(solo)
    assert r.totals == (14, 14) and r.winner == 1 and r.high_score is None
    assert r.decided_by == "robot_tie" and "does not beat" in r.explanation
    duel = make(hands=("B4 A2 F0", "F3 A1 B1 M1 A1"), rest="discard")
    r = result(duel)
    assert r.totals == (14, 14) and r.winner == 0 and r.decided_by == "cascade"
