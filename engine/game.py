"""The protocol every game of the project implements.

The services, the store, the turn timer, the AI and the renderers speak to a game only
through a :class:`Game` object (one per game: ``engine.famiglia.GAME``,
``engine.family_business.GAME``). A game keeps its own state class; the ``Game`` object
is the adapter that answers the same few questions for every game:

    state = game.new(seed, options)               # options: the game's pydantic model
    while not game.is_over(state):
        for seat in game.awaiting(state):         # one seat, or several at once (a window)
            action = pick(game.legal_actions(state, seat))
            events = game.apply(state, action, seat)   # IllegalAction: state unchanged
    game.outcome(state)                           # placings, winner first

Everything is deterministic: ``game.replay(seed, options, log)`` rebuilds a game from
its seed, its options and its action log, where the log holds ``(seat, action)`` pairs
in the order they were applied.

This module imports no game: games import it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from engine.errors import IllegalAction

S = TypeVar("S")  # a game's state class
A = TypeVar("A")  # a game's action type


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, the same shape for every game.

    ``placing`` lists groups of seats, best first: ``((1,), (0,))`` is a win for seat 1;
    ``((0, 1),)`` a draw shared by both; ``((2,), (0, 3), (1,))`` a winner, two seats
    sharing second place, then the last. Every seat of the game stands in exactly one
    group. ``scores`` holds a number per seat where the game counts points (Famiglia's
    VP), else it is empty. ``detail`` is the game's own result object, for its texts.
    """

    placing: tuple[tuple[int, ...], ...]
    scores: dict[int, int] = field(default_factory=dict)
    detail: Any = None

    @property
    def winners(self) -> tuple[int, ...]:
        return self.placing[0] if self.placing else ()

    @property
    def is_draw(self) -> bool:
        """Whether the first place is shared (a draw, also after others were placed
        below it: Family Business's RULING R20 after earlier eliminations)."""
        return bool(self.placing) and len(self.placing[0]) > 1


class Game(Protocol[S, A]):
    """One game's rules behind the shared protocol (see the module docstring)."""

    #: stable name, stored with every game row: ``"famiglia"``, ``"family_business"``
    name: str
    #: the fewest and the most seats the game supports
    min_seats: int
    max_seats: int
    #: the game's options model (seats, first player, level, …)
    options_model: type[BaseModel]

    def new(self, seed: int, options: BaseModel) -> S:
        """A new game; all randomness comes from ``seed``."""
        ...

    def awaiting(self, state: S) -> tuple[int, ...]:
        """The seats whose decision the game waits for: one seat in an ordinary turn,
        several at once in a simultaneous decision (a counter window), none when over."""
        ...

    def legal_actions(self, state: S, seat: int) -> Sequence[A]:
        """Every legal action of ``seat`` now (empty when the seat is not awaited)."""
        ...

    def apply(self, state: S, action: A, seat: int) -> list[Any]:
        """Apply ``seat``'s ``action`` in place and return the events it caused, or raise
        :class:`IllegalAction` with a sentence for the player and leave ``state`` as it
        was."""
        ...

    def is_over(self, state: S) -> bool: ...

    def outcome(self, state: S) -> Outcome:
        """The result of a finished game (ValueError while it runs)."""
        ...

    def view(self, state: S, seat: int | None) -> Any:
        """What ``seat`` may see (``None``: a spectator): its own hand and the public
        facts; never another hand or the order of a hidden pile."""
        ...

    def copy(self, state: S) -> S: ...

    def dump_state(self, state: S) -> str: ...

    def load_state(self, text: str | bytes) -> S: ...

    def dump_action(self, action: A) -> str: ...

    def parse_action(self, text: str | bytes | dict[str, object]) -> A:
        """An action from its JSON; ValueError for anything that is not one."""
        ...

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A copy of ``state`` in which everything ``seat`` cannot see (other hands, the
        order of hidden piles) is redrawn at random consistently with what it can see.
        The AI searches on these, so it never reads hidden information."""
        ...


def replay(game: Game[S, A], seed: int, options: BaseModel, log: Iterable[tuple[int, A]]) -> S:
    """Rebuild a game from its seed, its options and its ``(seat, action)`` log."""
    state = game.new(seed, options)
    for seat, action in log:
        game.apply(state, action, seat)
    return state


def apply_all(game: Game[S, A], state: S, moves: Iterable[tuple[int, A]]) -> tuple[S, list[Any]]:
    """Apply several moves atomically: a new state and all events, or IllegalAction with
    ``state`` untouched."""
    branch = game.copy(state)
    events: list[Any] = []
    for seat, action in moves:
        events.extend(game.apply(branch, action, seat))
    return branch, events


__all__ = ["Game", "IllegalAction", "Outcome", "apply_all", "replay"]
