"""Build Family Business positions directly for scenario tests, and play steps on them.

Seats are named A, B, C, ... = 0, 1, 2, ...; a list is written from the wall.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.state import PLAY, FBState

A, B, CC, D, E, F = range(6)


def board(
    n: int,
    *,
    at_large: Sequence[int] | None = None,
    hit: Sequence[int] = (),
    war: int = 0,
    hands: dict[int, Sequence[int]] | None = None,
    active: int = 0,
    live: Sequence[bool] | None = None,
    discard: Sequence[int] = (),
    seed: int = 7,
) -> FBState:
    """A position at the active seat's play (S3). Hands not given are filled with
    Contracts-free filler (Truce/Intrigue cards are avoided: plain counters-free cards);
    every card not in a hand or the discard pile is in the draw pile, so all 56 cards
    are accounted for."""
    s = FBState(n, seed)
    s.at_large = list(at_large) if at_large is not None else [9] * n
    s.hit = list(hit)
    s.war = war
    s.live = list(live) if live is not None else [True] * n
    pool = Counter(C.full_deck())
    s.discard = list(discard)
    pool.subtract(s.discard)
    given = hands or {}
    for seat, hand in given.items():
        s.hands[seat] = list(hand)
        pool.subtract(hand)
    assert all(v >= 0 for v in pool.values()), "more copies than the deck holds"
    rest = sorted(pool.elements())
    # fill the other live hands with plain Contracts first, then anything else
    for seat in range(n):
        if seat in given or not s.live[seat]:
            continue
        for _ in range(C.HAND_LIMIT):
            card = C.CONTRACT if C.CONTRACT in rest else rest[0]
            rest.remove(card)
            s.hands[seat].append(card)
    s.draw = rest
    s.active = active
    s.phase = PLAY
    s.turn = 1
    return s


def step(s: FBState, seat: int, kind: str, arg: int = 0) -> list[dict]:
    return GAME.apply(s, Action(kind, arg), seat)


def play(s: FBState, seat: int, card: int, *choices: tuple[str, int]) -> list[dict]:
    """``seat`` plays ``card`` with ``choices`` (each one decision)."""
    events = step(s, seat, "play", card)
    for kind, arg in choices:
        events += step(s, seat, kind, arg)
    return events


def answer(s: FBState, seat: int, card: int | None = None) -> list[dict]:
    return step(s, seat, "no_counter") if card is None else step(s, seat, "counter", card)


def discard(s: FBState, seat: int, card: int | None = None) -> list[dict]:
    return step(s, seat, "discard", s.hands[seat][0] if card is None else card)


def in_play(s: FBState, g: int) -> int:
    return s.in_play(g)


def accounted(s: FBState) -> bool:
    cards = Counter(s.draw) + Counter(s.discard)
    for h in s.hands:
        cards += Counter(h)
    return cards == Counter(C.full_deck())


def others_dealt_anew(s: FBState, seat: int, seed: int) -> FBState:
    """A copy of ``s`` whose other hands and draw pile hold the same cards dealt anew:
    what ``seat`` may see is unchanged."""
    other = s.copy()
    others = [g for g in range(s.n) if g != seat]
    pool = [card for g in others for card in other.hands[g]] + other.draw
    random.Random(seed).shuffle(pool)
    for g in others:
        other.hands[g] = [pool.pop() for _ in range(len(s.hands[g]))]
    other.draw = pool
    assert other.hands != s.hands
    return other
