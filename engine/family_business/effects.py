"""S5: what a card does once its choices are fixed and its window (if any) closed
(sections 6, 8, 9 and 10). Elimination and victory wait for the checkpoint (RULING R21).

``counter`` is the counter card that won the window (-1: none) and ``by`` its player.
Every function appends plain-dict events to ``events``.
"""

from __future__ import annotations

from typing import Any

from engine.family_business import cards as C
from engine.family_business.actions import AT_LARGE, POSITION
from engine.family_business.state import DOUBLE, NONE, SINGLE, Choice, FBState

Events = list[dict[str, Any]]


def set_war(s: FBState, war: int, events: Events) -> None:
    if s.war != war:
        s.war = war
        events.append({"kind": "war", "state": war})


def add(s: FBState, g: int, events: Events, *, at_wall: bool = False) -> None:
    """Put one at-large mobster of ``g`` on the list (rule 2.3); nothing when none is at
    large (RULING R2)."""
    if s.at_large[g] <= 0:
        return
    s.at_large[g] -= 1
    if at_wall:
        s.hit.insert(0, g)
    else:
        s.hit.append(g)
    events.append({"kind": "listed", "gang": g, "position": 1 if at_wall else len(s.hit)})


def take_off(s: FBState, index: int, events: Events, *, to: str) -> int:
    """Remove the entry at ``index`` (0-based): to the graveyard (``to="dead"``) or back
    at large (``"free"``); an emptied list ends the war (rule 6.5)."""
    g = s.hit.pop(index)
    if to == "free":
        s.at_large[g] += 1
    events.append({"kind": "killed" if to == "dead" else "freed", "gang": g, "position": index + 1})
    if not s.hit:
        set_war(s, NONE, events)
    return g


def execute(s: FBState, events: Events) -> None:
    """S1 (rule 6.4): one execution per turn, two at ``double``; an emptied list ends
    the war and stops the second (RULING R16); an empty list executes nobody (R19)."""
    for _ in range(s.war):
        if not s.hit or s.war == NONE:
            return
        take_off(s, 0, events, to="dead")


def resolve(
    s: FBState, seat: int, card: int, choices: list[Choice], counter: int, by: int, events: Events
) -> None:
    """Carry out ``card`` played by ``seat`` with ``choices`` under ``counter``."""
    args = [a for _, a in choices]
    if card in C.CONTRACTS or card == C.PRIORITY_CONTRACT:
        at_wall = card == C.PRIORITY_CONTRACT
        if counter == C.MOB_POWER:  # rule 8.1, RULINGs R22, R23
            add(s, seat, events, at_wall=at_wall)
        elif counter != C.FAMILY_INFLUENCE:
            add(s, args[0], events, at_wall=at_wall)
    elif card == C.DOUBLE_CONTRACT:  # rule 8.3, RULING R24
        x = args[0]
        if counter == C.MOB_POWER:
            add(s, seat, events)
            add(s, x, events)
        elif counter == C.FAMILY_INFLUENCE:
            add(s, x, events)
        else:
            add(s, x, events)
            add(s, x, events)
    elif card == C.HIT:  # rule 8.4, RULING R25
        kind, arg = choices[0]
        if kind == AT_LARGE:
            s.at_large[arg] -= 1
            events.append({"kind": "killed", "gang": arg, "position": 0})
        else:
            take_off(s, arg - 1, events, to="dead")
        add(s, seat, events)
    elif card == C.MASSACRE:  # rule 8.5, RULING R18
        while s.hit:
            g = s.hit.pop()
            events.append({"kind": "killed", "gang": g, "position": len(s.hit) + 1})
        set_war(s, NONE, events)
    elif card == C.DOUBLE_CROSS:  # rule 8.6
        for g in args:
            add(s, g, events)
    elif card == C.MOB_WAR:  # rule 8.7, RULING R14
        set_war(s, SINGLE, events)
    elif card == C.AMBUSH:  # rule 8.8
        set_war(s, DOUBLE, events)
    elif card == C.VENDETTA:  # rule 8.9, RULING R27
        for g in args:
            if not (counter == C.SAFE_HOUSE and g == by):
                add(s, g, events)
        set_war(s, DOUBLE, events)
    elif card == C.TURNCOAT:  # rule 8.10, RULING R28
        _turncoat(s, choices, events)
    elif card in (C.LAM, C.POLICE_PROTECTION):  # rules 9.1, 9.2
        if counter != C.FINGER:
            take_off(s, args[0] - 1, events, to="free")
    elif card == C.SUBSTITUTION:  # rule 9.3, RULING R29
        _substitute(s, choices, events)
    elif card == C.INTRIGUE:  # rule 9.4, RULING R30
        s.hit[:] = args
        events.append({"kind": "reordered"})
    elif card == C.TRUCE:  # rule 9.5, RULING R30
        set_war(s, NONE, events)
    elif card == C.PAY_OFF:  # rule 9.6
        x = args[0]
        back = s.hit.count(x)
        s.hit[:] = [g for g in s.hit if g != x]
        s.at_large[x] += back
        events.append({"kind": "freed", "gang": x, "count": back})
        if not s.hit:
            set_war(s, NONE, events)
    elif card == C.CRACKDOWN and s.hit:  # rule 9.7 (an empty list: nothing happens)
        for g in s.hit:
            s.at_large[g] += 1
        events.append({"kind": "freed", "gang": -1, "count": len(s.hit)})
        s.hit.clear()
        set_war(s, NONE, events)


def _turncoat(s: FBState, choices: list[Choice], events: Events) -> None:
    (_, d), (kind, arg), (_, r) = choices
    if d == r:  # D = R changes nothing
        events.append({"kind": "turncoat", "from": d, "to": r})
        return
    if kind == POSITION:
        s.hit[arg - 1] = r  # the returning mobster takes the exact position
    else:
        s.at_large[d] -= 1
        s.at_large[r] += 1
    events.append({"kind": "turncoat", "from": d, "to": r})


def _substitute(s: FBState, choices: list[Choice], events: Events) -> None:
    (_, p), (kind, q) = choices
    i = p - 1
    if kind == POSITION:
        s.hit[i], s.hit[q - 1] = s.hit[q - 1], s.hit[i]
    else:
        g = s.hit[i]
        if g != q:
            s.hit[i] = q
            s.at_large[q] -= 1
            s.at_large[g] += 1
    events.append({"kind": "substituted"})
