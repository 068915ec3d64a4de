"""The search AI for Family Business: engine.ai.ismcts over the protocol, with the fast
rule-of-thumb policy (engine.family_business.quick) as the model of the other seats and
as the rollout policy, and the bot's position evaluation, squashed to a win chance, as
the value of a rollout cut off after a dozen decisions.

Strengths differ by budget: ``easy`` a few dozen iterations, ``medium`` a few hundred,
``hard`` the most, each capped in time (``hard`` at 1.2 s, under the 1.5 s a decision
may take). ``hard`` also anchors on the bot's move: it keeps it unless the search finds
a move better by 0.03 in mean value (without the anchor the search alone lost to three
bots more often than a bot does in 4-player games).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from typing import Final

from engine.ai.ismcts import Budget, SearchResult, search
from engine.family_business.actions import Action
from engine.family_business.game import GAME
from engine.family_business.policies import bot_policy, evaluate
from engine.family_business.quick import quick_policy
from engine.family_business.state import FBState

#: evaluation points per logit of the value: measured on 2-player games against the bot,
#: a sharper value (0.7) with low exploration (0.2) and rollouts cut after 12 decisions
#: beat a flatter one (2.0, 0.7, 24 decisions) and the bot as the model of the others
SCALE: Final = 0.7
#: rollouts are cut after this many decisions per seat (a round of turns is about
#: ``seats`` plays with their windows): 12 in 2-player games, 24 with 4 players, where
#: 24 measured better than 12
DEPTH_PER_SEAT: Final = 6

STRENGTHS: Final[dict[str, Budget]] = {
    "easy": Budget(iterations=40, time_cap=0.5, exploration=0.2),
    "medium": Budget(iterations=200, time_cap=0.8, exploration=0.2),
    "hard": Budget(iterations=800, time_cap=1.2, exploration=0.2, anchor=0.03),
}


def value(state: FBState, seat: int) -> float:
    """The bot's evaluation squashed to a win chance in [0, 1]."""
    x = max(-40.0, min(40.0, evaluate(state, seat) / SCALE))  # a lost gang rates -1000
    return 1.0 / (1.0 + math.exp(-x))


def think(state: FBState, seat: int, strength: str, rng: random.Random) -> SearchResult:
    try:
        budget = STRENGTHS[strength]
    except KeyError:
        raise ValueError(f"unknown strength {strength!r}: easy, medium or hard") from None
    start = time.perf_counter()
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
        opponent=quick_policy,
        rollout=quick_policy,
        value=value,
        baseline=baseline,
    )
    return replace(result, seconds=result.seconds + spent)


def choose(state: FBState, seat: int, strength: str, rng: random.Random) -> Action:
    """The search AI's action for ``seat``."""
    action: Action = think(state, seat, strength, rng).action
    return action
