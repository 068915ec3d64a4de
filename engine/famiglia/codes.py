"""Famiglia's vocabulary: card families, action codes, sub-decisions, stages and seats.

Every Famiglia module takes its codes from here, and only from here. The int values are
stored (a saved state's ``"pend"`` and ``"stage"``; an action key's first number) and
must never change: games saved by earlier releases load and continue.

An action *key* is a tuple ``(op, a, b)`` of plain ints: ``(Op.TAKE, 3, 0)`` takes the
Street card at index 3. The modules on the hot paths (rules, the policies, the search)
bind the values they need as plain ints, ``int(Op.TAKE)``: an IntEnum member compares
and hashes several times slower than an int, and the keys they build stay plain ints.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

Key = tuple[int, int, int]


class Family(IntEnum):
    """A card's family (rule 1.1); a card kind is ``family * 5 + rank``."""

    FAMIGLIA = 0  # red, no ability, worth more VP
    ACCOUNTANT = 1  # blue, exchange hand <-> play area
    BRUTE = 2  # yellow, lower a Street card's rank for this turn
    MERCENARY = 3  # green, wild card when taking


class Op(IntEnum):
    """The first number of an action key: which atomic decision it is."""

    REFRESH = 0
    ACCOUNTANT = 1
    EXCHANGE_TAKE = 2
    EXCHANGE_DONE = 3
    EXCHANGE_GIVE = 4
    BRUTE = 5
    BRUTE_TARGET = 6
    BRUTE_AMOUNT = 7
    TAKE = 8
    PAY = 9
    PASS = 10
    ROBOT_TURN = 11


class Pending(IntEnum):
    """The sub-decision a turn waits for (a state's ``pending``); MAIN is none."""

    MAIN = 0
    EXCHANGE_TAKE = 1
    EXCHANGE_GIVE = 2
    BRUTE_TARGET = 3
    BRUTE_AMOUNT = 4
    PAY = 5


class Stage(IntEnum):
    """The earliest action group still open in a turn (rule 4: A1-A4 in order)."""

    REFRESH = 0
    ACCOUNTANT = 1
    BRUTE = 2
    TAKE = 3


#: Solo: the human is seat 0, the robot gangster seat 1.
ROBOT_SEAT: Final = 1
#: Rule 3: the Street starts with, and is refilled to, six cards.
STREET_SIZE: Final = 6

__all__ = ["ROBOT_SEAT", "STREET_SIZE", "Family", "Key", "Op", "Pending", "Stage"]
