"""An independent model of the Family Business rules, written from the rules file
(sections 2-10, RULINGs R2-R30), not from the engine, for the differential test.

A position is taken at a player's S3 (he is to play); :func:`take_turn` carries out one
complete play (the card and every choice, every responder's answer) and the rest of the
turn, then the next turns' S1 and S2 up to the next player's S3 or the end of the game.

Cards are named by the stable keys of the rules table 1.5. A play is ``(card, choice)``:

    contract kinds, priority, double  (X,)                  the target gang
    hit                               ("at_large", g) | ("position", p)
    double_cross, vendetta, intrigue  (g1, g2, ...)         the order, as gang ids
    turncoat                          (D, ("at_large", D) | ("position", p), R)
    take_it_on_the_lam, police_protection  (p,)
    substitution                      (p, ("position", p2) | ("at_large", g))
    pay_off                           (X,)
    the rest                          ()

Positions are 1-based from the wall. The draw pile's top is its last element (a
representation, as in the engine); after a reshuffle (R5) its order is unknown here, so
the cards it holds are tracked as a multiset ``mystery`` (draw pile plus cards drawn from
it) and each hand counts its ``unknown`` cards.

This module holds the legal plays and the turn; the position and the rules table are in
``reference_position``, the card effects in ``reference_effects``.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from math import factorial

from .reference_effects import leave_list, resolve
from .reference_position import (
    COUNTERS,
    DOUBLE,
    GANG_SIZE,
    HAND_LIMIT,
    NO_WAR,
    ONE_GANG,
    ORDERS,
    SINGLE,
    TABLE,
    Choice,
    Position,
)

# -- legal plays (sections 8 and 9) ----------------------------------------------------


def distinct_orders(items: list[int]) -> list[tuple[int, ...]]:
    return sorted(set(permutations(items)))


def count_orders(items: list[int]) -> int:
    out = factorial(len(items))
    for k in Counter(items).values():
        out //= factorial(k)
    return out


def order_items(pos: Position, seat: int, card: str) -> list[int] | None:
    """What an order card puts in order, or None when it is not legal."""
    if card == "double_cross":  # 8.6, R26
        gangs = [g for g in pos.opposing(seat) if pos.at_large[g] >= 1]
        return gangs or None
    if card == "vendetta":  # 8.9, R27: always legal
        return [g for g in pos.opposing(seat) for _ in range(min(2, pos.at_large[g]))]
    return list(pos.hit)  # 9.4 Intrigue, R30: always legal


def turncoat_sides(pos: Position, seat: int) -> tuple[list[int], list[int]]:
    """R28: departing gangs D and receiving gangs R, counted before the card."""
    counts = {g: pos.in_play(g) for g in pos.live_gangs()}
    most, least = max(counts.values()), min(counts.values())
    ds = [g for g in pos.opposing(seat) if counts[g] == most]
    rs = [g for g in counts if counts[g] == least and GANG_SIZE - counts[g] >= 1]
    return ds, rs


def _order_plays(pos: Position, seat: int, card: str, limit: int) -> list[Choice] | int:
    """The distinct orders of an ordering card, or their number above ``limit``."""
    items = order_items(pos, seat, card)
    if items is None:
        return []
    if count_orders(items) > limit:
        return count_orders(items)
    return distinct_orders(items)


def _turncoat_plays(pos: Position, seat: int, positions: list[int]) -> list[Choice]:
    """8.10, R28: a departing gang, its leaving mobster, a receiving gang."""
    ds, rs = turncoat_sides(pos, seat)
    out: list[Choice] = []
    for d in ds:
        leaving = [("at_large", d)] if pos.at_large[d] >= 1 else []
        leaving += [("position", p) for p in positions if pos.hit[p - 1] == d]
        out += [(d, lv, r) for lv in leaving for r in rs]
    return out


def plays_of(pos: Position, seat: int, card: str, limit: int = 10**9) -> list[Choice] | int:
    """Every legal choice of ``card`` for ``seat`` (empty: only a discard is possible),
    or just their number when there are more than ``limit``."""
    opp = pos.opposing(seat)
    positions = list(range(1, len(pos.hit) + 1))
    if card in COUNTERS:  # rule 10: in one's own turn only discarded
        return []
    if card in ONE_GANG:  # 8.1-8.3
        return [(x,) for x in opp if pos.at_large[x] >= 1]
    if card == "hit":  # 8.4
        return [("at_large", g) for g in opp if pos.at_large[g] >= 1] + [
            ("position", p) for p in positions if pos.hit[p - 1] in opp
        ]
    if card in ("massacre", "mob_war", "ambush", "truce", "federal_crackdown"):
        return [()]
    if card in ORDERS:
        return _order_plays(pos, seat, card, limit)
    if card == "turncoat":  # 8.10, R28
        return _turncoat_plays(pos, seat, positions)
    if card in ("take_it_on_the_lam", "police_protection"):  # 9.1, 9.2
        return [(p,) for p in positions]
    if card == "substitution":  # 9.3, R29
        return [
            (p, q)
            for p in positions
            for q in [("position", p2) for p2 in positions if p2 != p]
            + [("at_large", g) for g in pos.live_gangs() if pos.at_large[g] >= 1]
        ]
    if card == "pay_off":  # 9.6
        return [(x,) for x in pos.live_gangs() if x in pos.hit]
    raise ValueError(card)


def responders(pos: Position) -> list[int]:
    """5.2, R13: every live gang but the active one, clockwise from his left."""
    return [(pos.active + k) % pos.n for k in range(1, pos.n) if pos.live[(pos.active + k) % pos.n]]


def offered(pos: Position, seat: int, card: str) -> set[str]:
    """5.4: the counters ``seat`` holds that ``card`` permits (plus "No counter")."""
    return {c for c in TABLE[card][1] if pos.hands[seat][c] > 0}


# -- the turn (sections 4, 6.4, 7) -------------------------------------------------------


def checkpoint(pos: Position) -> None:
    """7.1: eliminations (7.2 hand to the discard pile), victory or draw (R20), then
    the state triggers of 6.3 (R15)."""
    out = tuple(g for g in pos.live_gangs() if pos.in_play(g) == 0)
    for g in out:
        pos.live[g] = False
        assert pos.unknown[g] == 0, "an unknown card would go to the discard pile"
        pos.discard += pos.hands[g]
        pos.hands[g] = Counter()
    if out:
        pos.eliminated.append(out)
    left = pos.live_gangs()
    if len(left) <= 1:
        pos.over = True
        pos.winner = left[0] if left else None
        pos.draw_between = () if left else out
        return
    if pos.war == NO_WAR and (len(pos.hit) >= 6 or pos.total() <= 6):
        pos.war = SINGLE


def executions(pos: Position) -> None:
    """6.4, R16, R19."""
    for _ in range(2 if pos.war == DOUBLE else 1):
        if not pos.hit:
            return
        leave_list(pos, 1, free=False)
        if pos.war == NO_WAR:
            return


def reshuffle(pos: Position) -> None:
    """R5: the discard pile becomes the draw pile, in an order unknown here."""
    assert pos.draw_size() == 0
    pos.mystery += pos.discard
    pos.draw_count = sum(pos.discard.values())
    pos.shuffled = True
    pos.discard = Counter()


def refill(pos: Position, seat: int) -> None:
    """4.2, R5."""
    while sum(pos.hands[seat].values()) + pos.unknown[seat] < HAND_LIMIT:
        if pos.draw_size() == 0:
            if not pos.discard:
                return
            reshuffle(pos)
        if pos.shuffled:
            pos.draw_count -= 1
            pos.unknown[seat] += 1
        else:
            pos.hands[seat][pos.draw.pop()] += 1
        if pos.draw_size() == 0 and pos.discard:
            reshuffle(pos)


def next_live(pos: Position, seat: int) -> int:
    """R9: ``seat`` if live, else the next live gang clockwise."""
    for k in range(pos.n):
        if pos.live[(seat + k) % pos.n]:
            return (seat + k) % pos.n
    raise AssertionError("nobody live")


def begin_turn(pos: Position, seat: int) -> None:
    """S1 and S2 of ``seat``'s turn and of any turn that ends there (R10, R7)."""
    while True:
        if pos.war != NO_WAR:
            executions(pos)
        checkpoint(pos)
        if pos.over:
            return
        if not pos.live[seat]:  # R10
            seat = next_live(pos, seat + 1)
            continue
        refill(pos, seat)
        if sum(pos.hands[seat].values()) + pos.unknown[seat] > 0:
            pos.active = seat
            return
        checkpoint(pos)  # R7: S3-S5 skipped, S6 runs
        if pos.over:
            return
        seat = next_live(pos, seat + 1)


def take_turn(
    pos: Position,
    card: str,
    choice: Choice | None,
    answers: dict[int, str | None] | None = None,
) -> tuple[int | None, str | None]:
    """The active player plays ``card`` with ``choice`` (None: discards it, R6); then
    S4-S7 and the next turn's S1-S2. Returns the counter's player and card."""
    me = pos.active
    pos.hands[me][card] -= 1
    assert pos.hands[me][card] >= 0
    pos.hands[me] += Counter()
    pos.discard[card] += 1  # 4.3: face up, played or discarded
    counter, by = None, None
    if choice is not None:
        if TABLE[card][1]:  # 5.1: a window; R13: first counter clockwise from the left
            for g in responders(pos):
                said = (answers or {}).get(g)
                if said is not None:
                    assert said in TABLE[card][1] and pos.hands[g][said] > 0
                    counter, by = said, g
                    break
            if by is not None and counter is not None:
                pos.hands[by][counter] -= 1
                pos.hands[by] += Counter()
                pos.discard[counter] += 1
        resolve(pos, card, choice, counter, by)
    checkpoint(pos)  # S6
    if pos.over:
        return by, counter
    begin_turn(pos, by if by is not None else next_live(pos, me + 1))  # 4.5, R9
    return by, counter
