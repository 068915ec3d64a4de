"""Policies: automatic players that pick one of the legal keys of a state.

A policy gets the state (the seat to move is ``state.current``) and a
``random.Random`` and returns one key of ``state.legal_keys()``. Policies work on
keys and card counts only, so simulations stay fast (no pydantic in the loop).

* ``random``  — uniform over the legal keys (it often passes, so games end early);
* ``eager``   — uniform over the legal keys except Pass, which it plays only when forced;
* ``greedy``  — a simple sensible baseline: takes the most valuable card it can pay
  for, plays a Brute or an Accountant only when that lets it take something better,
  refreshes only when it can take nothing, passes only when nothing else is possible;
* ``robot``   — the solo robot gangster's seat: the engine's RobotTurn;
* ``easy``, ``medium``, ``hard`` — the AI opponent (engine.famiglia.ai) at that strength: a new
  search per decision, its seed drawn from the game's rng so a seeded run replays
  (as long as the AI's iteration budget, not its time cap, ends each search).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Final

from engine.famiglia.cards import VP
from engine.famiglia.codes import Family, Key, Op, Pending, Stage
from engine.famiglia.payment import payable
from engine.famiglia.state import GameState

# Plain ints on the hot path (see engine.famiglia.codes).
_ACCOUNTANT: Final = int(Op.ACCOUNTANT)
_BRUTE: Final = int(Op.BRUTE)
_EXCHANGE_GIVE: Final = int(Op.EXCHANGE_GIVE)
_PASS: Final = int(Op.PASS)
_REFRESH: Final = int(Op.REFRESH)
_ROBOT_TURN: Final = int(Op.ROBOT_TURN)
_TAKE: Final = int(Op.TAKE)
_P_BRUTE_AMOUNT: Final = int(Pending.BRUTE_AMOUNT)
_P_BRUTE_TARGET: Final = int(Pending.BRUTE_TARGET)
_P_EXCHANGE_GIVE: Final = int(Pending.EXCHANGE_GIVE)
_P_EXCHANGE_TAKE: Final = int(Pending.EXCHANGE_TAKE)
_P_PAY: Final = int(Pending.PAY)
_STAGE_ACCOUNTANT: Final = int(Stage.ACCOUNTANT)
_STAGE_BRUTE: Final = int(Stage.BRUTE)


Policy = Callable[["GameState", random.Random], "Key"]

_A: Final = Family.ACCOUNTANT * 5
_B: Final = Family.BRUTE * 5
_NONE: Final = -1  # score of "nothing can be taken"


def random_policy(state: GameState, rng: random.Random) -> Key:
    """Uniform over the legal keys."""
    return rng.choice(state.legal_keys())


def eager_policy(state: GameState, rng: random.Random) -> Key:
    """Uniform over the legal keys, passing only when nothing else is legal."""
    keys = state.legal_keys()
    if len(keys) > 1 and keys[-1][0] == _PASS:  # Pass is listed last
        return keys[rng.randrange(len(keys) - 1)]
    return rng.choice(keys)


def robot_policy(state: GameState, rng: random.Random) -> Key:
    """The robot gangster's seat: its whole turn is one engine action (rule 9.6)."""
    key = (_ROBOT_TURN, 0, 0)
    if key not in state.legal_keys():
        raise ValueError("the robot policy only plays the robot seat of a solo game")
    return key


# --------------------------------------------------------------------- greedy


#: How much a card is worth taking: its VP first, then its rank (a better payment).
_SCORE: Final = tuple(VP[k] * 5 + k % 5 for k in range(20))


def _best_take(hand: list[int], street: list[int], bidx: int = -1, bamt: int = 0) -> int:
    """Score of the best card ``hand`` can pay for now, -1 if none."""
    best = _NONE
    for i, k in enumerate(street):
        r = k % 5
        eff = max(0, r - bamt) if i == bidx else r
        if _SCORE[k] > best and payable(hand, k, eff):
            best = _SCORE[k]
    return best


def _brute_plan(hand: list[int], street: list[int]) -> tuple[int, int, int, int]:
    """Best (score, brute rank, index, amount) reachable by playing one Brute first.
    The smallest Brute and the smallest reduction that do the job are preferred."""
    best = (_NONE, 0, -1, 0)
    for br in (1, 2, 3, 4):
        if not hand[_B + br]:
            continue
        h = hand[:]
        h[_B + br] -= 1
        for i, k in enumerate(street):
            r = k % 5
            sc = _SCORE[k]
            if sc <= best[0]:
                continue
            for d in range(1, min(br, r) + 1):
                if payable(h, k, r - d):
                    best = (sc, br, i, d)
                    break
    return best


def _value(hand: list[int], state: GameState, brute_open: bool) -> int:
    """Best score this hand can still reach this turn (with a Brute if still allowed)."""
    v = _best_take(hand, state.street, state.brute_idx, state.brute_amt)
    if brute_open:
        v = max(v, _brute_plan(hand, state.street)[0])
    return v


def _give_order(hand: list[int]) -> list[int]:
    """Hand kinds, least useful first (low VP, low rank): the ones to put down first."""
    return sorted((k for k in range(20) if hand[k]), key=lambda k: (VP[k], k % 5))


def _after_gives(hand: list[int], n: int, state: GameState) -> int:
    """Value after putting ``n`` cards down, each chosen to keep the best value."""
    h = hand[:]
    top = max((_SCORE[k] for k in state.street), default=_NONE)
    for _ in range(n):
        best_k, best_v = -1, _NONE - 1
        for k in _give_order(h):
            h[k] -= 1
            v = _value(h, state, True)
            h[k] += 1
            if v > best_v:
                best_k, best_v = k, v
                if v >= top:  # nothing on the Street is worth more
                    break
        if best_k < 0:
            return _NONE
        h[best_k] -= 1
    return _value(h, state, True)


def _accountant_plan(state: GameState, floor: int) -> tuple[int, int]:
    """Best (score, Accountant rank) above ``floor`` reachable by playing an Accountant
    and taking up to two cards back (a payment never needs more than two)."""
    seat = state.current
    hand, area = state.hands[seat], state.areas[seat]
    best = (floor, 0)
    top = max((_SCORE[k] for k in state.street), default=_NONE)
    if floor >= top:
        return (_NONE, 0)
    for ar in (1, 2, 3, 4):
        if not hand[_A + ar]:
            continue
        h = hand[:]
        h[_A + ar] -= 1
        pool = [k for k in range(20) if area[k] - (k == _A + ar) > 0]
        for n in range(1, min(ar, 2) + 1):
            for back in combinations_with_replacement(pool, n):
                if any(back.count(k) > area[k] - (k == _A + ar) for k in back):
                    continue
                h2 = h[:]
                for k in back:
                    h2[k] += 1
                v = _after_gives(h2, n, state)
                if v > best[0]:
                    best = (v, ar)
                    if v >= top:
                        return best
    return best if best[1] else (_NONE, 0)


def _greedy_main(state: GameState, keys: list[Key]) -> Key:
    hand = state.hands[state.current]
    street = state.street
    direct, direct_i = _NONE, -1
    for key in keys:
        if key[0] == _TAKE:
            sc = _SCORE[street[key[1]]]
            if sc > direct:
                direct, direct_i = sc, key[1]
    brute = _brute_plan(hand, street) if state.stage <= _STAGE_BRUTE else (_NONE, 0, -1, 0)
    floor = max(direct, brute[0])
    acct = _accountant_plan(state, floor) if state.stage <= _STAGE_ACCOUNTANT else (_NONE, 0)
    if acct[0] > max(direct, brute[0]) and (_ACCOUNTANT, acct[1], 0) in keys:
        return (_ACCOUNTANT, acct[1], 0)
    if brute[0] > direct and (_BRUTE, brute[1], 0) in keys:
        return (_BRUTE, brute[1], 0)
    if direct_i >= 0:
        return (_TAKE, direct_i, 0)
    refreshes = [k for k in keys if k[0] == _REFRESH]
    if refreshes:  # nothing to take: show the most new cards (highest rank, least VP)
        return max(refreshes, key=lambda k: (street[k[1]] % 5, -VP[street[k[1]]], -k[1]))
    return keys[-1]  # Pass


def _greedy_exchange_take(state: GameState, keys: list[Key], hand: list[int]) -> Key:
    owed = state.exch_taken
    best_key, best_v = keys[-1], _after_gives(hand, owed, state)  # ExchangeDone
    for key in keys[:-1]:
        h = hand[:]
        h[key[1]] += 1
        v = _after_gives(h, owed + 1, state)
        if v > best_v:
            best_key, best_v = key, v
    return best_key


def _greedy_exchange_give(state: GameState, keys: list[Key], hand: list[int]) -> Key:
    best_key, best_v = keys[0], _NONE - 1
    for k in _give_order(hand):
        if (_EXCHANGE_GIVE, k, 0) not in keys:
            continue
        h = hand[:]
        h[k] -= 1
        v = _value(h, state, state.stage <= _STAGE_BRUTE)
        if v > best_v:
            best_key, best_v = (_EXCHANGE_GIVE, k, 0), v
    return best_key


def _greedy_brute_target(state: GameState, keys: list[Key], hand: list[int]) -> Key:
    best_key, best_v = keys[0], _NONE
    for key in keys:
        k = state.street[key[1]]
        r = k % 5
        if _SCORE[k] > best_v and any(
            payable(hand, k, r - d) for d in range(1, min(state.brute_rank, r) + 1)
        ):
            best_key, best_v = key, _SCORE[k]
    return best_key


def _greedy_brute_amount(state: GameState, keys: list[Key], hand: list[int]) -> Key:
    k = state.street[state.brute_idx]
    for key in keys:  # ascending amounts: the smallest reduction that suffices
        if payable(hand, k, k % 5 - key[1]):
            return key
    return keys[-1]


def _greedy_pay(state: GameState, keys: list[Key], hand: list[int]) -> Key:
    """The lowest wild Mercenary; keep it and exhaust the genuine card."""
    return min(keys, key=lambda key: (key[1], key[2]))


_GREEDY_SUB: Final = {
    _P_EXCHANGE_TAKE: _greedy_exchange_take,
    _P_EXCHANGE_GIVE: _greedy_exchange_give,
    _P_BRUTE_TARGET: _greedy_brute_target,
    _P_BRUTE_AMOUNT: _greedy_brute_amount,
    _P_PAY: _greedy_pay,
}


def greedy_policy(state: GameState, rng: random.Random) -> Key:
    """The simple sensible baseline described in the module docstring (rng unused:
    ties go to the leftmost card, so it is deterministic)."""
    keys = state.legal_keys()
    if len(keys) == 1:
        return keys[0]
    sub = _GREEDY_SUB.get(state.pending)
    if sub is not None:
        return sub(state, keys, state.hands[state.current])
    return _greedy_main(state, keys)


POLICIES: Final[dict[str, Policy]] = {
    "random": random_policy,
    "eager": eager_policy,
    "greedy": greedy_policy,
    "robot": robot_policy,
}

__all__ = [
    "POLICIES",
    "Policy",
    "eager_policy",
    "greedy_policy",
    "random_policy",
    "robot_policy",
]
