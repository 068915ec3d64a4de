"""Solo games on Discord: ``/famiglia solo`` and ``/famiglia resume``, and the solo mode's
table (:class:`cogs.mode_tables.ModeTable`): the DM table, and the robot's turn right
after each move of the player.

The player's moves go through ``cogs.game_answers.Flows.play`` (the controls on the DM
table or the hand, or the slash commands), which hands them to the game's mode table:
here the robot's turn is then committed by :class:`bot.services.solo.SoloService` before
the table is shown again (``Flows.update_table``, with this mode's payload). The table
lives in the player's DM and is edited in place through the channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from bot.app import FamigliaBot
from bot.discord_errors import FAILED
from bot.keyed_locks import KeyedLocks
from bot.services.games import Moved, Refusal
from bot.services.modes import Solo, SoloOptions, options_as
from bot.services.solo import ROBOT_NAME, SoloService
from cogs.game_answers import Flows
from cogs.game_texts import UNSAID, move_answer, played_where, where
from cogs.move_views import hand_controls
from cogs.render import hand_embed
from cogs.safe_text import kept_name, shown
from cogs.solo_table import PLAYER, confirm_forfeit, names_of, table_payload
from cogs.table_message import moved_to
from db.rows import ROBOT, GameRow, SoloBest
from engine.famiglia import GameState, describe_event, view
from engine.famiglia.solo_bests import level_tag

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
NOBODY = discord.AllowedMentions.none()
DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
DM_BUSY = (
    "Our DMs already have a game against the AI running: finish or forfeit it there "
    "before you start a solo game (`/famiglia resume` in our DMs brings its table back)."
)


def closed_dms_text(server: str | None, resuming: bool = False) -> str:
    """Why a solo game was not started (or, ``resuming``, its table not shown) and how to
    open the DMs; then the command to run again."""
    where = f"**{server}**" if server else "the server's name"
    what, again = ("cannot be shown", "resume") if resuming else ("was not started", "solo")
    return (
        f"I cannot send you direct messages, so your solo game {what}. "
        f"To allow them for this server: click {where} → **Privacy Settings** → turn on "
        "**Direct Messages**. Or for every server: **User Settings → Privacy & Safety** → "
        f"allow direct messages from server members. Then run `/famiglia {again}` again."
    )


def table_later_text(game_id: int) -> str:
    return (
        f"Your solo game #{game_id} is started, but Discord did not let me post its table "
        "in our DMs just now. Run `/famiglia resume` to bring the table there."
    )


class SoloFlows:
    def __init__(self, bot: discord.Client, flows: Flows, solo: SoloService) -> None:
        self.bot = bot
        self.flows = flows
        self.solo = solo
        self.service = solo.service
        self.records = solo.service.records
        #: Per player, held while a solo game is being started (its DM opened, its
        #: table posted): not the service's own ``starting``, which its start takes
        self._starting = KeyedLocks()

    # ------------------------------------------------------------------ helpers
    refuse = staticmethod(Flows.refuse)

    def link_title(self, game: GameRow) -> str:
        return f"solo game #{game.id}"

    def forfeit_question(self, game: GameRow, user_id: int) -> str:
        """Asked on the table's Forfeit and by ``/famiglia forfeit``, which may be used in
        a server: so it names the game and where it is."""
        return (
            f"Give up game #{game.id} against the robot gangster {where(game)}? "
            "The robot gangster wins and there is no high score."
        )

    def confirm_forfeit(self, game: GameRow) -> discord.ui.View:
        return confirm_forfeit(game)

    async def _best(self, game: GameRow) -> SoloBest | None:
        if game.is_open:
            return None
        stats = await self.records.player_stats(game.players[PLAYER])
        level = options_as(game, SoloOptions).level
        return next((b for b in stats.best_solo if b.level == level), None)

    async def payload(self, game: GameRow, state: GameState) -> dict[str, Any]:
        history = await self.solo.history(game)
        record = None if game.is_open else await self.records.result(game.id)
        best = await self._best(game)
        return await asyncio.to_thread(table_payload, game, state, history, record, best)

    async def _show(self, game: GameRow) -> None:
        """Bring the table of a saved change up to date; a failure goes to the repair."""
        try:
            await self._table(game)
        except Exception:
            log.exception("solo game %s is saved, but its table was not shown", game.id)
            self.flows.repair.failed(game.id)

    async def _table(self, game: GameRow) -> None:
        """The table of ``game`` as saved; a game over is noted as shown (the DM table
        tells its end: a restart before this shows it then)."""
        await self.flows.update_table(game, GameState.from_json(game.state_json))
        if not game.is_open:
            await self.records.end_announced(game.id)

    async def _post(
        self, channel: discord.abc.Messageable, game: GameRow, payload: dict[str, Any]
    ) -> discord.Message:
        files = payload.pop("attachments")
        payload.pop("content", None)
        message = await channel.send(files=files, allowed_mentions=NOBODY, **payload)
        await self._moved_to(game, message)
        return message

    async def _moved_to(self, game: GameRow, message: discord.Message) -> None:
        await moved_to(self.bot, self.records, game, message, f"solo game #{game.id}")

    async def _robot(self, game_id: int) -> GameRow:
        """Let the robot move if it is his turn; the game as it is now."""
        moved = await self.solo.robot_turn(game_id)
        return moved.game if moved is not None else await self.service.game(game_id)

    # --------------------------------------------------------------- start, resume
    async def start(
        self, interaction: Interaction, level: int, first: int, *, after: int | None = None
    ) -> None:
        """``/famiglia solo`` (and Play again, ``after`` the game it follows: the new one
        counts for that game's server, as its boards show it): the game in the DM, the
        table there. One start per player at a time: a second one sent at once (a double
        click) waits and is then refused, instead of announcing in the DM a game it does
        not start."""
        async with self._starting(interaction.user.id):
            await self._start(interaction, level, first, await self._server_of(after, interaction))

    async def _server_of(self, game_id: int | None, interaction: Interaction) -> int | None:
        """The server a Play again in our DMs counts for: that of the user's game it
        follows (None: none, or not the user's)."""
        if game_id is None or interaction.guild is not None:
            return None
        old = await self.records.stored_game(game_id)
        if old is None or old.mode != Solo.name or interaction.user.id not in old.players:
            return None
        return old.guild_id

    async def _start(
        self, interaction: Interaction, level: int, first: int, server: int | None = None
    ) -> None:
        user = interaction.user
        try:  # before anything is said in the DM: a level or side that does not exist
            self._options(user, level, first)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        if await self.solo.active(user.id) is not None:
            return await self.refuse(
                interaction,
                "You already have a solo game running: `/famiglia resume` brings its table "
                "back. Finish it or forfeit it before starting another.",
            )
        if interaction.guild is None:
            return await self._start_here(interaction, level, first, server)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            dm = user.dm_channel or await user.create_dm()
            busy = await self.records.game_in_channel(dm.id) is not None
            announced = None
            if not busy:  # else a game against the AI runs there: announce no solo game
                tag = level_tag(level, first)
                announced = await dm.send(
                    f"🎲 Your solo game against the robot gangster, level {tag}:"
                )
        except discord.Forbidden as error:
            text = closed_dms_text(interaction.guild.name)
            if error.code != DM_CLOSED:
                log.info("DM to %s refused: %s", user.id, error)
            return await self.refuse(interaction, text)
        except FAILED as error:  # 5xx, or no answer at all
            log.warning("DM to %s failed: %s", user.id, error)
            return await self.refuse(
                interaction,
                "Discord did not let me open our DMs just now; nothing was started. "
                "Please try again in a moment.",
            )
        if busy:
            return await self.refuse(interaction, DM_BUSY)
        try:
            moved = await self._new_game(user, interaction.guild.id, dm.id, level, first)
        except Refusal as refusal:  # a game against the AI took the DM meanwhile, say
            if announced is not None:  # no solo game follows the announcement
                with contextlib.suppress(*FAILED):
                    await announced.delete()
            taken = await self.records.game_in_channel(dm.id) is not None
            return await self.refuse(interaction, DM_BUSY if taken else str(refusal))
        try:
            message = await self._post(dm, moved.game, await self.payload(moved.game, moved.state))
        except Exception as error:  # the game is saved: say so, and how to see it
            log.warning("solo game %s started, its table not posted: %s", moved.game.id, error)
            return await self.refuse(interaction, table_later_text(moved.game.id))
        await interaction.followup.send(
            f"Your solo game #{moved.game.id} is waiting in our DMs: {message.jump_url}",
            ephemeral=True,
        )

    async def _new_game(
        self,
        user: discord.abc.User,
        guild_id: int | None,
        channel_id: int,
        level: int,
        first: int,
    ) -> Moved:
        """A new solo game in ``channel_id`` (the DM); the robot moves at once if he
        starts. Raises Refusal."""
        options = self._options(user, level, first)
        moved = await self.service.start(
            Solo.name,
            guild_id=guild_id,
            channel_id=channel_id,
            players=(user.id, ROBOT),
            options=options,
        )
        return await self.solo.robot_turn(moved.game.id) or moved

    def _options(self, user: discord.abc.User, level: int, first: int) -> SoloOptions:
        """The solo game's start options; a Refusal for a level or side that does not
        exist (sent by a forged client)."""
        options = self.service.options(
            Solo.name, names=(kept_name(user), ROBOT_NAME), level=level, first=first
        )
        assert isinstance(options, SoloOptions)
        return options

    async def _start_here(
        self, interaction: Interaction, level: int, first: int, server: int | None = None
    ) -> None:
        user = interaction.user
        channel_id = interaction.channel_id
        assert channel_id is not None
        try:
            moved = await self._new_game(user, server, channel_id, level, first)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        try:
            await self.flows.answer_with_table(interaction, moved.game, moved.state)
        except Exception as error:  # the game is saved and holds the DM
            log.warning("solo game %s started, but the answer failed: %s", moved.game.id, error)
            with contextlib.suppress(*FAILED):  # else /famiglia resume shows it
                await self.flows.update_table(moved.game, moved.state)  # posted in the DM

    async def resume(self, interaction: Interaction) -> None:
        """``/famiglia resume``: the active solo game's table, fresh at the bottom of the DM."""
        game = await self.solo.active(interaction.user.id)
        if game is None:
            return await self.refuse(
                interaction, "You have no solo game running. Start one with `/famiglia solo`."
            )
        game = await self._robot(game.id)
        state = GameState.from_json(game.state_json)
        if interaction.guild is None and interaction.channel_id == game.channel_id:
            await self.flows.answer_with_table(interaction, game, state)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            channel = self.bot.get_partial_messageable(game.channel_id)
            message = await self._post(channel, game, await self.payload(game, state))
        except discord.Forbidden:
            server = getattr(interaction.guild, "name", None)
            return await self.refuse(interaction, closed_dms_text(server, resuming=True))
        except FAILED as error:  # 5xx, or no answer at all
            log.warning("solo game %s: table not posted in the DM: %s", game.id, error)
            return await self.refuse(
                interaction,
                "Discord did not let me post the table in our DMs just now; your game is "
                "saved. Please try `/famiglia resume` again in a moment.",
            )
        await interaction.followup.send(
            f"Your solo game #{game.id} is back at the bottom of our DMs: {message.jump_url}",
            ephemeral=True,
        )

    async def repost(self, interaction: Interaction) -> bool:
        """``/famiglia board`` in our DMs: the solo table, unless a game of another
        mode runs in this DM (that mode's table answers then)."""
        if interaction.guild is not None or interaction.channel_id is None:
            return False
        here = await self.records.game_in_channel(interaction.channel_id)
        if here is not None and self.flows.tables.of(here) is not self:
            return False
        await self.resume(interaction)
        return True

    async def _robot_turn(self, game_id: int) -> Moved | None:
        """The robot's turn after the player's saved move; if it fails (the store refused
        its commit), the player's move stands and is shown, and the repair plays the
        robot's turn (:meth:`show_outcome`) after its pause instead of a restart."""
        try:
            return await self.solo.robot_turn(game_id)
        except Exception:
            log.exception("solo game %s: the robot's turn failed; the repair plays it", game_id)
            self.flows.repair.failed(game_id)
            return None

    async def heal(self) -> int:
        """At start-up: play the robot's turns a restart interrupted; update those tables."""
        healed = 0
        for game in await self.solo.pending_robot_games():
            moved = await self.solo.robot_turn(game.id)
            if moved is not None:
                healed += 1
                await self._table(moved.game)
        return healed

    # --------------------------------------------------------------------- moves
    async def after_move(self, interaction: Interaction, moved: Moved) -> None:
        """The player's move (handed over by ``cogs.game_answers.Flows.play``): the robot answers.
        A click on the DM table is answered as soon as the move is saved, and the table
        then shows both moves; the hand's controls or a slash command get both moves
        spelled out in the private hand."""
        names = tuple(shown(name) for name in names_of(moved.game))
        said = [describe_event(e, names) for e in moved.events if e.kind not in UNSAID]
        lines = move_answer(said, moved.state, PLAYER)
        on_table = self.flows.on_table(interaction, moved.game)
        if on_table:  # the move is saved: the click is answered, the table follows
            await self.flows.answered_ok(moved.game, self.flows.acknowledge(interaction))
        robot = await self._robot_turn(moved.game.id)
        game, state = (robot.game, robot.state) if robot is not None else (moved.game, moved.state)
        if on_table:
            return await self._show(game)
        message = interaction.message
        try:
            if message is not None and not message.flags.ephemeral:  # an older table
                await interaction.response.send_message(
                    "✅ Done: the table is updated.", ephemeral=True
                )
            else:
                here = tuple(played_where(game, interaction.channel_id))
                await self._answer_in_hand(interaction, game, state, lines, robot is not None, here)
        except Exception as error:  # the moves are saved: the table shows them
            log.warning("solo game %s moved, but the answer failed: %r", game.id, error)
        await self._show(game)

    async def _answer_in_hand(
        self,
        interaction: Interaction,
        game: GameRow,
        state: GameState,
        lines: list[str],
        robot_moved: bool,
        here: tuple[str, ...] = (),
    ) -> None:
        """Both moves spelled out in the private hand (the hand's controls, a command),
        the last of them if they are many, after ``here`` (which game, when typed away)."""
        names = names_of(game)
        if robot_moved:
            report = (await self.solo.history(game, recent=1)).robot
            lines = lines + (report.lines() if report else [])  # each line has its mark
        note = "\n".join([*here, *lines[-12:]])[:1900] or "✅ Done."
        payload: dict[str, Any] = {"content": note, "view": hand_controls(game, state, PLAYER)}
        if game.is_open:
            payload["embed"] = hand_embed(view(state, PLAYER), names)
        else:
            payload["embeds"] = []
            payload["content"] = note + "\n🏁 The game is over: see the table."
        if interaction.message is not None:  # the hand (ephemeral) the click came from
            await interaction.response.edit_message(**payload)
        else:
            await interaction.response.send_message(ephemeral=True, **payload)

    async def show_outcome(self, moved: Moved) -> None:
        """A solo game changed outside this module (forfeit command, timer): show it."""
        await self._table(await self._robot(moved.game.id))
