"""Information Set MCTS with determinization (Cowling, Powley and Whitehouse, 2012).

Each iteration samples a determinization of the root state (engine.famiglia.ai.determinize),
walks one shared tree with UCB1, expands one node, plays a rollout to the end of the
game and backs the result up. Famiglia's only hidden information, the draw-pile order,
is hidden from *both* players alike, so the information sets of the two seats coincide
and one tree serves both (single-observer ISMCTS). Actions that reveal cards (a refresh,
the end of a turn with its refill, the robot's whole turn) lead through an edge to one
child per observed outcome, keyed by the public signature after the move: the tree below
always matches what the players would have seen, and a Street index in a key always
means the same card at a given node.

A pass that hands the game to chance is never searched: when the opponent could end the
game by passing right after (or the pass ends it at once) without the mover winning,
passing is dropped from the root's moves while any other move is legal
(:func:`root_keys`). The tree models the opponent as a searcher that would not take such
a draw, but a weak or random opponent does, and a shared win at 1 VP each is the typical
result (bench/ai.py measured it against random).

The turn's several decisions by one seat need no special handling: each tree node
records whose decision it is, and a reward is backed up to every edge from the point of
view of the seat that took it. The solo robot's turn is a single forced key.

With ``anchor`` the search improves on the greedy baseline rather than replacing it:
the greedy move is kept unless the searched best move's mean reward is higher by more
than the anchor. At a few hundred noisy playouts per decision this guards against
rollout noise deciding between near-equal moves, and it measured far stronger
(bench/ai.py; see the commit history for the figures).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Final

from engine.famiglia.ai.determinize import determinize, public_signature
from engine.famiglia.ai.rollout import POLICIES
from engine.famiglia.codes import Key, Op
from engine.famiglia.policies import greedy_policy
from engine.famiglia.scoring import result, total
from engine.famiglia.state import GameState

# Plain ints on the hot path (see engine.famiglia.codes).
_BRUTE_TARGET: Final = int(Op.BRUTE_TARGET)
_PASS_OP: Final = int(Op.PASS)
_PAY: Final = int(Op.PAY)
_REFRESH: Final = int(Op.REFRESH)
_ROBOT_TURN: Final = int(Op.ROBOT_TURN)
_TAKE: Final = int(Op.TAKE)


#: Keys after which hidden cards may have been revealed (or the pile switched).
_REVEALING: Final = frozenset((_REFRESH, _TAKE, _PAY, _PASS_OP, _ROBOT_TURN))
_BY_CARD: Final = frozenset((_REFRESH, _TAKE, _BRUTE_TARGET))
_PASS: Final[Key] = (_PASS_OP, 0, 0)
#: Reward of a shared win for each seat (below one half: see ``rewards``).
DRAW: Final = 0.4
#: With a temperature, only moves with at least this share of the top visits are drawn.
NOISE_FLOOR: Final = 0.5


@dataclass(frozen=True, slots=True)
class Budget:
    """How one decision is searched.

    ``iterations`` is the primary limit and makes the choice a pure function of
    (state, seed, budget). ``time_cap`` (seconds) is a safety net for slow or busy
    machines; when it cuts a search short the choice depends on timing.
    """

    iterations: int
    time_cap: float
    rollout: str = "heuristic"
    reward: str = "win"  # "win": 1 / 0.5 / 0; "margin": squashed VP margin; "mixed"
    horizon: int = 0  # > 0: stop rollouts after this many turns and score the VP margin
    anchor: float = 0.0  # > 0: keep the greedy baseline's move unless the search's best
    # move beats its mean reward by more than this
    exploration: float = 0.7
    temperature: float = 0.0  # > 0: draw the move by visits ** (1 / T) (weaker play)


class _Edge:
    __slots__ = ("n", "outcomes", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.outcomes: dict[object, _Node] = {}


class _Node:
    __slots__ = ("edges", "n", "untried")

    def __init__(self) -> None:
        self.n = 0
        self.edges: dict[Key, _Edge] = {}
        self.untried: list[Key] | None = None


@dataclass(slots=True)
class SearchResult:
    key: Key
    iterations: int
    seconds: float
    visits: dict[Key, int] = field(default_factory=dict)
    values: dict[Key, float] = field(default_factory=dict)


def rewards(s: GameState, kind: str) -> tuple[float, float]:
    """Reward of the finished (or abandoned) game ``s`` for seat 0 and seat 1. A game
    cut short by the rollout horizon is scored by its squashed VP margin."""
    t0, t1 = total(s, 0), total(s, 1)
    if not s.over:
        m0 = 0.5 + 0.5 * math.tanh((t0 - t1) / 15.0)
        return m0, 1.0 - m0
    if t0 != t1:
        w0 = 1.0 if t0 > t1 else 0.0
    else:
        winner = result(s).winner
        if winner is None:  # a shared win counts less than half for both (contempt):
            return DRAW, DRAW  # neither seat passes into a draw while play can go on
        w0 = float(winner == 0)
    if kind == "win":
        return w0, 1.0 - w0
    m0 = 0.5 + 0.5 * math.tanh((t0 - t1) / 15.0)
    if kind == "mixed":
        m0 = 0.75 * w0 + 0.25 * m0
    return m0, 1.0 - m0


def distinct(s: GameState, keys: list[Key]) -> list[Key]:
    """One key per distinct outcome: Street cards of one kind are interchangeable, so
    refreshing, lowering or taking either is the same move (the Brute's target keeps its
    own class). Solo games keep them all: the robot's program reads Street order."""
    if s.mode == "solo":
        return keys[:]
    street = s.street
    seen: set[tuple[int, int, int]] = set()
    out: list[Key] = []
    for key in keys:
        o = key[0]
        if o in _BY_CARD:
            sig = (o, street[key[1]], key[1] == s.brute_idx)
            if sig in seen:
                continue
            seen.add(sig)
        out.append(key)
    return out


def _ends_without_win(state: GameState) -> bool:
    """Whether passing now lets the game end without a win for the mover: at once (the
    second pass in a row, or the last turn), or on the opponent's pass right after."""
    mover = state.current
    t = state.copy()
    t.apply_key(_PASS)
    if not t.over:
        if _PASS not in t.legal_keys():
            return False
        t.apply_key(_PASS)
    return t.over and result(t).winner != mover


def root_keys(state: GameState) -> list[Key]:
    """The moves searched at the root: the legal keys, less a pass that would let the
    game end without a win while another move is legal. The robot never passes, so a
    solo game keeps them all."""
    keys = state.legal_keys()
    if state.mode == "solo" or len(keys) < 2 or _PASS not in keys:
        return keys[:]
    if _ends_without_win(state):
        return [k for k in keys if k != _PASS]
    return keys[:]


def _select(node: _Node, c: float) -> Key:
    log_n = math.log(node.n)
    best_key: Key | None = None
    best = -1.0
    for key, e in node.edges.items():
        u = e.w / e.n + c * math.sqrt(log_n / e.n)
        if u > best:
            best, best_key = u, key
    assert best_key is not None
    return best_key


def search(state: GameState, budget: Budget, rng: random.Random) -> SearchResult:
    """Search the decision of the seat to move in ``state`` (not modified)."""
    start = time.perf_counter()
    if state.over:
        raise ValueError("the game is over: there is no decision to search")
    keys = root_keys(state)
    if len(keys) == 1:
        return SearchResult(keys[0], 0, 0.0, {keys[0]: 0}, {keys[0]: 0.0})
    policy = POLICIES[budget.rollout]
    c = budget.exploration
    root = _Node()
    deadline = start + budget.time_cap
    done = 0
    while done < budget.iterations:
        if done and time.perf_counter() > deadline:
            break
        done += 1
        d = determinize(state, rng)
        node = root
        path: list[tuple[_Node, _Edge, int]] = []
        while not d.over:
            legal = d.legal_keys()
            if node.untried is None:
                node.untried = distinct(d, keys if node is root else legal)
                rng.shuffle(node.untried)
            if node.untried:
                key = node.untried.pop()
                edge = node.edges[key] = _Edge()
            else:
                key = _select(node, c)
                edge = node.edges[key]
            mover = d.current
            d.apply_key(key)
            obs = public_signature(d) if key[0] in _REVEALING else None
            path.append((node, edge, mover))
            child = edge.outcomes.get(obs)
            if child is None:
                edge.outcomes[obs] = _Node()
                break
            node = child
        stop = d.turn + budget.horizon if budget.horizon > 0 else 1 << 30
        while not d.over and d.turn < stop:
            legal = d.legal_keys()
            d.apply_key(policy(d, legal, rng))
        r = rewards(d, budget.reward)
        for n, e, mover in path:
            n.n += 1
            e.n += 1
            e.w += r[mover]
    visits = {k: e.n for k, e in root.edges.items()}
    values = {k: e.w / e.n for k, e in root.edges.items() if e.n}
    key = _pick(visits, values, budget.temperature, rng)
    if budget.anchor > 0:
        key = _anchored(state, key, values, budget.anchor, rng)
    return SearchResult(key, done, time.perf_counter() - start, visits, values)


def _anchored(
    state: GameState, key: Key, values: dict[Key, float], anchor: float, rng: random.Random
) -> Key:
    """The greedy baseline's move (as the representative key the tree searched) unless
    the search found a clearly better one."""
    g = greedy_policy(state, random.Random(0))
    if g[0] in _BY_CARD:
        card = state.street[g[1]]
        for k in values:
            if (
                k[0] == g[0]
                and state.street[k[1]] == card
                and ((k[1] == state.brute_idx) == (g[1] == state.brute_idx))
            ):
                g = k
                break
    if g == key or g not in values:
        return key
    return key if values[key] > values[g] + anchor else g


def _pick(
    visits: dict[Key, int], values: dict[Key, float], temperature: float, rng: random.Random
) -> Key:
    if temperature > 0:  # noise among the moves the search found competitive
        top = max(visits.values())
        keys = [k for k, n in visits.items() if n >= NOISE_FLOOR * top]
        weights = [visits[k] ** (1.0 / temperature) for k in keys]
        return rng.choices(keys, weights)[0]
    return max(visits, key=lambda k: (visits[k], values.get(k, 0.0)))
