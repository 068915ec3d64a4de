"""The table and hand embeds: complete as text (screen readers, clients that hide images).

``table_embed`` reads only the public fields of a view — never ``hand``, ``hand_vp`` or
``viewer`` — so it cannot leak a hand even when handed a player's view by mistake.
Every string is clipped so the largest states stay inside Discord's limits.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

from cogs.render.common import (
    FAMILY_EMOJI,
    card_token,
    clip,
    group_cards,
    group_token,
    is_lowered,
    is_over,
    long_name,
    robot_label,
    seat_name,
    street_in_order,
    utf16_len,
)
from cogs.render.image import IMAGE_FILENAME, table_png
from cogs.render.limits import ATTACHMENT_DESCRIPTION, FIELD_VALUE
from cogs.render.painter import PAINTER
from cogs.safe_text import plain, shown
from engine.famiglia.view_models import PlayerView, ResultView, SeatView

#: Each seat's hand (sorted codes) shown on a finished game's table; None: not shown.
Hands = tuple[list[str] | None, list[str] | None]

COLOUR_PLAYING = discord.Colour(0xD64045)  # La Famiglia red
COLOUR_OVER = discord.Colour(0xFAA61A)
COLOUR_HAND = discord.Colour(0x2F80ED)

NAME_LIMIT = 64  # names in titles and field names
MOVE_LIMIT = 200  # one line of the move log
MOVES_SHOWN = 5
PROMPT_LIMIT = 500
EXPLANATION_LIMIT = 700

LEGEND = (
    "🟥 F La Famiglia · 🟦 A Accountants · 🟨 B Brutes · 🟩 M Mercenaries · "
    "letter + rank, e.g. A3; B4→1 = lowered by a Brute this turn"
)


def _name(view: PlayerView, names: tuple[str, str], seat: int) -> str:
    """A seat's name as embed text: escaped, so it cannot format or mention."""
    return shown(clip(seat_name(view, names, seat), NAME_LIMIT))


def _tokens(tokens: list[str], empty: str) -> str:
    return " ".join(tokens) if tokens else empty


def street_text(view: PlayerView) -> str:
    """The Street, leftmost first, e.g. "🟥F3 🟦A1 🟨B2→0 🟩M4"."""
    cards = street_in_order(view)
    return _tokens([card_token(c.card, c.effective_rank) for c in cards], "(empty)")


def area_text(seat: SeatView) -> str:
    """A play area grouped, e.g. "🟦A0×2 🟨B1"."""
    return _tokens([group_token(g) for g in group_cards(seat.area)], "nothing yet")


@dataclass(frozen=True)
class ModeLook:
    """How the table names an engine game mode: in its title and in its footer."""

    title: str
    footer: Callable[[PlayerView], str]


LOOKS: dict[str, ModeLook] = {
    "duel": ModeLook(title="Famiglia", footer=lambda _view: "two players"),
    "solo": ModeLook(title="Famiglia solo", footer=lambda view: f"solo, level {view.level}"),
}


def _title(view: PlayerView, names: tuple[str, str]) -> str:
    a, b = _name(view, names, 0), _name(view, names, 1)
    return clip(f"{LOOKS[view.mode].title} · {a} vs {b}", 256)


def result_sentence(result: ResultView, names: tuple[str, str]) -> str:
    """The result said once, winner first: "**Anna wins, 77 to 20.**", then, only when a
    tie-break decided, how (the engine's explanation). ``names`` as they are shown."""
    high, low = sorted(result.totals, reverse=True)
    if result.winner is None:
        return f"**Shared win, {high} to {low}.** {result.explanation}"
    won, lost = result.totals[result.winner], result.totals[1 - result.winner]
    head = f"**{names[result.winner]} wins, {won} to {lost}.**"
    if result.decided_by == "points":
        return head
    return f"{head} {result.explanation}"


def _result_line(view: PlayerView, names: tuple[str, str]) -> str:
    r = view.result
    assert r is not None
    line = "Game over: " + result_sentence(r, (_name(view, names, 0), _name(view, names, 1)))
    if r.high_score is not None:
        line += f"\nHigh score: **{r.high_score}** (2 × your VP − the robot's)."
    return line


def _notices(view: PlayerView) -> list[str]:
    lines: list[str] = []
    lowered = [c for c in street_in_order(view) if is_lowered(c)]
    for c in lowered:
        lines.append(
            f"🟨 A Brute lowered {card_token(c.card)} from {c.rank} to "
            f"{c.effective_rank} for this turn."
        )
    if view.second_pile and not is_over(view):
        lines.append(
            "📦 The first draw pile has run out: the second pile is in play "
            "(refresh at most once per turn; the card goes under the pile)."
        )
    if view.end_triggered and not is_over(view):
        left = view.turns_left or 0
        lines.append(
            f"⏳ The last card is out: {left} more turn{'s' if left != 1 else ''} "
            "after this one, then the game ends."
            if left
            else "⏳ The last card is out: this is the last turn of the game."
        )
    if view.consecutive_passes == 1 and not is_over(view):
        lines.append("✋ The last player passed: another pass in a row ends the game.")
    return lines


def _description(view: PlayerView, names: tuple[str, str]) -> str:
    if view.result is not None:
        head = [clip(_result_line(view, names), EXPLANATION_LIMIT + 200)]
    elif is_over(view):  # given up or lost on time: the caller says who won
        head = ["**Game over.**"]
    else:
        who = "—" if view.current is None else _name(view, names, view.current)
        head = [f"**Turn {view.turn_number} · {who} to play**"]
        if view.prompt:
            head.append(f"> {clip(' '.join(view.prompt.split()), PROMPT_LIMIT)}")
    return "\n".join(head + _notices(view))


def _seat_field(
    view: PlayerView, names: tuple[str, str], seat: SeatView, hand: list[str] | None
) -> tuple[str, str]:
    marker = "▶ " if view.current == seat.seat and not is_over(view) else ""
    tags = [t for t in (robot_label(view, seat), "starts" if view.first == seat.seat else "") if t]
    tag = f" ({', '.join(tags)})" if tags else ""
    name = f"{marker}{_name(view, names, seat.seat)}{tag} · {seat.area_vp} VP on the table"
    if seat.is_robot:
        extra = "The robot keeps every card face up here; he has no hand."
    elif hand is not None:  # the game is over: every hand is shown
        groups = group_cards(hand)
        vp = sum(g.vp * g.count for g in groups)
        cards = _tokens([group_token(g) for g in groups], "nothing")
        extra = f"✋ Hand ({len(hand)} card{'s' if len(hand) != 1 else ''}, {vp} VP): {cards}"
    else:
        extra = f"✋ {seat.hand_size} card{'s' if seat.hand_size != 1 else ''} in hand"
    return clip(name, 256), clip(f"{area_text(seat)}\n{extra}", FIELD_VALUE)


def moves_text(recent: Sequence[str]) -> str:
    """The last few moves, newest last, clipped to one field."""
    shown = [m for m in recent if m.strip()][-MOVES_SHOWN:]
    lines = [f"• {clip(' '.join(m.split()), MOVE_LIMIT)}" for m in shown]
    while lines and utf16_len("\n".join(lines)) > FIELD_VALUE:
        lines.pop(0)
    return "\n".join(lines)


def table_embed(
    view: PlayerView,
    names: tuple[str, str],
    recent: Sequence[str] = (),
    hands: Hands | None = None,
) -> discord.Embed:
    """The public table as an embed. Uses only public fields of ``view``, and ``hands``
    (each seat's hand, or None) once the game is over and every hand is shown.

    ``names`` are the seats' display names (seat 0, seat 1); ``recent`` the last moves as
    sentences, oldest first. Attach the image with ``attach_table_image``.
    """
    over = is_over(view)
    embed = discord.Embed(
        title=_title(view, names),
        description=_description(view, names),
        colour=COLOUR_OVER if over else COLOUR_PLAYING,
    )
    n = len(view.street)
    embed.add_field(
        name=f"Street · {n} card{'s' if n != 1 else ''} (leftmost first)",
        value=clip(street_text(view), FIELD_VALUE),
        inline=False,
    )
    for seat in view.seats:
        hand = hands[seat.seat] if hands is not None else None
        name, value = _seat_field(view, names, seat, hand)
        embed.add_field(name=name, value=value, inline=False)
    pile = "second pile" if view.second_pile else "draw pile"
    embed.add_field(
        name="Piles",
        value=f"{view.pile_size} in the {pile} · {view.discard_size} on the discard pile",
        inline=False,
    )
    moves = moves_text(recent)
    if moves:
        embed.add_field(name="Last moves", value=moves, inline=False)
    mode = LOOKS[view.mode].footer(view)
    embed.set_footer(text=f"Famiglia ({mode}) · turn {view.turn_number}\n{LEGEND}")
    return embed


def image_alt_text(view: PlayerView, names: tuple[str, str]) -> str:
    """A short description of the table image for the attachment's alt text."""
    parts = [f"Street: {street_text(view)}"]
    for seat in view.seats:
        parts.append(f"{_name(view, names, seat.seat)}: {area_text(seat)}")
    return clip(". ".join(parts), ATTACHMENT_DESCRIPTION)


def attach_table_image(embed: discord.Embed, png: bytes, alt_text: str = "") -> discord.File:
    """Point ``embed`` at the attached table image and return the file to send with it:
    ``await message.edit(embed=embed, attachments=[file])``."""
    embed.set_image(url=f"attachment://{IMAGE_FILENAME}")
    return discord.File(
        io.BytesIO(png),
        filename=IMAGE_FILENAME,
        description=clip(alt_text, ATTACHMENT_DESCRIPTION) or None,
    )


def table_message(
    view: PlayerView,
    names: tuple[str, str],
    recent: Sequence[str] = (),
    hands: Hands | None = None,
) -> tuple[discord.Embed, discord.File]:
    """The whole public table: the embed and the image file it shows (with every hand
    once the game is over: ``hands``)."""
    embed = table_embed(view, names, recent, hands)
    last = plain(recent[-1]) if recent else None
    png = PAINTER.draw(table_png, view, names, last)
    return embed, attach_table_image(embed, png, image_alt_text(view, names))


def hand_embed(view: PlayerView, names: tuple[str, str] | None = None) -> discord.Embed:
    """The viewer's private hand (send it ephemerally): cards grouped with their names and
    VP, the own play area and the own total. Needs a player's view (``view.hand`` set)."""
    if view.hand is None or view.viewer is None:
        raise ValueError("hand_embed needs a player's view (viewer and hand set)")
    me = view.seats[view.viewer]
    groups = group_cards(view.hand)
    lines = [
        f"{FAMILY_EMOJI[g.kind // 5]} **{g.code}** {long_name(g.code)}"
        f"{f' ×{g.count}' if g.count > 1 else ''} · {g.vp} VP{' each' if g.count > 1 else ''}"
        for g in groups
    ] or ["Your hand is empty."]
    hand_vp = sum(g.vp * g.count for g in groups)
    if is_over(view):
        status = "The game is over."
    elif view.current == view.viewer:
        status = f"**Your turn:** {clip(' '.join(view.prompt.split()), PROMPT_LIMIT)}"
    else:
        who = (
            "the other player"
            if names is None or view.current is None
            else _name(view, names, view.current)
        )
        status = f"Waiting for {who}."
    embed = discord.Embed(
        title=f"Your hand · {len(view.hand)} card{'s' if len(view.hand) != 1 else ''}",
        description="\n".join([status, "", *lines]),
        colour=COLOUR_HAND,
    )
    embed.add_field(
        name=f"Your play area · {me.area_vp} VP",
        value=clip(area_text(me), FIELD_VALUE),
        inline=False,
    )
    total = view.hand_vp if view.hand_vp is not None else hand_vp + me.area_vp
    embed.add_field(
        name="Your total",
        value=f"{total} VP ({hand_vp} in hand + {me.area_vp} on the table)",
        inline=False,
    )
    embed.add_field(name="Street", value=clip(street_text(view), FIELD_VALUE), inline=False)
    embed.set_footer(text=LEGEND)
    return embed
