"""The turn: rules 4.3-4.6 and 10; RULINGs R6, R8, R9, R10."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.state import DOUBLE, SINGLE

from .positions import CC, A, B, D, answer, board, discard, play, step


def test_r6_every_hand_card_can_be_discarded_without_effect():
    hand = [C.CONTRACT, C.MOB_POWER, C.TRUCE, C.LAM]
    s = board(3, hands={A: hand})
    acts = GAME.legal_actions(s, A)
    assert {a.arg for a in acts if a.kind == "discard"} == set(hand)
    before = (s.hit[:], s.at_large[:], s.war)
    discard(s, A, C.CONTRACT)
    assert (s.hit, s.at_large, s.war) == before and s.discard[-1] == C.CONTRACT
    assert s.active == B


def test_rule_10_counters_in_ones_own_turn_can_only_be_discarded():
    s = board(3, hands={A: [C.MOB_POWER, C.FAMILY_INFLUENCE, C.FINGER, C.SAFE_HOUSE]})
    acts = GAME.legal_actions(s, A)
    assert all(a.kind == "discard" for a in acts)
    with pytest.raises(IllegalAction):
        step(s, A, "play", C.MOB_POWER)


def test_4_3_a_card_without_a_legal_target_can_only_be_discarded():
    s = board(3, hands={A: [C.LAM, C.POLICE_PROTECTION, C.PAY_OFF, C.SUBSTITUTION]})
    assert s.hit == []
    assert all(a.kind == "discard" for a in GAME.legal_actions(s, A))
    with pytest.raises(IllegalAction, match="only discard"):
        step(s, A, "play", C.LAM)


def test_r8_the_contractor_not_the_victim_or_counter_player_chooses():
    """Under Mob Power the contractor's own mobster is listed, chosen by nobody else."""
    s = board(3, hands={A: [C.CONTRACT], B: [C.MOB_POWER]})
    play(s, A, C.CONTRACT, ("gang", CC))
    assert GAME.legal_actions(s, B) == [Action("counter", C.MOB_POWER), Action("no_counter")]
    answer(s, B, C.MOB_POWER)
    answer(s, CC)
    assert s.hit == [A] and s.at_large[A] == 8 and s.at_large[CC] == 9


def test_4_5_without_a_counter_the_turn_goes_clockwise():
    s = board(4, active=CC)
    discard(s, CC)
    assert s.active == D
    discard(s, D)
    assert s.active == A


def test_4_5_a_counter_gives_the_next_turn_and_skips_the_seats_between():
    s = board(4, hands={A: [C.CONTRACT], D: [C.FAMILY_INFLUENCE]})
    play(s, A, C.CONTRACT, ("gang", B))
    for seat in (B, CC):
        answer(s, seat)
    answer(s, D, C.FAMILY_INFLUENCE)
    assert s.active == D and s.hit == []


def test_r9_a_gang_due_to_move_that_is_not_live_passes_to_the_next_live():
    s = board(4, live=[True, False, False, True], at_large=[9, 0, 0, 9], active=A)
    discard(s, A)
    assert s.active == D


def test_r10_active_gang_eliminated_in_s1_neither_draws_nor_plays():
    """B's last mobster is executed in B's S1; C's turn then executes again."""
    s = board(3, at_large=[5, 0, 5], hit=[B, A, CC], war=SINGLE, active=A)
    b_hand = len(s.hands[B])
    discard(s, A)
    assert not s.live[B] and s.hands[B] == [] and b_hand == 6
    assert s.active == CC
    assert s.hit == [CC]  # B's turn executed B, C's turn executed A


def test_r10_eliminated_active_gang_turn_passes_without_drawing():
    s = board(3, at_large=[5, 0, 5], hit=[B, A], war=DOUBLE, active=A)
    events = discard(s, A)
    turns = [e["seat"] for e in events if e["kind"] == "turn"]
    draws = [e["seat"] for e in events if e["kind"] == "drew"]
    assert turns == [B, CC] and B not in draws
    assert s.hit == [] and s.war == 0  # B's turn emptied the list; C's executes nobody


def test_wrong_seat_and_unlisted_actions_are_refused_with_the_state_unchanged():
    s = board(3, hands={A: [C.CONTRACT, C.TRUCE]})
    before = GAME.dump_state(s)
    for seat, action, reason in [
        (B, Action("discard", C.CONTRACT), "not your turn"),
        (A, Action("discard", C.HIT), "do not hold"),
        (A, Action("gang", B), "Play or discard"),
        (A, Action("no_counter"), "Play or discard"),
        (7, Action("discard", C.CONTRACT), "no seat"),
        (False, Action("discard", C.CONTRACT), "no seat"),  # a bool is no seat, not A
    ]:
        with pytest.raises(IllegalAction, match=reason):
            GAME.apply(s, action, seat)
        assert GAME.dump_state(s) == before
    step(s, A, "play", C.CONTRACT)
    mid = GAME.dump_state(s)
    for action in (Action("gang", A), Action("gang", 5), Action("position", 1)):
        with pytest.raises(IllegalAction, match="not a legal choice"):
            GAME.apply(s, action, A)
        assert GAME.dump_state(s) == mid
