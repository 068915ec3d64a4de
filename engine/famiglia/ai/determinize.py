"""Determinization: a copy of the game with the hidden information re-sampled.

In Famiglia every card that enters or leaves a hand is public, so both hands, both play
areas, the Street and the discard pile are common knowledge. What nobody knows is the
*order* of the draw pile, and the order the discard pile will get when it is shuffled at
the switch (engine.famiglia.flow.switch_rng draws it from the game's seed). A determinization
therefore keeps everything but those two: the draw pile is sorted (so the real order
cannot influence the sample, not even through the shuffle's input) and reshuffled, and
the copy gets a fresh seed.

After the switch, cards put under the pile by post-switch refreshes are in fact known to
sit at the bottom. The state does not record which ones they are, so they are shuffled
with the rest: the AI forgets a little it could know, it never knows what it should not.
"""

from __future__ import annotations

import random

from engine.famiglia.state import GameState


def determinize(state: GameState, rng: random.Random) -> GameState:
    """A copy of ``state`` with a random draw-pile order and a random switch seed."""
    s = state.copy()
    s.draw.sort()
    rng.shuffle(s.draw)
    s.seed = rng.getrandbits(62)
    return s


def public_signature(s: GameState) -> tuple[object, ...]:
    """Everything both players can see: equal signatures mean equal information sets."""
    return (
        tuple(s.street),
        tuple(s.discard),
        len(s.draw),
        s.switched,
        tuple(s.hands[0]),
        tuple(s.hands[1]),
        tuple(s.areas[0]),
        tuple(s.areas[1]),
        s.current,
        s.turns_left,
        s.over,
    )
