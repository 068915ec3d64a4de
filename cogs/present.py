"""What a game looks like in a message: the table, a hand, a challenge, a result.

The pictures and card tokens come from ``cogs.render``; this module puts them into
the messages the bot sends. Public embeds are built from the public view only
(``view(state, None)``), so they cannot show a hand or the pile's order.
"""

from __future__ import annotations

import io

import discord

from cogs.render.common import card_token, group_cards, group_token, street_in_order
from cogs.render.image import IMAGE_FILENAME, table_png
from db.rows import GameRow, ResultRow
from engine import GameState, PlayerView, view

COLOUR = discord.Colour.from_rgb(250, 166, 26)
OVER = discord.Colour.from_rgb(120, 124, 132)
RECENT_LINES = 6


def names_of(game: GameRow) -> tuple[str, str]:
    names = game.options.get("names") or ["Player 1", "Player 2"]
    return (str(names[0]), str(names[1]))


def mention(game: GameRow, seat: int) -> str:
    return f"<@{game.players[seat]}>"


def _cards(codes: list[str]) -> str:
    return " ".join(group_token(g) for g in group_cards(codes)) or "—"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _whose_turn(game: GameRow, pv: PlayerView) -> str:
    if not game.is_open or pv.current is None:
        return "The game is over."
    return f"**{mention(game, pv.current)} to move** — {pv.prompt}"


def table_embed(
    game: GameRow, state: GameState, recent: list[str], record: ResultRow | None = None
) -> discord.Embed:
    """The public table: Street, play areas, hand sizes, piles, turn, last moves."""
    pv = view(state, None)
    names = names_of(game)
    embed = discord.Embed(
        title=_clip(f"Famiglia #{game.id}: {names[0]} vs {names[1]}", 256),
        colour=COLOUR if game.is_open else OVER,
        description=_clip(_whose_turn(game, pv), 1000),
    )
    lowered = f" (Brute: #{pv.brute[0] + 1} lowered by {pv.brute[1]})" if pv.brute else ""
    street = " ".join(card_token(c.card, c.effective_rank) for c in street_in_order(pv)) or "—"
    embed.add_field(name=f"Street{lowered}", value=_clip(street, 1024), inline=False)
    for seat in (0, 1):
        sv = pv.seats[seat]
        first = " ⭐" if pv.first == seat else ""
        embed.add_field(
            name=_clip(f"{names[seat]}{first} — hand {sv.hand_size}, table {sv.area_vp} VP", 256),
            value=_clip(_cards(sv.area), 1024),
            inline=False,
        )
    piles = f"Draw pile {pv.pile_size} · discard {pv.discard_size} · turn {pv.turn_number}"
    if pv.second_pile:
        piles += " · second pile"
    if pv.end_triggered and pv.turns_left is not None:
        piles += f" · last card out: {pv.turns_left} more turn(s)"
    embed.add_field(name="Piles", value=piles, inline=False)
    if recent:
        lines = "\n".join(f"• {line}" for line in recent[-RECENT_LINES:])
        embed.add_field(name="Last moves", value=_clip(lines, 1024), inline=False)
    if not game.is_open:
        text = result_text(game, state, record)
        embed.add_field(name="Result", value=_clip(text, 1024), inline=False)
    embed.set_image(url=f"attachment://{IMAGE_FILENAME}")
    embed.set_footer(text="Only you see your hand: press “Show my hand”. ⭐ = started.")
    return embed


def table_file(game: GameRow, state: GameState) -> discord.File:
    png = table_png(view(state, None), names_of(game))
    return discord.File(
        io.BytesIO(png), filename=IMAGE_FILENAME, description="The Street and both play areas"
    )


def result_text(game: GameRow, state: GameState, record: ResultRow | None) -> str:
    names = names_of(game)
    if record is not None and record.reason != "score" and record.winner is not None:
        loser = 1 - record.winner
        how = "ran out of time" if record.reason == "timeout" else "gave up"
        return f"{names[loser]} {how}: **{names[record.winner]} wins.**"
    final = view(state, None).result
    if final is None:
        return "The game ended."
    t0, t1 = final.totals
    head = f"{names[0]} {t0} VP · {names[1]} {t1} VP."
    if final.winner is None:
        return f"{head} {final.explanation} It is a shared win."
    return f"{head} {final.explanation} **{names[final.winner]} wins.**"


def hand_embed(
    game: GameRow, state: GameState, seat: int, record: ResultRow | None = None
) -> discord.Embed:
    """One player's own view: hand, VP and what the current decision asks of them."""
    pv = view(state, seat)
    hand = pv.hand or []
    embed = discord.Embed(
        title=f"Your hand — Famiglia #{game.id}",
        colour=COLOUR,
        description=_clip(_cards(hand), 1024),
    )
    embed.add_field(
        name="Your play area", value=_clip(_cards(list(pv.seats[seat].area)), 1024), inline=False
    )
    embed.add_field(name="Your total", value=f"{pv.hand_vp} VP (hand + play area)", inline=False)
    if game.is_open and pv.current == seat:
        embed.add_field(name="Your move", value=_clip(pv.prompt, 1024), inline=False)
    elif game.is_open:
        embed.add_field(name="Waiting", value="It is your opponent's turn.", inline=False)
    else:
        embed.add_field(
            name="Game over", value=_clip(result_text(game, state, record), 1024), inline=False
        )
    return embed


def challenge_text(game: GameRow, minutes: float) -> str:
    names = names_of(game)
    return (
        f"{mention(game, 1)}, **{names[0]}** challenges you to a game of **Famiglia**! "
        f"Accept or decline within {minutes:g} minutes."
    )


def challenge_closed_text(game: GameRow) -> str:
    names = names_of(game)
    return {
        "declined": f"{names[1]} declined the Famiglia challenge from {names[0]}.",
        "cancelled": f"{names[0]} withdrew the Famiglia challenge to {names[1]}.",
        "expired": (
            f"The Famiglia challenge from {names[0]} to {names[1]} expired: "
            "nobody answered in time."
        ),
    }.get(game.status, "This challenge is closed.")
