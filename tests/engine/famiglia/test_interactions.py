"""Rule interactions and edge cases that the per-rule engine tests do not reach.

Each test names the rule (or RULING) it checks; several combine two rules, e.g. an
Accountant exchange feeding a Brute or a wild payment, or a pile switch and the game-end
trigger in the same reveal.
"""

from __future__ import annotations

from engine.famiglia import result
from engine.famiglia.actions import (
    BruteAmount,
    BruteTarget,
    ExchangeDone,
    ExchangeGive,
    ExchangeTake,
    Pass,
    Pay,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Take,
)
from engine.famiglia.cards import code
from engine.famiglia.payment import effective_rank

from .positions import (
    FIVE_ONES,
    FOUR_TWOS,
    SATED,
    SEVEN_ZEROS,
    codes,
    conserved,
    kinds_of,
    make,
    play,
    robot,
    robot_turn,
    row,
)

# ---------------------------------------------------------------------- two-player


def refreshes(s) -> list[int]:
    return [a.index for a in s.legal_actions() if isinstance(a, Refresh)]


def test_4_1_4_post_switch_card_under_a_pile_that_covers_its_rank_stays_there():
    # F2 goes under a pile of two: the two old cards come out, the F2 is the pile now.
    s = make(street="A1 F2", draw="M1 B1", switched=True, rest="area1")
    ev = play(s, Refresh(index=1))
    assert row(s.street) == "A1 B1 M1"
    assert row(s.draw) == "F2"
    assert kinds_of(ev) == ["refresh"]  # one card still to draw: no end trigger
    assert s.turns_left == -1
    assert refreshes(s) == []  # and the once-per-turn budget is spent


def test_4_1_5_zero_revealed_before_the_switch_blocks_the_extra_refresh():
    # A3 owes three: M0 from the first pile, switch, two from the new pile. A 0 now shows,
    # so the one post-switch refresh of 4.1.5 is not available ("if still no 0").
    s = make(street="A3 B1", draw="M0", discard="M2 M3", rest="area1")
    ev = play(s, Refresh(index=0))
    assert kinds_of(ev) == ["refresh", "switch"]
    assert s.switched and not s.post_refresh_used
    assert row(s.street)[:5] == "B1 M0"  # the 0 first, then two from the new pile
    assert sorted(row(s.street).split()[2:] + row(s.draw).split()) == ["A3", "M2", "M3"]
    assert refreshes(s) == []
    assert Take(index=1) in s.legal_actions()


def test_4_1_5_and_6_1_switch_and_second_pile_exhausted_by_one_refresh():
    # Second player refreshes A4: F1 empties the first pile, the discard pile (just the
    # A4) becomes the new pile, the A4 comes straight back and that pile is empty too.
    s = make(street="A4 B1", draw="F1", discard="", rest="area0", current=1, first=0)
    ev = play(s, Refresh(index=0))
    assert kinds_of(ev) == ["refresh", "switch", "end_triggered"]
    assert row(s.street) == "B1 F1 A4" and s.draw == [] and s.discard == []
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [0]  # 6.1: second player
    assert refreshes(s) == []  # 6.4 RULING: nothing left to refresh with
    play(s, Pass())
    assert s.over and conserved(s)


def test_4_2_2_exchange_takes_back_a_brute_which_is_then_played_in_a3():
    s = make(street="M4 A1", hands=("A1 M1*2 F0", ""), areas=("B2", ""))
    assert PlayBrute(rank=2) not in s.legal_actions()
    play(s, PlayAccountant(rank=1), ExchangeTake(card="B2"), ExchangeGive(card="F0"))
    assert PlayBrute(rank=2) in s.legal_actions()
    play(s, PlayBrute(rank=2), BruteTarget(index=0), BruteAmount(amount=2))
    assert effective_rank(s, 0) == 2
    play(s, Take(index=0))  # M4 lowered to 2, paid with the two M1
    assert codes(s.hands[0]) == "M1 M4"
    assert codes(s.areas[0]) == "F0 A1 B2 M1"
    assert conserved(s)


def test_4_2_2_exchange_takes_back_a_mercenary_then_used_as_the_wild():
    s = make(street="F3", hands=("A1 F2 B0", ""), areas=("M3", ""))
    assert Take(index=0) not in s.legal_actions()  # the M3 in the play area can't pay
    play(s, PlayAccountant(rank=1), ExchangeTake(card="M3"), ExchangeGive(card="B0"))
    play(s, Take(index=0))
    assert s.decision == "pay"
    assert {(a.wild, a.exhaust) for a in s.legal_actions()} == {(3, "genuine"), (3, "wild")}
    play(s, Pay(wild=3, exhaust="genuine"))
    assert codes(s.hands[0]) == "F3 M3"
    assert codes(s.areas[0]) == "F2 A1 B0"


def test_4_3_1_brute_4_lowers_a_4_to_exactly_0_free_take_vp_unchanged():
    s = make(street="F4", hands=("B4", ""), rest="discard")
    play(s, PlayBrute(rank=4), BruteTarget(index=0))
    assert [a.amount for a in s.legal_actions()] == [1, 2, 3, 4]
    ev = play(s, BruteAmount(amount=4), Take(index=0))
    take = next(e for e in ev if e.kind == "take")
    assert take.cards == () and take.exhausted == -1  # 4.4.2: nothing paid
    assert codes(s.hands[0]) == "F4" and codes(s.areas[0]) == "B4"
    assert result(s).totals == (15 + 10, 0)  # 4.3.3: still a red 4 worth 15


def test_4_3_1_brute_bigger_than_the_card_lowers_by_the_card_rank_only():
    s = make(street="A1 F4", hands=("B4", ""))
    ev = play(s, PlayBrute(rank=4), BruteTarget(index=0))
    assert s.decision == "main"  # 1 <= d <= min(4, 1): no amount to choose
    assert ev[-1].kind == "brute_target" and ev[-1].amount == 1
    assert effective_rank(s, 0) == 0
    assert Take(index=0) in s.legal_actions()


def test_4_4_6_brute_on_a_green_target_then_green_genuine_plus_green_wild():
    # M3 lowered to 2: the genuine card is now M1, and an M2 (rank >= 2) is the wild.
    s = make(street="M3", hands=("B1 M1 M2", ""))
    assert Take(index=0) not in s.legal_actions()  # at rank 3 it would need M2 + M3+
    play(s, PlayBrute(rank=1), BruteTarget(index=0))
    assert effective_rank(s, 0) == 2
    play(s, Take(index=0))
    assert {(a.wild, a.exhaust) for a in s.legal_actions()} == {(2, "genuine"), (2, "wild")}
    play(s, Pay(wild=2, exhaust="wild"))
    assert codes(s.hands[0]) == "M1 M3" and codes(s.areas[0]) == "B1 M2"


def test_4_4_1_ruling_and_6_3_ability_turn_without_a_take_counts_toward_early_end():
    s = make(street="M4 F0", hands=("A1 B1", ""), areas=("F1", ""))
    play(s, PlayAccountant(rank=1), ExchangeDone(), PlayBrute(rank=1), BruteTarget(index=0))
    play(s, Pass())
    assert not s.over and s.passes == 1
    ev = play(s, Pass())  # the other player passes right after: two passes in a row
    assert s.over and kinds_of(ev) == ["pass", "game_over"]


def test_4_5_2_and_6_2_switch_and_second_pile_run_dry_in_one_refill():
    # Second player empties the Street; the refill takes the first pile's two cards,
    # switches to the three discarded cards, takes them too and runs dry: one more round.
    s = make(
        street="F0",
        hands=("", "M1*2"),
        draw="M1 M2",
        discard="A1 A2 A3",
        rest="area1",
        current=1,
        first=0,
    )
    ev = play(s, Take(index=0))
    assert kinds_of(ev) == ["take", "refill", "switch", "end_triggered", "turn"]
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [2]
    assert row(s.street)[:5] == "M2 M1" and len(s.street) == 5
    assert s.draw == [] and s.discard == []
    play(s, Pass())  # starting player
    assert not s.over and s.current == 1
    play(s, Take(index=0))  # second player (M2 with the M1 pair): the round is complete
    assert s.over and s.turns_done == [1, 2]


def test_7_3_best_card_is_compared_by_vp_not_by_rank():
    # Both best cards are 3s, but the red 3 is worth 10 VP, the green 3 only 6.
    s = make(hands=("F3", "M3 A2 B1"), rest="discard")
    r = result(s)
    assert r.totals == (10, 10) and r.winner == 0 and r.decided_by == "best_card"


def test_7_4_ruling_equal_vp_cards_of_different_rank_and_colour_tie():
    # B4 and F3 are both 10 VP; A1 and F0 both 1 VP: nothing separates them.
    s = make(hands=("B4 A1", "F3 F0"), rest="discard")
    r = result(s)
    assert r.totals == (11, 11) and r.winner is None and r.decided_by == "draw"


# ---------------------------------------------------------------------- solo robot


def test_9_8_step_1_with_t0_zeros_never_refreshes_for_a_zero_step_2_does():
    s = robot("A2 B3", area=SEVEN_ZEROS, draw="B2 F1 M2")  # A2 out: M2, F1 revealed
    step, card, ev = robot_turn(s)
    assert kinds_of(ev).count("refresh") == 1
    assert (step, card) == (2, "F1")
    assert row(s.street) == "B3 M2" and row(s.discard) == "A2"


def test_9_8_step_2_refresh_shows_zeros_but_no_one_takes_the_red_zero():
    # The refresh reveals M0 then F0: a 0 stops the refreshing, no 1 showed, so the
    # red 0 is taken although the M0 is further left.
    s = robot("A2 B3", area=SEVEN_ZEROS, draw="B2 F0 M0")
    step, card, ev = robot_turn(s)
    assert kinds_of(ev).count("refresh") == 1
    assert (step, card) == (2, "F0")
    assert row(s.street) == "B3 M0"


def test_9_8_step_3_refresh_stopped_by_a_zero_takes_the_most_valuable_lower_card():
    s = robot("A3 B4", area=FIVE_ONES, draw="B3 M0 F1 A1")  # A3 out: A1, F1, M0
    step, card, ev = robot_turn(s)
    assert kinds_of(ev).count("refresh") == 1
    assert (step, card) == (3, "F1")  # red 1 (3 VP) beats A1 (1 VP) and M0
    assert row(s.street) == "B4 A1 M0"


def test_9_8_step_4_most_valuable_lower_card_not_the_four():
    # No 3 and a 0 showing (no refresh): red 2 (6 VP) beats M2 (3 VP); the A4 waits
    # for Step 5 (9.8.2).
    s = robot("M2 B0 A4 F2", area=FOUR_TWOS)
    assert robot_turn(s)[:2] == (4, "F2")


def test_9_8_step_5_highest_vp_red_four_beats_other_fours_equal_vp_leftmost():
    assert robot_turn(robot("A4 F4", area=SATED))[:2] == (5, "F4")  # 15 VP against 10
    assert robot_turn(robot("F3 A4", area=SATED))[:2] == (5, "F3")  # 10 VP each: leftmost
    assert robot_turn(robot("A4 F3", area=SATED))[:2] == (5, "A4")


def test_9_8_step_5_first_pile_refreshes_repeatedly_through_the_switch():
    # The F4 is deep in the pile: M3 out (A1 B1 M1 in), still no F4 and no 0, so A2 out:
    # F4 and, after the switch (4.1.5), one card of the new pile. Now the F4 shows.
    s = robot("M3 A2", area=SATED, draw="F4 M1 B1 A1")
    step, card, ev = robot_turn(s)
    assert [code(e.card) for e in ev if e.kind == "refresh"] == ["M3", "A2"]  # leftmost
    assert "switch" in kinds_of(ev)
    assert (step, card) == (5, "F4")
    assert row(s.street) == "A1 B1 M1 M3" and row(s.draw) == "A2"


def test_9_8_step_5_a_zero_stops_the_refresh_best_card_showing_is_taken():
    s = robot("M3 A2", area=SATED, draw="F4 M1 B0 A1")  # M3 out: A1, B0, M1
    step, card, ev = robot_turn(s)
    assert kinds_of(ev).count("refresh") == 1
    assert (step, card) == (5, "A2")  # F4 still unseen, but no refresh with a 0 showing


def test_9_8_step_5_ruling_discard_pile_counts_as_left_in_the_game():
    # The F4 lies in the discard pile (first-pile phase): it is "left in the game", so he
    # refreshes; the pile runs out exactly (4.1.6), he gets one post-switch refresh, and
    # the shuffled discard pile brings the F4 out.
    s = robot("M3 A2", area=SATED, draw="B1 A1 M1", discard="F4")
    step, card, ev = robot_turn(s)
    refresh_notes = [e.note for e in ev if e.kind == "refresh"]
    assert refresh_notes == ["discard", "bottom"]
    assert (step, card) == (5, "F4")
    assert row(s.draw) == "A2"


def test_9_7_ruling_4_1_6_pile_exhausted_exactly_gives_the_robot_one_more_refresh():
    # Step 1: A2 out reveals M2, F1 and empties the first pile exactly: switch, then one
    # post-switch refresh (B1 under the pile). Still no 0: Step 2 takes the F1.
    s = robot("A2 B1", draw="F1 M2", discard="A3")
    step, card, ev = robot_turn(s)
    assert [e.note for e in ev if e.kind == "refresh"] == ["discard", "bottom"]
    assert kinds_of(ev)[:3] == ["refresh", "switch", "refresh"]
    assert (step, card) == (2, "F1")
    assert row(s.draw)[:2] == "B1"  # the refreshed B1 lies at the bottom


def test_9_10_1_robot_as_second_player_refill_runs_dry_one_more_full_round():
    s = robot("F0", draw="M1 M2", switched=True, rest="discard", first=0)
    s.turns_done = [1, 0]  # the human (starting seat) has had this round's turn
    step, card, ev = robot_turn(s)
    assert (step, card) == (1, "F0")
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [2]  # 6.2
    play(s, Pass())  # human
    assert not s.over and s.current == 1
    robot_turn(s)  # robot completes the extra round
    assert s.over and s.turns_done == [2, 2]
