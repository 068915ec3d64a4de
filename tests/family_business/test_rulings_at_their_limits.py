"""Scenarios at the limits of the rules that the card-by-card tests leave open; each
names the rule or RULING it checks."""

from __future__ import annotations

from collections import Counter

from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.state import DOUBLE, NONE, SINGLE, WINDOW, FBState

from .positions import CC, A, B, D, accounted, answer, board, discard, play, step


def _first_choices(s: FBState, seat: int, card: int) -> list[Action]:
    branch = GAME.copy(s)
    step(branch, seat, "play", card)
    return list(GAME.legal_actions(branch, seat))


def test_r2_vendetta_and_double_cross_choose_only_at_large_mobsters():
    """B has mobsters only on the list, C one at large, D five: Vendetta chooses the
    single C and two D, Double Cross one C and one D; B's listed ones never."""
    s = board(4, at_large=[7, 0, 1, 5], hit=[A, A, B, B], hands={A: [C.VENDETTA, C.DOUBLE_CROSS]})
    assert _first_choices(s, A, C.VENDETTA) == [Action("next", CC), Action("next", D)]
    assert _first_choices(s, A, C.DOUBLE_CROSS) == [Action("next", CC), Action("next", D)]
    play(s, A, C.VENDETTA, ("next", D), ("next", CC))  # the rest (D) is forced
    for seat in (B, CC, D):
        answer(s, seat)
    # B's S1 at double executed the two A at the wall
    assert s.hit == [B, B, D, CC, D] and s.at_large == [7, 0, 0, 3] and s.war == DOUBLE


def test_r10_and_7_2_a_gang_eliminated_in_its_own_s1_puts_its_hand_on_the_discard_pile():
    s = board(3, at_large=[5, 0, 5], hit=[B, A], war=SINGLE, active=A)
    b_hand = Counter(s.hands[B])
    discard(s, A)
    assert not s.live[B] and s.hands[B] == []
    assert not b_hand - Counter(s.discard) and accounted(s)
    assert s.active == CC and s.hit == []  # C's S1 executed A; T = 14, no restart


def test_r13_the_losing_counter_is_neither_played_nor_announced():
    """B and C both play Family Influence; B (A's left) wins. C's card stays in his
    hand, his hand size is unchanged, and no event of the closing names him."""
    s = board(3, hands={A: [C.CONTRACT], B: [C.FAMILY_INFLUENCE], CC: [C.FAMILY_INFLUENCE]})
    play(s, A, C.CONTRACT, ("gang", CC))
    events = answer(s, CC, C.FAMILY_INFLUENCE)
    assert events == [] and s.phase == WINDOW
    events = answer(s, B, C.FAMILY_INFLUENCE)
    assert [e for e in events if e["kind"] == "countered"] == [
        {"kind": "countered", "seat": B, "card": C.FAMILY_INFLUENCE}
    ]
    assert not [e for e in events if e.get("seat") == CC]
    assert s.hands[CC] == [C.FAMILY_INFLUENCE]
    assert s.discard.count(C.FAMILY_INFLUENCE) == 1 and s.active == B and s.hit == []


def test_r17_a_war_started_at_the_s6_checkpoint_executes_in_the_next_turn():
    """The sixth entry starts the war at A's S6 checkpoint (rule 6.3); B's S1 is the
    first turn after it and executes the mobster at the wall."""
    s = board(3, hit=[B, CC, B, CC, B], at_large=[9, 6, 7], hands={A: [C.CONTRACT]})
    play(s, A, C.CONTRACT, ("gang", CC))
    answer(s, B)
    answer(s, CC)
    assert s.active == B and s.war == SINGLE and s.hit == [CC, B, CC, B, CC]


def test_r19_a_vendetta_whose_mobsters_are_all_protected_leaves_a_double_war_on_an_empty_list():
    s = board(2, at_large=[9, 2], hands={A: [C.VENDETTA], B: [C.SAFE_HOUSE]})
    play(s, A, C.VENDETTA)  # both B are forced
    assert s.phase == WINDOW and s.choices == [("next", B), ("next", B)]
    answer(s, B, C.SAFE_HOUSE)
    assert s.hit == [] and s.war == DOUBLE and s.active == B  # B's S1 executed nobody
    discard(s, B)
    assert s.war == DOUBLE and s.active == A  # an empty list at a checkpoint ends nothing


def test_6_2_vendetta_raises_a_single_war_to_double():
    s = board(3, hit=[CC], at_large=[9, 9, 8], war=SINGLE, hands={A: [C.VENDETTA]})
    play(s, A, C.VENDETTA, ("next", B), ("next", CC), ("next", B))
    answer(s, B)
    answer(s, CC)
    # chosen B, C, B and the forced C; B's S1 at double executes the C and the B in front
    assert s.war == DOUBLE and s.hit == [CC, B, CC]


def test_6_5_pay_off_emptying_the_list_ends_the_war():
    s = board(3, hit=[B, B], at_large=[9, 7, 9], war=DOUBLE, hands={A: [C.PAY_OFF]})
    play(s, A, C.PAY_OFF, ("gang", B))
    assert s.hit == [] and s.war == NONE and s.at_large[B] == 9


def test_6_5_pay_off_leaving_entries_keeps_the_war():
    s = board(3, hit=[B, CC, CC, B], at_large=[9, 7, 7], war=SINGLE, hands={A: [C.PAY_OFF]})
    play(s, A, C.PAY_OFF, ("gang", B))
    assert s.war == SINGLE and s.hit == [CC] and s.at_large == [9, 9, 7]  # B's S1: a C died


def test_7_2_and_r28_an_eliminated_gang_is_never_a_turncoat_receiver():
    """C is out (0 in play, the fewest); the receivers are the live gangs with the
    fewest, A and D with 4."""
    s = board(
        4,
        at_large=[4, 7, 0, 4],
        live=[True, True, False, True],
        hands={A: [C.TURNCOAT]},
    )
    play(s, A, C.TURNCOAT, ("gang", B), ("at_large", B))
    assert GAME.legal_actions(s, A) == [Action("receiver", A), Action("receiver", D)]


def test_7_2_an_eliminated_gang_is_never_a_target():
    s = board(3, at_large=[9, 0, 9], live=[True, False, True], hands={A: [C.HIT, C.CONTRACT]})
    assert _first_choices(s, A, C.CONTRACT) == [Action("gang", CC)]
    assert _first_choices(s, A, C.HIT) == [Action("at_large", CC)]


def test_7_1_an_elimination_that_brings_t_to_six_starts_the_war_at_the_same_checkpoint():
    """A's Hit kills C's last mobster; the price lists an A. Checkpoint: C out, then
    T = 3 + 3 = 6 starts the war; B's S1 executes the A at the wall."""
    s = board(3, at_large=[3, 3, 1], hands={A: [C.HIT]})
    play(s, A, C.HIT, ("at_large", CC))
    assert s.eliminated == [[CC]] and s.war == SINGLE
    assert s.active == B and s.hit == [] and s.at_large == [2, 3, 0]


def test_r22_mob_power_against_a_double_contract_with_the_contractor_all_listed():
    """R22 with 8.3: nothing of A's can be added, the second target still is."""
    s = board(3, at_large=[0, 5, 9], hit=[A], hands={A: [C.DOUBLE_CONTRACT], B: [C.MOB_POWER]})
    play(s, A, C.DOUBLE_CONTRACT, ("gang", B))
    answer(s, CC)
    answer(s, B, C.MOB_POWER)
    assert s.active == B and s.at_large[B] == 4 and s.hit == [A, B]


def test_4_5_the_counter_players_turn_comes_before_the_seats_between():
    """A plays a Contract on D; C's Mob Power wins (B declined): C moves next, B is
    skipped, then D, A, B."""
    s = board(4, hands={A: [C.CONTRACT], CC: [C.MOB_POWER]})
    play(s, A, C.CONTRACT, ("gang", D))
    for seat in (D, B):
        answer(s, seat)
    answer(s, CC, C.MOB_POWER)
    order = []
    for _ in range(4):
        order.append(s.active)
        discard(s, s.active)
    assert order == [CC, D, A, B] and s.hit == [A]
