"""A win-chance model of Family Business positions, for the search AI's cut-off
rollouts (public facts only: zones, the hit list, the Mob War, whose turn it is).

Each live gang gets a score, a weighted sum of a few features of its position; a
seat's win chance is its share of the scores' softmax over the live gangs (a
conditional logit, so it works for 2-6 players and the chances sum to 1). The
weights were fitted by ``bench/fb_value_fit.py`` on positions of games between
``bot`` players, labelled with who went on to win. On held-out games the model's log
loss is below a uniform guess (a seat's fair share), while the bot's evaluation
squashed to a chance (the value the search used before) was above it: that value was
over-confident and ranked positions worse than a coin, the reason for this model.

A :class:`Model` may add features to the public ones (``extra``): :func:`held` counts
the counters in a hand, for scoring a determinization, where every hand is dealt.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.family_business import cards as C
from engine.family_business.policies import strengths
from engine.family_business.state import DOUBLE, NONE, OVER, FBState

#: feature names, in the order of :func:`features` and :data:`WEIGHTS`
FEATURES: Final = (
    "in_play",
    "listed",
    "listed_at_1_2",
    "listed_at_3_6",
    "war_x_listed_at_1_2",
    "war_x_listed_at_3_6",
    "double_war_x_listed_at_1_4",
    "log_in_play",
    "to_move",
    "most_in_play",
)

#: fitted by bench/fb_value_fit.py (see its output for the held-out log loss)
WEIGHTS: Final[tuple[float, ...]] = (
    0.207,
    0.017,
    -0.403,
    -0.328,
    0.023,
    0.072,
    0.129,
    0.723,
    0.077,
    -0.175,
)


#: trial weights (engine.family_business.lookahead ``Plan.aimed``): :data:`FEATURES` and
#: then :func:`aimed_by`, fitted like :data:`WEIGHTS` on 4-player bot games
AIMED_WEIGHTS: Final[tuple[float, ...]] = (
    0.166,
    -0.186,
    -0.205,
    -0.055,
    -0.041,
    -0.058,
    0.114,
    0.697,
    0.049,
    0.115,
    -0.155,
)


def aimed_by(s: FBState, g: int) -> list[float]:
    """How many other live gangs would contract ``g`` as the bot aims (the strongest
    opposing gang, engine.family_business.policies.strengths; the lowest seat of a tie)."""
    every = strengths(s)
    live = [h for h in range(s.n) if s.live[h]]
    count = 0
    for h in live:
        if h != g:
            aim = max((x for x in live if x != h), key=lambda x: (every[x], -x))
            count += aim == g
    return [float(count)]


def held(s: FBState, g: int) -> list[float]:
    """The Mob Powers and Family Influences in gang ``g``'s hand: a feature of a
    position whose hands are all known (a determinization), not of a seat's view."""
    hand = s.hands[g]
    return [float(hand.count(C.MOB_POWER)), float(hand.count(C.FAMILY_INFLUENCE))]


@dataclass(frozen=True, slots=True)
class Model:
    """Weights for :data:`FEATURES` and then for ``extra``'s features, if any."""

    weights: tuple[float, ...]
    extra: Callable[[FBState, int], list[float]] | None = None


#: the model of the searches and of every plan of ``hard``'s look-ahead
MODEL: Final = Model(WEIGHTS)
#: a trial's (bench/fb_ai.py "lookahead-aimed", engine.family_business.lookahead ``Plan.model``)
AIMED: Final = Model(AIMED_WEIGHTS, aimed_by)


def features(s: FBState, g: int) -> list[float]:
    """The features of gang ``g``'s position (public facts only)."""
    hit = s.hit
    listed = hit.count(g)
    in_play = s.at_large[g] + listed
    front = hit[:2].count(g)
    middle = hit[2:6].count(g)
    war = 1 if s.war != NONE else 0
    double = hit[:4].count(g) if s.war == DOUBLE else 0
    most = max(s.at_large[h] + hit.count(h) for h in range(s.n) if s.live[h])
    return [
        float(in_play),
        float(listed),
        float(front),
        float(middle),
        float(war * front),
        float(war * middle),
        float(double),
        math.log(in_play + 1),
        1.0 if g == s.active else 0.0,
        1.0 if in_play == most else 0.0,
    ]


def score(s: FBState, g: int, model: Model = MODEL) -> float:
    f = features(s, g)
    if model.extra is not None:
        f += model.extra(s, g)
    return sum(w * x for w, x in zip(model.weights, f, strict=True))


def win_chance(s: FBState, seat: int, model: Model = MODEL) -> float:
    """``seat``'s chance to win from ``s``: its share of the live gangs' softmax; a
    finished game gives 1 for a sole win, 1/k for a draw shared by k, else 0."""
    if s.phase == OVER:
        if s.winner == seat:
            return 1.0
        last = s.eliminated[-1] if s.winner < 0 and s.eliminated else []
        return 1.0 / len(last) if seat in last else 0.0
    if not s.live[seat]:
        return 0.0
    scores = {g: score(s, g, model) for g in range(s.n) if s.live[g]}
    top = max(scores.values())
    total = sum(math.exp(v - top) for v in scores.values())
    return math.exp(scores[seat] - top) / total
