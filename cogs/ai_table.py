"""What a game against the AI looks like: the table in a channel or in a DM, its
buttons, and the Play again button.

In a server channel the table is the two-player table (public, no hand; **Show my hand**
answers privately). In a DM only the player can read it, so the table also holds the
hand and the controls for the current decision, built from the engine's legal actions
(``bot.services.choices``) with the two-player game's own persistent items. While the AI thinks,
the table says so and offers no move.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, runtime_checkable

import discord

from bot.app import FamigliaBot
from bot.services.ai_games import HUMAN, ai_to_move, strength_of
from bot.services.modes import Ai, AiOptions, options_as
from cogs import game_texts
from cogs.buttons import GAME_ID, ForfeitButton, RulesButton, refused_here
from cogs.move_views import decision_controls, table_controls
from cogs.render import hand_embed
from db.rows import GameRow, ResultRow
from engine.famiglia import GameState, view

Interaction = discord.Interaction[FamigliaBot]


@runtime_checkable
class AiClicks(Protocol):
    """What the AI's own buttons hand their clicks to (:class:`cogs.ai_answers.AiFlows`)."""

    async def play_again(self, interaction: Interaction, game_id: int) -> None: ...


def ai_flows(interaction: Interaction) -> AiClicks:
    return interaction.client.flows.tables.named(Ai.name, AiClicks)


def thinking_text(game: GameRow, stalled: bool = False) -> str:
    """The table's line on the AI's turn; ``stalled``: its worker failed on every try."""
    name = game_texts.shown_names(game)[1]
    if stalled:
        return (
            f"🤖 **{name}** could not make its move. **Forfeit** ends the game (no rating "
            "changes); `/famiglia board` lets it try again."
        )
    return f"🤖 **{name}** is thinking… its moves appear here in a moment."


class AiAgain(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fam:aiagain:{GAME_ID}",
):
    """After a game against the AI: its player starts another at the same strength."""

    def __init__(self, game: int, label: str = "Play again") -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success,
                label=label,
                emoji="🔁",
                custom_id=f"fam:aiagain:{game}",
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        only = "Only the player of that game can play again: try `/famiglia ai`."
        if await refused_here(interaction, self.game, ("ai",), only):
            return
        await ai_flows(interaction).play_again(interaction, self.game)


def again_label(game: GameRow) -> str:
    first = "you start" if options_as(game, AiOptions).first == HUMAN else "the AI starts"
    return f"Play again ({strength_of(game)}, {first})"


def ended_controls(game: GameRow) -> discord.ui.View:
    out = discord.ui.View(timeout=None)
    out.add_item(AiAgain(game.id, again_label(game)))
    out.add_item(RulesButton())
    return out


def channel_controls(game: GameRow) -> discord.ui.View:
    """The public table's buttons: as in a two-player game, Play again once over."""
    return table_controls(game) if game.is_open else ended_controls(game)


def dm_controls(game: GameRow, state: GameState) -> discord.ui.View:
    """The DM table's controls: the player's choices (selects, then one row of buttons
    with Forfeit and Rules); only Forfeit and Rules while the AI thinks."""
    if not game.is_open:
        return ended_controls(game)
    seq = game.action_count
    to_move = not ai_to_move(game, state) and not state.over
    extras = [ForfeitButton(game.id, seq), RulesButton()]
    return decision_controls(state, HUMAN, game.id, seq, extras, to_move=to_move)


def dm_payload(
    game: GameRow,
    state: GameState,
    recent: list[str],
    record: ResultRow | None,
    stalled: bool = False,
) -> dict[str, Any]:
    """The DM table: the table embed and picture, the hand, the controls.

    Renders the table image: call it in a worker thread (``asyncio.to_thread``).
    """
    embed, file = game_texts.table(game, state, recent, record, hand_below=game.is_open)
    embeds = [embed]
    if game.is_open:
        if ai_to_move(game, state):
            text = thinking_text(game, stalled)
            embed.insert_field_at(0, name="The AI's turn", value=text, inline=False)
        embeds.append(hand_embed(view(state, HUMAN), game_texts.names_of(game)))
    return {
        "content": None,
        "embeds": embeds,
        "attachments": [file],
        "view": dm_controls(game, state),
    }


def mark_thinking(
    payload: dict[str, Any], game: GameRow, state: GameState, stalled: bool = False
) -> dict[str, Any]:
    """A channel table payload (``Flows.table_payload``) made for a game against the AI:
    its own buttons, and a line while the AI thinks (``stalled``: it could not)."""
    payload["view"] = channel_controls(game)
    embeds: list[discord.Embed] = payload.get("embeds") or []
    if embeds and ai_to_move(game, state):
        text = thinking_text(game, stalled)
        embeds[0].insert_field_at(0, name="The AI's turn", value=text, inline=False)
    return payload


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (AiAgain,)
