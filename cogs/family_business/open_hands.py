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
older version never lands over a newer one. A person who left is shown nothing more
(their hand is the AI's).
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
        self._locks: dict[int, asyncio.Lock] = {}  # game -> its refreshes, one at a time

    def shown(self, game: GameRow, interaction: Interaction, text: str) -> None:
        """``interaction`` was just answered with ``text``, the hand of its user in
        ``game``: that message is the one kept current from now on."""
        if game.is_open:
            hands = self._games.setdefault(game.id, {})
            hands[interaction.user.id] = _Hand(interaction, text, game.version)

    async def refresh(self, game: GameRow, state: Any, *, quiet: bool = False) -> None:
        """Draw every kept hand of ``game`` again at ``state`` (``game`` as written with
        it) and edit those whose text changed; ``quiet`` (a window stays open): nothing.
        Never raises."""
        if quiet or not self._games.get(game.id):
            return
        lock = self._locks.setdefault(game.id, asyncio.Lock())
        async with lock:
            await self._refresh(game, state)
        if not game.is_open:
            self._locks.pop(game.id, None)

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
