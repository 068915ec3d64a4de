"""Places when people leave a game for 2-6 players: a person who leaves is placed as if
their gang were eliminated at that moment; everybody else keeps the engine's order."""

from __future__ import annotations

import pytest

from bot.services.placings import final_placing, left_place, winner_of
from db.rows import ROBOT, ResultRecord, Seat


def _seats(*left: int | None) -> list[Seat]:
    return [
        Seat(user_id=100 + i, name=f"p{i}", ai="easy" if p else None, left_place=p)
        for i, p in enumerate(left)
    ]


def test_the_first_to_leave_a_full_table_is_last() -> None:
    assert left_place([True] * 4, _seats(None, None, None, None), 2) == 4


def test_a_later_leaver_counts_only_gangs_still_in_the_game() -> None:
    # seat 0 left (4th), seat 3 eliminated: seats 1 and 2 remain, seat 1 leaves -> 2nd
    assert left_place([True, True, True, False], _seats(4, None, None, None), 1) == 2


def test_a_seat_already_out_cannot_leave_again() -> None:
    with pytest.raises(ValueError):
        left_place([True, False], _seats(None, None), 1)
    with pytest.raises(ValueError):
        left_place([True, True], _seats(2, None), 0)


def test_without_leavers_the_engine_placing_stands() -> None:
    placing = ((2,), (0, 3), (1,))
    assert final_placing(placing, _seats(None, None, None, None)) == placing


def test_a_leaver_keeps_their_place_even_when_the_ai_wins_with_their_gang() -> None:
    # seat 0 left first (4th); its AI gang wins; seat 1 second, seats 2 and 3 out together
    placing = final_placing(((0,), (1,), (2, 3)), _seats(4, None, None, None))
    assert placing == ((1,), (2, 3), (0,))
    assert ResultRecord(placing=placing, winner=winner_of(placing)).places() == [4, 1, 2, 2]


def test_a_gang_eliminated_before_someone_left_stays_below_them() -> None:
    # seat 2 eliminated first (4th); then seat 0 left (3rd); seat 3 wins over seat 1
    placing = final_placing(((3,), (1,), (0,), (2,)), _seats(3, None, None, None))
    assert placing == ((3,), (1,), (0,), (2,))


def test_ai_seats_are_placed_like_everyone_else() -> None:
    seats = [Seat(user_id=ROBOT, name="AI", ai="hard"), *_seats(None, 2)]
    assert final_placing(((0,), (1,), (2,)), seats) == ((0,), (2,), (1,))
    assert winner_of(((0, 1), (2,))) is None
