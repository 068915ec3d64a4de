"""Rules 1 (components), 2 (victory points) and 3 (setup)."""

from __future__ import annotations

import random

import pytest

from engine.famiglia import GameState, new_game
from engine.famiglia.actions import PlayAccountant, PlayBrute, Take
from engine.famiglia.cards import (
    DECK_COUNTS,
    RED_FOUR_VP,
    VP,
    draw_deck,
    kind,
    parse_code,
)
from engine.famiglia.codes import Family

from .positions import conserved, counts, make, totals


def test_1_1_sixty_cards_four_families_of_fifteen():
    assert sum(DECK_COUNTS) == 60
    for f in Family:
        assert sum(DECK_COUNTS[kind(f, r)] for r in range(5)) == 15
    assert conserved(new_game(1))


def test_1_2_rank_distribution_5_4_3_2_1_in_every_family():
    for f in range(4):
        assert [DECK_COUNTS[kind(f, r)] for r in range(5)] == [5, 4, 3, 2, 1]
    s = new_game(3)
    assert totals(s) == list(DECK_COUNTS)


def test_1_3_starting_sets_are_one_zero_of_each_family_and_deck_holds_52():
    zeros = counts("F0 A0 B0 M0")
    s = new_game(11)
    assert s.hands[0] == zeros and s.hands[1] == zeros
    deck = draw_deck()
    assert len(deck) == 52
    for f in range(4):
        per_rank = [deck.count(kind(f, r)) for r in range(5)]
        assert per_rank == [3, 4, 3, 2, 1]


def test_1_4_zeros_have_no_ability():
    # No zero can be played for an ability: PlayAccountant/PlayBrute need rank 1-4 ...
    with pytest.raises(ValueError):
        PlayAccountant(rank=0)
    with pytest.raises(ValueError):
        PlayBrute(rank=0)
    # ... and a Mercenary 0 is never wild: one F0 + M0 cannot take an F1.
    s = make(street="F1", hands=("F0 M0", ""))
    assert Take(index=0) not in s.legal_actions()


def test_2_victory_point_ladders():
    assert [VP[kind(Family.FAMIGLIA, r)] for r in range(5)] == [1, 3, 6, 10, 15]
    for f in (Family.ACCOUNTANT, Family.BRUTE, Family.MERCENARY):
        assert [VP[kind(f, r)] for r in range(5)] == [0, 1, 3, 6, 10]
    assert RED_FOUR_VP == 15
    assert VP[parse_code("B1")] == 1  # the card-anatomy example


def test_2_sanity_totals_35_70_175():
    def family_vp(f: int) -> int:
        return sum(VP[kind(f, r)] * DECK_COUNTS[kind(f, r)] for r in range(5))

    assert [family_vp(f) for f in range(4)] == [70, 35, 35, 35]
    assert sum(VP[k] * n for k, n in enumerate(DECK_COUNTS)) == 175


def test_3_1_each_player_holds_the_four_starting_zeros_in_hand():
    s = new_game(5)
    for seat in (0, 1):
        assert sum(s.hands[seat]) == 4
        assert sum(s.areas[seat]) == 0


def test_3_2_play_areas_start_empty_and_are_per_player():
    s = new_game(5)
    assert s.areas == [[0] * 20, [0] * 20]


def test_3_3_draw_pile_of_46_after_the_street_and_empty_discard():
    s = new_game(9)
    assert len(s.draw) == 52 - 6
    assert s.discard == []


def test_3_3_shuffle_comes_from_the_seed():
    assert new_game(42).draw == new_game(42).draw
    assert new_game(42).draw != new_game(43).draw


def test_3_4_starting_player_random_from_seed_or_chosen():
    firsts = {new_game(seed).first for seed in range(40)}
    assert firsts == {0, 1}
    for seed in range(10):
        assert new_game(seed).first == new_game(seed).first
        assert new_game(seed).current == new_game(seed).first
    assert new_game(3, first=1).first == 1
    assert new_game(3, first=1).current == 1
    with pytest.raises(ValueError):
        GameState.new(3, first=2)


def test_3_5_street_is_the_top_six_of_the_shuffled_pile():
    s = new_game(21)
    assert len(s.street) == 6
    deck = draw_deck()
    random.Random(21).shuffle(deck)
    # The same shuffle, then six cards revealed from the top (end of the list) in order.
    assert s.street == deck[-6:][::-1]
    assert s.draw == deck[:-6]


def test_3_6_first_pile_not_exhausted_at_setup():
    s = new_game(2)
    assert s.switched is False
    assert s.turns_left == -1 and not s.over


def test_3_setup_solo_levels_validated():
    with pytest.raises(ValueError):
        GameState.new(1, mode="solo")
    with pytest.raises(ValueError):
        GameState.new(1, mode="duel", level=2)
    with pytest.raises(ValueError):
        GameState.new(1, mode="solo", level=5)
