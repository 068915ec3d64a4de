"""Places in a game for 2-6 players when people leave it.

A person who leaves (or runs out of time) hands their gang to the AI and is placed as
if eliminated at that moment: below every gang still in the game then, above every
gang already out. :func:`left_place` gives that place when they leave (it is stored
with the seat); :func:`final_placing` merges those fixed places with the engine's
placing of everybody else at the end. What the AI does with a left gang afterwards
places nobody.
"""

from __future__ import annotations

from collections.abc import Sequence

from db.rows import Seat

Placing = tuple[tuple[int, ...], ...]


def left_place(live: Sequence[bool], seats: Sequence[Seat], seat: int) -> int:
    """The place of ``seat``'s person leaving now: the number of seats still in the
    game (live and not left), theirs included."""
    if not live[seat] or seats[seat].left_place is not None:
        raise ValueError("only a seat still in the game can leave it")
    return sum(1 for s, alive in enumerate(live) if alive and seats[s].left_place is None)


def final_placing(engine_placing: Placing, seats: Sequence[Seat]) -> Placing:
    """Groups of seats, best first: people who left at their stored place, every other
    seat in the engine's order in the places left free (a group shares its best)."""
    fixed = {s: seat.left_place for s, seat in enumerate(seats) if seat.left_place is not None}
    free = sorted(set(range(1, len(seats) + 1)) - set(fixed.values()))
    place_of: dict[int, int] = {s: p for s, p in fixed.items() if p is not None}
    taken = 0
    for group in engine_placing:
        staying = [s for s in group if s not in fixed]
        for s in staying:
            place_of[s] = free[taken]
        taken += len(staying)
    by_place: dict[int, list[int]] = {}
    for s, p in place_of.items():
        by_place.setdefault(p, []).append(s)
    return tuple(tuple(sorted(by_place[p])) for p in sorted(by_place))


def winner_of(placing: Placing) -> int | None:
    """The sole first seat, or None for a shared first place."""
    return placing[0][0] if len(placing[0]) == 1 else None
