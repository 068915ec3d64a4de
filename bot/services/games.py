"""Game orchestration without Discord: load, check who, apply, commit, say what to show.

Every write goes through one per-game ``asyncio.Lock`` and the store's version check,
so two clicks at once apply one move and the other is refused. A refusal is a
:class:`Refusal` carrying the sentence to show the user; nothing was written then.
The cogs turn results into messages; the crash tests drive this class directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from bot.services.cooldowns import ChallengeLimits
from bot.services.modes import Duel, DuelOptions, mode_of, stored_options
from bot.services.reads import GameReads, Refusal
from db.errors import ChannelBusy, GameClosed, VersionConflict
from db.rows import GameRow, ResultRecord
from db.store import Store
from engine.famiglia import Action, Event, GameState, IllegalAction, dump_action, new_game, result

Clock = Callable[[], datetime]

FAMIGLIA = "famiglia"  # the game this service plays (its rows' ``game``)
STALE = "That button belongs to an earlier moment of the game; the game has moved on."
CONFLICT = "That move is no longer possible: the game changed a moment ago."


@dataclass(frozen=True, slots=True)
class Moved:
    """A committed change of a game and what the cogs should show for it."""

    game: GameRow
    state: GameState
    events: list[Event] = field(default_factory=list)
    turn_passed: bool = False  # the seat to move changed
    ended: bool = False  # the game is over (score, forfeit or timeout)
    result: ResultRecord | None = None


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the turn timer did: ``kind`` is expired, reminder or timeout."""

    kind: str
    moved: Moved


def to_move(state: GameState) -> int | None:
    return None if state.over else state.current


class GameService(GameReads):
    def __init__(
        self,
        store: Store,
        *,
        turn_timeout: timedelta,
        challenge_timeout: timedelta,
        clock: Clock,
        rng: random.Random | None = None,
        challenge_limits: ChallengeLimits | None = None,
    ) -> None:
        super().__init__(store)
        #: How often a member may challenge (None: no limit).
        self.challenge_limits = challenge_limits
        self.turn_timeout = turn_timeout
        self.challenge_timeout = challenge_timeout
        self.clock = clock
        self._rng = rng or random.SystemRandom()
        #: Called with the game as written after every write that may move a deadline
        #: (the turn timer listens: it learns of a sooner deadline without a read).
        self.listeners: list[Callable[[GameRow], None]] = []

    # --------------------------------------------------------------- challenges
    async def challenge(
        self, guild_id: int, channel_id: int, challenger: int, opponent: int, names: list[str]
    ) -> GameRow:
        if challenger == opponent:
            raise Refusal("You cannot challenge yourself. Pick another member of this server.")
        limits = self.challenge_limits
        if limits is not None and (why := limits.refusal(challenger, opponent, self.clock())):
            raise Refusal(why)
        if await self.store.active_game_in_channel(channel_id) is not None:
            raise Refusal(
                "There is already a Famiglia game or challenge in this channel. "
                "Finish it first, or start yours in another channel."
            )
        seed = self._rng.randrange(1, 2**62)
        state = new_game(seed, mode=Duel.engine_mode)
        try:
            game = await self.store.create_game(
                mode=Duel.name,
                guild_id=guild_id,
                channel_id=channel_id,
                players=(challenger, opponent),
                seed=seed,
                state_json=state.to_json(),
                status="challenge",
                options=stored_options(DuelOptions(names=(names[0], names[1]))),
                deadline=self.clock() + self.challenge_timeout,
            )
        except ChannelBusy:
            raise Refusal("Someone just opened a game in this channel.") from None
        self.origins.remember(game)
        if limits is not None:
            limits.note(challenger, opponent, self.clock())
        self._changed(game)
        return game

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
                status, deadline = "active", self.clock() + self.turn_timeout
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
        build: Callable[[GameState], list[Action]],
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
        build: Callable[[GameState], list[Action]],
    ) -> Moved:
        game, state = await self.load(game_id)
        if seq is not None and seq != game.action_count and game.seat_of(user_id) is not None:
            raise Refusal(STALE)
        seat = self._seat_to_act(game, state, user_id)
        try:
            actions = build(state)
            if not actions:
                raise IllegalAction("Nothing to do: choose a move first.")
            new = state.copy()
            groups = [new.apply(action, seat) for action in actions]
        except IllegalAction as error:
            raise Refusal(str(error)) from None
        return await self._commit_move(game, state, new, user_id, actions, groups)

    def _seat_to_act(self, game: GameRow, state: GameState, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not playing in this game.")
        if game.status == "challenge":
            raise Refusal("The game has not started: the challenge is not accepted yet.")
        if game.status != "active" or state.over:
            raise Refusal("That game is over.")
        if to_move(state) != seat:
            raise Refusal("It is not your turn: wait for your opponent to move.")
        return seat

    async def _commit_move(
        self,
        game: GameRow,
        before: GameState,
        new: GameState,
        user_id: int,
        actions: Sequence[Action],
        groups: Sequence[list[Event]],
    ) -> Moved:
        """Commit ``actions`` (``groups``: the events of each) that took ``before`` to
        ``new``; the deadline and the result follow from the new state."""
        turn_passed = to_move(new) != to_move(before)
        ended = new.over
        result = self._score_result(new) if ended else None
        if ended or not mode_of(game).timed(game, new):
            deadline = None  # e.g. a solo game waits for its player: no turn timer
        elif turn_passed:
            deadline = self.clock() + self.turn_timeout
        else:
            deadline = game.deadline  # the same turn goes on; its clock keeps running
        status = "finished" if ended else "active"
        row = await self._write(
            game,
            user_id,
            actions,
            new,
            status,
            deadline,
            keep=not turn_passed,
            result=result,
            groups=groups,
        )
        events = [event for group in groups for event in group]
        return Moved(row, new, events, turn_passed, ended, result)

    @staticmethod
    def _score_result(state: GameState) -> ResultRecord:
        final = result(state)
        return ResultRecord(
            totals=final.totals,
            winner=final.winner,  # type: ignore[arg-type]
            reason="score",
            level=state.level,
            first_seat=state.first,  # type: ignore[arg-type]
            high_score=final.high_score,
        )

    async def _write(
        self,
        game: GameRow,
        user_id: int,
        actions: Sequence[Action],
        state: GameState,
        status: str,
        deadline: datetime | None,
        *,
        keep: bool = False,
        result: ResultRecord | None = None,
        groups: Sequence[list[Event]] | None = None,
    ) -> GameRow:
        """Commit, version-checked. ``keep``: the same turn goes on, so its reminder
        stays where it was (and is not sent twice). ``groups``: each action's events,
        kept for the table's move log."""
        reminder: datetime | Literal["half"] | None = "half"
        if keep:
            reminder = None if game.reminder_sent else game.reminder_at
        texts = [dump_action(a) for a in actions]
        try:
            if actions:
                row = await self.store.commit_move(
                    game.id,
                    expected_version=game.version,
                    actor=user_id,
                    actions=texts,
                    state_json=state.to_json(),
                    status=status,  # type: ignore[arg-type]
                    deadline=deadline,
                    reminder_at=reminder,
                    result=result,
                )
            else:
                row = await self.store.set_status(
                    game.id,
                    expected_version=game.version,
                    status=status,  # type: ignore[arg-type]
                    deadline=deadline,
                    reminder_at=reminder,
                    result=result,
                )
        except (VersionConflict, GameClosed):
            self._live.forget(game.id)
            raise Refusal(CONFLICT) from None
        self._live.keep(row, state, texts)
        if row.status in ("challenge", "active"):
            self._recent.extend(game.id, game.action_count, row.action_count, groups or [])
        else:
            self._recent.forget(game.id)  # its final table replays once
        self._changed(row)
        return row

    def _changed(self, row: GameRow) -> None:
        for listener in self.listeners:
            listener(row)

    # ------------------------------------------------------------------ endings
    async def forfeit(self, game_id: int, user_id: int, seq: int | None = None) -> Moved:
        """``user_id`` gives up; the other seat wins."""
        async with self.lock(game_id):
            game, state = await self.load(game_id)
            seat = game.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not playing in this game.")
            if game.status != "active":
                raise Refusal("That game is not running.")
            if seq is not None and await self._moved_since(game, user_id, seq):
                raise Refusal(STALE)
            return await self._lose(game, state, seat, user_id, "forfeit")

    async def _lose(
        self, game: GameRow, state: GameState, seat: int, actor: int, reason: str
    ) -> Moved:
        """Commit the loss of ``seat`` (by ``reason``: forfeit or timeout) over ``game`` as
        read under its lock; the other seat wins."""
        record = ResultRecord(
            totals=result(state).totals,
            winner=1 - seat,  # type: ignore[arg-type]
            reason=reason,  # type: ignore[arg-type]
            level=state.level,
            first_seat=state.first,  # type: ignore[arg-type]
        )
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

    # -------------------------------------------------------------------- timer
    async def due(self) -> list[Notice]:
        """Expire old challenges, remind at half time, forfeit at the deadline."""
        now = self.clock()
        notices: list[Notice] = []
        for game in await self.store.due_deadlines(now, game=FAMIGLIA):
            try:
                if game.status == "challenge":
                    notices.append(Notice("expired", await self._expire(game.id, now)))
                elif game.status == "active":
                    notices.append(Notice("timeout", await self._time_out(game.id, now)))
            except Refusal:
                continue  # a move or answer got there first
        for game in await self.store.due_reminders(now, game=FAMIGLIA):
            if game.status != "active":
                continue
            async with self.lock(game.id):
                if await self.store.mark_reminder_sent(game.id, expected_version=game.version):
                    self._live.forget(game.id)  # kept with its reminder unsent
                    notices.append(
                        Notice("reminder", Moved(game, GameState.from_json(game.state_json)))
                    )
        return notices

    async def _expire(self, game_id: int, now: datetime) -> Moved:
        async with self.lock(game_id):
            game, state = await self.load(game_id)
            if game.status != "challenge" or game.deadline is None or game.deadline > now:
                raise Refusal("no longer due")
            row = await self._write(game, 0, [], state, "expired", None)
            return Moved(row, state, ended=True)

    async def _time_out(self, game_id: int, now: datetime) -> Moved:
        """The player to move lost on time, decided as a move is: under the game's lock,
        on the game as stored now, committed with its version. A move that got the lock
        first gave the turn a fresh deadline, so it is no longer due and nobody loses."""
        async with self.lock(game_id):
            game, state = await self.load(game_id)
            seat = to_move(state)
            if game.status != "active" or game.deadline is None or game.deadline > now:
                raise Refusal("no longer due")
            if seat is None:
                raise Refusal("nobody to move")
            return await self._lose(game, state, seat, game.players[seat], "timeout")

    async def next_due(self) -> datetime | None:
        """The earliest deadline or unsent reminder of any open game (one query)."""
        return await self.store.next_deadline()
