"""Rule 4.4 (A4, taking a Street card or passing)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.famiglia import IllegalAction
from engine.famiglia.actions import (
    BruteAmount,
    BruteTarget,
    ExchangeDone,
    Pass,
    Pay,
    PlayAccountant,
    PlayBrute,
    Take,
)
from engine.famiglia.cards import DECK_COUNTS
from engine.famiglia.codes import Family

from .positions import codes, conserved, make, play, row


def pays(s) -> set[tuple[int, str]]:
    return {(a.wild, a.exhaust) for a in s.legal_actions() if isinstance(a, Pay)}


def test_4_4_1_take_exactly_one_card_then_the_turn_ends():
    s = make(street="F0 A0 B0", hands=("", ""))
    ev = play(s, Take(index=1))
    assert codes(s.hands[0]) == "A0"
    assert s.current == 1 and ev[-1].kind == "turn"
    assert s.passes == 0


def test_4_4_1_ruling_abilities_used_but_nothing_taken_is_a_pass():
    s = make(street="M4", hands=("A1 B1", ""), areas=("F1", ""))
    play(s, PlayAccountant(rank=1), ExchangeDone(), PlayBrute(rank=1), BruteTarget(index=0))
    ev = play(s, Pass())
    assert s.passes == 1 and "pass" in [e.kind for e in ev]


def test_4_4_2_effective_zero_is_free():
    s = make(street="M0", hands=("", ""))
    ev = play(s, Take(index=0))
    assert ev[0].kind == "take" and ev[0].cards == () and ev[0].exhausted == -1
    assert sum(s.areas[0]) == 0


def test_4_4_3_pair_of_next_lower_rank_pays_and_one_is_exhausted():
    s = make(street="B3", hands=("B2*2 F0", ""))
    ev = play(s, Take(index=0))
    assert codes(s.hands[0]) == "F0 B2 B3"
    assert codes(s.areas[0]) == "B2"
    take = ev[0]
    assert take.kind == "take" and len(take.cards) == 2 and take.exhausted == take.cards[0]
    assert sum(s.hands[0]) == 3  # hand size unchanged: +target, -exhausted
    assert conserved(s)


def test_4_4_3_wrong_family_or_rank_cannot_pay():
    s = make(street="B3", hands=("A2*2 B1*2", ""))
    assert Take(index=0) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="you need two B2"):
        s.apply(Take(index=0))


def test_4_4_3_play_area_cards_never_pay():
    s = make(street="B2", hands=("B1", ""), areas=("B1", ""))
    assert Take(index=0) not in s.legal_actions()


def test_4_4_3_refusal_message_names_the_cards_needed():
    s = make(street="B2", hands=("B1", ""))
    with pytest.raises(IllegalAction) as err:
        s.apply(Take(index=0))
    msg = str(err.value)
    assert "two B1" in msg and "Mercenary of rank 2 or more" in msg


def test_4_4_4_mercenary_wild_of_rank_at_least_r_with_one_genuine():
    s = make(street="F3", hands=("F2 M2 M3 M4", ""))
    play(s, Take(index=0))
    assert s.decision == "pay"
    assert pays(s) == {(3, "genuine"), (3, "wild"), (4, "genuine"), (4, "wild")}
    with pytest.raises(IllegalAction, match="rank 3 or more"):
        s.apply(Pay(wild=2, exhaust="wild"))


def test_4_4_4_too_low_mercenary_is_not_wild():
    s = make(street="F3", hands=("F2 M2", ""))
    assert Take(index=0) not in s.legal_actions()


def test_4_4_4_two_wilds_never_allowed():
    s = make(street="F2", hands=("M3 M4", ""))
    assert Take(index=0) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="never replaces both"):
        s.apply(Take(index=0))


def test_4_4_4_either_card_may_be_exhausted():
    for exhaust, area, hand in (("genuine", "F2", "F3 M3"), ("wild", "M3", "F2 F3")):
        s = make(street="F3", hands=("F2 M3", ""))
        ev = play(s, Take(index=0), Pay(wild=3, exhaust=exhaust))
        assert codes(s.areas[0]) == area and codes(s.hands[0]) == hand
        assert ev[0].kind == "take" and ev[0].exhausted == s.areas[0].index(1)


def test_4_4_4_green_target_green_zero_plus_green_two_takes_green_one():
    s = make(street="M1", hands=("M0 M2", ""))
    play(s, Take(index=0))
    assert pays(s) == {(2, "genuine"), (2, "wild")}


def test_4_4_4_green_one_plus_green_two_cannot_take_green_one():
    s = make(street="M1", hands=("M1 M2", ""))
    assert Take(index=0) not in s.legal_actions()


def test_4_4_4_mercenary_is_the_genuine_card_for_a_green_target():
    s = make(street="M3", hands=("M2 M4", ""))
    play(s, Take(index=0), Pay(wild=4, exhaust="genuine"))
    assert codes(s.hands[0]) == "M3 M4" and codes(s.areas[0]) == "M2"


def test_4_4_4a_ruling_genuine_pair_pays_as_a_pair_no_wild_offered():
    s = make(street="A2", hands=("A1*2 M3", ""))
    ev = play(s, Take(index=0))
    assert s.current == 1  # no payment decision: paid with the pair
    assert codes(s.areas[0]) == "A1" and codes(s.hands[0]) == "A1 A2 M3"
    assert ev[0].cards == (6, 6)


def test_4_4_4a_ruling_green_pair_pays_as_pair_for_green_target():
    s = make(street="M2", hands=("M1*2 M3", ""))
    play(s, Take(index=0))
    assert codes(s.areas[0]) == "M1" and codes(s.hands[0]) == "M1 M2 M3"


def test_4_4_5_ruling_wild_use_not_tracked_separately():
    # A Mercenary wild after a Mercenary-free turn is fine, and a green card used as the
    # genuine card is no ability use: the legal set is simply the payable cards.
    s = make(street="M2 F2", hands=("M1 M3 F1", ""))
    legal = s.legal_actions()
    assert Take(index=0) in legal and Take(index=1) in legal


def test_4_4_6_brute_and_wild_combined_wild_must_reach_effective_rank():
    s = make(street="F4", hands=("B2 F1 M2", ""))
    play(s, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=2))
    play(s, Take(index=0))
    assert pays(s) == {(2, "genuine"), (2, "wild")}
    play(s, Pay(wild=2, exhaust="genuine"))
    assert codes(s.hands[0]) == "F4 M2" and codes(s.areas[0]) == "F1 B2"


def test_4_4_6_wild_below_effective_rank_refused():
    s = make(street="F4", hands=("B1 F2 M2", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=0))  # F4 -> 3: needs F2 + M3+
    assert Take(index=0) not in s.legal_actions()


def test_4_4_7_pass_allowed_even_with_a_free_zero():
    s = make(street="F0 A0", hands=("", ""))
    assert Pass() in s.legal_actions()
    ev = play(s, Pass())
    assert ev[0].kind == "pass" and s.passes == 1 and s.current == 1


def test_4_4_take_index_out_of_range_refused():
    s = make(street="F0", hands=("", ""))
    with pytest.raises(IllegalAction, match="no card at position 7"):
        s.apply(Take(index=6))


def reference_payments(hand: list[int], target: int, eff: int) -> set[tuple[int, ...]]:
    """Rules 4.4.2-4.4.4a from the text: the payments (as card pairs) for ``target``."""
    if eff == 0:
        return {()}
    fam = target // 5
    genuine = fam * 5 + eff - 1
    if hand[genuine] >= 2:
        return {(genuine, genuine)}
    if hand[genuine] == 1:
        return {(genuine, 15 + m) for m in range(1, 5) if m >= eff and hand[15 + m]}
    return set()


@settings(max_examples=300, deadline=None, database=None)
@given(
    hand=st.lists(st.integers(0, 19), max_size=8),
    street=st.lists(st.integers(0, 19), min_size=1, max_size=6),
    brute=st.integers(1, 4),
    target=st.integers(0, 5),
)
def test_4_4_takes_and_payments_match_the_rules_text(hand, street, brute, target):
    counts = [0] * 20
    for k in hand:
        counts[k] += 1
    assume(all(counts[k] + street.count(k) <= DECK_COUNTS[k] for k in range(20)))
    assume(counts[5 * Family.BRUTE + brute] == 0)
    counts[5 * Family.BRUTE + brute] += 1
    assume(
        counts[5 * Family.BRUTE + brute] + street.count(5 * Family.BRUTE + brute)
        <= DECK_COUNTS[5 * Family.BRUTE + brute]
    )
    s = make(street=row(street), hands=(codes(counts), ""))
    i = target % len(street)
    play(s, PlayBrute(rank=brute), BruteTarget(index=i))
    if s.decision == "brute_amount":
        play(s, BruteAmount(amount=min(brute, street[i] % 5)))
    hand_now = s.hands[0]
    for j, card in enumerate(street):
        eff = max(0, card % 5 - (min(brute, card % 5) if j == i else 0))
        expected = reference_payments(hand_now, card, eff)
        assert (Take(index=j) in s.legal_actions()) == bool(expected)
        if not expected:
            continue
        branch = s.copy()
        events = branch.apply(Take(index=j))
        if branch.decision == "pay":
            got = {(p.wild,) for p in branch.legal_actions()}
            assert got == {(pair[1] - 15,) for pair in expected}
            assert len(branch.legal_actions()) == 2 * len(expected)
        else:
            assert {events[0].cards} == expected
