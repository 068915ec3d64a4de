"""Nim, a toy game of a few dozen lines behind the protocol of engine.game: proof that
the protocol (and what is built on it: services, store, timer) holds no Famiglia.

Heaps of counters; in turn each seat takes one or more from one heap; whoever takes
the last counter wins, the others share second place.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import IllegalAction
from engine.game import Outcome


class NimOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    seats: int = Field(default=2, ge=2, le=4)
    heaps: tuple[int, ...] = Field(default=(3, 4, 5), min_length=1, max_length=6)
    first: int | None = None


class NimTake(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    heap: int = Field(ge=0)
    count: int = Field(ge=1)


@dataclass
class NimState:
    seats: int
    heaps: list[int]
    current: int
    winner: int | None = None
    log: list[int] = field(default_factory=list)  # who moved, in order


class Nim:
    name = "nim"
    min_seats = 2
    max_seats = 4
    options_model: type[BaseModel] = NimOptions

    def new(self, seed: int, options: BaseModel) -> NimState:
        o = NimOptions.model_validate(options.model_dump())
        first = random.Random(seed).randrange(o.seats) if o.first is None else o.first
        return NimState(o.seats, list(o.heaps), first % o.seats)

    def awaiting(self, state: NimState) -> tuple[int, ...]:
        return () if state.winner is not None else (state.current,)

    def legal_actions(self, state: NimState, seat: int) -> Sequence[NimTake]:
        if seat not in self.awaiting(state):
            return []
        return [
            NimTake(heap=h, count=c) for h, n in enumerate(state.heaps) for c in range(1, n + 1)
        ]

    def apply(self, state: NimState, action: NimTake, seat: int) -> list[str]:
        if seat not in self.awaiting(state):
            raise IllegalAction("It's not your turn.")
        if action.heap >= len(state.heaps) or action.count > state.heaps[action.heap]:
            raise IllegalAction("That heap does not hold so many counters.")
        state.heaps[action.heap] -= action.count
        state.log.append(seat)
        if not any(state.heaps):
            state.winner = seat
        else:
            state.current = (seat + 1) % state.seats
        return [f"seat {seat} takes {action.count} from heap {action.heap}"]

    def is_over(self, state: NimState) -> bool:
        return state.winner is not None

    def outcome(self, state: NimState) -> Outcome:
        if state.winner is None:
            raise ValueError("the game is still running")
        rest = tuple(s for s in range(state.seats) if s != state.winner)
        return Outcome(placing=((state.winner,), rest), scores={}, detail=None)

    def view(self, state: NimState, seat: int | None) -> dict[str, object]:
        return {"heaps": list(state.heaps), "current": state.current, "winner": state.winner}

    def copy(self, state: NimState) -> NimState:
        return NimState(state.seats, state.heaps[:], state.current, state.winner, state.log[:])

    def dump_state(self, state: NimState) -> str:
        return json.dumps(state.__dict__, separators=(",", ":"))

    def load_state(self, text: str | bytes) -> NimState:
        return NimState(**json.loads(text))

    def dump_action(self, action: NimTake) -> str:
        return action.model_dump_json()

    def parse_action(self, text: str | bytes | dict[str, object]) -> NimTake:
        if isinstance(text, dict):
            return NimTake.model_validate(text)
        return NimTake.model_validate_json(text)

    def determinize(self, state: NimState, seat: int, rng: random.Random) -> NimState:
        return self.copy(state)  # nothing is hidden in Nim


NIM = Nim()
