"""Rendering of the table and the hand: pure functions from the engine's view model to
a PNG, ``discord.Embed`` and ``discord.File`` objects. No I/O, no Discord API calls."""

from cogs.render.embed import (
    attach_table_image,
    hand_embed,
    image_alt_text,
    table_embed,
    table_message,
)
from cogs.render.image import IMAGE_FILENAME, render_table_image, table_png
from cogs.render.limits import check_embed_limits, embed_limit_problems

__all__ = [
    "IMAGE_FILENAME",
    "attach_table_image",
    "check_embed_limits",
    "embed_limit_problems",
    "hand_embed",
    "image_alt_text",
    "render_table_image",
    "table_embed",
    "table_message",
    "table_png",
]
