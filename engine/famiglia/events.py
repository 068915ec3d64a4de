"""Events: what an applied action did, for move logs, rendering and tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

EventKind = Literal[
    "refresh",  # card = discarded (or under the pile), cards = revealed, amount = robot's step
    "switch",  # the first pile ran out; amount = size of the new draw pile
    "accountant",  # card = Accountant played
    "exchange_take",  # card = taken back from the play area
    "exchange_give",  # card = put from hand into the play area
    "brute",  # card = Brute played
    "brute_target",  # card = Street card lowered, amount = by how much
    "take",  # card = taken; cards = the two cards paid (empty when free); exhausted
    "pass",
    "refill",  # cards = the new Street after it ran empty
    "end_triggered",  # amount = turns still to play after the current one
    "robot_step",  # amount = step of the program (1-5), note = why
    "turn",  # seat = whose turn begins
    "game_over",
]


@dataclass(frozen=True, slots=True)
class Event:
    kind: EventKind
    seat: int
    card: int = -1  # a card kind, -1 when none
    cards: tuple[int, ...] = ()
    amount: int = 0
    exhausted: int = -1  # take: the kind exhausted to the play area
    note: str = ""
