"""The AI players of Family Business: ``easy`` and ``medium`` search (engine.ai.ismcts
over the protocol); ``hard`` is the tuned player (engine.family_business.tuned: the
bot's one-ply look-ahead with an evaluation and a counter rule tuned by self-play
against the bot, bench/fb_tune.py), which beat the search anchored on the bot's move
by a wide margin (bench/fb_ai.py) at a few milliseconds a decision.

The searches:

* The other seats are modelled by the rule-based ``bot`` (its choices, its counters),
  the rollouts by the fast rule-of-thumb policy (engine.family_business.quick).
* A rollout is cut after a few decisions per seat and scored by the fitted win-chance
  model (engine.family_business.value): a calibrated chance, where the bot's
  evaluation squashed to a chance was over-confident (worse than a uniform guess on
  held-out games, see bench/fb_value_fit.py).
* ``medium`` anchors on the bot's move: it keeps it unless the search
  finds a move better by ``anchor`` in mean win chance and by ``confidence`` standard
  errors of the difference (the search alone, on noisy rollouts, chooses between
  near-equal moves by chance; on a busy machine, with fewer iterations, the anchor
  holds more often instead of letting noise decide).

The searches differ by budget: an iteration count with a time cap as the safety net
(the cap covers the bot's baseline too), well under the 1.5 s a decision may take on
a loaded 2-core machine.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Final

from engine.ai.ismcts import Budget, SearchResult, search
from engine.family_business.actions import Action
from engine.family_business.game import GAME
from engine.family_business.policies import bot_policy
from engine.family_business.quick import quick_policy
from engine.family_business.state import FBState
from engine.family_business.tuned import tuned_policy
from engine.family_business.value import win_chance

#: rollouts are cut after this many decisions per seat (a round of turns is about
#: ``seats`` plays with their windows)
DEPTH_PER_SEAT: Final = 6

#: each strength's search budget; None: the tuned player, no search
STRENGTHS: Final[dict[str, Budget | None]] = {
    "easy": Budget(iterations=40, time_cap=0.4, exploration=0.2),
    "medium": Budget(iterations=150, time_cap=0.6, exploration=0.2, anchor=0.02, confidence=1.0),
    "hard": None,
}


def value(state: FBState, seat: int) -> float:
    """The value of a cut-off rollout: ``seat``'s win chance (engine.family_business.value)."""
    return win_chance(state, seat)


def think(state: FBState, seat: int, strength: str, rng: random.Random) -> SearchResult:
    try:
        budget = STRENGTHS[strength]
    except KeyError:
        raise ValueError(f"unknown strength {strength!r}: easy, medium or hard") from None
    start = time.perf_counter()
    if budget is None:
        action = tuned_policy(state, seat, rng)
        return SearchResult(action, 0, time.perf_counter() - start, {}, {})
    baseline = bot_policy(state, seat, rng) if budget.anchor else None
    spent = time.perf_counter() - start  # the cap holds for the whole decision
    cap = None if budget.time_cap is None else max(0.0, budget.time_cap - spent)
    budget = replace(budget, depth=DEPTH_PER_SEAT * state.n, time_cap=cap)
    result = search(
        GAME,
        state,
        seat,
        budget,
        rng,
        opponent=bot_policy,
        rollout=quick_policy,
        value=value,
        baseline=baseline,
    )
    return replace(result, seconds=result.seconds + spent)


def choose(state: FBState, seat: int, strength: str, rng: random.Random) -> Action:
    """The search AI's action for ``seat``."""
    action: Action = think(state, seat, strength, rng).action
    return action
