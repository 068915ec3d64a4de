"""What the store's shared SQL runs on: a transaction of either backend.

The queries every backend shares are written once, as ``async`` functions over a
:class:`Tx`, with PostgreSQL's ``$1, $2, …`` placeholders. The SQLite backend turns
the placeholders into ``?1, ?2, …`` and runs such a function whole in its connection's
thread (its awaits never suspend); the PostgreSQL backend awaits it on a pooled
connection inside a transaction. What the two dialects spell differently is asked of
the transaction (:meth:`Tx.json_text`, :attr:`Tx.lock_row`), never switched on by name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

Row = Sequence[Any]


class Tx(Protocol):
    """One open transaction."""

    #: Appended to a ``SELECT`` of rows the transaction is about to change: PostgreSQL
    #: locks them (``FOR UPDATE``); SQLite already holds the write lock.
    lock_row: str

    #: True: each statement runs on its own (:meth:`Database.write_alone` on
    #: PostgreSQL), so the operation writes in one statement (a data-modifying
    #: ``WITH``); False: its statements share one transaction.
    one_statement: bool

    async def fetch(self, sql: str, *args: object) -> list[Row]: ...

    async def fetchrow(self, sql: str, *args: object) -> Row | None: ...

    async def execute(self, sql: str, *args: object) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...

    def json_text(self, column: str, *path: str | int) -> str:
        """SQL for the text at ``path`` inside the JSON text of ``column`` (NULL if none)."""
        ...

    async def lock_results(self) -> None:
        """Hold, until the transaction ends, the lock that orders every result written
        (ratings are computed from the results in that order)."""
        ...


Operation = Callable[[Tx], Awaitable[T]]


class Database(Protocol):
    """A backend: runs operations in transactions and says how a unique key was hit."""

    #: ``"sqlite"`` or ``"postgresql"``: for messages and logs only.
    kind: str

    async def write(self, fn: Operation[T]) -> T:
        """``fn`` in one write transaction: committed if it returns, rolled back if it
        raises (and the exception passed on)."""
        ...

    async def write_alone(self, fn: Operation[T]) -> T:
        """Like :meth:`write`, for an ``fn`` that writes in one statement when its
        transaction is :attr:`Tx.one_statement` (what it reads after that statement
        only explains a refusal). PostgreSQL runs that statement on its own, atomic
        without ``BEGIN`` and ``COMMIT``: one round trip to the server instead of
        three or more, each of which waits for the event loop; SQLite as :meth:`write`."""
        ...

    async def read(self, fn: Operation[T]) -> T:
        """``fn``'s reads in one read transaction: all of them see the same snapshot."""
        ...

    def duplicate_key(self, exc: BaseException) -> str | None:
        """The column whose unique key ``exc`` reports as taken, or None."""
        ...

    async def close(self) -> None: ...
