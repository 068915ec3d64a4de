"""The result of a finished game (rule 7.1, RULING R20): the winner or a draw, and the
order of elimination as placings (gangs eliminated together share a place)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.family_business.state import OVER, FBState
from engine.game import Outcome


@dataclass(frozen=True, slots=True)
class FBResult:
    winner: int | None  # None: a draw
    draw: tuple[int, ...]  # the gangs sharing a draw (RULING R20), else empty
    eliminated: tuple[tuple[int, ...], ...]  # groups in order of elimination
    turns: int


def outcome_of(s: FBState) -> Outcome:
    if s.phase != OVER:
        raise ValueError("the game is still running")
    groups = [tuple(g) for g in s.eliminated]
    if s.winner >= 0:
        placing = [(s.winner,), *reversed(groups)]
        detail = FBResult(s.winner, (), tuple(groups), s.turn)
    else:
        placing = list(reversed(groups))
        detail = FBResult(None, groups[-1], tuple(groups), s.turn)
    return Outcome(placing=tuple(placing), detail=detail)
