"""The bot process: a ``commands.Bot`` that opens the store and wires the game in.

No privileged intents: everything arrives as interactions. Commands are synced to
``DEV_GUILD_ID`` at start-up when it is set (instant, for development); a global sync
(up to an hour to show, rate-limited) happens only when asked for with
``python -m bot --sync-global``.
"""

from __future__ import annotations

import logging
import random
import re
import sys
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_errors import FAILED
from bot.services.ai_pool import make_pool
from bot.services.ai_queue import FairPool
from bot.services.games import GameService
from bot.services.modes import Ai
from bot.settings import Settings
from db.store import Store

log = logging.getLogger(__name__)
T = TypeVar("T")

#: How long a thread may hold the GIL while another waits for it (Python's default: 5 ms).
#: The event loop shares the GIL with the threads that draw tables and SQLite's thread:
#: at 1 ms it gets the GIL back soon after a move's commit or a picture's step, instead
#: of waiting up to 5 ms each time (move p99 with Family Business beside the duels, in
#: 150 s windows of bench/bot.py: 117 ms at 5 ms, 72 ms at 1 ms).
SWITCH_INTERVAL = 0.001
Interaction = discord.Interaction["FamigliaBot"]


def intents() -> discord.Intents:
    """Guilds only (channel cache); none of the privileged intents."""
    return discord.Intents(guilds=True)


class FamigliaTree(app_commands.CommandTree):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """A bug or an outage, not a refusal (refusals never raise): log it with its
        traceback and tell the user (:func:`say_failed`)."""
        name = interaction.command.qualified_name if interaction.command else "?"
        log.error("command %s failed", name, exc_info=error)
        await say_failed(interaction)


#: What a person is told when their command or click failed on the bot's side. Not
#: "nothing was changed": a move whose commit's answer was lost (and could not be read
#: back) may have been saved, so the player is sent to the table, which says.
FAILED_TEXT = (
    "Something went wrong on our side, so this could not be confirmed. Look at the table"
    " before you try again: it shows every move that was saved."
)


async def say_failed(interaction: discord.Interaction) -> None:
    """Tell the person their command or click failed on the bot's side (never raises)."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(FAILED_TEXT, ephemeral=True)
        else:
            await interaction.response.send_message(FAILED_TEXT, ephemeral=True)
    except FAILED:
        pass


def answering_failures(item: type[discord.ui.DynamicItem[Any]]) -> None:
    """Make ``item``'s callback answer a failure as a command's is answered (discord.py
    only logs it, and the person sees "This interaction failed"). Once per class."""
    callback = item.callback
    if getattr(callback, "answers_failures", False):
        return

    async def answered(self: discord.ui.DynamicItem[Any], interaction: discord.Interaction) -> None:
        try:
            await callback(self, interaction)
        except Exception:
            log.exception("control %s failed", type(self).__name__)
            await say_failed(interaction)

    answered.answers_failures = True  # type: ignore[attr-defined]
    item.callback = answered  # type: ignore[method-assign]


# What the extensions attach to the process (it imports none of them): only what the
# process and the other cogs call on each, so the cogs' ``Interaction[FamigliaBot]`` is
# typed through to them.


class Stoppable(Protocol):
    async def stop(self) -> None:
        """Stop the background work (it resumes at the next start-up)."""
        ...


class ModeTablesByName(Protocol):
    """The table of each Famiglia mode (``cogs.mode_tables.ModeTables``)."""

    def named(self, mode: str, kind: type[T]) -> T:
        """The table of ``mode``, of its own class ``kind``."""
        ...


class FamigliaFlows(Protocol):
    """Famiglia's flows (``cogs.game_answers.Flows``): the service, the table of each
    mode, the repair of tables, and what the persistent controls hand their clicks to."""

    service: GameService

    @property
    def tables(self) -> ModeTablesByName: ...
    @property
    def repair(self) -> Stoppable: ...

    async def show_hand(self, interaction: Interaction, game_id: int) -> None: ...
    async def click_action(
        self, interaction: Interaction, game_id: int, seq: int, value: str, kind: str | None = None
    ) -> None: ...
    async def ask_forfeit(self, interaction: Interaction, game_id: int) -> None: ...
    async def forfeit(self, interaction: Interaction, game_id: int, seq: int) -> None: ...
    async def show_rules(
        self, interaction: Interaction, page: int, *, edit: bool = False
    ) -> None: ...


class TurnTimer(Protocol):
    """The one turn timer (``cogs.timer.TurnTimer``); other games join it by a hook
    that shows what it found due and says how many."""

    hooks: list[Callable[[], Awaitable[int]]]

    def start(self) -> None: ...
    async def stop(self) -> None: ...


class FamilyBusinessFlows(Protocol):
    """Family Business's flows (``cogs.family_business.flows.FamilyBusinessFlows``): what
    its persistent controls hand their clicks to, its timer hook, its stop."""

    async def lobby_click(self, interaction: Interaction, game_id: int, what: str) -> None: ...
    async def add_ai(self, interaction: Interaction, game_id: int, values: list[str]) -> None: ...
    async def show_hand(self, interaction: Interaction, game_id: int) -> None: ...
    async def play(
        self, interaction: Interaction, game_id: int, seq: int, values: list[str]
    ) -> None: ...
    async def show_window(self, interaction: Interaction, game_id: int, turn: int) -> None: ...
    async def answer(
        self, interaction: Interaction, game_id: int, turn: int, card: str
    ) -> None: ...
    async def again(self, interaction: Interaction, game_id: int) -> None: ...
    async def leave_game(self, interaction: Interaction, game_id: int) -> None: ...
    async def tick(self) -> int: ...
    async def stop(self) -> None: ...


class FamigliaBot(commands.AutoShardedBot):
    """The bot runs the shards ``SHARD_COUNT``/``SHARD_IDS`` name (one shard by default);
    the store repairs, times and plays only the games of those shards (db.shards)."""

    store: Store
    service: GameService
    ai_pool: FairPool
    #: The open games at start-up, whose tables the extension brings up to date.
    open_at_start: list[int]
    #: The Discord side, loaded as the extension ``cogs.famiglia``: the process imports
    #: none of it. It sets ``flows``, ``ai`` (the AI's running turns) and ``timer`` here
    #: for its own buttons and the other extension.
    flows: FamigliaFlows
    ai: Stoppable
    timer: TurnTimer
    #: Family Business, loaded as the extension ``cogs.family_business``.
    family_business: FamilyBusinessFlows

    def __init__(
        self, settings: Settings, *, sync_global: bool = False, rng: random.Random | None = None
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=FamigliaTree,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shards().count,
            shard_ids=sorted(settings.shards().ids),
        )
        self.settings = settings
        self.sync_global = sync_global
        self.rng = rng  # the seeds of new games; None: the system's randomness
        self._item_templates: list[re.Pattern[str]] = []

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Register the items and remember their id templates (see knows_control)."""
        self._item_templates += [item.__discord_ui_compiled_template__ for item in items]
        for item in items:
            answering_failures(item)
        super().add_dynamic_items(*items)

    def knows_control(self, custom_id: str) -> bool:
        """Whether a component's id is one of a registered item's (discord.py drops the
        others without a word: the extension answers them)."""
        return any(t.fullmatch(custom_id) for t in self._item_templates)

    async def setup_hook(self) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        clock = discord.utils.utcnow
        shards = self.settings.shards()
        self.store = await Store.open(self.settings.store_target, clock=clock, shards=shards)
        self.service = GameService(
            self.store,
            turn_timeout=self.settings.turn_timeout,
            challenge_timeout=self.settings.challenge_timeout,
            clock=clock,
            rng=self.rng,
            challenge_limits=self.settings.challenge_limits,
            games_per_user={Ai.name: self.settings.ai_games_per_user},
        )
        # Nobody loses on time for turns that ran while the bot was down (grace period).
        extended = await self.store.extend_deadlines(clock() + self.settings.downtime_grace)
        open_games = await self.store.active_games(game="famiglia")
        log.info(
            "store %s open, shards %s of %d: %d open game(s) here, %d turn deadline(s)"
            " extended after downtime",
            self.settings.store_name,
            ",".join(str(i) for i in sorted(shards.ids)),
            shards.count,
            len(open_games),
            len(extended),
        )
        # The AI thinks outside the loop, in a pool shared fairly between users.
        self.ai_pool = FairPool(
            make_pool,
            self.settings.ai_workers,
            timeout=self.settings.ai_decision_timeout_seconds,
        )
        self.open_at_start = [game.id for game in open_games]
        await self.load_extension("cogs.famiglia")  # commands, buttons, tables, the timer
        await self.load_extension("cogs.family_business")  # its group; joins the timer
        await self.sync_commands()

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to guild %s", len(synced), guild.id)
        if self.sync_global:
            synced = await self.tree.sync()
            log.info("synced %d command(s) globally (may take up to an hour)", len(synced))

    async def close(self) -> None:
        # Unloading the extension stops the timer, the AI's turns and the repairs first.
        if "cogs.family_business" in self.extensions:
            await self.unload_extension("cogs.family_business")
        if "cogs.famiglia" in self.extensions:
            await self.unload_extension("cogs.famiglia")
        if hasattr(self, "ai_pool"):
            self.ai_pool.shutdown()
        if hasattr(self, "store"):
            await self.store.close()
        await super().close()
