"""Scoring and the tie-break (rules 7 and 9.10)."""

from __future__ import annotations

from engine.famiglia.board import Board
from engine.famiglia.cards import VP, code
from engine.famiglia.codes import ROBOT_SEAT
from engine.famiglia.events import Event
from engine.famiglia.view_models import ResultView


def owned(s: Board, seat: int) -> list[int]:
    """Counts per kind of everything a seat owns: hand and play area (rule 7.1)."""
    h, a = s.hands[seat], s.areas[seat]
    return [h[k] + a[k] for k in range(20)]


def total(s: Board, seat: int) -> int:
    return sum(VP[k] * n for k, n in enumerate(owned(s, seat)))


def area_vp(s: Board, seat: int) -> int:
    return sum(VP[k] * n for k, n in enumerate(s.areas[seat]))


def _vp_list(s: Board, seat: int) -> list[int]:
    """The VP of each scoring card, best first (zero-VP cards never break a tie)."""
    counts = owned(s, seat)
    return sorted((VP[k] for k in range(20) for _ in range(counts[k]) if VP[k]), reverse=True)


def _best_card(s: Board, seat: int) -> str:
    counts = owned(s, seat)
    best = max((k for k in range(20) if counts[k]), key=lambda k: (VP[k], k), default=-1)
    return code(best) if best >= 0 else "none"


def result(s: Board) -> ResultView:
    """The final (or current) standing: rule 7.2 points, 7.3 best card, 7.4 cascade.

    In solo games seat 0 is the player and a VP tie gets only the best-card comparison
    of 7.3: RULING 9.10.4 says "apply the 2-player tie-break (highest single card); if
    that also ties, count it as not beating the gangster", so the 7.4 cascade is not
    played and the robot wins. A won game scores 2 x yours - robot's (9.10.3).
    """
    t0, t1 = total(s, 0), total(s, 1)
    winner: int | None
    if t0 != t1:
        winner = 0 if t0 > t1 else 1
        decided = "points"
        why = f"{t0} VP against {t1} VP."
    else:
        l0, l1 = _vp_list(s, 0), _vp_list(s, 1)
        winner, decided = None, "draw"
        why = f"Both have {t0} VP and cards of equal value: a shared win."
        if s.mode == "solo":  # the best card only (9.10.4); 2-player: the 7.4 cascade
            l0, l1 = l0[:1], l1[:1]
        for i, (a, b) in enumerate(zip(l0, l1, strict=False)):
            if a != b:
                winner = 0 if a > b else 1
                if i == 0:
                    decided = "best_card"
                    why = (
                        f"Both have {t0} VP; the tie goes to the owner of the most valuable card "
                        f"({_best_card(s, winner)}, {max(a, b)} VP against {min(a, b)} VP)."
                    )
                else:
                    decided = "cascade"
                    why = (
                        f"Both have {t0} VP and equally valuable best cards; card number {i + 1} "
                        f"in value decides ({max(a, b)} VP against {min(a, b)} VP)."
                    )
                break
        if winner is None and len(l0) != len(l1):  # cannot differ when totals are equal
            winner = 0 if len(l0) > len(l1) else 1
            decided = "cascade"
    high: int | None = None
    if s.mode == "solo":
        if winner is None:
            winner, decided = ROBOT_SEAT, "robot_tie"
            why = (
                f"Both have {t0} VP and equally valuable best cards: a tie does not beat "
                "the robot gangster."
            )
        if winner == 0:
            high = 2 * t0 - t1
    return ResultView(
        totals=(t0, t1),
        winner=winner,
        decided_by=decided,
        explanation=why,
        high_score=high,
    )


def game_over_event(s: Board) -> Event:
    r = result(s)
    return Event("game_over", -1 if r.winner is None else r.winner, note=r.explanation)
