"""Attack cards: rules 8.1-8.10; RULINGs R2, R22-R28."""

from __future__ import annotations

from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.state import DOUBLE, NONE, OVER, SINGLE, WINDOW

from .positions import CC, A, B, D, answer, board, play, step


def _window(s, winner=None, card=None):
    for seat in GAME.awaiting(s):
        answer(s, seat, card if seat == winner else None)


def test_8_1_contract_appends_and_r2_lists_only_gangs_with_mobsters_at_large():
    s = board(4, at_large=[9, 0, 9, 9], hit=[B], hands={A: [C.CONTRACT]})
    play(s, A, C.CONTRACT)
    assert GAME.legal_actions(s, A) == [Action("gang", CC), Action("gang", D)]
    step(s, A, "gang", D)
    _window(s)
    assert s.hit == [B, D] and s.at_large[D] == 8


def test_8_1_contract_is_not_playable_without_an_opposing_gang_at_large():
    s = board(2, at_large=[9, 0], hit=[B], hands={A: [C.CONTRACT, C.DOUBLE_CONTRACT]})
    assert all(a.kind == "discard" for a in GAME.legal_actions(s, A))


def test_8_1_family_influence_cancels_a_contract():
    s = board(3, hands={A: [C.CONTRACT], CC: [C.FAMILY_INFLUENCE]})
    play(s, A, C.CONTRACT, ("gang", B))
    _window(s, CC, C.FAMILY_INFLUENCE)
    assert s.hit == [] and s.active == CC


def test_r22_mob_power_with_the_contractor_having_none_at_large_adds_nothing():
    s = board(3, at_large=[0, 9, 9], hit=[A], hands={A: [C.CONTRACT], CC: [C.MOB_POWER]})
    play(s, A, C.CONTRACT, ("gang", B))
    _window(s, CC, C.MOB_POWER)
    assert s.hit == [A] and s.at_large[B] == 9 and s.active == CC


def test_8_2_priority_contract_inserts_at_the_wall():
    s = board(3, at_large=[9, 8, 9], hit=[B], hands={A: [C.PRIORITY_CONTRACT]})
    play(s, A, C.PRIORITY_CONTRACT, ("gang", CC))
    _window(s)
    assert s.hit == [CC, B]


def test_r23_mob_power_against_priority_puts_the_contractor_at_the_wall():
    s = board(3, at_large=[9, 8, 9], hit=[B], hands={A: [C.PRIORITY_CONTRACT], B: [C.MOB_POWER]})
    play(s, A, C.PRIORITY_CONTRACT, ("gang", CC))
    _window(s, B, C.MOB_POWER)
    assert s.hit == [A, B]


def test_8_3_double_contract_lists_two_and_mob_power_lists_contractor_first():
    s = board(3, hands={A: [C.DOUBLE_CONTRACT]})
    play(s, A, C.DOUBLE_CONTRACT, ("gang", B))
    _window(s)
    assert s.hit == [B, B]
    s = board(3, hands={A: [C.DOUBLE_CONTRACT], CC: [C.MOB_POWER]})
    play(s, A, C.DOUBLE_CONTRACT, ("gang", B))
    _window(s, CC, C.MOB_POWER)
    assert s.hit == [A, B]


def test_r24_double_contract_on_a_lone_mobster_lists_him_once():
    s = board(3, at_large=[9, 1, 9], hit=[B], hands={A: [C.DOUBLE_CONTRACT]})
    play(s, A, C.DOUBLE_CONTRACT, ("gang", B))
    _window(s)
    assert s.hit == [B, B] and s.at_large[B] == 0


def test_r24_mob_power_on_a_lone_target_still_lists_him_as_second():
    s = board(3, at_large=[9, 1, 9], hands={A: [C.DOUBLE_CONTRACT], B: [C.MOB_POWER]})
    play(s, A, C.DOUBLE_CONTRACT, ("gang", B))
    _window(s, B, C.MOB_POWER)
    assert s.hit == [A, B] and s.active == B


def test_8_4_hit_on_an_at_large_mobster_and_the_price():
    s = board(3, hands={A: [C.HIT]})
    play(s, A, C.HIT, ("at_large", B))
    assert s.in_play(B) == 8 and s.hit == [A] and s.at_large[A] == 8


def test_8_4_hit_offers_only_opposing_mobsters():
    s = board(3, at_large=[8, 0, 8], hit=[A, B, CC], hands={A: [C.HIT]})
    play(s, A, C.HIT)
    assert GAME.legal_actions(s, A) == [
        Action("at_large", CC),
        Action("position", 2),
        Action("position", 3),
    ]


def test_8_4_hit_on_the_only_listed_mobster_ends_the_war_before_the_price():
    s = board(3, at_large=[9, 8, 9], hit=[B], war=DOUBLE, hands={A: [C.HIT]})
    play(s, A, C.HIT, ("position", 1))
    # the war ended, the price [A] was listed; the next turn executes nobody
    assert s.hit == [A] and s.war == NONE and s.in_play(B) == 8


def test_r25_hit_price_lapses_with_none_at_large():
    s = board(3, at_large=[0, 9, 9], hit=[A], hands={A: [C.HIT]})
    play(s, A, C.HIT, ("at_large", B))
    assert s.hit == [A] and s.in_play(B) == 8


def test_8_5_massacre_kills_every_listed_mobster_own_included():
    s = board(3, at_large=[8, 7, 8], hit=[A, B, CC, B], war=SINGLE, hands={A: [C.MASSACRE]})
    play(s, A, C.MASSACRE)
    assert s.hit == [] and s.war == NONE and [s.in_play(g) for g in range(3)] == [8, 7, 8]


def test_r26_double_cross_takes_one_of_every_opposing_gang_with_one_at_large():
    s = board(4, at_large=[9, 9, 0, 9], hit=[CC], hands={A: [C.DOUBLE_CROSS]})
    play(s, A, C.DOUBLE_CROSS)
    assert GAME.legal_actions(s, A) == [Action("next", B), Action("next", D)]
    step(s, A, "next", D)  # the rest of the order is forced
    assert s.hit == [CC, D, B] and s.active == B


def test_r26_double_cross_is_not_playable_when_no_gang_can_give_one():
    s = board(2, at_large=[9, 0], hit=[B], hands={A: [C.DOUBLE_CROSS]})
    assert Action("play", C.DOUBLE_CROSS) not in GAME.legal_actions(s, A)


def test_8_7_and_8_8_mob_war_and_ambush_are_always_legal():
    s = board(3, hands={A: [C.MOB_WAR, C.AMBUSH]})
    acts = GAME.legal_actions(s, A)
    assert Action("play", C.MOB_WAR) in acts and Action("play", C.AMBUSH) in acts


def test_8_9_vendetta_lists_two_of_each_in_the_chosen_order_and_sets_double():
    s = board(3, at_large=[9, 9, 9], hands={A: [C.VENDETTA]})
    play(s, A, C.VENDETTA, ("next", CC), ("next", B), ("next", B))
    assert s.choices[-1] == ("next", CC)
    _window(s)
    # B's S1 has run two executions at double
    assert s.war == DOUBLE and s.hit == [B, CC]


def test_r27_vendetta_is_legal_with_nobody_to_choose_and_safe_house_gains_the_turn():
    s = board(
        3,
        at_large=[9, 0, 0],
        hit=[B, CC, B, CC, B, CC],
        hands={A: [C.VENDETTA], CC: [C.SAFE_HOUSE]},
    )
    play(s, A, C.VENDETTA)
    assert s.phase == WINDOW and s.choices == []
    _window(s, CC, C.SAFE_HOUSE)
    assert s.active == CC and s.war == DOUBLE
    assert s.hit == [B, CC, B, CC]  # C's own S1 executed two at double


def test_8_10_turncoat_is_not_legal_when_only_the_players_gang_has_the_most():
    s = board(3, at_large=[9, 8, 7], hands={A: [C.TURNCOAT]})
    assert Action("play", C.TURNCOAT) not in GAME.legal_actions(s, A)


def test_8_10_turncoat_is_not_legal_while_every_gang_has_nine():
    s = board(3, hands={A: [C.TURNCOAT]})
    assert Action("play", C.TURNCOAT) not in GAME.legal_actions(s, A)


def test_r28_turncoat_with_d_equal_to_r_changes_nothing():
    s = board(3, at_large=[5, 5, 5], hands={A: [C.TURNCOAT]})
    play(s, A, C.TURNCOAT, ("gang", B), ("at_large", B))
    assert GAME.legal_actions(s, A) == [Action("receiver", g) for g in (A, B, CC)]
    step(s, A, "receiver", B)
    assert s.at_large == [5, 5, 5]


def test_r28_turncoat_can_take_a_gang_to_zero_when_every_gang_had_one():
    s = board(3, at_large=[1, 1, 1], war=SINGLE, hands={A: [C.TURNCOAT]})
    play(s, A, C.TURNCOAT, ("gang", B), ("at_large", B), ("receiver", A))
    assert not s.live[B] and s.eliminated == [[B]] and s.phase != OVER
    assert s.at_large[A] == 2
