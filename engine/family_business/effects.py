"""S5: what a card does once its choices are fixed and its window (if any) closed
(sections 6, 8, 9 and 10). Elimination and victory wait for the checkpoint (RULING R21).

``counter`` is the counter card that won the window (-1: none) and ``by`` its player.
Every function appends plain-dict events to ``events``.
"""

from __future__ import annotations

from collections.abc import Callable
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


Handler = Callable[[FBState, int, list[Choice], int, int, Events], None]


def _contract(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rules 8.1, 8.2; RULINGs R22, R23 (Priority Contract: at the wall)."""
    at_wall = s.card == C.PRIORITY_CONTRACT
    if counter == C.MOB_POWER:
        add(s, seat, ev, at_wall=at_wall)
    elif counter != C.FAMILY_INFLUENCE:
        add(s, ch[0][1], ev, at_wall=at_wall)


def _double_contract(
    s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events
) -> None:
    """Rule 8.3, RULING R24: a counter acts on the first target only."""
    x = ch[0][1]
    if counter == C.MOB_POWER:
        add(s, seat, ev)
    elif counter != C.FAMILY_INFLUENCE:
        add(s, x, ev)
    add(s, x, ev)


def _hit(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rule 8.4, RULING R25: the target dies, then the price (if any at large)."""
    kind, arg = ch[0]
    if kind == AT_LARGE:
        s.at_large[arg] -= 1
        ev.append({"kind": "killed", "gang": arg, "position": 0})
    else:
        take_off(s, arg - 1, ev, to="dead")
    add(s, seat, ev)


def _massacre(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rule 8.5, RULING R18."""
    while s.hit:
        g = s.hit.pop()
        ev.append({"kind": "killed", "gang": g, "position": len(s.hit) + 1})
    set_war(s, NONE, ev)


def _append_all(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Double Cross (rule 8.6); Vendetta (rule 8.9) strikes the Safe House player's own
    mobsters, then sets the war to double with or without Safe House."""
    for _, g in ch:
        if not (counter == C.SAFE_HOUSE and g == by):
            add(s, g, ev)
    if s.card == C.VENDETTA:
        set_war(s, DOUBLE, ev)


def _war(state: int) -> Handler:
    def handler(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
        set_war(s, state, ev)

    return handler


def _free_one(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rules 9.1, 9.2: Finger cancels Take It On the Lam."""
    if counter != C.FINGER:
        take_off(s, ch[0][1] - 1, ev, to="free")


def _intrigue(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rule 9.4, RULING R30."""
    s.hit[:] = [g for _, g in ch]
    ev.append({"kind": "reordered"})


def _pay_off(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rule 9.6."""
    x = ch[0][1]
    back = s.hit.count(x)
    s.hit[:] = [g for g in s.hit if g != x]
    s.at_large[x] += back
    ev.append({"kind": "freed", "gang": x, "count": back})
    if not s.hit:
        set_war(s, NONE, ev)


def _crackdown(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rule 9.7: an empty list changes nothing (a war on it goes on)."""
    if not s.hit:
        return
    for g in s.hit:
        s.at_large[g] += 1
    ev.append({"kind": "freed", "gang": -1, "count": len(s.hit)})
    s.hit.clear()
    set_war(s, NONE, ev)


def _turncoat(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rule 8.10, RULING R28: one step; D = R changes nothing."""
    (_, d), (kind, arg), (_, r) = ch
    if d != r:
        if kind == POSITION:
            s.hit[arg - 1] = r  # the returning mobster takes the exact position
        else:
            s.at_large[d] -= 1
            s.at_large[r] += 1
    ev.append({"kind": "turncoat", "from": d, "to": r})


def _substitute(s: FBState, seat: int, ch: list[Choice], counter: int, by: int, ev: Events) -> None:
    """Rule 9.3, RULING R29."""
    (_, p), (kind, q) = ch
    i = p - 1
    if kind == POSITION:
        s.hit[i], s.hit[q - 1] = s.hit[q - 1], s.hit[i]
    elif s.hit[i] != q:
        g = s.hit[i]
        s.hit[i] = q
        s.at_large[q] -= 1
        s.at_large[g] += 1
    ev.append({"kind": "substituted"})


HANDLERS: dict[int, Handler] = {
    C.CONTRACT: _contract,
    C.CONTRACT_NO_MOB_POWER: _contract,
    C.CONTRACT_NO_FAMILY_INFLUENCE: _contract,
    C.CONTRACT_IRON_CLAD: _contract,
    C.PRIORITY_CONTRACT: _contract,
    C.DOUBLE_CONTRACT: _double_contract,
    C.HIT: _hit,
    C.MASSACRE: _massacre,
    C.DOUBLE_CROSS: _append_all,
    C.MOB_WAR: _war(SINGLE),  # rule 8.7, RULING R14
    C.AMBUSH: _war(DOUBLE),  # rule 8.8
    C.VENDETTA: _append_all,
    C.TURNCOAT: _turncoat,
    C.LAM: _free_one,
    C.POLICE_PROTECTION: _free_one,
    C.SUBSTITUTION: _substitute,
    C.INTRIGUE: _intrigue,
    C.TRUCE: _war(NONE),  # rule 9.5, RULING R30
    C.PAY_OFF: _pay_off,
    C.CRACKDOWN: _crackdown,
}


def resolve(s: FBState, counter: int, by: int, events: Events) -> None:
    """Carry out ``s.card`` played by ``s.active`` with ``s.choices`` under ``counter``
    (played by ``by``)."""
    HANDLERS[s.card](s, s.active, s.choices, counter, by, events)
