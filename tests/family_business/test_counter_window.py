"""The counter window: rules 5.1-5.7, 7.2; RULINGs R11, R12, R13, R31."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.state import WINDOW

from .positions import CC, A, B, D, answer, board, play

NO = Action("no_counter")


@pytest.mark.parametrize(
    ("card", "choices", "opens"),
    [
        (C.CONTRACT, [("gang", B)], True),
        (C.CONTRACT_NO_MOB_POWER, [("gang", B)], True),
        (C.CONTRACT_NO_FAMILY_INFLUENCE, [("gang", B)], True),
        (C.CONTRACT_IRON_CLAD, [("gang", B)], False),
        (C.PRIORITY_CONTRACT, [("gang", B)], True),
        (C.DOUBLE_CONTRACT, [("gang", B)], True),
        (C.VENDETTA, [("next", B), ("next", CC), ("next", B)], True),
        (C.LAM, [("position", 1)], True),
        (C.POLICE_PROTECTION, [("position", 1)], False),
        (C.HIT, [("at_large", B)], False),
        (C.DOUBLE_CROSS, [("next", B)], False),
        (C.MOB_WAR, [], False),
        (C.AMBUSH, [], False),
    ],
)
def test_5_1_a_window_opens_exactly_for_the_counterable_cards(card, choices, opens):
    s = board(3, hit=[B], at_large=[9, 8, 9], hands={A: [card]})
    play(s, A, card, *choices)
    assert (s.phase == WINDOW) == opens


def test_5_2_and_r12_every_live_responder_is_asked_even_holding_nothing():
    s = board(4, hands={A: [C.CONTRACT]})
    assert not any(c in C.COUNTER_CARDS for h in s.hands for c in h)
    play(s, A, C.CONTRACT, ("gang", B))
    assert GAME.awaiting(s) == (B, CC, D)
    for seat in (B, CC, D):
        assert GAME.legal_actions(s, seat) == [NO]
    assert GAME.legal_actions(s, A) == []


def test_7_2_an_eliminated_gang_is_never_a_responder():
    s = board(4, live=[True, True, False, True], at_large=[9, 9, 0, 9], hands={A: [C.CONTRACT]})
    play(s, A, C.CONTRACT, ("gang", B))
    assert GAME.awaiting(s) == (B, D)


def test_5_4_only_the_counters_the_card_permits_are_offered():
    hand = [C.MOB_POWER, C.FAMILY_INFLUENCE, C.FINGER, C.SAFE_HOUSE]
    s = board(3, hands={A: [C.CONTRACT_NO_FAMILY_INFLUENCE], B: hand})
    play(s, A, C.CONTRACT_NO_FAMILY_INFLUENCE, ("gang", CC))
    assert GAME.legal_actions(s, B) == [Action("counter", C.MOB_POWER), NO]
    with pytest.raises(IllegalAction, match="does not counter"):
        answer(s, B, C.FAMILY_INFLUENCE)
    s = board(3, hands={A: [C.CONTRACT_NO_MOB_POWER], B: hand})
    play(s, A, C.CONTRACT_NO_MOB_POWER, ("gang", CC))
    assert GAME.legal_actions(s, B) == [Action("counter", C.FAMILY_INFLUENCE), NO]
    s = board(3, hands={A: [C.CONTRACT], B: hand})
    play(s, A, C.CONTRACT, ("gang", CC))
    assert GAME.legal_actions(s, B) == [
        Action("counter", C.MOB_POWER),
        Action("counter", C.FAMILY_INFLUENCE),
        NO,
    ]


def test_r13_first_counter_clockwise_from_the_left_neighbour_wins_whatever_the_answer_order():
    for order in ([D, A, B], [B, A, D], [A, D, B]):
        s = board(4, active=CC, hands={CC: [C.CONTRACT], A: [C.MOB_POWER], B: [C.MOB_POWER]})
        play(s, CC, C.CONTRACT, ("gang", D))
        for seat in order:
            answer(s, seat, C.MOB_POWER if seat in (A, B) else None)
        # clockwise from C's left: D, A, B -> A wins, B keeps his card
        assert s.active == A and C.MOB_POWER in s.hands[B] and s.hit == [CC]


def test_r13_an_answer_cannot_be_changed_and_a_non_responder_cannot_answer():
    s = board(3, hands={A: [C.CONTRACT], B: [C.FAMILY_INFLUENCE]})
    play(s, A, C.CONTRACT, ("gang", CC))
    answer(s, B)
    before = GAME.dump_state(s)
    with pytest.raises(IllegalAction, match="already answered"):
        answer(s, B, C.FAMILY_INFLUENCE)
    with pytest.raises(IllegalAction, match="not asked"):
        answer(s, A)
    assert GAME.dump_state(s) == before and GAME.awaiting(s) == (CC,)


def test_r11_a_counter_is_not_countered_and_mob_powers_placement_opens_no_window():
    s = board(3, hands={A: [C.CONTRACT], B: [C.MOB_POWER], CC: [C.FAMILY_INFLUENCE]})
    play(s, A, C.CONTRACT, ("gang", CC))
    answer(s, B, C.MOB_POWER)
    answer(s, CC)
    assert s.phase != WINDOW and s.active == B and s.hit == [A]


def test_r31_the_window_view_shows_neither_who_answered_nor_others_answers():
    s = board(4, hands={A: [C.CONTRACT], B: [C.FAMILY_INFLUENCE]})
    play(s, A, C.CONTRACT, ("gang", CC))
    views = [GAME.view(s, seat) for seat in (None, A, B, CC, D)]
    answer(s, B, C.FAMILY_INFLUENCE)
    after = [GAME.view(s, seat) for seat in (None, A, B, CC, D)]
    for v0, v1 in zip(views, after, strict=True):
        assert v0.window == v1.window and v0.deciding == v1.deciding
    assert after[2].my_answer == C.FAMILY_INFLUENCE
    assert after[3].my_answer is None and after[0].my_answer is None
