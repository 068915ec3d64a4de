"""The move log of a game, rebuilt from its seed and its action log.

Events are not stored: replaying the log is exact (same seed + same actions = same
game), so the table's "last moves" survive restarts without a second source of truth.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.modes import mode_of
from db.rows import GameRow
from engine.famiglia import Event, GameState, new_game, parse_action


def initial_state(game: GameRow) -> GameState:
    """The game's first state; a game against the AI is a two-player (duel) game."""
    opts = game.options
    mode = mode_of(game).engine_mode
    return new_game(game.seed, mode=mode, first=opts.get("first"), level=opts.get("level"))


def replay_events(game: GameRow, action_jsons: Sequence[str], count: int) -> list[list[Event]]:
    """The events of each of the last ``count`` actions of the log, oldest first."""
    state = initial_state(game)
    groups: list[list[Event]] = []
    start = max(0, len(action_jsons) - count)
    for i, text in enumerate(action_jsons):
        happened = state.apply(parse_action(text))
        if i >= start:
            groups.append(happened)
    return groups


def replay_state(game: GameRow, action_jsons: Sequence[str]) -> GameState:
    """The state the log leads to; equals the stored state for every sound game."""
    state = initial_state(game)
    for text in action_jsons:
        state.apply(parse_action(text))
    return state
