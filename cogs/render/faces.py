"""Card faces drawn by the project with Pillow primitives, cached per (code, rank, size).

A face is an RGBA image (transparent rounded corners) in the family colour: the family
letter top left, a family icon top right (crown, coin, bolt, sword — so the families
differ by shape as well as by colour), the rank big in the middle and the VP small at the
bottom. Text is drawn with DejaVu Sans Condensed, which ships with the project
(``DejaVuSansCondensed.ttf`` beside this module, its licence beside it), so nothing has
to be installed or downloaded: Pillow's built-in font, as wide, drew every letter
outside plain English ASCII (é, ü, ñ, Hebrew, Cyrillic …) in players' names as an empty
box. What this font cannot draw either (emoji, Chinese …) is left out
(cogs.render.glyphs). Arrows and times signs are still drawn as lines.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont, features

from cogs.render.glyphs import FONT_FILE, drawable
from engine.famiglia.cards import LETTERS, VP, parse_code

RGB = tuple[int, int, int]

#: Family colours (F red, A blue, B yellow, M green), bright enough for a dark table.
FAMILY_RGB: tuple[RGB, RGB, RGB, RGB] = (
    (214, 64, 69),
    (47, 128, 237),
    (242, 190, 34),
    (39, 174, 96),
)
FAMILY_DARK: tuple[RGB, RGB, RGB, RGB] = (
    (120, 24, 30),
    (18, 60, 130),
    (140, 100, 0),
    (12, 90, 45),
)
INK: RGB = (24, 24, 28)
WHITE: RGB = (255, 255, 255)
LOWERED: RGB = (255, 140, 26)  # orange: a card a Brute lowered this turn

#: Card sizes in pixels (width, height).
STREET_SIZE: tuple[int, int] = (70, 98)
AREA_SIZE: tuple[int, int] = (54, 76)


#: a label reads left to right, a right-to-left name inside it as such (with Pillow's
#: libraqm layout; without it, characters are drawn in their stored order)
LTR: dict[str, str] = {"direction": "ltr"} if features.check_feature("raqm") else {}


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.truetype(FONT_FILE, size)


@lru_cache(maxsize=1024)
def text_width(text: str, size: int) -> float:
    return font(size).getlength(drawable(text), **LTR)


@lru_cache(maxsize=1024)
def text_stamp(text: str, size: int, fill: RGB, anchor: str = "lm") -> tuple[Image.Image, int, int]:
    """Text drawn once on a transparent image, with its offset from the anchor point.

    Labels repeat from one render to the next (names, counts), so pasting a cached stamp
    is much cheaper than laying out the glyphs again. Characters the font cannot draw
    are left out (cogs.render.glyphs), here as in :func:`text_width`."""
    text = drawable(text)
    f = font(size)
    left, top, right, bottom = (round(v) for v in f.getbbox(text, anchor=anchor, **LTR))
    img = Image.new("RGBA", (max(right - left, 1), max(bottom - top, 1)), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((-left, -top), text, font=f, fill=fill, anchor=anchor, **LTR)
    return img, left, top


def draw_arrow(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, fill: RGB) -> None:
    """A right arrow ``w`` px long, centred vertically on ``y``."""
    head = w * 0.45
    draw.line((x, y, x + w - head * 0.6, y), fill=fill, width=max(2, round(w / 6)))
    draw.polygon(
        ((x + w - head, y - head * 0.7), (x + w, y), (x + w - head, y + head * 0.7)), fill=fill
    )


def draw_times(draw: ImageDraw.ImageDraw, x: float, y: float, s: float, fill: RGB) -> None:
    """A multiplication sign of side ``s`` centred vertically on ``y``."""
    width = max(2, round(s / 4))
    draw.line((x, y - s / 2, x + s, y + s / 2), fill=fill, width=width)
    draw.line((x, y + s / 2, x + s, y - s / 2), fill=fill, width=width)


def _icon(draw: ImageDraw.ImageDraw, family: int, cx: float, cy: float, r: float) -> None:
    """Family icon: crown (F), coin (A), lightning bolt (B), sword (M)."""
    line = max(1, round(r / 5))
    if family == 0:
        pts = [
            (cx - r, cy + r * 0.7),
            (cx - r, cy - r * 0.6),
            (cx - r * 0.45, cy),
            (cx, cy - r),
            (cx + r * 0.45, cy),
            (cx + r, cy - r * 0.6),
            (cx + r, cy + r * 0.7),
        ]
        draw.polygon(pts, fill=WHITE, outline=INK, width=line)
    elif family == 1:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=line)
        draw.ellipse(
            (cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5),
            outline=FAMILY_DARK[1],
            width=line,
        )
    elif family == 2:
        pts = [
            (cx + r * 0.2, cy - r),
            (cx - r * 0.7, cy + r * 0.15),
            (cx - r * 0.05, cy + r * 0.15),
            (cx - r * 0.3, cy + r),
            (cx + r * 0.7, cy - r * 0.2),
            (cx + r * 0.05, cy - r * 0.2),
        ]
        draw.polygon(pts, fill=WHITE, outline=INK, width=line)
    else:
        blade = (cx - r * 0.22, cy - r, cx + r * 0.22, cy + r * 0.45)
        draw.rectangle(blade, fill=WHITE, outline=INK, width=line)
        draw.rectangle(
            (cx - r * 0.75, cy + r * 0.3, cx + r * 0.75, cy + r * 0.6),
            fill=WHITE,
            outline=INK,
            width=line,
        )
        draw.rectangle((cx - r * 0.15, cy + r * 0.6, cx + r * 0.15, cy + r), fill=INK)


@lru_cache(maxsize=256)
def card_face(code: str, effective_rank: int, size: tuple[int, int]) -> Image.Image:
    """The face of one card (RGBA). ``effective_rank`` below the printed rank adds the
    orange frame of a card lowered by a Brute this turn (the badge is drawn separately)."""
    kind = parse_code(code)
    family, rank = divmod(kind, 5)
    w, h = size
    s = h / STREET_SIZE[1]
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = round(8 * s)
    lowered = effective_rank < rank
    frame = LOWERED if lowered else FAMILY_DARK[family]
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=radius,
        fill=FAMILY_RGB[family],
        outline=frame,
        width=round(4 * s) if lowered else max(2, round(2 * s)),
    )
    pad = round(6 * s)
    small = round(16 * s)
    draw.text(
        (pad, pad - round(2 * s)),
        LETTERS[family],
        font=font(small),
        fill=WHITE,
        stroke_width=max(1, round(1.5 * s)),
        stroke_fill=INK,
    )
    icon_r = 7 * s
    _icon(draw, family, w - pad - icon_r, pad + icon_r, icon_r)
    draw.text(
        (w / 2, h * 0.47),
        str(rank),
        font=font(round(46 * s)),
        fill=WHITE,
        anchor="mm",
        stroke_width=max(2, round(2.5 * s)),
        stroke_fill=INK,
    )
    vp = f"{VP[kind]} VP"
    vp_size = round(13 * s)
    pill_w = text_width(vp, vp_size) + 10 * s
    top = h - pad - vp_size - 5 * s
    draw.rounded_rectangle(
        (w / 2 - pill_w / 2, top, w / 2 + pill_w / 2, h - pad),
        radius=round(6 * s),
        fill=(20, 20, 24, 200),
    )
    draw.text((w / 2, (top + h - pad) / 2), vp, font=font(vp_size), fill=WHITE, anchor="mm")
    return img


@lru_cache(maxsize=64)
def lowered_badge(rank: int, effective_rank: int, height: int) -> Image.Image:
    """The "4→2" badge of a lowered Street card (RGBA), drawn with a line arrow."""
    size = round(height * 0.8)
    arrow = height * 0.8
    digit = text_width("4", size)
    width = round(digit * 2 + arrow + height * 0.9)
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=height // 2, fill=LOWERED, outline=INK, width=2
    )
    x = height * 0.45
    mid = height / 2
    draw.text((x, mid), str(rank), font=font(size), fill=INK, anchor="lm")
    x += digit + height * 0.05
    draw_arrow(draw, x, mid, arrow * 0.85, INK)
    draw.text((x + arrow, mid), str(effective_rank), font=font(size), fill=INK, anchor="lm")
    return img


@lru_cache(maxsize=16)
def count_badge(count: int, diameter: int) -> Image.Image:
    """The round "×3" badge of a group of identical cards (RGBA)."""
    img = Image.new("RGBA", (diameter * 2, diameter), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    size = round(diameter * 0.62)
    label_w = diameter * 0.4 + text_width(str(count), size)
    width = round(max(diameter, label_w + diameter * 0.5))
    draw.rounded_rectangle(
        (0, 0, width - 1, diameter - 1), radius=diameter // 2, fill=WHITE, outline=INK, width=2
    )
    x = (width - label_w) / 2
    draw_times(draw, x, diameter / 2, diameter * 0.3, INK)
    draw.text(
        (x + diameter * 0.4, diameter / 2), str(count), font=font(size), fill=INK, anchor="lm"
    )
    return img.crop((0, 0, width, diameter))


@lru_cache(maxsize=128)
def area_card(code: str, count: int, size: tuple[int, int]) -> Image.Image:
    """A play-area card with its count badge on the top-right corner (RGBA).

    The returned image is wider and taller than the card by ``overhang(size)``; for a
    group the card gets a second card edge behind it, so a pile reads as a pile."""
    w, h = size
    o = overhang(size)
    img = Image.new("RGBA", (w + o, h + o), (0, 0, 0, 0))
    face = card_face(code, int(code[1]), size)
    if count > 1:
        img.alpha_composite(face, (3, o - 3))
        shade = Image.new("RGBA", size, (0, 0, 0, 0))
        ImageDraw.Draw(shade).rounded_rectangle(
            (0, 0, w - 1, h - 1), radius=round(8 * h / 98), fill=(0, 0, 0, 110)
        )
        img.alpha_composite(shade, (3, o - 3))
    img.alpha_composite(face, (0, o))
    if count > 1:
        badge = count_badge(count, round(o * 1.6))
        img.alpha_composite(badge, (w + o - badge.width, 0))
    return img


def overhang(size: tuple[int, int]) -> int:
    """How far a count badge reaches beyond the card's top and right edges."""
    return round(size[1] * 0.19)
