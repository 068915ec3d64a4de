"""What taking a Street card costs: its effective rank after this turn's Brute, and the
cards that pay for it (rules 4.3.2, 4.4.3, 4.4.4)."""

from __future__ import annotations

from typing import Final

from engine.famiglia.board import Board
from engine.famiglia.codes import Family

_M: Final = Family.MERCENARY * 5


def effective_rank(s: Board, index: int) -> int:
    """Printed rank less this turn's Brute reduction (rule 4.3.2)."""
    r = s.street[index] % 5
    if index == s.brute_idx:
        r = max(0, r - s.brute_amt)
    return r


def genuine_kind(target: int, eff: int) -> int:
    """Rule 4.4.3: the kind that pays for ``target`` at effective rank ``eff`` >= 1 —
    same family, one rank lower. (Inlined in ``payable`` and ``legal_keys``, the hot
    paths.)"""
    return target - target % 5 + eff - 1


def payable(hand: list[int], target: int, eff: int) -> bool:
    """Rule 4.4.3/4.4.4: a genuine pair, or exactly one genuine card and a wild
    Mercenary of rank >= the effective rank."""
    if eff == 0:
        return True
    genuine = hand[target - target % 5 + eff - 1]
    if genuine >= 2:
        return True
    if genuine == 1:
        for m in range(eff, 5):
            if hand[_M + m]:
                return True
    return False
