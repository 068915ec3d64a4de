"""What a card needs chosen, and when it may be played for effect (sections 8 and 9).

A play is a card followed by its choices, one decision each (rule 4.3a: all are fixed
before any window). :func:`options` lists the next choice's legal options given the
choices so far, or nothing when the play is complete; :func:`playable` says whether
the card has at least one complete choice now. Every option listed leads to a
complete play: a started play never gets stuck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.family_business import cards as C
from engine.family_business.actions import AT_LARGE, GANG, NEXT, POSITION, RECEIVER, Action
from engine.family_business.state import Choice, FBState

_ORDER_CARDS = frozenset((C.DOUBLE_CROSS, C.VENDETTA, C.INTRIGUE))


def contract_targets(s: FBState, seat: int) -> list[int]:
    """Opposing gangs with a mobster at large (rule 8.1; RULING R2)."""
    return [g for g in range(s.n) if s.live[g] and g != seat and s.at_large[g] > 0]


def order_pool(s: FBState, seat: int, card: int) -> list[int]:
    """The mobsters (as gang ids) an order card puts in order: Double Cross one of every
    opposing gang with one at large (RULING R26), Vendetta min(2, at large) of every
    opposing gang (rule 8.9), Intrigue the current entries (rule 9.4)."""
    if card == C.DOUBLE_CROSS:
        return contract_targets(s, seat)
    if card == C.VENDETTA:
        return [g for g in contract_targets(s, seat) for _ in range(min(2, s.at_large[g]))]
    return s.hit[:]


def turncoat_gangs(s: FBState, seat: int) -> tuple[list[int], list[int]]:
    """RULING R28: departing gangs (opposing, with the most in play) and receiving
    gangs (live, with the fewest in play and at least one dead), counted before."""
    live = [g for g in range(s.n) if s.live[g]]
    counts = {g: s.in_play(g) for g in live}
    most = max(counts.values())
    least = min(counts.values())
    departing = [g for g in live if g != seat and counts[g] == most]
    receiving = [g for g in live if counts[g] == least and counts[g] < C.GANG_SIZE]
    return departing, receiving


def _positions(s: FBState, gangs: frozenset[int] | None = None, skip: int = 0) -> list[Action]:
    return [
        Action(POSITION, i + 1)
        for i, g in enumerate(s.hit)
        if (gangs is None or g in gangs) and i + 1 != skip
    ]


def playable(s: FBState, seat: int, card: int) -> bool:
    """Whether ``card`` may be played for effect by ``seat`` now (legality conditions of
    sections 8-9; counters only in a window, rule 10)."""
    if card in C.ANY_CONTRACT or card == C.DOUBLE_CROSS:
        return bool(contract_targets(s, seat))
    if card in (C.LAM, C.POLICE_PROTECTION, C.PAY_OFF):
        return bool(s.hit)
    if card == C.SUBSTITUTION:
        return bool(s.hit) and (
            len(s.hit) >= 2 or any(s.at_large[g] for g in range(s.n) if s.live[g])
        )
    if card == C.TURNCOAT:
        departing, receiving = turncoat_gangs(s, seat)
        return bool(departing) and bool(receiving)
    # Hit, Massacre, Mob War, Ambush, Vendetta (R27), Intrigue, Truce, Crackdown: always
    return card not in C.COUNTER_CARDS


def _one_gang(s: FBState, seat: int, choices: list[Choice]) -> list[Action]:
    return [] if choices else [Action(GANG, g) for g in contract_targets(s, seat)]


def _hit(s: FBState, seat: int, choices: list[Choice]) -> list[Action]:
    if choices:
        return []
    opp = frozenset(g for g in range(s.n) if s.live[g] and g != seat)
    return [Action(AT_LARGE, g) for g in sorted(opp) if s.at_large[g]] + _positions(s, opp)


def _order(card: int) -> Step:
    def step(s: FBState, seat: int, choices: list[Choice]) -> list[Action]:
        pool = Counter(order_pool(s, seat, card))
        pool.subtract(a for _, a in choices)
        return [Action(NEXT, g) for g in sorted(pool) if pool[g] > 0]

    return step


def _one_position(s: FBState, seat: int, choices: list[Choice]) -> list[Action]:
    return [] if choices else _positions(s)


def _pay_off(s: FBState, seat: int, choices: list[Choice]) -> list[Action]:
    return [] if choices else [Action(GANG, g) for g in sorted(set(s.hit))]


def _substitution(s: FBState, seat: int, choices: list[Choice]) -> list[Action]:
    if not choices:
        return _positions(s)
    if len(choices) == 1:
        live_at_large = [g for g in range(s.n) if s.live[g] and s.at_large[g]]
        return _positions(s, skip=choices[0][1]) + [Action(AT_LARGE, g) for g in live_at_large]
    return []


def _turncoat(s: FBState, seat: int, choices: list[Choice]) -> list[Action]:
    departing, receiving = turncoat_gangs(s, seat)
    if not choices:
        return [Action(GANG, g) for g in departing]
    if len(choices) == 1:
        d = choices[0][1]
        return [Action(AT_LARGE, d)] * (s.at_large[d] > 0) + _positions(s, frozenset((d,)))
    if len(choices) == 2:
        return [Action(RECEIVER, g) for g in receiving]
    return []


def _nothing(s: FBState, seat: int, choices: list[Choice]) -> list[Action]:
    return []


Step = Callable[[FBState, int, list[Choice]], list[Action]]

STEPS: dict[int, Step] = {
    **dict.fromkeys(C.ANY_CONTRACT, _one_gang),
    C.HIT: _hit,
    **{card: _order(card) for card in _ORDER_CARDS},
    C.LAM: _one_position,
    C.POLICE_PROTECTION: _one_position,
    C.PAY_OFF: _pay_off,
    C.SUBSTITUTION: _substitution,
    C.TURNCOAT: _turncoat,
}


def options(s: FBState, seat: int, card: int, choices: list[Choice]) -> list[Action]:
    """The legal options of the next choice of ``card`` (empty: the play is complete;
    Massacre, Mob War, Ambush, Truce and Crackdown need no choice)."""
    return STEPS.get(card, _nothing)(s, seat, choices)


def autofill(s: FBState, seat: int, card: int, choices: list[Choice]) -> None:
    """Complete an order once what is left to place is all one gang (its mobsters are
    interchangeable, rule 1.3, so the rest of the order is forced)."""
    if card not in _ORDER_CARDS:
        return
    pool = Counter(order_pool(s, seat, card))
    pool.subtract(a for _, a in choices)
    left = [g for g in pool if pool[g] > 0]
    if len(left) == 1:
        choices.extend((NEXT, left[0]) for _ in range(pool[left[0]]))
