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
import random
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.services.ai_pool import STRENGTH_NAMES, decide, decision_seed
from bot.services.ai_queue import FairPool
from bot.services.games import GameService, Moved, Refusal
from bot.services.modes import Ai, AiOptions, options_of, stored_options
from db.errors import ChannelBusy
from db.rows import ROBOT, GameRow
from engine.famiglia import GameState, IllegalAction, new_game
from engine.famiglia.actions import Key, from_key

log = logging.getLogger(__name__)

HUMAN, AI_SEAT = 0, 1
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
    return (
        game.mode == Ai.name
        and game.status == "active"
        and not state.over
        and game.players[state.current] == ROBOT
    )


class AiService:
    """Start games against the AI and play its decisions, through one GameService."""

    def __init__(
        self,
        service: GameService,
        pool: FairPool,
        *,
        time_cap: float | None = None,
        games_per_user: int = 1,
        rng: random.Random | None = None,
    ) -> None:
        self.service = service
        self.store = service.store
        self.pool = pool
        self.time_cap = time_cap
        self.games_per_user = games_per_user
        self._rng = rng or random.SystemRandom()
        self.think: Thinker = self._think_in_pool

    async def _think_in_pool(self, state_json: str, strength: str, seed: int, user: int) -> Key:
        """May raise AiUnavailable (the worker failed again after a fresh pool)."""
        return await self.pool.run(user, decide, state_json, strength, seed, self.time_cap)

    async def _check_limit(self, user_id: int) -> None:
        running = [g for g in await self.store.open_games_for_user(user_id) if g.mode == Ai.name]
        if len(running) >= self.games_per_user:
            where = ", ".join(
                f"#{g.id} " + ("in our DMs" if g.guild_id is None else f"in <#{g.channel_id}>")
                for g in running
            )
            raise Refusal(
                f"You already play the AI ({where}); at most {self.games_per_user} such "
                "game(s) at a time. Finish or forfeit it first."
            )

    async def start(
        self,
        *,
        user_id: int,
        name: str,
        guild_id: int | None,
        channel_id: int,
        strength: str,
        first: int,
        deadline: datetime | None,
    ) -> GameRow:
        """A new game in ``channel_id``; ``first`` is the seat that starts (1: the AI).
        ``deadline`` is the human's first turn deadline (None in DMs or if the AI starts)."""
        if strength not in STRENGTH_NAMES or first not in (HUMAN, AI_SEAT):
            raise Refusal("Choose a strength (easy, medium or hard) and who starts: you or the AI.")
        if await self.store.active_game_in_channel(channel_id) is not None:
            raise Refusal(
                "There is already a Famiglia game running here. Finish it first, or start "
                "yours in another channel."
            )
        await self._check_limit(user_id)
        seed = self._rng.randrange(1, 2**62)
        state = new_game(seed, mode="duel", first=first)
        try:
            return await self.store.create_game(
                mode=Ai.name,
                guild_id=guild_id,
                channel_id=channel_id,
                players=(user_id, ROBOT),
                seed=seed,
                state_json=state.to_json(),
                status="active",
                options=stored_options(
                    AiOptions(names=(name, ai_name(strength)), first=first, strength=strength)
                ),
                deadline=None if first == AI_SEAT or guild_id is None else deadline,
                reminder_at="half" if first == HUMAN and guild_id is not None else None,
            )
        except ChannelBusy:
            raise Refusal("Someone just opened a game here: finish that one first.") from None

    async def step(self, game_id: int) -> Moved | None:
        """Think and commit one decision of the AI; None when it is not the AI's decision
        (any more). A decision made stale by a change in between is thought again."""
        service = self.service
        while True:
            game, state = await service.load(game_id)
            if not ai_to_move(game, state):
                return None
            seed = decision_seed(game.seed, game.action_count)
            key = await self.think(game.state_json, strength_of(game), seed, game.players[HUMAN])
            async with service.lock(game_id):
                now, state = await service.load(game_id)
                if now.version != game.version:
                    continue  # the game changed while the AI thought: look again
                action = from_key(key)
                new = state.copy()
                try:
                    events = new.apply(action, AI_SEAT)
                except IllegalAction:
                    log.error("the AI chose an illegal key %s in game %s", key, game_id)
                    raise
                try:
                    return await service._commit_move(now, state, new, ROBOT, [action], [events])
                except Refusal:
                    continue  # another process committed first

    async def pending_games(self) -> list[GameRow]:
        """Open games waiting for the AI (a restart came in the middle of its turn)."""
        return [
            game
            for game in await self.store.active_games()
            if game.mode == Ai.name and ai_to_move(game, GameState.from_json(game.state_json))
        ]
