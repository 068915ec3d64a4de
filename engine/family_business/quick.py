"""A fast rule-of-thumb policy for the search's rollouts and its model of the other
seats: no copies, no lookahead, a handful of rules over the public facts and the own
hand. Weaker than the bot, but a hundred times cheaper.
"""

from __future__ import annotations

import random

from engine.family_business import cards as C
from engine.family_business.actions import (
    AT_LARGE,
    COUNTER,
    DISCARD,
    GANG,
    NEXT,
    NO_COUNTER_ACTION,
    PLAY,
    POSITION,
    RECEIVER,
    Action,
)
from engine.family_business.game import GAME
from engine.family_business.state import NONE, WINDOW, FBState

_KEEP = {
    C.MOB_POWER: 9,
    C.FAMILY_INFLUENCE: 8,
    C.HIT: 8,
    C.POLICE_PROTECTION: 7,
    C.PAY_OFF: 7,
    C.MASSACRE: 7,
    C.VENDETTA: 6,
    C.LAM: 6,
    C.SAFE_HOUSE: 6,
    C.FINGER: 5,
}
_ATTACK_ORDER = (
    C.HIT,
    C.DOUBLE_CONTRACT,
    C.PRIORITY_CONTRACT,
    C.CONTRACT_IRON_CLAD,
    C.CONTRACT_NO_FAMILY_INFLUENCE,
    C.CONTRACT_NO_MOB_POWER,
    C.CONTRACT,
    C.DOUBLE_CROSS,
    C.VENDETTA,
    C.TURNCOAT,
)
_RESCUE_ORDER = (C.POLICE_PROTECTION, C.PAY_OFF, C.LAM, C.SUBSTITUTION, C.CRACKDOWN)


def _size(s: FBState, g: int) -> int:
    return s.at_large[g] + s.hit.count(g)


def _danger(s: FBState, seat: int) -> int:
    """Own entries within reach of the next executions (a round of turns)."""
    reach = (s.war or (1 if len(s.hit) >= 5 else 0)) * max(2, sum(s.live))
    return s.hit[:reach].count(seat)


def _score_option(s: FBState, seat: int, card: int, a: Action, leader: int) -> float:
    kind, arg = a
    rescue = card in _RESCUE_ORDER or card == C.INTRIGUE
    if kind in (GANG, NEXT):
        if card in (C.PAY_OFF,):
            return 10 if arg == seat else -_size(s, arg)
        if card == C.INTRIGUE:
            return -10 if arg == seat else _size(s, arg) + (5 if arg == leader else 0)
        return _size(s, arg) + (5 if arg == leader else 0)
    if kind == POSITION:
        g = s.hit[arg - 1]
        if rescue:
            return (20 - arg) if g == seat else -arg if card == C.SUBSTITUTION else -50 - arg
        return (5 if g == leader else 0) + _size(s, g) - arg * 0.1
    if kind == AT_LARGE:
        if card == C.SUBSTITUTION:
            return -10 if arg == seat else _size(s, arg) + (5 if arg == leader else 0)
        return _size(s, arg) + (5 if arg == leader else 0) - 1
    if kind == RECEIVER:
        return 10 if arg == seat else -_size(s, arg)
    return 0.0


def _leader(s: FBState, seat: int) -> int:
    best, size = -1, -1
    for g in range(s.n):
        if s.live[g] and g != seat and _size(s, g) > size:
            best, size = g, _size(s, g)
    return best


def _answer(s: FBState, seat: int, actions: list[Action]) -> Action:
    if len(actions) == 1:
        return NO_COUNTER_ACTION
    targets = [g for _, g in s.choices]
    if s.card == C.LAM:
        freed = s.hit[targets[0] - 1]
        return actions[0] if freed != seat and freed == _leader(s, seat) else NO_COUNTER_ACTION
    if seat in targets or (s.card != C.VENDETTA and s.active == _leader(s, seat)):
        return actions[0]
    return NO_COUNTER_ACTION


def _pick_card(s: FBState, seat: int, hand: set[int], playable: set[int]) -> int:
    if _danger(s, seat):
        for card in _RESCUE_ORDER:
            if card in playable:
                return card
        if C.TRUCE in playable and s.war != NONE:
            return C.TRUCE
    mine = s.hit.count(seat)
    theirs = len(s.hit) - mine
    if C.MASSACRE in playable and theirs >= mine + 2:
        return C.MASSACRE
    if s.war == NONE and theirs >= 3 and s.hit[:2].count(seat) == 0:
        for card in (C.AMBUSH, C.MOB_WAR):
            if card in playable:
                return card
    for card in _ATTACK_ORDER:
        if card in playable:
            return card
    return -1


def quick_policy(s: FBState, seat: int, rng: random.Random) -> Action:
    """The rule-of-thumb action (see the module docstring)."""
    actions = list(GAME.legal_actions(s, seat))
    if s.phase == WINDOW:
        return _answer(s, seat, actions)
    if s.card >= 0:
        leader = _leader(s, seat)
        return max(actions, key=lambda a: (_score_option(s, seat, s.card, a, leader), -a.arg))
    playable = {a.arg for a in actions if a.kind == PLAY}
    card = _pick_card(s, seat, set(s.hands[seat]), playable)
    if card >= 0:
        return Action(PLAY, card)
    discards = [a for a in actions if a.kind == DISCARD]
    return min(discards, key=lambda a: (_KEEP.get(a.arg, 3), a.arg))


__all__ = ["COUNTER", "quick_policy"]
