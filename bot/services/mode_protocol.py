"""What a way of playing a game must answer so that one service runs it: the protocol
of a mode strategy, with the pieces every mode shares.

A game row stores its mode's name (``duel``, ``solo``, ``ai``, ``multi``) and its
game's name (``engine.games``). The service (:class:`bot.services.games.GameService`)
plays every game through the engine's ``Game`` protocol and asks the row's mode only
what differs between modes: the start options and the checks before a start, how a new
game opens (a challenge, or running; its first deadline), who plays each seat (a
person, the robot, the AI), whether the seats awaited play against the turn clock, and
the result record when the game ends. A new mode is one more strategy object in a
modes registry (``bot.services.modes.MODES`` for Famiglia's); the service does not
change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, ClassVar, Literal, Protocol

from pydantic import BaseModel, ConfigDict

from bot.services.cooldowns import ChallengeLimits
from db.rows import GameRow, Mode, Reason, ResultRecord, Seat, Status
from db.store import Store
from engine.game import Outcome

#: Who plays a seat: a person (their decisions come through Discord), the robot (a
#: deterministic program: its turn is one action), or the AI (a search in the pool).
Player = Literal["person", "robot", "ai"]
#: When the reminder of a new game's first deadline is due (see db.store).
ReminderAt = datetime | Literal["half"] | None


class StartOptions(BaseModel):
    """What every game stores: the names shown, one per seat in seat order."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    names: tuple[str, ...] = ("Player 1", "Player 2")


@dataclass(frozen=True, slots=True)
class StartContext:
    """What a mode may consult before a new game is written."""

    store: Store
    now: datetime
    turn_timeout: timedelta
    challenge_timeout: timedelta
    challenge_limits: ChallengeLimits | None = None
    #: the most open games of a mode (by name) one person may have
    games_per_user: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Opening:
    """How a new game is written: its status, its first deadline and reminder, and for
    a game of seats (``multi``) its seats instead of two players."""

    status: Status
    deadline: datetime | None = None
    reminder_at: ReminderAt = None
    seats: tuple[Seat, ...] = field(default_factory=tuple)


class GameMode(Protocol):
    #: the mode's stored name
    name: ClassVar[Mode]
    #: which game of engine.games it plays
    game: ClassVar[str]
    #: its typed start options (a pydantic model)
    Options: ClassVar[type[StartOptions]]
    #: Only people play (else one person against the robot or the AI).
    two_people: ClassVar[bool]
    #: The table always lives in the player's DMs, even when started from a server.
    dm_only: ClassVar[bool]
    #: The refusal when another game took the channel while this one was started.
    busy: ClassVar[str]
    #: The refusal of start options the mode's model does not accept.
    invalid: ClassVar[str]
    #: The mode takes notes of actions for its table (see ``note``).
    notes: ClassVar[bool]

    def game_options(self, options: StartOptions) -> BaseModel:
        """The engine game's options of a new game started with ``options``."""
        ...

    async def refusal(
        self, context: StartContext, players: Sequence[int], channel_id: int, options: StartOptions
    ) -> str | None:
        """Why this game may not start (None: it may)."""
        ...

    def opening(
        self, context: StartContext, guild_id: int | None, awaiting: Sequence[int]
    ) -> Opening:
        """How the new game is written; ``awaiting``: the seats its first decision is
        awaited from."""
        ...

    def started(self, context: StartContext, players: Sequence[int]) -> None:
        """Note a game that was written (e.g. a challenge for the challenge limits)."""
        ...

    def player(self, game: GameRow, seat: int) -> Player:
        """Who plays ``seat`` of ``game``."""
        ...

    def timed(self, game: GameRow, awaiting: Sequence[int]) -> bool:
        """Whether the seats awaited play against the turn clock."""
        ...

    def in_dm(self, game: GameRow) -> bool:
        """Whether the game's table lives in its player's DMs."""
        ...

    def note(self, before: Any, action: Any, events: list[Any]) -> Any:
        """What the table tells of ``action`` beyond its events (the robot's report of
        his turn), from the state ``before`` it; None: nothing. Asked only when
        ``notes`` is true; a table shows the last note taken."""
        ...

    def scored(self, game: GameRow, state: Any, outcome: Outcome) -> ResultRecord:
        """The result of a game played to its end."""
        ...

    def lost(self, game: GameRow, state: Any, seats: Sequence[int], reason: Reason) -> ResultRecord:
        """The result when ``seats`` give up or run out of time (``reason``)."""
        ...


def outcome_record(outcome: Outcome) -> ResultRecord:
    """The result of a finished game from the engine's outcome, for any game: the
    placing as it is, the sole first seat as the winner, two seats' points as totals."""
    first = outcome.winners
    scores = outcome.scores
    seats = sum(len(group) for group in outcome.placing)
    totals = (scores.get(0, 0), scores.get(1, 0)) if seats == 2 else (0, 0)
    return ResultRecord(
        totals=totals,
        winner=first[0] if len(first) == 1 else None,
        reason="score",
        placing=outcome.placing,
    )


def loss_record(seats: int, lost: Sequence[int], reason: Reason) -> ResultRecord:
    """The result of a two-seat game that ``lost`` (one seat) gave up or ran out of time
    in: the other seat wins. A game of more seats goes on without a person who leaves,
    which its own mode decides."""
    if seats != 2 or len(lost) != 1:
        raise ValueError("only a two-seat game ends when one seat gives up")
    winner = 1 - lost[0]
    return ResultRecord(winner=winner, reason=reason, placing=((winner,), (lost[0],)))


def typed_options(mode: GameMode, game: GameRow) -> StartOptions:
    """``game``'s start options, typed by its ``mode`` (a value the model does not
    accept, which no release wrote, falls back to the mode's default)."""
    stored: dict[str, Any] = dict(game.options)
    if stored.get("names") is None:
        stored.pop("names", None)
    try:
        return mode.Options.model_validate(stored)
    except ValueError:
        return mode.Options.model_validate({k: v for k, v in stored.items() if k == "names"})


def stored_options(options: StartOptions) -> dict[str, Any]:
    """The options JSON of a new game, with the keys the first release wrote."""
    data = options.model_dump(mode="json")
    data["names"] = list(options.names)
    return data


__all__ = [
    "GameMode",
    "Opening",
    "Player",
    "StartContext",
    "StartOptions",
    "loss_record",
    "outcome_record",
    "stored_options",
    "typed_options",
]
