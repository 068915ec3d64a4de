"""Constants shared by the state and the rule modules."""

from __future__ import annotations

from typing import Final

ROBOT_SEAT: Final = 1  # solo: the human is seat 0, the robot gangster seat 1
