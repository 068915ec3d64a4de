"""The bot's look-ahead, cheap: the public position after a play, as the engine would
reach it with nobody countering, without copying hands or piles.

The rule-based bot (engine.family_business.policies) judges a candidate play by the
position at the start of the next turn: the card resolved with no counter (rule 5.6),
the S6 checkpoint, the next turn's S1 executions and checkpoint (and, when that gang
was eliminated there, the turns after it: RULING R10). Only public facts decide that
position (zones, the hit list, the war, who is live): hands and piles never do, since
a refill (S2) comes after S1 and a hand holding the played card's successor can never
be empty there. So the bot's judgement runs on a *light* copy holding only those facts
(``FBState.public_copy``: empty hands and piles), through the engine's own card effects
(engine.family_business.effects) and checkpoint of rule 7.1 (its hand bookkeeping moves
nothing there); a test checks every step against the engine's full path
(``GAME.apply_listed`` on copies).
"""

from __future__ import annotations

from engine.family_business.choices import autofill, options
from engine.family_business.effects import Events, execute, resolve
from engine.family_business.flow import checkpoint
from engine.family_business.state import NONE, OVER, Choice, FBState


def end_turn(s: FBState) -> FBState:
    """S6 and S7 with no counter, up to the next live turn's play (its S1 done)."""
    events: Events = []  # the look-ahead reads the position, not what happened
    checkpoint(s, events)
    if s.phase == OVER:
        return s
    s.active = s.next_live((s.active + 1) % s.n)
    while True:
        s.turn += 1
        s.card = -1
        s.choices = []
        if s.war == NONE:  # no executions: the checkpoint just run holds
            return s
        execute(s, events)
        checkpoint(s, events)
        if s.phase == OVER or s.live[s.active]:
            return s
        s.active = s.next_live(s.active + 1)


def after_play(s: FBState, card: int, choices: list[Choice]) -> FBState:
    """The light position after ``s.active`` plays ``card`` with ``choices`` (every
    choice still open is made with its first option, forced orders filled in) and
    nobody counters. ``s`` must be a light copy; it is changed and returned."""
    seat = s.active
    ch = choices[:]
    autofill(s, seat, card, ch)
    while True:
        opts = options(s, seat, card, ch)
        if not opts:
            break
        ch.append(opts[0])
        autofill(s, seat, card, ch)
    s.card = card
    s.choices = ch
    resolve(s, -1, -1, [])
    return end_turn(s)


def after_discard(s: FBState) -> FBState:
    """The light position after ``s.active`` discards (no effect, RULING R6)."""
    return end_turn(s)
