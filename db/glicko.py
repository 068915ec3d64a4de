"""Glicko-2 as lichess configures it, computed by the ``glicko2`` package.

lichess: a new player starts at 1500 / RD 350 / volatility 0.06, tau = 0.75, RD kept
within [45, 350], volatility at most 0.1, provisional while RD > 110. Every game is
its own rating period and both players are rated from their ratings *before* the
game. There is no ageing of RD with idle time: ratings depend only on the ordered
results, so they can be recomputed exactly from the results table.

``glicko2.Player`` (2.1.0) has two things to correct: tau is a class attribute fixed
at 0.5, and its volatility function ``_f`` uses the player's rating where Glickman's
paper (step 5, f(x)) uses the squared deviation phi^2. The subclass below sets tau
and restores the paper's f; the rest of the algorithm is the package's.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

import glicko2

DEFAULT_RATING: Final = 1500.0
DEFAULT_RD: Final = 350.0
DEFAULT_VOLATILITY: Final = 0.06
TAU: Final = 0.75
MIN_RD: Final = 45.0
MAX_RD: Final = 350.0
MAX_VOLATILITY: Final = 0.1


class Glicko(NamedTuple):
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


class _Player(glicko2.Player):  # type: ignore[misc]  # the package has no types
    _tau = TAU

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi2: float = self._Player__rd**2  # the package's private phi (rd / 173.7178)
        num = ex * (delta**2 - phi2 - v - ex)
        den = 2 * (phi2 + v + ex) ** 2
        return num / den - (x - a) / self._tau**2


def _updated(player: Glicko, opponent: Glicko, score: float) -> Glicko:
    p = _Player(rating=player.rating, rd=player.rd, vol=player.volatility)
    p.update_player([opponent.rating], [opponent.rd], [score])
    rd = min(max(p.rd, MIN_RD), MAX_RD)
    return Glicko(p.rating, rd, min(p.vol, MAX_VOLATILITY))


def rate_game(seat0: Glicko, seat1: Glicko, winner: int | None) -> tuple[Glicko, Glicko]:
    """New ratings of both seats after one game; ``winner`` None is a draw."""
    score0 = 0.5 if winner is None else (1.0 if winner == 0 else 0.0)
    return _updated(seat0, seat1, score0), _updated(seat1, seat0, 1.0 - score0)
