"""Words for Family Business: gang and card names, action labels for menus, the table
as one seat sees it, and a sentence per event. Everything here reads a view or public
events, so a text never shows what its reader may not see."""

from __future__ import annotations

from typing import Any

from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.view import FBView

WAR = ("no Mob War", "Mob War (one execution a turn)", "Mob War at double rate (two a turn)")


def the(gang: int) -> str:
    """A gang's name as a sentence names it: "the Capone Mob", but "Murder Inc."."""
    name = C.GANGS[gang]
    return name if name.endswith(".") else f"the {name}"


def gang(g: int, names: tuple[str, ...] | None = None) -> str:
    base = C.GANGS[g]
    return f"{names[g]} ({base})" if names else base


def card(code: int) -> str:
    return C.NAMES[code]


def label(action: Action, card_code: int = -1, hit: tuple[int, ...] = ()) -> str:
    """A short label for a menu: what choosing ``action`` means."""
    kind, arg = action
    if kind == "play":
        return f"Play {card(arg)}"
    if kind == "discard":
        return f"Discard {card(arg)} without effect"
    if kind == "counter":
        return f"Counter with {card(arg)}"
    if kind == "no_counter":
        return "No counter"
    if kind == "position":
        who = f" ({C.GANGS[hit[arg - 1]]})" if 0 < arg <= len(hit) else ""
        return f"Hit-list position {arg}{who}"
    if kind == "at_large":
        return f"A mobster of {the(arg)} at large"
    if kind == "next":
        return f"Next on the list: a mobster of {the(arg)}"
    if kind == "receiver":
        return f"The returning mobster joins {the(arg)}"
    target = {C.TURNCOAT: "Take the deserter from", C.PAY_OFF: "Pay off"}
    return f"{target.get(card_code, 'Target')} {the(arg)}"


def table(v: FBView, names: tuple[str, ...]) -> str:
    """The table as the viewer sees it."""
    head = "game over" if v.over else f"{names[v.active]} ({C.GANGS[v.active]}) to move"
    lines = [f"--- Turn {v.turn}: {head} ---"]
    for gv in v.gangs:
        if not gv.live:
            lines.append(f"  {names[gv.seat]:<12} {C.GANGS[gv.seat]:<13} eliminated")
            continue
        lines.append(
            f"  {names[gv.seat]:<12} {C.GANGS[gv.seat]:<13} at large {gv.at_large}, "
            f"listed {gv.listed}, dead {gv.dead}; {gv.hand_size} cards in hand"
        )
    wall = ", ".join(f"{i}:{C.GANGS[g]}" for i, g in enumerate(v.hit_list, 1)) or "empty"
    lines.append(f"Hit list from the wall: {wall}")
    lines.append(f"{WAR[v.war]}; draw pile {v.draw_size}, discard pile {len(v.discard)}")
    if v.window is not None:
        w = v.window
        lines.append(
            f"Counter window: {names[w.player]} played {card(w.card)}"
            + (f" ({choices_text(w.choices)})" if w.choices else "")
        )
    if v.seat is not None:
        lines.append("Your hand: " + (", ".join(card(c) for c in v.hand) or "empty"))
    return "\n".join(lines)


def choices_text(choices: tuple[tuple[str, int], ...]) -> str:
    parts = []
    for kind, arg in choices:
        parts.append(f"position {arg}" if kind == "position" else C.GANGS[arg])
    return ", ".join(parts)


def _over(e: dict[str, Any], names: tuple[str, ...]) -> str:
    if e["winner"] >= 0:
        return f"{names[e['winner']]} wins!"
    return "Draw between " + ", ".join(names[g] for g in e["draw"]) + "."


def _freed(e: dict[str, Any], names: tuple[str, ...]) -> str:
    """One mobster (Take It On the Lam, Police Protection: the event names its position),
    a whole gang's listed mobsters (Pay Off) or every listed one (Federal Crackdown:
    gang -1); the last two carry their ``count``."""
    if "position" in e:
        return f"A mobster of {the(e['gang'])} comes off the hit list (position {e['position']})."
    n = e["count"]
    of = "" if e["gang"] < 0 else f" of {the(e['gang'])}"
    if n == 0:
        return f"No mobster{of} is on the hit list: nobody comes off it."
    if n == 1:
        return f"The one mobster{of} on the hit list comes off it."
    return f"All {n} mobsters{of} on the hit list come off it."


_EVENTS: dict[str, Any] = {
    "turn": lambda e, n: f"{n[e['seat']]}'s turn.",
    "played": lambda e, n: f"{n[e['seat']]} plays {card(e['card'])}.",
    "discarded": lambda e, n: f"{n[e['seat']]} discards {card(e['card'])} without effect.",
    "window": lambda e, n: "Counter window: everybody else may answer.",
    "countered": lambda e, n: f"{n[e['seat']]} counters with {card(e['card'])}, moves next.",
    "no_counter": lambda e, n: "Nobody counters.",
    "listed": lambda e, n: (
        f"A mobster of {the(e['gang'])} goes on the hit list (position {e['position']})."
    ),
    "killed": lambda e, n: f"A mobster of {the(e['gang'])} goes to the graveyard.",
    "freed": _freed,
    "war": lambda e, n: WAR[e["state"]][0].upper() + WAR[e["state"]][1:] + ".",
    "eliminated": lambda e, n: "Eliminated: " + ", ".join(n[g] for g in e["gangs"]) + ".",
    "turncoat": lambda e, n: (
        f"Turncoat: a mobster of {the(e['from'])} dies, one of {the(e['to'])} returns."
    ),
    "reordered": lambda e, n: "The hit list is reordered.",
    "substituted": lambda e, n: "The hit list changes: a substitution.",
    "over": _over,
}


def describe_event(e: dict[str, Any], names: tuple[str, ...]) -> str | None:
    """One sentence for a public event, or None for bookkeeping nobody needs to read."""
    text = _EVENTS.get(e["kind"])
    return text(e, names) if text else None
