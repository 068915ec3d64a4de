"""Family Business on Discord, rendered: the public table, a window prompt, a hand.

Pure functions from the engine's view (``engine.family_business.view``) to text and
embeds; no I/O, no Discord API calls."""

from cogs.render.family_business.prompts import hand_text, window_public_text
from cogs.render.family_business.table import ending_text, table_embed
from cogs.render.family_business.words import Seating

__all__ = ["Seating", "ending_text", "hand_text", "table_embed", "window_public_text"]
