"""Every game the project hosts, by its stored name.

    from engine.games import GAMES, get_game
    game = get_game(row.game)          # the Game object of a stored game row

A new game adds its ``GAME`` object here (its package: engine/<name>/).
"""

from __future__ import annotations

from typing import Any, Final

from engine.famiglia.game import GAME as FAMIGLIA
from engine.family_business.game import GAME as FAMILY_BUSINESS
from engine.game import Game

GAMES: Final[dict[str, Game[Any, Any]]] = {
    FAMIGLIA.name: FAMIGLIA,
    FAMILY_BUSINESS.name: FAMILY_BUSINESS,
}


def get_game(name: str) -> Game[Any, Any]:
    """The game stored as ``name``; ValueError naming the known games otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: {', '.join(GAMES)}") from None


__all__ = ["GAMES", "get_game"]
