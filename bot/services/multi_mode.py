"""The ``multi`` mode: a game for 2-6 seats opened as a lobby, as one strategy behind
the protocol of :mod:`bot.services.mode_protocol`, so its moves take the one path of
every game (:class:`bot.services.games.GameService`).

What the mode adds: the lobby before the game (a row not dealt yet, whose seats fill),
seats the AI plays (from the lobby, or a person's who left), several seats awaited at
once in a window whose answers are blind and logged with their seats, a window's
deadline of its own and a silent default answer at it, a person's turn running out
handing their gang to the AI with a placing, and the placings of the end. What differs
between games of 2-6 (what a window is, its silent answer) is the game's
:mod:`bot.services.multi_rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from bot.services.mode_protocol import (
    Lapse,
    ModeDefaults,
    Opening,
    Player,
    StartContext,
    StartOptions,
    channel_taken,
    typed_options,
)
from bot.services.multi_rules import MultiRules
from bot.services.placings import final_placing, left_place, winner_of
from db.rows import MAX_SEATS, GameRow, Mode, Reason, ResultRecord, Seat, Strength
from engine.game import Game, Outcome

#: Who plays on for a person who left or ran out of time.
TAKEOVER: Strength = "medium"


class MultiOptions(StartOptions):
    """A lobby's host (its only name) and how many seats the table has at most."""

    names: tuple[str, ...] = ("Host",)
    seats: int = Field(default=MAX_SEATS, ge=2, le=MAX_SEATS)


def options_of(game: GameRow) -> MultiOptions:
    """A game of 2-6's typed start options (its host's name, its most seats)."""
    return typed_options(MultiOptions, game)


class MultiMode(ModeDefaults):
    """A game of ``rules`` for 2-6 seats from a lobby."""

    name: ClassVar[Mode] = "multi"
    Options: ClassVar[type[StartOptions]] = MultiOptions
    two_people: ClassVar[bool] = False
    dm_only: ClassVar[bool] = False
    seated_log: ClassVar[bool] = True  # a window's answers come from any seat
    busy: ClassVar[str] = "Someone just opened a game in this channel."
    invalid: ClassVar[str] = "A table has 2 to 6 seats."
    not_started: ClassVar[str] = "The game has not started yet."

    def __init__(self, rules: MultiRules, *, window: timedelta, lobby: timedelta) -> None:
        self.rules = rules
        self.game = rules.name  # one mode object per game of 2-6
        self.window = window
        self.lobby = lobby

    # ------------------------------------------------------------------ the lobby
    def game_options(self, options: StartOptions) -> BaseModel:
        assert isinstance(options, MultiOptions)
        return self.rules.game.options_model(seats=options.seats)

    def first_state(self, play: Game[Any, Any], game: GameRow) -> Any:
        return self.rules.new_state(game.seed, len(game.seats))  # the seats taken

    async def refusal(
        self, context: StartContext, players: Sequence[int], channel_id: int, options: StartOptions
    ) -> str | None:
        return await channel_taken(context, channel_id)

    def opening(
        self, context: StartContext, guild_id: int | None, awaiting: Sequence[int]
    ) -> Opening:
        return Opening("challenge", context.now + self.lobby, dealt=False)

    def seats_of(self, players: Sequence[int], options: StartOptions) -> tuple[Seat, ...]:
        """A lobby opens with its host's seat."""
        return (Seat(user_id=players[0], name=options.names[0]),)

    def started(self, context: StartContext, players: Sequence[int]) -> None:
        return None

    # ------------------------------------------------------------------ who plays
    def player(self, game: GameRow, seat: int) -> Player:
        return "ai" if game.seats[seat].played_by_ai else "person"

    def timed(self, game: GameRow, awaiting: Sequence[int]) -> bool:
        return any(self.player(game, seat) == "person" for seat in awaiting)

    def in_dm(self, game: GameRow) -> bool:
        return False

    def refusal_to_act(self, game: GameRow, state: Any, seat: int) -> str | None:
        if game.seats[seat].left_place is not None:
            return (
                "You are no longer in this game (you left it, or your time ran out): the AI"
                " plays your gang now."
            )
        if not self.rules.live(state)[seat]:
            return "Your gang is out of the game already; the others play on."
        return None

    def not_awaited(self, state: Any) -> str:
        if self.rules.window_open(state):  # the card's player is not asked
            return "You are not asked in this counter window, or you have answered it."
        return "It is not your turn."

    def moment(self, state: Any) -> int | None:
        """A window's answers carry its turn (the other answers move the log on)."""
        return self.rules.moment(state) if self.rules.window_open(state) else None

    # ------------------------------------------------------------------ the clock
    def period(
        self, game: GameRow, state: Any, awaiting: Sequence[int], turn: timedelta
    ) -> timedelta | None:
        """A window closes ``window`` after it opened; a person's turn has the turn
        time; a seat the AI plays has none."""
        if self.rules.window_open(state):
            return self.window
        return turn if self.timed(game, awaiting) else None

    def goes_on(self, play: Game[Any, Any], before: Any, after: Any) -> bool:
        """The same window (its answers come in), or the same turn (a play built step
        by step)."""
        if self.rules.window_open(after) or self.rules.window_open(before):
            return self.rules.window_open(after) and self.rules.window_open(before)
        return play.awaiting(before) == play.awaiting(after)

    def reminds(self, state: Any) -> bool:
        """A person's turn is reminded at half time; a window is too short for it (and a
        lobby has nothing to remind of)."""
        return state is not None and not self.rules.window_open(state)

    def lapse(self, game: GameRow, state: Any, awaiting: Sequence[int]) -> Lapse:
        """Silent seats answer a window by default (RULING R13); a person whose turn ran
        out hands their gang to the AI."""
        if self.rules.window_open(state):
            silent = self.rules.silent_answer()
            return Lapse(moves=tuple((seat, silent) for seat in awaiting))
        return self.gives_up(game, state, awaiting[0])

    def gives_up(self, game: GameRow, state: Any, seat: int) -> Lapse:
        """A person who leaves hands their gang to the AI; the others play on."""
        return Lapse(seats=self.handed_over(game, state, seat), actor=game.players[seat])

    def handed_over(self, game: GameRow, state: Any, seat: int) -> tuple[Seat, ...]:
        """The seats when ``seat``'s person leaves now: the AI plays it on, the person
        placed as eliminated now."""
        place = left_place(self.rules.live(state), game.seats, seat)
        seats = list(game.seats)
        seats[seat] = seats[seat].model_copy(update={"ai": TAKEOVER, "left_place": place})
        return tuple(seats)

    # ------------------------------------------------------------------ the end
    def abandoned(self, game: GameRow, state: Any) -> bool:
        """No person still plays (live and not left): the game ends now."""
        live = self.rules.live(state)
        return not any(
            s.is_person and s.left_place is None and live[i] for i, s in enumerate(game.seats)
        )

    def scored(self, game: GameRow, state: Any, outcome: Outcome | None) -> ResultRecord:
        """The placings: people who left where they left, the others as the game stands
        (its outcome when over)."""
        placing = final_placing(self.rules.standing(state), game.seats)
        return ResultRecord(placing=placing, winner=winner_of(placing))

    def lost(self, game: GameRow, state: Any, seats: Sequence[int], reason: Reason) -> ResultRecord:
        raise ValueError("a game of 2-6 goes on without a person who leaves (see lapse)")
