"""The engine's typed errors."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal now. ``str(error)`` is written for the player;
    the state it was applied to is unchanged."""
