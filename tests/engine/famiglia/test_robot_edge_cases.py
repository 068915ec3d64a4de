"""The solo robot gangster's program in unusual combinations (rules 9.3-9.10).

Each test names the rule (or RULING) of famiglia.md it checks.
"""

from __future__ import annotations

from engine.famiglia.actions import Pass
from engine.famiglia.cards import code

from .positions import FIVE_ONES, SATED, SEVEN_ZEROS, kinds_of, make, play, robot, robot_turn, row


def test_9_8_step_5_top_card_in_the_humans_hand_is_not_left_in_the_game():
    # RULING 9.8 Step 5: "left in the game" = Street, draw and discard. The F4 is in the
    # human's hand, the best left (10 VP, F3 in the pile) ties the A4 showing: no refresh.
    s = robot("B1 A4", area=SATED, hands=("F4", ""), draw="F3 M1 M1")
    step, card, ev = robot_turn(s)
    assert "refresh" not in kinds_of(ev)
    assert (step, card) == (5, "A4")


def test_9_8_step_5_after_the_trigger_no_refresh_takes_the_best_showing():
    s = robot("A1 F2 M3", area=SATED, draw="", switched=True, rest="area0")
    s.turns_left = 0
    step, card, ev = robot_turn(s)
    assert "refresh" not in kinds_of(ev)
    assert (step, card) == (5, "F2")  # 6 VP each: leftmost of F2 / M3
    assert s.over


def test_9_7_second_pile_budget_spent_in_step_3_step_4_takes_a_three():
    # Level 3, seven zeros, five ones, three twos: Step 3 refreshes once (post-switch),
    # the revealed card is no 2 and there is no lower card; Step 4 (no 3 yet) takes the
    # leftmost 3 without refreshing again.
    area = FIVE_ONES + " A2 B2 M2"
    s = robot("A4 B3 M3", area=area, draw="M4 B4 A3 F4", switched=True, rest="area0")
    step, card, ev = robot_turn(s)
    assert [e.note for e in ev if e.kind == "refresh"] == ["bottom"]
    assert (step, card) == (4, "B3")
    assert row(s.street) == "M3 F4 A3 B4 M4" and row(s.draw) == "A4"
    assert s.turns_left == -1


def test_9_8_1_and_6_3_robot_passes_on_an_empty_street_after_a_human_pass_ends_game():
    # Rule 9.8.1: he passes only with an empty Street; with the human's pass just before,
    # that is two consecutive passes (6.3): over at once.
    s = make(
        mode="solo",
        level=3,
        street="",
        hands=("", ""),
        areas=("", "F0"),
        draw="",
        switched=True,
        rest="area0",
        current=1,
        first=0,
    )
    s.turns_left = 2
    s.passes = 1
    _step, card, ev = robot_turn(s)
    assert card is None and kinds_of(ev)[-2:] == ["pass", "game_over"]
    assert s.over


def test_9_3_robot_takes_from_the_middle_the_gap_closes_order_kept():
    # Rule 9.3: a card leaves from the middle, the others keep their order (gap closed).
    s = robot("A2 B3 F4 M1", area=SEVEN_ZEROS, draw="M2 B0 A1")
    step, card, ev = robot_turn(s)
    # Step 2 wants a 1 and sees M1: no refresh, takes the M1 (index 3).
    assert "refresh" not in kinds_of(ev) and (step, card) == (2, "M1")
    assert row(s.street) == "A2 B3 F4"


def test_9_7_robot_refresh_in_step_1_the_leftmost_goes_even_if_it_is_the_best_card():
    # Rule 9.7: F4 out (A1 M1 M2 M3 in, no 0), then B3 out (A2 B0 F1 in): a 0 shows.
    s = robot("F4 B3", draw="F2 F1 B0 A2 M3 M2 M1 A1")  # four zeros: Step 1 wants a 0
    step, card, ev = robot_turn(s)
    assert [code(e.card) for e in ev if e.kind == "refresh"] == ["F4", "B3"]
    assert (step, card) == (1, "B0")
    assert row(s.street) == "A1 M1 M2 M3 A2 F1"
    assert row(s.discard) == "F4 B3" and row(s.draw) == "F2"


def test_9_8_step_5_second_pile_one_refresh_only_although_the_best_card_is_still_unseen():
    # Rules 9.7 / 4.1.4: after the switch his one refresh is spent, the F4 is still in
    # the pile, no 0 shows: he stops refreshing and takes the best card showing.
    s = robot("M1 A2", area=SATED, draw="F4 B1 A1 M2", switched=True)
    step, card, ev = robot_turn(s)
    assert [e.note for e in ev if e.kind == "refresh"] == ["bottom"]
    assert (step, card) == (5, "A2")  # A2 and the revealed M2 both 3 VP: leftmost
    assert row(s.street) == "M2"
    assert row(s.draw) == "M1 F4 B1 A1"  # M1 under the pile, the F4 still unseen


def test_9_10_1_robot_as_starting_player_triggers_by_refresh_human_gets_one_more_turn():
    # Rules 9.7 + 6.1: the robot (starting seat) refreshes the leftmost A3 under a pile
    # of one: both come out, the pile is empty; the human takes one more turn.
    s = robot("A3 B1", area=SATED, draw="F4", switched=True, first=1)
    step, card, ev = robot_turn(s)
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [1]
    assert (step, card) == (5, "F4")
    assert not s.over and s.current == 0
    play(s, Pass())
    assert s.over and s.turns_done == [1, 1]
