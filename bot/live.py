"""The state of each active game, kept in memory so that a move reads nothing first.

A move used to read the game's row and parse its state before applying anything. The
service now keeps, per open game, the row and state its own last write (or read) left,
and trusts them only at that version: every write still carries the version to the
store, and a failed version check (another process moved the game) forgets the entry,
so the next attempt reads the game afresh. Callers get copies: nothing they do to a
state can change what is kept. Bounded: the least recently used game is forgotten first.
"""

from __future__ import annotations

from collections import OrderedDict

from db.rows import GameRow
from engine.famiglia import GameState

#: Open games kept (a forgotten one is read again when next needed).
KEEP = 4096


class LiveGames:
    def __init__(self, keep: int = KEEP) -> None:
        self._games: OrderedDict[int, tuple[GameRow, GameState]] = OrderedDict()
        self._keep = keep

    def get(self, game_id: int) -> tuple[GameRow, GameState] | None:
        """The kept row and a copy of its state, or None."""
        entry = self._games.get(game_id)
        if entry is None:
            return None
        self._games.move_to_end(game_id)
        return entry[0], entry[1].copy()

    def keep(self, row: GameRow, state: GameState) -> None:
        """``row`` is the game as stored now and ``state`` its parsed state; a closed
        game is forgotten (nothing more is written to it)."""
        if not row.is_open:
            self.forget(row.id)
            return
        self._games[row.id] = (row, state.copy())
        self._games.move_to_end(row.id)
        while len(self._games) > self._keep:
            self._games.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    def kept(self, game_id: int) -> bool:
        return game_id in self._games
