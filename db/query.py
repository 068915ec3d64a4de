"""Pieces the shared queries are built from: numbered placeholders, pages, counts, flags."""

from __future__ import annotations

from db.tx import Tx

#: The most rows one page of a board may ask for.
MAX_LIMIT = 100


class Params:
    """The values of a query in order; :meth:`add` gives each one's placeholder."""

    def __init__(self) -> None:
        self.values: list[object] = []
        self._page_at: int | None = None

    def add(self, value: object) -> str:
        self.values.append(value)
        return f"${len(self.values)}"

    def page(self, limit: int, offset: int) -> str:
        """``LIMIT … OFFSET …``, checked, with both as the query's last two values."""
        if offset < 0 or not 1 <= limit <= MAX_LIMIT:
            raise ValueError(f"need offset >= 0 and 1 <= limit <= {MAX_LIMIT}")
        self._page_at = len(self.values)
        return f"LIMIT {self.add(limit)} OFFSET {self.add(offset)}"

    def without_page(self) -> list[object]:
        """The values before the page's (for counting the whole board)."""
        return self.values[: self._page_at]


def flag(condition: str) -> str:
    """1 where ``condition`` holds, else 0 (a number both dialects can sum)."""
    return f"CASE WHEN {condition} THEN 1 ELSE 0 END"


async def count(tx: Tx, sql: str, values: list[object]) -> int:
    """The number of rows ``sql`` gives."""
    row = await tx.fetchrow(f"SELECT COUNT(*) FROM ({sql}) AS counted", *values)
    return 0 if row is None else int(row[0])
