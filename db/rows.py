"""Typed rows the store returns and the records it accepts. All frozen; all UTC."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

Mode = Literal["duel", "solo", "ai", "multi"]  # multi: 2-6 seats from a lobby
Strength = Literal["easy", "medium", "hard"]
Status = Literal["challenge", "active", "finished", "cancelled", "declined", "expired", "forfeited"]
Reason = Literal["score", "forfeit", "timeout"]
T = TypeVar("T")

OPEN_STATUSES: Final[frozenset[str]] = frozenset({"challenge", "active"})
ROBOT: Final = 0  # the user id stored in the robot's / AI's seat
MAX_SEATS: Final = 6

#: Glicko-2 deviation above which a rating is shown as provisional (lichess: 110).
PROVISIONAL_RD: Final = 110.0


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class Seat(_Row):
    """One seat of a ``multi`` game: who sits there and who plays it.

    An AI seat has ``user_id`` :data:`ROBOT` and its strength in ``ai``. A person who
    left (or ran out of time) keeps the seat's ``user_id``; the AI named in ``ai`` plays
    their gang on, and ``left_place`` is the place they were given when they left."""

    user_id: int
    name: str = Field(min_length=1, max_length=100)
    ai: Strength | None = None
    left_place: int | None = Field(default=None, ge=1, le=MAX_SEATS)

    @model_validator(mode="after")
    def _ai_seat_has_strength(self) -> Seat:
        if self.user_id == ROBOT and self.ai is None:
            raise ValueError("an AI seat needs its strength")
        return self

    @property
    def is_person(self) -> bool:
        return self.user_id != ROBOT

    @property
    def played_by_ai(self) -> bool:
        return self.ai is not None


class GameRow(_Row):
    id: int
    mode: Mode
    guild_id: int | None
    channel_id: int
    players: tuple[int, ...]  # the user id per seat (ROBOT: the robot / an AI seat)
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
    seats: tuple[Seat, ...] = ()  # a multi game's seats in order (players mirrors them)

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a user in this game, or None when not seated."""
        if user_id == ROBOT:
            return None
        for seat, player in enumerate(self.players):
            if player == user_id:
                return seat
        return None


class ActionRow(_Row):
    game_id: int
    seq: int
    actor: int
    action_json: str
    created_at: datetime


class ResultRecord(_Row):
    """How a game ended, as the caller knows it; mode, guild and seats come from the game."""

    totals: tuple[int, int] = (0, 0)  # two-seat games: each seat's points
    winner: int | None = Field(ge=0, lt=MAX_SEATS)  # None: a draw (or a shared first place)
    reason: Reason = "score"
    level: int | None = Field(default=None, ge=1, le=4)  # solo
    first_seat: Literal[0, 1] | None = None  # the seat that played first (solo a/b)
    high_score: int | None = None  # solo, when won: 2 x your VP - robot VP
    #: a multi game: groups of seats, best first (engine Outcome.placing, with people
    #: who left placed where they left); every seat exactly once
    placing: tuple[tuple[int, ...], ...] | None = None

    @model_validator(mode="after")
    def _forfeit_has_winner(self) -> ResultRecord:
        if self.reason != "score" and self.winner is None:
            raise ValueError("a forfeit or timeout needs a winner")
        if self.placing is not None:
            seats = sorted(s for group in self.placing for s in group)
            if seats != list(range(len(seats))) or not 2 <= len(seats) <= MAX_SEATS:
                raise ValueError("a placing names every seat of the game exactly once")
            first = self.placing[0]
            if self.winner != (first[0] if len(first) == 1 else None):
                raise ValueError("the winner is the placing's only first seat (else None)")
        return self

    def places(self) -> list[int]:
        """Each seat's place (1 = first; a shared place repeats: 1, 2, 2, 4)."""
        assert self.placing is not None
        places = [0] * sum(len(group) for group in self.placing)
        done = 0
        for group in self.placing:
            for seat in group:
                places[seat] = done + 1
            done += len(group)
        return places


class ResultRow(_Row):
    id: int
    game_id: int
    mode: Mode
    guild_id: int | None
    players: tuple[int, ...]  # per seat; a multi game's from its placings
    totals: tuple[int, int]
    winner: int | None
    reason: Reason
    level: int | None
    first_seat: int | None
    high_score: int | None
    finished_at: datetime
    places: tuple[int, ...] = ()  # a multi game: each seat's place (1 = first)


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


class MultiRatingRow(_Row):
    """A person's Bradley-Terry rating (openskill) in one game for 2-6 players."""

    game: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int  # games in which they placed first (alone or shared)
    updated_at: datetime

    @property
    def ordinal(self) -> float:
        """What boards rank on: mu - 3 sigma (a new player starts at 0)."""
        return self.mu - 3 * self.sigma


class MultiBoardRow(_Row):
    rank: int  # ties share a rank; ranked on the ordinal rounded to one decimal
    user_id: int
    ordinal: float
    mu: float
    sigma: float
    games: int  # in the board's scope (one server, or everywhere)
    wins: int


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
    average_vp: float | None  # over the Famiglia games played to their end (not those
    # given up or lost on time, whose totals stop part-way; no VP in Family Business)
    ai_records: list[AiRecord] = []  # against the AI, per strength played, hardest first
    multi_ratings: list[MultiRatingRow] = []  # games for 2-6 players (Family Business)
