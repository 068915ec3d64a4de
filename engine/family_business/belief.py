"""What one seat can tell about the others' hands from public play: the counters a
player who let a card pass cannot have held, and, read by the rule-based bot's own
rules (engine.family_business.policies), the cards a player who chose what he played
cannot have held.

A sensible player counters a card aimed at his own gang when he can: a Contract of any
kind, a Priority or Double Contract on his gang (Mob Power or Family Influence, the
kinds the card admits), a Vendetta that chose his mobsters (Safe House). So when such a
window closes and he did not counter it, he held none of those at that moment. Who
declined is public only in part (RULING R13): if nobody countered, everybody declined;
if somebody did, the responders before him in priority declined and the others'
answers stay unknown.

Read *as the bot* (``as_bot``, the default), a player is taken to decide as the bot
does, the model by which ``hard``'s look-ahead plays the other seats too: a decline
tells which counters he lacked by the bot's answer rule (also Mob Power against a
leading contractor, Finger against a leader's escape), and his play tells more: the
bot plays the card whose play it values most, or discards the card it keeps least when
no play beats keeping the hand (``policies.ruled_out``). So a player who played a
card held no card he would have played instead, and one who discarded held nothing he
would have played and nothing he keeps less. A player whose play contradicts this
(he plays a card the belief says he cannot hold) is no bot: from then on he is read
as a sensible player only.

The belief keeps one *slot* per card in each other hand, with the card kinds that slot
cannot be (a set of card codes as a bit mask). A refill adds unconstrained slots; a
decline or a choice adds the kinds to every slot of that hand; a card leaving the hand
(a play, a discard, a counter) takes away the most constrained slot it could have
been, so what is left is what certainly holds whichever card it was (the masks of a
hand are nested: older cards have seen every later reading). Only public events are
read.

:meth:`Belief.determinize` redeals the hidden cards like ``GAME.determinize`` but keeps
every slot's exclusions: constrained slots are dealt first, the most constrained first,
each the first card of the shuffled hidden pool it may be (not uniform: a card that a
more constrained slot passed over comes first for the next, so with 2 players the deals
hold the bot's counters more often than it does, bench/fb_belief.py; the trial
``FairBelief`` of bench/fb_ai_players.py deals uniformly and guesses closer, but ``hard``
won 69.1% of 480 two-player games with it against 70.7% with this dealing); then the
other hands' unconstrained slots, where a counter is
dealt :data:`CAUTION` times as often as its share of the cards left (the AI plays as if
the others held more counters than they likely do); the rest is the draw pile.

``hard``'s look-ahead reads the public play through a belief
(engine.family_business.ai). In 4-player games against three bots (bench/fb_ai.py;
records in bench/results/), reading the choices as the bot's won 48.6% of 320 games
(seeds 1-80) where the belief without that reading won 42.2%, and 42.5% against 39.2%
of 480 games on seeds 81-200, played after: +4.5 points over the 800 games (95%
interval ±4.8). Before,
on seeds 1-40 (fb-ai-belief.jsonl): without a belief 41.0%; with one dealing counters
at their share 38.8%; with a caution of 3 44.9%; a caution of 3 without reading the
play 38.6% of 135 games. These differences are within the noise of 160 games (a
paired difference's 95% interval is about ±10 points). With 2 players the search
played worse with a belief in three small trials (18-38 games each, 8 to 14 points
below the same games without), and seeing the other hands as they are gave it nothing
(the README's table of trials). ``hard``'s look-ahead at 2 seats (plan ``DUEL``, which
plays the other seat as the bot to the letter), played out for 16 decisions, won 64.7%
of 160 games with the belief and 66.2% without (seeds 1-80), but 82.5% of 80 seeing
the other hand as it is (seeds 41-80, where it won 68.8% with the belief): a reading
closer to the hand would pay there. A particle filter that kept 500 hands, each only
while the bot's every choice and answer replayed on it agreed, did no better than the
belief (66.9% on seeds 41-80).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final

from engine.family_business import cards as C
from engine.family_business.actions import DISCARD, GANG, NEXT, PLAY, Action
from engine.family_business.game import GAME, redeal
from engine.family_business.policies import ruled_out, would_counter
from engine.family_business.state import PLAY as PLAY_PHASE
from engine.family_business.state import WINDOW, FBState

#: how many times as often as its share of the unseen cards a counter is dealt into
#: another hand's unconstrained slot (see the module docstring); with 2 players
#: ``hard`` won 70.3% of 320 games with it, 65.9% with 1, 69.4% with 6 and 68.0% with
#: 10 (the README's table of trials)
CAUTION: Final = 3.0

#: the kinds a sensible targeted player is taken to counter with when he holds them:
#: against a Contract of any kind Mob Power or Family Influence, against a Vendetta
#: Safe House (not Finger: a Take It On the Lam aims at nobody)
_SENSIBLE: Final = frozenset((C.MOB_POWER, C.FAMILY_INFLUENCE, C.SAFE_HOUSE))


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Belief:
    """``seat``'s knowledge of the other hands (see the module docstring)."""

    __slots__ = ("bots", "caution", "seat", "slots")

    def __init__(
        self, state: FBState, seat: int, caution: float = CAUTION, as_bot: bool = True
    ) -> None:
        self.seat = seat
        self.caution = caution  # 1: counters dealt at their share; see CAUTION
        #: which seats are read as the bot (see the module docstring)
        self.bots = [as_bot and g != seat for g in range(state.n)]
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
                g = e["seat"]
                if kind == "countered" and before.phase == WINDOW:
                    self._declined(before, g)
                self._leave(g, e["card"])
                if kind != "countered" and self.bots[g] and _chooses_card(before, g):
                    action = Action(PLAY if kind == "played" else DISCARD, e["card"])
                    self._lacks(g, _mask(ruled_out(before, g, action)))
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
        responder before ``by`` in priority declined, so he lacked the counters he
        would have played (by the bot's rule when read as the bot, else those against a
        card aimed at him)."""
        allowed = C.COUNTERS_ALLOWED[s.card]
        aimed: set[int] = set()
        if s.card in C.ANY_CONTRACT:
            aimed = {a for k, a in s.choices[:1] if k == GANG}
        elif s.card == C.VENDETTA:
            aimed = {a for k, a in s.choices if k == NEXT}
        for k in range(1, s.n):
            g = (s.active + k) % s.n
            if g == by:
                return
            if not s.live[g] or g == s.active:
                continue
            if self.bots[g]:
                self._lacks(g, _mask(c for c in allowed if would_counter(s, g, c)))
            elif g in aimed:
                self._lacks(g, _mask(allowed & _SENSIBLE))

    def _lacks(self, g: int, mask: int) -> None:
        """``g`` holds none of ``mask``'s kinds now."""
        if mask and g != self.seat:
            self.slots[g] = [m | mask for m in self.slots[g]]

    def _leave(self, g: int, card: int) -> None:
        if g == self.seat or not self.slots[g]:
            return
        bit = 1 << card
        slots = self.slots[g]
        fits = [i for i, m in enumerate(slots) if not m & bit]
        if not fits:  # the belief was wrong about this hand: forget it; no bot
            self.slots[g] = [0] * (len(slots) - 1)
            self.bots[g] = False
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
            j = self._fitting(hidden, taken, m, rng)
            if j < 0:  # nothing fits (a wrong belief): any card left
                j = taken.index(False)
            taken[j] = True
            d.hands[g][i] = hidden[j]
        rest = [c for c, t in zip(hidden, taken, strict=True) if not t]
        rng.shuffle(rest)  # what a constrained slot passed over may be anywhere
        for _, g, i in free:
            d.hands[g][i] = rest.pop(self._pick(rest, rng))
        return rest

    def _fitting(self, hidden: list[int], taken: list[bool], mask: int, rng: random.Random) -> int:
        """The index in ``hidden`` (shuffled) of the card for a constrained slot that
        excludes ``mask``'s kinds, -1 if none fits: the first untaken card it may be.
        (Not uniform: a card that an earlier, more constrained slot passed over is
        first in line for a later one; see bench/fb_belief.py and the module
        docstring for why it stays.)"""
        return next((j for j, c in enumerate(hidden) if not taken[j] and not mask & 1 << c), -1)


def _chooses_card(s: FBState, g: int) -> bool:
    """Whether ``s`` is ``g``'s decision which card to play or discard."""
    return s.phase == PLAY_PHASE and s.card < 0 and s.active == g


def apply(belief: Belief, state: FBState, action: Action, actor: int) -> list[dict[str, Any]]:
    """``GAME.apply`` the action and let ``belief`` observe it."""
    return watched((belief,), state, action, actor)


def watched(
    beliefs: Iterable[Belief], state: FBState, action: Action, actor: int
) -> list[dict[str, Any]]:
    """``GAME.apply`` the action and let every one of ``beliefs`` observe it."""
    choosing = state.phase == PLAY_PHASE and state.card < 0
    before = state.public_copy() if state.phase == WINDOW or choosing else state
    events = GAME.apply(state, action, actor)
    for belief in beliefs:
        belief.observe(before, events)
    return events
