"""Messages in a Family Business channel besides the table: a window announced to its
responders (each mentioned once, nobody else), the person to move told once, reminders,
leavers, and the end with its places."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.discord_errors import FAILED
from bot.services.multi_games import MultiService
from bot.services.multi_rules import rules_of
from cogs.family_business import views
from cogs.family_business.controls import WindowButton
from cogs.nonces import nonce
from cogs.render.family_business.words import ABANDONED, card_name, when
from cogs.safe_text import shown
from cogs.table_message import end_nonce
from cogs.turn_pings import TurnPings
from db.rows import GameRow

log = logging.getLogger(__name__)


def users(*ids: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        users=[discord.Object(i) for i in ids], everyone=False, roles=False
    )


class WindowPosts:
    """Each game's window announcement while its window is open; once it has closed
    the announcement says so and its button goes (clicked, it only said "closed").
    Kept in memory: an announcement from before a restart keeps its button."""

    def __init__(self) -> None:
        #: game -> (the window's moment, the game's version announced, the message, its
        #: text once closed)
        self._open: dict[int, tuple[int, int, discord.Message, str]] = {}

    def posted(self, game: GameRow, moment: int, message: discord.Message, closed: str) -> None:
        self._open[game.id] = (moment, game.version, message, closed)

    async def close(self, game: GameRow, still_open: int | None) -> None:
        """The game's window announcement closed, ``game`` (as written) being shown with
        no window open or another one (``still_open``: the moment of the one open, None:
        none); a showing of a version older than the announcement's changes nothing (a
        late one would close a window still open). Never raises."""
        kept = self._open.get(game.id)
        if kept is None or kept[0] == still_open or game.version <= kept[1]:
            return
        del self._open[game.id]
        with contextlib.suppress(*FAILED):
            await kept[2].edit(content=kept[3], view=None)


async def announce_window(
    bot: discord.Client,
    game: GameRow,
    state: Any,
    posts: WindowPosts,
    *,
    resumed: bool = False,
) -> bool:
    """Mention the window's responders with its button; when only AI seats are asked,
    say so, with no button nobody may use (``resumed``: the bot restarted while it was
    open, and it is open again until its new deadline). False when Discord refused.
    Sent with a nonce of the window and its deadline, so a retry after a lost answer
    posts nothing twice."""
    rules = rules_of(game.game)
    window = rules.game.view(state, None).window
    people = [game.players[s] for s in window.responders if not game.seats[s].played_by_ai]
    again = "The bot restarted, so this window is open again. " if resumed else ""
    what = f"{shown(game.seats[window.player].name)} played {card_name(window.card)}."
    played = f"🔵 Counter window: {again}{what}"
    view = discord.ui.View(timeout=None)
    if people:
        mentions = " ".join(f"<@{u}>" for u in people)
        by = f", by {when(game.deadline)}" if game.deadline else ""
        text = (
            f"{played} {mentions} — answer privately with the button{by}."
            " Answers are secret; no answer counts as no counter."
        )
        view.add_item(WindowButton(game.id, rules.moment(state)))
    else:
        text = f"{played} Only AI seats are asked: they answer it, in secret."
    channel = bot.get_partial_messageable(game.channel_id)
    deadline = int(game.deadline.timestamp()) if game.deadline else 0
    once = nonce("window", game.id, rules.moment(state), deadline)
    try:
        sent = await channel.send(text, view=view, allowed_mentions=users(*people), nonce=once)
    except FAILED as error:
        log.warning("window of game %s not announced: %s", game.id, error)
        return False
    if people:  # its button goes once the window closes
        posts.posted(game, rules.moment(state), sent, f"🔵 Counter window, closed: {what}")
    return True


async def tell_turn(
    bot: discord.Client,
    game: GameRow,
    state: Any,
    told: dict[int, tuple[int, int]],
    pings: TurnPings,
) -> bool:
    """Mention the one person the game waits for, once per moment (``told``: each game's
    last (moment, seat) told, kept by the caller), the game's previous turn ping deleted
    (``pings``: one stays per game, across restarts too). Never in a window: its
    announcement mentioned every responder, and a mention of the last one left would
    tell the table that the others have answered (RULING R31; the window's opening deleted
    the ping of the turn before, and nothing is deleted while it is open: a delete would
    tell an answer too); an AI seat to move deletes the ping of the turn before (its
    reminder too: that turn is over).
    False when Discord refused the mention (it is not noted as told: the caller has it
    made again)."""
    rules = rules_of(game.game)
    channel = bot.get_partial_messageable(game.channel_id)
    if rules.window_open(state):  # its opening deleted the ping; nothing changes now
        return True
    awaited = rules.game.awaiting(state)
    if len(awaited) != 1 or game.seats[awaited[0]].played_by_ai:
        await pings.drop(channel, game.id, game.version)  # the turn pinged is over
        return True
    seat = awaited[0]
    moment = (rules.moment(state), seat)
    if told.get(game.id) == moment:
        return True
    told[game.id] = moment  # before the send: a second update in the meantime says nothing
    until = f" Your time runs out {when(game.deadline)}." if game.deadline else ""
    sent = False
    try:
        text = (
            f"<@{game.players[seat]}>, your turn in Family Business. Press **Show my hand**"
            f" on the table to play.{until}"
        )
        await pings.ping(channel, game.id, game.version, text, game.players[seat])
        sent = True
    except FAILED as error:
        log.warning("turn of game %s not told: %r", game.id, error)
    finally:  # not sent (refused, or anything raised): not told
        if not sent and told.get(game.id) == moment:
            del told[game.id]
    return sent


async def announce_end(bot: discord.Client, multi: MultiService, game: GameRow, state: Any) -> bool:
    """Say in the channel how the game ended (``state``: as it ended), and note that it
    was said; False when
    Discord refused or the store failed to note it (the end is then still to be said,
    and saying it again shows no second message: :func:`cogs.table_message.end_nonce`)."""
    result = await multi.base.records.result(game.id)
    if result is None:
        return True  # not over: nothing to say
    names = views.seating(game)
    order = sorted(range(len(result.places)), key=lambda s: (result.places[s], s))
    lines = [f"{result.places[s]}. {names.label(s)}" for s in order]
    if views.abandoned(game, state):
        lines.insert(0, ABANDONED)
    channel = bot.get_partial_messageable(game.channel_id)
    try:
        await channel.send(
            "🏁 Family Business is over:\n" + "\n".join(lines), nonce=end_nonce(game.id)
        )
        await multi.base.records.end_announced(game.id)
    except FAILED as error:
        log.warning("the end of game %s not announced: %s", game.id, error)
        return False
    except Exception:  # said, but the store could not note it
        log.exception("the end of game %s is still listed as not said", game.id)
        return False
    return True


async def remind(bot: discord.Client, game: GameRow, state: Any, pings: TurnPings) -> None:
    """Half of a person's turn is gone: they are mentioned once more, with the time (the
    reminder takes the place of the turn's ping, and goes with the turn)."""
    rules = rules_of(game.game)
    awaited = rules.game.awaiting(state)
    if len(awaited) != 1 or game.deadline is None:
        return
    user = game.players[awaited[0]]
    channel = bot.get_partial_messageable(game.channel_id)
    text = (
        f"⏰ <@{user}>, it is still your turn in Family Business. If you do not move,"
        f" the AI takes over your gang {when(game.deadline)}."
    )
    with contextlib.suppress(*FAILED):
        await pings.ping(channel, game.id, game.version, text, user, again=True)


async def announce_left(bot: discord.Client, game: GameRow, seat: int, *, timed_out: bool) -> None:
    """Everyone at the table reads why a gang is the AI's now (nobody is mentioned), or,
    when that was the last person playing, that the game ends."""
    name = shown(game.seats[seat].name)
    why = f"⌛ {name}'s time ran out" if timed_out else f"🚪 {name} left the game"
    then = (
        "no person is still playing, so the game ends here (its result follows)."
        if game.status == "finished"
        else "the AI plays their gang from now on, and they are placed as if their gang"
        " was eliminated now."
    )
    channel = bot.get_partial_messageable(game.channel_id)
    with contextlib.suppress(*FAILED):
        await channel.send(f"{why}: {then}", allowed_mentions=discord.AllowedMentions.none())
