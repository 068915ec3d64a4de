"""Determinized Information Set MCTS for any game of the protocol (engine.game).

The searcher only ever looks at ``game.determinize(state, seat, rng)``: every
iteration redraws what ``seat`` cannot see (other hands, the order of hidden piles)
and walks one tree of ``seat``'s own decisions with UCB1, counting for each child how
often it was available (Cowling, Powley and Whitehouse, 2012, with availability). The
other seats are not searched: they answer with an opponent model, a policy the caller
supplies (for instance the game's rule-based bot), which also lets the search handle
simultaneous decisions (several seats awaited at once) without ever letting one seat's
choice depend on another's hidden one. After the tree, a rollout plays on with the
rollout policy, to the end or for ``depth`` decisions, and is scored by the outcome or
by the caller's ``value`` estimate.

The choice is a pure function of (state, seat, budget, seed) while the iteration
budget, not the time cap, ends the search; the cap is a safety net that keeps every
decision under a limit on a slow or busy machine.

A game may offer ``apply_listed(state, action, seat)``: ``apply`` without its legality
check, for actions just taken from ``legal_actions``. The search uses it when present
(it only ever applies listed actions), else ``apply``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from engine.game import Game

Policy = Callable[[Any, int, random.Random], Any]
Value = Callable[[Any, int], float]


@dataclass(frozen=True, slots=True)
class Budget:
    """``iterations`` bounds the search; ``time_cap`` (seconds, None: no cap) is the
    safety net; ``depth`` > 0 cuts rollouts after that many decisions and asks the
    value estimate; ``exploration`` is UCB1's constant."""

    iterations: int
    time_cap: float | None = 1.2
    depth: int = 0
    exploration: float = 0.7
    anchor: float = 0.0  # > 0: keep the caller's baseline move unless the searched best
    # beats its mean reward by more than this
    confidence: float = 0.0  # > 0: ... and by more than this many standard errors of the
    # difference of the two means (few iterations, as on a busy machine: keep the baseline)


@dataclass(slots=True)
class SearchResult:
    action: Any
    iterations: int
    seconds: float
    visits: dict[Hashable, int]
    means: dict[Hashable, float]


class _Node:
    __slots__ = ("avail", "children", "n", "w", "w2")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.w2 = 0.0  # sum of squared rewards, for the standard error of the mean
        self.avail = 0


def _step(game: Game[Any, Any]) -> Callable[[Any, Any, int], Any]:
    return getattr(game, "apply_listed", game.apply)


def reward(game: Game[Any, Any], state: Any, seat: int) -> float:
    """1 for a sole win, 1/k for a first place shared by k, else 0."""
    first = game.outcome(state).placing[0]
    return 1.0 / len(first) if seat in first else 0.0


def search(
    game: Game[Any, Any],
    state: Any,
    seat: int,
    budget: Budget,
    rng: random.Random,
    *,
    opponent: Policy,
    rollout: Policy,
    value: Value | None = None,
    baseline: Any = None,
    determinize: Callable[[Any, int, random.Random], Any] | None = None,
) -> SearchResult:
    """The action for ``seat`` (which the game must await) after the search. With
    ``budget.anchor`` and a ``baseline`` action (say, a rule-based player's move), the
    baseline is kept unless the most visited move's mean reward beats it by the anchor
    and, with ``budget.confidence``, by that many standard errors of the difference:
    at a few hundred noisy rollouts this guards against noise choosing between
    near-equal moves, and the fewer iterations a busy machine allows, the more often
    the baseline stays. ``determinize`` replaces ``game.determinize`` (say, a sampler
    that keeps what the seat inferred about the hidden cards)."""
    legal = list(game.legal_actions(state, seat))
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make")
    start = time.perf_counter()
    if len(legal) == 1:
        return SearchResult(legal[0], 0, 0.0, {}, {})
    redeal = game.determinize if determinize is None else determinize
    root = _Node()
    done = 0
    while done < budget.iterations:
        if budget.time_cap is not None and time.perf_counter() - start > budget.time_cap:
            break
        _iterate(
            game,
            redeal(state, seat, rng),
            seat,
            root,
            budget,
            rng,
            opponent,
            rollout,
            value,
        )
        done += 1
    visits = {a: c.n for a, c in root.children.items()}
    means = {a: c.w / c.n for a, c in root.children.items() if c.n}
    best = max(legal, key=lambda a: (visits.get(a, -1), -legal.index(a)))
    if not means and baseline in legal:  # no time to search at all
        best = baseline
    anchored = (budget.anchor > 0 or budget.confidence > 0) and baseline in means
    if anchored and best in means and best != baseline:
        gain = means[best] - means[baseline]
        noise = (
            budget.confidence
            * math.hypot(_stderr(root.children[best]), _stderr(root.children[baseline]))
            if budget.confidence > 0
            else 0.0
        )
        if gain <= budget.anchor or gain <= noise:
            best = baseline
    return SearchResult(best, done, time.perf_counter() - start, visits, means)


def _stderr(node: _Node) -> float:
    """The standard error of a node's mean reward (infinite below two visits)."""
    if node.n < 2:
        return math.inf
    mean = node.w / node.n
    var = max(0.0, node.w2 / node.n - mean * mean) * node.n / (node.n - 1)
    return math.sqrt(var / node.n)


def _others(game: Game[Any, Any], d: Any, seat: int, policy: Policy, rng: random.Random) -> bool:
    """Let every awaited seat but ``seat`` decide; True when ``seat`` is awaited."""
    while not game.is_over(d):
        waiting = game.awaiting(d)
        others = [g for g in waiting if g != seat]
        if not others:
            return seat in waiting
        for g in others:
            _step(game)(d, policy(d, g, rng), g)
    return False


def _iterate(
    game: Game[Any, Any],
    d: Any,
    seat: int,
    root: _Node,
    budget: Budget,
    rng: random.Random,
    opponent: Policy,
    rollout: Policy,
    value: Value | None,
) -> None:
    node = root
    path = [root]
    expanded = False
    while not expanded and _others(game, d, seat, opponent, rng):
        legal = game.legal_actions(d, seat)
        for a in legal:
            child = node.children.get(a)
            if child is not None:
                child.avail += 1
        untried = [a for a in legal if a not in node.children]
        if untried:
            action = rng.choice(untried)
            child = node.children[action] = _Node()
            child.avail = 1
            expanded = True
        else:
            action = _select(node, legal, budget.exploration)
            child = node.children[action]
        _step(game)(d, action, seat)
        node = child
        path.append(node)
    result = _rollout(game, d, seat, budget, rng, rollout, value)
    for n in path:
        n.n += 1
        n.w += result
        n.w2 += result * result


def _select(node: _Node, legal: Any, c: float) -> Hashable:
    """UCB1 with availability counts (ISMCTS): the child's availability replaces the
    parent's visits."""
    best, best_u = None, -math.inf
    for a in legal:
        ch = node.children[a]
        u = ch.w / ch.n + c * math.sqrt(math.log(max(1, ch.avail)) / ch.n)
        if u > best_u:
            best, best_u = a, u
    return best


def _rollout(
    game: Game[Any, Any],
    d: Any,
    seat: int,
    budget: Budget,
    rng: random.Random,
    policy: Policy,
    value: Value | None,
) -> float:
    steps = 0
    while not game.is_over(d):
        if budget.depth and steps >= budget.depth and value is not None:
            return value(d, seat)
        for g in game.awaiting(d):
            _step(game)(d, policy(d, g, rng), g)
            steps += 1
    return reward(game, d, seat)
