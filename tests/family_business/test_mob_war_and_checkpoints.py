"""Mob War and checkpoints: rules 6.1-6.5, 7.1-7.3; RULINGs R14-R21."""

from __future__ import annotations

from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.state import DOUBLE, NONE, OVER, SINGLE

from .positions import CC, A, B, answer, board, discard, play


def test_r14_mob_war_sets_single_also_during_a_double_war():
    s = board(3, hit=[B, B, CC], at_large=[9, 7, 8], war=DOUBLE, hands={A: [C.MOB_WAR]})
    play(s, A, C.MOB_WAR)
    assert s.war == SINGLE and s.hit == [B, CC]  # B's S1 executed once


def test_6_2_ambush_starts_or_raises_a_war_to_double():
    for war in (NONE, SINGLE):
        s = board(3, war=war, hands={A: [C.AMBUSH]})
        play(s, A, C.AMBUSH)
        assert s.war == DOUBLE


def test_r19_a_war_played_on_an_empty_list_runs_and_executes_nobody():
    s = board(3, hands={A: [C.MOB_WAR]})
    play(s, A, C.MOB_WAR)
    assert s.war == SINGLE and s.active == B and s.hit == []
    discard(s, B)
    assert s.war == SINGLE and s.hit == []  # an empty list at a checkpoint ends nothing


def test_6_3_six_entries_start_a_war_at_the_checkpoint():
    s = board(3, hit=[B, B, CC, CC, B], at_large=[9, 6, 7], hands={A: [C.CONTRACT]})
    play(s, A, C.CONTRACT, ("gang", B))
    answer(s, B)
    answer(s, CC)
    assert s.war == SINGLE


def test_6_3_six_or_fewer_in_play_start_a_war():
    s = board(2, at_large=[3, 4], hands={A: [C.CONTRACT]})
    discard(s, A)
    assert s.war == NONE  # T = 7
    s = board(2, at_large=[3, 3], hands={A: [C.CONTRACT]})
    discard(s, A)
    assert s.war == SINGLE  # T = 6


def test_r15_truce_ends_a_war_and_the_checkpoint_restarts_it_at_single():
    s = board(2, at_large=[2, 2], hit=[A, B], war=DOUBLE, hands={A: [C.TRUCE]})
    play(s, A, C.TRUCE)
    assert s.war == SINGLE  # T = 6 restarts it, at the normal rate


def test_r30_truce_without_a_war_does_nothing():
    s = board(3, hands={A: [C.TRUCE]})
    play(s, A, C.TRUCE)
    assert s.war == NONE and s.hit == []


def test_r17_a_war_started_by_a_card_executes_from_the_next_turn_on():
    s = board(3, hit=[B, CC], at_large=[9, 8, 8], hands={A: [C.AMBUSH]})
    play(s, A, C.AMBUSH)
    # A's card started it; B's S1 is the first turn after: two executions
    assert s.hit == [] and s.war == NONE and s.active == B


def test_r17_a_war_restarted_by_the_s1_checkpoint_executes_from_the_next_turn():
    """T = 6: B's S1 executes the last listed mobster, which ends the war; the S1
    checkpoint restarts it at single, and the first execution comes in C's turn."""
    s = board(3, at_large=[2, 2, 1], hit=[CC], war=SINGLE, active=A, hands={B: [C.CONTRACT]})
    discard(s, A)
    assert s.active == B and s.hit == [] and s.war == SINGLE
    play(s, B, C.CONTRACT, ("gang", A))
    answer(s, A)
    answer(s, CC)
    assert s.active == CC and s.hit == [] and s.in_play(A) == 1


def test_r16_an_emptied_list_stops_the_second_execution_and_ends_the_war():
    s = board(3, at_large=[5, 5, 5], hit=[CC], war=DOUBLE, active=A)
    discard(s, A)
    assert s.hit == [] and s.war == NONE and s.active == B


def test_6_4_executions_at_single_take_one_per_turn():
    s = board(3, at_large=[5, 5, 5], hit=[CC, A, B], war=SINGLE, active=A)
    discard(s, A)
    assert s.hit == [A, B]
    discard(s, B)
    assert s.hit == [B]


def test_r18_massacre_ends_a_war_even_on_an_empty_list():
    s = board(3, war=SINGLE, hands={A: [C.MASSACRE]})
    play(s, A, C.MASSACRE)
    assert s.war == NONE


def test_7_3_a_gang_whose_mobsters_are_all_listed_wins_when_alone():
    s = board(2, at_large=[0, 1], hit=[A, A], hands={A: [C.HIT]})
    play(s, A, C.HIT, ("at_large", B))
    assert s.phase == OVER and GAME.outcome(s).placing == ((A,), (B,))


def test_r21_a_hit_and_its_price_count_as_one_event():
    """A's Hit kills B's last mobster; the price lists A's last at-large mobster, A wins
    with everything listed."""
    s = board(2, at_large=[1, 1], hands={A: [C.HIT]})
    play(s, A, C.HIT, ("at_large", B))
    assert s.hit == [A] and s.phase == OVER and s.winner == A


def test_r20_outcome_places_earlier_eliminations_lower():
    s = board(4, at_large=[0, 0, 0, 5], hit=[CC, A, B], war=SINGLE, active=B)
    discard(s, B)  # C's S1 kills C; the turn passes (R10) and D's S1 kills A
    assert s.eliminated == [[CC], [A]] and s.active == 3
    discard(s, 3)  # A is out: B's turn, whose S1 kills B -> D wins
    out = GAME.outcome(s)
    assert out.placing == ((3,), (B,), (A,), (CC,)) and out.winners == (3,)
