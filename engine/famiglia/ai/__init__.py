"""The AI opponent: Information Set MCTS over the engine's own keys (engine.famiglia.ai.mcts).

    key = choose(state, "hard", seed)          # a key of state.legal_keys()
    action = choose_action(state, "hard", seed)  # the same, as a pydantic action
    key = choose_json(state.to_json(), "hard", seed)  # for a process pool: picklable

Strengths differ by search budget (and ``easy`` by noise). The choice is a pure function
of (state, strength, seed) as long as the iteration budget, not the time cap, ends the
search: the time cap is only a safety net on a slow or busy machine, and when it fires
the choice depends on timing. ``deterministic=True`` (or ``time_cap=None`` in
:func:`budget`) lifts the cap for replays and tests.

The AI never reads the order of the draw pile or the game's seed: it searches on
determinizations (engine.famiglia.ai.determinize).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final, Literal

from engine.famiglia.actions import Action, from_key
from engine.famiglia.ai.mcts import Budget, SearchResult, search
from engine.famiglia.codes import Key
from engine.famiglia.state import GameState

Strength = Literal["easy", "medium", "hard"]

#: Measured with bench/ai.py (see its docstring): heuristic rollouts to the end of the
#: game, a reward mixing win/loss with the VP margin, and an anchor on the greedy
#: baseline's move (kept unless the search finds one better by the margin) beat the
#: alternatives at equal budget. The strengths are ordered by what they get of that:
#: ``hard`` the full budget and the anchor; ``medium`` a third of the budget and no
#: anchor; ``easy`` a small budget, no anchor, and its move drawn among the competitive
#: ones by visits. ``hard``'s time cap keeps every decision under 1.5 s on a busy
#: 2-core machine; its budget ends the search well before the cap on an idle one.
STRENGTHS: Final[dict[str, Budget]] = {
    "easy": Budget(iterations=40, time_cap=0.5, reward="mixed", temperature=1.0),
    "medium": Budget(iterations=200, time_cap=0.8, reward="mixed"),
    "hard": Budget(iterations=600, time_cap=1.2, reward="mixed", anchor=0.03),
}


def budget(strength: str, *, time_cap: float | None = -1.0) -> Budget:
    """The search budget of ``strength``; ``time_cap=None`` removes the time cap,
    a number replaces it."""
    try:
        b = STRENGTHS[strength]
    except KeyError:
        raise ValueError(f"unknown strength {strength!r}: easy, medium or hard") from None
    if time_cap is None:
        return replace(b, time_cap=float("inf"))
    if time_cap >= 0:
        return replace(b, time_cap=time_cap)
    return b


def _rng(state: GameState, strength: str, seed: int) -> random.Random:
    """The search's random stream: from the seed and the public position only."""
    return random.Random(
        f"famiglia-ai/{seed}/{strength}/{state.turn}/{state.pending}/{state.stage}/"
        f"{state.exch_taken}/{len(state.street)}"
    )


def analyse(
    state: GameState, strength: str, seed: int, *, deterministic: bool = False
) -> SearchResult:
    """The full search result (chosen key, visits and values per root key)."""
    b = budget(strength, time_cap=None if deterministic else -1.0)
    return search(state, b, _rng(state, strength, seed))


def choose(state: GameState, strength: str, seed: int, *, deterministic: bool = False) -> Key:
    """The AI's key for the seat to move in ``state`` (not modified)."""
    return analyse(state, strength, seed, deterministic=deterministic).key


def choose_action(
    state: GameState, strength: str, seed: int, *, deterministic: bool = False
) -> Action:
    return from_key(choose(state, strength, seed, deterministic=deterministic))


def choose_json(state_json: str, strength: str, seed: int, *, deterministic: bool = False) -> Key:
    """:func:`choose` on a state saved with ``GameState.to_json``: every argument and the
    result pickle, so a process pool can run it."""
    return choose(GameState.from_json(state_json), strength, seed, deterministic=deterministic)


class AiPolicy:
    """The AI as an engine.famiglia.policies Policy ``(state, rng) -> key``.

    With ``seed=None`` each decision's seed is drawn from the game's rng, so a seeded
    simulation stays reproducible (up to the time cap, see the module docstring).
    """

    def __init__(
        self, strength: str = "hard", seed: int | None = None, *, deterministic: bool = False
    ) -> None:
        budget(strength)  # validate early
        self.strength = strength
        self.seed = seed
        self.deterministic = deterministic
        self.last: SearchResult | None = None

    def __call__(self, state: GameState, rng: random.Random) -> Key:
        seed = self.seed if self.seed is not None else rng.getrandbits(32)
        self.last = analyse(state, self.strength, seed, deterministic=self.deterministic)
        return self.last.key

    def __repr__(self) -> str:
        return f"AiPolicy({self.strength!r})"


__all__ = [
    "STRENGTHS",
    "AiPolicy",
    "Budget",
    "SearchResult",
    "Strength",
    "analyse",
    "budget",
    "choose",
    "choose_action",
    "choose_json",
]
