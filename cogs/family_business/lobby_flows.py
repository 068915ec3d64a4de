"""The lobby of a Family Business table, as the flows show it: open one, join, leave,
add or remove an AI seat, cancel, start, play again, and the lobby or table posted as
the answer here (:class:`LobbyFlows`, the part of
:class:`cogs.family_business.flows.FamilyBusinessFlows` before the deal)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.app import FamigliaBot
from bot.discord_errors import FAILED
from bot.services.multi_games import MultiService
from bot.services.multi_lobby import MultiMoved
from bot.services.multi_rules import rules_of
from bot.services.reads import UNDEALT, Refusal
from cogs.channel_rights import lacking
from cogs.family_business import views
from cogs.family_business.announce import announce_left
from cogs.family_business.replies import refuse
from cogs.repair import TableRepair
from cogs.safe_text import kept_name
from cogs.table_message import answered_ok, edit_in_place, moved_to, post_anew
from db.rows import GameRow, Strength

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
LEFT = (
    "You are no longer in this game (you left it, or your time ran out): the AI plays your"
    " gang now, and its hand is not yours to see."
)
OUT = "Your gang is out of the game already; the others play on."
STRENGTHS: dict[str, Strength] = {"easy": "easy", "medium": "medium", "hard": "hard"}


class LobbyFlows:
    """The lobby's clicks and commands, and leaving a lobby or a game; a started game's
    table and what follows are the flows' (:meth:`table_payload`, :meth:`after`)."""

    bot: discord.Client
    multi: MultiService
    #: the flows' own: a started game's table, and what follows a change of one
    table_payload: Callable[[GameRow, Any], Awaitable[dict[str, Any]]]
    after: Callable[[MultiMoved], Awaitable[None]]
    repair: TableRepair  # draws a lobby or table that could not be shown again

    async def open(self, interaction: Interaction, seats: int) -> None:
        if interaction.guild is None or interaction.channel_id is None:
            return await refuse(interaction, Refusal("Open a table in a server's text channel."))
        if why := lacking(interaction):
            return await refuse(interaction, Refusal(why))
        try:
            moved = await self.multi.open_lobby(
                interaction.guild.id,
                interaction.channel_id,
                interaction.user.id,
                kept_name(interaction.user),
                seats,
                "family_business",
            )
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        await self.post_here(interaction, moved.game, None)

    async def lobby_click(self, interaction: Interaction, game_id: int, what: str) -> None:
        user, name = interaction.user.id, kept_name(interaction.user)
        actions = {
            "join": lambda: self.multi.join(game_id, user, name),
            "leave": lambda: self.multi.leave_lobby(game_id, user),
            "unai": lambda: self.multi.remove_ai(game_id, user),
            "cancel": lambda: self.multi.cancel(game_id, user),
            "start": lambda: self.multi.start(game_id, user),
        }
        try:
            moved = await actions[what]()
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        await self._answer_lobby(interaction, moved)

    async def add_ai(self, interaction: Interaction, game_id: int, values: list[str]) -> None:
        strength = STRENGTHS.get(values[0]) if len(values) == 1 else None
        if strength is None:
            return await refuse(interaction, Refusal("Pick easy, medium or hard."))
        try:
            moved = await self.multi.add_ai(game_id, interaction.user.id, strength)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        await self._answer_lobby(interaction, moved)

    async def _answer_lobby(self, interaction: Interaction, moved: MultiMoved) -> None:
        """The click answered, then the lobby (or the new table) drawn from the store in
        its message: another click may have committed since, and a drawing of an older
        version never lands over a newer one (:func:`cogs.table_message.edit_in_place`).
        A click on an older copy turns that copy into a link to the lobby."""
        table_id = await self.multi.base.records.table_message_id(moved.game)
        message = interaction.message
        if message is not None and table_id is not None and message.id != table_id:
            reply = interaction.response.edit_message(**views.moved_here(moved.game, table_id))
        else:
            reply = interaction.response.defer()
        await answered_ok(moved.game, reply)
        if moved.state is not None:
            await self.after(moved)  # the table, drawn from the store
        else:
            await self._show_lobby(moved.game)

    async def again(self, interaction: Interaction, game_id: int) -> None:
        if why := lacking(interaction):
            return await refuse(interaction, Refusal(why))
        try:
            moved = await self.multi.again(
                game_id, interaction.user.id, kept_name(interaction.user)
            )
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        await self.post_here(interaction, moved.game, None)

    async def post_here(self, interaction: Interaction, game: GameRow, state: Any) -> None:
        """The lobby (``state`` None) or the table of ``game`` as the answer here, recorded
        as its table; an older copy becomes a link to it, so that no copy can show seats
        or a position the game no longer has."""
        message: discord.Message | None = None
        reply = interaction.response.send_message(**await self._to_post(game, state))
        if answered := await answered_ok(game, reply):
            with contextlib.suppress(*FAILED):
                message = await interaction.original_response()
        else:  # the lobby or game stands: posted in the channel instead (a fresh picture)
            channel = self.bot.get_partial_messageable(game.channel_id)
            with contextlib.suppress(*FAILED):
                message = await channel.send(**await self._to_post(game, state))
        if message is not None:
            await moved_to(self.bot, self.multi.base.records, game, message, views.title(game))
        elif not answered:  # shown nowhere, yet it holds the channel: the repair posts it
            self.repair.failed(game.id)

    async def _to_post(self, game: GameRow, state: Any) -> dict[str, Any]:
        """A new message's lobby (``state`` None) or table."""
        if state is None:
            return {"embed": views.lobby_embed(game), "view": views.lobby_view(game)}
        payload = await self.table_payload(game, state)
        payload["files"] = payload.pop("attachments")
        del payload["content"]
        return payload

    async def _show_lobby(self, game: GameRow) -> None:
        """The lobby drawn again after a committed change of it; never raises: what
        failed is handed to the repair (the change stands)."""
        try:
            await self._redraw_lobby(game)
        except Exception:
            log.exception("lobby %s changed, but showing it failed", game.id)
            self.repair.failed(game.id)

    async def _redraw_lobby(self, game: GameRow) -> None:
        """The lobby's message drawn again from the store (its seats as stored now), or
        posted anew while the lobby is open when it has none (its post failed, or the
        process stopped between the commit and the post) or it was deleted; nothing once
        the game has been dealt: that message is its table now, drawn by the start (a
        click on the lobby that raced the Start would draw the lobby over it, its Show
        my hand gone). Raises when Discord refused the post (the repair's turn)."""
        game = await self.multi.base.game(game.id)
        if game.state_json != UNDEALT:
            return
        records = self.multi.base.records
        channel = self.bot.get_partial_messageable(game.channel_id)
        payload = {"embed": views.lobby_embed(game), "view": views.lobby_view(game)}
        if await edit_in_place(channel, game, payload, "lobby", records, self.repair.failed):
            return
        if game.is_open:  # a closed lobby nobody saw needs no message
            await post_anew(self.bot, records, game, payload, views.title(game), self._undealt)

    async def _undealt(self, game_id: int) -> bool:
        """Whether ``game_id`` is an open lobby as stored now (not dealt, not closed)."""
        game = await self.multi.base.game(game_id)
        return game.state_json == UNDEALT and game.is_open

    async def leave(self, interaction: Interaction, game: GameRow) -> None:
        """``/familybusiness leave``: out of a lobby at once; out of a started game once
        the player confirms (:meth:`leave_game`)."""
        if game.status != "challenge":
            seat = game.seat_of(interaction.user.id)
            if seat is not None and game.seats[seat].left_place is not None:
                return await refuse(interaction, Refusal(LEFT))
            _, state = await self.multi.load(game.id)
            if seat is not None and state is not None and not rules_of(game.game).live(state)[seat]:
                return await refuse(interaction, Refusal(OUT))
            text, view = views.leave_question(game)
            return await interaction.response.send_message(text, view=view, ephemeral=True)
        try:
            moved = await self.multi.leave_lobby(game.id, interaction.user.id)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        reply = interaction.response.send_message("You left the lobby.", ephemeral=True)
        await answered_ok(moved.game, reply)
        await self._show_lobby(moved.game)

    async def leave_game(self, interaction: Interaction, game_id: int) -> None:
        """The confirmed leave of a started game: the gang goes to the AI."""
        try:
            moved = await self.multi.leave(game_id, interaction.user.id)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        said = (
            "You left the game. No person is still playing, so the game ends here."
            if moved.ended
            else "You left the game: the AI plays your gang from now on, and you are placed"
            " as if your gang was eliminated now."
        )
        reply = interaction.response.edit_message(content=said, view=None)
        await answered_ok(moved.game, reply)
        if moved.left is not None:
            await announce_left(self.bot, moved.game, moved.left, timed_out=False)
        await self.after(moved)
