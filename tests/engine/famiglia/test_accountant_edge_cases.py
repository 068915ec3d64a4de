"""The Accountant's exchange in unusual combinations (rule 4.2).

Each test names the rule (or RULING) of famiglia.md it checks. Refusals are checked to
give a reason and to leave the state exactly as it was.
"""

from __future__ import annotations

from engine.famiglia.actions import (
    ExchangeDone,
    ExchangeGive,
    ExchangeTake,
    PlayAccountant,
    PlayBrute,
    Take,
)
from engine.famiglia.cards import code

from .positions import codes, make, play, refused, take_indices


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


def test_4_2_exchange_puts_the_only_wild_down_so_the_take_is_refused():
    # Rules 4.2.2 + 4.4.4: a Mercenary in the play area is no wild.
    s = make(street="F2", hands=("A1 F1 M2", ""), areas=("B0", ""))
    assert take_indices(s) == [0]
    play(s, PlayAccountant(rank=1), ExchangeTake(card="B0"), ExchangeGive(card="M2"))
    assert take_indices(s) == []
    refused(s, Take(index=0), "mercenary of rank 2")
