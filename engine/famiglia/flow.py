"""Draw-pile mechanics and the turn's end: reveal, switch, refresh, refill, game end.

Rules 4.1 (A1), 4.5 (refill), 5 (pile bookkeeping) and 6 (game end).
"""

from __future__ import annotations

import random

from engine.famiglia.board import Board
from engine.famiglia.cards import FAMILIES, kind, rank_of
from engine.famiglia.events import Event
from engine.famiglia.scoring import game_over_event

_ZEROS = frozenset(kind(f, 0) for f in FAMILIES)  # the four rank-0 kinds


def switch_rng(seed: int) -> random.Random:
    """The shuffle of the discard pile at the switch comes from the game's seed too."""
    return random.Random(f"{seed}/switch")


def _switch(s: Board, events: list[Event] | None) -> None:
    """Rule 4.1.3: the first pile is empty -> the discard pile becomes the draw pile."""
    pile = s.discard
    switch_rng(s.seed).shuffle(pile)
    s.draw = pile
    s.discard = []
    s.switched = True
    if events is not None:
        events.append(Event("switch", s.current, amount=len(pile)))


def _trigger(s: Board, refill: bool, events: list[Event] | None) -> None:
    """Rules 6.1 / 6.2: the last card is out; fix how many turns remain after this one."""
    second = s.current != s.first
    if refill:
        s.turns_left = 2 if second else 1  # 6.2
    else:
        s.turns_left = 0 if second else 1  # 6.1
    if events is not None:
        events.append(Event("end_triggered", s.current, amount=s.turns_left))


def reveal(
    s: Board, n: int, *, refill: bool = False, events: list[Event] | None = None
) -> list[int]:
    """Reveal up to ``n`` cards onto the right end of the Street, switching piles and
    triggering the game end as the rules say. Returns the cards revealed."""
    draw = s.draw
    street = s.street
    out: list[int] = []
    for _ in range(n):
        if not draw:
            if s.switched:
                break
            _switch(s, events)
            draw = s.draw
            if not draw:
                break
        k = draw.pop()
        street.append(k)
        out.append(k)
    if not draw and not s.switched:
        # Rule 4.1.6 / 4.1.3: the switch happens the moment the first pile is empty.
        _switch(s, events)
    if s.switched and not s.draw and s.turns_left < 0:
        _trigger(s, refill, events)
    return out


def can_refresh(s: Board) -> bool:
    """A1 is open now: no 0 shows, cards remain to draw, and after the switch the one
    post-switch refresh of this turn is unused (rules 4.1.1-4.1.6, 6.4)."""
    if not s.draw or not s.street:
        return False
    if s.switched and s.post_refresh_used:
        return False
    return _ZEROS.isdisjoint(s.street)


def refresh(s: Board, index: int, events: list[Event] | None, *, step: int = 0) -> None:
    """Discard (or, after the switch, put under the pile) the Street card at ``index``
    and reveal as many cards as its rank (rules 4.1.2, 4.1.4, 4.1.5). ``step``: the
    robot's program step that refreshes (9.7), kept in the event's ``amount``."""
    card = s.street.pop(index)
    if s.switched:
        s.post_refresh_used = True
        s.draw.insert(0, card)
        note = "bottom"
    else:
        s.discard.append(card)
        note = "discard"
    at = len(events) if events is not None else 0
    revealed = reveal(s, rank_of(card), events=events)
    if events is not None:  # listed before the switch / end events the reveal caused
        events.insert(
            at,
            Event("refresh", s.current, card=card, cards=tuple(revealed), amount=step, note=note),
        )


def end_turn(s: Board, events: list[Event] | None) -> None:
    """After A4 (rule 4.5): lapse the Brute, refill an empty Street, check the end (6)."""
    seat = s.current
    s.turns_done[seat] += 1
    if s.passes >= 2:  # rule 6.3: two passes in a row end the game at once
        _finish(s, events)
        return
    if not s.street:
        at = len(events) if events is not None else 0
        cards = reveal(s, 6, refill=True, events=events)
        if events is not None and cards:
            events.insert(at, Event("refill", seat, cards=tuple(cards)))
    if s.turns_left == 0:
        _finish(s, events)
        return
    if s.turns_left > 0:
        s.turns_left -= 1
    s.current = 1 - seat
    s.turn += 1
    s.reset_turn()
    if events is not None:
        events.append(Event("turn", s.current))


def _finish(s: Board, events: list[Event] | None) -> None:
    s.over = True
    s.reset_turn()
    if events is not None:
        events.append(game_over_event(s))
