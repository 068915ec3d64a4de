"""The reference model (reference_rules) reproduces the worked examples X1-X8 of the
rules file, so the differential test compares the engine with the rules, not with a
second guess."""

from __future__ import annotations

from collections import Counter

from .reference_position import DOUBLE, FI, FINGER, MP, NO_WAR, SAFE, SINGLE, Position
from .reference_rules import plays_of, take_turn, turncoat_sides

A, B, C, D, E = range(5)


def position(
    n: int,
    at_large: list[int],
    hit: list[int],
    war: int = NO_WAR,
    hands: dict[int, list[str]] | None = None,
    active: int = A,
) -> Position:
    given = hands or {}
    return Position(
        n=n,
        live=[True] * n,
        at_large=list(at_large),
        hit=list(hit),
        war=war,
        hands=[Counter(given.get(g, ["truce"] * 5)) for g in range(n)],
        draw=["contract"] * 20,
        discard=Counter(),
        active=active,
    )


def test_x1_double_contract_answered_with_mob_power():
    pos = position(4, [6, 8, 5, 9], [B], hands={A: ["double_contract"], C: [MP], D: [FI]})
    by, card = take_turn(pos, "double_contract", (C,), {B: None, C: MP, D: FI})
    assert (by, card) == (C, MP) and pos.hit == [B, A, C]
    assert pos.at_large[A] == 5 and pos.at_large[C] == 4 and pos.active == C
    assert pos.hands[D][FI] == 1
    only_d = position(4, [6, 8, 5, 9], [B], hands={A: ["double_contract"], D: [FI]})
    take_turn(only_d, "double_contract", (C,), {D: FI})
    assert only_d.hit == [B, C] and only_d.active == D
    lone = position(4, [6, 8, 1, 9], [B], hands={A: ["double_contract"], D: [FI]})
    take_turn(lone, "double_contract", (C,), {D: FI})
    assert lone.hit == [B, C]


def test_x2_vendetta_answered_with_safe_house():
    pos = position(4, [9, 5, 3, 1], [D], hands={A: ["vendetta"], C: [SAFE]})
    plays = plays_of(pos, A, "vendetta")
    assert isinstance(plays, list) and (B, C, D, B, C) in plays
    take_turn(pos, "vendetta", (B, C, D, B, C), {C: SAFE})
    assert pos.active == C and pos.war == DOUBLE
    assert pos.hit == [D, B]  # [D, B, D, B] before C's S1 executed D, then B
    assert pos.in_play(D) == 1 and pos.live == [True] * 4


def test_x3_turncoat_with_ties():
    pos = position(4, [4, 6, 6, 3], [C, B, D], hands={A: ["turncoat"]})
    assert turncoat_sides(pos, A) == ([B, C], [A, D])
    at_large = position(4, [4, 6, 6, 3], [C, B, D], hands={A: ["turncoat"]})
    take_turn(at_large, "turncoat", (B, ("at_large", B), A))
    assert at_large.at_large[B] == 5 and at_large.at_large[A] == 5
    assert at_large.hit == [C, B, D]
    take_turn(pos, "turncoat", (B, ("position", 2), A))
    assert pos.hit == [C, A, D] and pos.at_large[A] == 4 and pos.in_play(B) == 6
    assert turncoat_sides(position(4, [7, 7, 6, 3], []), A) == ([B], [D])  # never A as D


def test_x4_double_rate_kills_a_gangs_last_mobster():
    pos = position(3, [2, 2, 0], [C, B, A, B], war=DOUBLE)
    c_hand = Counter(pos.hands[C])
    take_turn(pos, "truce", None)  # A discards; B's S1
    assert pos.hit == [A, B] and pos.live == [True, True, False] and pos.eliminated == [(C,)]
    assert pos.war == DOUBLE and pos.active == B and not c_hand - pos.discard
    take_turn(pos, "truce", None)
    assert pos.active == A


def test_x5_a_counter_moves_the_turn():
    hands = {A: ["take_it_on_the_lam"], D: [FINGER, "truce"], E: [FINGER]}
    pos = position(5, [8, 9, 8, 9, 9], [A, C], hands=hands)
    take_turn(pos, "take_it_on_the_lam", (1,), {B: None, C: None, D: FINGER, E: FINGER})
    assert pos.hit == [A, C] and pos.active == D and pos.hands[E][FINGER] == 1
    assert sum(pos.hands[D].values()) == 6  # refilled from the reduced hand


def test_x6_simultaneous_wipe_out_is_a_draw():
    pos = position(2, [0, 0], [B, A, B], war=SINGLE, hands={A: ["massacre"]}, active=B)
    take_turn(pos, "truce", None)
    assert pos.hit == [A, B] and pos.active == A and not pos.over
    take_turn(pos, "massacre", ())
    assert pos.over and pos.winner is None and pos.draw_between == (A, B)
    double = position(2, [0, 0], [A, B], war=DOUBLE, active=B)
    take_turn(double, "truce", None)
    assert double.over and double.winner is None and double.draw_between == (A, B)


def test_x7_intrigue():
    pos = position(4, [8, 9, 7, 8], [B, C, A, C, D], war=DOUBLE, hands={A: ["intrigue"]})
    take_turn(pos, "intrigue", (C, C, B, D, A))
    assert pos.active == B and pos.hit == [B, D, A]


def test_x8_substitution():
    pos = position(4, [8, 8, 8, 9], [A, B, C], hands={A: ["substitution"]})
    take_turn(pos, "substitution", (1, ("position", 3)))
    assert pos.hit == [C, B, A] and pos.at_large == [8, 8, 8, 9]
    pos = position(4, [8, 8, 8, 9], [A, B, C], hands={A: ["substitution"]})
    take_turn(pos, "substitution", (1, ("at_large", D)))
    assert pos.hit == [D, B, C] and pos.at_large == [9, 8, 8, 8]
