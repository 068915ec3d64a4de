"""The state of each active game, kept in memory so that a move reads nothing first.

A move used to read the game's row and parse its state before applying anything. The
service now keeps, per open game, the row and state its own last write (or read) left,
and trusts them only at that version: every write still carries the version to the
store, and a failed version check (another process moved the game) forgets the entry,
so the next attempt reads the game afresh. Callers get copies: nothing they do to a
state can change what is kept. With them, the JSON texts of the game's last actions
this process wrote, so a table that replays the log need not read the new ones back;
and which kept game is open in each channel, so a slash command finds its game without
a read (a game of a server is only ever written by the process of the server's shard).
A game seen closed is never kept again from an older read. Bounded: the least recently
used game is forgotten first.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Mapping, Sequence
from typing import Any

from db.rows import GameRow
from engine.game import Game
from engine.games import GAMES

#: Open games kept (a forgotten one is read again when next needed).
KEEP = 4096
#: Action texts kept per game: more than one move of any game has.
TEXTS = 32


class LiveGames:
    def __init__(self, games: Mapping[str, Game[Any, Any]] = GAMES, keep: int = KEEP) -> None:
        self._engines = games  # each game's rules, which copy its states
        self._games: OrderedDict[int, tuple[GameRow, Any]] = OrderedDict()
        self._texts: OrderedDict[int, tuple[int, deque[str]]] = OrderedDict()  # end, texts
        self._channels: dict[int, int] = {}  # channel -> the kept open game there
        #: game -> the version it closed at, as this process wrote or read it: a read
        #: that left the store before that write is never kept as the game, open again
        self._closed: OrderedDict[int, int] = OrderedDict()
        self._keep = keep

    def get(self, game_id: int) -> tuple[GameRow, Any] | None:
        """The kept row and a copy of its state, or None."""
        entry = self._games.get(game_id)
        if entry is None:
            return None
        self._games.move_to_end(game_id)
        return entry[0], self._copy(entry[0], entry[1])

    def _copy(self, row: GameRow, state: Any) -> Any:
        return None if state is None else self._engines[row.game].copy(state)

    def keep(self, row: GameRow, state: Any, texts: Sequence[str] = ()) -> None:
        """``row`` is the game as stored now and ``state`` its parsed state (None: not
        dealt yet); ``texts`` the actions that write just appended to its log. A closed
        game's state is forgotten (nothing more is written to it); its last texts stay
        for its table. A row older than the version its game was seen closed at is not
        kept (a slow read that the game's end overtook)."""
        closed = self._closed.get(row.id)
        if closed is not None and row.version <= closed:
            return
        self._remember_texts(row, texts)
        if not row.is_open:
            self.forget(row.id)
            self._closed[row.id] = row.version
            while len(self._closed) > self._keep:
                self._closed.popitem(last=False)
            return
        self._games[row.id] = (row, self._copy(row, state))
        self._games.move_to_end(row.id)
        self._channels[row.channel_id] = row.id
        while len(self._games) > self._keep:
            self.forget(next(iter(self._games)))

    def forget(self, game_id: int) -> None:
        entry = self._games.pop(game_id, None)
        if entry is not None and self._channels.get(entry[0].channel_id) == game_id:
            del self._channels[entry[0].channel_id]

    def in_channel(self, channel_id: int) -> GameRow | None:
        """The kept open game of ``channel_id`` (None: none kept there, which says
        nothing about the store)."""
        game_id = self._channels.get(channel_id)
        entry = None if game_id is None else self._games.get(game_id)
        return None if entry is None else entry[0]

    def _remember_texts(self, row: GameRow, texts: Sequence[str]) -> None:
        start = row.action_count - len(texts)
        kept = self._texts.get(row.id)
        if kept is not None and kept[0] == start:
            kept[1].extend(texts)
            self._texts[row.id] = (row.action_count, kept[1])
        else:  # the first known, or after a gap (another process wrote in between)
            self._texts[row.id] = (row.action_count, deque(texts, maxlen=TEXTS))
        self._texts.move_to_end(row.id)
        while len(self._texts) > self._keep:
            self._texts.popitem(last=False)

    def actions(self, game_id: int, since: int, until: int) -> list[str] | None:
        """The texts of actions ``since`` to ``until`` (exclusive) of the log, if kept."""
        kept = self._texts.get(game_id)
        if kept is None:
            return None
        end, texts = kept
        start = end - len(texts)
        if not start <= since <= until <= end:
            return None
        return list(texts)[since - start : until - start]

    def kept(self, game_id: int) -> bool:
        return game_id in self._games
