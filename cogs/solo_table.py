"""The solo table in the player's DM: the table, the hand and the move controls in one
message, with the robot's last turn spelled out so the player can check it.

Only the player can read a DM, so the hand is shown on the table itself. Every button
and select is a persistent ``DynamicItem`` whose custom id carries the game id and the
action count it was drawn for. The move controls are the two-player game's own
(``cogs.buttons``); they and the Forfeit button reach :class:`cogs.game_answers.Flows`,
like every game's, which hands the result to :class:`cogs.solo_answers.SoloFlows`; Play
again goes to SoloFlows directly. The controls are built from the engine's legal actions
(``bot.services.choices``), never from rules here.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, runtime_checkable

import discord

from bot.app import FamigliaBot
from bot.services.modes import Solo, SoloOptions, options_as
from bot.services.solo import History
from cogs.buttons import GAME_ID, SEQ, RulesButton, flows, refused_here
from cogs.game_texts import UNSAID, end_cause, final_hands, seen
from cogs.move_views import decision_controls
from cogs.render import hand_embed, table_message
from cogs.render.common import clip
from cogs.safe_text import shown
from db.rows import GameRow, ResultRow, SoloBest
from engine.famiglia import GameState, describe_event, view
from engine.famiglia.solo_bests import level_tag

Interaction = discord.Interaction[FamigliaBot]


@runtime_checkable
class SoloClicks(Protocol):
    """What the solo table's buttons hand their clicks to (:class:`cogs.solo_answers.SoloFlows`)."""

    async def start(
        self, interaction: Interaction, level: int, first: int, *, after: int | None = None
    ) -> None: ...


PLAYER = 0  # the human's seat in a solo game


def solo_flows(interaction: Interaction) -> SoloClicks:
    return interaction.client.flows.tables.named(Solo.name, SoloClicks)


def names_of(game: GameRow) -> tuple[str, str]:
    player, robot = options_as(game, SoloOptions).names
    return (player, robot)


def tag_of(game: GameRow) -> str:
    """Rule 9.10.3: the game's level with a (you started) or b (the robot started)."""
    options = options_as(game, SoloOptions)
    return level_tag(options.level, options.first)


class SoloForfeit(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fam:s(?P<step>ff|gu):{GAME_ID}:{SEQ}",
):
    """``ff`` (on the table) asks; ``gu`` (in the answer) gives the game up."""

    def __init__(self, game: int, seq: int, *, confirm: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.danger,
                label="Yes, give up this game" if confirm else "Forfeit",
                custom_id=f"fam:s{'gu' if confirm else 'ff'}:{game}:{seq}",
            )
        )
        self.game, self.seq, self.confirm = game, seq, confirm

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["seq"]), confirm=match["step"] == "gu")

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, ("solo",)):
            return
        if self.confirm:
            await flows(interaction).forfeit(interaction, self.game, self.seq)
        else:
            await flows(interaction).ask_forfeit(interaction, self.game)


class SoloAgain(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fam:sagain:(?P<level>[1-4]):(?P<first>[01])(?::{GAME_ID})?",
):
    """After a solo game: another one at the same level, the same side starting, counted
    for the same server as the game it follows (its id, when the button carries it)."""

    def __init__(self, level: int, first: int, game: int | None = None) -> None:
        after = "" if game is None else f":{game}"
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success,
                label=f"Play again (level {level_tag(level, first)})",
                custom_id=f"fam:sagain:{level}:{first}{after}",
            )
        )
        self.level, self.first, self.game = level, first, game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        game = None if match["game"] is None else int(match["game"])
        return cls(int(match["level"]), int(match["first"]), game)

    async def callback(self, interaction: Interaction) -> None:
        await solo_flows(interaction).start(interaction, self.level, self.first, after=self.game)


def confirm_forfeit(game: GameRow) -> discord.ui.View:
    view_ = discord.ui.View(timeout=None)
    view_.add_item(SoloForfeit(game.id, game.action_count, confirm=True))
    return view_


def solo_controls(game: GameRow, state: GameState) -> discord.ui.View:
    """The player's choices (selects, then one row of buttons with Forfeit and Rules)."""
    out = discord.ui.View(timeout=None)
    if not game.is_open:
        options = options_as(game, SoloOptions)
        out.add_item(SoloAgain(options.level, options.first, game.id))
        out.add_item(RulesButton())
        return out
    seq = game.action_count
    extras = [SoloForfeit(game.id, seq), RulesButton()]
    return decision_controls(state, PLAYER, game.id, seq, extras, to_move=state.decision != "robot")


def _robot_field(history: History) -> str | None:
    if history.robot is None:
        return None
    return clip("\n".join(history.robot.lines()), 1024)


def result_text(
    game: GameRow, state: GameState, record: ResultRow | None, best: SoloBest | None
) -> str:
    """Both totals, won or lost, and the high score with its level and a/b (9.10)."""
    tag = tag_of(game)
    if record is not None and record.reason != "score":
        return f"You gave up: the robot gangster wins this level {tag} game. No high score."
    final = view(state, None).result
    if final is None:
        return "The game ended."
    you, robot = final.totals
    tie_break = "" if final.decided_by == "points" else f" {final.explanation}"
    if final.winner == PLAYER and final.high_score is not None:
        lines = [
            f"🏆 **You beat the robot gangster, {you} to {robot}!**{tie_break} High score "
            f"**{final.high_score}** (2 × {you} − {robot}) at level **{tag}**."
        ]
        if best is not None:
            lines.append(f"Your best at level {best.level}: **{best.high_score}**.")
    else:
        lines = [
            f"🤖 **The robot gangster wins, {robot} to {you}** (level {tag}).{tie_break} "
            "No high score this time: only a win counts."
        ]
    lines[0] += end_cause(state)
    return clip("\n".join(lines), 1024)


def table_payload(
    game: GameRow,
    state: GameState,
    history: History,
    record: ResultRow | None = None,
    best: SoloBest | None = None,
) -> dict[str, Any]:
    """Everything the DM table message holds: embeds, the image, the controls.

    Renders the table image: call it in a worker thread (``asyncio.to_thread``).
    """
    names = names_of(game)
    shown_as = (shown(names[0]), shown(names[1]))
    recent = [describe_event(e, shown_as) for e in history.events if e.kind not in UNSAID]
    public = seen(game, state, None)
    if game.is_open:  # the hand under the table says what the player may do: not twice
        public = public.model_copy(update={"prompt": ""})
    embed, file = table_message(public, names, recent, final_hands(game, state))
    embed.title = clip(f"Famiglia solo #{game.id} · level {tag_of(game)}", 256)
    robot = _robot_field(history)
    if robot is not None:
        embed.insert_field_at(
            0, name="🤖 The robot gangster's last turn", value=robot, inline=False
        )
    embeds = [embed]
    if not game.is_open:  # the result, once: in place of the table's own result line
        embed.description = result_text(game, state, record, best)
    else:
        embeds.append(hand_embed(view(state, PLAYER), names))
    return {
        "content": None,
        "embeds": embeds,
        "attachments": [file],
        "view": solo_controls(game, state),
    }


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    SoloForfeit,
    SoloAgain,
)
