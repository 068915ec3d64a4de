"""Players' names in the table pictures are drawn in their own letters: accented Latin,
Cyrillic, Greek, Hebrew and Arabic, not as the empty box a font draws for a character it
lacks (Pillow's built-in font drew 89 of the 96 Latin-1 letters so: "Zoë" became
"Zo□")."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from cogs.render.faces import font, text_stamp

NO_GLYPH = "\ue000"  # a private-use character: no font draws it but as its box


def _box(size: int) -> bytes:
    """The empty box the pictures' font draws for a character it lacks."""
    img = Image.new("RGBA", (size * 2, size * 2), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((0, 0), NO_GLYPH, font=font(size), fill=(255, 255, 255))
    return img.crop(img.getbbox()).tobytes()


@pytest.mark.parametrize("letter", ["é", "ë", "ü", "ñ", "ß", "Ö", "Ж", "λ", "ש", "م"])
def test_a_letter_of_a_name_is_not_drawn_as_a_box(letter: str) -> None:
    drawn = text_stamp(letter, 16, (255, 255, 255))[0]
    assert drawn.width > 1
    assert drawn.tobytes() != _box(16)
