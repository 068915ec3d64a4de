"""``/famiglia stats [player]``: games, results, rating with its history chart, best solo
scores per level and average VP, and the rated games of Family Business with their
rating, all read from the store's ``player_stats``. Its Family Business counts are those
of the ratings: a game with one person and AI seats only is rated nobody, and counted
nowhere here."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands

from bot.app import FamigliaBot
from cogs.leaderboard import COLOUR, level_text, rating_text, store_of
from cogs.render.chart import CHART_FILENAME, START_RATING, rating_chart_png
from cogs.safe_text import UNKNOWN_USER, shown
from db.rows import PlayerStats

Interaction = discord.Interaction[FamigliaBot]


#: The names boards and stats give the games for 2-6 players.
GAME_TITLES = {"family_business": "Family Business"}


def has_games(stats: PlayerStats) -> bool:
    return famiglia_games(stats) > 0 or bool(stats.multi_ratings)


def famiglia_games(stats: PlayerStats) -> int:
    """The finished games of Famiglia: two-player, solo and against the AI."""
    return stats.duel_games + stats.solo_games + sum(r.games for r in stats.ai_records)


def no_games_text(name: str, yourself: bool) -> str:
    """For a player with nothing to show: what the stats count, so that a game they did
    finish (Family Business with AI seats alone, never rated) is not denied."""
    counted = (
        "finished games of Famiglia and rated games of Family Business (two or more"
        " people at the table; a game against AI seats alone is not rated)"
    )
    if yourself:
        return (
            f"You have no stats yet: they count {counted}. Challenge someone with"
            " `/famiglia start`, play the robot gangster with `/famiglia solo` or the AI"
            " with `/famiglia ai`, or open a Family Business table for two or more people"
            " with `/familybusiness open` — your stats appear after your first such game."
        )
    return (
        f"{name} has no stats yet: they count {counted}."
        " Why not challenge them with `/famiglia start`?"
    )


def games_text(stats: PlayerStats) -> str:
    """How many games the stats count, per game: ``… has finished 3 game(s) of Famiglia
    and 2 rated game(s) of Family Business.``"""
    famiglia = famiglia_games(stats)
    parts = [f"{famiglia} game(s) of Famiglia"] if famiglia or not stats.multi_ratings else []
    parts += [
        f"{multi.games} rated game(s) of {GAME_TITLES.get(multi.game, multi.game)}"
        for multi in stats.multi_ratings
    ]
    return f"<@{stats.user_id}> has finished {' and '.join(parts)}."


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "—"


def stats_embed(name: str, stats: PlayerStats) -> discord.Embed:
    embed = discord.Embed(title=f"Famiglia stats — {name}"[:256], colour=COLOUR)
    embed.description = games_text(stats)
    if famiglia_games(stats):
        _famiglia_fields(embed, stats)
    for multi in stats.multi_ratings:
        embed.add_field(
            name=f"{GAME_TITLES.get(multi.game, multi.game)} (rated games)",
            value=f"rating {multi.ordinal:.1f} (mu {multi.mu:.1f}, sigma {multi.sigma:.1f});"
            f" {multi.games} game(s), {multi.wins} won",
            inline=False,
        )
    if stats.average_vp is not None:
        embed.add_field(
            name="Average VP",
            value=f"{stats.average_vp:.1f} VP per game played to its end",
            inline=False,
        )
    return embed


def _famiglia_fields(embed: discord.Embed, stats: PlayerStats) -> None:
    """Two-player results, the rating, solo games and best scores, against the AI."""
    duel = (
        f"{stats.duel_games} game(s): {stats.wins} won, {stats.losses} lost, {stats.draws} drawn"
        f" ({_percent(stats.wins, stats.duel_games)} won)"
        if stats.duel_games
        else "No two-player games yet."
    )
    embed.add_field(name="Two-player games", value=duel, inline=False)
    rating = stats.rating
    if rating is not None:
        note = " — provisional (few games yet)" if rating.provisional else ""
        value = (
            f"**{rating_text(rating.rating, rating.provisional)}** ± {rating.rd:.0f}{note}"
            f"\nGlicko-2 after {rating.games} rated game(s)"
        )
        if stats.rating_history:  # each point is a rating after a game; all start at 1500
            best = max(p.rating for p in stats.rating_history)
            change = rating.rating - START_RATING
            value += f"; best {best:.0f}, {change:+.0f} since the start ({START_RATING:.0f})"
        embed.add_field(name="Rating", value=value, inline=False)
    solo = (
        f"{stats.solo_games} game(s) against the robot gangster: {stats.solo_wins} won"
        if stats.solo_games
        else "No solo games yet."
    )
    embed.add_field(name="Solo games", value=solo, inline=False)
    if stats.best_solo:
        lines = [
            f"Level {b.level}: **{b.high_score}** ({level_text(b.level, b.player_first)},"
            f" {discord.utils.format_dt(b.finished_at, 'd')})"
            for b in stats.best_solo
        ]
        embed.add_field(name="Best solo score per level", value="\n".join(lines), inline=False)
    if stats.ai_records:
        lines = [
            f"**{r.strength}**: {r.games} game(s), {r.wins} won, {r.losses} lost, {r.draws} drawn"
            for r in stats.ai_records
        ]
        embed.add_field(name="Against the AI (not rated)", value="\n".join(lines), inline=False)


def chart_file(stats: PlayerStats) -> discord.File | None:
    """The rating history chart, or None when the player has no rated game."""
    if not stats.rating_history:
        return None
    points = [(p.rating, p.rd) for p in stats.rating_history]
    return discord.File(
        io.BytesIO(rating_chart_png(points)),
        filename=CHART_FILENAME,
        description="Rating after each two-player game",
    )


async def show_stats(
    interaction: Interaction, player: discord.User | discord.Member | None
) -> None:
    """Answer with the stats of ``player`` (default: the user asking)."""
    target = player or interaction.user
    if not isinstance(target, discord.User | discord.Member):  # an id sent without its user
        await interaction.response.send_message(UNKNOWN_USER, ephemeral=True)
        return
    if target.bot:
        await interaction.response.send_message(
            "Bots do not play Famiglia, so they have no stats. Pick a person.", ephemeral=True
        )
        return
    stats = await store_of(interaction).player_stats(target.id)
    yourself = target.id == interaction.user.id
    if not has_games(stats):
        await interaction.response.send_message(
            no_games_text(shown(target.display_name), yourself),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        return
    embed = stats_embed(shown(target.display_name), stats)
    file = await asyncio.to_thread(chart_file, stats)
    kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
    if file is not None:
        embed.set_image(url=f"attachment://{CHART_FILENAME}")
        kwargs["file"] = file
    await interaction.response.send_message(embed=embed, **kwargs)


def stats_command() -> app_commands.Command[Any, ..., None]:
    """``/famiglia stats``, made fresh for each bot (a command has one parent)."""

    @app_commands.command(name="stats", description="A player's games, rating and best scores")
    @app_commands.describe(player="Whose stats (you, if left out)")
    async def stats(interaction: Interaction, player: discord.User | None = None) -> None:
        await show_stats(interaction, player)

    return stats
