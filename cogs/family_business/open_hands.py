"""The private hands of a Family Business game's people, kept current.

Each person's latest hand message (the answer to **Show my hand**, to a step on its
selects or to ``/familybusiness play``) is drawn again whenever a change of the game is
shown (an AI seat moved, another person played, a window closed), for as long as
Discord lets the bot edit an interaction's answer. So a hand never says "It is Vito's
turn" once Vito has played, and shows its moves when its person's turn comes.

Only a text that changed is edited, and nothing at all while a counter window stays
open (``quiet``): an edit then, even of a hand drawn before the window opened, would tell
a responder that someone answered, and when (RULING R31); the hands are drawn again when
the window closes. The refreshes of one game take turns (a lock), so a drawing for an
older version never lands over a newer one. A hand whose answer reached Discord after
a newer change was shown (read, then an AI seat moved while the answer was on its way)
is drawn again at once, not left showing the move before. A person who left is shown
nothing more (their hand is the AI's).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Final

import discord

from bot.app import FamigliaBot
from bot.discord_errors import FAILED
from bot.keyed_locks import KeyedLocks
from db.rows import GameRow

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
#: an interaction's answer stays editable for 15 minutes; a minute is left for the way
EDITABLE: Final = timedelta(minutes=14)

Render = Callable[[GameRow, Any, int], tuple[str, discord.ui.View]]


@dataclass
class _Hand:
    interaction: Interaction  # its answer is the hand message
    text: str  # as last shown
    version: int  # of the game it was drawn for


class OpenHands:
    def __init__(self, render: Render) -> None:
        self.render = render  # a seat's hand message for the game at a state
        self._games: dict[int, dict[int, _Hand]] = {}  # game -> user -> latest hand
        self._locks = KeyedLocks()  # game -> its refreshes, one at a time
        #: game -> the newest change shown: the game as written, its state, and whether
        #: it was quiet (a window stays open)
        self._latest: dict[int, tuple[GameRow, Any, bool]] = {}
        self._catching_up: set[asyncio.Task[None]] = set()

    def shown(self, game: GameRow, interaction: Interaction, text: str) -> None:
        """``interaction`` was just answered with ``text``, the hand of its user in
        ``game``: that message is the one kept current from now on (drawn again at once
        when a newer change was shown while it was on its way)."""
        if not game.is_open:
            return
        hands = self._games.setdefault(game.id, {})
        hands[interaction.user.id] = _Hand(interaction, text, game.version)
        latest = self._latest.get(game.id)
        if latest is not None and latest[0].version > game.version and not latest[2]:
            task = asyncio.get_running_loop().create_task(self._catch_up(game.id))
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)

    async def refresh(self, game: GameRow, state: Any, *, quiet: bool = False) -> None:
        """Draw every kept hand of ``game`` again at ``state`` (``game`` as written with
        it) and edit those whose text changed; ``quiet`` (a window stays open): nothing.
        Never raises."""
        latest = self._latest.get(game.id)
        if not game.is_open:
            self._latest.pop(game.id, None)
        elif latest is None or latest[0].version <= game.version:
            self._latest[game.id] = (game, state, quiet)
        if quiet or not self._games.get(game.id):
            return
        async with self._locks(game.id):
            await self._refresh(game, state)

    async def _catch_up(self, game_id: int) -> None:
        """A hand kept after a newer change was shown, drawn at that change (unless a
        window has opened since: it is drawn when the window closes)."""
        try:
            async with self._locks(game_id):
                latest = self._latest.get(game_id)
                if latest is not None and not latest[2]:
                    await self._refresh(latest[0], latest[1])
        except Exception:  # a background task: its failure is logged, never raised
            log.exception("hands of game %s not caught up", game_id)

    async def _refresh(self, game: GameRow, state: Any) -> None:
        hands = self._games.get(game.id)
        if not hands:
            return
        edits = []
        now = discord.utils.utcnow()
        for user, hand in list(hands.items()):
            seat = game.seat_of(user)
            if seat is None or game.seats[seat].left_place is not None:
                del hands[user]  # left: the hand is the AI's now
                continue
            if now - hand.interaction.created_at > EDITABLE:
                del hands[user]  # Discord no longer takes the edit
                continue
            if game.version <= hand.version:
                continue  # drawn for this version or a newer one already
            text, view = self.render(game, state, seat)
            hand.version = game.version
            if text != hand.text:
                hand.text = text
                edits.append(self._edit(game, user, hand, view))
        if not game.is_open:
            self._games.pop(game.id, None)  # the last edits show the end
        await asyncio.gather(*edits)

    async def _edit(self, game: GameRow, user: int, hand: _Hand, view: discord.ui.View) -> None:
        text = hand.text
        try:
            await hand.interaction.edit_original_response(content=text, view=view)
        except FAILED as error:  # gone, expired or slow: the next Show my hand draws it
            log.info("hand of %s in game %s not redrawn: %r", user, game.id, error)
            hands = self._games.get(game.id, {})
            if hands.get(user) is hand and hand.text == text:  # not drawn anew since
                del hands[user]
