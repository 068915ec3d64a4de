"""A player's rating history as a small PNG line chart, drawn with Pillow primitives.

A pure function of the numbers it is given: the rating after each rated game and its
deviation (RD). The line is the rating; the shaded band is rating ± RD, so a player sees
the rating settle as the band narrows. The colours follow the table image; only Pillow's
built-in font is used.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from cogs.render.faces import font
from cogs.render.image import ACCENT, BACKGROUND, MUTED, PANEL, TEXT

RGB = tuple[int, int, int]

CHART_FILENAME = "rating.png"
WIDTH = 640
HEIGHT = 300
LEFT = 64  # room for the rating labels
RIGHT = 20
TOP = 40  # room for the title
BOTTOM = 40  # room for the game numbers
BAND: RGB = (92, 74, 44)  # rating ± RD, a dark shade of the accent
GRID: RGB = (64, 69, 79)
START_RATING = 1500.0  # where every rating begins (db.glicko.DEFAULT_RATING)


def _nice_step(span: float, lines: int = 5) -> float:
    """A round grid step (1, 2 or 5 times a power of ten) giving about ``lines`` lines."""
    raw = max(span / lines, 1e-9)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def _range(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    low = min(min(r - d for r, d in points), START_RATING)
    high = max(max(r + d for r, d in points), START_RATING)
    if high - low < 100:
        middle = (high + low) / 2
        low, high = middle - 50, middle + 50
    step = _nice_step(high - low)
    return math.floor(low / step) * step, math.ceil(high / step) * step


def rating_chart_image(
    points: Sequence[tuple[float, float]], title: str = "Rating after each game"
) -> Image.Image:
    """The chart for ``points`` = (rating, RD) after each game, oldest first.

    The line starts at the starting rating (game 0) so a single game still draws a line.
    """
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.text((LEFT, TOP // 2), title, font=font(18), fill=TEXT, anchor="lm")
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    draw.rectangle((x0, y0, x1, y1), fill=PANEL)
    if not points:
        draw.text(
            ((x0 + x1) / 2, (y0 + y1) / 2),
            "No rated games yet",
            font=font(16),
            fill=MUTED,
            anchor="mm",
        )
        return img
    series = [(START_RATING, 350.0), *points]
    low, high = _range(series)
    n = len(series) - 1

    def x_at(i: int) -> float:
        return x0 + (x1 - x0) * i / n

    def y_at(value: float) -> float:
        value = min(max(value, low), high)
        return y1 - (y1 - y0) * (value - low) / (high - low)

    step = _nice_step(high - low)
    value = low
    while value <= high + 1e-6:
        y = y_at(value)
        draw.line((x0, y, x1, y), fill=GRID, width=1)
        draw.text((x0 - 8, y), f"{value:.0f}", font=font(13), fill=MUTED, anchor="rm")
        value += step
    band = [(x_at(i), y_at(r + d)) for i, (r, d) in enumerate(series)]
    band += [(x_at(i), y_at(r - d)) for i, (r, d) in reversed(list(enumerate(series)))]
    draw.polygon(band, fill=BAND)
    line = [(x_at(i), y_at(r)) for i, (r, _) in enumerate(series)]
    draw.line(line, fill=ACCENT, width=3, joint="curve")
    if n <= 40:
        for x, y in line[1:]:
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=ACCENT)
    tick = max(1, math.ceil(n / 8))
    for i in range(0, n + 1, tick):
        draw.text((x_at(i), y1 + 14), str(i), font=font(13), fill=MUTED, anchor="mm")
    draw.text(
        ((x0 + x1) / 2, HEIGHT - 10),
        "games played (band: rating ± deviation)",
        font=font(13),
        fill=MUTED,
        anchor="mm",
    )
    last_rating = series[-1][0]
    draw.text((x1 - 6, y0 + 8), f"now {last_rating:.0f}", font=font(15), fill=TEXT, anchor="ra")
    return img


def rating_chart_png(
    points: Sequence[tuple[float, float]], title: str = "Rating after each game"
) -> bytes:
    """The chart as PNG bytes, ready for ``discord.File`` (see ``CHART_FILENAME``)."""
    buf = io.BytesIO()
    rating_chart_image(points, title).save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()


__all__ = ["CHART_FILENAME", "rating_chart_image", "rating_chart_png"]
