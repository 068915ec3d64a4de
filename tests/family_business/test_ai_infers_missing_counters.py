"""The AI's belief of the other hands (engine.family_business.belief), read as a
sensible player: one who was targeted and let the card pass held no counter against
it (rules 8.1-8.3, 8.9, 10.1-10.4); what declined is public only as far as RULING R13
tells; the hidden cards are redealt keeping what was inferred, and from public events
only. (Reading the others as the bot: test_ai_reads_the_bots_choices.py.)"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.belief import CAUTION, Belief, apply
from engine.family_business.policies import bot_policy
from engine.family_business.state import FBState

from .positions import CC, A, B, D, answer, board, play

COUNTERS = (C.MOB_POWER, C.FAMILY_INFLUENCE)
#: a hand without counters
QUIET = [C.INTRIGUE, C.INTRIGUE, C.TRUCE, C.SUBSTITUTION, C.SUBSTITUTION]


def _dealt(belief: Belief, s: FBState, seat: int, samples: int = 200) -> list[FBState]:
    rng = random.Random(3)
    return [belief.determinize(s, A, rng) for _ in range(samples)]


def _watch(s: FBState, belief: Belief, moves: list[tuple[int, str, int]]) -> None:
    for seat, kind, arg in moves:
        apply(belief, s, Action(kind, arg), seat)


def test_rule_8_1_a_contracted_player_who_declines_is_dealt_no_mob_power_or_influence():
    s = board(3, hands={A: [C.CONTRACT] * 5, CC: QUIET})
    belief = Belief(s, A, as_bot=False)
    _watch(s, belief, [(A, "play", C.CONTRACT), (A, "gang", CC), (B, "no_counter", 0)])
    _watch(s, belief, [(CC, "no_counter", 0)])
    assert belief.constrained(CC) == 5 and belief.constrained(B) == 0
    for d in _dealt(belief, s, A):
        assert not set(d.hands[CC]) & set(COUNTERS)
        assert Counter(d.draw + d.hands[B] + d.hands[CC]) == Counter(
            s.draw + s.hands[B] + s.hands[CC]
        )
        assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
        assert d.hands[A] == s.hands[A]
    # without the belief the same seat is dealt them now and then
    rng = random.Random(3)
    assert any(set(GAME.determinize(s, A, rng).hands[CC]) & set(COUNTERS) for _ in range(200))


def test_rule_5_5_a_counter_earlier_in_priority_keeps_the_targets_answer_secret():
    # A contracts C; B (first in priority) counters: C's answer is never revealed
    s = board(4, hands={A: [C.CONTRACT] * 5, B: [C.FAMILY_INFLUENCE] * 5})
    belief = Belief(s, A, as_bot=False)
    _watch(s, belief, [(A, "play", C.CONTRACT), (A, "gang", CC)])
    _watch(s, belief, [(CC, "no_counter", 0), (D, "no_counter", 0)])
    _watch(s, belief, [(B, "counter", C.FAMILY_INFLUENCE)])
    assert belief.constrained(CC) == 0


def test_rule_5_5_a_counter_later_in_priority_shows_the_target_declined():
    # A contracts B; D (after B in priority) counters: B certainly declined
    s = board(4, hands={A: [C.CONTRACT] * 5, D: [C.MOB_POWER, *QUIET[:4]]})
    belief = Belief(s, A, as_bot=False)
    _watch(s, belief, [(A, "play", C.CONTRACT), (A, "gang", B)])
    _watch(s, belief, [(B, "no_counter", 0), (CC, "no_counter", 0), (D, "counter", C.MOB_POWER)])
    assert belief.constrained(B) == len(s.hands[B]) > 0
    assert belief.constrained(CC) == belief.constrained(D) == 0  # not the target


def test_rule_8_1_only_the_counters_the_card_admits_are_ruled_out():
    nfi = C.CONTRACT_NO_FAMILY_INFLUENCE
    s = board(3, hands={A: [nfi, *[C.CONTRACT] * 4], CC: QUIET})
    belief = Belief(s, A, as_bot=False)
    _watch(s, belief, [(A, "play", nfi), (A, "gang", CC)])
    _watch(s, belief, [(B, "no_counter", 0), (CC, "no_counter", 0)])
    dealt = _dealt(belief, s, A)
    assert not any(C.MOB_POWER in d.hands[CC] for d in dealt)
    assert any(C.FAMILY_INFLUENCE in d.hands[CC] for d in dealt)


def test_rule_8_9_a_vendetta_target_who_declines_holds_no_safe_house():
    s = board(3, hands={A: [C.VENDETTA, *[C.CONTRACT] * 4], CC: QUIET})
    belief = Belief(s, A, as_bot=False)
    _watch(s, belief, [(A, "play", C.VENDETTA)])
    while s.phase == 0 and s.card >= 0:  # order the chosen mobsters any way
        first = GAME.legal_actions(s, A)[0]
        _watch(s, belief, [(A, first.kind, first.arg)])
    _watch(s, belief, [(B, "no_counter", 0), (CC, "no_counter", 0)])
    assert all(C.SAFE_HOUSE not in d.hands[CC] for d in _dealt(belief, s, A))


def test_rule_4_2_cards_drawn_after_the_decline_may_be_anything():
    s = board(2, hands={A: [C.CONTRACT] * 6, B: QUIET})
    belief = Belief(s, A, as_bot=False)
    _watch(s, belief, [(A, "play", C.CONTRACT), (A, "gang", B), (B, "no_counter", 0)])
    # B's turn: it refilled to 6, one card unknown since the decline
    assert len(s.hands[B]) == 6 and belief.constrained(B) == 5
    _watch(s, belief, [(B, "discard", C.INTRIGUE)])
    # the card that left may have been the new one or an old one: 4 old ones certain
    assert belief.constrained(B) == 4


def test_rule_7_2_an_eliminated_gangs_hand_is_forgotten():
    s = board(3, at_large=[9, 0, 9], hit=[B], hands={A: [C.HIT, *[C.CONTRACT] * 4]})
    belief = Belief(s, A, as_bot=False)
    belief.slots[B] = [1 << C.MOB_POWER] * len(s.hands[B])
    _watch(s, belief, [(A, "play", C.HIT), (A, "position", 1)])
    assert not s.live[B] and s.hands[B] == []
    assert belief.slots[B] == []


@pytest.mark.parametrize("as_bot", [False, True])
def test_rule_5_3_the_belief_reads_public_events_only(as_bot):
    # the same public play with other hidden hands gives the same belief
    mixed = [C.HIT, C.MASSACRE, C.AMBUSH, C.MOB_WAR, C.TURNCOAT]
    rescues = [C.POLICE_PROTECTION, C.POLICE_PROTECTION, C.PAY_OFF, C.CRACKDOWN, C.LAM]
    a = [C.CONTRACT] * 5
    s = board(4, hands={A: a, B: QUIET, CC: mixed, D: rescues})
    t = board(4, hands={A: a, B: rescues, CC: QUIET, D: mixed})
    beliefs = []
    for state in (s, t):
        belief = Belief(state, A, as_bot=as_bot)
        before = state.public_copy()
        play_events = play(state, A, C.CONTRACT, ("gang", CC))
        belief.observe(before, play_events)
        before = state.public_copy()
        events = answer(state, B) + answer(state, CC) + answer(state, D)
        belief.observe(before, events)
        beliefs.append(belief.slots)
    assert beliefs[0] == beliefs[1]


@pytest.mark.parametrize("as_bot", [False, True])
@pytest.mark.parametrize("n", [2, 4])
def test_rule_10_the_bots_hands_always_fit_the_belief_of_a_watching_seat(n, as_bot):
    # the bot counters whenever it is the target and can, and (read as the bot) plays
    # as its rules say: the belief is never wrong about a bot
    for seed in range(1, 13):
        s = GAME.new(seed, FBOptions(seats=n, first=0))
        belief, rng = Belief(s, A, as_bot=as_bot), random.Random(seed)
        while not GAME.is_over(s):
            for g in GAME.awaiting(s):
                apply(belief, s, bot_policy(s, g, rng), g)
            for g in range(1, n):
                hand = list(s.hands[g])
                assert len(belief.slots[g]) == len(hand)
                for mask in sorted(belief.slots[g], key=lambda m: -m.bit_count()):
                    fits = [c for c in hand if not (1 << c) & mask]
                    assert fits, (seed, g, s.hands[g], belief.slots[g])
                    hand.remove(fits[0])
            assert belief.bots == [False, *[as_bot] * (n - 1)]  # never found wrong


@pytest.mark.parametrize("caution", [1.0, CAUTION])
def test_rule_4_2_a_card_drawn_since_is_a_counter_as_often_as_the_caution_says(caution):
    # B declined (5 cards ruled out), then drew one: that one is any unseen card, a
    # counter with its share of them, weighted by the belief's caution
    s = board(2, hands={A: [C.CONTRACT] * 6, B: QUIET})
    belief = Belief(s, A, caution)
    _watch(s, belief, [(A, "play", C.CONTRACT), (A, "gang", B), (B, "no_counter", 0)])
    unseen = s.draw + s.hands[B]
    free = len(unseen) - belief.constrained(B)
    counters = sum(c in C.COUNTER_CARDS for c in unseen)
    contract_counters = sum(c in COUNTERS for c in unseen)
    expected = caution * contract_counters / (caution * counters + free - counters)
    dealt = _dealt(belief, s, A, samples=4000)
    share = sum(any(c in COUNTERS for c in d.hands[B]) for d in dealt) / len(dealt)
    assert abs(share - expected) < 0.03, (share, expected)
