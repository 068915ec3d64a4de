"""The seats of a lobby for a game of 2-6 players: join, leave, add an AI, start.

Pure functions over the seats (the host is seat 0): each returns the new seats or raises
:class:`~bot.services.reads.Refusal` with the sentence for the user; the service stores
the result under the game's lock and version check.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.reads import Refusal
from db.rows import ROBOT, Seat, Strength

AI_NAMES = ("Vito", "Lucky", "Bugsy", "Dutch", "Frankie", "Nucky")


def join(seats: Sequence[Seat], most: int, user_id: int, name: str) -> tuple[Seat, ...]:
    if any(s.user_id == user_id for s in seats):
        raise Refusal("You already have a seat in this lobby.")
    if len(seats) >= most:
        raise Refusal(f"This lobby is full ({most} seats).")
    return (*seats, Seat(user_id=user_id, name=name))


def leave(seats: Sequence[Seat], user_id: int) -> tuple[Seat, ...]:
    if seats and seats[0].user_id == user_id:
        raise Refusal("You opened this lobby: use Cancel to close it.")
    if not any(s.user_id == user_id for s in seats):
        raise Refusal("You have no seat in this lobby.")
    return tuple(s for s in seats if s.user_id != user_id)


def add_ai(seats: Sequence[Seat], most: int, user_id: int, strength: Strength) -> tuple[Seat, ...]:
    host_only(seats, user_id, "add an AI player")
    if len(seats) >= most:
        raise Refusal(f"This lobby is full ({most} seats).")
    taken = {s.name for s in seats}
    name = next(n for n in (*AI_NAMES, *(f"AI {i}" for i in range(7))) if n not in taken)
    return (*seats, Seat(user_id=ROBOT, name=name, ai=strength))


def remove_ai(seats: Sequence[Seat], user_id: int) -> tuple[Seat, ...]:
    """The host takes back the last AI seat."""
    host_only(seats, user_id, "remove an AI player")
    last = max((i for i, s in enumerate(seats) if not s.is_person), default=None)
    if last is None:
        raise Refusal("There is no AI player in this lobby.")
    return tuple(s for i, s in enumerate(seats) if i != last)


def check_start(seats: Sequence[Seat], user_id: int) -> None:
    host_only(seats, user_id, "start the game")
    if len(seats) < 2:
        raise Refusal("A game needs at least two seats: wait for someone or add an AI player.")


def host_only(seats: Sequence[Seat], user_id: int, what: str) -> None:
    if not seats or seats[0].user_id != user_id:
        raise Refusal(f"Only the player who opened the lobby can {what}.")
