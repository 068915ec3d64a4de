"""Audit round 3: unusual rule combinations nobody had tested yet.

Each test names the rule (or RULING) of famiglia.md it checks. Refusals are checked to
give a reason and to leave the state exactly as it was.
"""

from __future__ import annotations

import pytest
from build import codes, conserved, kinds_of, make, play, row

from engine.famiglia import IllegalAction
from engine.famiglia.actions import (
    BruteAmount,
    BruteTarget,
    ExchangeDone,
    ExchangeGive,
    ExchangeTake,
    Pass,
    Pay,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Take,
)
from engine.famiglia.cards import code
from engine.famiglia.payment import effective_rank


def refused(s, action, *words: str) -> str:
    """Apply an illegal action: IllegalAction naming ``words``, state unchanged."""
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    msg = str(err.value)
    assert s.to_dict() == before
    for w in words:
        assert w.lower() in msg.lower(), msg
    return msg


def refresh_indices(s) -> list[int]:
    return [a.index for a in s.legal_actions() if isinstance(a, Refresh)]


def take_indices(s) -> list[int]:
    return [a.index for a in s.legal_actions() if isinstance(a, Take)]


def pays(s) -> set[tuple[int, str]]:
    return {(a.wild, a.exhaust) for a in s.legal_actions() if isinstance(a, Pay)}


# ------------------------------------------------------------------ A1 refresh / piles


def test_4_1_5_after_the_mid_refresh_switch_exactly_one_more_refresh_then_refused():
    # Rule 4.1.5: A2 owes two, the first pile has one: switch, one card from the new pile.
    # No 0 shows: one post-switch refresh (card under the pile), then A1 is over.
    s = make(street="A2 B3", draw="F1", discard="M2 M3 F2", rest="area1")
    play(s, Refresh(index=0))
    assert s.switched and s.discard == []
    assert not any(k % 5 == 0 for k in s.street)
    assert len(refresh_indices(s)) == len(s.street)
    assert len(s.draw) == 3
    ev = play(s, Refresh(index=0))  # B3 under the pile of three, three come out
    assert [e.note for e in ev if e.kind == "refresh"] == ["bottom"]
    assert row(s.draw) == "B3" and s.post_refresh_used
    assert not any(k % 5 == 0 for k in s.street)  # still no 0, yet A1 is over
    assert refresh_indices(s) == []
    refused(s, Refresh(index=0), "only once")
    assert conserved(s)


def test_4_1_2_first_pile_refreshes_unlimited_while_no_zero_shows():
    # Rule 4.1.2: before the switch A1 may be repeated any number of times.
    s = make(street="A1 B1", draw="M1 M2 F1 F2 A2 A3", rest="discard")
    for _ in range(3):
        assert refresh_indices(s) == list(range(len(s.street)))
        play(s, Refresh(index=0))
    assert row(s.street) == "A2 F2 F1 M2"
    assert not s.switched and row(s.discard).endswith("A1 B1 A3")
    assert refresh_indices(s) == [0, 1, 2, 3]  # still no 0: a fourth is allowed
    assert conserved(s)


def test_4_1_1_refresh_refused_with_a_zero_showing_state_unchanged():
    s = make(street="A3 M0 B2", hands=("A1", ""))
    refused(s, Refresh(index=0), "0 is showing")


def test_6_4_ruling_refresh_refused_once_the_pile_is_empty_with_a_reason():
    s = make(street="A3 B2", draw="", switched=True, rest="area1")
    s.turns_left = 1
    refused(s, Refresh(index=0), "draw pile is empty")


def test_5_edge_ruling_refill_meets_an_exactly_empty_first_pile_and_empty_discard():
    # Rule 4.5.1/4.5.2 + 5 edge RULING: the refill takes the first pile's last six cards;
    # the switch finds an empty discard pile, the new pile is empty: trigger at once,
    # in the refill (6.2) after the starting player's turn -> the second player ends it.
    s = make(street="F0", draw="M1 M2 M3 A1 A2 A3", rest="area1", current=0, first=0)
    ev = play(s, Take(index=0))
    assert kinds_of(ev)[:4] == ["take", "refill", "switch", "end_triggered"]
    assert row(s.street) == "A3 A2 A1 M3 M2 M1"
    assert s.switched and s.draw == [] and s.discard == []
    assert not s.over and s.current == 1
    play(s, Pass())
    assert s.over and s.turns_done == [1, 1]


def test_4_2_3_same_rank_accountant_in_area_one_copy_eligible_not_both():
    # Rule 4.2.3: the area already holds an A2; playing another A2 lets the old one back
    # but never the one just played.
    s = make(street="F0", hands=("A2 F0 B0", ""), areas=("A2 M1", ""))
    play(s, PlayAccountant(rank=2))
    assert s.decision == "exchange_take"
    assert {a.card for a in s.legal_actions() if isinstance(a, ExchangeTake)} == {"A2", "M1"}
    play(s, ExchangeTake(card="A2"))
    assert {a.card for a in s.legal_actions() if isinstance(a, ExchangeTake)} == {"M1"}
    refused(s, ExchangeTake(card="A2"), "just played")
    play(s, ExchangeTake(card="M1"))
    assert s.decision == "exchange_give"
    play(s, ExchangeGive(card="F0"), ExchangeGive(card="B0"))
    assert codes(s.hands[0]) == "A2 M1"
    assert codes(s.areas[0]) == "F0 A2 B0"


def test_4_2_5_accountant_4_with_two_eligible_cards_moves_to_giving_after_both():
    # Rule 4.2.5: k is bounded by the eligible play-area cards, not only by N.
    s = make(street="F0", hands=("A4 F1 B1", ""), areas=("M2 B3", ""))
    play(s, PlayAccountant(rank=4), ExchangeTake(card="M2"))
    assert s.decision == "exchange_take"
    play(s, ExchangeTake(card="B3"))
    assert s.decision == "exchange_give"  # nothing left to take back
    refused(s, ExchangeDone(), "not now")
    refused(s, ExchangeGive(card="F3"), "no F3")
    play(s, ExchangeGive(card="F1"), ExchangeGive(card="B1"))
    assert s.decision == "main"
    assert codes(s.hands[0]) == "B3 M2" and codes(s.areas[0]) == "F1 A4 B1"


def test_4_2_exchange_gives_away_the_genuine_card_so_the_take_is_refused():
    # Rule 4.2.2 + 4.4.3: cards put into the play area can't pay.
    s = make(street="F2", hands=("A1 F1*2", ""), areas=("B0", ""))
    assert 0 in take_indices(s)
    play(s, PlayAccountant(rank=1), ExchangeTake(card="B0"), ExchangeGive(card="F1"))
    assert take_indices(s) == []
    refused(s, Take(index=0), "F1")


def test_4_2_exchange_takes_back_the_second_genuine_card_making_a_pair():
    # Rule 4.2.2 + 4.4.4a: one genuine card plus a wild would ask how to pay; once the
    # exchange brings the second genuine card back, the pair pays and the wild stays.
    s = make(street="B3", hands=("A1 B2 M3 F0", ""), areas=("B2", ""))
    play(s, Take(index=0))
    assert s.decision == "pay"  # B2 + M3 wild would be asked for ...
    s = make(street="B3", hands=("A1 B2 M3 F0", ""), areas=("B2", ""))
    play(s, PlayAccountant(rank=1), ExchangeTake(card="B2"), ExchangeGive(card="F0"))
    ev = play(s, Take(index=0))
    take = next(e for e in ev if e.kind == "take")
    assert [code(c) for c in take.cards] == ["B2", "B2"]
    assert codes(s.hands[0]) == "B2 B3 M3"
    assert codes(s.areas[0]) == "F0 A1 B2"


def test_4_2_accountant_with_an_empty_street_is_allowed_and_a_brute_is_not():
    # Rules 4.2.1 / 4.3.1: an Accountant needs no Street; a Brute needs a card to lower.
    s = make(street="", hands=("A1 B2", ""), areas=("F1", ""), draw="", switched=True, rest="area1")
    s.turns_left = 0
    assert PlayAccountant(rank=1) in s.legal_actions()
    assert PlayBrute(rank=2) not in s.legal_actions()
    refused(s, PlayBrute(rank=2), "empty")


# ------------------------------------------------------------------ A3 Brute


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


# ------------------------------------------------------------------ A4 take / wild


def test_4_4_4_green_target_genuine_m0_and_m1_wild_takes_m1():
    # Rule 4.4.4: green 0 genuine + green 1 (rank >= 1) as wild take a green 1.
    s = make(street="M1", hands=("M0 M1", ""))
    play(s, Take(index=0))
    assert pays(s) == {(1, "genuine"), (1, "wild")}
    play(s, Pay(wild=1, exhaust="wild"))
    assert codes(s.hands[0]) == "M0 M1" and codes(s.areas[0]) == "M1"


def test_4_4_4_mercenary_zero_is_never_wild():
    # Rule 4.4.4: zeros have no ability; M0 can't stand in for an F0.
    s = make(street="F1", hands=("F0 M0", ""))
    assert take_indices(s) == []
    refused(s, Take(index=0), "F0")


def test_4_4_4a_genuine_pair_plus_wild_in_hand_no_pay_choice_wild_kept():
    s = make(street="A2", hands=("A1*2 M4", ""))
    ev = play(s, Take(index=0))
    take = next(e for e in ev if e.kind == "take")
    assert take.cards == (take.exhausted, take.exhausted) and code(take.exhausted) == "A1"
    assert codes(s.hands[0]) == "A1 A2 M4" and codes(s.areas[0]) == "A1"


def test_4_4_4_several_wilds_all_offered_and_a_missing_wild_refused():
    s = make(street="F2", hands=("F1 M2 M4", ""))
    play(s, Take(index=0))
    assert s.decision == "pay"
    assert pays(s) == {(2, "genuine"), (2, "wild"), (4, "genuine"), (4, "wild")}
    refused(s, Pay(wild=3, exhaust="wild"), "no mercenary 3")
    refused(s, Pay(wild=1, exhaust="wild"), "too low")
    refused(s, Pass(), "not now")
    play(s, Pay(wild=4, exhaust="wild"))
    assert codes(s.hands[0]) == "F1 F2 M2" and codes(s.areas[0]) == "M4"


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


def test_4_4_3_take_during_an_exchange_refused_state_unchanged():
    s = make(street="F0", hands=("A2 B0", ""), areas=("M1", ""))
    play(s, PlayAccountant(rank=2))
    refused(s, Take(index=0), "not now")
    play(s, ExchangeTake(card="M1"))
    refused(s, Pass(), "not now")


def test_4_4_1_wrong_seat_refused_and_nothing_changes():
    s = make(street="F0", hands=("", ""))
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(Take(index=0), seat=1)
    assert s.to_dict() == before


# ------------------------------------------------------------------ more combinations


def test_4_1_6_ruling_exact_run_out_then_post_switch_refresh_empties_the_new_pile():
    # Rules 4.1.6 + 4.1.4 + 6.1 + 6.4: A2 owes two and the first pile holds exactly two:
    # switch at once (new pile: the A2). One post-switch refresh of F1: F1 under the
    # A2, one card (the A2) revealed, the F1 is the pile; the budget is spent.
    s = make(street="A2 B3", draw="M1 F1", discard="", rest="area1", current=0, first=0)
    ev = play(s, Refresh(index=0))
    assert kinds_of(ev) == ["refresh", "switch"]
    assert row(s.draw) == "A2" and row(s.street) == "B3 F1 M1"
    play(s, Refresh(index=1))  # F1 under the A2, reveal one: the A2
    assert row(s.street) == "B3 M1 A2" and row(s.draw) == "F1"
    assert s.turns_left == -1
    refused(s, Refresh(index=0), "only once")
    # a post-switch refresh of a 3 under a one-card pile empties it: the end trigger
    s2 = make(street="A2 B3", draw="M1 F1", discard="", rest="area1", current=0, first=0)
    play(s2, Refresh(index=0))
    ev = play(s2, Refresh(index=0))  # B3 under the A2: both come out
    assert kinds_of(ev) == ["refresh", "end_triggered"]
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [1]
    assert s2.draw == [] and row(s2.street) == "F1 M1 A2 B3"
    refused(s2, Refresh(index=0), "draw pile is empty")


def test_4_4_2_and_4_5_1_brute_to_zero_takes_the_last_street_card_then_refill():
    s = make(street="F3", hands=("B3", ""), draw="A1 A2 A3 M1 M2 M3 B1", rest="area1")
    play(s, PlayBrute(rank=3), BruteTarget(index=0), BruteAmount(amount=3))
    ev = play(s, Take(index=0))
    assert kinds_of(ev) == ["take", "refill", "turn"]
    assert row(s.street) == "B1 M3 M2 M1 A3 A2" and row(s.draw) == "A1"
    assert s.current == 1 and s.brute_idx == -1
    assert codes(s.hands[0]) == "F3" and codes(s.areas[0]) == "B3"


def test_4_2_exchange_puts_the_only_wild_down_so_the_take_is_refused():
    # Rules 4.2.2 + 4.4.4: a Mercenary in the play area is no wild.
    s = make(street="F2", hands=("A1 F1 M2", ""), areas=("B0", ""))
    assert take_indices(s) == [0]
    play(s, PlayAccountant(rank=1), ExchangeTake(card="B0"), ExchangeGive(card="M2"))
    assert take_indices(s) == []
    refused(s, Take(index=0), "mercenary of rank 2")


def test_4_3_1_other_moves_refused_while_the_brute_amount_is_open():
    s = make(street="A4 F0", hands=("B4", ""))
    play(s, PlayBrute(rank=4), BruteTarget(index=0))
    assert s.decision == "brute_amount"
    refused(s, Take(index=1), "not now", "how much")
    refused(s, Pass(), "not now")
    refused(s, BruteTarget(index=1), "not now")
