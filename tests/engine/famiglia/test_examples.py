"""The worked examples of the printed German rule sheet (seed 000, S2) as scenarios."""

from __future__ import annotations

import pytest

from engine.famiglia.actions import (
    BruteAmount,
    BruteTarget,
    ExchangeGive,
    ExchangeTake,
    Pass,
    Pay,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Take,
)

from .positions import codes, conserved, kinds_of, make, play, row


def test_example_4_1_2_andrea_discards_a_2_and_reveals_two():
    s = make(street="A1 M3 B2 F1 A3 M1", draw="A4 F2 B1")
    ev = play(s, Refresh(index=2))
    assert row(s.discard).split()[-1] == "B2"
    assert row(s.street) == "A1 M3 F1 A3 M1 B1 F2"
    assert len(ev[0].cards) == 2 and row(s.draw).endswith("A4")
    assert conserved(s)


def test_example_4_4_3_hedwig_takes_accountant_3_with_two_accountant_2():
    s = make(street="A3 F0", hands=("A2*2", ""))
    ev = play(s, Take(index=0))
    assert codes(s.hands[0]) == "A2 A3" and codes(s.areas[0]) == "A2"
    assert ev[0].card == 8 and ev[0].cards == (7, 7) and ev[0].exhausted == 7


def test_example_4_2_5_accountant_2_exchange():
    s = make(street="F0", hands=("A2 B0 F1 M0", ""), areas=("M2 B3 A0", ""))
    play(s, PlayAccountant(rank=2), ExchangeTake(card="M2"), ExchangeTake(card="B3"))
    play(s, ExchangeGive(card="B0"), ExchangeGive(card="F1"))
    assert codes(s.hands[0]) == "B3 M0 M2"
    assert codes(s.areas[0]) == "F1 A0 A2 B0"
    assert s.decision == "main" and conserved(s)


def test_example_4_3_4_brute_2_on_mercenary_4_then_two_mercenary_1():
    s = make(street="M4 A1", hands=("B2 M1*2", ""))
    assert Take(index=0) not in s.legal_actions()
    play(s, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=2))
    ev = play(s, Take(index=0))
    assert codes(s.hands[0]) == "M1 M4" and codes(s.areas[0]) == "B2 M1"
    assert ev[0].cards == (16, 16)
    assert s.current == 1 and s.brute_idx == -1


@pytest.mark.parametrize(
    ("exhaust", "area", "hand"), [("genuine", "F2", "F3 M3"), ("wild", "M3", "F2 F3")]
)
def test_example_4_4_6_famiglia_3_with_famiglia_2_and_mercenary_3(exhaust, area, hand):
    s = make(street="F3", hands=("F2 M3", ""))
    play(s, Take(index=0))
    assert {(a.wild, a.exhaust) for a in s.legal_actions()} == {(3, "genuine"), (3, "wild")}
    ev = play(s, Pay(wild=3, exhaust=exhaust))
    assert codes(s.areas[0]) == area and codes(s.hands[0]) == hand
    assert ev[0].cards == (2, 18)


def test_example_6_1_a_3_under_a_pile_that_then_holds_3_cards():
    # Hedwig (second player) refreshes after the switch: her 3 goes under a 2-card pile,
    # the pile now holds 3 cards, all three go to the Street including that 3.
    s = make(
        street="A3 B1 M2",
        hands=("", "F0*2"),
        draw="F1 M1",
        switched=True,
        rest="area0",
        current=1,
        first=0,
    )
    ev = play(s, Refresh(index=0))
    assert row(s.street) == "B1 M2 M1 F1 A3"
    assert s.draw == []
    assert kinds_of(ev) == ["refresh", "end_triggered"]
    play(s, Take(index=3))  # F1 with the pair of F0
    assert s.over  # she was second: the round is complete, the game ends


def test_example_6_1_same_refresh_by_the_starting_player_leaves_one_turn():
    s = make(
        street="A3 B1 M2",
        hands=("", "F0*2"),
        draw="F1 M1",
        switched=True,
        rest="area1",
        current=0,
        first=0,
    )
    play(s, Refresh(index=0), Pass())
    assert not s.over and s.current == 1 and s.turns_left == 0
    play(s, Take(index=3))  # a take, not a second pass: the end comes from rule 6.1
    assert s.over and s.turns_done == [1, 1]
