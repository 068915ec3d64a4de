"""The eight worked examples X1-X8 of rules section 11, built as positions and played."""

from __future__ import annotations

from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.state import DOUBLE, NONE, OVER, SINGLE, WINDOW

from .positions import CC, A, B, D, E, answer, board, discard, play, step

MOB = C.MOB_POWER
FI = C.FAMILY_INFLUENCE


def _x1(c_at_large: int = 5):
    s = board(
        4,
        at_large=[6, 8, c_at_large, 9],
        hit=[B],
        hands={A: [C.DOUBLE_CONTRACT, C.CONTRACT], CC: [MOB, C.CONTRACT], D: [FI, C.CONTRACT]},
    )
    play(s, A, C.DOUBLE_CONTRACT, ("gang", CC))
    assert s.phase == WINDOW and GAME.awaiting(s) == (B, CC, D)
    return s


def test_x1_double_contract_answered_with_mob_power_counts_first_clockwise():
    """X1 (rules 8.3, 10.1, RULING R13): C's Mob Power beats D's later Family Influence."""
    s = _x1()
    answer(s, D, FI)  # answers in any order
    answer(s, CC, MOB)
    answer(s, B)
    assert s.hit == [B, A, CC]
    assert s.at_large[A] == 5 and s.at_large[CC] == 4
    assert s.active == CC  # B skipped
    assert FI in s.hands[D] and MOB not in s.hands[CC]
    assert s.discard[-1] == MOB
    order = []
    for _ in range(4):
        order.append(s.active)
        discard(s, s.active, C.CONTRACT)
    assert order == [CC, D, A, B]


def test_x1_only_family_influence_spares_the_first_target():
    """X1 variant (rule 8.3): only D answers, list [B, C], next turn D."""
    s = _x1()
    answer(s, B)
    answer(s, CC)
    answer(s, D, FI)
    assert s.hit == [B, CC] and s.active == D


def test_x1_family_influence_on_a_lone_mobster_still_lists_him_once():
    """X1 variant, RULING R24: with C holding 1 at large the result is also [B, C]."""
    s = _x1(c_at_large=1)
    answer(s, B)
    answer(s, CC)
    answer(s, D, FI)
    assert s.hit == [B, CC] and s.at_large[CC] == 0


def test_x2_vendetta_with_safe_house_strikes_only_the_counter_players_mobsters():
    """X2 (rule 8.9, RULING R27): C's two struck, war double, C moves next and executes."""
    s = board(
        4,
        at_large=[9, 5, 3, 1],
        hit=[D],
        hands={A: [C.VENDETTA, C.CONTRACT], CC: [C.SAFE_HOUSE, C.CONTRACT]},
    )
    play(s, A, C.VENDETTA, ("next", B), ("next", CC), ("next", D), ("next", B))
    assert s.phase == WINDOW and s.choices == [
        ("next", B),
        ("next", CC),
        ("next", D),
        ("next", B),
        ("next", CC),
    ]
    answer(s, B)
    answer(s, CC, C.SAFE_HOUSE)
    answer(s, D)
    # C's S1 has already run: D, then B executed from [D, B, D, B]
    assert s.active == CC and s.war == DOUBLE
    assert s.hit == [D, B]
    assert s.in_play(D) == 1 and all(s.live)


def test_x3_turncoat_ties_at_large_departing_mobster():
    """X3 (rule 8.10, RULING R28): D = B at large, R = A."""
    s = _x3()
    play(s, A, C.TURNCOAT, ("gang", B), ("at_large", B), ("receiver", A))
    assert s.in_play(B) == 6 and s.at_large[B] == 5 and s.at_large[A] == 5
    assert s.hit == [CC, B, D]


def test_x3_turncoat_listed_departing_mobster_keeps_the_position():
    s = _x3()
    play(s, A, C.TURNCOAT, ("gang", B), ("position", 2), ("receiver", A))
    assert s.hit == [CC, A, D] and s.at_large[A] == 4 and s.in_play(A) == 5


def test_x3_turncoat_offers_the_tied_gangs_but_never_the_players_own():
    s = _x3()
    step_kinds = GAME.legal_actions(s, A)
    assert ("play", C.TURNCOAT) in step_kinds
    play(s, A, C.TURNCOAT)
    assert [tuple(a) for a in GAME.legal_actions(s, A)] == [("gang", B), ("gang", CC)]
    step(s, A, "gang", B)
    assert [tuple(a) for a in GAME.legal_actions(s, A)] == [("at_large", B), ("position", 2)]
    step(s, A, "at_large", B)
    assert [tuple(a) for a in GAME.legal_actions(s, A)] == [("receiver", A), ("receiver", D)]


def _x3():
    return board(4, at_large=[4, 6, 6, 3], hit=[CC, B, D], hands={A: [C.TURNCOAT, C.CONTRACT]})


def test_x4_double_rate_kills_a_gangs_last_mobster():
    """X4 (rules 6.4, 7.1, 7.2, RULING R16): C dies at B's S1, war stays double, C skipped."""
    s = board(3, at_large=[2, 2, 0], hit=[CC, B, A, B], war=DOUBLE, active=A)
    c_hand = list(s.hands[CC])
    discard(s, A)
    assert s.active == B
    assert s.hit == [A, B]
    assert not s.live[CC] and s.hands[CC] == [] and s.eliminated == [[CC]]
    assert all(card in s.discard for card in c_hand)
    assert s.in_play(A) == 3 and s.in_play(B) == 3 and s.war == DOUBLE
    assert len(s.hands[B]) == 6
    discard(s, B)
    assert s.active == A


def test_x5_a_counter_moves_the_turn_and_later_answers_stay_secret():
    """X5 (rules 4.5, 9.1, 10.3, RULING R13): D's Finger wins, E keeps his."""
    s = board(
        5,
        at_large=[8, 9, 8, 9, 9],
        hit=[A, CC],
        hands={A: [C.LAM, C.CONTRACT], D: [C.FINGER, C.CONTRACT], E: [C.FINGER, C.CONTRACT]},
    )
    play(s, A, C.LAM, ("position", 1))
    answer(s, E, C.FINGER)
    answer(s, CC)
    answer(s, D, C.FINGER)
    answer(s, B)  # a timed-out seat: the caller sends "no counter"
    assert s.hit == [A, CC]
    assert s.active == D and len(s.hands[D]) == 6
    assert C.FINGER in s.hands[E] and C.FINGER not in s.hands[D]
    order = []
    for _ in range(4):
        order.append(s.active)
        discard(s, s.active, C.CONTRACT)
    assert order == [D, E, A, B]


def test_x6_simultaneous_wipe_out_is_a_draw():
    """X6 (rules 7.1, 8.5, RULINGs R20, R21): the Massacre kills both last gangs."""
    s = board(2, at_large=[0, 0], hit=[B, A, B], war=SINGLE, active=B, hands={A: [C.MASSACRE]})
    discard(s, B)
    assert s.active == A and s.hit == [A, B] and s.phase != OVER
    play(s, A, C.MASSACRE)
    assert s.phase == OVER and s.war == NONE
    out = GAME.outcome(s)
    assert out.is_draw and out.placing == ((A, B),) and out.winners == (A, B)


def test_ruling_r20_a_draw_after_earlier_eliminations_counts_as_a_draw():
    """RULING R20 at 3 seats: C was eliminated before; the Massacre then kills A and B
    together, who share first place (the simulator counts it as a draw)."""
    s = board(3, at_large=[0, 0, 0], hit=[B, A, B], war=SINGLE, active=B, hands={A: [C.MASSACRE]})
    s.live[CC] = False
    s.eliminated = [[CC]]
    discard(s, B)
    play(s, A, C.MASSACRE)
    out = GAME.outcome(s)
    assert out.placing == ((A, B), (CC,)) and out.winners == (A, B) and out.is_draw


def test_x6_double_rate_executions_are_one_event_and_end_in_a_draw():
    """X6 variant (RULINGs R16, R21): both last mobsters executed in one S1."""
    s = board(2, at_large=[0, 0], hit=[A, B], war=DOUBLE, active=B)
    discard(s, B)
    assert s.phase == OVER and GAME.outcome(s).placing == ((A, B),)


def test_x7_intrigue_reorders_and_the_next_turn_executes_both_c():
    """X7 (rule 9.4): order [C, C, B, D, A], then B's S1 at double."""
    s = board(4, at_large=[5, 5, 3, 5], hit=[B, CC, A, CC, D], war=DOUBLE, hands={A: [C.INTRIGUE]})
    play(s, A, C.INTRIGUE, ("next", CC), ("next", CC), ("next", B), ("next", D))
    assert s.active == B
    assert s.hit == [B, D, A]


def test_x8_substitution_swaps_two_entries():
    """X8 (rule 9.3): positions 1 and 3 trade places; nobody changes zone."""
    s = board(4, at_large=[8, 8, 8, 9], hit=[A, B, CC], hands={A: [C.SUBSTITUTION]})
    play(s, A, C.SUBSTITUTION, ("position", 1), ("position", 3))
    assert s.hit == [CC, B, A] and s.at_large == [8, 8, 8, 9]


def test_x8_substitution_with_an_at_large_mobster():
    s = board(4, at_large=[8, 8, 8, 9], hit=[A, B, CC], hands={A: [C.SUBSTITUTION]})
    play(s, A, C.SUBSTITUTION, ("position", 1), ("at_large", D))
    assert s.hit == [D, B, CC] and s.at_large[A] == 9 and s.at_large[D] == 8
