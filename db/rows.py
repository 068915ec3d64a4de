"""Typed rows the store returns and the records it accepts. All frozen; all UTC."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

Mode = Literal["duel", "solo", "ai"]
Status = Literal["challenge", "active", "finished", "cancelled", "declined", "expired", "forfeited"]
Reason = Literal["score", "forfeit", "timeout"]
T = TypeVar("T")

OPEN_STATUSES: Final[frozenset[str]] = frozenset({"challenge", "active"})
ROBOT: Final = 0  # the user id stored in the robot's / AI's seat

#: Glicko-2 deviation above which a rating is shown as provisional (lichess: 110).
PROVISIONAL_RD: Final = 110.0


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class GameRow(_Row):
    id: int
    mode: Mode
    guild_id: int | None
    channel_id: int
    players: tuple[int, int]
    status: Status
    seed: int
    options: dict[str, Any]
    state_json: str
    version: int
    action_count: int  # the next action's seq; buttons carry it to recognise staleness
    table_channel_id: int | None
    table_message_id: int | None
    deadline: datetime | None
    reminder_at: datetime | None
    reminder_sent: bool
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    game: str = "famiglia"  # which game's engine reads the state (engine.games)

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        """The seat (0 or 1) of a user in this game, or None when not seated."""
        if user_id == ROBOT:
            return None
        if self.players[0] == user_id:
            return 0
        if self.players[1] == user_id:
            return 1
        return None


class ActionRow(_Row):
    game_id: int
    seq: int
    actor: int
    action_json: str
    created_at: datetime


class ResultRecord(_Row):
    """How a game ended, as the caller knows it; mode, guild and seats come from the game."""

    totals: tuple[int, int]
    winner: Literal[0, 1] | None  # None: a draw
    reason: Reason = "score"
    level: int | None = Field(default=None, ge=1, le=4)  # solo
    first_seat: Literal[0, 1] | None = None  # the seat that played first (solo a/b)
    high_score: int | None = None  # solo, when won: 2 x your VP - robot VP

    @model_validator(mode="after")
    def _forfeit_has_winner(self) -> ResultRecord:
        if self.reason != "score" and self.winner is None:
            raise ValueError("a forfeit or timeout needs a winner")
        return self


class ResultRow(_Row):
    id: int
    game_id: int
    mode: Mode
    guild_id: int | None
    players: tuple[int, int]
    totals: tuple[int, int]
    winner: int | None
    reason: Reason
    level: int | None
    first_seat: int | None
    high_score: int | None
    finished_at: datetime

    def score_for(self, user_id: int) -> float | None:
        """1 for a win, 0.5 for a draw, 0 for a loss; None if the user did not play."""
        seats = [s for s in (0, 1) if self.players[s] == user_id]
        if not seats:
            return None
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == seats[0] else 0.0


class RatingRow(_Row):
    user_id: int
    rating: float
    rd: float
    volatility: float
    games: int
    wins: int
    losses: int
    draws: int
    updated_at: datetime

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


class RatingPoint(_Row):
    game_id: int
    rating: float
    rd: float
    at: datetime


class RatingBoardRow(_Row):
    rank: int  # ties share a rank (1, 2, 2, 4); ranked on the rating rounded to an int
    user_id: int
    rating: float
    rd: float
    provisional: bool
    wins: int  # in the board's scope (one server, or everywhere)
    losses: int
    draws: int


class SoloBoardRow(_Row):
    rank: int  # ties share a rank
    user_id: int
    high_score: int
    level: int | None
    first_seat: int | None
    player_first: bool | None  # True: variant a (player starts), False: b (robot starts)
    game_id: int
    finished_at: datetime


class Page(_Row, Generic[T]):
    rows: list[T]
    total: int  # rows in the whole board
    offset: int
    limit: int

    @property
    def page(self) -> int:
        return self.offset // self.limit + 1 if self.limit else 1

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.limit)) if self.limit else 1


class SoloBest(_Row):
    level: int | None
    high_score: int
    player_first: bool | None
    game_id: int
    finished_at: datetime


class AiRecord(_Row):
    """A player's games against the AI at one strength."""

    strength: str  # easy, medium or hard
    games: int
    wins: int
    losses: int
    draws: int


class AiBoardRow(_Row):
    rank: int  # ties share a rank; ranked on wins against hard, then medium, then easy
    user_id: int
    records: list[AiRecord]  # one per strength played, hardest first


class PlayerStats(_Row):
    user_id: int
    duel_games: int
    wins: int
    losses: int
    draws: int
    rating: RatingRow | None
    rating_history: list[RatingPoint]
    solo_games: int
    solo_wins: int
    best_solo: list[SoloBest]  # one per level, lowest level first
    average_vp: float | None  # over every finished game with a recorded result
    ai_records: list[AiRecord] = []  # against the AI, per strength played, hardest first
