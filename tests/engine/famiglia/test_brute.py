"""Rule 4.3 (A3, the Brute's reduction)."""

from __future__ import annotations

import pytest

from engine.famiglia import IllegalAction, view
from engine.famiglia.actions import BruteAmount, BruteTarget, Pass, PlayAccountant, PlayBrute, Take
from engine.famiglia.payment import effective_rank

from .positions import codes, make, play


def test_4_3_1_brute_to_play_area_then_one_target_lowered_by_1_to_n():
    s = make(street="A1 M4 F2", hands=("B3 M1", ""))
    ev = play(s, PlayBrute(rank=3))
    assert codes(s.areas[0]) == "B3"
    assert s.decision == "brute_target"
    assert {a.index for a in s.legal_actions()} == {0, 1, 2}
    ev += play(s, BruteTarget(index=1))
    assert s.decision == "brute_amount"
    assert [a.amount for a in s.legal_actions()] == [1, 2, 3]
    ev += play(s, BruteAmount(amount=3))
    assert effective_rank(s, 1) == 1
    assert [e.kind for e in ev] == ["brute", "brute_target"]
    assert ev[-1].amount == 3


def test_4_3_1_never_below_zero_and_exactly_zero_is_fine():
    s = make(street="A2", hands=("B4", ""))
    play(s, PlayBrute(rank=4), BruteTarget(index=0))
    assert [a.amount for a in s.legal_actions()] == [1, 2]
    with pytest.raises(IllegalAction, match="by 1 to 2"):
        s.apply(BruteAmount(amount=3))
    play(s, BruteAmount(amount=2))
    assert effective_rank(s, 0) == 0
    play(s, Take(index=0))  # 4.4.2: lowered to 0 -> free
    assert codes(s.hands[0]) == "A2"


def test_4_3_1_brute_needs_a_brute_of_rank_1_to_4_in_hand():
    s = make(street="A2", hands=("B0", ""))
    assert PlayBrute(rank=1) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="no Brute 1"):
        s.apply(PlayBrute(rank=1))


def test_4_3_2_reduction_lapses_at_end_of_turn():
    s = make(street="M4 F0", hands=("B2", "M1*2"))
    play(s, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=2), Pass())
    assert s.current == 1
    assert effective_rank(s, 0) == 4
    assert Take(index=0) not in s.legal_actions()  # two M1 no longer enough
    assert view(s, 1).brute is None


def test_4_3_2_reduction_shown_in_the_view_during_the_turn():
    s = make(street="A1 M4", hands=("B2", ""))
    play(s, PlayBrute(rank=2), BruteTarget(index=1), BruteAmount(amount=2))
    v = view(s, 0)
    assert v.brute == (1, 2)
    assert v.street[1].effective_rank == 2 and v.street[1].rank == 4


def test_4_3_3_reduction_changes_cost_not_family_or_vp():
    s = make(street="F3", hands=("B1 F1*2", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=0))  # rank 3 > 1: lowered by 1 at once
    assert effective_rank(s, 0) == 2
    v = view(s, 0)
    assert v.street[0].vp == 10 and v.street[0].card == "F3"
    play(s, Take(index=0))
    assert s.hands[0][3] == 1  # an F3 in hand, still a red 3
    assert codes(s.hands[0]) == "F1 F3"


def test_4_3_4_any_other_card_may_be_taken_reduction_lapses():
    s = make(street="M4 A0", hands=("B2", ""))
    play(s, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=1))
    play(s, Take(index=1))
    assert codes(s.hands[0]) == "A0"
    assert s.street[0] % 5 == 4


def test_4_3_4_targeting_a_zero_is_harmless():
    s = make(street="M0 A3", hands=("B2", ""))
    ev = play(s, PlayBrute(rank=2), BruteTarget(index=0))
    assert s.decision == "main"
    assert ev[-1].kind == "brute_target" and ev[-1].amount == 0
    assert effective_rank(s, 0) == 0


def test_4_3_brute_after_accountant_but_not_before_it():
    s = make(street="A1", hands=("A1 B1", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=0))
    assert PlayAccountant(rank=1) not in s.legal_actions()
    assert PlayBrute(rank=1) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="can't play an Accountant now"):
        s.apply(PlayAccountant(rank=1))


def test_4_3_2_reduction_still_shown_while_choosing_how_to_pay():
    s = make(street="F4", hands=("B2 F1 M2", ""))
    play(s, PlayBrute(rank=2), BruteTarget(index=0))
    assert view(s, 0).brute is None  # amount not chosen yet
    play(s, BruteAmount(amount=2), Take(index=0))
    assert s.decision == "pay"
    assert view(s, 0).brute == (0, 2)
    assert view(s, None).brute == (0, 2)
