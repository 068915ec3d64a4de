"""Taking and paying with wild Mercenaries in unusual combinations (rules 4.4.1-4.4.4).

Each test names the rule (or RULING) of famiglia.md it checks. Refusals are checked to
give a reason and to leave the state exactly as it was.
"""

from __future__ import annotations

import pytest

from engine.famiglia import IllegalAction
from engine.famiglia.actions import (
    ExchangeTake,
    Pass,
    Pay,
    PlayAccountant,
    Take,
)
from engine.famiglia.cards import code

from .positions import codes, make, pays, play, refused, take_indices


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
