"""The public table of a Family Business game, as embed text.

``table_embed`` reads only the public fields of a view (RULING R3): the gangs' counts,
the hit list, the graveyard, the Mob War, hand and pile sizes, whose turn or which
window is open, never ``hand``, ``my_answer`` or ``choosing`` — and, during a window,
never who has answered (RULING R31). Every string is clipped so the largest games stay
inside Discord's limits.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from cogs.render.common import clip
from cogs.render.family_business.words import (
    ABANDONED,
    GANG_MARK,
    Seating,
    card_name,
    cards_text,
    choices_text,
    gang_token,
    when,
)
from cogs.render.limits import FIELD_VALUE
from engine.family_business import cards as C
from engine.family_business.view import FBView

COLOUR_PLAYING = discord.Colour(0x8E2C2C)
COLOUR_WINDOW = discord.Colour(0x2F80ED)
COLOUR_OVER = discord.Colour(0xFAA61A)
EVENTS_SHOWN = 6
EVENT_LIMIT = 160
WAR_NAMES = ("no Mob War", "Mob War: one execution a turn", "Mob War at double rate: two a turn")


def hit_list_text(hit: Sequence[int]) -> str:
    """The hit list from the wall: ``🧱 1 🟥 Capone Mob · 2 🟦 New York Mob``."""
    if not hit:
        return "🧱 empty"
    return "🧱 " + " · ".join(f"**{i}** {gang_token(g)}" for i, g in enumerate(hit, 1))


def next_turn_text(view: FBView) -> str | None:
    """What the Mob War does at the start of the next turn (rules 6.4, R16, R19); None
    once the game is over: there is no next turn (rule 7.1)."""
    if view.over:
        return None
    if view.war == 0:
        return "No Mob War: nobody is executed at the start of the next turn."
    if not view.hit_list:
        return f"{WAR_NAMES[view.war]}, but the hit list is empty: nobody to execute."
    doomed = view.hit_list[: view.war]
    who = " and then ".join(f"position {i} ({C.GANGS[g]})" for i, g in enumerate(doomed, 1))
    verb = "dies" if len(doomed) == 1 else "die"
    return f"{WAR_NAMES[view.war]}. At the start of the next turn: {who} {verb}."


def graveyard_text(view: FBView) -> str:
    dead = [f"{GANG_MARK[g.seat]} {g.dead}" for g in view.gangs if g.dead]
    return "Graveyard: " + (", ".join(dead) if dead else "empty")


def _gang_field(view: FBView, seating: Seating, seat: int) -> tuple[str, str]:
    g = view.gangs[seat]
    name = f"{gang_token(seat)} — {seating.label(seat)}"
    if not g.live:
        return clip(name, 256), f"eliminated · dead {g.dead} · hand {g.hand_size}"
    marker = " ◀ to move" if view.window is None and view.active == seat and not view.over else ""
    value = (
        f"at large **{g.at_large}** · on the list **{g.listed}** · dead **{g.dead}**"
        f" · hand {g.hand_size}{marker}"
    )
    return clip(name, 256), value


def status_text(view: FBView, seating: Seating, deadline: datetime | None) -> str:
    """Whose turn, or which window is open and until when (never who answered)."""
    if view.over:
        return "The game is over."
    until = f" Until {when(deadline)}." if deadline is not None else ""
    w = view.window
    if w is not None:
        fixed = f" ({choices_text(w.choices)})" if w.choices else ""
        asked = ", ".join(seating.name(s) for s in w.responders)
        return (
            f"**Counter window:** {seating.name(w.player)} played {card_name(w.card)}{fixed}."
            f" Asked, blind: {asked}. It closes when all have answered or at the deadline."
            f"{until}"
        )
    return f"**{seating.name(view.active)}'s turn** ({C.GANGS[view.active]}).{until}"


def table_embed(
    view: FBView,
    seating: Seating,
    *,
    deadline: datetime | None,
    recent: Sequence[str] = (),
    ending: str | None = None,
) -> discord.Embed:
    """The public table. ``deadline``: the turn's or the open window's; ``recent``: the
    last public events as sentences, oldest first; ``ending``: the placings and every
    hand, for a finished game (see :func:`ending_text`)."""
    colour = COLOUR_OVER if view.over else COLOUR_WINDOW if view.window else COLOUR_PLAYING
    next_turn = next_turn_text(view)
    lines = [
        status_text(view, seating, deadline),
        "",
        "**Hit list** (wall first): " + hit_list_text(view.hit_list),
        *([next_turn] if next_turn else []),
        graveyard_text(view),
        f"Draw pile {view.draw_size} · discard pile {len(view.discard)}"
        + (f" (top: {card_name(view.discard[-1])})" if view.discard else ""),
    ]
    embed = discord.Embed(
        title=f"Family Business — turn {view.turn}",
        description=clip("\n".join(lines), 4096),
        colour=colour,
    )
    for seat in range(len(view.gangs)):
        name, value = _gang_field(view, seating, seat)
        embed.add_field(name=name, value=value, inline=False)
    if ending:
        embed.add_field(name="Result", value=clip(ending, FIELD_VALUE), inline=False)
    if recent:
        shown = [clip(line, EVENT_LIMIT) for line in recent[-EVENTS_SHOWN:]]
        embed.add_field(name="Last events", value=clip("\n".join(shown), FIELD_VALUE), inline=False)
    return embed


def ending_text(
    places: Sequence[int],
    seating: Seating,
    hands: Sequence[Sequence[int]],
    *,
    abandoned: bool = False,
) -> str:
    """The placings (1 = first; shared places repeat) and every hand, best first;
    ``abandoned``: the game ended because no person was still playing (said first)."""
    order = sorted(range(len(places)), key=lambda s: (places[s], s))
    lines = [
        f"**{places[s]}.** {seating.label(s)} — "
        + (cards_text(hands[s]) if hands[s] else "no cards")
        for s in order
    ]
    return "\n".join([ABANDONED, *lines] if abandoned else lines)
