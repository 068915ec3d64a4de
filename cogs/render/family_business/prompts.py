"""The private texts of Family Business: a window prompt and a hand.

A window prompt has a public part — the card, its player, every fixed choice and the
deadline, identical for every responder whatever they hold (rules 5.4, RULING R12) —
and a private part: the responder's own matching counters, as buttons the cog builds
from ``legal_actions`` (always with "No counter").
"""

from __future__ import annotations

from datetime import datetime

from cogs.render.family_business.words import (
    Seating,
    card_name,
    cards_text,
    choices_text,
    when,
)
from engine.family_business.view import FBView, WindowView


def window_public_text(window: WindowView, seating: Seating, deadline: datetime) -> str:
    """What every responder of one window reads, word for word the same."""
    fixed = f" ({choices_text(window.choices)})" if window.choices else ""
    return (
        f"**Counter window.** {seating.name(window.player)} played"
        f" {card_name(window.card)}{fixed}. Every other player is asked the same,"
        f" blind: counter it or not. Your answer is secret and final; no answer by"
        f" {when(deadline)} counts as no counter."
    )


def hand_text(view: FBView, seating: Seating, deadline: datetime | None = None) -> str:
    """A player's own hand (their view only) and what the game asks of them now.

    ``deadline``: the game's (an open window's), when known. The card's player reads that
    their card waits for the others' answers and until when, never who has answered
    (RULING R31): the same words from the play until the window closes."""
    assert view.seat is not None, "a hand is shown to its own seat only"
    lines = ["**Your hand:** " + (cards_text(view.hand) if view.hand else "empty")]
    if view.over:
        lines.append("The game is over.")
    elif not view.gangs[view.seat].live:
        lines.append("Your gang is out of the game: the others play on without it.")
    elif view.window is not None:
        lines.append(_window_line(view, view.window, deadline))
    elif view.active == view.seat:
        if view.choosing is not None:
            card, choices = view.choosing
            done = f" so far: {choices_text(choices)}" if choices else ""
            said = f"You are playing {card_name(card)}{done}".removesuffix(".")  # Inc.
            lines.append(f"{said}. Pick the next choice.")
        else:
            lines.append("Your turn: play a card for effect, or discard one without effect.")
    else:
        lines.append(f"It is {seating.name(view.active)}'s turn.")
    return "\n".join(lines)


def _window_line(view: FBView, window: WindowView, deadline: datetime | None) -> str:
    """What an open window asks of this seat: its player waits, a responder answers or
    has answered (their own answer only, rules 5.5 and 5.7)."""
    if view.seat == window.player:
        fixed = f" ({choices_text(window.choices)})" if window.choices else ""
        closes = f": its counter window closes by {when(deadline)}" if deadline else ""
        return f"Your {card_name(window.card)}{fixed} waits for the others' answers{closes}."
    if view.my_answer is not None:
        return "You have answered this counter window; the others still may."
    return "A counter window is open: answer it with the buttons below."
