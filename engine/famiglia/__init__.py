"""The Famiglia rules engine: pure Python, no Discord, no database, no asyncio.

state = new_game(seed, mode="duel")          # or mode="solo", level=1..4
while not state.over:
    action = choose(state.legal_actions())   # pydantic models, see engine.famiglia.actions
    events = state.apply(action)             # IllegalAction if not legal; state unchanged
result(state)                                 # totals, winner, tie-break explanation

Behind the protocol every game shares (engine.game), Famiglia is ``GAME``
(engine.famiglia.game): what the services, the store, the timer and the AI use.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.errors import IllegalAction
from engine.famiglia.actions import Action, dump_action, parse_action
from engine.famiglia.events import Event
from engine.famiglia.game import GAME, FamigliaOptions
from engine.famiglia.scoring import result
from engine.famiglia.state import GameState, Mode
from engine.famiglia.text import describe_event, label, prompt
from engine.famiglia.view import view
from engine.famiglia.view_models import PlayerView, ResultView


def new_game(
    seed: int, *, mode: Mode = "duel", first: int | None = None, level: int | None = None
) -> GameState:
    """A new game (rule 3). ``first=None`` lets the seed choose the starting seat."""
    return GameState.new(seed, mode=mode, first=first, level=level)


def apply_all(
    state: GameState, actions: Iterable[Action], seat: int | None = None
) -> tuple[GameState, list[Event]]:
    """Apply several actions atomically: a new state and all events, or IllegalAction
    with ``state`` untouched."""
    branch = state.copy()
    events: list[Event] = []
    for action in actions:
        events.extend(branch.apply(action, seat))
    return branch, events


def replay(
    seed: int,
    actions: Iterable[Action],
    *,
    mode: Mode = "duel",
    first: int | None = None,
    level: int | None = None,
) -> GameState:
    """Rebuild a game from its seed and its action log."""
    state = new_game(seed, mode=mode, first=first, level=level)
    for action in actions:
        state.apply(action)
    return state


__all__ = [
    "GAME",
    "Action",
    "Event",
    "FamigliaOptions",
    "GameState",
    "IllegalAction",
    "PlayerView",
    "ResultView",
    "apply_all",
    "describe_event",
    "dump_action",
    "label",
    "new_game",
    "parse_action",
    "prompt",
    "replay",
    "result",
    "view",
]
