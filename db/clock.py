"""UTC time as the store keeps it: fixed-width ISO-8601 text that sorts like time.

Every timestamp column holds ``YYYY-MM-DDTHH:MM:SS.ffffffZ``, so ``deadline <= ?`` in
SQL compares instants correctly. Naive datetimes are refused: the store cannot know
which zone they meant.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]

_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def utcnow() -> datetime:
    return datetime.now(UTC)


def to_db(moment: datetime) -> str:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("timestamps given to the store must be timezone-aware")
    return moment.astimezone(UTC).strftime(_FORMAT)


def opt_to_db(moment: datetime | None) -> str | None:
    return None if moment is None else to_db(moment)


def from_db(text: str) -> datetime:
    return datetime.strptime(text, _FORMAT).replace(tzinfo=UTC)


def opt_from_db(text: str | None) -> datetime | None:
    return None if text is None else from_db(text)
