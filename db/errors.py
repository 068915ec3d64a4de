"""Typed failures the store raises, so callers can answer users precisely."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of every error raised on purpose by the store."""


class GameNotFound(StoreError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class VersionConflict(StoreError):
    """Another write reached the game first; nothing of this write was stored."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id}: expected version {expected}, found {actual}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class GameClosed(StoreError):
    """The game already ended (finished, cancelled, ...): it takes no more writes."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"game {game_id} is {status}")
        self.game_id = game_id
        self.status = status


class ChannelBusy(StoreError):
    """A challenge or game is already open in this channel (one per channel)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an open game")
        self.channel_id = channel_id


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot."""
