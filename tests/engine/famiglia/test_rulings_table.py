"""Rule 8: the table of ambiguities and their answers (8.1-8.11), one scenario each."""

from __future__ import annotations

from engine.famiglia import result
from engine.famiglia.actions import (
    BruteAmount,
    BruteTarget,
    ExchangeDone,
    Pass,
    Pay,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Take,
)
from engine.famiglia.payment import effective_rank

from .positions import codes, make, play


def test_8_1_accountant_exchange_of_zero_cards_allowed():
    s = make(street="F0", hands=("A3", ""), areas=("F2", ""))
    play(s, PlayAccountant(rank=3))
    assert ExchangeDone() in s.legal_actions()
    play(s, ExchangeDone())
    assert codes(s.areas[0]) == "F2 A3" and s.decision == "main"


def test_8_2_brute_lowers_by_up_to_n_at_least_one():
    s = make(street="M4", hands=("B3", ""))
    play(s, PlayBrute(rank=3), BruteTarget(index=0))
    assert [a.amount for a in s.legal_actions()] == [1, 2, 3]


def test_8_3_brute_reduction_not_permanent():
    s = make(street="M4 F0", hands=("B3", ""))
    play(s, PlayBrute(rank=3), BruteTarget(index=0), BruteAmount(amount=3))
    play(s, Take(index=1))
    assert effective_rank(s, 0) == 4


def test_8_4_wild_rank_at_least_the_effective_target_rank():
    s = make(street="F4", hands=("B2 F1 M2 M1", ""))
    play(s, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=2), Take(index=0))
    assert {a.wild for a in s.legal_actions() if isinstance(a, Pay)} == {2}


def test_8_5_two_mercenaries_as_double_wild_forbidden():
    s = make(street="A2", hands=("M2 M3", ""))
    assert Take(index=0) not in s.legal_actions()


def test_8_6_green_wild_for_green_target_needs_one_genuine_green():
    assert Take(index=0) in make(street="M2", hands=("M1 M3", "")).legal_actions()
    assert Take(index=0) not in make(street="M2", hands=("M2 M3", "")).legal_actions()


def test_8_7_refresh_stops_when_zeros_appear_mid_refresh():
    s = make(street="A2 B1", draw="F3 M0 A1")
    play(s, Refresh(index=0))  # reveals A1 then M0
    assert not any(isinstance(a, Refresh) for a in s.legal_actions())


def test_8_8_one_more_refresh_after_a_switch_in_the_same_turn():
    s = make(street="A2 B1", draw="F1", discard="M2 M3", rest="area1")
    play(s, Refresh(index=0))
    assert s.switched
    assert sum(isinstance(a, Refresh) for a in s.legal_actions()) == len(s.street)
    play(s, Refresh(index=0))
    assert not any(isinstance(a, Refresh) for a in s.legal_actions())


def test_8_9_any_street_card_may_be_discarded_in_a1():
    s = make(street="A1 B2 F3 M4 A2 B1")
    assert {a.index for a in s.legal_actions() if isinstance(a, Refresh)} == set(range(6))


def test_8_10_tie_after_highest_card_cascade_else_shared():
    assert result(make(hands=("B4 A2 F0", "F3 A1 B1 M1 A1"), rest="discard")).winner == 0
    assert result(make(hands=("B4 A2", "M4 F1"), rest="discard")).winner is None


def test_8_11_early_end_parity_not_equalised():
    s = make(street="F0 A0", hands=("", ""), first=1, current=1)
    play(s, Pass(), Pass())
    assert s.over and s.turns_done == [1, 1]
    s = make(street="F0 A0", hands=("", ""), first=0, current=0)
    play(s, Take(index=0), Pass(), Pass())
    assert s.over and s.turns_done == [2, 1]
