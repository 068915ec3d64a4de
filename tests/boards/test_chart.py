"""The rating chart: a valid PNG of the fixed size for any history, empty included."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cogs.render.chart import HEIGHT, WIDTH, rating_chart_image, rating_chart_png


def _png(points: list[tuple[float, float]]) -> Image.Image:
    data = rating_chart_png(points)
    assert data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data))


def test_empty_history_says_so() -> None:
    image = _png([])
    assert image.size == (WIDTH, HEIGHT)


def test_line_is_drawn_in_the_accent_colour() -> None:
    flat = rating_chart_image([])
    drawn = rating_chart_image([(1600.0, 200.0), (1700.0, 150.0)])
    assert drawn.tobytes() != flat.tobytes()
    colours = {c for _, c in drawn.getcolors(maxcolors=1 << 16) or []}
    assert (250, 166, 26) in colours  # the rating line


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(min_value=400, max_value=3000), st.floats(min_value=45, max_value=350)),
        max_size=300,
    )
)
def test_any_history_renders(points: list[tuple[float, float]]) -> None:
    assert _png(points).size == (WIDTH, HEIGHT)
