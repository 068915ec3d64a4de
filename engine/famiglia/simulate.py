"""Policy-against-policy simulations: play many games, count wins, draws and VP.

Reused by ``famiglia simulate`` and by the benchmarks. Everything is seeded, so the
same arguments give the same figures.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Final

from engine.famiglia.ai import AiPolicy
from engine.famiglia.codes import ROBOT_SEAT
from engine.famiglia.policies import POLICIES, Policy, robot_policy
from engine.famiglia.scoring import result
from engine.famiglia.state import GameState, Mode
from engine.stats import wilson

#: The AI's strengths (engine.famiglia.ai.STRENGTHS), playable like the policies above.
AI_POLICIES: Final = ("easy", "medium", "hard")
DUEL_POLICIES: Final = ("random", "eager", "greedy", *AI_POLICIES)


def get_policy(name: str) -> Policy:
    """The policy called ``name`` (an AI strength gives a fresh AiPolicy); ValueError
    listing the known names otherwise."""
    if name in AI_POLICIES:
        return AiPolicy(name)
    try:
        return POLICIES[name]
    except KeyError:
        known = ", ".join((*POLICIES, *AI_POLICIES))
        raise ValueError(f"unknown policy {name!r}: choose one of {known}") from None


@dataclass
class SimStats:
    """Totals over a batch of games; seat 0 and seat 1 keep their policies throughout."""

    names: tuple[str, str]
    mode: Mode = "duel"
    level: int | None = None
    first: int | None = None  # None: the starting seat alternates game by game
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    vp: list[int] = field(default_factory=lambda: [0, 0])
    decisions: int = 0
    turns: int = 0
    two_pass_ends: int = 0
    seconds: float = 0.0

    def add(self, state: GameState, decisions: int) -> None:
        r = result(state)
        self.games += 1
        if r.winner is None:
            self.draws += 1
        else:
            self.wins[r.winner] += 1
        self.vp[0] += r.totals[0]
        self.vp[1] += r.totals[1]
        self.decisions += decisions
        self.turns += state.turns_done[0] + state.turns_done[1]
        self.two_pass_ends += state.passes >= 2


def play_game(
    seed: int,
    policies: tuple[Policy, Policy],
    rng: random.Random,
    *,
    mode: Mode = "duel",
    level: int | None = None,
    first: int | None = None,
    max_decisions: int = 100_000,
) -> tuple[GameState, int]:
    """Play one game to the end; returns the final state and the number of decisions."""
    state = GameState.new(seed, mode=mode, first=first, level=level)
    decisions = 0
    while not state.over:
        key = policies[state.current](state, rng)
        state.apply_key(key)
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError(f"game {seed} did not end after {max_decisions} decisions")
    return state, decisions


def simulate(
    games: int,
    p0: str = "greedy",
    p1: str = "random",
    *,
    seed: int = 1,
    solo: bool = False,
    level: int = 3,
    first: int | None = None,
) -> SimStats:
    """Play ``games`` games. Duel: ``p0`` against ``p1``, the starting seat alternating
    unless ``first`` is given. Solo: ``p0`` plays seat 0 against the robot gangster at
    ``level`` (``first`` = 0 you start, "a"; 1 the robot starts, "b"; default 0)."""
    if games < 1:
        raise ValueError("play at least one game")
    if solo:
        if level not in (1, 2, 3, 4):
            raise ValueError("the robot level is 1, 2, 3 or 4")
        names = (p0, f"robot {level}{'b' if first == ROBOT_SEAT else 'a'}")
        pols: tuple[Policy, Policy] = (get_policy(p0), robot_policy)
        stats = SimStats(names, "solo", level, 0 if first is None else first)
    else:
        names = (p0, p1)
        pols = (get_policy(p0), get_policy(p1))
        stats = SimStats(names, "duel", None, first)
    if robot_policy in (pols[:1] if solo else pols):
        raise ValueError("the robot policy only plays the robot's seat: use --solo")
    master = random.Random(seed)
    start = time.perf_counter()
    for i in range(games):
        game_seed = master.getrandbits(32)
        rng = random.Random(game_seed ^ 0x5BD1E995)
        seat = stats.first if stats.first is not None else i % 2
        state, n = play_game(game_seed, pols, rng, mode=stats.mode, level=stats.level, first=seat)
        stats.add(state, n)
    stats.seconds = time.perf_counter() - start
    return stats


def format_stats(stats: SimStats, seed: int | None = None) -> str:
    """The result table printed by ``famiglia simulate``."""
    n = stats.games
    if stats.mode == "solo":
        who = "you start (a)" if stats.first == 0 else "the robot starts (b)"
        head = f"{n} solo games, {stats.names[0]} against the robot gangster level "
        head += f"{stats.level}, {who}"
    else:
        starts = "alternating" if stats.first is None else f"seat {stats.first}"
        head = f"{n} games, {stats.names[0]} against {stats.names[1]}, first seat {starts}"
    if seed is not None:
        head += f", seed {seed}"
    width = max(6, *(len(x) for x in stats.names))
    lines = [
        head,
        "",
        f"seat  {'policy':<{width}}  {'wins':>6}  {'win rate':>8}  {'95% interval':>16}  "
        f"{'avg VP':>6}",
    ]
    for seat in (0, 1):
        w = stats.wins[seat]
        lo, hi = wilson(w, n)
        lines.append(
            f"{seat:>4}  {stats.names[seat]:<{width}}  {w:>6}  {100 * w / n:>7.1f}%  "
            f"{f'{100 * lo:.1f}%-{100 * hi:.1f}%':>16}  {stats.vp[seat] / n:>6.1f}"
        )
    lines += [
        "",
        f"draws: {stats.draws} ({100 * stats.draws / n:.1f}%)",
        f"mean decisions per game: {stats.decisions / n:.1f}",
        f"mean turns per game: {stats.turns / n:.1f}",
        f"ended by two passes in a row: {stats.two_pass_ends} "
        f"({100 * stats.two_pass_ends / n:.1f}%)",
        f"time: {stats.seconds:.2f} s ({n / max(stats.seconds, 1e-9):.0f} games/s)",
    ]
    return "\n".join(lines)
