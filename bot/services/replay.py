"""The move log of a game, rebuilt from its seed and its action log.

Events are not stored: replaying the log is exact (same seed + same actions = same
game), so the table's "last moves" survive restarts without a second source of truth.
Any game of the engine's protocol replays the same way, read through the row's game
and mode (the registries are parameters: Famiglia's modes and the engine's games by
default). Each logged action is applied for the seat awaited.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.services.mode_protocol import GameMode, typed_options
from bot.services.modes import MODES
from db.rows import GameRow
from engine.game import Game
from engine.games import GAMES

Games = Mapping[str, Game[Any, Any]]
Modes = Mapping[str, GameMode]


def initial_state(game: GameRow, games: Games = GAMES, modes: Modes = MODES) -> Any:
    """The game's first state, from its seed and its mode's options."""
    mode = modes[game.mode]
    return games[game.game].new(game.seed, mode.game_options(typed_options(mode, game)))


def awaited_seat(play: Game[Any, Any], state: Any) -> int:
    """The seat a logged action of ``state`` is applied for: the one awaited (-1 when
    several are: such a game logs its seats with its actions)."""
    awaiting = play.awaiting(state)
    return awaiting[0] if len(awaiting) == 1 else -1


def apply_text(play: Game[Any, Any], state: Any, text: str) -> list[Any]:
    """Apply one logged action to ``state`` (in place) for the seat awaited."""
    return play.apply(state, play.parse_action(text), awaited_seat(play, state))


def replay_events(
    game: GameRow,
    action_jsons: Sequence[str],
    count: int,
    games: Games = GAMES,
    modes: Modes = MODES,
) -> list[list[Any]]:
    """The events of each of the last ``count`` actions of the log, oldest first."""
    play = games[game.game]
    state = initial_state(game, games, modes)
    groups: list[list[Any]] = []
    start = max(0, len(action_jsons) - count)
    for i, text in enumerate(action_jsons):
        happened = apply_text(play, state, text)
        if i >= start:
            groups.append(happened)
    return groups


def replay_state(
    game: GameRow, action_jsons: Sequence[str], games: Games = GAMES, modes: Modes = MODES
) -> Any:
    """The state the log leads to; equals the stored state for every sound game."""
    play = games[game.game]
    state = initial_state(game, games, modes)
    for text in action_jsons:
        apply_text(play, state, text)
    return state
