"""Games against the AI opponent (engine.famiglia.ai), composed with GameService.

A game against the AI is an ordinary two-player game row (mode ``ai``): the human in
seat 0, the AI as user id 0 in seat 1, ``first`` saying who starts, the strength in the
options. The human's moves go through ``GameService.play``. The AI plays its turn one
decision at a time: the search runs in the bot's process pool (never on the event
loop, never under the game's lock), then the chosen key is applied and committed with
actor 0 through the same lock, load and versioned commit as a human move. A forfeit or
another process moving in between makes the commit stale; the decision is then simply
thought again from the new state (or dropped, when it is no longer the AI's turn). So a
restart in the middle of the AI's turn is healed by running :meth:`AiService.step`
again, which does nothing unless the engine says the AI is to decide.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.services.ai_pool import decide, decision_seed
from bot.services.ai_queue import FairPool
from bot.services.games import GameService, Moved
from bot.services.modes import HUMAN, MACHINE, MODES, AiOptions, options_of
from bot.services.reads import awaited_seats
from db.rows import ROBOT, GameRow
from engine.famiglia import Action, GameState, IllegalAction
from engine.famiglia.actions import from_key
from engine.famiglia.codes import Key
from engine.famiglia.game import GAME as FAMIGLIA
from engine.games import GAMES

log = logging.getLogger(__name__)

AI_SEAT = MACHINE
#: How the AI's search is run: (state JSON, strength, seed, the human's user id) -> key.
#: The bot's default sends it to the fair process pool (the user id is whose turn in the
#: queue it is); tests may wrap it to watch the AI think.
Thinker = Callable[[str, str, int, int], Awaitable[Key]]


def ai_name(strength: str) -> str:
    return f"AI ({strength})"


def strength_of(game: GameRow) -> str:
    options = options_of(game)
    return options.strength if isinstance(options, AiOptions) else "medium"


def ai_to_move(game: GameRow, state: GameState) -> bool:
    """Whether the game waits for a decision of the AI."""
    if game.mode not in MODES or MODES[game.mode].game != game.game:
        return False
    return bool(awaited_seats(GAMES[game.game], MODES[game.mode], game, state, "ai"))


class AiService:
    """Play the AI's decisions in Famiglia games, through one GameService (a game
    against the AI starts as every game does: ``GameService.start(Ai.name, ...)``)."""

    def __init__(
        self, service: GameService, pool: FairPool, *, time_cap: float | None = None
    ) -> None:
        self.service = service
        self.store = service.store
        self.pool = pool
        self.time_cap = time_cap
        self.think: Thinker = self._think_in_pool

    async def _think_in_pool(self, state_json: str, strength: str, seed: int, user: int) -> Key:
        """May raise AiUnavailable (the worker failed again after a fresh pool)."""
        return await self.pool.run(user, decide, state_json, strength, seed, self.time_cap)

    def _seat(self, game: GameRow, state: GameState) -> int | None:
        """The seat the AI decides for now in a Famiglia game (None: none)."""
        if game.game != FAMIGLIA.name or not self.service.plays(game):
            return None  # the AI here searches Famiglia's games only
        seats = self.service.awaited(game, state, "ai")
        return seats[0] if seats else None

    async def step(self, game_id: int) -> Moved | None:
        """Think and commit one decision of the AI; None when it is not the AI's decision
        (any more). A decision made stale by a change in between is thought again."""

        async def think(game: GameRow, state: GameState, seat: int) -> Action:
            seed = decision_seed(game.seed, game.action_count)
            person = next((p for p in game.players if p != ROBOT), ROBOT)
            key = await self.think(game.state_json, strength_of(game), seed, person)
            return from_key(key)

        try:
            return await self.service.decided(game_id, self._seat, think)
        except IllegalAction:
            log.error("the AI chose an illegal action in game %s", game_id)
            raise

    async def pending_games(self) -> list[GameRow]:
        """Open games waiting for the AI (a restart came in the middle of its turn)."""
        service = self.service
        return [
            game
            for game in await self.store.active_games()
            if service.plays(game) and self._seat(game, service.state_of(game)) is not None
        ]


__all__ = ["AI_SEAT", "HUMAN", "AiService", "Thinker", "ai_name", "ai_to_move", "strength_of"]
