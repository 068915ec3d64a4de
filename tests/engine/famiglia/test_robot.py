"""Rules 9.2-9.8: the solo robot gangster's turn, Steps 1-5 and its refreshes."""

from __future__ import annotations

import pytest

from engine.famiglia import IllegalAction, new_game
from engine.famiglia.actions import Pass, RobotTurn, Take

from .positions import codes, kinds_of, make, play, row

# At every threshold of level 3 (7 zeros, 5 ones, 4 twos, 2 threes): Step 5 only.
SATED = "F0*2 A0*2 B0*2 M0 A1*2 B1 M1 F1 A2 B2 M2 F2 A3 B3"


def robot(street: str, area: str = "F0 A0 B0 M0", **kw):
    kw.setdefault("rest", "area0")
    return make(
        mode="solo",
        level=kw.pop("level", 3),
        street=street,
        areas=("", area),
        current=1,
        first=0,
        **kw,
    )


def turn(s):
    """The robot's turn: (step, card code taken or None, events)."""
    ev = play(s, RobotTurn())
    steps = [e for e in ev if e.kind == "robot_step"]
    assert len(steps) == 1
    taken = [e for e in ev if e.kind == "take"]
    return steps[0].amount, (codes([k == taken[0].card for k in range(20)]) if taken else None), ev


def test_9_2_solo_setup_both_starting_sets_robot_cards_face_up():
    s = new_game(4, mode="solo", level=3, first=1)
    assert codes(s.hands[0]) == "F0 A0 B0 M0" and codes(s.areas[1]) == "F0 A0 B0 M0"
    assert sum(s.hands[1]) == 0 and len(s.street) == 6 and s.current == 1


def test_9_3_street_keeps_order_gap_closed_refill_appended_right():
    s = robot("A1 F0 B2 M0")
    step, card, _ = turn(s)
    assert (step, card) == (1, "F0")
    assert row(s.street) == "A1 B2 M0"
    s = robot("M0", draw="A1 A2 A3 B1 B2 B3 B4")
    turn(s)
    assert row(s.street) == "B4 B3 B2 B1 A3 A2"


def test_9_4_robot_has_no_hand_every_card_face_up_in_area_zeros_counted():
    s = robot("A0", area="F0 A0 B0 M0 F0 A0")
    turn(s)
    assert sum(s.hands[1]) == 0 and codes(s.areas[1]) == "F0 F0 A0 A0 A0 B0 M0"
    s = robot("A0 B1", area="F0*2 A0*2 B0*2 M0")  # 7 zeros counted: Step 2
    assert turn(s)[:2] == (2, "B1")


def test_9_5_human_turn_is_the_two_player_turn():
    solo = make(mode="solo", level=3, street="A1 F0 M2", hands=("M1 A0 B1", ""))
    duel = make(street="A1 F0 M2", hands=("M1 A0 B1", ""))
    assert solo.legal_actions() == duel.legal_actions()


def test_9_6_robot_turn_is_one_action_then_refill_and_human_turn():
    s = robot("F0", draw="A1 A2 A3 B1 B2 B3 B4")
    assert s.legal_actions() == [RobotTurn()]
    with pytest.raises(IllegalAction, match="robot gangster's turn"):
        s.apply(Pass())
    _, _, ev = turn(s)
    assert kinds_of(ev) == ["robot_step", "take", "refill", "turn"]
    assert s.current == 0 and len(s.street) == 6
    with pytest.raises(IllegalAction, match="Only the robot"):
        s.apply(RobotTurn())


def test_9_7_first_pile_refreshes_leftmost_until_the_target_shows():
    s = robot("A1 B2", draw="M3 A0 B1 F1")  # A1 -> F1; B2 -> B1, A0
    step, card, ev = turn(s)
    refreshes = [e for e in ev if e.kind == "refresh"]
    assert [e.card for e in refreshes] == [6, 12]  # A1 then B2: always the leftmost
    assert all(e.note == "discard" for e in refreshes)
    assert (step, card) == (1, "A0") and row(s.discard) == "A1 B2"


def test_9_7_never_refreshes_while_a_zero_shows():
    s = robot("F1 A0", area="F0*2 A0*2 B0*2 M0")  # Step 2: a 1 shows, takes it
    assert turn(s)[:2] == (2, "F1")
    s = robot("B3 A0", area="F0*2 A0 B0*2 M0*2")  # Step 2: no 1, a 0 shows -> no refresh
    step, card, ev = turn(s)
    assert "refresh" not in kinds_of(ev) and (step, card) == (2, "A0")


def test_9_7_ruling_one_shared_refresh_per_turn_after_the_switch():
    s = robot("A2 B3", draw="M1 B2 F2", switched=True)
    step, card, ev = turn(s)
    assert kinds_of(ev).count("refresh") == 1  # Step 1 spent it; Step 2 may not refresh
    assert row(s.draw) == "A2 M1"  # the A2 went under the pile
    assert (step, card) == (3, "F2")


def test_9_7_clarification_switch_mid_refresh_gives_him_one_more():
    s = robot("A3 B1", draw="F2", discard="M3 M2 M1")
    _, _, ev = turn(s)
    refreshes = [e for e in ev if e.kind == "refresh"]
    assert [e.note for e in refreshes] == ["discard", "bottom"]
    assert "switch" in kinds_of(ev)


def test_9_8_step_1_takes_the_leftmost_zero():
    s = robot("A1 M0 F0 B0")
    step, card, ev = turn(s)
    assert (step, card) == (1, "M0") and "Step 1" in ev[0].note


def test_9_8_step_1_no_zero_obtainable_goes_to_step_2():
    s = robot("A1 B2", draw="M2", switched=True)  # one refresh, no zeros after the switch
    step, card, ev = turn(s)
    assert kinds_of(ev).count("refresh") == 1 and row(s.draw) == "A1"
    assert (step, card) == (3, "B2")  # Step 2 found neither a 1 nor a 0


def test_9_8_step_2_leftmost_one():
    s = robot("A2 B1 F1 M0", area="F0*2 A0*2 B0*2 M0")
    assert turn(s)[:2] == (2, "B1")


def test_9_8_step_2_else_red_zero_leftmost():
    s = robot("A0 F0 B2 F0", area="F0 A0*2 B0*2 M0*2")
    step, card, ev = turn(s)
    assert (step, card) == (2, "F0") and row(s.street) == "A0 B2 F0"
    assert "red 0" in ev[0].note


def test_9_8_step_2_else_leftmost_zero_of_any_colour():
    s = robot("B2 M0 A0", area="F0*2 A0*2 B0*2 M0")
    assert turn(s)[:2] == (2, "M0")


def test_9_8_step_3_leftmost_two():
    s = robot("A3 B2 M2 F0", area="F0*2 A0*2 B0*2 M0 A1*2 B1 M1 F1")
    step, taken, ev = turn(s)
    assert (step, taken) == (3, "B2")
    why = next(e.note for e in ev if e.kind == "robot_step")
    assert why == "Step 3: has 0 of 4 twos, takes the leftmost 2"  # not "of 4 2s"


def test_9_8_step_3_ruling_most_valuable_lower_card_by_vp_tie_leftmost():
    area = "F0*2 A0*2 B0*2 M0 A1*2 B1 M1 F1"
    assert turn(robot("B0 A1 F1 M3", area=area))[:2] == (3, "F1")  # red 1 = 3 VP
    assert turn(robot("A1 F0 M3", area=area))[:2] == (3, "A1")  # 1 VP each: leftmost
    assert turn(robot("F0 A1 M3", area=area))[:2] == (3, "F0")


def test_9_8_step_4_leftmost_three_else_most_valuable_lower():
    area = "F0*2 A0*2 B0*2 M0 A1*2 B1 M1 F1 A2 B2 M2 F2"
    assert turn(robot("A4 B3 M3 F0", area=area))[:2] == (4, "B3")
    assert turn(robot("A4 B2 F1 M0", area=area))[:2] == (4, "B2")  # 3 VP each: leftmost


def test_9_8_step_5_highest_vp_tie_leftmost_no_refresh_when_top_card_shows():
    s = robot("M3 F2 A3 M0", area=SATED)
    step, card, ev = turn(s)
    assert (step, card) == (5, "M3") and "refresh" not in kinds_of(ev)


def test_9_8_step_5_refreshes_only_while_a_better_card_is_unseen():
    s = robot("M3 A2", area=SATED, draw="B1 F4 A1 M1")
    step, card, ev = turn(s)
    assert kinds_of(ev).count("refresh") == 1 and (step, card) == (5, "F4")
    s = robot("M3 A2", area=SATED, draw="B1 A1 M1", rest="area0")  # F4 is owned
    step, card, ev = turn(s)
    assert "refresh" not in kinds_of(ev) and (step, card) == (5, "M3")


def test_9_8_1_robot_passes_only_with_an_empty_street():
    s = robot("")
    _, card, ev = turn(s)
    assert card is None and "pass" in kinds_of(ev) and s.passes == 1


def test_9_8_2_a_four_reaches_him_only_through_step_5():
    area = "F0*2 A0*2 B0*2 M0 A1*2 B1 M1 F1"
    assert turn(robot("F4 A1 M0", area=area))[:2] == (3, "A1")


def test_9_8_human_can_take_robot_leftovers_normally():
    s = robot("A0 B0")
    turn(s)
    play(s, Take(index=0))
    assert codes(s.hands[0]) == "B0"
