"""Refreshing the Street and the draw piles in unusual combinations (rules 4.1, 5, 6.4).

Each test names the rule (or RULING) of famiglia.md it checks. Refusals are checked to
give a reason and to leave the state exactly as it was.
"""

from __future__ import annotations

from engine.famiglia.actions import (
    Pass,
    Refresh,
    Take,
)

from .positions import conserved, kinds_of, make, play, refused, row


def refresh_indices(s) -> list[int]:
    return [a.index for a in s.legal_actions() if isinstance(a, Refresh)]


def test_4_1_5_after_the_mid_refresh_switch_exactly_one_more_refresh_then_refused():
    # Rule 4.1.5: A2 owes two, the first pile has one: switch, one card from the new pile.
    # No 0 shows: one post-switch refresh (card under the pile), then A1 is over.
    s = make(street="A2 B3", draw="F1", discard="M2 M3 F2", rest="area1")
    play(s, Refresh(index=0))
    assert s.switched and s.discard == []
    assert not any(k % 5 == 0 for k in s.street)
    assert len(refresh_indices(s)) == len(s.street)
    assert len(s.draw) == 3
    ev = play(s, Refresh(index=0))  # B3 under the pile of three, three come out
    assert [e.note for e in ev if e.kind == "refresh"] == ["bottom"]
    assert row(s.draw) == "B3" and s.post_refresh_used
    assert not any(k % 5 == 0 for k in s.street)  # still no 0, yet A1 is over
    assert refresh_indices(s) == []
    refused(s, Refresh(index=0), "only once")
    assert conserved(s)


def test_4_1_2_first_pile_refreshes_unlimited_while_no_zero_shows():
    # Rule 4.1.2: before the switch A1 may be repeated any number of times.
    s = make(street="A1 B1", draw="M1 M2 F1 F2 A2 A3", rest="discard")
    for _ in range(3):
        assert refresh_indices(s) == list(range(len(s.street)))
        play(s, Refresh(index=0))
    assert row(s.street) == "A2 F2 F1 M2"
    assert not s.switched and row(s.discard).endswith("A1 B1 A3")
    assert refresh_indices(s) == [0, 1, 2, 3]  # still no 0: a fourth is allowed
    assert conserved(s)


def test_4_1_1_refresh_refused_with_a_zero_showing_state_unchanged():
    s = make(street="A3 M0 B2", hands=("A1", ""))
    refused(s, Refresh(index=0), "0 is showing")


def test_6_4_ruling_refresh_refused_once_the_pile_is_empty_with_a_reason():
    s = make(street="A3 B2", draw="", switched=True, rest="area1")
    s.turns_left = 1
    refused(s, Refresh(index=0), "draw pile is empty")


def test_5_edge_ruling_refill_meets_an_exactly_empty_first_pile_and_empty_discard():
    # Rule 4.5.1/4.5.2 + 5 edge RULING: the refill takes the first pile's last six cards;
    # the switch finds an empty discard pile, the new pile is empty: trigger at once,
    # in the refill (6.2) after the starting player's turn -> the second player ends it.
    s = make(street="F0", draw="M1 M2 M3 A1 A2 A3", rest="area1", current=0, first=0)
    ev = play(s, Take(index=0))
    assert kinds_of(ev)[:4] == ["take", "refill", "switch", "end_triggered"]
    assert row(s.street) == "A3 A2 A1 M3 M2 M1"
    assert s.switched and s.draw == [] and s.discard == []
    assert not s.over and s.current == 1
    play(s, Pass())
    assert s.over and s.turns_done == [1, 1]


def test_4_1_6_ruling_exact_run_out_then_post_switch_refresh_empties_the_new_pile():
    # Rules 4.1.6 + 4.1.4 + 6.1 + 6.4: A2 owes two and the first pile holds exactly two:
    # switch at once (new pile: the A2). One post-switch refresh of F1: F1 under the
    # A2, one card (the A2) revealed, the F1 is the pile; the budget is spent.
    s = make(street="A2 B3", draw="M1 F1", discard="", rest="area1", current=0, first=0)
    ev = play(s, Refresh(index=0))
    assert kinds_of(ev) == ["refresh", "switch"]
    assert row(s.draw) == "A2" and row(s.street) == "B3 F1 M1"
    play(s, Refresh(index=1))  # F1 under the A2, reveal one: the A2
    assert row(s.street) == "B3 M1 A2" and row(s.draw) == "F1"
    assert s.turns_left == -1
    refused(s, Refresh(index=0), "only once")
    # a post-switch refresh of a 3 under a one-card pile empties it: the end trigger
    s2 = make(street="A2 B3", draw="M1 F1", discard="", rest="area1", current=0, first=0)
    play(s2, Refresh(index=0))
    ev = play(s2, Refresh(index=0))  # B3 under the A2: both come out
    assert kinds_of(ev) == ["refresh", "end_triggered"]
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [1]
    assert s2.draw == [] and row(s2.street) == "F1 M1 A2 B3"
    refused(s2, Refresh(index=0), "draw pile is empty")
