"""Games for 2-6 players (mode ``multi``): the lobby, moves and window answers, people
leaving, the AI seats, the deadlines, the end. No Discord here.

Every write takes the game's lock (shared with every other service of the process,
:meth:`~bot.services.reads.GameReads.lock`) and the store's version check, like any
move. The log of a multi game holds ``(seat, action)`` entries (a window's answers come
from any seat), so ``engine.game.replay`` rebuilds it. What a game adds to the engine
protocol (a window, its silent answer, the AI) is its :mod:`bot.services.multi_rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.services.games import CONFLICT, STALE
from bot.services.multi_lobby import TAKEOVER, MultiLobby, MultiMoved
from bot.services.multi_rules import MultiRules, dump_move, parse_move, rules_of
from bot.services.placings import final_placing, left_place, winner_of
from bot.services.reads import Refusal
from db.errors import GameClosed, VersionConflict
from db.rows import GameRow, ResultRecord, Seat
from engine.errors import IllegalAction


class MultiService(MultiLobby):
    """Moves, window answers, leaving, the AI seats and the timer of multi games."""

    # ------------------------------------------------------------------ moves
    async def play(
        self,
        game_id: int,
        user_id: int,
        action_json: str,
        *,
        seq: int | None = None,
        turn: int | None = None,
    ) -> MultiMoved:
        """A person's decision (a card, a target, a window's answer) from its JSON.
        ``seq``: the action count a turn's control was drawn for; ``turn``: the turn a
        window's answer was drawn for (other answers move the log, not the window)."""
        async with self.base.lock(game_id):
            game, state = await self.load(game_id)
            seat = self._seat_in_play(game, state, user_id)
            rules = rules_of(game.game)
            if (seq is not None and seq != game.action_count) or (
                turn is not None and (not rules.window_open(state) or rules.moment(state) != turn)
            ):
                raise Refusal(STALE)
            if seat not in rules.game.awaiting(state):
                raise Refusal(
                    "You have answered this counter window already."
                    if rules.window_open(state)
                    else "It is not your turn."
                )
            try:
                action = rules.game.parse_action(action_json)
            except ValueError:
                raise Refusal("That is not a move of this game.") from None
            return await self._apply(game, state, user_id, [(seat, action)])

    def _seat_in_play(self, game: GameRow, state: Any, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not playing in this game.")
        if game.status == "challenge" or state is None:
            raise Refusal("The game has not started yet.")
        if game.status != "active":
            raise Refusal("That game is over.")
        if game.seats[seat].left_place is not None:
            raise Refusal("You left this game: the AI plays your gang now.")
        return seat

    async def _apply(
        self, game: GameRow, state: Any, actor: int, moves: Sequence[tuple[int, Any]]
    ) -> MultiMoved:
        rules = rules_of(game.game)
        new = rules.game.copy(state)
        events: list[dict[str, Any]] = []
        try:
            for seat, action in moves:
                events += rules.game.apply(new, action, seat)
        except IllegalAction as error:
            raise Refusal(str(error)) from None
        return await self._commit(game, rules, state, new, actor, moves, events, game.seats)

    async def _commit(
        self,
        game: GameRow,
        rules: MultiRules,
        before: Any,
        new: Any,
        actor: int,
        moves: Sequence[tuple[int, Any]],
        events: list[dict[str, Any]],
        seats: tuple[Seat, ...],
    ) -> MultiMoved:
        ended = rules.game.is_over(new) or not _anyone_in(rules, new, seats)
        result = self._result(rules, new, seats) if ended else None
        deadline = None if ended else self._deadline(rules, seats, before, new, game.deadline)
        try:
            row = await self.store.commit_move(
                game.id,
                expected_version=game.version,
                actor=actor,
                actions=[dump_move(rules.game, seat, action) for seat, action in moves],
                state_json=rules.game.dump_state(new),
                status="finished" if ended else "active",
                deadline=deadline,
                reminder_at=_reminder(rules, new, game, deadline),
                result=result,
                seats=seats if seats != game.seats else None,
            )
        except (VersionConflict, GameClosed):
            raise Refusal(CONFLICT) from None
        self.base._changed(row)
        opened = rules.window_open(new) and not rules.window_open(before)
        return MultiMoved(row, new, events, ended, opened and not ended)

    @staticmethod
    def _result(rules: MultiRules, state: Any, seats: Sequence[Seat]) -> ResultRecord:
        placing = final_placing(rules.standing(state), seats)
        return ResultRecord(placing=placing, winner=winner_of(placing))

    # ------------------------------------------------------------------ leaving
    async def leave(self, game_id: int, user_id: int) -> MultiMoved:
        """The person hands their gang to the AI and is placed as eliminated now."""
        async with self.base.lock(game_id):
            game, state = await self.load(game_id)
            seat = self._seat_in_play(game, state, user_id)
            return await self._hand_over(game, state, seat, user_id)

    async def _hand_over(self, game: GameRow, state: Any, seat: int, actor: int) -> MultiMoved:
        rules = rules_of(game.game)
        if not rules.live(state)[seat]:
            raise Refusal("Your gang is out of the game already; the others play on.")
        place = left_place(rules.live(state), game.seats, seat)
        seats = list(game.seats)
        seats[seat] = seats[seat].model_copy(update={"ai": TAKEOVER, "left_place": place})
        moved = await self._commit(game, rules, state, state, actor, [], [], tuple(seats))
        return MultiMoved(moved.game, moved.state, ended=moved.ended, left=seat)

    # ------------------------------------------------------------------ the AI seats
    def ai_seat_awaited(self, game: GameRow, state: Any | None) -> int | None:
        """A seat the AI plays that the game waits for (the first), else None."""
        if state is None or game.status != "active":
            return None
        rules = rules_of(game.game)
        return next((s for s in rules.game.awaiting(state) if game.seats[s].played_by_ai), None)

    async def ai_step(self, game_id: int) -> MultiMoved | None:
        """One decision of an AI seat the game waits for, committed; None when the game
        waits for nobody the AI plays. The search runs outside the lock; a game that
        moved meanwhile is decided again."""
        if self.decide is None:
            raise RuntimeError("no AI is attached to the service")
        game, state = await self.load(game_id)
        seat = self.ai_seat_awaited(game, state)
        if seat is None:
            return None
        strength = game.seats[seat].ai or TAKEOVER
        action = await self.decide(game, state, seat, strength)
        async with self.base.lock(game_id):
            now_game, now_state = await self.load(game_id)
            if now_game.version != game.version:
                return MultiMoved(now_game, now_state)  # moved meanwhile: ask again
            return await self._apply(game, state, 0, [(seat, action)])

    async def replayed_events(self, game: GameRow) -> list[dict[str, Any]]:
        """Every event of a started game, replayed from its seed and log (for a table
        shown again after a restart, whose last events were in memory)."""
        rules = rules_of(game.game)
        state = rules.new_state(game.seed, len(game.seats))
        events: list[dict[str, Any]] = []
        for row in await self.store.action_log(game.id):
            seat, action = parse_move(rules.game, row.action_json)
            events += rules.game.apply(state, action, seat)
        return events

    # ------------------------------------------------------------------ the timer
    async def due(self) -> list[MultiMoved]:
        """Expire lobbies, close windows at their deadline (silent seats answer no
        counter), and hand a person's gang to the AI when their turn ran out."""
        now = self.clock()
        done: list[MultiMoved] = []
        for due in await self.store.due_deadlines(now):
            if due.mode != "multi":
                continue
            try:
                done.append(await self._time_out(due.id, now))
            except Refusal:
                continue  # a move or an answer got there first
        for due in await self.store.due_reminders(now):
            if due.mode == "multi" and due.status == "active":
                marked = await self.store.mark_reminder_sent(due.id, expected_version=due.version)
                if marked is not None:  # claimed here: remind once
                    _, state = await self.load(due.id)
                    done.append(MultiMoved(marked, state, reminder=True))
        return done

    async def _time_out(self, game_id: int, now: datetime) -> MultiMoved:
        async with self.base.lock(game_id):
            game, state = await self.load(game_id)
            if game.deadline is None or game.deadline > now or not game.is_open:
                raise Refusal("no longer due")
            if state is None:
                return MultiMoved(await self._set(game, "expired"), None, ended=True)
            rules = rules_of(game.game)
            awaited = rules.game.awaiting(state)
            if rules.window_open(state):
                silent = rules.silent_answer()
                return await self._apply(game, state, 0, [(s, silent) for s in awaited])
            seat = awaited[0]
            return await self._hand_over(game, state, seat, game.players[seat])


def _anyone_in(rules: MultiRules, state: Any, seats: Sequence[Seat]) -> bool:
    """Whether a person still plays (live and not left): else the game ends now."""
    live = rules.live(state)
    return any(s.is_person and s.left_place is None and live[i] for i, s in enumerate(seats))


def _reminder(rules: MultiRules, state: Any, game: GameRow, deadline: Any) -> Any:
    """A person's turn is reminded at half time (a window is too short for it); the
    same turn going on keeps its reminder where it was, and sent once."""
    if deadline is None or rules.window_open(state):
        return None
    if deadline == game.deadline and game.deadline is not None:
        return None if game.reminder_sent else game.reminder_at
    return "half"
