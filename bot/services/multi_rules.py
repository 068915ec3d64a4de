"""What a game for 2-6 players needs from the bot beyond the engine protocol, as one
strategy per game registered by its stored name (no ``if game ==`` anywhere else).

A strategy says whether a simultaneous decision (a counter window) is open, what a seat
that stays silent there answers, how the log stores who did what, and how the AI
decides for a seat (a module-level function a worker process can run).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, ClassVar, Protocol

from engine.family_business import GAME as FAMILY_BUSINESS
from engine.family_business import FBOptions
from engine.family_business.actions import NO_COUNTER_ACTION
from engine.family_business.ai import choose
from engine.family_business.state import WINDOW
from engine.game import Game


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

    def choose(self, state: Any, seat: int, strength: str, rng: random.Random) -> Any:
        """The AI's action for ``seat`` (in a worker process)."""
        ...


class FamilyBusinessRules:
    name: ClassVar[str] = "family_business"
    game: Game[Any, Any] = FAMILY_BUSINESS

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

    def choose(self, state: Any, seat: int, strength: str, rng: random.Random) -> Any:
        return choose(state, seat, strength, rng)


RULES: dict[str, MultiRules] = {rules.name: rules for rules in (FamilyBusinessRules(),)}


def rules_of(game_name: str) -> MultiRules:
    try:
        return RULES[game_name]
    except KeyError:
        raise ValueError(f"{game_name!r} is not a game for 2-6 players") from None


# -- the log of a multi game: (seat, action) per entry, as engine.game.replay takes it --


def dump_move(game: Game[Any, Any], seat: int, action: Any) -> str:
    """One log entry: the seat and its action (a window's answers come from any seat)."""
    return json.dumps(
        {"seat": seat, "action": json.loads(game.dump_action(action))}, separators=(",", ":")
    )


def parse_move(game: Game[Any, Any], text: str) -> tuple[int, Any]:
    entry = json.loads(text)
    return int(entry["seat"]), game.parse_action(entry["action"])


# -- the AI, in a worker process ----------------------------------------------------


def decision_seed(game_seed: int, action_count: int, seat: int) -> int:
    key = f"multi-ai/{game_seed}/{action_count}/{seat}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 2


def decide(game_name: str, state_json: str, seat: int, strength: str, seed: int) -> str:
    """The AI's action for ``seat`` as the engine's action JSON (runs in a worker)."""
    rules = rules_of(game_name)
    state = rules.game.load_state(state_json)
    action = rules.choose(state, seat, strength, random.Random(seed))
    return rules.game.dump_action(action)
