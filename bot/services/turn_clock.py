"""Which turns run on the turn clock, per game mode (the service's side of the modes).

Only this table knows the modes' timing: two players are both timed; a solo game
waits for its player; against the AI only the human's turn in a server channel is
timed (in a DM nobody is waiting for them).
"""

from __future__ import annotations

from collections.abc import Callable

from db.rows import ROBOT, GameRow
from engine.famiglia import GameState

Timed = Callable[[GameRow, GameState], bool]


def _always(game: GameRow, state: GameState) -> bool:
    return True


def _never(game: GameRow, state: GameState) -> bool:
    return False


def _human_in_a_channel(game: GameRow, state: GameState) -> bool:
    return game.guild_id is not None and game.players[state.current] != ROBOT


TIMED: dict[str, Timed] = {"duel": _always, "solo": _never, "ai": _human_in_a_channel}


def timed(game: GameRow, state: GameState) -> bool:
    """Does the seat to move in ``state`` (of ``game``) play against the turn clock?"""
    return TIMED[game.mode](game, state)
