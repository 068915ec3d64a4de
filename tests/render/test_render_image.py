"""The table image: a valid, modest PNG that shows what the view says."""

from __future__ import annotations

import io

from PIL import Image

from cogs.render.faces import AREA_SIZE, FAMILY_RGB, STREET_SIZE, card_face
from cogs.render.image import WIDTH, render_table_image, table_png

from .sample_views import ALL_CODES, LONG_NAME, make_view, maximal_view, typical_view

NAMES = ("Alice", "Bob")


def _decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_png_is_valid_and_modest():
    for view in (typical_view(), maximal_view(), maximal_view(result=False)):
        png = table_png(view, (LONG_NAME, LONG_NAME))
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        img = _decode(png)
        assert img.width == WIDTH <= 1000
        assert img.height <= 1000
        assert len(png) < 200_000


def test_same_view_same_bytes():
    assert table_png(typical_view(), NAMES) == table_png(typical_view(), NAMES)


def test_large_street_wraps_into_more_rows():
    small = render_table_image(make_view(street_cards=["F0"] * 6), NAMES)
    large = render_table_image(make_view(street_cards=["F0"] * 20), NAMES)
    assert large.height > small.height
    assert large.width == small.width


def test_play_area_groups_identical_cards():
    # 15 cards of two kinds take two slots in one row; 15 different kinds wrap
    grouped = render_table_image(make_view(areas=(["M0"] * 3 + ["A1"] * 12, [])), NAMES)
    separate = render_table_image(make_view(areas=(ALL_CODES[:15], [])), NAMES)
    assert grouped.height < separate.height


def test_cards_in_family_colours():
    # the Street's first card sits at the left margin below the header
    for code, rgb in zip(("F2", "A2", "B2", "M2"), FAMILY_RGB, strict=True):
        img = render_table_image(make_view(street_cards=[code]), NAMES)
        x, y = 16 + 5, 16 + 26 + 10 + round(STREET_SIZE[1] * 0.6)
        assert img.getpixel((x, y)) == rgb


def test_lowered_card_is_marked():
    plain = table_png(make_view(street_cards=["M4", "F0"]), NAMES)
    lowered = table_png(make_view(street_cards=["M4", "F0"], brute=(0, 2)), NAMES)
    assert plain != lowered
    assert card_face("M4", 2, STREET_SIZE) is not card_face("M4", 4, STREET_SIZE)


def test_faces_are_cached():
    assert card_face("A3", 3, AREA_SIZE) is card_face("A3", 3, AREA_SIZE)


def test_names_change_the_image_and_long_names_fit():
    assert table_png(typical_view(), NAMES) != table_png(typical_view(), ("Carol", "Bob"))
    table_png(typical_view(), (LONG_NAME, "x" * 500))  # clipped, no error


def test_empty_table_and_solo_robot_render():
    empty = make_view(street_cards=[], areas=([], []))
    assert _decode(table_png(empty, NAMES)).width == WIDTH
    solo = make_view(
        mode="solo", robot_seat=1, areas=(["A1"], ["F0", "A0", "B0", "M0", "M0", "F2"])
    )
    assert _decode(table_png(solo, ("Alice", ""))).width == WIDTH


def test_hand_never_reaches_the_image():
    public = typical_view()
    private = public.model_copy(update={"viewer": 0, "hand": ["F4", "M3"], "hand_vp": 40})
    assert table_png(public, NAMES) == table_png(private, NAMES)


def _drawn_texts(monkeypatch, view, last_move=None) -> list[str]:
    import cogs.render.image as image

    drawn: list[str] = []
    original = image._text

    def record(img, xy, text, size, fill, anchor="lm"):
        drawn.append(text)
        original(img, xy, text, size, fill, anchor)

    monkeypatch.setattr(image, "_text", record)
    render_table_image(view, NAMES, last_move)
    return drawn


def test_14_16_the_street_cards_carry_their_positions(monkeypatch):
    """Issue 14, item 16: every command names Street cards by position (#1 … #n)."""
    cards = ["F0", "A1", "B2", "M3", "F4", "A0", "B1", "M2", "F1", "A2", "B3"]
    drawn = _drawn_texts(monkeypatch, make_view(street_cards=cards))
    assert [t for t in drawn if t.startswith("#")] == [f"#{i}" for i in range(1, 12)]


def test_14_16_the_last_move_is_shown_under_the_table(monkeypatch):
    plain = render_table_image(typical_view(), NAMES)
    drawn = _drawn_texts(monkeypatch, typical_view(), "Alice takes F3, paying F2 + M3")
    assert "Last move: Alice takes F3, paying F2 + M3" in drawn
    assert render_table_image(typical_view(), NAMES, "Bob passes").height > plain.height
