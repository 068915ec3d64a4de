"""The move log of a game, rebuilt from its seed and its action log.

Events are not stored: replaying the log is exact (same seed + same actions = same
game), so the table's "last moves" survive restarts without a second source of truth.
Any game of the engine's protocol replays the same way, read through the row's game
and mode (the registries are parameters: Famiglia's modes and the engine's games by
default). A logged action is applied for the seat awaited; a mode whose games await
several seats at once (``seated_log``) logs each action with its seat.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.services.mode_protocol import GameMode
from bot.services.modes import MODES
from db.rows import GameRow
from engine.game import Game
from engine.games import GAMES

Games = Mapping[str, Game[Any, Any]]
Modes = Mapping[str, GameMode]


def initial_state(game: GameRow, games: Games = GAMES, modes: Modes = MODES) -> Any:
    """The game's first state, from its seed and its mode's options."""
    return modes[game.mode].first_state(games[game.game], game)


def awaited_seat(play: Game[Any, Any], state: Any) -> int:
    """The seat a logged action of ``state`` is applied for: the one awaited (-1 when
    several are: such a game logs its seats with its actions)."""
    awaiting = play.awaiting(state)
    return awaiting[0] if len(awaiting) == 1 else -1


def dump_move(play: Game[Any, Any], seat: int, action: Any) -> str:
    """A log entry that names its seat: ``{"seat": 2, "action": {...}}``."""
    return json.dumps(
        {"seat": seat, "action": json.loads(play.dump_action(action))}, separators=(",", ":")
    )


def parse_move(play: Game[Any, Any], text: str) -> tuple[int, Any]:
    """The seat and action of a log entry that names its seat."""
    entry = json.loads(text)
    return int(entry["seat"]), play.parse_action(entry["action"])


def log_entry(play: Game[Any, Any], mode: GameMode, seat: int, action: Any) -> str:
    """How ``mode``'s games log ``seat``'s ``action``."""
    return dump_move(play, seat, action) if mode.seated_log else play.dump_action(action)


def parse_entry(play: Game[Any, Any], mode: GameMode, state: Any, text: str) -> tuple[int, Any]:
    """The seat and action of a log entry of ``mode``'s game, read at ``state``."""
    if mode.seated_log:
        return parse_move(play, text)
    return awaited_seat(play, state), play.parse_action(text)


def apply_text(play: Game[Any, Any], mode: GameMode, state: Any, text: str) -> list[Any]:
    """Apply one logged action to ``state`` (in place) for its seat."""
    seat, action = parse_entry(play, mode, state, text)
    return play.apply(state, action, seat)


def replay_events(
    game: GameRow,
    action_jsons: Sequence[str],
    count: int,
    games: Games = GAMES,
    modes: Modes = MODES,
) -> list[list[Any]]:
    """The events of each of the last ``count`` actions of the log, oldest first."""
    play, mode = games[game.game], modes[game.mode]
    state = initial_state(game, games, modes)
    groups: list[list[Any]] = []
    start = max(0, len(action_jsons) - count)
    for i, text in enumerate(action_jsons):
        happened = apply_text(play, mode, state, text)
        if i >= start:
            groups.append(happened)
    return groups


def replay_state(
    game: GameRow, action_jsons: Sequence[str], games: Games = GAMES, modes: Modes = MODES
) -> Any:
    """The state the log leads to; equals the stored state for every sound game."""
    play, mode = games[game.game], modes[game.mode]
    state = initial_state(game, games, modes)
    for text in action_jsons:
        apply_text(play, mode, state, text)
    return state
