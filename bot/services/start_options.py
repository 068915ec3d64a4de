"""What starting a game of each mode needs, checked once at the edge (pydantic).

A cog builds one of these from a command's options or a button's custom id; the mode's
strategy (``cogs.modes``) receives it already valid, so nothing downstream reads a
dict with ``.get`` or checks a range again. ``mode`` names the strategy that starts it.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

Seat = Literal[0, 1]


class StartOptions(BaseModel):
    """The options of a new game; every mode has its own subclass."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    mode: ClassVar[str]
    #: The answer to options that do not validate (a forged or garbled command).
    refusal: ClassVar[str]


class DuelOptions(StartOptions):
    """A challenge to another person in a server text channel."""

    mode: ClassVar[str] = "duel"
    refusal: ClassVar[str] = "That is nobody I can challenge: pick a member of this server."
    opponent_id: int = Field(gt=0)
    opponent_name: str
    opponent_is_bot: bool = False


class SoloOptions(StartOptions):
    """A solo game against the robot gangster: its level (rule 9.10) and who starts."""

    mode: ClassVar[str] = "solo"
    refusal: ClassVar[str] = "Choose a robot level from 1 to 4, and who starts: you or the robot."
    level: int = Field(ge=1, le=4)
    first: Seat = 0


class AiOptions(StartOptions):
    """A game against the AI opponent: how hard it searches and who starts."""

    mode: ClassVar[str] = "ai"
    refusal: ClassVar[str] = (
        "Choose a strength (easy, medium or hard) and who starts: you or the AI."
    )
    strength: Literal["easy", "medium", "hard"]
    first: Seat = 0
