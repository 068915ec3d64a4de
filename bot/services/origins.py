"""What a game's buttons may be pressed for: its players, kind, server and channel.

These facts never change once a game exists, so they are kept in memory (a bounded
map) and a click can be checked against them before any lock is taken or anything is
read from the store: a stranger clicking a game's buttons, or an id crafted to name a
game of another channel, server or kind, is refused at the cost of a dictionary look-up.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from bot.services.modes import MODES
from db.rows import GameRow

#: Games remembered (the oldest forgotten first; a forgotten one is read once again).
KEEP = 4096


@dataclass(frozen=True, slots=True)
class Origin:
    players: tuple[int, ...]
    mode: str
    guild_id: int | None
    channel_id: int

    @classmethod
    def of(cls, game: GameRow) -> Origin:
        return cls(tuple(game.players), game.mode, game.guild_id, game.channel_id)

    def misplaced(
        self,
        *,
        user_id: int,
        modes: tuple[str, ...],
        channel_id: int | None,
        guild_id: int | None,
        private: bool,
        stranger: str = "You are not playing in this game.",
        seated: bool = True,
    ) -> str | None:
        """Why a click by ``user_id`` in ``channel_id`` / ``guild_id`` must be refused
        (None: it may go on). ``private``: it comes from an answer only that user sees
        (a hand shown where they typed a command), which may be in any channel.
        ``seated``: only the game's players may click it (a lobby's **Join** is for
        anyone, in the lobby's own channel)."""
        if self.mode not in modes:
            return "That button does not belong to this kind of game: nothing was done."
        if seated and user_id not in self.players:
            return stranger
        if private:
            return None
        mode = MODES.get(self.mode)  # a game for 2-6 always lives in its server channel
        if channel_id != self.channel_id or (
            not (mode is not None and mode.dm_only) and guild_id != self.guild_id
        ):
            return (
                "That button belongs to a game of another channel: nothing was done. "
                "Use the buttons on that game's own table."
            )
        return None


class Origins:
    """Game id -> :class:`Origin`, filled from every game row the service sees."""

    def __init__(self, keep: int = KEEP) -> None:
        self._keep = keep
        self._known: OrderedDict[int, Origin] = OrderedDict()

    def get(self, game_id: int) -> Origin | None:
        origin = self._known.get(game_id)
        if origin is not None:
            self._known.move_to_end(game_id)
        return origin

    def forget(self, game_id: int) -> None:
        """A lobby's seats changed: its players are read again."""
        self._known.pop(game_id, None)

    def remember(self, game: GameRow) -> Origin:
        origin = self._known.get(game.id)
        if origin is None:
            origin = self._known[game.id] = Origin.of(game)
            if len(self._known) > self._keep:
                self._known.popitem(last=False)
        return origin
