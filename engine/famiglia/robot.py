"""The solo robot gangster: his program, Steps 1-5, and how he refreshes (rules 9.4-9.9).

His whole turn is one engine call (the RobotTurn action). Every card he owns lies face
up in his play area; he never pays and never uses abilities. Events name the step
that chose his card so a player can follow and check it.
"""

from __future__ import annotations

from typing import Final

from engine.famiglia import flow
from engine.famiglia.board import Board
from engine.famiglia.cards import VP, code
from engine.famiglia.codes import ROBOT_SEAT, Family
from engine.famiglia.events import Event

#: Rule 9.9: per level, how many 0s, 1s, 2s and 3s he collects before moving on.
THRESHOLDS: Final = {
    1: (9, 6, 5, 3),
    2: (8, 6, 4, 2),
    3: (7, 5, 4, 2),
    4: (7, 4, 3, 2),
}
_RED_ZERO: Final = Family.FAMIGLIA * 5


def rank_count(s: Board, rank: int) -> int:
    """Cards of ``rank`` in the robot's area, starting zeros included (9.4)."""
    area = s.areas[ROBOT_SEAT]
    return area[rank] + area[5 + rank] + area[10 + rank] + area[15 + rank]


def _leftmost(street: list[int], rank: int) -> int:
    for i, k in enumerate(street):
        if k % 5 == rank:
            return i
    return -1


def _best_below(street: list[int], rank: int) -> int:
    """The most valuable card of rank < ``rank`` (VP, tie: leftmost), -1 if none."""
    best, best_vp = -1, -1
    for i, k in enumerate(street):
        if k % 5 < rank and VP[k] > best_vp:
            best, best_vp = i, VP[k]
    return best


def _best(street: list[int]) -> int:
    return _best_below(street, 5)


def _refresh_until(s: Board, found: object, ev: list[Event], step: int) -> None:
    """Rule 9.7: refresh the leftmost card as often as the rules allow while the
    step's target is missing. ``can_refresh`` carries the once-per-turn limit after
    the switch (one shared budget for the whole turn) and the no-0 condition."""
    while not found() and flow.can_refresh(s):  # type: ignore[operator]
        flow.refresh(s, 0, ev, step=step)


def _take(s: Board, i: int, step: int, why: str, ev: list[Event]) -> None:
    card = s.street.pop(i)
    s.areas[ROBOT_SEAT][card] += 1
    s.passes = 0
    ev.append(Event("robot_step", ROBOT_SEAT, card=card, amount=step, note=why))
    ev.append(Event("take", ROBOT_SEAT, card=card))


def _step_1(s: Board, t0: int, ev: list[Event]) -> bool:
    """Step 1: zeros."""
    street = s.street
    have = rank_count(s, 0)
    if have < t0:
        _refresh_until(s, lambda: _leftmost(street, 0) >= 0, ev, 1)
        i = _leftmost(street, 0)
        if i >= 0:
            _take(s, i, 1, f"Step 1: has {have} of {t0} zeros, takes the leftmost 0", ev)
            return True
    return False


def _step_2(s: Board, t1: int, ev: list[Event]) -> bool:
    """Step 2: ones, else a red 0, else any 0."""
    street = s.street
    have = rank_count(s, 1)
    if have >= t1:
        return False
    _refresh_until(s, lambda: _leftmost(street, 1) >= 0, ev, 2)
    i = _leftmost(street, 1)
    if i >= 0:
        _take(s, i, 2, f"Step 2: has {have} of {t1} ones, takes the leftmost 1", ev)
        return True
    i = street.index(_RED_ZERO) if _RED_ZERO in street else -1
    if i >= 0:
        _take(s, i, 2, "Step 2: no 1 showing, takes a red 0", ev)
        return True
    i = _leftmost(street, 0)
    if i >= 0:
        _take(s, i, 2, "Step 2: no 1 and no red 0 showing, takes the leftmost 0", ev)
        return True
    return False


def _step_3_or_4(s: Board, step: int, limit: int, ev: list[Event]) -> bool:
    """Steps 3 and 4: twos, threes; else the most valuable lower card."""
    street = s.street
    rank = step - 1
    have = rank_count(s, rank)
    if have >= limit:
        return False
    _refresh_until(s, lambda: _leftmost(street, rank) >= 0, ev, step)
    i = _leftmost(street, rank)
    if i >= 0:
        plural = ("zeros", "ones", "twos", "threes")[rank]
        why = f"Step {step}: has {have} of {limit} {plural}, takes the leftmost {rank}"
        _take(s, i, step, why, ev)
        return True
    i = _best_below(street, rank)
    if i >= 0:
        why = (
            f"Step {step}: no {rank} showing, takes the most valuable lower card "
            f"({code(street[i])})"
        )
        _take(s, i, step, why, ev)
        return True
    return False


def _step_5(s: Board, ev: list[Event]) -> bool:
    """Step 5: the most valuable card; refresh only while a better one is still unseen."""

    def best_in_street() -> bool:
        left = s.street + s.draw + s.discard
        top = max((VP[k] for k in left), default=-1)
        return bool(s.street) and max(VP[k] for k in s.street) >= top

    _refresh_until(s, best_in_street, ev, 5)
    i = _best(s.street)
    if i >= 0:
        _take(s, i, 5, f"Step 5: takes the most valuable card ({code(s.street[i])})", ev)
        return True
    return False


def _choose(s: Board, ev: list[Event]) -> bool:
    """Run Steps 1-5; take a card and return True, or False when nothing can be had."""
    t0, t1, t2, t3 = THRESHOLDS[s.level or 3]
    return (
        _step_1(s, t0, ev)
        or _step_2(s, t1, ev)
        or _step_3_or_4(s, 3, t2, ev)
        or _step_3_or_4(s, 4, t3, ev)
        or _step_5(s, ev)
    )


def robot_turn(s: Board, ev: list[Event]) -> None:
    """The robot gangster's whole turn (9.6), then the refill and end checks (4.5, 6)."""
    if not _choose(s, ev):
        s.passes += 1
        ev.append(Event("robot_step", ROBOT_SEAT, amount=5, note="No card left to take: passes"))
        ev.append(Event("pass", ROBOT_SEAT))
    flow.end_turn(s, ev)
