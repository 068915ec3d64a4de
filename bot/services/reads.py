"""Reading a game for the service: from memory when this process knows it, else the store.

Kept in memory per game: its row and parsed state at the last version this process
wrote or read (:mod:`bot.services.live`), the events of its last moves
(:mod:`bot.services.recent`) and its fixed facts (:mod:`bot.services.origins`); and
a lock per game that this process's writes to it take in turn. A game's state is read
by its own rules (``games``, by the row's game) and its mode strategy (``modes``, by the
row's mode); both registries are the service's parameters. A refusal is a
:class:`Refusal` carrying the sentence for the user.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.keyed_locks import KeyedLocks
from bot.services.live import LiveGames
from bot.services.mode_protocol import GameMode, Player
from bot.services.modes import MODES
from bot.services.origins import Origin, Origins
from bot.services.recent import RecentMoves, Replay
from bot.services.records import Records
from bot.services.replay import initial_state
from db.rows import GameRow
from db.store import Store
from engine.game import Game
from engine.games import GAMES

#: The state of a game not dealt yet (a lobby filling its seats): it loads as None.
UNDEALT = "{}"


def awaited_seats(
    play: Game[Any, Any], mode: GameMode, game: GameRow, state: Any, player: Player
) -> tuple[int, ...]:
    """The seats of running ``game`` whose decision is awaited now and that ``player``
    (a person, the robot, the AI) plays."""
    if game.status != "active" or play.is_over(state):
        return ()
    return tuple(seat for seat in play.awaiting(state) if mode.player(game, seat) == player)


class Refusal(Exception):
    """A polite no: ``str(refusal)`` is shown to the user; nothing changed."""


class GameOver(Refusal):
    """The game a move was meant for is over (as stored)."""


class GameReads:
    def __init__(
        self,
        store: Store,
        *,
        games: Mapping[str, Game[Any, Any]] = GAMES,
        modes: Mapping[str, GameMode] = MODES,
    ) -> None:
        self.store = store
        #: Each game's rules by its stored name, each mode's strategy by its name.
        self.games = games
        self.modes = modes
        #: What the cogs read from the store (and where a table message is).
        self.records = Records(store)
        #: Per game: held while this process writes it (``lock``).
        self.lock = KeyedLocks()
        #: Per person: held while a game they start is checked and written, so that two
        #: starts at once cannot both pass a mode's per-person limit.
        self.starting = KeyedLocks()
        self._recent = RecentMoves()
        self._live = LiveGames(games)  # each open game's row and state at its last version
        #: The fixed facts of every game seen (players, kind, place): clicks are checked
        #: against them before any lock or read.
        self.origins = Origins()

    def rules(self, game: GameRow) -> Game[Any, Any]:
        """The rules of ``game``'s game."""
        return self.games[game.game]

    def mode(self, game: GameRow) -> GameMode:
        """The strategy of ``game``'s mode."""
        return self.modes[game.mode]

    def plays(self, game: GameRow) -> bool:
        """Whether ``game`` is of one of this service's modes (and that mode's game)."""
        mode = self.modes.get(game.mode)
        return mode is not None and mode.game == game.game

    def awaited(self, game: GameRow, state: Any, player: Player) -> tuple[int, ...]:
        """The seats awaited now in running ``game`` that ``player`` plays."""
        return awaited_seats(self.rules(game), self.mode(game), game, state, player)

    # ------------------------------------------------------------------ reading
    async def game(self, game_id: int) -> GameRow:
        game = await self.store.get_game(game_id)
        if game is None:
            raise Refusal("That game does not exist any more.")
        self.origins.remember(game)
        return game

    async def game_in_channel(self, channel_id: int, *, stored: bool = False) -> GameRow | None:
        """The open game of a channel: the one this process keeps there at its last
        known version, else as stored (a write refused for its version forgets it);
        ``stored``: as stored now (another process may have ended it and begun another
        there since)."""
        kept = None if stored else self._live.in_channel(channel_id)
        if kept is not None:
            return kept
        return await self.records.game_in_channel(channel_id)

    async def origin(self, game_id: int) -> Origin:
        """The players, kind and place of a game: from memory, else read once."""
        origin = self.origins.get(game_id)
        return origin if origin is not None else Origin.of(await self.game(game_id))

    async def load(self, game_id: int, *, stored: bool = False) -> tuple[GameRow, Any]:
        """The game and its state: as this process last wrote or read it, else read now
        (a write refused for its version forgets what was kept). ``stored``: as stored
        now, for what is only shown or offered (a hand, a prompt, a list of moves, a
        repair): another process may have moved the game since (a rolling restart),
        and only a write would find out. One read; the kept state is used again when
        the game is still at its version."""
        kept = self._live.get(game_id)
        if kept is not None and not stored:
            return kept
        game = await self.game(game_id)
        newer = self._live.get(game_id)  # a write of this process during the read
        if newer is not None and newer[0].version > game.version:
            return newer
        if kept is not None and kept[0].version == game.version:
            state = kept[1]
        else:
            state = self.state_of(game)
        self._live.keep(game, state)
        return game, state

    def state_of(self, game: GameRow) -> Any:
        """The state stored in ``game``'s row (None: not dealt yet)."""
        if game.state_json == UNDEALT:
            return None
        return self.rules(game).load_state(game.state_json)

    async def actions(self, game: GameRow, since: int) -> list[str]:
        """The texts of ``game``'s actions from ``since`` up to its action count: the ones
        this process wrote from memory, else read from the log."""
        kept = self._live.actions(game.id, since, game.action_count)
        if kept is not None:
            return kept
        log = await self.store.action_log(game.id, since=since)
        return [row.action_json for row in log[: game.action_count - since]]

    async def replayed(self, game: GameRow) -> Replay:
        """``game``'s log replayed up to its action count as read: the kept replay
        brought up to date with the log's new actions only (from this process's memory
        when it wrote them), else replayed once from the seed (after a restart, or for
        a row older than the replay kept)."""
        kept = self._recent.get(game.id)
        if kept is None or kept.count > game.action_count:  # none, or ahead of this row
            kept = Replay(0, initial_state(game, self.games, self.modes))
        if kept.count < game.action_count:
            texts = await self.actions(game, kept.count)
            kept = kept.advance(self.rules(game), self.mode(game), texts)
        self._recent.keep(game.id, kept)
        return kept

    async def recent_events(self, game: GameRow, count: int) -> list[Any]:
        """The events of the last ``count`` actions of ``game`` as read."""
        return (await self.replayed(game)).events(count)
