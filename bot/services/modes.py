"""The ways to play Famiglia — two people, solo against the robot, against the AI — as
one strategy each behind one small protocol, registered by the name a game row stores.

A mode answers what the rest of the services would otherwise ask with ``if mode ==``:
its typed start options (a pydantic model; stored as the game's options JSON, whose
keys and values stay those of the first release), which engine game it plays, whether
the seat to move plays against the turn clock, and whether its table lives in DMs.
Who moves for the other seat after a move (the robot, the AI) is the mode's service
(:mod:`bot.services.solo`, :mod:`bot.services.ai_games`); a new mode is one more
strategy here and its service, nothing else in the services changes.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Protocol

from pydantic import BaseModel, ConfigDict

from db.rows import ROBOT, GameRow
from engine.famiglia import GameState

Strength = Literal["easy", "medium", "hard"]
ModeName = Literal["duel", "solo", "ai"]


class StartOptions(BaseModel):
    """What every game stores: the two names shown (seat order)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    names: tuple[str, str] = ("Player 1", "Player 2")


class DuelOptions(StartOptions):
    first: None = None
    level: None = None


class SoloOptions(StartOptions):
    names: tuple[str, str] = ("You", "Robot gangster")
    first: Literal[0, 1] = 0
    level: Literal[1, 2, 3, 4] = 3


class AiOptions(StartOptions):
    first: Literal[0, 1] = 0
    level: None = None
    strength: Strength = "medium"


class GameMode(Protocol):
    name: ClassVar[ModeName]
    #: The engine's game mode: a game against the AI is a two-player (duel) game.
    engine_mode: ClassVar[Literal["duel", "solo"]]
    Options: ClassVar[type[StartOptions]]
    #: Two people play (else one person against the robot or the AI).
    two_people: ClassVar[bool]
    #: The table always lives in the player's DMs, even when started from a server
    #: (whose id the game keeps).
    dm_only: ClassVar[bool]

    def timed(self, game: GameRow, state: GameState) -> bool:
        """Whether the seat to move in ``state`` plays against the turn clock."""
        ...

    def in_dm(self, game: GameRow) -> bool:
        """Whether the game's table lives in its player's DMs."""
        ...


class Duel:
    name: ClassVar[ModeName] = "duel"
    engine_mode: ClassVar[Literal["duel", "solo"]] = "duel"
    Options: ClassVar[type[StartOptions]] = DuelOptions
    two_people: ClassVar[bool] = True
    dm_only: ClassVar[bool] = False

    def timed(self, game: GameRow, state: GameState) -> bool:
        return True

    def in_dm(self, game: GameRow) -> bool:
        return game.guild_id is None


class Solo:
    """Against the robot gangster (rules section 9): the game waits for its player."""

    name: ClassVar[ModeName] = "solo"
    engine_mode: ClassVar[Literal["duel", "solo"]] = "solo"
    Options: ClassVar[type[StartOptions]] = SoloOptions
    two_people: ClassVar[bool] = False
    dm_only: ClassVar[bool] = True

    def timed(self, game: GameRow, state: GameState) -> bool:
        return False

    def in_dm(self, game: GameRow) -> bool:
        return True  # started from a server it keeps that server's id, but lives in DMs


class Ai:
    """Against the AI: only the person's turn in a server channel is timed."""

    name: ClassVar[ModeName] = "ai"
    engine_mode: ClassVar[Literal["duel", "solo"]] = "duel"
    Options: ClassVar[type[StartOptions]] = AiOptions
    two_people: ClassVar[bool] = False
    dm_only: ClassVar[bool] = False

    def timed(self, game: GameRow, state: GameState) -> bool:
        return game.guild_id is not None and game.players[state.current] != ROBOT

    def in_dm(self, game: GameRow) -> bool:
        return game.guild_id is None


MODES: dict[str, GameMode] = {mode.name: mode for mode in (Duel(), Solo(), Ai())}


def mode_of(game: GameRow) -> GameMode:
    return MODES[game.mode]


def options_of(game: GameRow) -> StartOptions:
    """The game's start options, typed by its mode (a value the model does not accept,
    which no release wrote, falls back to the mode's default)."""
    model = mode_of(game).Options
    stored: dict[str, Any] = dict(game.options)
    if stored.get("names") is None:
        stored.pop("names", None)
    try:
        return model.model_validate(stored)
    except ValueError:
        return model.model_validate({k: v for k, v in stored.items() if k == "names"})


def stored_options(options: StartOptions) -> dict[str, Any]:
    """The options JSON of a new game, with the keys the first release wrote."""
    data = options.model_dump(mode="json")
    data["names"] = list(options.names)
    return data


__all__ = [
    "MODES",
    "AiOptions",
    "DuelOptions",
    "GameMode",
    "SoloOptions",
    "StartOptions",
    "mode_of",
    "options_of",
    "stored_options",
]
