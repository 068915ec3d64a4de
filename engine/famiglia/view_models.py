"""What one player (or a spectator) may see of a game: the input of every renderer.

Never contains the order of the draw pile, nor the contents of a hand other than the
viewer's own (rule 3 / design: hidden information).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Decision = Literal[
    "main",  # A1-A4: refresh / accountant / brute / take / pass, as the stage allows
    "exchange_take",  # A2: take cards back from the play area, or stop
    "exchange_give",  # A2: put as many cards from hand into the play area
    "brute_target",  # A3: choose the Street card to lower
    "brute_amount",  # A3: choose by how much
    "pay",  # A4: choose the wild Mercenary and which card is exhausted
    "robot",  # solo: the robot gangster's turn
    "over",  # the game has ended
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class StreetCard(_Frozen):
    index: int  # position in the Street, 0 = leftmost (oldest)
    card: str  # code, e.g. "M4"
    rank: int  # printed rank
    effective_rank: int  # rank after this turn's Brute reduction
    vp: int


class SeatView(_Frozen):
    seat: int
    is_robot: bool
    hand_size: int
    area: list[str]  # play area (for the robot: everything he owns), sorted codes
    area_vp: int  # VP of the visible play area
    turns: int  # turns this seat has finished


class ResultView(_Frozen):
    totals: tuple[int, int]
    winner: int | None  # None = shared win (draw)
    decided_by: Literal["points", "best_card", "cascade", "draw", "robot_tie"]
    explanation: str  # one or two sentences a player understands
    high_score: int | None = None  # solo only, when the human won: 2 x yours - robot's


class PlayerView(_Frozen):
    mode: Literal["duel", "solo"]
    level: int | None  # solo robot level 1-4
    viewer: int | None  # seat of the viewer, None for the public table
    first: int  # starting seat
    current: int | None  # seat whose decision it is, None when over
    decision: Decision
    prompt: str  # what the current decision asks, e.g. "Choose the Street card to lower"
    hand: list[str] | None  # the viewer's own hand (sorted codes), None for the public
    hand_vp: int | None  # the viewer's own total (hand + play area)
    seats: tuple[SeatView, SeatView]
    street: list[StreetCard]
    brute: tuple[int, int] | None  # (street index, amount) reduced this turn
    pile_size: int
    discard_size: int
    second_pile: bool  # the first draw pile has run out (rule 4.1.3)
    end_triggered: bool  # rule 6.1/6.2: the last card is out; finishing the round
    turns_left: int | None  # turns still to play after the current one, once triggered
    consecutive_passes: int
    turn_number: int  # 1-based count of turns begun
    result: ResultView | None
