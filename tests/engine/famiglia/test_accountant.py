"""Rule 4.2 (A2, the Accountant's exchange)."""

from __future__ import annotations

import pytest

from engine.famiglia import IllegalAction
from engine.famiglia.actions import (
    ExchangeDone,
    ExchangeGive,
    ExchangeTake,
    Pass,
    PlayAccountant,
    PlayBrute,
    Refresh,
)

from .positions import codes, conserved, make, play


def test_4_2_1_accountant_goes_from_hand_to_play_area():
    s = make(street="F0", hands=("A3 B1", ""), areas=("M2", ""))
    assert PlayAccountant(rank=3) in s.legal_actions()
    assert PlayAccountant(rank=2) not in s.legal_actions()
    ev = play(s, PlayAccountant(rank=3))
    assert codes(s.hands[0]) == "B1"
    assert codes(s.areas[0]) == "A3 M2"
    assert ev[0].kind == "accountant"


def test_4_2_1_no_accountant_in_hand_is_refused_with_a_reason():
    s = make(street="F0", hands=("A1", ""))
    with pytest.raises(IllegalAction, match="no Accountant 2 in your hand"):
        s.apply(PlayAccountant(rank=2))


def test_4_2_2_exchange_up_to_n_cards():
    s = make(street="F0", hands=("A2 F0 M0 B0", ""), areas=("M1 B1 F1", ""))
    play(s, PlayAccountant(rank=2), ExchangeTake(card="M1"))
    assert s.decision == "exchange_take"
    play(s, ExchangeTake(card="B1"))
    # Two taken: the limit is reached, now put two down.
    assert s.decision == "exchange_give"
    assert all(isinstance(a, ExchangeGive) for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(ExchangeTake(card="F1"))
    play(s, ExchangeGive(card="F0"), ExchangeGive(card="M0"))
    assert s.decision == "main"
    assert codes(s.areas[0]) == "F0 F1 A2 M0"
    assert codes(s.hands[0]) == "B0 B1 M1"
    assert conserved(s)


def test_4_2_2_fewer_than_n_allowed():
    s = make(street="F0", hands=("A3 F0", ""), areas=("M1 B1 F1", ""))
    play(s, PlayAccountant(rank=3), ExchangeTake(card="B1"), ExchangeDone())
    assert s.decision == "exchange_give"
    assert ExchangeDone() not in s.legal_actions()  # the same number must go down
    play(s, ExchangeGive(card="F0"))
    assert s.decision == "main"
    assert sum(s.areas[0]) == 4 and sum(s.hands[0]) == 1


def test_4_2_3_the_accountant_just_played_cannot_be_taken_back():
    s = make(street="F0", hands=("A2", ""), areas=("B1", ""))
    play(s, PlayAccountant(rank=2))
    assert ExchangeTake(card="A2") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="just played can't be taken back"):
        s.apply(ExchangeTake(card="A2"))


def test_4_2_3_other_accountants_in_the_area_may_be_taken_back():
    s = make(street="F0", hands=("A2", ""), areas=("A2 A1", ""))
    play(s, PlayAccountant(rank=2))
    legal = s.legal_actions()
    assert ExchangeTake(card="A2") in legal  # the older copy
    assert ExchangeTake(card="A1") in legal
    play(s, ExchangeTake(card="A2"), ExchangeTake(card="A1"))
    assert s.decision == "exchange_give"
    assert codes(s.areas[0]) == "A2"


def test_4_2_4_ruling_zero_exchange_only_exhausts_the_accountant():
    s = make(street="F0", hands=("A4", ""), areas=("B1", ""))
    play(s, PlayAccountant(rank=4), ExchangeDone())
    assert s.decision == "main"
    assert codes(s.areas[0]) == "A4 B1"
    assert sum(s.hands[0]) == 0


def test_4_2_4_empty_play_area_needs_no_exchange_decision():
    s = make(street="F0", hands=("A1", ""))
    play(s, PlayAccountant(rank=1))
    assert s.decision == "main"


def test_4_2_5_k_bounded_by_eligible_play_area_cards():
    s = make(street="F0", hands=("A4 F0 M0", ""), areas=("B1", ""))
    play(s, PlayAccountant(rank=4), ExchangeTake(card="B1"))
    assert s.decision == "exchange_give"  # nothing else eligible
    assert s.exch_taken == 1


def test_4_2_5_a_card_just_taken_up_may_go_back_down():
    s = make(street="F0", hands=("A1 F0", ""), areas=("B3", ""))
    play(s, PlayAccountant(rank=1), ExchangeTake(card="B3"))
    assert ExchangeGive(card="B3") in s.legal_actions()
    play(s, ExchangeGive(card="B3"))
    assert codes(s.areas[0]) == "A1 B3"


def test_4_2_only_one_accountant_per_turn_and_no_refresh_after():
    s = make(street="A1 B2", hands=("A1 A2 B1", ""))
    play(s, PlayAccountant(rank=1))
    legal = s.legal_actions()
    assert PlayAccountant(rank=2) not in legal
    assert not any(isinstance(a, Refresh) for a in legal)
    assert PlayBrute(rank=1) in legal
    with pytest.raises(IllegalAction, match="once a turn"):
        s.apply(PlayAccountant(rank=2))


def test_4_2_exchange_actions_refused_outside_an_exchange():
    s = make(street="F0", hands=("A1", ""), areas=("B1", ""))
    with pytest.raises(IllegalAction, match="right after playing an Accountant"):
        s.apply(ExchangeTake(card="B1"))
    play(s, PlayAccountant(rank=1))
    with pytest.raises(IllegalAction, match="Not now"):
        s.apply(Pass())
