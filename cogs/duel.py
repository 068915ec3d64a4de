"""Two players in a server channel: the strategy of mode ``duel`` (``cogs.modes``).

A challenge starts the game; after a move the mover gets their hand back with the
move spelled out; the table is the public message of the channel, and the player to
move is pinged there (only the latest ping of a game stays).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.service import Moved, Refusal
from bot.services.start_options import DuelOptions
from cogs import present
from cogs.flows import NOBODY, Flows, users
from cogs.items import RematchButton
from cogs.safe_text import kept_name
from cogs.table_move import answer_message, moved_to
from db.rows import GameRow
from engine.famiglia import GameState

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]


class DuelFlows:
    def __init__(self, flows: Flows) -> None:
        self.flows = flows
        self.bot = flows.bot
        self.service = flows.service
        #: The latest "your turn" ping of each game, deleted when the next one is sent.
        self._pings: dict[int, int] = {}

    async def start(self, interaction: Interaction, options: DuelOptions) -> None:
        channel = interaction.channel
        if interaction.guild is None or not isinstance(channel, discord.TextChannel):
            return await self.flows.refuse(
                interaction,
                "Challenges are played in a server text channel: use this command there.",
            )
        if options.opponent_is_bot:
            return await self.flows.refuse(
                interaction, "Bots cannot play Famiglia. Challenge a person."
            )
        names = [kept_name(interaction.user), options.opponent_name]
        try:
            game = await self.service.challenge(
                interaction.guild.id, channel.id, interaction.user.id, options.opponent_id, names
            )
        except Refusal as refusal:
            return await self.flows.refuse(interaction, str(refusal))
        await self.flows.post_challenge(interaction, game)

    async def after_move(self, interaction: Interaction, moved: Moved) -> None:
        lines = self.flows.lines(moved.game, moved.events)
        seat = moved.game.seat_of(interaction.user.id)
        note = "\n".join(present.move_answer(lines[-8:], moved.state, seat))
        hand = self.flows.answer_with_hand(interaction, moved.game, moved.state, note[:1900])
        await self.flows.answered(moved, hand)

    async def play_again(self, interaction: Interaction, game: GameRow) -> None:
        await self.flows.rematch(interaction, game.id)

    def forfeit_question(self, game: GameRow, user_id: int) -> str:
        return present.forfeit_question(game, user_id)

    async def show_outcome(self, moved: Moved) -> None:
        game, state = moved.game, moved.state
        await self.flows.update_table(game, state)
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            await self._drop_ping(channel, game.id)
            if moved.ended and game.status in ("finished", "forfeited"):
                record = await self.flows.record(game)
                text = present.result_text(game, state, record)
                view = discord.ui.View(timeout=None)
                view.add_item(RematchButton(game.id))
                await channel.send(
                    f"🏁 Famiglia #{game.id} is over. {text}",
                    view=view,
                    allowed_mentions=NOBODY,
                )
            elif game.status == "active" and (moved.turn_passed or game.action_count == 0):
                seat = state.current
                ping = await channel.send(
                    present.turn_ping(game, seat), allowed_mentions=users(game.players[seat])
                )
                self._pings[game.id] = ping.id
        except discord.HTTPException as error:
            log.warning("could not post to channel %s: %s", game.channel_id, error)
            self.flows.repair.failed(game.id)

    async def _drop_ping(self, channel: discord.PartialMessageable, game_id: int) -> None:
        """Keep the channel tidy: only the latest turn ping of a game stays."""
        old = self._pings.pop(game_id, None)
        if old is None:
            return
        try:
            await channel.get_partial_message(old).delete()
        except discord.HTTPException as error:  # already gone, or no access: harmless
            log.debug("could not delete turn ping %s: %s", old, error)

    async def repost(self, interaction: Interaction, game: GameRow | None) -> None:
        """/famiglia board: a fresh table at the bottom; the old one points to it."""
        if game is None or game.status != "active":
            return await self.flows.refuse(
                interaction, "There is no Famiglia game running in this channel."
            )
        if game.seat_of(interaction.user.id) is None:
            return await self.flows.refuse(interaction, "Only the two players can move the table.")
        state = GameState.from_json(game.state_json)
        payload = await self.flows.table_payload(game, state)
        files = payload.pop("attachments")
        payload.pop("content")
        sent = await interaction.response.send_message(
            files=files, allowed_mentions=NOBODY, **payload
        )
        # The new table is shown: from here on no error may say that nothing changed.
        message = await answer_message(interaction, sent, f"table of game {game.id}")
        if message is None:  # the old table stays the one kept up to date
            return
        store = self.service.store
        await moved_to(self.bot, store, game, message, f"Famiglia #{game.id}")
        now = await store.get_game(game.id)
        if now is not None and now.version != game.version:  # a move came in meanwhile
            await self.flows.update_table(now, GameState.from_json(now.state_json))
