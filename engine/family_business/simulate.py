"""Family Business games between automatic players: ``random``, ``bot`` or the search
AI (``easy``, ``medium``, ``hard``). Seeded: the same arguments give the same figures
(unless the AI's time cap cuts a search short on a busy machine)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.family_business.actions import Action
from engine.family_business.ai import STRENGTHS, choose, reads_play
from engine.family_business.belief import Belief, watched
from engine.family_business.game import GAME, FBOptions
from engine.family_business.policies import POLICIES
from engine.family_business.state import FBState
from engine.stats import wilson

PLAYERS = (*POLICIES, *STRENGTHS)


def act(
    player: str, state: FBState, seat: int, rng: random.Random, belief: Belief | None = None
) -> Action:
    """The action of ``player`` (a policy name or an AI strength) for ``seat``; an AI
    reads the public play through ``belief``."""
    if player in STRENGTHS:
        return choose(state, seat, player, rng, belief)
    return POLICIES[player](state, seat, rng)


@dataclass
class FBStats:
    players: tuple[str, ...]
    games: int = 0
    wins: list[float] = field(default_factory=list)  # a shared draw counts 1/k each
    draws: int = 0
    decisions: int = 0
    turns: int = 0
    lengths: list[int] = field(default_factory=list)  # turns of each game
    seconds: float = 0.0


def play_game(players: Sequence[str], seed: int) -> tuple[FBState, int]:
    """One game with ``players[seat]`` in each seat; the state and its decisions."""
    state = GAME.new(seed, FBOptions(seats=len(players)))
    rng = random.Random(seed ^ 0x5F5F)
    decisions = 0
    beliefs = {g: Belief(state, g) for g, p in enumerate(players) if reads_play(state, p)}
    while not GAME.is_over(state):
        for seat in GAME.awaiting(state):
            action = act(players[seat], state, seat, rng, beliefs.get(seat))
            watched(beliefs.values(), state, action, seat)
            decisions += 1
    return state, decisions


def simulate(games: int, players: Sequence[str], *, seed: int = 1) -> FBStats:
    stats = FBStats(tuple(players), wins=[0.0] * len(players))
    start = time.perf_counter()
    for i in range(games):
        state, decisions = play_game(players, seed * 100_003 + i)
        out = GAME.outcome(state)
        for seat in out.winners:
            stats.wins[seat] += 1 / len(out.winners)
        stats.draws += out.is_draw
        stats.games += 1
        stats.decisions += decisions
        stats.turns += state.turn
        stats.lengths.append(state.turn)
    stats.seconds = time.perf_counter() - start
    return stats


def format_stats(stats: FBStats, seed: int) -> str:
    n = max(stats.games, 1)
    lines = [
        f"Family Business, {len(stats.players)} players, {stats.games} games, seed {seed}",
    ]
    for seat, name in enumerate(stats.players):
        lo, hi = wilson(stats.wins[seat], stats.games)
        lines.append(
            f"  seat {seat} {name:<7} wins {stats.wins[seat]:7.1f}  "
            f"{stats.wins[seat] / n:6.1%}  (95% {lo:.1%}-{hi:.1%})"
        )
    lines.append(
        f"  draws {stats.draws}; turns per game {stats.turns / n:.1f}; "
        f"decisions per game {stats.decisions / n:.1f}"
    )
    lines.append(f"  game length in turns: {spread(stats.lengths)}")
    lines.append(f"  {stats.seconds:.1f} s, {stats.games / max(stats.seconds, 1e-9):.1f} games/s")
    return "\n".join(lines)


def spread(values: Sequence[int]) -> str:
    """min, quartiles, 90th percentile and max of ``values``."""
    if not values:
        return "none"
    v = sorted(values)

    def q(p: float) -> int:
        return v[min(len(v) - 1, int(p * len(v)))]

    return f"min {v[0]}, 25% {q(0.25)}, median {q(0.5)}, 75% {q(0.75)}, 90% {q(0.9)}, max {v[-1]}"
