"""The AI players of Family Business: searches (engine.ai.ismcts over the protocol),
``easy`` and ``medium``, and ``hard``, a sampled look-ahead on the tuned player
(engine.family_business.lookahead; the tuned player is engine.family_business.tuned,
the bot's one-ply look-ahead with an evaluation and a counter rule tuned by self-play,
bench/fb_tune.py), the hidden cards dealt as the seat's belief allows
(engine.family_business.belief: what a player who let a card pass, or who chose what
he played, cannot have held, read as the bot decides), which the caller keeps
(engine.family_business.belief.apply, from the game's log); without one the look-ahead
deals the hidden cards at random.

* At tables of 3 or more, plan ``HARD``: at the start of its turn each card it may
  play, and its discard, played out on common determinizations for 24 decisions of any
  seat, the other seats as the bot, scored by the win-chance model; its other decisions
  are the tuned player's. With 4 players against three bots it won 48.4% of 3600 games
  (bench/fb_ai.py, seeds 1-900), played out for 16 decisions 45.8% (+2.6 points, 95%
  ±2.2; on seeds 601-900, played after 24 was picked over 12, 47.0% of 1200 against
  44.3%). Played out for 16 it had won 47.7% of 1600 games on seeds 1-400, scored at
  the start of its next turn 44.3%; on the seeds played after that choice, 401-900,
  44.3% of 2000 (the old plan on 401-500 45.5% of 400, the new 45.0%). Before
  the belief, with 4 players it won 40.6% of 320 games against three bots
  (bench/fb_ai.py, seeds 1-80), the tuned player 34.1% of the same (+6.5
  points [-0.5, 13.5]; on seeds 41-80, played after the plan was picked on 1-40,
  +12.0 [2.2, 21.8]); the tuned player had beaten the search anchored on the bot's
  move (39.2% against 30.4% on seeds 1-15). At a table of 4 the look-ahead plays on
  when two gangs are left: the search in its place from there won 35.8 of 88 games on
  seeds 1-22 against the look-ahead's 40.8 (the same games up to there).
* At a table of 2, plan ``DUEL``: every decision of its seat (each card it may play or
  discard, a play's choices, a window's answers) played out for 32 decisions of either
  seat, the other as the bot and itself as the tuned player, on common
  determinizations, scored by the win-chance model. Against one bot (bench/fb_ai.py,
  seeds 1-240) it won 70.7% of 480 games (seeds 1-40: 65.0%, 41-80: 75.0%, 81-160 and
  161-240, played after it was picked: 70.6% and 71.6%); played out for 16 decisions
  64.7% of the first 160, as the search, ``hard``'s player there until then, had (+5.3
  points for 32 over 16, 95% ±6.8: not yet sure). Scored by a model that also counts
  the counters in each hand (bench/fb_ai_players.py ``HELD``) it won 69.1% of the first 320. A
  decision takes 0.30 s on average, at most the cap of 1.0 s (the search: 0.47 s, 1.10
  s). Dealing the hidden cards at random it won 66.2% of the same games (16 decisions,
  a prototype); seeing the bot's hand as it is, 82.5% on seeds 41-80 (a ceiling, not a
  player: what reading the bot's hand better could give).

The searches:

* The other seats are modelled by the rule-based ``bot`` (its choices, its counters),
  the rollouts by the fast rule-of-thumb policy (engine.family_business.quick).
* A rollout is cut after a few decisions per seat and scored by the fitted win-chance
  model (engine.family_business.value): a calibrated chance, where the bot's
  evaluation squashed to a chance was over-confident (worse than a uniform guess on
  held-out games, see bench/fb_value_fit.py).
* ``medium`` anchors on the bot's move: it keeps it unless the search finds a move
  better by ``anchor`` in mean win chance and by ``confidence`` standard
  errors of the difference (the search alone, on noisy rollouts, chooses between
  near-equal moves by chance; on a busy machine, with fewer iterations, the anchor
  holds more often instead of letting noise decide).

The searches' strengths differ by budget. Every budget is an iteration count with a
time cap as the safety net, and the cap covers the bot's baseline too. ``hard``'s
plans are counts of samples with a cap of 1.0 s, less what reading the play took
(``spent``), under the 1.5 s a decision may take on a loaded 2-core machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from engine.ai.ismcts import Budget, SearchResult, search
from engine.family_business.actions import Action
from engine.family_business.belief import Belief
from engine.family_business.game import GAME
from engine.family_business.lookahead import DUEL, HARD, Plan, decide
from engine.family_business.policies import Policy, bot_policy
from engine.family_business.quick import quick_policy
from engine.family_business.state import FBState
from engine.family_business.value import win_chance

#: rollouts are cut after this many decisions per seat (a round of turns is about
#: ``seats`` plays with their windows)
DEPTH_PER_SEAT: Final = 6

#: the strengths a player may pick, the easiest first
STRENGTHS: Final = ("easy", "medium", "hard")
#: the budgets of the strengths that search
BUDGETS: Final[dict[str, Budget]] = {
    "easy": Budget(iterations=40, time_cap=0.4, exploration=0.2),
    "medium": Budget(iterations=150, time_cap=0.6, exploration=0.2, anchor=0.02, confidence=1.0),
}
#: the strengths that play the look-ahead on the tuned player (engine.family_business.
#: lookahead) with the seat's belief, no search: their plan at a table of 2, and at
#: tables of 3 or more
PLANS: Final[dict[str, tuple[Plan, Plan]]] = {"hard": (DUEL, HARD)}


def value(state: FBState, seat: int) -> float:
    """The value of a cut-off rollout: ``seat``'s win chance (engine.family_business.value)."""
    return win_chance(state, seat)


def reads_play(state: FBState, strength: str) -> bool:
    """Whether ``strength`` decides at ``state`` with a belief (the look-ahead of
    :data:`PLANS` does): a caller need keep or replay one only then."""
    return strength in PLANS


def think(
    state: FBState,
    seat: int,
    strength: str,
    rng: random.Random,
    belief: Belief | None = None,
    spent: float = 0.0,
) -> SearchResult:
    """The AI's decision for ``seat`` at ``strength``; ``belief``: what the seat read
    from the public play, for the look-ahead (see the module docstring); ``spent``:
    the seconds the decision took before (reading the play), off the look-ahead's cap."""
    if strength in BUDGETS:
        return searched(state, seat, BUDGETS[strength], rng)
    if strength not in PLANS:
        raise ValueError(f"unknown strength {strength!r}: {', '.join(STRENGTHS)}")
    start = time.perf_counter()
    plans = PLANS[strength]
    plan = plans[state.n >= 3]
    if spent:
        plan = replace(plan, time_cap=max(0.0, plan.time_cap - spent))
    action, samples = decide(state, seat, rng, plan, belief)
    return SearchResult(action, samples, time.perf_counter() - start, {}, {})


def searched(
    state: FBState,
    seat: int,
    budget: Budget,
    rng: random.Random,
    belief: Belief | None = None,
    rollout: Policy = quick_policy,
    depth_per_seat: int = DEPTH_PER_SEAT,
    anchor: Policy = bot_policy,
    score: Callable[[FBState, int], float] = value,
) -> SearchResult:
    """The search's result for ``seat`` with ``budget`` (its time cap covering the
    baseline move's too: ``anchor``'s, the bot's), rollouts by ``rollout`` cut after
    ``depth_per_seat`` decisions per seat and scored by ``score``; determinizations
    kept to ``belief`` when given (``think`` gives none: the search played worse with
    one, engine.family_business.belief)."""
    start = time.perf_counter()
    baseline = anchor(state, seat, rng) if budget.anchor else None
    spent = time.perf_counter() - start  # the cap holds for the whole decision
    cap = None if budget.time_cap is None else max(0.0, budget.time_cap - spent)
    budget = replace(budget, depth=depth_per_seat * state.n, time_cap=cap)
    result = search(
        GAME,
        state,
        seat,
        budget,
        rng,
        opponent=bot_policy,
        rollout=rollout,
        value=score,
        baseline=baseline,
        determinize=None if belief is None else belief.determinize,
    )
    return replace(result, seconds=result.seconds + spent)


def choose(
    state: FBState,
    seat: int,
    strength: str,
    rng: random.Random,
    belief: Belief | None = None,
    spent: float = 0.0,
) -> Action:
    """The search AI's action for ``seat`` (``belief``, ``spent``: see :func:`think`)."""
    action: Action = think(state, seat, strength, rng, belief, spent).action
    return action
