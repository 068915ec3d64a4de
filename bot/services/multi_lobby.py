"""The lobby of a game for 2-6 players (open, join, leave, add or remove an AI, cancel,
start, play again) and how the multi services reach the one game service.

A game of 2-6 is a game of the ``multi`` mode (:mod:`bot.services.multi_mode`): it is
opened by the game service's one start path, read and written by its lock, its kept
games and its version-checked writes, like every other game. The lobby's seat rules
are :mod:`bot.services.lobby`.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.services import lobby
from bot.services.commits import Moved
from bot.services.games import GameService
from bot.services.multi_mode import MultiMode, options_of
from bot.services.multi_rules import RULES
from bot.services.reads import Refusal
from db.rows import GameRow, Seat, Status, Strength

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
        rng = rng or random.SystemRandom()
        #: The game service of each game of 2-6 (its ``multi`` mode), sharing the
        #: base's locks, kept games and listeners.
        self.cores: dict[str, GameService] = {
            name: base.sharing({"multi": MultiMode(rules, window=window, lobby=lobby_timeout)}, rng)
            for name, rules in RULES.items()
        }
        self.decide: Decide | None = None  # set by whoever runs the AI

    @property
    def clock(self) -> Callable[[], datetime]:
        return self.base.clock

    def core(self, game: GameRow) -> GameService:
        """The game service of ``game``, a game of 2-6 (else a Refusal)."""
        core = self.cores.get(game.game)
        if core is None or game.mode != "multi":
            raise Refusal("That is not a Family Business game.")
        return core

    def mode(self, game: GameRow) -> MultiMode:
        mode = self.core(game).mode(game)
        assert isinstance(mode, MultiMode)
        return mode

    def moved(self, moved: Moved, *, left: int | None = None) -> MultiMoved:
        """What a commit of the game service did, as the cogs of games of 2-6 read it."""
        game, state = moved.game, moved.state
        opened = False
        if state is not None and moved.before is not None and game.status == "active":
            rules = self.mode(game).rules
            opened = rules.window_open(state) and not rules.window_open(moved.before)
        return MultiMoved(game, state, moved.events, moved.ended, opened, left)

    # ------------------------------------------------------------------ reading
    async def load(self, game_id: int, *, stored: bool = False) -> tuple[GameRow, Any | None]:
        """A game of 2-6 and its state (None: a lobby), as the game service keeps it
        (``stored``: as stored now, see :meth:`GameReads.load`)."""
        game, state = await self.base.load(game_id, stored=stored)
        self.core(game)
        return game, state

    async def open_games(self) -> list[GameRow]:
        """The open lobbies and games of 2-6 players this process owns (start-up)."""
        return [g for g in await self.store.active_games() if g.mode == "multi"]

    # ------------------------------------------------------------------ the lobby
    async def open_lobby(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        name: str,
        most: int,
        game: str,
        *,
        seats: Sequence[Seat] = (),
    ) -> MultiMoved:
        """A new lobby of ``user_id`` (its host, ``name``) for at most ``most`` seats;
        ``seats``: the seats it opens with, the host's first (Play again), else the
        host's alone. One write."""
        core = self.cores.get(game)
        if core is None:
            raise ValueError(f"{game!r} is not a game for 2-6 players")
        options = core.options("multi", names=(name,), seats=most)
        moved = await core.start(
            "multi",
            guild_id=guild_id,
            channel_id=channel_id,
            players=(user_id,),
            options=options,
            seats=seats,
        )
        return MultiMoved(moved.game, None)

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
        async def decide() -> MultiMoved:
            game, _ = await self.load(game_id)
            self._require_lobby(game)
            seats = change(game.seats, options_of(game).seats)
            row = await self._set(game, "challenge", seats=seats, deadline=game.deadline)
            return MultiMoved(row, None)

        return await self._decided(game_id, decide)

    async def cancel(self, game_id: int, user_id: int) -> MultiMoved:
        async def decide() -> MultiMoved:
            game, _ = await self.load(game_id)
            self._require_lobby(game)
            lobby.host_only(game.seats, user_id, "cancel it")
            return MultiMoved(await self._set(game, "cancelled"), None, ended=True)

        return await self._decided(game_id, decide)

    async def start(self, game_id: int, user_id: int) -> MultiMoved:
        """The host deals the game for the seats taken; its first decision's clock runs."""

        async def decide() -> MultiMoved:
            game, _ = await self.load(game_id)
            self._require_lobby(game)
            lobby.check_start(game.seats, user_id)
            core, mode = self.core(game), self.mode(game)
            state = mode.first_state(core.rules(game), game)
            deadline = core.deadline(game, state)
            row = await self._set(game, "active", state=state, deadline=deadline, seats=game.seats)
            return MultiMoved(row, state, window_opened=mode.rules.window_open(state))

        return await self._decided(game_id, decide)

    async def _decided(
        self, game_id: int, decide: Callable[[], Awaitable[MultiMoved]]
    ) -> MultiMoved:
        """A change of the lobby decided under the game's lock, once more on the lobby as
        stored now when the copy this process kept refused it (another process may
        have changed the lobby since: see :meth:`GameMoves.decided_once_more`)."""
        async with self.base.lock(game_id):
            return await self.base.decided_once_more(game_id, decide)

    @staticmethod
    def _require_lobby(game: GameRow) -> None:
        if game.status != "challenge":
            raise Refusal("That lobby is closed: the game started or the lobby ended.")

    async def again(self, game_id: int, user_id: int, name: str) -> MultiMoved:
        """Play again: a new lobby in the same channel with the same seats, its host the
        player who asked (the others may leave it), but for the people who left the game
        (or ran out of time): they are not dealt into a game they never joined (they may
        Join it)."""
        old = await self.base.game(game_id)
        seat = old.seat_of(user_id)
        if seat is None or old.mode != "multi":
            raise Refusal("You did not play in this game.")
        if old.is_open:
            raise Refusal("This game is still running.")
        if old.status != "finished":  # a lobby cancelled or expired was never played
            raise Refusal("That game was never played: open a new one with /familybusiness open.")
        host = Seat(user_id=user_id, name=name)
        others = [
            s.model_copy(update={"left_place": None})
            for i, s in enumerate(old.seats)
            if i != seat and s.left_place is None
        ]
        # one write, all or nothing: a lobby left holding its host alone (the seats'
        # write failing after it was opened) would keep the channel for nobody
        return await self.open_lobby(
            old.guild_id or 0,
            old.channel_id,
            user_id,
            name,
            len(old.seats),
            old.game,
            seats=(host, *others),
        )

    # ------------------------------------------------------------------ writing
    async def _set(
        self,
        game: GameRow,
        status: Status,
        *,
        state: Any = None,
        deadline: datetime | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> GameRow:
        """A change of a lobby (its seats, its status, its deal) by the game service's
        version-checked write; the game's remembered players follow its seats."""
        row = await self.core(game)._write(
            game, 0, [], state, status, deadline, seats=seats, deal=state is not None
        )
        self.base.origins.forget(game.id)
        self.base.origins.remember(row)
        return row
