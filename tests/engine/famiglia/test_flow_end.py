"""Rule 4 (turn order), 4.5 (Street refill) and 6 (game end)."""

from __future__ import annotations

import pytest

from engine.famiglia import GameState, IllegalAction
from engine.famiglia.actions import (
    BruteTarget,
    ExchangeDone,
    Pass,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Take,
)

from .positions import conserved, kinds_of, legal_types, make, play, row


def test_4_actions_in_order_a1_a2_a3_a4():
    s = make(street="A1 B2 F3", hands=("A1 B1", ""), areas=("M1", ""), draw="M3 M2 M1")
    assert legal_types(s) == {"refresh", "accountant", "brute", "pass"}
    play(s, Refresh(index=0))  # reveals M1
    assert legal_types(s) == {"refresh", "accountant", "brute", "pass"}
    play(s, PlayAccountant(rank=1), ExchangeDone())
    assert legal_types(s) == {"brute", "pass"}
    play(s, PlayBrute(rank=1), BruteTarget(index=2))  # M1 -> 0
    assert legal_types(s) == {"take", "pass"}


def test_4_each_step_optional_take_straight_away():
    s = make(street="A1 B2 F0", hands=("A1 B1", ""))
    play(s, Take(index=2))
    assert s.current == 1


def test_4_each_family_ability_at_most_once_per_turn():
    s = make(street="A1 A2 F3", hands=("B1 B2", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=0))
    with pytest.raises(IllegalAction, match="can't play a Brute now"):
        s.apply(PlayBrute(rank=2))


def test_4_wrong_seat_refused():
    s = make(street="F0", hands=("", ""))
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(Pass(), seat=1)
    play(s, Pass())
    assert s.current == 1


def test_4_5_1_empty_street_refilled_with_six_after_the_turn():
    s = make(street="F0", hands=("", ""), draw="M1 M2 M3 A1 A2 A3 B1")
    ev = play(s, Take(index=0))
    assert row(s.street) == "B1 A3 A2 A1 M3 M2"
    refill = next(e for e in ev if e.kind == "refill")
    assert len(refill.cards) == 6
    assert kinds_of(ev) == ["take", "refill", "turn"]


def test_4_5_1_no_refill_when_the_street_still_has_cards():
    s = make(street="F0 A1", hands=("", ""))
    ev = play(s, Take(index=0))
    assert row(s.street) == "A1" and "refill" not in kinds_of(ev)


def test_4_5_2_switch_during_refill_and_keep_drawing():
    s = make(
        street="F0", hands=("", ""), draw="M1 M2", discard="A1 A2 A3 B1 B2 B3 B4", rest="area1"
    )
    ev = play(s, Take(index=0))
    assert s.switched and len(s.street) == 6
    assert len(s.draw) == 3 and s.discard == []
    assert "switch" in kinds_of(ev) and "end_triggered" not in kinds_of(ev)
    assert conserved(s)


def test_4_5_2_second_pile_runs_out_during_refill_place_what_there_is():
    s = make(street="F0", hands=("", ""), draw="M1 M2 M3", switched=True, rest="area1")
    ev = play(s, Take(index=0))
    assert row(s.street) == "M3 M2 M1"
    assert "end_triggered" in kinds_of(ev)


def test_4_5_3_then_the_other_players_turn_begins_fresh():
    s = make(street="A1 A2 F0", hands=("B1", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=0), Take(index=2))
    assert s.current == 1 and s.decision == "main"
    assert s.brute_idx == -1 and s.stage == 0 and s.turn == 2


def _triggered_by_refresh(current: int) -> GameState:
    # Post-switch refresh of an F3 under a pile of one card: both come out, pile empty.
    return make(
        street="A1 F3",
        hands=("", ""),
        draw="M1",
        switched=True,
        rest="area1",
        current=current,
        first=0,
    )


def test_6_1_starting_player_triggers_second_player_takes_one_more_turn():
    s = _triggered_by_refresh(current=0)
    s.hands[0][5] = 2  # two A0 (taken from seat 1's area) pay for the A1
    s.areas[1][5] -= 2
    ev = play(s, Refresh(index=1))
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [1]
    play(s, Take(index=0))
    assert not s.over and s.current == 1 and s.passes == 0
    play(s, Pass())  # one pass only: the game ends because the round is complete
    assert s.over
    assert s.turns_done == [1, 1]


def test_6_1_second_player_triggers_game_ends_after_that_turn():
    s = _triggered_by_refresh(current=1)
    ev = play(s, Refresh(index=1))
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [0]
    ev = play(s, Pass())
    assert s.over and ev[-1].kind == "game_over"
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply(Pass())


def _refill_trigger(current: int) -> GameState:
    return make(
        street="F0",
        hands=("", ""),
        draw="M1 M2",
        switched=True,
        rest="area1",
        current=current,
        first=0,
    )


def test_6_2_refill_runs_dry_after_second_players_turn_one_more_round():
    s = make(
        street="F0",
        hands=("M0*2", "A0*2"),
        draw="M1 A1",
        switched=True,
        rest="area1",
        current=1,
        first=0,
    )
    s.turns_done = [3, 2]
    ev = play(s, Take(index=0))
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [2]
    assert row(s.street) == "A1 M1"
    play(s, Take(index=1))  # first player
    assert not s.over and s.current == 1
    play(s, Take(index=0))  # second player: the round is complete
    assert s.over
    assert s.turns_done == [4, 4]


def test_6_2_refill_runs_dry_after_starting_players_turn_second_player_ends():
    s = _refill_trigger(current=0)
    ev = play(s, Take(index=0))
    assert [e.amount for e in ev if e.kind == "end_triggered"] == [1]
    play(s, Pass())
    assert s.over and s.turns_done == [1, 1]


def test_6_3_two_consecutive_passes_end_at_once():
    s = make(street="F0 A0", hands=("", ""))
    play(s, Pass())
    assert not s.over
    ev = play(s, Pass())
    assert s.over and ev[-1].kind == "game_over"


def test_6_3_ruling_no_equalisation_after_two_passes():
    s = make(street="F0 A0 B0", hands=("", ""), first=0)
    play(s, Take(index=0), Pass())  # seat 0 takes, seat 1 passes
    play(s, Pass())  # seat 0 passes: two in a row, even though seat 0 has one more turn
    assert s.over and s.turns_done == [2, 1]


def test_6_3_a_take_between_passes_resets_the_count():
    s = make(street="F0 A0 B0", hands=("", ""))
    play(s, Pass(), Take(index=0), Pass())
    assert not s.over and s.passes == 1


def test_6_4_ruling_no_refresh_once_the_pile_is_empty():
    s = _triggered_by_refresh(current=0)
    play(s, Refresh(index=1), Pass())
    assert s.draw == [] and all(k % 5 for k in s.street)
    assert "refresh" not in legal_types(s)
    with pytest.raises(IllegalAction, match="draw pile is empty"):
        s.apply(Refresh(index=0))


def test_6_3_ruling_two_passes_end_at_once_even_after_the_end_trigger():
    s = make(street="A1 F3 F0", hands=("", ""), draw="M1", switched=True, rest="area1")
    play(s, Take(index=2), Pass())  # seat 0 (starting) takes, seat 1 passes
    play(s, Refresh(index=1))  # F3 under the pile: both cards out, end triggered
    assert s.turns_left == 1
    play(s, Pass())  # the second pass in a row: over now, no equalising turn (6.3)
    assert s.over and s.turns_done == [2, 1]
