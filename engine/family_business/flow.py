"""The turn (section 4), the counter window (section 5) and checkpoints (section 7).

The engine runs every step that needs nobody's decision by itself: after an action it
carries on until the next decision (a play, a choice, a window) or the end of the game.
"""

from __future__ import annotations

import random

from engine.family_business import cards as C
from engine.family_business.choices import autofill, options
from engine.family_business.effects import Events, execute, resolve
from engine.family_business.state import (
    DECLINED,
    NONE,
    NOT_ASKED,
    OVER,
    PLAY,
    SINGLE,
    WAITING,
    WINDOW,
    FBState,
)


def deal(seed: int, n: int, first: int | None) -> FBState:
    """Setup (section 3): shuffle, deal 5 each, first player (RULING R4), first turn."""
    rng = random.Random(seed)
    s = FBState(n, seed)
    deck = C.full_deck()
    rng.shuffle(deck)
    for _ in range(C.START_HAND):
        for seat in range(n):
            s.hands[seat].append(deck.pop())
    s.draw = deck
    s.active = rng.randrange(n) if first is None else first
    start_turn(s, [])
    return s


def _reshuffle(s: FBState) -> None:
    """RULING R5: the discard pile becomes the new draw pile, shuffled."""
    pile = s.discard
    random.Random(s.seed * 1_000_003 + s.shuffles).shuffle(pile)
    s.shuffles += 1
    s.draw = pile
    s.discard = []


def refill(s: FBState, seat: int, events: Events) -> None:
    """S2 (rule 4.2, RULING R5): draw to the hand limit, reshuffling the moment the
    draw pile runs out; stop when both piles are empty."""
    hand = s.hands[seat]
    drawn = 0
    while len(hand) < C.HAND_LIMIT:
        if not s.draw:
            if not s.discard:
                break
            _reshuffle(s)
        hand.append(s.draw.pop())
        drawn += 1
        if not s.draw and s.discard:
            _reshuffle(s)
    if drawn:
        events.append({"kind": "drew", "seat": seat, "count": drawn})


def checkpoint(s: FBState, events: Events) -> None:
    """Rule 7.1: eliminations, victory or the draw of RULING R20, then the Mob War
    triggers of rule 6.3 (RULING R15)."""
    hit = s.hit
    out = [g for g in range(s.n) if s.live[g] and not s.at_large[g] and g not in hit]
    if out:
        for g in out:
            s.live[g] = False
            s.discard.extend(s.hands[g])  # rule 7.2
            s.hands[g].clear()
        s.eliminated.append(out)
        events.append({"kind": "eliminated", "gangs": out})
    live = [g for g in range(s.n) if s.live[g]]
    if len(live) <= 1:
        s.phase = OVER
        s.winner = live[0] if live else -1
        s.card = -1
        s.choices = []
        s.answers = [NOT_ASKED] * s.n
        events.append({"kind": "over", "winner": s.winner, "draw": [] if live else out})
        return
    if s.war == NONE and (len(hit) >= 6 or s.total_in_play() <= 6):
        s.war = SINGLE
        events.append({"kind": "war", "state": SINGLE})


def start_turn(s: FBState, events: Events) -> None:
    """S1-S2 of the turn of ``s.active``, then wait for its play (or skip it)."""
    while True:
        s.turn += 1
        s.card = -1
        s.choices = []
        s.answers = [NOT_ASKED] * s.n
        events.append({"kind": "turn", "seat": s.active})
        if s.war != NONE:
            execute(s, events)  # S1 (rule 6.4)
        checkpoint(s, events)
        if s.phase == OVER:
            return
        if not s.live[s.active]:  # RULING R10
            s.active = s.next_live(s.active + 1)
            continue
        refill(s, s.active, events)  # S2
        if s.hands[s.active]:
            s.phase = PLAY
            return
        checkpoint(s, events)  # RULING R7: S3-S5 skipped, S6 still runs
        if s.phase == OVER:
            return
        s.active = s.next_live((s.active + 1) % s.n)


def end_turn(s: FBState, counter_seat: int, events: Events) -> None:
    """S6 checkpoint, S7 next turn (rule 4.5): the counter's player, else clockwise."""
    checkpoint(s, events)
    if s.phase == OVER:
        return
    due = counter_seat if counter_seat >= 0 else (s.active + 1) % s.n
    s.active = s.next_live(due)
    start_turn(s, events)


def continue_play(s: FBState, events: Events) -> None:
    """After a play or a choice: complete forced orders; when every choice is fixed,
    open the window (rule 5.1, RULING R12) or resolve at once."""
    autofill(s, s.active, s.card, s.choices)
    if options(s, s.active, s.card, s.choices):
        return
    if C.opens_window(s.card):
        s.phase = WINDOW
        s.answers = [WAITING if s.live[g] and g != s.active else NOT_ASKED for g in range(s.n)]
        events.append({"kind": "window", "seat": s.active, "card": s.card})
        return
    resolve(s, -1, -1, events)
    end_turn(s, -1, events)


def close_window(s: FBState, events: Events) -> None:
    """RULING R13: the first counter clockwise from the active player's left wins; only
    it is played, the other answers are dropped unrevealed."""
    counter, by = -1, -1
    for k in range(1, s.n):
        g = (s.active + k) % s.n
        if s.answers[g] >= 0:
            counter, by = s.answers[g], g
            break
    s.answers = [NOT_ASKED] * s.n
    s.phase = PLAY
    if by >= 0:
        s.hands[by].remove(counter)
        s.discard.append(counter)
        events.append({"kind": "countered", "seat": by, "card": counter})
    else:
        events.append({"kind": "no_counter"})
    resolve(s, counter, by, events)
    end_turn(s, by, events)


def answered(s: FBState, seat: int, answer: int, events: Events) -> None:
    s.answers[seat] = answer if answer >= 0 else DECLINED
    if WAITING not in s.answers:
        close_window(s, events)
