"""Keeping a game's table message current, for every game and mode: edited in place, or
posted anew at the bottom of its channel (``/famiglia board``, ``/famiglia resume``, a
deleted table put back), the game then pointing to the new message and the old one
becoming a link to it. An edit or post that fails is handed to the start-up repair
(:mod:`cogs.repair`)."""

from __future__ import annotations

import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Final

import discord

from bot.app import FamigliaBot
from bot.discord_errors import FAILED
from bot.keyed_locks import KeyedLocks
from bot.services.records import Records
from cogs.nonces import nonce
from db.rows import GameRow

log = logging.getLogger(__name__)

#: Per game: held while its table is edited or moved, so an edit that was rendered for
#: the old message never lands after the move.
_lock = KeyedLocks()


#: Per store (a bot), per (game, table message): the game's version the table shows, so
#: that an edit drawn for an older version (a slow task, a delayed request) never lands
#: over a newer one.
_SHOWN: weakref.WeakKeyDictionary[Records, dict[tuple[int, int], int]] = weakref.WeakKeyDictionary()
SHOWN_KEPT = 10_000  # the tables remembered per store (the least recently shown forgotten first)


async def _table_id(store: Records, game: GameRow) -> int | None:
    """The table message of ``game`` as set last (``game`` may be an older read, or newer
    than what this process set: another process posted the table again)."""
    return await store.table_message_id(game)


async def answer_message(
    interaction: discord.Interaction[FamigliaBot],
    sent: discord.InteractionCallbackResponse[Any],
    what: str,
) -> discord.InteractionMessage | None:
    """The message an interaction was just answered with (``sent``: what
    ``send_message`` returned). Discord's callback response carries it; only when it
    does not is it read back, and a failed read is logged, never raised: the answer was
    shown and what it reports is saved. None then (``what`` names it in the log)."""
    message = sent.resource
    if isinstance(message, discord.InteractionMessage):
        return message
    try:
        return await interaction.original_response()
    except Exception as error:  # an HTTP error or a timeout: what was shown stands
        log.warning("%s shown, its message not read: %r", what, error)
        return None


async def answered_ok(game: GameRow, answer: Awaitable[Any]) -> bool:
    """Answer the user about a committed change of ``game``. The change is saved
    whatever Discord does with the answer (e.g. an interaction that expired while
    waiting): False, logged, when it refused it; the caller then shows the change
    another way and goes on (raised, the command's error handler would tell the user
    that nothing was changed)."""
    try:
        await answer
    except Exception as error:  # an HTTP error, a timeout: the change stands
        log.warning("game %s changed, but the answer failed: %r", game.id, error)
        return False
    return True


def end_nonce(game_id: int) -> str:
    """The nonce of the message saying that ``game_id`` is over (cogs.nonces): the
    repair's retry after a store failure that came just after Discord had taken the
    message does not say the end twice."""
    return nonce("end", game_id)


def moved_text(title: str, url: str) -> str:
    """What an old copy of a table says once the table is elsewhere (``url``)."""
    return f"The table of {title} moved here: {url}"


async def moved_to(
    bot: discord.Client, store: Records, game: GameRow, message: discord.Message, title: str
) -> None:
    """Record ``message`` as the table of ``game`` and retire the old table; ``title``
    names the game in the link, e.g. ``Famiglia #12``."""
    async with _lock(game.id):
        await _record(bot, store, game, message, title)


async def _record(
    bot: discord.Client, store: Records, game: GameRow, message: discord.Message, title: str
) -> None:
    """:func:`moved_to`, the game's table lock held."""
    old = await _table_id(store, game)
    await store.set_table_message(game.id, message.channel.id, message.id)
    if old is None or old == message.id:
        return
    channel = bot.get_partial_messageable(game.table_channel_id or game.channel_id)
    try:
        await channel.get_partial_message(old).edit(
            content=moved_text(title, message.jump_url),
            embeds=[],
            attachments=[],
            view=None,
        )
    except FAILED as error:
        log.info("old table of game %s not updated: %s", game.id, error)


async def post_anew(
    bot: discord.Client,
    store: Records,
    game: GameRow,
    payload: dict[str, Any],
    title: str,
    fits: Callable[[int], Awaitable[bool]],
) -> None:
    """Post ``payload`` in the channel of ``game`` as its table, which was never posted
    (Discord refused it, the process stopped after the commit) or was deleted, and
    record it (:func:`moved_to`). ``fits`` reads the game again once the message is
    posted: False (e.g. a lobby dealt meanwhile, whose table the start draws) deletes
    the message and records nothing. The game's table lock is held throughout, so an
    edit drawn meanwhile waits and lands on the new message, and a second redraw that
    found the same message missing posts nothing once the first has recorded its post.
    Raises what Discord or the store raised (nothing recorded): the caller hands the
    game to the repair."""
    channel = bot.get_partial_messageable(game.channel_id)
    async with _lock(game.id):
        current = await _table_id(store, game)
        if current is not None and current != game.table_message_id:
            return  # another redraw posted and recorded one meanwhile
        message = await channel.send(allowed_mentions=discord.AllowedMentions.none(), **payload)
        if not await fits(game.id):
            try:
                await message.delete()
            except FAILED as error:
                log.info("a post no longer fitting game %s stays: %s", game.id, error)
            return
        await _record(bot, store, game, message, title)
        _note_shown(_SHOWN.setdefault(store, {}), (game.id, message.id), game.version)


async def adopt(store: Records, game: GameRow, message: discord.Message) -> None:
    """Record ``message`` as the table of ``game`` unless one is recorded already (a
    table recorded since stays the table)."""
    async with _lock(game.id):
        if await _table_id(store, game) is None:
            await store.set_table_message(game.id, message.channel.id, message.id)


async def edit_in_place(
    channel: discord.PartialMessageable,
    game: GameRow,
    payload: dict[str, Any],
    what: str,
    store: Records,
    failed: Callable[[int], None] | None = None,
) -> bool:
    """Edit the table message of ``game`` (the one stored now: it may have moved since
    ``game`` was read). False when there is none or it was deleted (the caller posts a
    new one); True otherwise, an edit that failed for another reason (an HTTP error, a
    timeout) being logged and handed to ``failed`` with the game's id (the repair)."""
    async with _lock(game.id):
        return await _edit(channel, game, payload, what, store, failed) is not _MISSING


#: what :func:`_edit` found: no table, or a deleted one (as opposed to a message id)
_MISSING: Final = object()


async def _edit(
    channel: discord.PartialMessageable,
    game: GameRow,
    payload: dict[str, Any],
    what: str,
    store: Records,
    failed: Callable[[int], None] | None,
) -> object:
    """:func:`edit_in_place`, the game's table lock held: the table's message id, or
    :data:`_MISSING`."""
    table_id = await _table_id(store, game)
    if table_id is None:
        return _MISSING
    shown = _SHOWN.setdefault(store, {})
    if game.version < shown.get((game.id, table_id), -1):
        return table_id  # a newer position is shown already: an older one never replaces it
    try:
        await channel.get_partial_message(table_id).edit(**payload)
    except (discord.NotFound, discord.Forbidden):
        return _MISSING  # deleted, or no longer ours to edit: post it anew
    except Exception as error:
        log.warning("could not edit the %s of game %s: %r", what, game.id, error)
        if failed is not None:
            failed(game.id)
        return table_id
    _note_shown(shown, (game.id, table_id), game.version)
    return table_id


def _note_shown(shown: dict[tuple[int, int], int], table: tuple[int, int], version: int) -> None:
    """Note the version of the game its table shows now (``table``: game, message)."""
    shown.pop(table, None)
    shown[table] = version
    while len(shown) > SHOWN_KEPT:
        del shown[next(iter(shown))]  # the one shown longest ago


async def show_table(
    bot: discord.Client,
    game: GameRow,
    payload: dict[str, Any],
    store: Records,
    failed: Callable[[int], None],
) -> None:
    """The one table update: edit the table of ``game`` in place with ``payload``, or
    post a new one if there is none yet or someone deleted it; a failure is logged and
    handed to ``failed`` with the game's id (the repair). The game's table lock is held
    throughout, so two showings that both find the table deleted post one table: the
    second edits the one the first posted."""
    channel = bot.get_partial_messageable(game.table_channel_id or game.channel_id)
    async with _lock(game.id):
        if await _edit(channel, game, payload, "table", store, failed) is _MISSING:
            await _post_table(bot, game, payload, store, failed)


async def _post_table(
    bot: discord.Client,
    game: GameRow,
    payload: dict[str, Any],
    store: Records,
    failed: Callable[[int], None],
) -> None:
    """Post ``payload`` (its ``attachments`` sent as files) as the new table of ``game``
    in its channel and record it, the game's table lock held; Discord refusing it is
    logged and handed to ``failed``."""
    channel = bot.get_partial_messageable(game.channel_id)
    files: list[discord.File] = payload.get("attachments", [])
    for file in files:  # an edit that failed before this post read them to their end
        file.reset()
    payload = {k: v for k, v in payload.items() if k != "attachments"} | {"files": files}
    try:
        message = await channel.send(allowed_mentions=discord.AllowedMentions.none(), **payload)
    except FAILED as error:
        log.warning("could not post the table of game %s: %s", game.id, error)
        failed(game.id)
        return
    await store.set_table_message(game.id, channel.id, message.id)
    _note_shown(_SHOWN.setdefault(store, {}), (game.id, message.id), game.version)
