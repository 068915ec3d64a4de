"""What a way of playing a game must answer so that one service runs it: the protocol
of a mode strategy, with the pieces every mode shares.

A game row stores its mode's name (``duel``, ``solo``, ``ai``, ``multi``) and its
game's name (``engine.games``). The service (:class:`bot.services.games.GameService`)
plays every game through the engine's ``Game`` protocol and asks the row's mode only
what differs between modes: the start options and the checks before a start, how a new
game opens (a challenge, a lobby not dealt yet, or running; its first deadline), who
plays each seat (a person, the robot, the AI), how long the seats awaited have and what
their deadline passing means (a loss on time, a default answer, a seat handed to the
AI), how the log names who acted, and the result record when the game ends.
:class:`ModeDefaults` answers what most modes answer alike. A new mode is one more
strategy object in a modes registry (``bot.services.modes.MODES`` for Famiglia's,
``bot.services.multi_mode`` for games of 2-6); the service does not change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, ClassVar, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from bot.services.cooldowns import ChallengeLimits
from db.rows import GameRow, Mode, Reason, ResultRecord, Seat, Status
from db.store import Store
from engine.game import Game, Outcome

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
    #: False: the game is not dealt yet (a lobby fills its seats first)
    dealt: bool = True


@dataclass(frozen=True, slots=True)
class Lapse:
    """What a running game's deadline means when it passes: ``lost`` seats lose the game
    (by time), or the ``moves`` are played for the silent seats and ``seats`` (when
    given) become the game's seats, committed as ``actor``'s."""

    lost: tuple[int, ...] = ()
    moves: tuple[tuple[int, Any], ...] = ()
    seats: tuple[Seat, ...] | None = None
    actor: int = 0


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
    #: Each log entry names its seat (several seats may be awaited at once).
    seated_log: ClassVar[bool]
    #: The refusal of a move in a game not started yet.
    not_started: ClassVar[str]

    def first_state(self, play: Game[Any, Any], game: GameRow) -> Any:
        """The state ``game`` (a started row) began with, from its seed and options."""
        ...

    def refusal_to_act(self, game: GameRow, state: Any, seat: int) -> str | None:
        """Why ``seat`` of running ``game`` may not act at all now (None: it may when
        awaited), beyond what every game checks."""
        ...

    def not_awaited(self, state: Any) -> str:
        """The refusal of a seat that the game does not wait for."""
        ...

    def moment(self, state: Any) -> int | None:
        """The decision a control of ``state`` was drawn for, where a count of actions
        does not say it (a window's answers carry its turn); None: none."""
        ...

    def period(
        self, game: GameRow, state: Any, awaiting: Sequence[int], turn: timedelta
    ) -> timedelta | None:
        """How long the seats awaited have for their decision (None: no deadline);
        ``turn``: the service's turn time."""
        ...

    def goes_on(self, play: Game[Any, Any], before: Any, after: Any) -> bool:
        """Whether the decision of ``before`` goes on in ``after`` (its deadline stays)."""
        ...

    def reminds(self, state: Any) -> bool:
        """Whether the seats awaited at ``state`` are reminded at half of their time."""
        ...

    def abandoned(self, game: GameRow, state: Any) -> bool:
        """Whether the game ends before the engine says it is over (no person plays)."""
        ...

    def lapse(self, game: GameRow, state: Any, awaiting: Sequence[int]) -> Lapse:
        """What happens when the seats ``awaiting`` let the deadline pass."""
        ...

    def gives_up(self, game: GameRow, state: Any, seat: int) -> Lapse:
        """What happens when ``seat``'s person gives the game up (forfeit, leave)."""
        ...

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

    def seats_of(self, players: Sequence[int], options: StartOptions) -> tuple[Seat, ...]:
        """The seats of a new game of seats (``multi``) when its opening names none;
        empty for a game of two players."""
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

    def scored(self, game: GameRow, state: Any, outcome: Outcome | None) -> ResultRecord:
        """The result of a game played to its end (``outcome``: the engine's; None for a
        game the mode ended, see ``abandoned``)."""
        ...

    def lost(self, game: GameRow, state: Any, seats: Sequence[int], reason: Reason) -> ResultRecord:
        """The result when ``seats`` give up or run out of time (``reason``)."""
        ...


#: how a stored game's name reads in a sentence
TITLES: dict[str, str] = {"famiglia": "Famiglia", "family_business": "Family Business"}


async def channel_taken(context: StartContext, channel_id: int) -> str | None:
    """Why no new game opens in ``channel_id``, naming the open game that holds it
    (None: nothing holds it)."""
    game = await context.store.active_game_in_channel(channel_id)
    if game is None:
        return None
    title = TITLES.get(game.game, "other")
    if game.status == "challenge":
        what = "challenge" if game.game == "famiglia" else "lobby"
    else:
        what = "game"
    return (
        f"There is already a {title} {what} in this channel. Finish it first, or start"
        " yours in another channel."
    )


class ModeDefaults:
    """What most modes answer alike; a mode overrides what differs."""

    notes: ClassVar[bool] = False
    seated_log: ClassVar[bool] = False
    not_started: ClassVar[str] = "The game has not started: the challenge is not accepted yet."

    def seats_of(self, players: Sequence[int], options: StartOptions) -> tuple[Seat, ...]:
        return ()

    def note(self, before: Any, action: Any, events: list[Any]) -> Any:
        return None

    def first_state(self, play: Game[Any, Any], game: GameRow) -> Any:
        mode: Any = self
        return play.new(game.seed, mode.game_options(typed_options(mode.Options, game)))

    def refusal_to_act(self, game: GameRow, state: Any, seat: int) -> str | None:
        return None

    def not_awaited(self, state: Any) -> str:
        return "It is not your turn: wait for your opponent to move."

    def moment(self, state: Any) -> int | None:
        return None

    def period(
        self, game: GameRow, state: Any, awaiting: Sequence[int], turn: timedelta
    ) -> timedelta | None:
        mode: Any = self
        return turn if mode.timed(game, awaiting) else None

    def goes_on(self, play: Game[Any, Any], before: Any, after: Any) -> bool:
        return play.awaiting(before) == play.awaiting(after)

    def reminds(self, state: Any) -> bool:
        return True

    def abandoned(self, game: GameRow, state: Any) -> bool:
        return False

    def lapse(self, game: GameRow, state: Any, awaiting: Sequence[int]) -> Lapse:
        return Lapse(lost=tuple(awaiting), actor=game.players[awaiting[0]])

    def gives_up(self, game: GameRow, state: Any, seat: int) -> Lapse:
        return Lapse(lost=(seat,), actor=game.players[seat])


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


Options = TypeVar("Options", bound=StartOptions)


def typed_options(kind: type[Options], game: GameRow) -> Options:
    """``game``'s start options as its mode's model ``kind`` (a value the model does not
    accept, which no release wrote, falls back to the mode's default)."""
    stored: dict[str, Any] = dict(game.options)
    if stored.get("names") is None:
        stored.pop("names", None)
    try:
        return kind.model_validate(stored)
    except ValueError:
        return kind.model_validate({k: v for k, v in stored.items() if k == "names"})


def stored_options(options: StartOptions) -> dict[str, Any]:
    """The options JSON of a new game, with the keys the first release wrote."""
    data = options.model_dump(mode="json")
    data["names"] = list(options.names)
    return data


__all__ = [
    "GameMode",
    "Lapse",
    "ModeDefaults",
    "Opening",
    "Player",
    "StartContext",
    "StartOptions",
    "loss_record",
    "outcome_record",
    "stored_options",
    "typed_options",
]
