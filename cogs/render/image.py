"""The public table as a PNG: the Street, both play areas, hand sizes and pile counts.

A pure function of the public fields of a ``PlayerView`` (never the hand) and the seat
names. Card faces come from ``faces`` (cached), so a render is mostly pasting and the PNG
is written with a low compression level: the table is re-rendered after every move.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from cogs.render.common import (
    Group,
    family_index,
    group_cards,
    is_lowered,
    is_over,
    robot_label,
    seat_name,
    street_in_order,
)
from cogs.render.faces import (
    AREA_SIZE,
    INK,
    LOWERED,
    STREET_SIZE,
    area_card,
    card_face,
    count_badge,
    font,
    lowered_badge,
    overhang,
    text_stamp,
    text_width,
)
from cogs.render.glyphs import drawn_line, drawn_name
from engine.famiglia.cards import LETTERS
from engine.famiglia.view_models import PlayerView, SeatView

RGB = tuple[int, int, int]

WIDTH = 880
MARGIN = 16
BACKGROUND: RGB = (30, 33, 38)
PANEL: RGB = (43, 47, 55)
TEXT: RGB = (236, 238, 241)
MUTED: RGB = (160, 166, 176)
ACCENT: RGB = (250, 166, 26)  # whose turn it is
CARD_BACK: RGB = (90, 70, 140)

STREET_GAP = 8
BADGE_H = 20  # the "4→2" badge, half of it above the card
POSITION_H = 20  # "#1", "#2", … under each Street card: the positions commands use
LAST_MOVE = 16  # the size of the "Last move: …" line
AREA_GAP = 6
FAMILY_GAP = 10  # extra space between families in a play area
LABEL_H = 34
TITLE = 20
BODY = 16

IMAGE_FILENAME = "table.png"


def _street_row_h() -> int:
    return BADGE_H // 2 + STREET_SIZE[1] + POSITION_H + 6


def _street_rows(n: int) -> int:
    per_row = (WIDTH - 2 * MARGIN + STREET_GAP) // (STREET_SIZE[0] + STREET_GAP)
    return max(1, -(-n // per_row))


def _area_layout(groups: list[Group], left: int) -> tuple[list[tuple[int, int, Group]], int]:
    """Positions (x, row, group) of a play area's groups, wrapping at the right edge."""
    o = overhang(AREA_SIZE)
    item_w = AREA_SIZE[0] + o
    right = WIDTH - MARGIN - 10
    out: list[tuple[int, int, Group]] = []
    x, row, family = left, 0, None
    for g in groups:
        f = family_index(g.code)
        if family is not None and f != family:
            x += FAMILY_GAP
        if x + item_w > right and out:
            x, row = left, row + 1
        out.append((x, row, g))
        x += item_w + AREA_GAP
        family = f
    rows = out[-1][1] + 1 if out else 1
    return out, rows


def _text(
    img: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "lm"
) -> None:
    """Draw text through the stamp cache."""
    stamp, dx, dy = text_stamp(text, size, fill, anchor)
    img.paste(stamp, (round(xy[0]) + dx, round(xy[1]) + dy), stamp)


@lru_cache(maxsize=256)
def _fit(text: str, size: int, max_w: float) -> str:
    """Text cut (with an ellipsis) to fit ``max_w`` pixels."""
    if text_width(text, size) <= max_w:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid] + "…", size) <= max_w:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


def _pile_icon(draw: ImageDraw.ImageDraw, x: float, y: float, fill: RGB) -> None:
    """A small stack of face-down cards, 18 x 22 px."""
    for i in (2, 0):
        draw.rounded_rectangle(
            (x + i * 2, y + 2 - i, x + 14 + i * 2, y + 22 - i),
            radius=3,
            fill=fill,
            outline=INK,
            width=1,
        )


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: PlayerView, y: int) -> None:
    _text(img, (MARGIN, y + 12), f"Street · {len(view.street)} cards", TITLE, TEXT)
    parts = [
        (f"Draw {view.pile_size}", CARD_BACK),
        (f"Discard {view.discard_size}", (110, 110, 110)),
    ]
    x = WIDTH - MARGIN
    for label, colour in reversed(parts):
        x -= text_width(label, BODY)
        _text(img, (x, y + 12), label, BODY, TEXT)
        x -= 26
        _pile_icon(draw, x, y + 1, colour)
        x -= 18
    if view.second_pile:
        label = "second pile"
        w = text_width(label, 14) + 16
        draw.rounded_rectangle((x - w, y + 2, x, y + 22), radius=10, fill=(70, 74, 84))
        _text(img, (x - w / 2, y + 12), label, 14, TEXT, "mm")


def _street(img: Image.Image, draw: ImageDraw.ImageDraw, view: PlayerView, y: int) -> int:
    cards = street_in_order(view)
    cw, ch = STREET_SIZE
    per_row = (WIDTH - 2 * MARGIN + STREET_GAP) // (cw + STREET_GAP)
    row_h = _street_row_h()
    if not cards:
        _text(img, (MARGIN, y + row_h // 2), "The Street is empty", BODY, MUTED)
    for i, card in enumerate(cards):
        x = MARGIN + (i % per_row) * (cw + STREET_GAP)
        top = y + (i // per_row) * row_h + BADGE_H // 2
        face = card_face(card.card, card.effective_rank, STREET_SIZE)
        img.paste(face, (x, top), face)
        if is_lowered(card):
            badge = lowered_badge(card.rank, card.effective_rank, BADGE_H)
            bx = x + (cw - badge.width) // 2
            img.paste(badge, (bx, top - BADGE_H // 2), badge)
        _text(img, (x + cw / 2, top + ch + POSITION_H / 2 + 1), f"#{card.index + 1}", BODY, MUTED,
              "mm")  # fmt: skip
    return y + _street_rows(len(cards)) * row_h


def _seat(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PlayerView,
    names: tuple[str, str],
    seat: SeatView,
    y: int,
) -> int:
    left = MARGIN + 10
    groups = group_cards(seat.area)
    layout, rows = _area_layout(groups, left)
    o = overhang(AREA_SIZE)
    row_h = AREA_SIZE[1] + o + 6
    bottom = y + LABEL_H + rows * row_h + 6
    current = view.current == seat.seat and not is_over(view)
    draw.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, bottom),
        radius=10,
        fill=PANEL,
        outline=ACCENT if current else PANEL,
        width=2,
    )
    mid = y + LABEL_H // 2 + 2
    x = left
    if current:
        draw.polygon(((x, mid - 8), (x + 12, mid), (x, mid + 8)), fill=ACCENT)
        x += 20
    # right side: hand size and the VP on the table (a final score adds the hand's)
    vp = f"table {seat.area_vp} VP"
    rx = WIDTH - MARGIN - 12 - text_width(vp, TITLE)
    _text(img, (rx, mid), vp, TITLE, TEXT)
    if not seat.is_robot:
        hand = f"hand {seat.hand_size}"
        rx -= 24 + text_width(hand, BODY)
        _text(img, (rx, mid), hand, BODY, TEXT)
        _pile_icon(draw, rx - 24, mid - 12, CARD_BACK)
        rx -= 24
    tags = [t for t in (robot_label(view, seat), "starts" if view.first == seat.seat else "") if t]
    tag_text = " · ".join(tags)
    tag_w = text_width(tag_text, 14) + 12 if tags else 0
    name = _fit(seat_name(view, names, seat.seat), TITLE, rx - x - tag_w - 16)
    _text(img, (x, mid), name, TITLE, ACCENT if current else TEXT)
    if tags:
        _text(img, (x + text_width(name, TITLE) + 12, mid), tag_text, 14, MUTED)
    top = y + LABEL_H
    if not groups:
        _text(img, (left, top + row_h // 2), "No cards on the table yet", BODY, MUTED)
    for gx, row, g in layout:
        face = area_card(g.code, g.count, AREA_SIZE)
        img.paste(face, (gx, top + row * row_h), face)
    return bottom


def _footer_lines(
    view: PlayerView, names: tuple[str, str], last_move: str | None
) -> list[tuple[str, RGB]]:
    lines: list[tuple[str, RGB]] = []
    if last_move:
        lines.append((f"Last move: {' '.join(last_move.split())}", TEXT))
    if view.result is not None:
        r = view.result
        if r.winner is None:
            lines.append((f"Game over · shared win, {r.totals[0]} to {r.totals[1]}", ACCENT))
        else:
            won, lost = r.totals[r.winner], r.totals[1 - r.winner]
            who = seat_name(view, names, r.winner)
            lines.append((f"Game over · {who} wins, {won} to {lost}", ACCENT))
    elif is_over(view):  # given up or lost on time: the table's text says who won
        lines.append(("Game over", ACCENT))
    elif view.end_triggered:
        left = view.turns_left or 0
        more = f"{left} more turn{'s' if left != 1 else ''} after this" if left else "last turn"
        lines.append((f"Last card is out · {more}", LOWERED))
    if not is_over(view) and view.consecutive_passes == 1:
        lines.append(("One pass: another pass in a row ends the game", MUTED))
    return lines


def _footer(img: Image.Image, lines: list[tuple[str, RGB]], y: int) -> None:
    for text, colour in lines:
        size = LAST_MOVE if text.startswith("Last move: ") else TITLE
        _text(img, (MARGIN, y + 12), _fit(text, size, WIDTH - 2 * MARGIN), size, colour)
        y += 28


def _height(view: PlayerView, lines: int) -> int:
    h = MARGIN + 26 + _street_rows(len(view.street)) * _street_row_h()
    row_h = AREA_SIZE[1] + overhang(AREA_SIZE) + 6
    for seat in view.seats:
        _, rows = _area_layout(group_cards(seat.area), MARGIN + 10)
        h += LABEL_H + rows * row_h + 6 + 10
    return h + lines * 28 + MARGIN - 4


def render_table_image(
    view: PlayerView, names: tuple[str, str], last_move: str | None = None
) -> Image.Image:
    """The public table as a Pillow image (RGB). Uses only public fields of ``view``;
    ``last_move`` (plain text) is written under the table. Names are drawn as the font
    can (cogs.render.glyphs): a name it cannot draw at all as "Player 1"."""
    stand_in = [seat_name(view, ("", ""), seat) for seat in (0, 1)]
    drawn = (drawn_name(names[0], stand_in[0]), drawn_name(names[1], stand_in[1]))
    if last_move:
        last_move = drawn_line(last_move, names, drawn)
    names = drawn
    lines = _footer_lines(view, names, last_move)
    img = Image.new("RGB", (WIDTH, _height(view, len(lines))), BACKGROUND)
    draw = ImageDraw.Draw(img)
    y = MARGIN
    _header(img, draw, view, y)
    y = _street(img, draw, view, y + 26)
    for seat in view.seats:
        y = _seat(img, draw, view, names, seat, y) + 10
    _footer(img, lines, y)
    return img


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """A fixed 256-colour palette for the PNG, taken once from a swatch of everything the
    table draws (all faces, badges, text colours on both backgrounds).

    Mapping to a fixed palette is deterministic and fast, and a palette PNG skips the
    per-row filter search that makes RGB PNG encoding the slowest step of a render."""
    cw, ch = STREET_SIZE
    swatch = Image.new("RGB", (20 * (cw + 4), 3 * ch + 90), BACKGROUND)
    draw = ImageDraw.Draw(swatch)
    draw.rectangle((0, ch, swatch.width, 2 * ch + 30), fill=PANEL)
    for k in range(20):
        code = f"{LETTERS[k // 5]}{k % 5}"
        x = k * (cw + 4)
        rank = k % 5
        for y, face in (
            (0, card_face(code, max(rank - 1, 0), STREET_SIZE)),
            (ch + 4, area_card(code, 1 + k % 5, AREA_SIZE)),
            (2 * ch + 34, card_face(code, rank, STREET_SIZE)),
        ):
            swatch.paste(face, (x, y), face)
    for i in range(5):
        for img in (lowered_badge(4, i, BADGE_H), count_badge(i + 1, 22)):
            swatch.paste(img, (i * 60, 3 * ch + 40), img)
    for i, colour in enumerate((TEXT, MUTED, ACCENT, LOWERED)):
        draw.text((400 + i * 200, 3 * ch + 50), "Draw 31 VP", font=font(TITLE), fill=colour)
        draw.text((400 + i * 200, ch + 10), "hand 5 VP", font=font(TITLE), fill=colour)
    _pile_icon(draw, 300, 3 * ch + 40, CARD_BACK)
    return swatch.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def table_png(view: PlayerView, names: tuple[str, str], last_move: str | None = None) -> bytes:
    """The public table as PNG bytes, ready for ``discord.File`` (see ``IMAGE_FILENAME``)."""
    buf = io.BytesIO()
    image = render_table_image(view, names, last_move)
    image = image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    image.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


__all__ = ["IMAGE_FILENAME", "render_table_image", "table_png"]
