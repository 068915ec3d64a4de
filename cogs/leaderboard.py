"""``/famiglia leaderboard``: the rating board and the solo high-score board, in pages.

A page is always rendered fresh from the database. Its buttons are persistent
(``discord.ui.DynamicItem``): the custom id carries the board, the scope, the level and
the page to show, so they keep working after a restart and need nothing in memory.
Server scope takes the server from the message the button is on.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, cast

import discord
from discord import app_commands

from bot.app import FamigliaBot
from bot.services.records import Records
from cogs.buttons import whole
from cogs.offered_values import chosen
from cogs.safe_text import shown
from db.rows import AiBoardRow, MultiBoardRow, Page, RatingBoardRow, SoloBoardRow

Interaction = discord.Interaction[FamigliaBot]
Board = Literal["rating", "solo", "ai", "familybusiness"]
Scope = Literal["server", "global"]

PAGE_SIZE = 10
COLOUR = discord.Colour.from_rgb(250, 166, 26)
PROVISIONAL_MARK = "?"
NO_SERVER = (
    "A server leaderboard needs a server: use `scope:global` here, or run the command in a "
    "server channel."
)
NOT_A_BOARD = (
    "That button only pages a leaderboard, and this message is none: nothing was done. "
    "`/famiglia leaderboard` shows a board."
)
NO_SUCH_BOARD = (
    "Choose a board (rating, solo, ai or familybusiness), a scope (server or global) and, "
    "for the solo board, a level from 1 to 4."
)
LEVEL_ONLY_SOLO = "`level` only applies to the solo board: drop it, or choose `board:solo`."


def store_of(interaction: Interaction) -> Records:
    """The bot's store (the bot keeps its ``GameService`` as ``flows.service``)."""
    return interaction.client.flows.service.records


def variant(player_first: bool | None) -> str:
    """Rule 9.10.3's suffix: a = the player started, b = the robot started."""
    return "" if player_first is None else ("a" if player_first else "b")


def level_text(level: int | None, player_first: bool | None) -> str:
    return "level ?" if level is None else f"level {level}{variant(player_first)}"


def rating_text(rating: float, provisional: bool) -> str:
    return f"{rating:.0f}{PROVISIONAL_MARK if provisional else ''}"


def _who(user_id: int, names: Mapping[int, str]) -> str:
    """The player's name from their latest game (a mention only when none is known:
    a mention of someone the reader's client has never seen shows as unknown)."""
    name = names.get(user_id)
    return shown(name) if name else f"<@{user_id}>"


def _rating_line(row: RatingBoardRow, names: Mapping[int, str]) -> str:
    return (
        f"**{row.rank}.** {_who(row.user_id, names)}"
        f" — **{rating_text(row.rating, row.provisional)}**"
        f" · {row.wins}W {row.losses}L {row.draws}D"
    )


def _solo_line(row: SoloBoardRow, names: Mapping[int, str]) -> str:
    date = discord.utils.format_dt(row.finished_at, "d")
    return (
        f"**{row.rank}.** {_who(row.user_id, names)} — **{row.high_score}**"
        f" · {level_text(row.level, row.player_first)} · {date}"
    )


def _ai_line(row: AiBoardRow, names: Mapping[int, str]) -> str:
    records = " · ".join(f"{r.strength} {r.wins}W {r.losses}L {r.draws}D" for r in row.records)
    return f"**{row.rank}.** {_who(row.user_id, names)} — {records}"


def _multi_line(row: MultiBoardRow, names: Mapping[int, str]) -> str:
    return (
        f"**{row.rank}.** {_who(row.user_id, names)} — {row.ordinal:.1f}"
        f" ({row.games} game{'' if row.games == 1 else 's'}, {row.wins} won)"
    )


@dataclass(frozen=True)
class BoardKind:
    """What one board is: its title, the text of an empty board, the rows' line, the
    footer's legend, how a page is read from the store, and whether it has levels."""

    title: Callable[[int | None], str]
    #: Said when nobody is on the board; ``{where}`` is " in this server" or "".
    empty: str
    line: Callable[[Any, Mapping[int, str]], str]
    legend: str
    #: A page from the store: (records, guild id or None, level, offset).
    load: Callable[[Records, int | None, int | None, int], Awaitable[Page[Any]]]
    #: Whether ``level`` applies to it (one robot level of the solo board).
    has_levels: bool = False
    #: Whether its rating is one for every server (a server's board shows that server's
    #: players and games, ranked by their rating from everywhere).
    rated_everywhere: bool = False


def _solo_title(level: int | None) -> str:
    which = "all levels" if level is None else f"level {level}"
    return f"Famiglia solo high scores ({which})"


BOARDS: dict[str, BoardKind] = {
    "rating": BoardKind(
        title=lambda _level: "Famiglia ratings",
        empty=(
            "No two-player game has been finished{where} yet. Challenge someone: `/famiglia start`."
        ),
        line=_rating_line,
        legend=f"{PROVISIONAL_MARK} = provisional rating · W/L/D = wins/losses/draws",
        load=lambda store, guild_id, _level, offset: store.rating_board(
            guild_id=guild_id, offset=offset, limit=PAGE_SIZE
        ),
        rated_everywhere=True,
    ),
    "ai": BoardKind(
        title=lambda _level: "Famiglia against the AI",
        empty="Nobody has finished a game against the AI{where} yet. Try it: `/famiglia ai`.",
        line=_ai_line,
        legend="ranked by wins against hard, then medium, then easy · W/L/D per strength",
        load=lambda store, guild_id, _level, offset: store.ai_board(
            guild_id=guild_id, offset=offset, limit=PAGE_SIZE
        ),
    ),
    "solo": BoardKind(
        title=_solo_title,
        empty="Nobody has beaten the robot gangster{where} yet. Try it: `/famiglia solo`.",
        line=_solo_line,
        legend="score = 2 × your VP − robot VP · a = you started, b = the robot did",
        load=lambda store, guild_id, level, offset: store.solo_board(
            level=level, guild_id=guild_id, offset=offset, limit=PAGE_SIZE
        ),
        has_levels=True,
    ),
    "familybusiness": BoardKind(
        title=lambda _level: "Family Business ratings",
        empty=(
            "No Family Business game of two or more people has been finished{where} yet."
            " Open a table: `/familybusiness open`."
        ),
        line=_multi_line,
        legend="rating = mu − 3 sigma (Bradley–Terry); people ranked by their places among"
        " the people of each game; AI seats are not rated",
        load=lambda store, guild_id, _level, offset: store.multi_board(
            "family_business", guild_id=guild_id, offset=offset, limit=PAGE_SIZE
        ),
        rated_everywhere=True,
    ),
}


def _title(board: Board, scope: Scope, level: int | None) -> str:
    where = "this server" if scope == "server" else "everyone"
    return f"{BOARDS[board].title(level)} — {where}"


#: Every title a board page can have: a page button edits only a message showing one.
BOARD_TITLES = frozenset(
    _title(cast(Board, board), scope, level)
    for board in BOARDS
    for scope in cast(tuple[Scope, ...], ("server", "global"))
    for level in (None, 1, 2, 3, 4)
)


def a_level(level: object) -> bool:
    """Whether ``level`` is one the command accepts: None (all levels) or 1 to 4 (a
    forged client may send any value: ``7``, ``-1``, ``"3"``, ``3.0``)."""
    return level is None or (type(level) is int and 1 <= level <= 4)


def is_board_page(message: discord.Message | None) -> bool:
    """Whether ``message`` shows a board page (a page button may edit it): a button id
    forged onto a game's table must not turn that table into a board."""
    return message is not None and any(e.title in BOARD_TITLES for e in message.embeds)


def _empty_text(board: Board, scope: Scope) -> str:
    return BOARDS[board].empty.format(where=" in this server" if scope == "server" else "")


def board_embed(
    board: Board,
    scope: Scope,
    level: int | None,
    page: Page[Any],
    names: Mapping[int, str] | None = None,
) -> discord.Embed:
    """One page of a board as an embed (at most ``PAGE_SIZE`` rows: well within limits)."""
    names = names or {}
    kind = BOARDS[board]
    embed = discord.Embed(title=_title(board, scope, level), colour=COLOUR)
    if not page.rows:
        embed.description = _empty_text(board, scope) if page.total == 0 else "No such page."
    else:
        embed.description = "\n".join(kind.line(r, names) for r in page.rows)
    if page.total == 0:
        return embed  # the description says the board is empty: no page, no legend
    noun = "player" if page.total == 1 else "players"
    footer = f"Page {min(page.page, page.pages)} of {page.pages} · {page.total} {noun}"
    everywhere = kind.rated_everywhere and scope == "server"
    everywhere_text = " · ratings count the games of every server" if everywhere else ""
    embed.set_footer(text=f"{footer} · {kind.legend}{everywhere_text}")
    return embed


class BoardPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"fam:lb:(?P<board>rating|solo|ai|familybusiness):(?P<scope>server|global):(?P<level>[0-4])"
        rf":{whole('page', 6)}:(?P<tag>[fpnl])"
    ),
):
    """First / previous / next / last page of a board; ``page`` is the page it shows."""

    LABELS: ClassVar[dict[str, str]] = {
        "f": "⏮ First",
        "p": "◀ Previous",
        "n": "Next ▶",
        "l": "Last ⏭",
    }

    def __init__(
        self,
        board: Board,
        scope: Scope,
        level: int | None,
        page: int,
        tag: str,
        *,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=self.LABELS[tag],
                disabled=disabled,
                custom_id=f"fam:lb:{board}:{scope}:{level or 0}:{page}:{tag}",
            )
        )
        self.board, self.scope, self.level, self.page = board, scope, level, page

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        level = int(match["level"]) or None
        board, scope = cast(Board, match["board"]), cast(Scope, match["scope"])  # the template's
        return cls(board, scope, level, int(match["page"]), match["tag"])

    async def callback(self, interaction: Interaction) -> None:
        if not is_board_page(interaction.message):  # an id forged onto another message
            await interaction.response.send_message(NOT_A_BOARD, ephemeral=True)
            return
        await show_board(interaction, self.board, self.scope, self.level, self.page, edit=True)


def board_view(board: Board, scope: Scope, level: int | None, page: Page[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if page.pages <= 1:
        return view
    current, last = min(page.page, page.pages), page.pages
    targets = (("f", 1), ("p", max(current - 1, 1)), ("n", min(current + 1, last)), ("l", last))
    for tag, target in targets:
        disabled = current == 1 if tag in "fp" else current == last
        view.add_item(BoardPageButton(board, scope, level, target, tag, disabled=disabled))
    return view


async def load_page(
    store: Records, board: Board, guild_id: int | None, level: int | None, page: int
) -> Page[Any]:
    """Page ``page`` (1-based) of a board; a page past the end shows the last one (the
    first, on an empty board)."""
    for _ in range(2):
        offset = (max(page, 1) - 1) * PAGE_SIZE
        result = await BOARDS[board].load(store, guild_id, level, offset)
        if result.rows or page <= result.pages:
            return result
        page = result.pages  # past the end (an empty board has one page): the last one
    return result


async def show_board(
    interaction: Interaction,
    board: Board,
    scope: Scope,
    level: int | None,
    page: int = 1,
    *,
    edit: bool = False,
) -> None:
    """Answer with a board page: a new public message, or (``edit``) the clicked one."""
    if not BOARDS[board].has_levels and level is not None:
        await interaction.response.send_message(LEVEL_ONLY_SOLO, ephemeral=True)
        return
    guild_id = interaction.guild_id if scope == "server" else None
    if scope == "server" and guild_id is None:
        await interaction.response.send_message(NO_SERVER, ephemeral=True)
        return
    store = store_of(interaction)
    result = await load_page(store, board, guild_id, level, page)
    names = await store.display_names([row.user_id for row in result.rows])
    embed = board_embed(board, scope, level, result, names)
    view = board_view(board, scope, level, result)
    mentions = discord.AllowedMentions.none()
    if edit:
        await interaction.response.edit_message(embed=embed, view=view)
    else:
        await interaction.response.send_message(embed=embed, view=view, allowed_mentions=mentions)


def leaderboard_command() -> app_commands.Command[Any, ..., None]:
    """``/famiglia leaderboard``, made fresh for each bot (a command has one parent)."""

    @app_commands.command(
        name="leaderboard", description="Ratings, solo high scores or records against the AI"
    )
    @app_commands.describe(
        board="rating: two-player ratings; solo: high scores vs the robot; ai: records vs the"
        " AI; familybusiness: Family Business ratings",
        scope="server: games played in this server; global: everywhere",
        level="Solo board only: one robot level (1 easy – 4 hard); all levels if left out",
    )
    async def leaderboard(
        interaction: Interaction,
        board: Board = "rating",
        scope: Scope | None = None,
        level: app_commands.Range[int, 1, 4] | None = None,
    ) -> None:
        if (
            chosen(BOARDS, board, None) is None
            or scope not in (None, "server", "global")
            or not a_level(level)
        ):
            # A value the choices never offered (a forged client): say what is accepted.
            await interaction.response.send_message(NO_SUCH_BOARD, ephemeral=True)
            return
        where: Scope = scope or ("server" if interaction.guild_id is not None else "global")
        await show_board(interaction, board, where, level)

    return leaderboard


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (BoardPageButton,)
