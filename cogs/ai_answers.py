"""Games against the AI on Discord: start, the mode's table
(:class:`cogs.mode_tables.ModeTable`), the AI's turn, the end.

The human's moves go through ``cogs.game_answers.Flows.play``, which hands them to the
game's mode table, :meth:`AiFlows.after_move`. The interaction is answered at once; the
AI's turn then runs in a background task, one decision at a time, each thought in the
bot's process pool and committed by :class:`bot.services.ai_games.AiService`. The table
is edited (``Flows.update_table``, with this mode's payload) while the turn goes on (at
most once a second) and when it ends; the human's private hand, if the move came from
one, is refreshed with the new choices.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import discord

from bot.app import FamigliaBot
from bot.discord_errors import FAILED
from bot.retry import retry_pause
from bot.services.ai_games import HUMAN, AiService, ai_name, ai_to_move
from bot.services.ai_queue import AiUnavailable
from bot.services.games import Moved, Refusal
from bot.services.modes import Ai, AiOptions, options_as
from cogs import game_texts
from cogs.ai_table import dm_payload, ended_controls, mark_thinking
from cogs.channel_rights import lacking
from cogs.game_answers import Flows
from cogs.move_views import confirm_forfeit
from cogs.safe_text import kept_name
from db.rows import ROBOT, GameRow
from engine.famiglia import GameState

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
EDIT_EVERY = 1.0  # seconds between table edits while the AI's turn goes on


class AiFlows:
    def __init__(self, bot: discord.Client, flows: Flows, ai: AiService) -> None:
        self.bot = bot
        self.flows = flows
        self.ai = ai
        self.service = ai.service
        self.records = ai.service.records
        self.pings = flows.pings  # in a channel: the human's turn, after a repair
        self._turns: dict[int, asyncio.Task[None]] = {}
        #: failed AI turns in a row per game: an AI's turn has no deadline, so one that
        #: failed is tried again after a pause (bot.retry), never left waiting for ever
        self._failures: dict[int, int] = {}
        #: Games whose AI could not move (its worker failed on every try): the table
        #: says so until the AI's turn is tried again.
        self._stalled: set[int] = set()

    # ------------------------------------------------------------------ helpers
    refuse = staticmethod(Flows.refuse)

    def link_title(self, game: GameRow) -> str:
        return f"Famiglia #{game.id}"

    def end_notice(self, game: GameRow) -> tuple[str, discord.ui.View] | None:
        if game.guild_id is None:
            return None  # the DM table says it itself
        return f"Famiglia #{game.id} against the AI", ended_controls(game)

    def forfeit_question(self, game: GameRow, user_id: int) -> str:
        return game_texts.forfeit_question(game, user_id)

    def confirm_forfeit(self, game: GameRow) -> discord.ui.View:
        return confirm_forfeit(game)

    async def payload(self, game: GameRow, state: GameState) -> dict[str, Any]:
        stalled = game.id in self._stalled
        if game.guild_id is not None:
            payload = await self.flows.table_payload(game, state)
            return mark_thinking(payload, game, state, stalled)
        recent = game_texts.said(game, await self.service.recent_events(game, 12))
        record = None if game.is_open else await self.records.result(game.id)
        return await asyncio.to_thread(dm_payload, game, state, recent, record, stalled)

    async def _answer_with_table(self, interaction: Interaction, game: GameRow) -> None:
        await self.flows.answer_with_table(interaction, game, GameState.from_json(game.state_json))

    # -------------------------------------------------------------------- start
    async def start(self, interaction: Interaction, strength: str, first: int) -> None:
        """``/famiglia ai``: a new game here (a server text channel or our DM)."""
        channel = interaction.channel
        if interaction.guild is not None and not isinstance(channel, discord.TextChannel):
            return await self.refuse(
                interaction,
                "Games against the AI are played in a server text channel or in our DMs.",
            )
        assert interaction.channel_id is not None
        if why := lacking(interaction):
            return await self.refuse(interaction, why)
        try:
            name = kept_name(interaction.user)
            options = self.service.options(
                Ai.name, names=(name, ai_name(strength)), first=first, strength=strength
            )
            game = (
                await self.service.start(
                    Ai.name,
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id,
                    players=(interaction.user.id, ROBOT),
                    options=options,
                )
            ).game
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        if not await self.flows.answered_ok(game, self._answer_with_table(interaction, game)):
            # The game holds the channel and Discord took no answer: its table is posted.
            await self.flows.update_table(game, GameState.from_json(game.state_json))
        self.kick(game.id)  # the AI starts: its turn runs now

    async def play_again(self, interaction: Interaction, game_id: int) -> None:
        try:
            old = await self.service.game(game_id)
        except Refusal as refusal:
            return await self.refuse(interaction, str(refusal))
        if old.seat_of(interaction.user.id) != HUMAN:
            return await self.refuse(
                interaction, "Only the player of that game can play again: try `/famiglia ai`."
            )
        if interaction.channel_id != old.channel_id:
            return await self.refuse(interaction, "Play again in the channel of that game.")
        options = options_as(old, AiOptions)
        await self.start(interaction, options.strength, options.first)

    async def repost(self, interaction: Interaction) -> bool:
        """``/famiglia board`` where a game against the AI runs; False if none runs here."""
        if interaction.channel_id is None:
            return False
        game = await self.records.game_in_channel(interaction.channel_id)
        if game is None or self.flows.tables.of(game) is not self:
            return False
        if game.seat_of(interaction.user.id) is None:
            await self.refuse(interaction, "Only the player of this game can move its table.")
            return True
        await self._answer_with_table(interaction, game)
        if ai_to_move(game, GameState.from_json(game.state_json)):
            self.kick(game.id)  # the AI's turn had stopped (a failed worker): try again
        return True

    # --------------------------------------------------------------------- moves
    async def after_move(self, interaction: Interaction, moved: Moved) -> None:
        """The human moved (handed over by ``Flows.play``): answer now, then the AI."""
        game, state = moved.game, moved.state
        seat = game.seat_of(interaction.user.id)
        lines = game_texts.answer_lines(game, moved.events, state, seat, interaction.channel_id)
        thinking = ai_to_move(game, state)
        note = "\n".join([*lines, "🤖 The AI is thinking…"] if thinking else lines)
        on_table = self.flows.on_table(interaction, game)
        answered = await self.flows.answered_ok(game, self._answer_move(interaction, moved, note))
        if not (on_table and answered):  # the table was not the answer, or not shown
            await self.flows.update_table(game, state)
        if moved.ended:
            await self.announce_end(game, state)
        elif thinking:  # the hand to refresh after the turn: only one that was shown
            hand = interaction if answered and not on_table else None
            self.kick(game.id, hand, lines)
            if game.guild_id is not None:  # the player's turn is over: so is its ping
                channel = self.bot.get_partial_messageable(game.channel_id)
                await self.pings.drop(channel, game.id, game.version)

    async def _answer_move(self, interaction: Interaction, moved: Moved, note: str) -> None:
        """The answer to the human's move: the DM table itself when the click came from
        it, else the private hand with ``note``."""
        game, state = moved.game, moved.state
        if not await self.flows.answer_on_table(interaction, game, state):
            await self.flows.show_hand_with(interaction, game, state, note[:1900])

    async def show_outcome(self, moved: Moved) -> None:
        """The game changed outside a move of its player (forfeit, timer) or is shown
        again from the store (a repair): show it, and tell a player whose turn it is."""
        game, state = moved.game, moved.state
        await self.flows.update_table(game, state)
        if moved.ended:
            await self.announce_end(game, state)
        elif moved.turn_passed and game.is_open and ai_to_move(game, state):
            self.kick(game.id)  # resumes a turn that stopped (a DM's too); a running one goes on
        elif moved.turn_passed and game.guild_id is not None and game.is_open and not state.over:
            await self._ping_turn(game)

    async def announce_end(self, game: GameRow, state: GameState) -> None:
        """In a channel, say that the game is over (the DM table says it itself)."""
        if game.guild_id is not None:
            channel = self.bot.get_partial_messageable(game.channel_id)
            await self.pings.drop(channel, game.id, game.version)
        try:
            await self.flows.announce_end(game, state)
        except FAILED as error:
            log.warning("could not post to channel %s: %s", game.channel_id, error)
            self.flows.repair.failed(game.id)  # the store lists the end until it is said
        except Exception:  # said, but the store could not note it
            log.exception("the end of game %s is still listed as not said", game.id)
            self.flows.repair.failed(game.id)

    # ------------------------------------------------------------ the AI's turn
    def kick(
        self, game_id: int, interaction: Interaction | None = None, said: list[str] | None = None
    ) -> None:
        """Run the AI's turn in the background. ``interaction``: the human's private hand
        to refresh after the turn, whose move is summed up in ``said``. A turn of this game
        still running (the player may move again while it shows its end) is let finish
        first: the new one then plays whatever the AI has to decide."""
        previous = self._turns.get(game_id)
        self._stalled.discard(game_id)
        task = asyncio.create_task(
            self._turn(game_id, interaction, said or [], previous), name=f"famiglia-ai-{game_id}"
        )
        self._turns[game_id] = task
        task.add_done_callback(lambda done: self._forget(game_id, done))

    def _forget(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._turns.get(game_id) is task:
            del self._turns[game_id]

    async def _turn(
        self,
        game_id: int,
        interaction: Interaction | None,
        said: list[str],
        previous: asyncio.Task[None] | None = None,
    ) -> None:
        if previous is not None:
            await previous  # never raises but CancelledError (the bot closing: so does this)
        last_edit = time.monotonic()
        moved: Moved | None = None
        lines: list[str] = []
        retrying = game_id in self._failures  # a turn that failed: its table is drawn anew
        try:
            while (step := await self.ai.step(game_id)) is not None:
                moved = step
                lines += [f"🤖 {line}" for line in game_texts.said(step.game, step.events)]
                if step.ended or not ai_to_move(step.game, step.state):
                    break
                if time.monotonic() - last_edit >= EDIT_EVERY:
                    await self.flows.update_table(step.game, step.state)
                    last_edit = time.monotonic()
            if moved is None and not retrying:
                return
            # The game as it is now: the player may have forfeited while the AI thought.
            game, state = await self.service.load(game_id)
            await self.flows.update_table(game, state)
            self._failures.pop(game_id, None)
            if moved is not None and moved.ended:
                await self.announce_end(game, state)
            shown = False  # the waiting hand refreshed
            if interaction is not None:
                end = "Your turn." if game.is_open else "🏁 The game is over."
                note = "\n".join([*said, *lines[-10:], end])
                with contextlib.suppress(*FAILED):  # e.g. its token expired (a late retry)
                    hand = await self.flows.hand_payload(game, state, HUMAN, note[:1900])
                    await interaction.edit_original_response(**hand)
                    shown = True
            turn = game.is_open and not ai_to_move(game, state)
            if turn and not shown and game.guild_id is not None:
                try:  # no hand told them (a restart, a late retry)
                    await self._ping_turn(game)
                except FAILED as error:
                    log.warning("turn of game %s not told: %r", game.id, error)
        except AiUnavailable:
            log.error("the AI could not move in game %s", game_id)
            await self._say_unavailable(game_id, interaction)
        except Exception:  # the database briefly away, say: the AI tries again later
            failures = self._failures.get(game_id, 0) + 1
            self._failures[game_id] = failures
            log.exception("the AI's turn in game %s failed (try %d)", game_id, failures)
            await asyncio.sleep(retry_pause(failures))  # cancelled when the bot closes
            # plays once this task has ended (nothing if not its turn); the hand that
            # waits for the turn is refreshed then
            self.kick(game_id, interaction, said)

    async def _ping_turn(self, game: GameRow) -> None:
        """Ping the person in the game's channel: their turn (raises ``FAILED``)."""
        channel = self.bot.get_partial_messageable(game.channel_id)
        text = game_texts.turn_ping(game, HUMAN, "the game against the AI")
        await self.pings.ping(channel, game.id, game.version, text, game.players[HUMAN])

    async def _say_unavailable(self, game_id: int, interaction: Interaction | None) -> None:
        """The AI's worker failed on every attempt: say so plainly, and how to go on."""
        game = await self.records.stored_game(game_id)
        if game is None or not game.is_open:
            return
        self._stalled.add(game_id)
        await self.flows.update_table(game, GameState.from_json(game.state_json))
        text = (
            "🤖 The AI could not make its move: its worker process failed twice. Your game "
            "is saved. Press **Forfeit** (or `/famiglia forfeit`) to end it, which never "
            "changes your two-player rating, or `/famiglia board` to let the AI try again."
        )
        mention = discord.AllowedMentions(users=[discord.Object(game.players[HUMAN])])
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            if game.guild_id is not None:
                text = f"{game_texts.mention(game, HUMAN)} {text}"
            await channel.send(text, allowed_mentions=mention)
        except FAILED as error:
            log.warning("could not tell game %s that the AI failed: %s", game_id, error)
        if interaction is not None:
            with contextlib.suppress(*FAILED):
                await interaction.edit_original_response(content=text)

    async def heal(self) -> int:
        """At start-up: resume the AI's turns a restart interrupted."""
        pending = await self.ai.pending_games()
        for game in pending:
            self.kick(game.id)
        return len(pending)

    async def stop(self) -> None:
        """Cancel the AI's running turns (the bot is closing; they resume at start-up)."""
        tasks = [t for t in self._turns.values() if not t.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
