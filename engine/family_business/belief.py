"""What one seat can tell about the others' hands from public play: the counters a
player who was targeted and let the card pass cannot have held.

A sensible player counters a card aimed at his own gang when he can: a Contract of any
kind, a Priority or Double Contract on his gang (Mob Power or Family Influence, the
kinds the card admits), a Vendetta that chose his mobsters (Safe House). So when such a
window closes and he did not counter it, he held none of those at that moment. Who
declined is public only in part (RULING R13): if nobody countered, everybody declined;
if somebody did, the responders before him in priority declined and the others'
answers stay unknown.

The belief keeps one *slot* per card in each other hand, with the card kinds that slot
cannot be (a set of card codes as a bit mask). A refill adds unconstrained slots; a
decline adds the kinds to every slot of that hand; a card leaving the hand (a play, a
discard, a counter) takes away the most constrained slot it could have been, so what
is left is what certainly holds whichever card it was (the masks of a hand are nested:
older cards have seen every later decline). Only public events are read.

:meth:`Belief.determinize` redeals the hidden cards like ``GAME.determinize`` but keeps
every slot's exclusions: constrained slots are dealt first, each a random card of the
hidden pool it may be; then the other hands' unconstrained slots, where a counter is
dealt :data:`CAUTION` times as often as its share of the cards left (the AI plays as if
the others held more counters than they likely do); the rest is the draw pile.

``hard``'s look-ahead at 3 or more seats reads the public play through a belief
(engine.family_business.ai). In 4-player games against three bots (bench/fb_ai.py,
seeds 1-40, the same 160 games each; records in bench/results/fb-ai-belief.jsonl):
without a belief 41.0%; with one dealing counters at their share 38.8%; with a caution
of 3 44.9% (and 41.4% against 40.2% on seeds 41-80, tried after); a caution of 3
without reading the play 38.6% of 135 games. (A first sampler, which dealt the counters
a constrained slot passed over into the others' unconstrained slots, so that they held
more than their share, won 45.9%: the reason for trying a caution; its records are in
fb-ai-belief-biased.jsonl.) These differences are within the noise
of 160 games (a paired difference's 95% interval is about ±10 points). With 2 players
the search played worse with a belief in three small trials (18-38 games each, 8 to 14
points below the same games without), so the search does not use one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final

from engine.family_business import cards as C
from engine.family_business.actions import GANG, NEXT, Action
from engine.family_business.game import GAME, redeal
from engine.family_business.state import WINDOW, FBState

#: how many times as often as its share of the unseen cards a counter is dealt into
#: another hand's unconstrained slot (see the module docstring)
CAUTION: Final = 3.0

#: the kinds a targeted player is taken to counter with when he holds them
_AGAINST_CONTRACTS: Final = frozenset((C.MOB_POWER, C.FAMILY_INFLUENCE))


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Belief:
    """``seat``'s knowledge of the other hands (see the module docstring)."""

    __slots__ = ("caution", "seat", "slots")

    def __init__(self, state: FBState, seat: int, caution: float = CAUTION) -> None:
        self.seat = seat
        self.caution = caution  # 1: counters dealt at their share; see CAUTION
        self.slots: list[list[int]] = [
            [] if g == seat else [0] * len(state.hands[g]) for g in range(state.n)
        ]

    # -- reading public play --------------------------------------------------------------
    def observe(self, before: FBState, events: Iterable[dict[str, Any]]) -> None:
        """Update from the public events of one applied action; ``before`` is the
        position before it (only its public facts are read)."""
        for e in events:
            kind = e["kind"]
            if kind in ("played", "discarded", "countered"):
                if kind == "countered" and before.phase == WINDOW:
                    self._declined(before, e["seat"])
                self._leave(e["seat"], e["card"])
            elif kind == "no_counter" and before.phase == WINDOW:
                self._declined(before, -1)
            elif kind == "drew":
                if e["seat"] != self.seat:
                    self.slots[e["seat"]].extend([0] * e["count"])
            elif kind == "eliminated":
                for g in e["gangs"]:
                    self.slots[g] = []

    def _declined(self, s: FBState, by: int) -> None:
        """The window of ``s`` closed with ``by``'s counter (-1: nobody's): every
        responder before ``by`` in priority declined."""
        allowed = C.COUNTERS_ALLOWED[s.card]
        if s.card in C.ANY_CONTRACT:
            mask = _mask(allowed & _AGAINST_CONTRACTS)
            aimed = {a for k, a in s.choices[:1] if k == GANG}
        elif s.card == C.VENDETTA:
            mask = _mask(allowed)
            aimed = {a for k, a in s.choices if k == NEXT}
        else:
            return
        for k in range(1, s.n):
            g = (s.active + k) % s.n
            if g == by:
                return
            asked = s.live[g] and g != s.active
            if asked and g in aimed and g != self.seat:
                self.slots[g] = [m | mask for m in self.slots[g]]

    def _leave(self, g: int, card: int) -> None:
        if g == self.seat or not self.slots[g]:
            return
        bit = 1 << card
        slots = self.slots[g]
        fits = [i for i, m in enumerate(slots) if not m & bit]
        if not fits:  # the belief was wrong about this hand: forget it
            self.slots[g] = [0] * (len(slots) - 1)
            return
        i = max(fits, key=lambda i: (slots[i].bit_count(), i))
        del slots[i]

    def constrained(self, g: int) -> int:
        """How many of ``g``'s cards the belief says something about."""
        return sum(1 for m in self.slots[g] if m)

    def _pick(self, rest: list[int], rng: random.Random) -> int:
        """The index in ``rest`` (shuffled) of the card for an unconstrained slot."""
        if self.caution == 1.0:
            return len(rest) - 1
        weights = [self.caution if c in C.COUNTER_CARDS else 1.0 for c in rest]
        r = rng.random() * sum(weights)
        for i, w in enumerate(weights):
            r -= w
            if r < 0:
                return i
        return len(rest) - 1

    # -- sampling -------------------------------------------------------------------------
    def determinize(self, state: FBState, seat: int, rng: random.Random) -> FBState:
        """``GAME.determinize`` keeping the slots' exclusions (``seat`` must be the
        belief's own)."""
        return redeal(state, seat, rng, self._deal)

    def _deal(self, d: FBState, seat: int, hidden: list[int], rng: random.Random) -> list[int]:
        """The other hands of ``d`` dealt from ``hidden`` (shuffled), constrained slots
        first; the draw pile."""
        wants: list[tuple[int, int, int]] = []  # (mask, seat, index in hand)
        for g in range(d.n):
            if g == seat:
                continue
            k = len(d.hands[g])
            masks = self.slots[g]
            d.hands[g] = [-1] * k
            for i in range(k):
                m = masks[i] if i < len(masks) else 0
                wants.append((m, g, i))
        wants.sort(key=lambda w: -w[0].bit_count())
        free = [w for w in wants if not w[0]]
        taken = [False] * len(hidden)
        for m, g, i in wants[: len(wants) - len(free)]:
            # a random card of the pool this slot may be (the pool is shuffled)
            j = next((j for j, c in enumerate(hidden) if not taken[j] and not m & 1 << c), -1)
            if j < 0:  # nothing fits (a wrong belief): any card left
                j = taken.index(False)
            taken[j] = True
            d.hands[g][i] = hidden[j]
        rest = [c for c, t in zip(hidden, taken, strict=True) if not t]
        rng.shuffle(rest)  # what a constrained slot passed over may be anywhere
        for _, g, i in free:
            d.hands[g][i] = rest.pop(self._pick(rest, rng))
        return rest


def apply(belief: Belief, state: FBState, action: Action, actor: int) -> list[dict[str, Any]]:
    """``GAME.apply`` the action and let ``belief`` observe it."""
    return watched((belief,), state, action, actor)


def watched(
    beliefs: Iterable[Belief], state: FBState, action: Action, actor: int
) -> list[dict[str, Any]]:
    """``GAME.apply`` the action and let every one of ``beliefs`` observe it."""
    before = state.public_copy() if state.phase == WINDOW else state
    events = GAME.apply(state, action, actor)
    for belief in beliefs:
        belief.observe(before, events)
    return events


def replayed(
    first: FBState, moves: Iterable[tuple[int, Action]], seat: int
) -> tuple[Belief, FBState]:
    """``seat``'s belief after the game from ``first`` through its logged ``moves``
    (``(seat, action)`` pairs, as engine.game.replay takes them), and the position
    they lead to (``first`` is changed)."""
    belief = Belief(first, seat)
    for g, action in moves:
        apply(belief, first, action, g)
    return belief, first
