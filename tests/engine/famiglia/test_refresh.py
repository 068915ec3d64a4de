"""Rule 4.1 (A1, refreshing the Street) and rule 5 (draw-pile bookkeeping)."""

from __future__ import annotations

import pytest

from engine.famiglia import IllegalAction, label
from engine.famiglia.actions import Pass, PlayAccountant, Refresh, Take

from .positions import cards, conserved, kinds_of, make, play, row


def refresh_indices(s) -> list[int]:
    return [a.index for a in s.legal_actions() if isinstance(a, Refresh)]


def test_4_1_1_no_refresh_when_a_zero_shows():
    s = make(street="A1 B2 F0 M3", draw="B1 B1")
    assert refresh_indices(s) == []
    with pytest.raises(IllegalAction, match="0 is showing"):
        s.apply(Refresh(index=0))


def test_4_1_1_refresh_offered_for_every_street_card_when_no_zero():
    s = make(street="A1 B2 F3 M4")
    assert refresh_indices(s) == [0, 1, 2, 3]


def test_4_1_2_discard_any_card_and_reveal_its_rank_in_cards():
    s = make(street="A1 B2 F3 M4", draw="M1 F2 B3")
    ev = play(s, Refresh(index=2))
    assert row(s.discard)[-2:] == "F3"
    assert row(s.street) == "A1 B2 M4 B3 F2 M1"  # top of the pile first, appended right
    assert ev[0].kind == "refresh" and ev[0].note == "discard"
    assert ev[0].cards == tuple(cards("B3 F2 M1"))
    assert conserved(s)


def test_4_1_2_refresh_repeats_while_no_zero_shows():
    s = make(street="A1 B2", draw="M1 F2 B3 A1")
    play(s, Refresh(index=0))  # A1 -> reveals A1
    assert row(s.street) == "B2 A1"
    play(s, Refresh(index=1))  # A1 -> reveals B3
    play(s, Refresh(index=0))  # B2 -> reveals F2 M1
    assert row(s.street) == "B3 F2 M1"
    assert refresh_indices(s) == [0, 1, 2]


def test_4_1_2_refresh_stops_as_soon_as_a_zero_shows():
    s = make(street="A1 B2", draw="M1 F0 B3")
    play(s, Refresh(index=1))  # reveals B3, F0
    assert row(s.street) == "A1 B3 F0"
    assert refresh_indices(s) == []
    assert Take(index=2) in s.legal_actions()


def test_4_1_2_player_may_stop_early_and_skip_refresh():
    s = make(street="A1 B2", hands=("A1", ""))
    legal = s.legal_actions()
    assert Pass() in legal and PlayAccountant(rank=1) in legal
    play(s, PlayAccountant(rank=1))
    assert refresh_indices(s) == []  # A1 is left behind once A2 started


def test_4_1_2_discard_pile_never_receives_a_zero():
    s = make(street="A1 B2", draw="F0 M0 A0 B2")
    play(s, Refresh(index=1))
    assert all(k % 5 for k in s.discard)


def test_4_1_3_switch_the_moment_the_first_pile_empties():
    s = make(street="A2 B1", draw="F1 M2", discard="A3 A3", rest="area1")
    ev = play(s, Refresh(index=0))  # owes 2: exactly the whole pile
    assert s.switched
    assert s.discard == []
    assert sorted(row(s.draw).split()) == ["A2", "A3", "A3"]  # discard incl. the A2
    assert "switch" in kinds_of(ev)
    assert kinds_of(ev).index("refresh") < kinds_of(ev).index("switch")
    assert conserved(s)


def test_4_1_3_switch_shuffle_is_deterministic_from_the_seed():
    def after() -> list[int]:
        s = make(street="A2 B1", draw="F1", discard="A3 A1 B1 B2 M1 M3", rest="area1")
        play(s, Refresh(index=0))
        return s.draw + s.street

    assert after() == after()


def test_4_1_4_after_switch_card_goes_under_the_pile_before_drawing():
    s = make(street="A1 B2 F3", draw="M1 M2 M3 F1", switched=True, rest="area1")
    ev = play(s, Refresh(index=1))  # B2 under the pile, reveal F1, M3
    assert row(s.street) == "A1 F3 F1 M3"
    assert row(s.draw) == "B2 M1 M2"
    assert s.discard == []
    assert ev[0].note == "bottom"


def test_4_1_4_after_switch_only_one_refresh_per_turn():
    s = make(street="A1 B2 F3", draw="M1 M2 M3 F1", switched=True, rest="area1")
    play(s, Refresh(index=0))
    assert refresh_indices(s) == []
    with pytest.raises(IllegalAction, match="only once a turn"):
        s.apply(Refresh(index=0))


def test_4_1_4_budget_renews_next_turn():
    s = make(street="A1 B2 F3", draw="M1 M2 M3 F1 A2 A3", switched=True, rest="area1")
    play(s, Refresh(index=0), Pass())
    assert s.current == 1
    assert refresh_indices(s) == list(range(len(s.street)))


def test_4_1_4_short_pile_reveals_all_that_remain_and_triggers_end():
    s = make(street="A1 F3", draw="M1", switched=True, rest="area1")
    ev = play(s, Refresh(index=1))  # F3 under: pile F3 M1 -> both revealed
    assert row(s.street) == "A1 M1 F3"
    assert s.draw == []
    assert "end_triggered" in kinds_of(ev)


def test_4_1_5_switch_mid_refresh_allows_one_more_refresh():
    s = make(street="A3 B1", draw="F2", discard="M3 M2 M1", rest="area1")
    ev = play(s, Refresh(index=0))  # owes 3: F2, switch, then 2 more from the new pile
    assert s.switched and "switch" in kinds_of(ev)
    assert len(s.street) == 1 + 3
    assert len(s.draw) == 2  # 4 cards (M3 M2 M1 + the A3) less the 2 still owed
    assert all(k % 5 for k in s.street)
    assert refresh_indices(s) == [0, 1, 2, 3]  # one more, post-switch
    play(s, Refresh(index=0))
    assert s.draw[0] == cards("B1")[0]  # went under the pile
    assert refresh_indices(s) == []  # then A1 ends


def test_4_1_5_discarded_card_is_in_the_new_pile_and_can_come_back():
    s = make(street="A2 B1", draw="F1", discard="", rest="area1")
    play(s, Refresh(index=0))  # F1, switch (new pile = just A2), then A2 again
    assert row(s.street) == "B1 F1 A2"
    assert s.draw == []


def test_4_1_6_ruling_pile_runs_out_exactly_on_last_owed_card():
    s = make(street="A2 B1", draw="F1 M2", discard="A3", rest="area1")
    play(s, Refresh(index=0))
    assert s.switched and not s.post_refresh_used
    assert refresh_indices(s) == [0, 1, 2]  # the one post-switch refresh (RULING 4.1.6)
    play(s, Refresh(index=2))
    assert refresh_indices(s) == []


def test_4_1_7_new_cards_are_appended_at_the_right_end_in_draw_order():
    s = make(street="A1 B2 F3", draw="B1 M1 M2 M3")
    play(s, Refresh(index=0))
    assert row(s.street) == "B2 F3 M3"
    play(s, Refresh(index=2))
    assert row(s.street) == "B2 F3 M2 M1 B1"


def test_5_first_pile_phase_refreshed_cards_go_to_discard():
    s = make(street="A1 B2", draw="M1 M2 M3 F1", rest="area1")
    play(s, Refresh(index=0), Refresh(index=0))
    assert row(s.discard) == "A1 B2"


def test_5_second_pile_phase_discard_pile_no_longer_used():
    s = make(street="A1 B2", draw="M1 M2 M3 F1", switched=True, rest="area1")
    play(s, Refresh(index=0))
    assert s.discard == []


def test_5_edge_ruling_empty_discard_at_switch_triggers_end_at_once():
    # Nobody ever refreshed: the 6-card refill empties the first pile, the discard is
    # empty, so the new pile is empty too and every card is face up.
    s = make(street="F0", draw="A1 A2 A3 A4 B1 B2", discard="", rest="area1")
    ev = play(s, Take(index=0))
    assert s.switched and s.draw == [] and len(s.street) == 6
    assert "switch" in kinds_of(ev) and "end_triggered" in kinds_of(ev)
    assert s.turns_left >= 0
    assert conserved(s)


def test_5_switch_with_nonempty_discard_does_not_trigger_the_end():
    s = make(street="F0", draw="A1 A2 A3 A4 B1 B2", discard="M1", rest="area1")
    ev = play(s, Take(index=0))
    assert s.switched and row(s.draw) == "M1"
    assert "end_triggered" not in kinds_of(ev)


def test_4_1_4_refresh_label_says_under_the_pile_after_the_switch():
    before = make(street="A1 B2")
    after = make(street="A1 B2", switched=True)
    assert label(before, Refresh(index=1)) == "Refresh: discard B2 (#2), reveal 2"
    assert label(after, Refresh(index=1)) == "Refresh: put B2 (#2) under the pile, reveal 2"
