"""The ``/famiglia`` command group.

The group is allowed in servers and DMs (solo games will live in DMs), so every
subcommand that needs a server channel checks ``interaction.guild`` itself:
``guild_only`` does nothing on subcommands.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import FamigliaBot
from bot.services.games import FAMIGLIA, GameService
from bot.services.modes import Duel
from bot.services.reads import Refusal
from bot.services.slash_moves import build, suggest
from cogs import game_texts
from cogs.ai_command import install as install_ai
from cogs.buttons import DYNAMIC_ITEMS, answer_unknown_control
from cogs.duel_table import DuelTable
from cogs.game_answers import Flows
from cogs.offered_values import check_game, moment_of, offered, unmarked
from cogs.render.painter import PAINTER
from cogs.rules_text import PAGES, titles
from cogs.solo_and_board_commands import install as install_extras
from cogs.timer import turn_timer
from db.rows import GameRow

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
#: A rank to play or an amount to lower by: Discord's client sends only whole numbers in
#: this range (a forged one is still read, and refused, by ``bot.services.option_actions``).
Number = app_commands.Range[int, 1, 4]
#: The options that take a number (their autocomplete offers numbers too).
NUMBER_OPTIONS = ("rank", "amount")


def _text(value: object) -> str | None:
    """An option's value as the move's plan reads it (a forged client may send any type)."""
    return None if value is None else str(value)


def no_game_text(*, in_dm: bool) -> str:
    """The answer to a game command with no game to act on: how to start one *here*
    (a challenge needs a server channel; our DMs host solo games and games vs the AI)."""
    if in_dm:
        return (
            "You have no Famiglia game running. In our DMs, start one with `/famiglia solo` "
            "(against the robot gangster) or `/famiglia ai` (against the AI)."
        )
    return "You have no Famiglia game running. Start one with /famiglia start."


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class FamigliaCog(commands.GroupCog, group_name="famiglia", group_description="Play Famiglia"):
    def __init__(self, flows: Flows) -> None:
        self.flows = flows
        self.service: GameService = flows.service
        super().__init__()

    # ------------------------------------------------------------------ helpers
    async def _game_of(
        self,
        interaction: Interaction,
        *,
        stored: bool = False,
        moving: bool = False,
        challenge_here: bool = False,
    ) -> GameRow:
        """The open game of this channel the user plays in, else their only running
        game. A challenge not accepted yet is no game to play: it is found only when
        the user has nothing else open (its answer then says it is not accepted yet).
        ``stored``: this channel's game as stored now, not as this process keeps it;
        ``moving``: for a move, which is never made in a game elsewhere from a channel
        where others play (the player is told where their game is); ``challenge_here``:
        the user's challenge in this channel is what the command means even when they
        play a game elsewhere (a forfeit here says how to withdraw it), where otherwise
        their running game comes first (their hand, a move: "your game is … in …")."""
        user = interaction.user.id
        here = occupied = None
        if interaction.channel_id is not None:
            here = occupied = await self.service.game_in_channel(
                interaction.channel_id, stored=stored
            )
            if here is not None and here.game != FAMIGLIA:  # another game's channel
                if here.seat_of(user) is not None:
                    raise Refusal(game_texts.FAMILY_BUSINESS_HERE)
                here = None
            mine_here = here is not None and here.seat_of(user) is not None
            if mine_here and here is not None and (here.status == "active" or challenge_here):
                return here  # else their running game, if any, comes first
        mine = [g for g in await self.service.records.open_games_of(user) if g.game == FAMIGLIA]
        if not mine and here is not None:  # others play here: say whose game it is
            raise Refusal(game_texts.someone_elses_game_text(here))
        if not mine and occupied is not None:  # another kind of game is played here
            raise Refusal(game_texts.other_game_here_text(occupied))
        running = [g for g in mine if g.status == "active"]
        if moving and occupied is not None and len(running) == 1:
            raise Refusal(game_texts.your_game_elsewhere_text(running[0], occupied, user))
        if len(running) == 1:
            return running[0]
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise Refusal(no_game_text(in_dm=interaction.guild is None))
        if not running:
            places = ", ".join(game_texts.where(g) for g in mine)
            raise Refusal(
                "None of your games has started: the challenges you are in "
                f"({places}) are not accepted yet."
            )
        places = ", ".join(f"#{g.id} {game_texts.where(g)}" for g in running)
        raise Refusal(
            f"You play several games ({places}): use this command in the channel of the game."
        )

    async def _move(self, interaction: Interaction, command: str, **given: object) -> None:
        """A move typed as a command: its values as typed, or as the lists offered them
        (then at the moment they were offered for: :mod:`cogs.offered_values`)."""
        try:
            moment, values = moment_of({name: _text(value) for name, value in given.items()})
            game = await self._game_of(interaction, moving=True)
            seq = check_game(moment, game.id)
        except Refusal as refusal:
            return await self.flows.refuse(interaction, str(refusal))

        async def meant() -> int:
            other = (await self._game_of(interaction, stored=True, moving=True)).id
            check_game(moment, other)  # a value of the game found first: not this one's
            return other

        await self.flows.play(
            interaction, game.id, seq, lambda state: build(state, command, values), meant
        )

    async def _suggest(
        self, interaction: Interaction, command: str, option: str, typed: str
    ) -> list[app_commands.Choice[str]] | list[app_commands.Choice[int]]:
        try:
            game = await self._game_of(interaction, stored=True, moving=True)  # as stored
            state = self.service.state_of(game)
        except Refusal:
            return []
        seat = game.seat_of(interaction.user.id)
        if game.status != "active" or state.over or state.current != seat:
            return []
        values: dict[str, str | None] = {
            key: unmarked(str(value))
            for key, value in vars(interaction.namespace).items()
            if value is not None
        }
        values.pop(option, None)
        found = suggest(state, command, option, values, str(typed))
        if option in NUMBER_OPTIONS:
            return [
                app_commands.Choice(name=name, value=int(value))
                for name, value in found
                if value.isascii() and value.isdigit()
            ]
        return [
            app_commands.Choice(name=name, value=offered(game.id, game.action_count, value))
            for name, value in found
        ]

    # ----------------------------------------------------------------- commands
    @app_commands.command(name="start", description="Challenge a member of this server")
    @app_commands.describe(opponent="Who you want to play against")
    async def start(self, interaction: Interaction, opponent: discord.User) -> None:
        duel = self.flows.tables.named(Duel.name, DuelTable)
        await duel.start(interaction, opponent)

    @app_commands.command(name="refresh", description="Refresh the Street (only if no 0 shows)")
    @app_commands.describe(card="The Street card to discard")
    async def refresh(self, interaction: Interaction, card: str) -> None:
        await self._move(interaction, "refresh", card=card)

    @app_commands.command(name="accountant", description="Play an Accountant and exchange cards")
    @app_commands.describe(
        rank="The Accountant to play",
        take="Cards to take back from your play area (or nothing)",
        give="As many cards from your hand to put into your play area",
    )
    async def accountant(
        self,
        interaction: Interaction,
        rank: Number,
        take: str | None = None,
        give: str | None = None,
    ) -> None:
        await self._move(interaction, "accountant", rank=rank, take=take, give=give)

    @app_commands.command(name="brute", description="Play a Brute to lower a Street card")
    @app_commands.describe(
        rank="The Brute to play", target="The Street card to lower", amount="By how much"
    )
    async def brute(
        self,
        interaction: Interaction,
        rank: Number,
        target: str | None = None,
        amount: Number | None = None,
    ) -> None:
        await self._move(interaction, "brute", rank=rank, target=target, amount=amount)

    @app_commands.command(name="take", description="Take a Street card")
    @app_commands.describe(card="The Street card to take", payment="How to pay, when asked")
    async def take(self, interaction: Interaction, card: str, payment: str | None = None) -> None:
        await self._move(interaction, "take", card=card, payment=payment)

    @app_commands.command(name="pass", description="Take no card; your turn ends")
    async def pass_(self, interaction: Interaction) -> None:
        await self._move(interaction, "pass")

    @app_commands.command(name="hand", description="Show your hand and your choices (only to you)")
    async def hand(self, interaction: Interaction) -> None:
        try:
            game = await self._game_of(interaction)
        except Refusal as refusal:
            return await self.flows.refuse(interaction, str(refusal))
        await self.flows.show_hand(interaction, game.id)

    @app_commands.command(name="board", description="Post the table again at the bottom")
    async def board(self, interaction: Interaction) -> None:
        await self.flows.repost_table(interaction)

    @app_commands.command(name="forfeit", description="Give up your game")
    async def forfeit(self, interaction: Interaction) -> None:
        try:
            game = await self._game_of(interaction, challenge_here=True)
        except Refusal as refusal:
            return await self.flows.refuse(interaction, str(refusal))
        await self.flows.ask_forfeit(interaction, game.id)

    @app_commands.command(name="rules", description="The rules in short pages")
    @app_commands.describe(page="Which page")
    @app_commands.choices(
        page=[app_commands.Choice(name=t, value=i) for i, t in enumerate(titles())]
    )
    async def rules(self, interaction: Interaction, page: int = 0) -> None:
        # A forged client may send any value for the page: only a listed one is a page.
        listed = isinstance(page, int) and 0 <= page < len(PAGES)
        await self.flows.show_rules(interaction, page if listed else -1)

    # ------------------------------------------------------------- autocomplete
    @refresh.autocomplete("card")
    async def _refresh_card(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "refresh", "card", typed)

    @accountant.autocomplete("rank")
    async def _accountant_rank(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "accountant", "rank", typed)

    @accountant.autocomplete("take")
    async def _accountant_take(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "accountant", "take", typed)

    @accountant.autocomplete("give")
    async def _accountant_give(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "accountant", "give", typed)

    @brute.autocomplete("rank")
    async def _brute_rank(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "brute", "rank", typed)

    @brute.autocomplete("target")
    async def _brute_target(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "brute", "target", typed)

    @brute.autocomplete("amount")
    async def _brute_amount(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "brute", "amount", typed)

    @take.autocomplete("card")
    async def _take_card(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "take", "card", typed)

    @take.autocomplete("payment")
    async def _take_payment(self, interaction: Interaction, typed: str) -> list[Any]:
        return await self._suggest(interaction, "take", "payment", typed)


class UnknownControls(commands.Cog):
    """Answers a component whose id matches none of the bot's items (an old message, or
    a client sending ids the bot never made) instead of letting it fail silently."""

    def __init__(self, bot: FamigliaBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[FamigliaBot]) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not self.bot.knows_control(custom_id):
            await answer_unknown_control(interaction)


async def setup(bot: FamigliaBot) -> None:
    """The extension ``cogs.famiglia`` (``bot.load_extension``): the flows, the
    ``/famiglia`` commands of every mode, the persistent buttons, the start-up repair of
    the open games' tables and the turn timer."""
    # The tables' pictures are drawn in worker processes: drawn in the bot's threads they
    # held the interpreter against the event loop. One painter serves every bot of the
    # process and ends with it (unloading one bot does not stop another's pictures).
    PAINTER.start(bot.settings.picture_workers)
    flows = Flows(bot, bot.service, bot.settings.challenge_timeout_minutes)
    flows.tables.register(Duel.name, DuelTable(flows))
    bot.flows = flows
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(FamigliaCog(flows))
    await bot.add_cog(UnknownControls(bot))
    await install_extras(bot, flows, bot.service)  # solo, resume, boards, stats
    bot.ai = await install_ai(bot, flows, bot.ai_pool, bot.settings)
    # A stop between a commit and its table edit left a table behind: show every open
    # game again from the store (and tell whose turn it is), and every game whose end
    # its channel was not told.
    ended = await bot.service.records.unannounced_ends(FAMIGLIA)
    flows.repair.at_startup([*bot.open_at_start, *ended])
    flows.sweeping = asyncio.create_task(flows.pings.sweep(bot), name="turn-ping-sweep")
    bot.timer = turn_timer(bot.service, flows, shared=bot.settings.database_url is not None)
    bot.timer.start()


async def teardown(bot: FamigliaBot) -> None:
    """Stop the timer, the AI's running turns and the repairs (they resume at start-up)."""
    await bot.timer.stop()
    await bot.ai.stop()
    await bot.flows.repair.stop()
    if bot.flows.sweeping is not None:
        bot.flows.sweeping.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await bot.flows.sweeping
