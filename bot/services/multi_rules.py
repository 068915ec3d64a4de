"""What a game for 2-6 players needs from the bot beyond the engine protocol, as one
strategy per game registered by its stored name (no ``if game ==`` anywhere else).

A strategy says whether a simultaneous decision (a counter window) is open, what a seat
that stays silent there answers, how the log stores who did what, and how the AI
decides for a seat (a module-level function a worker process can run).
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from bot.services.replay import dump_move, parse_move
from engine.errors import IllegalAction
from engine.family_business import GAME as FAMILY_BUSINESS
from engine.family_business import FBOptions
from engine.family_business.actions import NO_COUNTER_ACTION
from engine.family_business.ai import choose, reads_play
from engine.family_business.belief import Belief, apply
from engine.family_business.state import WINDOW, FBState
from engine.game import Game

#: how many games' beliefs a worker process keeps between decisions
READ_GAMES = 64


@dataclass(frozen=True, slots=True)
class Past:
    """A game's history for its AI: the game's seed and its log's entries (texts)."""

    seed: int
    log: tuple[str, ...]


class MultiRules(Protocol):
    name: ClassVar[str]
    game: Game[Any, Any]

    def window_open(self, state: Any) -> bool:
        """A decision of several seats at once is open (answered blind)."""
        ...

    def silent_answer(self) -> Any:
        """What a seat that does not answer a window in time answers."""
        ...

    def new_state(self, seed: int, seats: int) -> Any: ...

    def moment(self, state: Any) -> int:
        """Which turn it is: a window's answer buttons carry it (answers of the other
        responders move the log on, not the window)."""
        ...

    def live(self, state: Any) -> list[bool]:
        """Which seats are still in the game (not eliminated)."""
        ...

    def standing(self, state: Any) -> tuple[tuple[int, ...], ...]:
        """The placing as it stands: the outcome when over, else the seats still in
        the game sharing the top, then the eliminated in reverse order."""
        ...

    def choose(
        self, state: Any, seat: int, strength: str, rng: random.Random, past: Past | None = None
    ) -> Any:
        """The AI's action for ``seat`` (in a worker process); ``past``, when given, is
        the game's history, from which the AI reads what the public play showed."""
        ...

    def reads_past(self, state: Any, strength: str) -> bool:
        """Whether the AI at ``strength`` reads the game's history at ``state`` (else
        ``choose`` needs no ``past``)."""
        ...


class FamilyBusinessRules:
    name: ClassVar[str] = "family_business"
    game: Game[Any, Any] = FAMILY_BUSINESS

    def __init__(self) -> None:
        #: the beliefs this process read last, by (seed, seats, seat): the log read so
        #: far, the position it led to and the belief, to read only what came since
        self._read: dict[tuple[int, int, int], tuple[tuple[str, ...], FBState, Belief]] = {}

    def window_open(self, state: Any) -> bool:
        return bool(state.phase == WINDOW)

    def silent_answer(self) -> Any:
        return NO_COUNTER_ACTION  # RULING R13: no answer counts as no counter

    def new_state(self, seed: int, seats: int) -> Any:
        return self.game.new(seed, FBOptions(seats=seats))

    def moment(self, state: Any) -> int:
        return int(state.turn)

    def live(self, state: Any) -> list[bool]:
        return list(state.live)

    def standing(self, state: Any) -> tuple[tuple[int, ...], ...]:
        if self.game.is_over(state):
            return self.game.outcome(state).placing
        still = tuple(s for s, alive in enumerate(state.live) if alive)
        return (still, *(tuple(g) for g in reversed(state.eliminated)))

    def choose(
        self, state: Any, seat: int, strength: str, rng: random.Random, past: Past | None = None
    ) -> Any:
        start = time.perf_counter()
        belief = None if past is None else self.belief(state, seat, past)
        return choose(state, seat, strength, rng, belief, time.perf_counter() - start)

    def reads_past(self, state: Any, strength: str) -> bool:
        return reads_play(state, strength)

    def belief(self, state: FBState, seat: int, past: Past) -> Belief | None:
        """What ``seat`` can tell of the other hands from the game's public play (the
        log replayed from the seed, or from where this process last read the same
        game's log); None when the log does not lead to ``state``."""
        key = (past.seed, state.n, seat)
        read, end, belief = self._read.pop(key, ((), None, None))
        if end is None or belief is None or past.log[: len(read)] != read:
            read, end = (), self.new_state(past.seed, state.n)
            belief = Belief(end, seat)
        try:
            for text in past.log[len(read) :]:
                actor, action = parse_move(self.game, text)
                apply(belief, end, action, actor)
        except (IllegalAction, ValueError, KeyError, TypeError):
            return None  # a log that is not this game's
        if end != state:
            return None
        self._read[key] = (past.log, end, belief)
        while len(self._read) > READ_GAMES:
            del self._read[next(iter(self._read))]  # the one read longest ago
        return belief


RULES: dict[str, MultiRules] = {rules.name: rules for rules in (FamilyBusinessRules(),)}


def rules_of(game_name: str) -> MultiRules:
    try:
        return RULES[game_name]
    except KeyError:
        raise ValueError(f"{game_name!r} is not a game for 2-6 players") from None


# -- the log of a multi game: (seat, action) per entry, as engine.game.replay takes it --
# (written and read by the game service: bot.services.replay)

__all__ = [
    "RULES",
    "MultiRules",
    "Past",
    "decide",
    "decision_seed",
    "dump_move",
    "parse_move",
    "rules_of",
]


# -- the AI, in a worker process ----------------------------------------------------


def decision_seed(game_seed: int, action_count: int, seat: int) -> int:
    key = f"multi-ai/{game_seed}/{action_count}/{seat}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 2


def decide(
    game_name: str, state_json: str, seat: int, strength: str, seed: int, past: Past | None = None
) -> str:
    """The AI's action for ``seat`` as the engine's action JSON (runs in a worker)."""
    rules = rules_of(game_name)
    state = rules.game.load_state(state_json)
    action = rules.choose(state, seat, strength, random.Random(seed), past)
    return rules.game.dump_action(action)
