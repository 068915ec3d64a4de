"""What happens on Discord for each request, whatever the game's mode: ask the service,
then hand the result to the table of the game's mode (:mod:`cogs.mode_tables`), which
answers and shows it; the table update, the fresh table and giving a game up are here
once, with what differs per mode (the table's payload, the forfeit question) asked of
the mode's table.

Every path answers the interaction exactly once. A :class:`Refusal` becomes an
ephemeral message and nothing else happens; the public table is edited through the
channel (``get_partial_message(id).edit``), never through a stored interaction.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.app import FamigliaBot
from bot.services.choices import offered_action
from bot.services.games import FAMIGLIA, STALE, GameOver, GameService, Moved, Refusal
from cogs import game_texts
from cogs.buttons import RulesSelect
from cogs.mode_tables import ModeTables
from cogs.move_views import hand_controls, table_controls
from cogs.repair import TableRepair
from cogs.rules_text import PAGES, titles
from cogs.table_message import answer_message, answered_ok, end_nonce, moved_to, show_table
from cogs.turn_pings import TurnPings
from db.rows import GameRow, ResultRow
from engine.famiglia import Action, GameState

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
NOBODY = discord.AllowedMentions.none()


def users(*ids: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        users=[discord.Object(i) for i in ids], roles=False, everyone=False
    )


class Flows:
    def __init__(self, bot: discord.Client, service: GameService, challenge_minutes: float) -> None:
        self.bot = bot
        self.service = service
        self.challenge_minutes = challenge_minutes
        #: The table of each mode (two players, solo, AI), registered per mode.
        self.tables = ModeTables()
        self.repair = TableRepair(service, self.show_outcome)
        service.unsure.append(self._unsure)
        #: the "your turn" pings and reminders of games in server channels, every mode's
        self.pings = TurnPings(service.records)
        #: the start-up deletion of pings that outlived their games (TurnPings.sweep)
        self.sweeping: asyncio.Task[int] | None = None

    def _unsure(self, game: GameRow) -> None:
        """A write over ``game`` may have landed though its answer was lost: the game is
        shown from the store in a while (its table, whose turn, its end)."""
        if game.game == FAMIGLIA:
            self.repair.failed(game.id)

    # ------------------------------------------------------------------ answers
    @staticmethod
    async def refuse(interaction: Interaction, text: str) -> None:
        log.debug("refused %s: %s", interaction.user.id, text)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    @staticmethod
    async def _ephemeral(interaction: Interaction, view: discord.ui.View, **kwargs: Any) -> None:
        """Send an ephemeral answer with controls. Every control is a DynamicItem, found by
        its custom id, so the view object is not needed afterwards: stopping it drops the
        15-minute timer discord.py gives every ephemeral view."""
        await interaction.response.send_message(ephemeral=True, view=view, **kwargs)
        view.stop()

    async def record(self, game: GameRow) -> ResultRow | None:
        return None if game.is_open else await self.service.records.result(game.id)

    async def hand_payload(
        self, game: GameRow, state: GameState, seat: int, note: str | None = None
    ) -> dict[str, Any]:
        """A player's private hand with its controls, under ``note`` (what happened)."""
        embed = game_texts.hand(game, state, seat, await self.record(game))
        return {"content": note, "embed": embed, "view": hand_controls(game, state, seat)}

    #: the answer about a committed change, its failure logged (cogs.table_message)
    answered_ok = staticmethod(answered_ok)

    async def answer_on_table(
        self, interaction: Interaction, game: GameRow, state: GameState
    ) -> bool:
        """When the click came from the game's table itself (a DM table holds the
        controls): answer the click, then edit that table to ``state``. False: it came
        from elsewhere, nothing was answered.

        The click is answered before the table is drawn (a deferred update: Discord
        shows the click as done), so that only the move's commit stands between the
        click and its answer; the picture is drawn after, and the table edited in place
        like any table (a failed edit goes to the repair)."""
        if not self.on_table(interaction, game):
            return False
        await self.acknowledge(interaction)
        await self.update_table(game, state)
        return True

    @staticmethod
    def on_table(interaction: Interaction, game: GameRow) -> bool:
        """Whether the click came from the table message of ``game``."""
        message = interaction.message
        return message is not None and message.id == game.table_message_id

    @staticmethod
    async def acknowledge(interaction: Interaction) -> None:
        """Answer a click on a table now, its edit to follow (a deferred update)."""
        if not interaction.response.is_done():
            await interaction.response.defer()

    @staticmethod
    def _from_ephemeral(interaction: Interaction) -> bool:
        message = interaction.message
        return message is not None and message.flags.ephemeral

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        try:
            game, state = await self.service.load(game_id, stored=True)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        if game.status == "challenge":  # the cards are dealt, but nobody may see them yet
            return await self.refuse(
                interaction, "The game has not started: the challenge is not accepted yet."
            )
        await self.show_hand_with(interaction, game, state)

    async def show_hand_with(
        self, interaction: Interaction, game: GameRow, state: GameState, note: str | None = None
    ) -> None:
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            return await self.refuse(
                interaction, "You are not playing in this game: only its two players have hands."
            )
        payload = await self.hand_payload(game, state, seat, note)
        if self._from_ephemeral(interaction):
            await interaction.response.edit_message(**payload)
        else:
            await self._ephemeral(interaction, payload.pop("view"), **payload)

    # --------------------------------------------------------------------- moves
    async def click_action(
        self, interaction: Interaction, game_id: int, seq: int, value: str, kind: str | None = None
    ) -> None:
        """Every decision control (``cogs.buttons``) of every game, its value one the
        control offered (a select of ``kind``'s actions, or a button): ``play`` hands the
        move, once made, to the table of the game's mode."""
        await self.play(
            interaction, game_id, seq, lambda state: [offered_action(state, value, kind)]
        )

    async def play(
        self,
        interaction: Interaction,
        game_id: int,
        seq: int | None,
        build: Callable[[GameState], list[Action]],
        meant: Callable[[], Awaitable[int]] | None = None,
    ) -> None:
        """Play ``build``'s actions in ``game_id``; ``meant``, for a command that found
        its game by the channel: the game it means as stored, asked when the one found
        is over (another process may have ended it and begun the next one there)."""
        try:
            moved = await self.service.play(game_id, interaction.user.id, seq, build)
        except GameOver as refusal:
            other = await self._meant(meant)
            if other is not None and other != game_id:
                return await self.play(interaction, other, seq, build)
            return await self.refuse(interaction, str(refusal))
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        # The mode's table answers: the hand, the robot's turn, the AI's turn ...
        await self.tables.of(moved.game).after_move(interaction, moved)

    @staticmethod
    async def _meant(meant: Callable[[], Awaitable[int]] | None) -> int | None:
        if meant is None:
            return None
        try:
            return await meant()
        except Refusal:
            return None

    async def answered(self, moved: Moved, answer: Awaitable[Any]) -> None:
        """Answer about the saved change ``moved`` (any error is logged), then show it."""
        await self.answered_ok(moved.game, answer)
        await self.show_outcome(moved)

    async def ask_forfeit(self, interaction: Interaction, game_id: int) -> None:
        try:
            game = await self.service.game(game_id)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        if game.seat_of(interaction.user.id) is None:
            return await self.refuse(interaction, "You are not playing in this game.")
        if game.status == "challenge":  # nothing to give up: say how to withdraw it
            text = game_texts.pending_challenge_text(game, interaction.user.id)
            return await self.refuse(interaction, text)
        if game.status != "active":
            return await self.refuse(interaction, "That game is not running.")
        table = self.tables.of(game)
        await self._ephemeral(
            interaction,
            table.confirm_forfeit(game),
            content=table.forfeit_question(game, interaction.user.id),
        )

    async def forfeit(self, interaction: Interaction, game_id: int, seq: int) -> None:
        try:
            moved = await self.service.forfeit(game_id, interaction.user.id, seq)
        except Refusal as refusal:
            if str(refusal) == STALE:  # the player moved since the question: ask again
                return await self._ask_again(interaction, game_id)
            return await self.refuse(interaction, await self._over_text(game_id, str(refusal)))
        if self._from_ephemeral(interaction):
            answer = interaction.response.edit_message(content="You gave up the game.", view=None)
        else:
            answer = interaction.response.send_message("You gave up the game.", ephemeral=True)
        await self.answered(moved, answer)

    async def _over_text(self, game_id: int, refusal: str) -> str:
        """``refusal``, or for a game that ended meanwhile (the timer, the opponent's
        forfeit, the last move) how it ended: "not running" alone leaves the player to
        guess whether they lost."""
        try:
            game, state = await self.service.load(game_id, stored=True)
        except Refusal:
            return refusal
        if game.status not in ("finished", "forfeited") or state is None:
            return refusal
        text = game_texts.result_text(game, state, await self.record(game))
        return f"That game is already over: {text} Nothing was changed."

    async def _ask_again(self, interaction: Interaction, game_id: int) -> None:
        """The player moved after the question, so the old confirmation no longer
        stands; giving up stays their choice: ask once more, fresh."""
        game = await self.service.game(game_id)
        table = self.tables.of(game)
        content = "You played on since you asked. " + table.forfeit_question(
            game, interaction.user.id
        )
        if self._from_ephemeral(interaction):
            await interaction.response.edit_message(
                content=content, view=table.confirm_forfeit(game)
            )
        else:
            await self._ephemeral(interaction, table.confirm_forfeit(game), content=content)

    # --------------------------------------------------------------------- rules
    async def show_rules(self, interaction: Interaction, page: int, *, edit: bool = False) -> None:
        if not 0 <= page < len(PAGES):
            return await self.refuse(interaction, "There is no such rules page.")
        title, text = PAGES[page]
        embed = discord.Embed(title=f"Famiglia rules — {title}", description=text)
        embed.set_footer(text=f"Page {page + 1} of {len(PAGES)}")
        view = discord.ui.View(timeout=None)
        view.add_item(RulesSelect(titles(), page))
        if edit and self._from_ephemeral(interaction):
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await self._ephemeral(interaction, view, embed=embed)

    # ---------------------------------------------------------------- the table
    async def table_payload(self, game: GameRow, state: GameState) -> dict[str, Any]:
        """The public table in a server channel (two players; a game against the AI)."""
        if game.status in ("challenge", "declined", "cancelled", "expired"):
            if game.status == "challenge":
                text = game_texts.challenge_text(game, self.challenge_minutes)
            else:
                text = game_texts.challenge_closed_text(game)
            return {"content": text, "embeds": [], "attachments": [], "view": table_controls(game)}
        events = await self.service.recent_events(game, 12)
        recent = game_texts.said(game, events)
        record = await self.record(game)
        embed, file = await asyncio.to_thread(game_texts.table, game, state, recent, record)
        return {
            "content": None,
            "embeds": [embed],
            "attachments": [file],
            "view": table_controls(game),
        }

    async def show_outcome(self, moved: Moved) -> None:
        """Update the table, tell the channel; never raises (failures: ``self.repair``)."""
        try:
            await self.tables.of(moved.game).show_outcome(moved)
        except Exception:
            log.exception("game %s is saved, but showing it failed", moved.game.id)
            self.repair.failed(moved.game.id)

    async def announce_end(self, game: GameRow, state: GameState) -> None:
        """Say in the game's channel that it is over, with the mode's buttons (nothing
        for a table that says it itself), and note that it was said. Raises what Discord
        raises (the end is then still to be said)."""
        notice = self.tables.of(game).end_notice(game)
        if notice is not None:
            title, view = notice
            text = game_texts.result_text(game, state, await self.record(game))
            channel = self.bot.get_partial_messageable(game.channel_id)
            await channel.send(
                f"🏁 {title} is over. {text}",
                view=view,
                allowed_mentions=NOBODY,
                nonce=end_nonce(game.id),
            )
        await self.service.records.end_announced(game.id)

    async def update_table(self, game: GameRow, state: GameState) -> None:
        """Edit the table of ``game``, whatever its mode, in place (post a new one if there
        is none yet or someone deleted it)."""
        payload = await self.tables.of(game).payload(game, state)
        await show_table(self.bot, game, payload, self.service.records, self.repair.failed)

    async def answer_with_table(
        self, interaction: Interaction, game: GameRow, state: GameState
    ) -> discord.Message | None:
        """Answer with a fresh table of ``game`` at the bottom; the old one then points
        to it. The message, or None when it could not be read back (the old table stays
        the one kept up to date)."""
        table = self.tables.of(game)
        payload = await table.payload(game, state)
        files = payload.pop("attachments")
        payload.pop("content", None)
        sent = await interaction.response.send_message(
            files=files, allowed_mentions=NOBODY, **payload
        )
        # The table is shown (and the game saved): no error may say otherwise from here.
        message = await answer_message(interaction, sent, f"table of game {game.id}")
        if message is not None:
            await moved_to(self.bot, self.service.records, game, message, table.link_title(game))
        return message

    async def repost_table(self, interaction: Interaction) -> None:
        """/famiglia board: a fresh table at the bottom; the old one points to it. The
        table of the mode that has a game here answers (the two-player table last); a
        channel of another kind of game is answered here."""
        if interaction.channel_id is not None:
            here = await self.service.records.game_in_channel(interaction.channel_id)
            if here is not None and here.game != FAMIGLIA:
                mine = here.seat_of(interaction.user.id) is not None
                text = game_texts.FAMILY_BUSINESS_HERE if mine else None
                return await self.refuse(interaction, text or game_texts.other_game_here_text(here))
        for table in self.tables:
            if await table.repost(interaction):
                return
