"""What one seat may see (RULING R3): its own hand and the public facts, never another
hand or the order of the draw pile. During a window only its card, player and fixed
choices are public, not who has answered (RULING R31); a responder sees his own answer."""

from __future__ import annotations

from dataclasses import dataclass

from engine.family_business.cards import GANG_SIZE
from engine.family_business.state import NOT_ASKED, OVER, WAITING, WINDOW, Choice, FBState


@dataclass(frozen=True, slots=True)
class GangView:
    seat: int
    live: bool
    at_large: int
    listed: int
    dead: int
    hand_size: int


@dataclass(frozen=True, slots=True)
class WindowView:
    """The public part of an open counter window, the same for everybody (RULING R12)."""

    card: int
    player: int
    choices: tuple[Choice, ...]
    responders: tuple[int, ...]  # who is asked (every live gang but the player), not who answered


@dataclass(frozen=True, slots=True)
class FBView:
    seat: int | None
    hand: tuple[int, ...]  # own hand, sorted; empty for a spectator
    gangs: tuple[GangView, ...]
    hit_list: tuple[int, ...]  # gang ids from the wall (position 1) on
    war: int  # 0 none, 1 single, 2 double
    draw_size: int
    discard: tuple[int, ...]  # face up: every card on it, oldest first
    active: int
    deciding: tuple[int, ...]  # whose decision the game waits for (a window: all responders)
    window: WindowView | None
    my_answer: int | None  # in a window: own answer (-1 no counter, a card code) or None
    choosing: tuple[int, tuple[Choice, ...]] | None  # own play being built: card, choices
    over: bool
    winner: int  # -1: running or a draw
    eliminated: tuple[tuple[int, ...], ...]
    turn: int


def view_of(s: FBState, seat: int | None) -> FBView:
    """What ``seat`` may see (``None``: a spectator); ValueError for a seat not in the game
    (a negative index would show another seat's hand)."""
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.n
    ):
        raise ValueError(f"no seat {seat!r} in a game of {s.n}")
    gangs = tuple(
        GangView(
            g,
            s.live[g],
            s.at_large[g],
            s.hit.count(g),
            GANG_SIZE - s.at_large[g] - s.hit.count(g),
            len(s.hands[g]),
        )
        for g in range(s.n)
    )
    window = None
    my_answer = None
    deciding: tuple[int, ...] = ()
    if s.phase == WINDOW:
        responders = tuple(g for g in range(s.n) if s.answers[g] != NOT_ASKED)
        window = WindowView(s.card, s.active, tuple(s.choices), responders)
        deciding = responders
        if seat is not None and s.answers[seat] not in (NOT_ASKED, WAITING):
            my_answer = s.answers[seat]
    elif s.phase != OVER:
        deciding = (s.active,)
    choosing = None
    if s.phase != WINDOW and s.card >= 0 and seat == s.active:
        choosing = (s.card, tuple(s.choices))
    return FBView(
        seat=seat,
        hand=tuple(sorted(s.hands[seat])) if seat is not None else (),
        gangs=gangs,
        hit_list=tuple(s.hit),
        war=s.war,
        draw_size=len(s.draw),
        discard=tuple(s.discard),
        active=s.active,
        deciding=deciding,
        window=window,
        my_answer=my_answer,
        choosing=choosing,
        over=s.phase == OVER,
        winner=s.winner,
        eliminated=tuple(tuple(g) for g in s.eliminated),
        turn=s.turn,
    )
