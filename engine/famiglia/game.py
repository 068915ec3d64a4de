"""Famiglia behind the shared protocol of engine.game: the ``GAME`` object.

    from engine.famiglia.game import GAME, FamigliaOptions
    state = GAME.new(seed, FamigliaOptions(mode="solo", level=3, first=0))

Seat 0 and seat 1 play; in a solo game seat 1 is the robot gangster, whose whole turn
is the one action ``RobotTurn`` (awaited like any other seat's decision, so a service
applies it when ``awaiting`` names the robot's seat).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.famiglia.actions import Action, dump_action, parse_action
from engine.famiglia.ai.determinize import determinize
from engine.famiglia.events import Event
from engine.famiglia.scoring import result
from engine.famiglia.state import GameState
from engine.famiglia.view import view
from engine.famiglia.view_models import PlayerView
from engine.game import Outcome


class FamigliaOptions(BaseModel):
    """A new game's options: two players (``duel``) or one against the robot (``solo``,
    with a robot ``level`` 1-4); ``first`` is the starting seat, ``None`` lets the seed
    draw it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["duel", "solo"] = "duel"
    level: int | None = Field(default=None, ge=1, le=4)
    first: Literal[0, 1] | None = None

    @model_validator(mode="after")
    def _level_matches_mode(self) -> Self:
        if self.mode == "solo" and self.level is None:
            raise ValueError("a solo game needs a robot level from 1 to 4")
        if self.mode == "duel" and self.level is not None:
            raise ValueError("only solo games have a robot level")
        return self


class Famiglia:
    """Famiglia's rules (engine.famiglia) as an engine.game.Game."""

    name = "famiglia"
    min_seats = 2
    max_seats = 2
    options_model: type[BaseModel] = FamigliaOptions

    def new(self, seed: int, options: BaseModel) -> GameState:
        o = FamigliaOptions.model_validate(options.model_dump())
        return GameState.new(seed, mode=o.mode, first=o.first, level=o.level)

    def awaiting(self, state: GameState) -> tuple[int, ...]:
        return () if state.over else (state.current,)

    def legal_actions(self, state: GameState, seat: int) -> Sequence[Action]:
        if state.over or seat != state.current:
            return []
        return state.legal_actions()

    def apply(self, state: GameState, action: Action, seat: int) -> list[Event]:
        return state.apply(action, seat)

    def is_over(self, state: GameState) -> bool:
        return state.over

    def outcome(self, state: GameState) -> Outcome:
        if not state.over:
            raise ValueError("the game is still running")
        r = result(state)
        placing = ((0, 1),) if r.winner is None else ((r.winner,), (1 - r.winner,))
        return Outcome(placing=placing, scores={0: r.totals[0], 1: r.totals[1]}, detail=r)

    def view(self, state: GameState, seat: int | None) -> PlayerView:
        return view(state, seat)

    def copy(self, state: GameState) -> GameState:
        return state.copy()

    def dump_state(self, state: GameState) -> str:
        return state.to_json()

    def load_state(self, text: str | bytes) -> GameState:
        return GameState.from_json(text)

    def dump_action(self, action: Action) -> str:
        return dump_action(action)

    def parse_action(self, text: str | bytes | dict[str, object]) -> Action:
        return parse_action(text)  # pydantic's ValidationError is a ValueError

    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        # Every card that enters or leaves a hand is public, so each seat knows both
        # hands: only the order of the draw pile (and of the switch) is hidden from all.
        return determinize(state, rng)


GAME = Famiglia()

__all__ = ["GAME", "Famiglia", "FamigliaOptions"]
