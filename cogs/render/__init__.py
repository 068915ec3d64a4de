"""Rendering of the table and the hand: pure functions from the engine's view model to
a PNG, ``discord.Embed`` and ``discord.File`` objects. No I/O, no Discord API calls."""
