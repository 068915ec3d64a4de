"""The store (SQLite or PostgreSQL): the only place in the project that writes SQL."""

from db.errors import (
    ChannelBusy,
    GameClosed,
    GameNotFound,
    SchemaTooNew,
    StoreError,
    VersionConflict,
)
from db.rows import (
    ActionRow,
    GameRow,
    Page,
    PlayerStats,
    RatingBoardRow,
    RatingPoint,
    RatingRow,
    ResultRecord,
    ResultRow,
    SoloBest,
    SoloBoardRow,
)
from db.store import Store

__all__ = [
    "ActionRow",
    "ChannelBusy",
    "GameClosed",
    "GameNotFound",
    "GameRow",
    "Page",
    "PlayerStats",
    "RatingBoardRow",
    "RatingPoint",
    "RatingRow",
    "ResultRecord",
    "ResultRow",
    "SchemaTooNew",
    "SoloBest",
    "SoloBoardRow",
    "Store",
    "StoreError",
    "VersionConflict",
]
