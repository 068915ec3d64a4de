"""The public table of Family Business as a PNG: each gang's nine mobsters (at large,
on the list, dead), the hit list from the wall, the Mob War, the piles, whose turn or
that a window is open. A pure function of a view's public fields and the seat names
(never a hand, never who has answered a window)."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from cogs.render.faces import LTR, font, text_width
from cogs.render.family_business.words import choices_text
from cogs.render.glyphs import drawable, drawn_line, drawn_name
from engine.family_business import cards as C
from engine.family_business.view import FBView

RGB = tuple[int, int, int]
IMAGE_FILENAME = "family-business.png"

WIDTH = 880
MARGIN = 16
BACKGROUND: RGB = (30, 33, 38)
PANEL: RGB = (43, 47, 55)
TEXT: RGB = (236, 238, 241)
MUTED: RGB = (160, 166, 176)
ACCENT: RGB = (250, 166, 26)
DEAD: RGB = (128, 132, 142)  # a dead mobster's cross: 3:1 on its row (WCAG graphics)
WALL: RGB = (120, 98, 80)
#: The gangs' colours, by seat (the same order as the table's gang marks).
GANG_RGB: tuple[RGB, ...] = (
    (214, 64, 69),
    (47, 128, 237),
    (39, 174, 96),
    (242, 201, 76),
    (155, 81, 224),
    (150, 100, 60),
)
#: Each gang's initials, on its row and on each of its hit-list entries, so that the
#: gangs differ by more than colour (for players who tell some colours apart badly).
TAGS: tuple[str, ...] = ("CM", "NY", "MG", "MI", "PG", "BR")
TAG_W = 28
ROW = 34
DOT = 22
BOX = 36
PER_LINE = 19
NAME_W = 250
WAR = ("No Mob War", "Mob War: one execution a turn", "Mob War at double rate")


def _text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB
) -> None:
    draw.text(xy, drawable(text), font=font(size), fill=fill, anchor="lm", **LTR)


def _fit(text: str, size: int, width: float) -> str:
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def _status(view: FBView, names: tuple[str, ...], result: str | None = None) -> str:
    if view.over:
        return f"The game is over · {result}" if result else "The game is over"
    if view.window is not None:
        w = view.window
        fixed = f" ({choices_text(w.choices)})" if w.choices else ""
        return f"Counter window: {names[w.player]} played {C.NAMES[w.card]}{fixed}"
    return f"{names[view.active]}'s turn"


def _gang(
    draw: ImageDraw.ImageDraw, view: FBView, names: tuple[str, ...], seat: int, y: int
) -> None:
    g = view.gangs[seat]
    colour = GANG_RGB[seat]
    draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW - 4), fill=PANEL)
    draw.rectangle((MARGIN, y, MARGIN + TAG_W, y + ROW - 4), fill=colour)
    draw.text(
        (MARGIN + TAG_W / 2, y + ROW / 2 - 2),
        TAGS[seat],
        font=font(13),
        fill=BACKGROUND,
        anchor="mm",
    )
    marker = "> " if not view.over and view.window is None and view.active == seat else ""
    label = _fit(f"{marker}{names[seat]} · {C.GANGS[seat]}", 15, NAME_W - TAG_W - 14)
    _text(draw, (MARGIN + TAG_W + 8, y + ROW / 2 - 2), label, 15, TEXT if g.live else MUTED)
    x = MARGIN + NAME_W
    kinds = ["large"] * g.at_large + ["listed"] * g.listed + ["dead"] * g.dead
    for kind in kinds:
        box = (x, y + 5, x + DOT, y + 5 + DOT)
        if kind == "large":
            draw.ellipse(box, fill=colour)
        elif kind == "listed":
            draw.ellipse(box, outline=colour, width=3)
        else:
            draw.line((box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), fill=DEAD, width=3)
            draw.line((box[0] + 4, box[3] - 4, box[2] - 4, box[1] + 4), fill=DEAD, width=3)
        x += DOT + 6
    tail = "out" if not g.live else f"hand {g.hand_size}"
    _text(draw, (x + 10, y + ROW / 2 - 2), tail, 14, MUTED)


def _hit_list(draw: ImageDraw.ImageDraw, hit: tuple[int, ...], y: int) -> int:
    _text(draw, (MARGIN, y + 10), "Hit list (wall first)", 15, TEXT)
    y += 24
    draw.rectangle((MARGIN, y, MARGIN + 10, y + BOX), fill=WALL)  # the wall
    if not hit:
        _text(draw, (MARGIN + 20, y + BOX / 2), "empty", 14, MUTED)
        return y + BOX + 8
    for i, g in enumerate(hit):
        line, col = divmod(i, PER_LINE)
        x = MARGIN + 18 + col * (BOX + 6)
        top = y + line * (BOX + 6)
        draw.rectangle((x, top, x + BOX, top + BOX), fill=GANG_RGB[g])
        number, tag = (x + BOX / 2, top + 11), (x + BOX / 2, top + BOX - 10)
        draw.text(number, str(i + 1), font=font(13), fill=BACKGROUND, anchor="mm")
        draw.text(tag, TAGS[g], font=font(11), fill=BACKGROUND, anchor="mm")
    lines = -(-len(hit) // PER_LINE)
    return y + lines * (BOX + 6) + 4


def _height(view: FBView) -> int:
    lines = max(1, -(-len(view.hit_list) // PER_LINE))
    return MARGIN + 64 + ROW * len(view.gangs) + 24 + lines * (BOX + 6) + 8 + 30 + MARGIN


def table_png(view: FBView, names: tuple[str, ...], result: str | None = None) -> bytes:
    """The table picture (``names``: plain text, one per seat; ``result``: a finished
    game's result in words, as stored). Names are drawn as the font can
    (cogs.render.glyphs): a name it cannot draw at all as "Player 1"."""
    drawn = tuple(drawn_name(name, f"Player {seat + 1}") for seat, name in enumerate(names))
    if result:
        result = drawn_line(result, names, drawn)
    names = drawn
    img = Image.new("RGB", (WIDTH, _height(view)), BACKGROUND)
    draw = ImageDraw.Draw(img)
    _text(draw, (MARGIN, MARGIN + 10), f"Family Business - turn {view.turn}", 20, TEXT)
    _text(
        draw,
        (MARGIN, MARGIN + 40),
        _fit(_status(view, names, result), 16, WIDTH - 2 * MARGIN),
        16,
        ACCENT,
    )
    y = MARGIN + 64
    for seat in range(len(view.gangs)):
        _gang(draw, view, names, seat, y)
        y += ROW
    y = _hit_list(draw, view.hit_list, y + 4)
    piles = f"{WAR[view.war]} · draw pile {view.draw_size} · discard pile {len(view.discard)}"
    _text(draw, (MARGIN, y + 14), piles, 15, MUTED)
    out = io.BytesIO()
    img.quantize(palette=_palette(), dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=1
    )
    return out.getvalue()


#: Steps between a colour and the one it is drawn on (the edges of text, smoothed).
BLEND_STEPS = 12


@cache
def _palette() -> Image.Image:
    """The picture's colours and the blends of each drawn colour with what it is drawn on
    (the smoothed edges of text): a PNG of palette pixels encodes several times faster
    than one of RGB pixels (and is a third of its size), and these are all the colours
    the picture holds."""
    grounds = (BACKGROUND, PANEL)
    inks = (TEXT, MUTED, ACCENT, DEAD, WALL, *GANG_RGB)
    pairs = [(ink, ground) for ink in inks for ground in grounds]
    pairs += [(BACKGROUND, gang) for gang in GANG_RGB]  # the hit list's numbers
    colours = sorted({
        tuple(round(a + (b - a) * k / BLEND_STEPS) for a, b in zip(ink, ground, strict=True))
        for ink, ground in pairs
        for k in range(BLEND_STEPS + 1)
    })  # fmt: skip
    swatch = Image.new("RGB", (len(colours), 1))
    swatch.putdata(colours)  # type: ignore[arg-type]
    return swatch.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def alt_text(view: FBView, names: tuple[str, ...], result: str | None = None) -> str:
    """What the picture shows, for screen readers (the embed says it all in words too)."""
    gangs = "; ".join(
        f"{names[g.seat]}: {g.at_large} at large, {g.listed} listed, {g.dead} dead"
        for g in view.gangs
    )
    hit = ", ".join(C.GANGS[g] for g in view.hit_list) or "empty"
    status = _status(view, names, result)
    return f"{status}. {gangs}. Hit list from the wall: {hit}. {WAR[view.war]}."
