"""Players' names in the table pictures are drawn in their own letters: accented Latin,
Cyrillic, Greek, Hebrew and Arabic, not as the empty box a font draws for a character it
lacks (Pillow's built-in font drew 89 of the 96 Latin-1 letters so: "Zoë" became
"Zo□")."""

from __future__ import annotations

import pytest

from cogs.render.faces import text_stamp

NO_GLYPH = "\ue000"  # a private-use character: no font draws it but as its box


@pytest.mark.parametrize("letter", ["é", "ë", "ü", "ñ", "ß", "Ö", "Ж", "λ", "ש", "م"])
def test_a_letter_of_a_name_is_not_drawn_as_a_box(letter: str) -> None:
    drawn, box = text_stamp(letter, 16, (255, 255, 255)), text_stamp(NO_GLYPH, 16, (255, 255, 255))
    assert drawn[0].tobytes() != box[0].tobytes()
