"""Committing a change of a game, for every game and mode: the engine applies the seats'
actions to the state read under the game's lock, the mode strategy says when the game
ends, its result record and how long the seats awaited next have (the one place a
deadline is decided), and the store takes it all in one version-checked write.

A refusal is a :class:`~bot.services.reads.Refusal` carrying the sentence to show the
user; nothing was written then. Starting and moving (:mod:`bot.services.moves`) and the
turn timer (:mod:`bot.services.games`) write through here.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal, Self

from bot.services.cooldowns import ChallengeLimits
from bot.services.mode_protocol import GameMode, Lapse
from bot.services.modes import MODES
from bot.services.reads import GameReads, Refusal
from bot.services.replay import log_entry
from db.errors import GameClosed, VersionConflict
from db.rows import GameRow, Reason, ResultRecord, Seat, Status
from db.store import Store
from engine.game import Game
from engine.games import GAMES

Clock = Callable[[], datetime]
#: One seat's action: several seats may act in one commit (a window's silent answers).
Move = tuple[int, Any]

CONFLICT = "That move is no longer possible: the game changed a moment ago."


@dataclass(frozen=True, slots=True)
class Moved:
    """A committed change of a game and what the cogs should show for it."""

    game: GameRow
    state: Any  # the game's state (its engine's state class); None: not dealt yet
    events: list[Any] = field(default_factory=list)
    turn_passed: bool = False  # the seats awaited changed
    ended: bool = False  # the game is over (score, forfeit or timeout)
    result: ResultRecord | None = None
    before: Any = None  # the state the committed moves were applied to


class GameCommits(GameReads):
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
        #: Called with the game as it was before a write whose outcome is unknown (its
        #: answer lost, and the store not telling now whether it landed): whoever shows
        #: the games brings that one up to the store in a while (the tables' repair).
        self.unsure: list[Callable[[GameRow], None]] = []

    def sharing(self, modes: Mapping[str, GameMode], rng: random.Random | None = None) -> Self:
        """This service for the games of ``modes`` instead (its new games seeded by
        ``rng`` when given): the same store, clock and settings, and the same locks,
        kept games and listeners (one process, one lock per game whoever writes it)."""
        other = copy.copy(self)
        other.modes = modes
        if rng is not None:
            other._rng = rng
        return other

    async def decided(
        self,
        game_id: int,
        seat_of: Callable[[GameRow, Any], int | None],
        think: Callable[[GameRow, Any, int], Awaitable[Any]],
    ) -> Moved | None:
        """One decision of a seat a program plays (the AI), thought outside the game's
        lock and committed under it as the program's (actor 0); None when ``seat_of``
        finds no such seat awaited. A decision made stale by a change in between (here or
        in another process) is thought again. An illegal decision raises IllegalAction."""
        while True:
            game, state = await self.load(game_id)
            seat = seat_of(game, state)
            if seat is None:
                return None
            action = await think(game, state, seat)
            async with self.lock(game_id):
                now, state = await self.load(game_id)
                if now.version != game.version or seat_of(now, state) != seat:
                    continue  # the game changed while the program thought: look again
                try:
                    return await self.commit(now, state, seat, 0, [action])
                except Refusal:
                    continue  # another process committed first

    async def commit(
        self, game: GameRow, before: Any, seat: int, actor: int, actions: Sequence[Any]
    ) -> Moved:
        """Apply ``seat``'s ``actions`` to ``before`` (the state of ``game`` as read under
        its lock), all or nothing, and commit them as ``actor``'s (0: the robot or the
        AI): the deadline and the result follow from the new state. Raises
        IllegalAction (nothing written) or Refusal (the game changed meanwhile)."""
        return await self.commit_moves(game, before, actor, [(seat, a) for a in actions])

    async def commit_moves(
        self,
        game: GameRow,
        before: Any,
        actor: int,
        moves: Sequence[Move],
        *,
        seats: Sequence[Seat] | None = None,
    ) -> Moved:
        """Apply ``moves`` (each seat's action, in order) to ``before`` as :meth:`commit`
        does; ``seats``, when given, become the game's seats with the same write (a
        person who left hands their seat to the AI)."""
        play, mode = self.rules(game), self.mode(game)
        after = game if seats is None else game.model_copy(update={"seats": tuple(seats)})
        new = play.copy(before)
        groups = [play.apply(new, action, seat) for seat, action in moves]
        awaiting = play.awaiting(new)
        turn_passed = awaiting != play.awaiting(before)
        over = play.is_over(new)
        ended = over or mode.abandoned(after, new)
        result = mode.scored(after, new, play.outcome(new) if over else None) if ended else None
        deadline = None if ended else self._deadline(after, before, new, awaiting)
        status: Status = "finished" if ended else "active"
        row = await self._write(
            game,
            actor,
            moves,
            new,
            status,
            deadline,
            keep=not turn_passed,
            result=result,
            seats=seats,
        )
        events = [event for group in groups for event in group]
        return Moved(row, new, events, turn_passed, ended, result, before)

    def deadline(self, game: GameRow, state: Any) -> datetime | None:
        """The deadline of a decision that begins now in ``game`` at ``state``."""
        awaiting = self.rules(game).awaiting(state)
        period = self.mode(game).period(game, state, awaiting, self.turn_timeout)
        return None if period is None else self.clock() + period

    def _deadline(
        self, game: GameRow, before: Any, after: Any, awaiting: Sequence[int]
    ) -> datetime | None:
        """The mode says how long the seats ``awaiting`` have; a decision that goes on
        (the same turn, the same window) keeps its deadline."""
        mode = self.mode(game)
        period = mode.period(game, after, awaiting, self.turn_timeout)
        if period is None:
            return None  # e.g. a solo game waits for its player: no turn timer
        if mode.goes_on(self.rules(game), before, after):
            return game.deadline  # the same decision goes on; its clock keeps running
        return self.clock() + period

    async def _write(
        self,
        game: GameRow,
        user_id: int,
        moves: Sequence[Move],
        state: Any,
        status: Status,
        deadline: datetime | None,
        *,
        keep: bool = False,
        result: ResultRecord | None = None,
        seats: Sequence[Seat] | None = None,
        deal: bool = False,
    ) -> GameRow:
        """Commit, version-checked. ``keep``: the same turn goes on, so its reminder
        stays where it was (and is not sent twice). ``seats``: the game's new seats;
        ``deal``: ``state`` is the first of a game dealt now. The table's move log
        replays the actions written from memory (:meth:`replayed`)."""
        play, mode = self.rules(game), self.mode(game)
        reminder: datetime | Literal["half"] | None = "half" if mode.reminds(state) else None
        if keep and reminder is not None:
            reminder = None if game.reminder_sent else game.reminder_at
        texts = [log_entry(play, mode, seat, action) for seat, action in moves]
        written = play.dump_state(state) if moves or deal else None
        try:
            if written is not None and moves:
                row = await self.store.commit_move(
                    game.id,
                    expected_version=game.version,
                    actor=user_id,
                    actions=texts,
                    state_json=written,
                    status=status,
                    deadline=deadline,
                    reminder_at=reminder,
                    result=result,
                    seats=seats,
                )
            else:
                row = await self.store.set_status(
                    game.id,
                    expected_version=game.version,
                    status=status,
                    state_json=written,
                    deadline=deadline,
                    reminder_at=reminder,
                    result=result,
                    seats=seats,
                )
        except (VersionConflict, GameClosed):
            self._live.forget(game.id)
            raise Refusal(CONFLICT) from None
        except Exception:  # no answer: the write may have been committed all the same
            self._live.forget(game.id)
            landed = await self._landed(
                game, user_id, texts, status, deadline, seats, written, result
            )
            if landed is None:
                for hook in self.unsure:
                    hook(game)
                raise
            row = landed
        self._live.keep(row, state, texts)
        self._changed(row)
        return row

    async def _landed(
        self,
        game: GameRow,
        user_id: int,
        texts: Sequence[str],
        status: Status,
        deadline: datetime | None,
        seats: Sequence[Seat] | None,
        state_json: str | None,
        result: ResultRecord | None,
    ) -> GameRow | None:
        """The game as stored if this write over ``game`` was committed though its
        answer was lost (a connection that dropped after the server ran the commit);
        None if it was not, or if the store cannot tell now. A write bumps the version
        by one: the stored game one version on is this write if it holds what the write
        wrote (its status, deadline, seats, state and result: who won, how, the points)
        and, with actions, exactly these actions by this actor at the log's end. Another
        process's write of that version (another person joining the lobby, the other
        player giving up) differs in what it wrote."""
        try:
            stored = await self.store.get_game(game.id)
            if stored is None or stored.version != game.version + 1:
                return None
            if (stored.status, stored.deadline) != (status, deadline):
                return None
            if seats is not None and stored.seats != tuple(seats):
                return None
            if state_json is not None and stored.state_json != state_json:
                return None
            if result is not None:
                ended = await self.store.get_result(game.id)
                wrote = (result.winner, result.reason, result.totals)
                if ended is None or (ended.winner, ended.reason, ended.totals) != wrote:
                    return None
            if not texts:
                return stored
            log = await self.store.action_log(game.id, since=game.action_count)
        except Exception:
            return None
        logged = [(a.actor, a.action_json) for a in log]
        return stored if logged == [(user_id, t) for t in texts] else None

    def _changed(self, row: GameRow) -> None:
        for listener in self.listeners:
            listener(row)

    async def settle(self, game: GameRow, state: Any, lapse: Lapse, reason: Reason) -> Moved:
        """Commit what the mode said a deadline passing or a person giving up means:
        the loss of seats (by ``reason``), or moves and seats for them."""
        if lapse.lost:
            return await self.lose(game, state, lapse.lost, lapse.actor, reason)
        return await self.commit_moves(game, state, lapse.actor, lapse.moves, seats=lapse.seats)

    async def lose(
        self, game: GameRow, state: Any, seats: Sequence[int], actor: int, reason: Reason
    ) -> Moved:
        """Commit the loss of ``seats`` (by ``reason``: forfeit or timeout) over ``game``
        as read under its lock; its mode's result record says who wins."""
        record = self.mode(game).lost(game, state, seats, reason)
        row = await self._write(game, actor, [], state, "forfeited", None, result=record)
        return Moved(row, state, ended=True, result=record)
