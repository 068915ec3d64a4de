"""The ``/familybusiness`` command group: open a lobby, show your hand, post the table
again, the rules, leave, and the ratings board. Every subcommand needs a server channel
(``guild_only`` does nothing on subcommands, so each checks ``interaction.guild``)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import FamigliaBot
from bot.services.reads import Refusal
from cogs.family_business.flows import FamilyBusinessFlows
from cogs.family_business.replies import refuse
from cogs.family_business.rules_text import RULES
from cogs.leaderboard import Scope, show_board
from db.rows import GameRow

Interaction = discord.Interaction[FamigliaBot]
Seats = app_commands.Range[int, 2, 6]
GAME = "family_business"
SEATS = "Seats: a whole number from 2 to 6."
SCOPES = "Scope: server (games played in this server) or global (everywhere)."


@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class FamilyBusinessCog(
    commands.GroupCog, group_name="familybusiness", group_description="Play Family Business"
):
    def __init__(self, flows: FamilyBusinessFlows) -> None:
        self.flows = flows
        super().__init__()

    async def _mine(self, interaction: Interaction) -> GameRow:
        """The user's lobby or game in this channel."""
        if interaction.guild is None or interaction.channel_id is None:
            raise Refusal("Family Business is played in a server's text channel.")
        game = await self.flows.multi.base.records.game_in_channel(interaction.channel_id)
        if game is None or game.mode != "multi":
            raise Refusal(
                "There is no Family Business game here. Open one with /familybusiness open."
            )
        if game.seat_of(interaction.user.id) is None:
            raise Refusal("You are not playing in this channel's Family Business game.")
        return game

    @app_commands.command(name="open", description="Open a lobby for 2-6 players here")
    @app_commands.describe(seats="The most seats at the table (2-6, default 4)")
    async def open(self, interaction: Interaction, seats: Seats = 4) -> None:
        if type(seats) is not int or not 2 <= seats <= 6:  # a forged client: "4", 4.5, "٤"
            return await refuse(interaction, Refusal(SEATS))
        await self.flows.open(interaction, seats)

    @app_commands.command(name="hand", description="Your hand and your choices, only to you")
    async def hand(self, interaction: Interaction) -> None:
        try:
            game = await self._mine(interaction)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        await self.flows.show_hand(interaction, game.id)

    @app_commands.command(name="play", description="Make your next decision (or answer a window)")
    @app_commands.describe(decision="What to do now: start typing, the list shows what is legal")
    async def play(self, interaction: Interaction, decision: str) -> None:
        try:
            game = await self._mine(interaction)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        await self.flows.play_typed(interaction, game.id, decision)

    @play.autocomplete("decision")
    async def _decisions(
        self, interaction: Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        try:
            game = await self._mine(interaction)
        except Refusal:
            return []
        offered = await self.flows.decisions(game.id, interaction.user.id)
        wanted = typed.casefold()
        return [
            app_commands.Choice(name=name[:100], value=value)
            for name, value in offered
            if wanted in name.casefold()
        ][:25]

    @app_commands.command(name="board", description="Post the table again at the bottom")
    async def board(self, interaction: Interaction) -> None:
        try:
            game = await self._mine(interaction)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        game, state = await self.flows.multi.load(game.id, stored=True)
        await self.flows.post_here(interaction, game, state)  # the old copy: a link

    @app_commands.command(name="rules", description="The rules of Family Business in short")
    async def rules(self, interaction: Interaction) -> None:
        embed = discord.Embed(title="Family Business — the rules in short", description=RULES)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leave", description="Leave the lobby, or hand your gang to the AI")
    async def leave(self, interaction: Interaction) -> None:
        try:
            game = await self._mine(interaction)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        await self.flows.leave(interaction, game)

    @app_commands.command(name="leaderboard", description="The Family Business ratings")
    @app_commands.describe(scope="server: games played in this server; global: everywhere")
    async def leaderboard(self, interaction: Interaction, scope: Scope | None = None) -> None:
        if scope not in (None, "server", "global"):  # a value the choices never offered
            return await refuse(interaction, Refusal(SCOPES))
        await show_board(interaction, "familybusiness", scope or "server", None)
