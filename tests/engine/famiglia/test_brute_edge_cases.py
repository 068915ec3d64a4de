"""The Brute's lowering in unusual combinations (rules 4.3, 4.4.6, 4.5.1).

Each test names the rule (or RULING) of famiglia.md it checks. Refusals are checked to
give a reason and to leave the state exactly as it was.
"""

from __future__ import annotations

from engine.famiglia.actions import (
    BruteAmount,
    BruteTarget,
    Pass,
    Pay,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Take,
)
from engine.famiglia.payment import effective_rank

from .positions import codes, kinds_of, make, pays, play, refused, row, take_indices


def test_4_3_2_brute_lowers_one_of_two_identical_cards_only():
    # Rule 4.3.1/4.3.2: the reduction belongs to the chosen card, not to its kind.
    s = make(street="A3 A3", hands=("B1 A1*2", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=1))
    assert effective_rank(s, 0) == 3 and effective_rank(s, 1) == 2
    assert take_indices(s) == [1]
    refused(s, Take(index=0), "A2")
    play(s, Take(index=1))
    assert codes(s.hands[0]) == "A1 A3"


def test_4_3_1_brute_3_on_a_2_offers_only_1_and_2():
    # Rule 4.3.1: 1 <= d <= N and never below 0.
    s = make(street="F2 A4", hands=("B3", ""))
    play(s, PlayBrute(rank=3), BruteTarget(index=0))
    assert [a.amount for a in s.legal_actions()] == [1, 2]
    refused(s, BruteAmount(amount=3), "by 1 to 2")
    play(s, BruteAmount(amount=2))
    assert effective_rank(s, 0) == 0 and take_indices(s) == [0]


def test_4_3_4_brute_on_a_zero_changes_nothing_and_the_zero_stays_free():
    s = make(street="B0 F3", hands=("B2 F2", ""))
    play(s, PlayBrute(rank=2), BruteTarget(index=0))
    assert s.decision == "main"
    assert effective_rank(s, 0) == 0 and effective_rank(s, 1) == 3
    assert take_indices(s) == [0]


def test_4_3_2_reduction_lapses_so_the_next_player_sees_the_printed_rank():
    s = make(street="M4 F0", hands=("B2", "M1*2"))
    play(s, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=2), Take(index=1))
    assert s.current == 1
    assert effective_rank(s, 0) == 4
    assert take_indices(s) == []  # the two M1 no longer reach the M4


def test_4_brute_refused_after_the_take_stage_and_a_second_brute_refused():
    # Rule 4: each family's ability once per turn, A1-A4 in order.
    s = make(street="A2 F3", hands=("B1 B2 A1", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=0))
    refused(s, PlayBrute(rank=2), "once a turn")
    refused(s, PlayAccountant(rank=1), "once a turn")
    refused(s, Refresh(index=0), "first")


def test_4_4_6_brute_lowers_so_a_lower_wild_becomes_enough():
    # Rule 4.4.6: wild rank >= effective rank. A4 lowered by 2 -> genuine A1, M2 wild.
    s = make(street="A4", hands=("B2 A1 M2", ""))
    assert take_indices(s) == []
    play(s, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=1))
    assert take_indices(s) == []  # at 3 it needs A2
    s2 = make(street="A4", hands=("B2 A1 M2", ""))
    play(s2, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=2))
    play(s2, Take(index=0))
    assert pays(s2) == {(2, "genuine"), (2, "wild")}
    play(s2, Pay(wild=2, exhaust="genuine"))
    assert codes(s2.hands[0]) == "A4 M2" and codes(s2.areas[0]) == "A1 B2"


def test_4_4_2_and_4_5_1_brute_to_zero_takes_the_last_street_card_then_refill():
    s = make(street="F3", hands=("B3", ""), draw="A1 A2 A3 M1 M2 M3 B1", rest="area1")
    play(s, PlayBrute(rank=3), BruteTarget(index=0), BruteAmount(amount=3))
    ev = play(s, Take(index=0))
    assert kinds_of(ev) == ["take", "refill", "turn"]
    assert row(s.street) == "B1 M3 M2 M1 A3 A2" and row(s.draw) == "A1"
    assert s.current == 1 and s.brute_idx == -1
    assert codes(s.hands[0]) == "F3" and codes(s.areas[0]) == "B3"


def test_4_3_1_other_moves_refused_while_the_brute_amount_is_open():
    s = make(street="A4 F0", hands=("B4", ""))
    play(s, PlayBrute(rank=4), BruteTarget(index=0))
    assert s.decision == "brute_amount"
    refused(s, Take(index=1), "not now", "how much")
    refused(s, Pass(), "not now")
    refused(s, BruteTarget(index=1), "not now")
