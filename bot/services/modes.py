"""The ways to play Famiglia — two people, solo against the robot, against the AI — as
one strategy each behind the protocol of :mod:`bot.services.mode_protocol`, registered
by the name a game row stores.

A mode answers what the service would otherwise ask with ``if mode ==``: its typed
start options (a pydantic model; stored as the game's options JSON, whose keys and
values stay those of the first release) and the checks before a start, how a new game
opens, who plays each seat, whether the seats awaited play against the turn clock,
whether its table lives in DMs, and Famiglia's result record. Who moves for the robot
or the AI after a move is the mode's service (:mod:`bot.services.solo`,
:mod:`bot.services.ai_games`); a new mode is one more strategy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel

from bot.services.mode_protocol import (
    GameMode,
    ModeDefaults,
    Opening,
    Player,
    StartContext,
    StartOptions,
    channel_taken,
    stored_options,
    typed_options,
)
from bot.services.robot_report import RobotReport, robot_report
from db.rows import ROBOT, GameRow, Mode, Reason, ResultRecord, Strength
from engine.famiglia import Action, Event, GameState, result
from engine.famiglia.actions import RobotTurn
from engine.famiglia.game import FamigliaOptions
from engine.game import Outcome

Kind = TypeVar("Kind", bound=StartOptions)
#: Who plays the second seat of a solo game or a game against the AI.
HUMAN, MACHINE = 0, 1


class DuelOptions(StartOptions):
    names: tuple[str, str] = ("Player 1", "Player 2")
    first: None = None
    level: None = None


class SoloOptions(StartOptions):
    names: tuple[str, str] = ("You", "Robot gangster")
    first: Literal[0, 1] = 0
    level: Literal[1, 2, 3, 4] = 3


class AiOptions(StartOptions):
    names: tuple[str, str] = ("Player 1", "Player 2")
    first: Literal[0, 1] = 0
    level: None = None
    strength: Strength = "medium"


class FamigliaMode(ModeDefaults):
    """What Famiglia's modes share: the game, its result record, a table per channel."""

    game: ClassVar[str] = "famiglia"
    dm_only: ClassVar[bool] = False
    notes: ClassVar[bool] = False

    def note(self, before: GameState, action: Action, events: list[Event]) -> RobotReport | None:
        """The robot's report of his turn (the only action Famiglia's tables note)."""
        return robot_report(before, events) if isinstance(action, RobotTurn) else None

    def in_dm(self, game: GameRow) -> bool:
        return game.guild_id is None

    def started(self, context: StartContext, players: Sequence[int]) -> None:
        return None

    def scored(self, game: GameRow, state: GameState, outcome: Outcome) -> ResultRecord:
        final = outcome.detail
        return ResultRecord(
            totals=final.totals,
            winner=final.winner,
            reason="score",
            level=state.level,
            first_seat=state.first,
            high_score=final.high_score,
        )

    def lost(
        self, game: GameRow, state: GameState, seats: Sequence[int], reason: Reason
    ) -> ResultRecord:
        """``seats`` (the one seat) gave up or ran out of time: the other seat wins."""
        (seat,) = seats
        return ResultRecord(
            totals=result(state).totals,
            winner=1 - seat,
            reason=reason,
            level=state.level,
            first_seat=state.first,
        )


class Duel(FamigliaMode):
    name: ClassVar[Mode] = "duel"
    Options: ClassVar[type[StartOptions]] = DuelOptions
    two_people: ClassVar[bool] = True
    busy: ClassVar[str] = "Someone just opened a game in this channel."
    invalid: ClassVar[str] = "Challenge one member of this server, by name."

    def game_options(self, options: StartOptions) -> BaseModel:
        return FamigliaOptions(mode="duel")

    async def refusal(
        self, context: StartContext, players: Sequence[int], channel_id: int, options: StartOptions
    ) -> str | None:
        challenger, opponent = players
        if challenger == opponent:
            return "You cannot challenge yourself. Pick another member of this server."
        limits = context.challenge_limits
        if limits is not None and (why := limits.refusal(challenger, opponent, context.now)):
            return why
        return await channel_taken(context, channel_id)

    def opening(
        self, context: StartContext, guild_id: int | None, awaiting: Sequence[int]
    ) -> Opening:
        return Opening("challenge", context.now + context.challenge_timeout)

    def started(self, context: StartContext, players: Sequence[int]) -> None:
        if context.challenge_limits is not None:
            context.challenge_limits.note(players[0], players[1], context.now)

    def player(self, game: GameRow, seat: int) -> Player:
        return "person"

    def timed(self, game: GameRow, awaiting: Sequence[int]) -> bool:
        return True


class Solo(FamigliaMode):
    """Against the robot gangster (rules section 9): the game waits for its player."""

    name: ClassVar[Mode] = "solo"
    Options: ClassVar[type[StartOptions]] = SoloOptions
    two_people: ClassVar[bool] = False
    dm_only: ClassVar[bool] = True
    notes: ClassVar[bool] = True  # the robot's report of his last turn
    busy: ClassVar[str] = (
        "Our DM already has a game running: `/famiglia resume` brings its table back."
    )
    invalid: ClassVar[str] = "Choose a robot level from 1 to 4, and who starts: you or the robot."

    def game_options(self, options: StartOptions) -> BaseModel:
        assert isinstance(options, SoloOptions)
        return FamigliaOptions(mode="solo", level=options.level, first=options.first)

    async def refusal(
        self, context: StartContext, players: Sequence[int], channel_id: int, options: StartOptions
    ) -> str | None:
        if await context.store.active_solo_game_for_user(players[HUMAN]) is not None:
            return (
                "You already have a solo game running. `/famiglia resume` brings its table "
                "back; finish it or forfeit it before starting another."
            )
        return None

    def opening(
        self, context: StartContext, guild_id: int | None, awaiting: Sequence[int]
    ) -> Opening:
        return Opening("active")

    def player(self, game: GameRow, seat: int) -> Player:
        return "robot" if game.players[seat] == ROBOT else "person"

    def timed(self, game: GameRow, awaiting: Sequence[int]) -> bool:
        return False

    def in_dm(self, game: GameRow) -> bool:
        return True  # started from a server it keeps that server's id, but lives in DMs


class Ai(FamigliaMode):
    """Against the AI: only the person's turn in a server channel is timed."""

    name: ClassVar[Mode] = "ai"
    Options: ClassVar[type[StartOptions]] = AiOptions
    two_people: ClassVar[bool] = False
    busy: ClassVar[str] = "Someone just opened a game here: finish that one first."
    invalid: ClassVar[str] = (
        "Choose a strength (easy, medium or hard) and who starts: you or the AI."
    )

    def game_options(self, options: StartOptions) -> BaseModel:
        assert isinstance(options, AiOptions)
        return FamigliaOptions(mode="duel", first=options.first)

    async def refusal(
        self, context: StartContext, players: Sequence[int], channel_id: int, options: StartOptions
    ) -> str | None:
        if taken := await channel_taken(context, channel_id):
            return taken
        limit = context.games_per_user.get(self.name, 1)
        games = await context.store.open_games_for_user(players[HUMAN])
        running = [g for g in games if g.mode == self.name]
        if len(running) < limit:
            return None
        where = ", ".join(
            f"#{g.id} " + ("in our DMs" if g.guild_id is None else f"in <#{g.channel_id}>")
            for g in running
        )
        return (
            f"You already play the AI ({where}); at most {limit} such "
            "game(s) at a time. Finish or forfeit it first."
        )

    def opening(
        self, context: StartContext, guild_id: int | None, awaiting: Sequence[int]
    ) -> Opening:
        if guild_id is None or HUMAN not in awaiting:
            return Opening("active")
        return Opening("active", context.now + context.turn_timeout, "half")

    def player(self, game: GameRow, seat: int) -> Player:
        return "ai" if game.players[seat] == ROBOT else "person"

    def not_awaited(self, state: Any) -> str:
        # The AI may have stopped (its worker failed): waiting alone would not help then.
        return (
            "It is not your turn: the AI is to move. If the table says it could not make "
            "its move, `/famiglia board` lets it try again and **Forfeit** ends the game."
        )

    def timed(self, game: GameRow, awaiting: Sequence[int]) -> bool:
        people = any(self.player(game, seat) == "person" for seat in awaiting)
        return game.guild_id is not None and people


MODES: dict[str, GameMode] = {mode.name: mode for mode in (Duel(), Solo(), Ai())}


def mode_of(game: GameRow) -> GameMode:
    return MODES[game.mode]


def options_of(game: GameRow) -> StartOptions:
    """The game's start options, typed by its mode."""
    return typed_options(mode_of(game).Options, game)


def options_as(game: GameRow, kind: type[Kind]) -> Kind:
    """The start options of ``game``, a game of the mode whose options are ``kind``
    (e.g. :class:`SoloOptions` for a solo game)."""
    options = options_of(game)
    if not isinstance(options, kind):
        raise TypeError(f"game {game.id} is a {game.mode} game, not one with {kind.__name__}")
    return options


__all__ = [
    "MODES",
    "AiOptions",
    "DuelOptions",
    "GameMode",
    "SoloOptions",
    "StartOptions",
    "mode_of",
    "options_as",
    "options_of",
    "stored_options",
]
