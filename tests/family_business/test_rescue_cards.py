"""Rescue cards: rules 9.1-9.7; RULINGs R29, R30."""

from __future__ import annotations

from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.state import DOUBLE, NONE, SINGLE

from .positions import CC, A, B, answer, board, play, step


def test_9_1_take_it_on_the_lam_frees_any_listed_mobster_and_finger_cancels_it():
    s = board(3, at_large=[8, 8, 9], hit=[A, B], hands={A: [C.LAM]})
    play(s, A, C.LAM, ("position", 2))
    answer(s, B)
    answer(s, CC)
    assert s.hit == [A] and s.at_large[B] == 9
    s = board(3, at_large=[8, 8, 9], hit=[A, B], hands={A: [C.LAM], CC: [C.FINGER]})
    play(s, A, C.LAM, ("position", 1))
    answer(s, B)
    answer(s, CC, C.FINGER)
    assert s.hit == [A, B] and s.active == CC


def test_9_1_freeing_the_last_listed_mobster_ends_the_war():
    s = board(3, at_large=[8, 9, 9], hit=[A], war=DOUBLE, hands={A: [C.POLICE_PROTECTION]})
    play(s, A, C.POLICE_PROTECTION, ("position", 1))
    assert s.hit == [] and s.war == NONE and s.at_large[A] == 9


def test_r29_substitution_within_one_gang_is_legal_and_changes_nothing():
    s = board(3, at_large=[8, 9, 9], hit=[A], hands={A: [C.SUBSTITUTION]})
    play(s, A, C.SUBSTITUTION, ("position", 1))
    assert GAME.legal_actions(s, A) == [Action("at_large", g) for g in (A, B, CC)]
    step(s, A, "at_large", A)
    assert s.hit == [A] and s.at_large == [8, 9, 9]


def test_9_3_substitution_needs_a_second_mobster_in_play():
    s = board(2, at_large=[0, 0], hit=[A, B], hands={A: [C.SUBSTITUTION]})
    assert Action("play", C.SUBSTITUTION) in GAME.legal_actions(s, A)
    s = board(2, at_large=[0, 5], hit=[], hands={A: [C.SUBSTITUTION]})
    assert Action("play", C.SUBSTITUTION) not in GAME.legal_actions(s, A)


def test_r30_intrigue_may_keep_the_order_and_is_legal_on_an_empty_list():
    s = board(3, at_large=[8, 8, 9], hit=[A, B], hands={A: [C.INTRIGUE]})
    play(s, A, C.INTRIGUE, ("next", A))
    assert s.hit == [A, B]
    s = board(3, hands={A: [C.INTRIGUE]})
    play(s, A, C.INTRIGUE)
    assert s.hit == [] and s.active == B


def test_9_6_pay_off_frees_every_mobster_of_one_gang_keeping_the_others_order():
    s = board(3, at_large=[7, 8, 8], hit=[A, B, A, CC], war=SINGLE, hands={A: [C.PAY_OFF]})
    play(s, A, C.PAY_OFF)
    assert GAME.legal_actions(s, A) == [Action("gang", g) for g in (A, B, CC)]
    step(s, A, "gang", A)
    # B's S1 then executes the B at the wall
    assert s.at_large[A] == 9 and s.hit == [CC]


def test_9_7_federal_crackdown_frees_all_and_ends_the_war_only_on_a_non_empty_list():
    s = board(3, at_large=[8, 8, 8], hit=[A, B, CC], war=DOUBLE, hands={A: [C.CRACKDOWN]})
    play(s, A, C.CRACKDOWN)
    assert s.hit == [] and s.war == NONE and s.at_large == [9, 9, 9]
    s = board(3, war=SINGLE, hands={A: [C.CRACKDOWN]})
    play(s, A, C.CRACKDOWN)
    assert s.war == SINGLE
