"""Components, setup and the refill: rules 1.5, 3.1-3.4, 4.2; RULINGs R1, R4, R5, R7."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.flow import start_turn
from engine.family_business.state import NONE, PLAY

from .positions import A, B, accounted, board, discard


def test_r1_deck_holds_56_cards_with_the_counts_of_table_1_5():
    deck = Counter(C.full_deck())
    assert sum(deck.values()) == 56
    assert deck[C.CONTRACT] == 12 and deck[C.FAMILY_INFLUENCE] == 6 and deck[C.LAM] == 4
    by_kind = Counter(C.KIND[c] for c in C.full_deck())
    assert by_kind == {"attack": 31, "rescue": 13, "counter": 12}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_3_1_and_3_2_setup_deals_five_and_the_first_player_refills_to_six(n):
    s = GAME.new(11, FBOptions(seats=n))
    assert s.at_large == [9] * n and s.hit == [] and s.war == NONE  # rule 3.4
    sizes = sorted(len(h) for h in s.hands)
    assert sizes == [5] * (n - 1) + [6]  # the first player has drawn in S2
    assert len(s.hands[s.active]) == 6
    assert len(s.draw) == 56 - 5 * n - 1 and s.discard == []
    assert accounted(s)


def test_r4_first_player_is_drawn_from_the_seed_unless_named():
    firsts = {GAME.new(seed, FBOptions(seats=4)).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new(3, FBOptions(seats=4)).active == GAME.new(3, FBOptions(seats=4)).active
    assert GAME.new(3, FBOptions(seats=4, first=2)).active == 2
    with pytest.raises(ValidationError):
        FBOptions(seats=4, first=4)
    with pytest.raises(ValidationError):
        FBOptions(seats=7)


def test_4_2_refill_draws_up_to_six_and_not_beyond():
    s = board(2, hands={A: [C.CONTRACT], B: [C.CONTRACT, C.CONTRACT]})
    discard(s, A)
    assert s.active == B and len(s.hands[B]) == 6
    s2 = board(2, hands={A: [C.CONTRACT], B: [C.CONTRACT] * 6})
    draw_before = len(s2.draw)
    discard(s2, A)
    assert len(s2.hands[B]) == 6 and len(s2.draw) == draw_before


def test_r5_reshuffle_the_moment_the_last_card_is_drawn_even_if_the_hand_is_full():
    s = board(2, hands={A: [C.CONTRACT], B: [C.CONTRACT] * 5})
    # leave exactly one card in the draw pile; the rest on the discard pile
    s.discard = s.draw[1:]
    s.draw = s.draw[:1]
    discard(s, A)
    assert len(s.hands[B]) == 6
    assert s.discard == [] and len(s.draw) == 56 - 6  # A's discard went in too
    assert s.shuffles == 1 and accounted(s)


def test_r5_empty_draw_pile_is_refilled_from_the_discard_pile_before_drawing():
    s = board(2, hands={A: [C.CONTRACT], B: [C.CONTRACT] * 3})
    s.discard = s.draw[:]
    s.draw = []
    discard(s, A)
    assert len(s.hands[B]) == 6 and s.shuffles == 1 and accounted(s)


def test_r5_both_piles_empty_stops_drawing():
    s = board(2, hands={A: [C.CONTRACT] * 2, B: [C.CONTRACT]})
    s.hands[A].extend(s.draw)  # an artificial hand holding every other card
    s.draw = []
    discard(s, A)  # the discarded card is the only one left to draw
    assert s.active == B and s.hands[B] == [C.CONTRACT, C.CONTRACT]
    assert s.draw == [] and s.discard == []


def test_r7_empty_hand_after_the_refill_skips_the_play():
    """An artificial position: every card in A's hand, B's turn starts with nothing to
    draw; B's S3-S5 are skipped and the turn passes on to A."""
    s = board(2, hands={A: C.full_deck(), B: []})
    s.draw = []
    s.active = B
    events: list[dict] = []
    start_turn(s, events)
    assert [e["seat"] for e in events if e["kind"] == "turn"] == [B, A]
    assert s.active == A and s.phase == PLAY and s.hands[B] == []
