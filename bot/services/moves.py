"""Starting games and moving in them, without Discord: load, check who, apply, commit.

Every game of every mode takes one path: the service reads the row, plays its state
through the engine's ``Game`` protocol (the row's game, from the ``games`` registry)
and asks the row's mode strategy (``modes``) what differs between modes: how a game
starts, who plays a seat, whether the seats awaited are timed, the result record.
Every write goes through one per-game ``asyncio.Lock`` and the store's version check,
so two clicks at once apply one move and the other is refused. A refusal is a
:class:`Refusal` carrying the sentence to show the user; nothing was written then.
The turn timer's side is :mod:`bot.services.games`, whose ``GameService`` the cogs use.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import ValidationError

from bot.services.cooldowns import ChallengeLimits
from bot.services.mode_protocol import GameMode, StartContext, StartOptions, stored_options
from bot.services.modes import MODES
from bot.services.reads import GameReads, Refusal
from db.errors import ChannelBusy, GameClosed, VersionConflict
from db.rows import GameRow, Reason, ResultRecord, Status
from db.store import Store
from engine.errors import IllegalAction
from engine.game import Game
from engine.games import GAMES

Clock = Callable[[], datetime]

STALE = "That button belongs to an earlier moment of the game; the game has moved on."
CONFLICT = "That move is no longer possible: the game changed a moment ago."


@dataclass(frozen=True, slots=True)
class Moved:
    """A committed change of a game and what the cogs should show for it."""

    game: GameRow
    state: Any  # the game's state (its engine's state class)
    events: list[Any] = field(default_factory=list)
    turn_passed: bool = False  # the seats awaited changed
    ended: bool = False  # the game is over (score, forfeit or timeout)
    result: ResultRecord | None = None


class GameMoves(GameReads):
    def __init__(
        self,
        store: Store,
        *,
        turn_timeout: timedelta,
        challenge_timeout: timedelta,
        clock: Clock,
        rng: random.Random | None = None,
        challenge_limits: ChallengeLimits | None = None,
        games_per_user: Mapping[str, int] | None = None,
        games: Mapping[str, Game[Any, Any]] = GAMES,
        modes: Mapping[str, GameMode] = MODES,
    ) -> None:
        super().__init__(store, games=games, modes=modes)
        #: How often a member may challenge (None: no limit).
        self.challenge_limits = challenge_limits
        #: The most open games of a mode (by name) one person may have.
        self.games_per_user = dict(games_per_user or {})
        self.turn_timeout = turn_timeout
        self.challenge_timeout = challenge_timeout
        self.clock = clock
        self._rng = rng or random.SystemRandom()
        #: Called with the game as written after every write that may move a deadline
        #: (the turn timer listens: it learns of a sooner deadline without a read).
        self.listeners: list[Callable[[GameRow], None]] = []

    # ------------------------------------------------------------------ starts
    def options(self, mode: str, **values: Any) -> StartOptions:
        """``mode``'s typed start options from ``values``; a Refusal naming what the
        mode accepts for anything its model does not."""
        strategy = self.modes[mode]
        try:
            return strategy.Options(**values)
        except ValidationError:
            raise Refusal(strategy.invalid) from None

    def _context(self) -> StartContext:
        return StartContext(
            self.store,
            self.clock(),
            self.turn_timeout,
            self.challenge_timeout,
            self.challenge_limits,
            self.games_per_user,
        )

    async def start(
        self,
        mode: str,
        *,
        guild_id: int | None,
        channel_id: int,
        players: Sequence[int],
        options: StartOptions,
    ) -> Moved:
        """A new game of ``mode`` in ``channel_id`` for ``players`` (user ids by seat;
        0 for a seat the robot or the AI plays): checked by the mode, written as the
        mode opens it. Nobody has moved yet; a seat the robot or the AI plays first is
        played by the mode's service."""
        strategy = self.modes[mode]
        if not isinstance(options, strategy.Options):
            raise TypeError(f"a {mode} game starts with {strategy.Options.__name__}")
        context = self._context()
        if why := await strategy.refusal(context, players, channel_id, options):
            raise Refusal(why)
        play = self.games[strategy.game]
        seed = self._rng.randrange(1, 2**62)
        state = play.new(seed, strategy.game_options(options))
        opening = strategy.opening(context, guild_id, play.awaiting(state))
        try:
            game = await self.store.create_game(
                mode=strategy.name,
                game=play.name,
                guild_id=guild_id,
                channel_id=channel_id,
                players=None if opening.seats else (players[0], players[1]),
                seats=opening.seats,
                seed=seed,
                state_json=play.dump_state(state),
                status=opening.status,
                options=stored_options(options),
                deadline=opening.deadline,
                reminder_at=opening.reminder_at,
            )
        except ChannelBusy:
            raise Refusal(strategy.busy) from None
        self.origins.remember(game)
        strategy.started(context, players)
        self._changed(game)
        return Moved(game, state)

    async def answer_challenge(self, game_id: int, user_id: int, answer: str) -> Moved:
        """``answer`` is accept or decline (the opponent) or cancel (the challenger)."""
        async with self.lock(game_id):
            game, state = await self.load(game_id)
            if game.status != "challenge":
                raise Refusal("That challenge is no longer open.")
            allowed = game.players[0] if answer == "cancel" else game.players[1]
            if user_id != allowed:
                who = "the challenger" if answer == "cancel" else "the challenged player"
                raise Refusal(f"Only {who} can {answer} this challenge.")
            if answer == "accept":
                status: Status = "active"
                deadline: datetime | None = self.clock() + self.turn_timeout
            else:
                status, deadline = ("declined" if answer == "decline" else "cancelled"), None
            row = await self._write(game, user_id, [], state, status, deadline)
            return Moved(row, state, ended=status != "active")

    # -------------------------------------------------------------------- moves
    async def play(
        self,
        game_id: int,
        user_id: int,
        seq: int | None,
        build: Callable[[Any], list[Any]],
    ) -> Moved:
        """Apply the actions ``build`` picks from the stored state, all or nothing.

        ``seq`` is the action count a button was drawn for (None for slash commands);
        ``build`` may raise IllegalAction with a message for the player.
        """
        async with self.lock(game_id):
            kept = self._live.kept(game_id)
            try:
                return await self._play(game_id, user_id, seq, build)
            except Refusal:
                if not kept:
                    raise  # decided on the game as stored: the refusal stands
            # Another process may have moved the game since it was kept: decide again
            # on the game as stored now (a read only when the answer would be no).
            self._live.forget(game_id)
            return await self._play(game_id, user_id, seq, build)

    async def _play(
        self,
        game_id: int,
        user_id: int,
        seq: int | None,
        build: Callable[[Any], list[Any]],
    ) -> Moved:
        game, state = await self.load(game_id)
        if seq is not None and seq != game.action_count and game.seat_of(user_id) is not None:
            raise Refusal(STALE)
        seat = self._seat_to_act(game, state, user_id)
        try:
            actions = build(state)
            if not actions:
                raise IllegalAction("Nothing to do: choose a move first.")
            return await self.commit(game, state, seat, user_id, actions)
        except IllegalAction as error:
            raise Refusal(str(error)) from None

    def _seat_to_act(self, game: GameRow, state: Any, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not playing in this game.")
        if game.status == "challenge":
            raise Refusal("The game has not started: the challenge is not accepted yet.")
        play = self.rules(game)
        if game.status != "active" or play.is_over(state):
            raise Refusal("That game is over.")
        if seat not in play.awaiting(state):
            raise Refusal("It is not your turn: wait for your opponent to move.")
        return seat

    async def commit(
        self, game: GameRow, before: Any, seat: int, actor: int, actions: Sequence[Any]
    ) -> Moved:
        """Apply ``seat``'s ``actions`` to ``before`` (the state of ``game`` as read under
        its lock), all or nothing, and commit them as ``actor``'s (0: the robot or the
        AI): the deadline and the result follow from the new state. Raises
        IllegalAction (nothing written) or Refusal (the game changed meanwhile)."""
        play = self.rules(game)
        new = play.copy(before)
        groups = [play.apply(new, action, seat) for action in actions]
        awaiting = play.awaiting(new)
        turn_passed = awaiting != play.awaiting(before)
        ended = play.is_over(new)
        mode = self.mode(game)
        result = mode.scored(game, new, play.outcome(new)) if ended else None
        if ended or not mode.timed(game, awaiting):
            deadline = None  # e.g. a solo game waits for its player: no turn timer
        elif turn_passed:
            deadline = self.clock() + self.turn_timeout
        else:
            deadline = game.deadline  # the same turn goes on; its clock keeps running
        status: Status = "finished" if ended else "active"
        row = await self._write(
            game,
            actor,
            actions,
            new,
            status,
            deadline,
            keep=not turn_passed,
            result=result,
        )
        events = [event for group in groups for event in group]
        return Moved(row, new, events, turn_passed, ended, result)

    async def _write(
        self,
        game: GameRow,
        user_id: int,
        actions: Sequence[Any],
        state: Any,
        status: Status,
        deadline: datetime | None,
        *,
        keep: bool = False,
        result: ResultRecord | None = None,
    ) -> GameRow:
        """Commit, version-checked. ``keep``: the same turn goes on, so its reminder
        stays where it was (and is not sent twice). The table's move log replays the
        actions written from memory (:meth:`replayed`)."""
        reminder: datetime | Literal["half"] | None = "half"
        if keep:
            reminder = None if game.reminder_sent else game.reminder_at
        play = self.rules(game)
        texts = [play.dump_action(a) for a in actions]
        try:
            if actions:
                row = await self.store.commit_move(
                    game.id,
                    expected_version=game.version,
                    actor=user_id,
                    actions=texts,
                    state_json=play.dump_state(state),
                    status=status,
                    deadline=deadline,
                    reminder_at=reminder,
                    result=result,
                )
            else:
                row = await self.store.set_status(
                    game.id,
                    expected_version=game.version,
                    status=status,
                    deadline=deadline,
                    reminder_at=reminder,
                    result=result,
                )
        except (VersionConflict, GameClosed):
            self._live.forget(game.id)
            raise Refusal(CONFLICT) from None
        self._live.keep(row, state, texts)
        self._changed(row)
        return row

    def _changed(self, row: GameRow) -> None:
        for listener in self.listeners:
            listener(row)

    # ------------------------------------------------------------------ endings
    async def forfeit(self, game_id: int, user_id: int, seq: int | None = None) -> Moved:
        """``user_id`` gives up; the mode says who wins."""
        async with self.lock(game_id):
            game, state = await self.load(game_id)
            seat = game.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not playing in this game.")
            if game.status != "active":
                raise Refusal("That game is not running.")
            if seq is not None and await self._moved_since(game, user_id, seq):
                raise Refusal(STALE)
            return await self.lose(game, state, (seat,), user_id, "forfeit")

    async def lose(
        self, game: GameRow, state: Any, seats: Sequence[int], actor: int, reason: Reason
    ) -> Moved:
        """Commit the loss of ``seats`` (by ``reason``: forfeit or timeout) over ``game``
        as read under its lock; its mode's result record says who wins."""
        record = self.mode(game).lost(game, state, seats, reason)
        row = await self._write(game, actor, [], state, "forfeited", None, result=record)
        return Moved(row, state, ended=True, result=record)

    async def _moved_since(self, game: GameRow, user_id: int, seq: int) -> bool:
        """Whether ``user_id`` made a move after action ``seq`` (or ``seq`` is not one
        of the game's): a player who went on playing after a forfeit question must be
        asked again, while the opponent's (or the AI's) moves leave the answer standing."""
        if seq > game.action_count:
            return True
        since = await self.store.action_log(game.id, since=seq)
        return any(row.actor == user_id for row in since)
