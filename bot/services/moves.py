"""Starting games and moving in them, without Discord: load, check who, apply, commit.

Every game of every mode takes one path: the service reads the row, plays its state
through the engine's ``Game`` protocol (the row's game, from the ``games`` registry)
and asks the row's mode strategy (``modes``) what differs between modes: how a game
starts, who plays a seat, whether the seats awaited are timed, the result record.
Every write goes through one per-game ``asyncio.Lock`` and the store's version check,
so two clicks at once apply one move and the other is refused. A refusal is a
:class:`Refusal` carrying the sentence to show the user; nothing was written then.
Applying and committing is :mod:`bot.services.commits`; the turn timer's side is
:mod:`bot.services.games`, whose ``GameService`` the cogs use.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from pydantic import ValidationError

from bot.services.commits import GameCommits, Moved
from bot.services.mode_protocol import StartContext, StartOptions, stored_options
from bot.services.reads import UNDEALT, GameOver, Refusal
from db.errors import ChannelBusy
from db.rows import GameRow, Seat, Status
from engine.errors import IllegalAction

STALE = "That was offered at an earlier moment of the game; the game has moved on."

T = TypeVar("T")


class GameMoves(GameCommits):
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
        seats: Sequence[Seat] = (),
    ) -> Moved:
        """A new game of ``mode`` in ``channel_id`` for ``players`` (user ids by seat;
        0 for a seat the robot or the AI plays): checked by the mode, written as the
        mode opens it (``seats``, when given, are its seats instead of the mode's: a
        lobby of Play again opens with its seats taken, in the same one write). Nobody
        has moved yet; a seat the robot or the AI plays first is played by the mode's
        service."""
        strategy = self.modes[mode]
        if not isinstance(options, strategy.Options):
            raise TypeError(f"a {mode} game starts with {strategy.Options.__name__}")
        # the mode's check and the write, one start of the person at a time: two starts
        # at once (two channels) must not both pass a per-person limit
        async with self.starting(players[0]):
            context = self._context()
            if why := await strategy.refusal(context, players, channel_id, options):
                raise Refusal(why)
            play = self.games[strategy.game]
            seed = self._rng.randrange(1, 2**62)
            state = play.new(seed, strategy.game_options(options))
            opening = strategy.opening(context, guild_id, play.awaiting(state))
            seats = tuple(seats) or opening.seats or strategy.seats_of(players, options)
            try:
                game = await self.store.create_game(
                    mode=strategy.name,
                    game=play.name,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    players=None if seats else (players[0], players[1]),
                    seats=seats,
                    seed=seed,
                    state_json=play.dump_state(state) if opening.dealt else UNDEALT,
                    status=opening.status,
                    options=stored_options(options),
                    deadline=opening.deadline,
                    reminder_at=opening.reminder_at,
                )
            except ChannelBusy:
                raise Refusal(strategy.busy) from None
            except Exception:  # no answer: the game may have been written all the same
                written = await self._created(channel_id, seed)
                if written is None:
                    raise
                game = written
            strategy.started(context, players)
        self.origins.remember(game)
        self._changed(game)
        return Moved(game, state if opening.dealt else None)

    async def _created(self, channel_id: int, seed: int) -> GameRow | None:
        """The game a start wrote though its answer was lost (a connection that dropped
        after the server ran the commit): the channel's open game with this start's seed
        (62 random bits: no other start's); None if there is none, or the store cannot
        tell now."""
        try:
            stored = await self.store.active_game_in_channel(channel_id)
        except Exception:
            return None
        return stored if stored is not None and stored.seed == seed else None

    async def answer_challenge(self, game_id: int, user_id: int, answer: str) -> Moved:
        """``answer`` is accept or decline (the opponent) or cancel (the challenger)."""
        async with self.lock(game_id):
            return await self.decided_once_more(
                game_id, lambda: self._answer_challenge(game_id, user_id, answer)
            )

    async def _answer_challenge(self, game_id: int, user_id: int, answer: str) -> Moved:
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

    async def decided_once_more(self, game_id: int, decide: Callable[[], Awaitable[T]]) -> T:
        """``decide`` (called under the game's lock), and once more on the game as stored
        now when it was refused on the copy this process kept: another process may have
        changed the game since (a rolling restart), so the copy's answer, or the write's
        "the game changed a moment ago" for a click that nothing raced, is not the
        game's. A read only when the answer would be no; a second refusal stands (a
        real race, or the game's own answer)."""
        kept = self._live.kept(game_id)
        try:
            return await decide()
        except Refusal:
            if not kept:
                raise  # decided on the game as stored: the refusal stands
        self._live.forget(game_id)
        return await decide()

    # -------------------------------------------------------------------- moves
    async def play(
        self,
        game_id: int,
        user_id: int,
        seq: int | None,
        build: Callable[[Any], list[Any]],
        *,
        moment: int | None = None,
    ) -> Moved:
        """Apply the actions ``build`` picks from the stored state, all or nothing.

        ``seq`` is the action count a button was drawn for (None for slash commands);
        ``moment`` the mode's moment a control was drawn for (see ``GameMode.moment``;
        None: any); ``build`` may raise IllegalAction with a message for the player.
        """
        async with self.lock(game_id):
            return await self.decided_once_more(
                game_id, lambda: self._play(game_id, user_id, seq, build, moment)
            )

    async def _play(
        self,
        game_id: int,
        user_id: int,
        seq: int | None,
        build: Callable[[Any], list[Any]],
        moment: int | None,
    ) -> Moved:
        game, state = await self.load(game_id)
        if game.seat_of(user_id) is not None and game.status in ("finished", "forfeited"):
            raise GameOver("That game is over.")  # said before "an earlier moment" of it
        if game.seat_of(user_id) is not None and (
            (seq is not None and seq != game.action_count)
            or (
                moment is not None and state is not None and self.mode(game).moment(state) != moment
            )
        ):
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
        seat = self.seat_in_play(game, state, user_id)
        if seat not in self.rules(game).awaiting(state):
            raise Refusal(self.mode(game).not_awaited(state))
        return seat

    def seat_in_play(self, game: GameRow, state: Any, user_id: int) -> int:
        """``user_id``'s seat in running ``game``, where it may act when awaited (else a
        Refusal saying why not: not seated, not started, over, or the mode's reason)."""
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not playing in this game.")
        mode = self.mode(game)
        if game.status == "challenge" or state is None:
            raise Refusal(mode.not_started)
        play = self.rules(game)
        if game.status != "active" or play.is_over(state):
            raise GameOver("That game is over.")
        if why := mode.refusal_to_act(game, state, seat):
            raise Refusal(why)
        return seat

    # ------------------------------------------------------------------ endings
    async def forfeit(self, game_id: int, user_id: int, seq: int | None = None) -> Moved:
        """``user_id`` gives up; the mode says what follows (who wins, or the game goes
        on without them)."""
        async with self.lock(game_id):
            return await self.decided_once_more(
                game_id, lambda: self._forfeit(game_id, user_id, seq)
            )

    async def _forfeit(self, game_id: int, user_id: int, seq: int | None) -> Moved:
        game, state = await self.load(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not playing in this game.")
        if game.status != "active":
            raise Refusal("That game is not running.")
        mode = self.mode(game)
        if why := mode.refusal_to_act(game, state, seat):
            raise Refusal(why)
        if seq is not None and await self._moved_since(game, user_id, seq):
            raise Refusal(STALE)
        return await self.settle(game, state, mode.gives_up(game, state, seat), "forfeit")

    async def _moved_since(self, game: GameRow, user_id: int, seq: int) -> bool:
        """Whether ``user_id`` made a move after action ``seq`` (or ``seq`` is not one
        of the game's): a player who went on playing after a forfeit question must be
        asked again, while the opponent's (or the AI's) moves leave the answer standing."""
        if seq > game.action_count:
            return True
        since = await self.store.action_log(game.id, since=seq)
        return any(row.actor == user_id for row in since)
