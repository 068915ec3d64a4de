"""The card effects of the reference model (sections 2.3, 6, 8, 9), written from the
rules file; :func:`resolve` applies one card with its choice and counter."""

from __future__ import annotations

from collections.abc import Callable

from .reference_position import (
    DOUBLE,
    FI,
    FINGER,
    MP,
    NO_WAR,
    SAFE,
    SINGLE,
    Choice,
    Position,
)

# -- the effects (sections 2.3, 6, 8, 9) ---------------------------------------------


def add(pos: Position, g: int, at_wall: bool = False) -> None:
    """2.3 append / insert at the wall; R2: only an at-large mobster."""
    if pos.at_large[g] == 0:
        return
    pos.at_large[g] -= 1
    if at_wall:
        pos.hit.insert(0, g)
    else:
        pos.hit.append(g)


def leave_list(pos: Position, p: int, *, free: bool) -> None:
    """2.3 remove; to the graveyard or back at large; 6.5 an emptied list ends the war."""
    g = pos.hit.pop(p - 1)
    if free:
        pos.at_large[g] += 1
    if not pos.hit:
        pos.war = NO_WAR


Counter_ = str | None  # the counter played against the card, if any
By = int | None  # the gang that played it


def _contract(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.1, R22: one target at the end of the list (every kind of plain contract)."""
    if counter == MP:
        add(pos, pos.active)
    elif counter != FI:
        add(pos, choice[0])


def _priority_contract(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.2, R23: one target at the wall."""
    if counter == MP:
        add(pos, pos.active, True)
    elif counter != FI:
        add(pos, choice[0], True)


def _double_contract(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.3, R24."""
    x = choice[0]
    if counter == MP:
        add(pos, pos.active)  # the contractor instead of the first target
    elif counter != FI:
        add(pos, x)
    add(pos, x)  # the second target; the same lone mobster is not added twice


def _hit(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.4, R25."""
    kind, arg = choice
    if kind == "at_large":
        pos.at_large[arg] -= 1
    else:
        leave_list(pos, arg, free=False)
    add(pos, pos.active)


def _massacre(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.5, R18."""
    pos.hit = []
    pos.war = NO_WAR


def _double_cross(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.6."""
    for g in choice:
        add(pos, g)


def _mob_war(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.7, R14."""
    pos.war = SINGLE


def _ambush(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.8."""
    pos.war = DOUBLE


def _vendetta(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.9, R27."""
    for g in choice:
        if not (counter == SAFE and g == by):
            add(pos, g)
    pos.war = DOUBLE


def _turncoat(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """8.10, R28."""
    d, (kind, arg), r = choice
    if d == r:
        return
    if kind == "position":
        pos.hit[arg - 1] = r
    else:
        pos.at_large[d] -= 1
        pos.at_large[r] += 1


def _on_the_lam(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """9.1."""
    if counter != FINGER:
        leave_list(pos, choice[0], free=True)


def _police_protection(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """9.2."""
    leave_list(pos, choice[0], free=True)


def _substitution(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """9.3, R29."""
    p, (kind, arg) = choice
    if kind == "position":
        pos.hit[p - 1], pos.hit[arg - 1] = pos.hit[arg - 1], pos.hit[p - 1]
    elif pos.hit[p - 1] != arg:
        pos.at_large[pos.hit[p - 1]] += 1
        pos.at_large[arg] -= 1
        pos.hit[p - 1] = arg


def _intrigue(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """9.4, R30."""
    assert sorted(choice) == sorted(pos.hit)
    pos.hit = list(choice)


def _truce(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """9.5, R30."""
    pos.war = NO_WAR


def _pay_off(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """9.6."""
    x = choice[0]
    pos.at_large[x] += pos.hit.count(x)
    pos.hit = [g for g in pos.hit if g != x]
    if not pos.hit:
        pos.war = NO_WAR


def _federal_crackdown(pos: Position, choice: Choice, counter: Counter_, by: By) -> None:
    """9.7."""
    if pos.hit:
        for g in pos.hit:
            pos.at_large[g] += 1
        pos.hit = []
        pos.war = NO_WAR


#: Each card's effect (sections 8 and 9), by card name.
_EFFECTS: dict[str, Callable[[Position, Choice, Counter_, By], None]] = {
    "contract": _contract,
    "contract_no_mob_power": _contract,
    "contract_no_family_influence": _contract,
    "contract_no_counters": _contract,
    "priority_contract": _priority_contract,
    "double_contract": _double_contract,
    "hit": _hit,
    "massacre": _massacre,
    "double_cross": _double_cross,
    "mob_war": _mob_war,
    "ambush": _ambush,
    "vendetta": _vendetta,
    "turncoat": _turncoat,
    "take_it_on_the_lam": _on_the_lam,
    "police_protection": _police_protection,
    "substitution": _substitution,
    "intrigue": _intrigue,
    "truce": _truce,
    "pay_off": _pay_off,
    "federal_crackdown": _federal_crackdown,
}


def resolve(pos: Position, card: str, choice: Choice, counter: str | None, by: int | None) -> None:
    """The effect of ``card`` with its ``choice``, after ``counter`` played by ``by``."""
    effect = _EFFECTS.get(card)
    if effect is None:
        raise ValueError(card)
    effect(pos, choice, counter, by)
