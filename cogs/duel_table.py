"""The two-player mode on Discord: the challenge that starts a game (and the rematch),
and the table — public in a server channel, each player's hand shown privately.

After a move the player's private hand answers with what happened; the table is edited,
the player to move is pinged (only the latest ping of a game stays), and the end is
announced with a Rematch button.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.app import FamigliaBot
from bot.discord_errors import FAILED
from bot.services.games import Moved
from bot.services.modes import Duel
from bot.services.reads import Refusal
from cogs import game_texts
from cogs.buttons import RematchButton
from cogs.channel_rights import lacking
from cogs.game_answers import Flows, users
from cogs.move_views import confirm_forfeit, table_controls
from cogs.safe_text import UNKNOWN_USER, kept_name, shown
from cogs.table_message import adopt, answer_message
from db.rows import GameRow
from engine.famiglia import GameState

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]


class DuelTable:
    def __init__(self, flows: Flows) -> None:
        self.flows = flows
        self.pings = flows.pings

    def link_title(self, game: GameRow) -> str:
        return f"Famiglia #{game.id}"

    async def payload(self, game: GameRow, state: GameState) -> dict[str, Any]:
        return await self.flows.table_payload(game, state)

    def end_notice(self, game: GameRow) -> tuple[str, discord.ui.View] | None:
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(game.id))
        return f"Famiglia #{game.id}", view

    def forfeit_question(self, game: GameRow, user_id: int) -> str:
        return game_texts.forfeit_question(game, user_id)

    def confirm_forfeit(self, game: GameRow) -> discord.ui.View:
        return confirm_forfeit(game)

    # ---------------------------------------------------------------- challenges
    async def start(
        self, interaction: Interaction, opponent: discord.Member | discord.User
    ) -> None:
        channel = interaction.channel
        if interaction.guild is None or not isinstance(channel, discord.TextChannel):
            return await self.flows.refuse(
                interaction,
                "Challenges are played in a server text channel: use this command there.",
            )
        if why := lacking(interaction):
            return await self.flows.refuse(interaction, why)
        if not isinstance(opponent, discord.User | discord.Member):  # an id sent without its user
            return await self.flows.refuse(interaction, UNKNOWN_USER)
        if opponent.bot:
            return await self.flows.refuse(
                interaction, "Bots cannot play Famiglia. Challenge a person."
            )
        if not isinstance(opponent, discord.Member):  # Discord sent no membership: none
            return await self.flows.refuse(
                interaction,
                f"{shown(kept_name(opponent))} is not a member of this server, so they"
                " could not see or accept the challenge. Challenge a member of this server.",
            )
        if not _sees(channel, opponent):
            return await self.flows.refuse(interaction, _cannot_see(opponent))
        names = [kept_name(interaction.user), kept_name(opponent)]
        try:
            game = await self._challenge(
                interaction.guild.id, channel.id, (interaction.user.id, opponent.id), names
            )
        except Refusal as refusal:
            return await self.flows.refuse(interaction, str(refusal))
        await self._post_challenge(interaction, game)

    async def _challenge(
        self, guild_id: int, channel_id: int, players: tuple[int, int], names: list[str]
    ) -> GameRow:
        """A new challenge of ``players[0]`` to ``players[1]``; raises Refusal."""
        service = self.flows.service
        options = service.options(Duel.name, names=(names[0], names[1]))
        moved = await service.start(
            Duel.name, guild_id=guild_id, channel_id=channel_id, players=players, options=options
        )
        return moved.game

    async def _post_challenge(self, interaction: Interaction, game: GameRow) -> None:
        """Answer with the new challenge ``game``. If Discord takes no answer, nobody
        saw the challenge: it is withdrawn, so it does not hold the channel."""
        try:
            sent = await interaction.response.send_message(
                game_texts.challenge_text(game, self.flows.challenge_minutes),
                view=table_controls(game),
                allowed_mentions=users(game.players[1]),
            )
        except Exception:  # an HTTP error or no answer in time: withdrawn, so not shown
            with contextlib.suppress(Refusal):
                await self.flows.service.answer_challenge(game.id, game.players[0], "cancel")
            raise
        # The challenge is shown and stands from here on: no error may say otherwise.
        message = await answer_message(interaction, sent, f"challenge {game.id}")
        if message is None:  # the accept posts the table anew
            return
        await self.flows.service.records.set_table_message(game.id, message.channel.id, message.id)

    async def answer_challenge(self, interaction: Interaction, game_id: int, answer: str) -> None:
        try:
            moved = await self.flows.service.answer_challenge(game_id, interaction.user.id, answer)
        except Refusal as refusal:
            return await self.flows.refuse(interaction, str(refusal))
        await self.flows.answered_ok(moved.game, interaction.response.defer())
        # The clicked message is the challenge, which becomes the table. The challenge's
        # own record of it may still be on its way (a fast answer, a slow database):
        # then it is recorded here, so that no second table is posted beside a
        # challenge that would keep its buttons.
        if interaction.message is not None:
            try:
                await adopt(self.flows.service.records, moved.game, interaction.message)
            except Exception:  # the answer stands; the table is shown and repaired anyway
                log.exception("challenge %s answered, its message not recorded", game_id)
                self.flows.repair.failed(game_id)
        await self.flows.show_outcome(moved)

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        try:
            old = await self.flows.service.game(game_id)
            seat = old.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal("Only the two players of that game can ask for a rematch.")
            if interaction.guild is None:
                raise Refusal("Rematches are played in the server channel of the game.")
            if why := lacking(interaction):
                raise Refusal(why)
            opponent = await self._still_a_member(interaction.guild, old.players[1 - seat])
            names = list(game_texts.names_of(old))  # of now where Discord tells them
            names[seat] = kept_name(interaction.user)
            if opponent is not None:
                if not _sees(interaction.channel, opponent):
                    raise Refusal(_cannot_see(opponent))
                names[1 - seat] = kept_name(opponent)
            try:
                game = await self._challenge(
                    interaction.guild.id,
                    old.channel_id,
                    (old.players[seat], old.players[1 - seat]),
                    [names[seat], names[1 - seat]],
                )
            except Refusal:
                await self._asked_already(old, interaction.user.id)
                raise
        except Refusal as refusal:
            return await self.flows.refuse(interaction, str(refusal))
        await self._post_challenge(interaction, game)

    async def _asked_already(self, old: GameRow, user_id: int) -> None:
        """Refusal naming the other player's rematch when the channel holds their
        challenge to ``user_id`` (both pressed Rematch): its Accept is what is left."""
        here = await self.flows.service.records.game_in_channel(old.channel_id)
        if here is None or here.status != "challenge" or here.players[1] != user_id:
            return
        if set(here.players) == set(old.players):
            name = game_texts.shown_names(here)[0]
            raise Refusal(
                f"{name} asked for a rematch first: press **Accept** on their challenge in"
                " this channel to play it."
            )

    @staticmethod
    async def _still_a_member(guild: discord.Guild, user_id: int) -> discord.Member | None:
        """The member ``user_id`` of ``guild``; Refusal when they left it (they could
        neither see nor accept a rematch, which would ping them and hold the channel).
        Asked of Discord, the bot keeping no member list; when Discord does not answer,
        None, and the rematch goes on."""
        try:
            return await guild.fetch_member(user_id)
        except discord.NotFound:
            raise Refusal(
                "Your opponent is no longer a member of this server, so they could not"
                " accept a rematch. Challenge a member with `/famiglia start`."
            ) from None
        except FAILED as error:
            log.info("membership of %s not read: %r", user_id, error)
            return None

    # --------------------------------------------------------------------- moves
    async def after_move(self, interaction: Interaction, moved: Moved) -> None:
        """The mover's private hand says what happened; then the table and the channel."""
        seat = moved.game.seat_of(interaction.user.id)
        lines = game_texts.answer_lines(
            moved.game, moved.events, moved.state, seat, interaction.channel_id
        )
        note = "\n".join(lines)
        answer = self.flows.show_hand_with(interaction, moved.game, moved.state, note[:1900])
        await self.flows.answered(moved, answer)

    async def show_outcome(self, moved: Moved) -> None:
        game, state = moved.game, moved.state
        await self.flows.update_table(game, state)
        channel = self.flows.bot.get_partial_messageable(game.channel_id)
        try:
            if moved.ended and game.status in ("finished", "forfeited"):
                await self.pings.drop(channel, game.id, game.version)
                await self.flows.announce_end(game, state)
            elif game.status == "active" and (moved.turn_passed or game.action_count == 0):
                seat = state.current
                text = game_texts.turn_ping(game, seat)
                user = game.players[seat]  # a repair mid-turn pings its player once only
                await self.pings.ping(
                    channel, game.id, game.version, text, user, turn=(state.turn, seat)
                )
            elif game.status != "active":
                await self.pings.drop(channel, game.id, game.version)
            # else the turn goes on (a step of it made): its ping, or reminder, stays
        except FAILED as error:
            log.warning("could not post to channel %s: %s", game.channel_id, error)
            self.flows.repair.failed(game.id)

    async def repost(self, interaction: Interaction) -> bool:
        """``/famiglia board`` in a channel: the game running here, if the user plays it.
        Answers always (the last table asked)."""
        flows, records = self.flows, self.flows.service.records
        channel_id = interaction.channel_id
        game = None
        if interaction.guild is not None and channel_id is not None:
            game = await records.game_in_channel(channel_id)
        if game is None or game.status != "active":
            await flows.refuse(interaction, "There is no Famiglia game running in this channel.")
            return True
        if game.seat_of(interaction.user.id) is None:
            await flows.refuse(interaction, "Only the two players can move the table.")
            return True
        message = await flows.answer_with_table(
            interaction, game, GameState.from_json(game.state_json)
        )
        if message is None:  # the old table stays the one kept up to date
            return True
        now = await records.stored_game(game.id)
        if now is not None and now.version != game.version:  # a move came in meanwhile
            await flows.update_table(now, GameState.from_json(now.state_json))
        return True


def _sees(channel: object, member: discord.Member) -> bool:
    """Whether ``member`` can see ``channel`` (a text channel or thread; others: yes)."""
    if isinstance(channel, discord.TextChannel | discord.Thread):
        return channel.permissions_for(member).view_channel
    return True


def _cannot_see(opponent: discord.Member) -> str:
    return (
        f"{shown(kept_name(opponent))} cannot see this channel, so they could not read or"
        " accept the challenge. Challenge them in a channel you both see."
    )
