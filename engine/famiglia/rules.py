"""The two-player turn: which atomic actions are legal, and applying them (rule 4).

A turn is a sequence of small decisions. The *main* decision offers every action
whose step (A1 refresh, A2 Accountant, A3 Brute, A4 take or pass) has not been left
behind yet; playing an Accountant or a Brute opens its sub-decisions. A sub-decision
with a single possible answer is taken automatically.
"""

from __future__ import annotations

from typing import Final

from engine.errors import IllegalAction
from engine.famiglia import flow
from engine.famiglia.board import Board
from engine.famiglia.codes import Family, Key, Op, Pending, Stage
from engine.famiglia.events import Event
from engine.famiglia.explain import why_illegal
from engine.famiglia.payment import effective_rank, genuine_kind
from engine.famiglia.robot import robot_turn

# Plain ints on the hot path (see engine.famiglia.codes).
_MAIN: Final = int(Pending.MAIN)
_P_EXCHANGE_TAKE: Final = int(Pending.EXCHANGE_TAKE)
_P_EXCHANGE_GIVE: Final = int(Pending.EXCHANGE_GIVE)
_P_BRUTE_TARGET: Final = int(Pending.BRUTE_TARGET)
_P_BRUTE_AMOUNT: Final = int(Pending.BRUTE_AMOUNT)
_P_PAY: Final = int(Pending.PAY)
_STAGE_REFRESH: Final = int(Stage.REFRESH)
_STAGE_ACCOUNTANT: Final = int(Stage.ACCOUNTANT)
_STAGE_BRUTE: Final = int(Stage.BRUTE)
_STAGE_TAKE: Final = int(Stage.TAKE)
_EXCHANGE_TAKE: Final = int(Op.EXCHANGE_TAKE)
_EXCHANGE_GIVE: Final = int(Op.EXCHANGE_GIVE)
_BRUTE_TARGET: Final = int(Op.BRUTE_TARGET)
_BRUTE_AMOUNT: Final = int(Op.BRUTE_AMOUNT)
_PAY: Final = int(Op.PAY)

_A = Family.ACCOUNTANT * 5
_B = Family.BRUTE * 5
_M = Family.MERCENARY * 5
_PASS: Key = (int(Op.PASS), 0, 0)
_DONE: Key = (int(Op.EXCHANGE_DONE), 0, 0)
_ROBOT: Key = (int(Op.ROBOT_TURN), 0, 0)
# Shared key tuples for the main decision: listing them allocates nothing.
_REFRESH_KEYS: tuple[Key, ...] = tuple((int(Op.REFRESH), i, 0) for i in range(60))
_TAKE_KEYS: tuple[Key, ...] = tuple((int(Op.TAKE), i, 0) for i in range(60))
_ACCT_KEYS: tuple[Key, ...] = tuple((int(Op.ACCOUNTANT), r, 0) for r in range(5))
_BRUTE_KEYS: tuple[Key, ...] = tuple((int(Op.BRUTE), r, 0) for r in range(5))


def _exchange_sources(s: Board) -> list[int]:
    """Play-area kinds that may be taken back: never the Accountant just played (4.2.3)."""
    area = s.areas[s.current]
    acct = s.acct_kind
    return [k for k in range(20) if area[k] - (k == acct) > 0]


def legal_keys(s: Board) -> list[Key]:
    if s.over:
        return []
    if s.mode == "solo" and s.current == 1:
        return [_ROBOT]
    if s.pending != _MAIN:
        return _sub_keys(s)
    hand = s.hands[s.current]
    stage = s.stage
    street = s.street
    if stage == _STAGE_REFRESH and flow.can_refresh(s):
        keys: list[Key] = list(_REFRESH_KEYS[: len(street)])
    else:
        keys = []
    if stage <= _STAGE_ACCOUNTANT:
        keys.extend(_ACCT_KEYS[r] for r in (1, 2, 3, 4) if hand[_A + r])
    if stage <= _STAGE_BRUTE and street:  # a Brute needs a Street card to lower
        keys.extend(_BRUTE_KEYS[r] for r in (1, 2, 3, 4) if hand[_B + r])
    _add_takes(s, hand, keys)
    keys.append(_PASS)
    return keys


def _add_takes(s: Board, hand: list[int], keys: list[Key]) -> None:
    """The Street cards the mover can take. payable() inlined (the hot loop): a free 0,
    a genuine pair, or one genuine card and a wild Mercenary of rank >= the effective
    rank (4.4.3, 4.4.4)."""
    wild = 4 if hand[_M + 4] else 3 if hand[_M + 3] else 2 if hand[_M + 2] else 1
    if wild == 1 and not hand[_M + 1]:
        wild = 0
    bi = s.brute_idx
    for i, k in enumerate(s.street):
        eff = k % 5
        if i == bi:
            eff = max(0, eff - s.brute_amt)
        if eff == 0:
            keys.append(_TAKE_KEYS[i])
            continue
        genuine = hand[k - k % 5 + eff - 1]
        if genuine >= 2 or (genuine == 1 and wild >= eff):
            keys.append(_TAKE_KEYS[i])


def _sub_keys(s: Board) -> list[Key]:
    """The answers to the sub-decision the turn waits for."""
    p = s.pending
    hand = s.hands[s.current]
    if p == _P_EXCHANGE_TAKE:
        keys = [(_EXCHANGE_TAKE, k, 0) for k in _exchange_sources(s)]
        keys.append(_DONE)
        return keys
    if p == _P_EXCHANGE_GIVE:
        return [(_EXCHANGE_GIVE, k, 0) for k in range(20) if hand[k]]
    if p == _P_BRUTE_TARGET:
        return [(_BRUTE_TARGET, i, 0) for i in range(len(s.street))]
    if p == _P_BRUTE_AMOUNT:
        top = min(s.brute_rank, s.street[s.brute_idx] % 5)
        return [(_BRUTE_AMOUNT, d, 0) for d in range(1, top + 1)]
    if p == _P_PAY:
        eff = effective_rank(s, s.take_idx)
        return [(_PAY, m, e) for m in range(eff, 5) if hand[_M + m] for e in (0, 1)]
    raise AssertionError(f"unknown pending decision {p}")


def apply_key(s: Board, key: Key, seat: int | None) -> list[Event]:
    if s.over:
        raise IllegalAction("The game is over.")
    if seat is not None and (type(seat) is not int or seat != s.current):
        raise IllegalAction(
            "It's not your turn."
            if seat in (0, 1) and type(seat) is int
            else "You are not in this game."
        )
    legal = s._legal
    if legal is None:
        legal = s._legal = legal_keys(s)
    if key not in legal:
        raise IllegalAction(why_illegal(s, key))
    s._legal = None
    events: list[Event] = []
    _DISPATCH[key[0]](s, key, events)
    return events


def _refresh(s: Board, key: Key, ev: list[Event]) -> None:
    flow.refresh(s, key[1], ev)


def _accountant(s: Board, key: Key, ev: list[Event]) -> None:
    seat, kind = s.current, _A + key[1]
    s.hands[seat][kind] -= 1
    s.areas[seat][kind] += 1
    s.stage = _STAGE_BRUTE
    s.acct_kind = kind
    s.exch_limit = key[1]
    s.exch_taken = 0
    ev.append(Event("accountant", seat, card=kind))
    s.pending = _P_EXCHANGE_TAKE if _exchange_sources(s) else _MAIN


def _exchange_take(s: Board, key: Key, ev: list[Event]) -> None:
    seat, kind = s.current, key[1]
    s.areas[seat][kind] -= 1
    s.hands[seat][kind] += 1
    s.exch_taken += 1
    ev.append(Event("exchange_take", seat, card=kind))
    if s.exch_taken >= s.exch_limit or not _exchange_sources(s):
        s.pending = _P_EXCHANGE_GIVE


def _exchange_done(s: Board, key: Key, ev: list[Event]) -> None:
    s.pending = _P_EXCHANGE_GIVE if s.exch_taken else _MAIN


def _exchange_give(s: Board, key: Key, ev: list[Event]) -> None:
    seat, kind = s.current, key[1]
    s.hands[seat][kind] -= 1
    s.areas[seat][kind] += 1
    s.exch_taken -= 1
    ev.append(Event("exchange_give", seat, card=kind))
    if s.exch_taken == 0:
        s.pending = _MAIN


def _brute(s: Board, key: Key, ev: list[Event]) -> None:
    seat, kind = s.current, _B + key[1]
    s.hands[seat][kind] -= 1
    s.areas[seat][kind] += 1
    s.stage = _STAGE_TAKE
    s.brute_rank = key[1]
    ev.append(Event("brute", seat, card=kind))
    s.pending = _P_BRUTE_TARGET


def _brute_target(s: Board, key: Key, ev: list[Event]) -> None:
    s.brute_idx = key[1]
    top = min(s.brute_rank, s.street[key[1]] % 5)
    if top <= 1:  # nothing to choose: lower by 1 (or a 0 stays 0, rule 4.3.4)
        _set_brute(s, top, ev)
    else:
        s.pending = _P_BRUTE_AMOUNT


def _brute_amount(s: Board, key: Key, ev: list[Event]) -> None:
    _set_brute(s, key[1], ev)


def _set_brute(s: Board, amount: int, ev: list[Event]) -> None:
    s.brute_amt = amount
    s.pending = _MAIN
    ev.append(Event("brute_target", s.current, card=s.street[s.brute_idx], amount=amount))


def _take(s: Board, key: Key, ev: list[Event]) -> None:
    i = key[1]
    eff = effective_rank(s, i)
    if eff == 0:
        _finish_take(s, i, (), -1, ev)
        return
    hand = s.hands[s.current]
    target = s.street[i]
    genuine = genuine_kind(target, eff)
    if hand[genuine] >= 2:  # RULING 4.4.4a: a genuine pair pays as a pair
        _finish_take(s, i, (genuine, genuine), genuine, ev)
        return
    s.take_idx = i
    s.stage = _STAGE_TAKE
    s.pending = _P_PAY


def _pay(s: Board, key: Key, ev: list[Event]) -> None:
    i = s.take_idx
    target = s.street[i]
    genuine = genuine_kind(target, effective_rank(s, i))
    wild = _M + key[1]
    _finish_take(s, i, (genuine, wild), wild if key[2] else genuine, ev)


def _finish_take(s: Board, i: int, paid: tuple[int, ...], exhausted: int, ev: list[Event]) -> None:
    """The target goes to hand; one of the two paid cards to the play area (4.4.3)."""
    seat = s.current
    card = s.street.pop(i)
    s.hands[seat][card] += 1
    if exhausted >= 0:
        s.hands[seat][exhausted] -= 1
        s.areas[seat][exhausted] += 1
    s.passes = 0
    ev.append(Event("take", seat, card=card, cards=paid, exhausted=exhausted))
    flow.end_turn(s, ev)


def _pass(s: Board, key: Key, ev: list[Event]) -> None:
    s.passes += 1
    ev.append(Event("pass", s.current))
    flow.end_turn(s, ev)


def _robot(s: Board, key: Key, ev: list[Event]) -> None:
    robot_turn(s, ev)


_DISPATCH = {
    int(Op.REFRESH): _refresh,
    int(Op.ACCOUNTANT): _accountant,
    int(Op.EXCHANGE_TAKE): _exchange_take,
    int(Op.EXCHANGE_DONE): _exchange_done,
    int(Op.EXCHANGE_GIVE): _exchange_give,
    int(Op.BRUTE): _brute,
    int(Op.BRUTE_TARGET): _brute_target,
    int(Op.BRUTE_AMOUNT): _brute_amount,
    int(Op.TAKE): _take,
    int(Op.PAY): _pay,
    int(Op.PASS): _pass,
    int(Op.ROBOT_TURN): _robot,
}
