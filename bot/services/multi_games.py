"""Games for 2-6 players (mode ``multi``): moves and window answers, people leaving,
the AI seats, the deadlines, the end. No Discord here.

Each of these is a call of the one game service (:mod:`bot.services.games`) on the
game's ``multi`` mode (:mod:`bot.services.multi_mode`): the game's lock, the game as
kept in memory at its version, the seat and staleness checks, the engine, the
version-checked commit with the result record, and the deadline the mode's clock gives.
What this module adds is the shape the cogs of games of 2-6 read (:class:`MultiMoved`)
and asking the AI for its seats' decisions.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.services.commits import Moved
from bot.services.multi_lobby import MultiLobby, MultiMoved
from bot.services.multi_mode import TAKEOVER
from bot.services.reads import Refusal
from db.rows import GameRow
from engine.errors import IllegalAction

BAD_MOVE = "That is not a move of this game."


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
        game, _ = await self.load(game_id)
        core = self.core(game)
        play = core.rules(game)

        def build(state: Any) -> list[Any]:
            """The action ``action_json`` is, written exactly as the game writes it (the
            value a control or the list offered): a text that only reads as one (other
            spacing or key order, escapes, extra or repeated keys) is no move."""
            try:
                action = play.parse_action(action_json)
            except ValueError:
                raise IllegalAction(BAD_MOVE) from None
            if play.dump_action(action) != action_json:
                raise IllegalAction(BAD_MOVE)
            return [action]

        return self.moved(await core.play(game_id, user_id, seq, build, moment=turn))

    # ------------------------------------------------------------------ leaving
    async def leave(self, game_id: int, user_id: int) -> MultiMoved:
        """The person hands their gang to the AI and is placed as eliminated now (the
        game service's forfeit, as the ``multi`` mode answers it)."""
        game, _ = await self.load(game_id)
        moved = await self.core(game).forfeit(game_id, user_id)
        return self.moved(moved, left=game.seat_of(user_id))

    # ------------------------------------------------------------------ the AI seats
    def ai_seat_awaited(self, game: GameRow, state: Any | None) -> int | None:
        """A seat the AI plays that the game waits for (the first), else None."""
        if state is None:
            return None
        return next(iter(self.core(game).awaited(game, state, "ai")), None)

    async def ai_step(self, game_id: int) -> MultiMoved | None:
        """One decision of an AI seat the game waits for, committed; None when the game
        waits for nobody the AI plays. The search runs outside the lock; a game that
        moved meanwhile is decided again (the game service's ``decided``)."""
        decide = self.decide
        if decide is None:
            raise RuntimeError("no AI is attached to the service")
        game, _ = await self.load(game_id)

        async def think(game: GameRow, state: Any, seat: int) -> Any:
            return await decide(game, state, seat, game.seats[seat].ai or TAKEOVER)

        try:
            moved = await self.core(game).decided(game_id, self.ai_seat_awaited, think)
        except IllegalAction as error:
            raise Refusal(str(error)) from None
        return None if moved is None else self.moved(moved)

    async def recent_events(self, game: GameRow, count: int) -> list[dict[str, Any]]:
        """The events of the last ``count`` actions of started ``game`` as read: the one
        cache of the last moves (:mod:`bot.services.recent`), replayed from the seed and
        log once after a restart."""
        return await self.core(game).recent_events(game, count)

    # ------------------------------------------------------------------ the timer
    async def due(self) -> list[MultiMoved]:
        """Expire lobbies, close windows at their deadline (silent seats answer no
        counter), remind a person at half of their turn, and hand their gang to the AI
        when it ran out: the one turn timer of the game service, on the games of 2-6."""
        done: list[MultiMoved] = []
        for core in self.cores.values():
            for notice in await core.due():
                if notice.kind == "timeout":
                    done.append(self.moved(notice.moved, left=self._left(notice.moved)))
                elif notice.kind == "expired":
                    done.append(self.moved(notice.moved))
                else:  # half of a person's turn is gone
                    moved = notice.moved
                    done.append(MultiMoved(moved.game, moved.state, reminder=True))
        return done

    def _left(self, moved: Moved) -> int | None:
        """The seat handed to the AI when its turn ran out (None: a window closed)."""
        rules = self.mode(moved.game).rules
        if moved.before is None or rules.window_open(moved.before):
            return None
        return int(rules.game.awaiting(moved.before)[0])

    @property
    def failing(self) -> bool:
        """Whether the last :meth:`due` left a due game undone (its write failed)."""
        return any(core.failing for core in self.cores.values())

    async def next_due(self) -> datetime | None:
        return await self.store.next_deadline()

    async def resumed_window(self, game_id: int) -> MultiMoved | None:
        """After a restart: the game's open counter window (None: none is open) with
        at most its whole time again from now. The start-up's grace for turns that ran
        while the bot was down (``DOWNTIME_GRACE_MINUTES``) must not hold a window of
        ``COUNTER_WINDOW_SECONDS`` open that long."""
        async with self.base.lock(game_id):
            game, state = await self.load(game_id)
            rules = self.mode(game).rules
            if game.status != "active" or state is None or not rules.window_open(state):
                return None
            deadline = self.clock() + self.window
            if game.deadline is None or game.deadline > deadline:
                game = await self.core(game)._write(game, 0, [], state, "active", deadline)
            return MultiMoved(game, state, window_opened=True)
