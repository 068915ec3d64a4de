"""The lobby of a game for 2-6 players (open, join, leave, add or remove an AI, cancel,
start, play again) and what every multi service shares: reading a game, writing a
change under its version, and the deadline a position gets.

Every write takes the game's lock (shared with every other service of the process,
:meth:`~bot.services.reads.GameReads.lock`) and the store's version check.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.services import lobby
from bot.services.games import CONFLICT, GameService
from bot.services.multi_rules import MultiRules, rules_of
from bot.services.reads import Refusal
from db.errors import ChannelBusy, GameClosed, VersionConflict
from db.rows import GameRow, Seat, Status, Strength

LOBBY_STATE = "{}"  # a lobby has no engine state yet
#: Who plays on for a person who left or ran out of time.
TAKEOVER: Strength = "medium"

#: The AI's decision for a seat: (game, state, seat, strength) -> the engine's action.
Decide = Callable[[GameRow, Any, int, str], Awaitable[Any]]


@dataclass(frozen=True, slots=True)
class MultiMoved:
    """A committed change of a multi game and what the cogs should show for it."""

    game: GameRow
    state: Any | None  # None: still a lobby (or a lobby that ended)
    events: list[dict[str, Any]] = field(default_factory=list)
    ended: bool = False
    window_opened: bool = False  # a counter window opened: its responders are told
    left: int | None = None  # the seat whose person just left (the AI took it)
    reminder: bool = False  # half of a person's turn is gone: they are reminded


class MultiLobby:
    def __init__(
        self,
        base: GameService,
        *,
        window: timedelta,
        lobby_timeout: timedelta,
        rng: random.Random | None = None,
    ) -> None:
        self.base = base
        self.store = base.store
        self.window = window
        self.lobby_timeout = lobby_timeout
        self._rng = rng or random.SystemRandom()
        self.decide: Decide | None = None  # set by whoever runs the AI

    @property
    def clock(self) -> Callable[[], datetime]:
        return self.base.clock

    # ------------------------------------------------------------------ reading
    async def load(self, game_id: int) -> tuple[GameRow, Any | None]:
        game = await self.base.game(game_id)
        if game.mode != "multi":
            raise Refusal("That is not a Family Business game.")
        if game.state_json == LOBBY_STATE:
            return game, None
        return game, rules_of(game.game).game.load_state(game.state_json)

    async def open_games(self) -> list[GameRow]:
        """The open lobbies and games of 2-6 players this process owns (start-up)."""
        return [g for g in await self.store.active_games() if g.mode == "multi"]

    # ------------------------------------------------------------------ the lobby
    async def open_lobby(
        self, guild_id: int, channel_id: int, user_id: int, name: str, most: int, game: str
    ) -> MultiMoved:
        rules_of(game)  # a game for 2-6 players, or ValueError
        if not 2 <= most <= 6:
            raise Refusal("A table has 2 to 6 seats.")
        if await self.store.active_game_in_channel(channel_id) is not None:
            raise Refusal(
                "There is already a game or lobby in this channel. Finish it first, "
                "or open yours in another channel."
            )
        try:
            row = await self.store.create_game(
                mode="multi",
                guild_id=guild_id,
                channel_id=channel_id,
                seats=(Seat(user_id=user_id, name=name),),
                seed=self._rng.randrange(1, 2**62),
                state_json=LOBBY_STATE,
                status="challenge",
                options={"seats": most},
                deadline=self.clock() + self.lobby_timeout,
                reminder_at=None,
                game=game,
            )
        except ChannelBusy:
            raise Refusal("Someone just opened a game in this channel.") from None
        self.base.origins.remember(row)
        self.base._changed(row)
        return MultiMoved(row, None)

    async def join(self, game_id: int, user_id: int, name: str) -> MultiMoved:
        return await self._lobby(
            game_id, lambda seats, most: lobby.join(seats, most, user_id, name)
        )

    async def leave_lobby(self, game_id: int, user_id: int) -> MultiMoved:
        return await self._lobby(game_id, lambda seats, _: lobby.leave(seats, user_id))

    async def add_ai(self, game_id: int, user_id: int, strength: Strength) -> MultiMoved:
        return await self._lobby(
            game_id, lambda seats, most: lobby.add_ai(seats, most, user_id, strength)
        )

    async def remove_ai(self, game_id: int, user_id: int) -> MultiMoved:
        return await self._lobby(game_id, lambda seats, _: lobby.remove_ai(seats, user_id))

    async def _lobby(
        self, game_id: int, change: Callable[[tuple[Seat, ...], int], tuple[Seat, ...]]
    ) -> MultiMoved:
        async with self.base.lock(game_id):
            game, _ = await self.load(game_id)
            self._require_lobby(game)
            seats = change(game.seats, int(game.options.get("seats", 6)))
            row = await self._set(game, "challenge", seats=seats, deadline=game.deadline)
            return MultiMoved(row, None)

    async def cancel(self, game_id: int, user_id: int) -> MultiMoved:
        async with self.base.lock(game_id):
            game, _ = await self.load(game_id)
            self._require_lobby(game)
            lobby.host_only(game.seats, user_id, "cancel it")
            return MultiMoved(await self._set(game, "cancelled"), None, ended=True)

    async def start(self, game_id: int, user_id: int) -> MultiMoved:
        async with self.base.lock(game_id):
            game, _ = await self.load(game_id)
            self._require_lobby(game)
            lobby.check_start(game.seats, user_id)
            rules = rules_of(game.game)
            state = rules.new_state(game.seed, len(game.seats))
            deadline = self._deadline(rules, game.seats, None, state, None)
            row = await self._set(
                game,
                "active",
                state_json=rules.game.dump_state(state),
                deadline=deadline,
                seats=game.seats,
            )
            return MultiMoved(row, state, window_opened=rules.window_open(state))

    @staticmethod
    def _require_lobby(game: GameRow) -> None:
        if game.status != "challenge":
            raise Refusal("That lobby is closed: the game started or the lobby ended.")

    async def again(self, game_id: int, user_id: int, name: str) -> MultiMoved:
        """Play again: a new lobby in the same channel with the same seats, its host the
        player who asked (the others may leave it)."""
        old = await self.base.game(game_id)
        seat = old.seat_of(user_id)
        if seat is None or old.mode != "multi":
            raise Refusal("You did not play in this game.")
        if old.is_open:
            raise Refusal("This game is still running.")
        host = Seat(user_id=user_id, name=name)
        others = [
            s.model_copy(update={"left_place": None, "ai": s.ai if not s.is_person else None})
            for i, s in enumerate(old.seats)
            if i != seat
        ]
        moved = await self.open_lobby(
            old.guild_id or 0, old.channel_id, user_id, name, len(old.seats), old.game
        )
        async with self.base.lock(moved.game.id):
            row = await self._set(
                moved.game, "challenge", seats=(host, *others), deadline=moved.game.deadline
            )
        return MultiMoved(row, None)

    def _deadline(
        self,
        rules: MultiRules,
        seats: Sequence[Seat],
        before: Any | None,
        after: Any,
        current: datetime | None,
    ) -> datetime | None:
        """A window closes ``window`` after it opened; a person's turn has the turn
        timer (kept while the same turn goes on); a seat the AI plays has none."""
        now = self.clock()
        if rules.window_open(after):
            same = before is not None and rules.window_open(before) and current is not None
            return current if same else now + self.window
        awaited = rules.game.awaiting(after)
        if not awaited or all(seats[s].played_by_ai for s in awaited):
            return None
        if (
            before is not None
            and current is not None
            and not rules.window_open(before)
            and rules.game.awaiting(before) == awaited
        ):
            return current  # the same turn goes on (a play built step by step)
        return now + self.base.turn_timeout

    # ------------------------------------------------------------------ writing
    async def _set(
        self,
        game: GameRow,
        status: Status,
        *,
        state_json: str | None = None,
        deadline: datetime | None = None,
        seats: tuple[Seat, ...] | None = None,
    ) -> GameRow:
        try:
            row = await self.store.set_status(
                game.id,
                expected_version=game.version,
                status=status,
                state_json=state_json,
                deadline=deadline,
                reminder_at=None,
                seats=seats,
            )
        except (VersionConflict, GameClosed):
            raise Refusal(CONFLICT) from None
        self.base.origins.forget(game.id)
        self.base.origins.remember(row)
        self.base._changed(row)
        return row
