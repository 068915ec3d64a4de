"""Simulated players for bench/bot.py: they play whole games the way people do.

A two-player game: the challenger types ``/famiglia start``, the opponent clicks
Accept; then the player to move presses **Show my hand** on the table (or types
``/famiglia hand``) and plays the turn on the hand's selects and buttons, choosing at
random among the legal choices shown; some games play their main moves by slash
commands with autocomplete instead. A solo player types ``/famiglia solo`` in the DM
and clicks on the table there. Between decisions a player thinks for a random time.
Now and then a player double-clicks: both clicks go out at once, and exactly one
may apply.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from interaction_flood import Driver, Sent, components, find_button, move_controls

DEFERRED_UPDATE = "deferred_update"  # SimCord's kind of an answer whose edit follows
PASS_WEIGHT = 0.15  # random play passes a lot; people take cards (longer, real games)


async def until(check: Callable[[], bool], *, seconds: float, pause: float = 0.005) -> bool:
    """Look every ``pause`` until ``check()`` holds (True) or ``seconds`` pass (False)."""
    deadline = time.perf_counter() + seconds
    while not check():
        if time.perf_counter() >= deadline:
            return False
        await asyncio.sleep(pause)
    return True


@dataclass
class Tally:
    moves: list[Sent] = field(default_factory=list)  # interactions that made a move
    others: list[Sent] = field(default_factory=list)  # hand, autocomplete, start, accept
    counts: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    finished: int = 0
    #: ms from a click answered at once (a DM table's) until the table showed the move
    shown: list[float] = field(default_factory=list)


@dataclass
class Players:
    drv: Driver
    rng: random.Random
    think: float  # mean seconds between decisions
    tally: Tally = field(default_factory=Tally)
    double_click: float = 0.03
    stop_at: float | None = None  # perf_counter time after which nobody starts a decision

    def stopped(self) -> bool:
        return self.stop_at is not None and time.perf_counter() >= self.stop_at

    async def pause(self) -> None:
        if self.think > 0:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))
        else:
            await asyncio.sleep(0)

    def pick(self, controls: list[tuple[str, str | None]]) -> tuple[str, str | None]:
        weights = [PASS_WEIGHT if ":10." in cid else 1.0 for cid, _ in controls]
        return self.rng.choices(controls, weights)[0]

    async def send(self, sent: Sent, *, move: bool) -> Sent:
        await self.drv.answer(sent, timeout=120)
        if sent.latency_ms > 3000:  # Discord would have shown "This interaction failed"
            self.tally.counts["answered after 3 s"] += 1
        (self.tally.moves if move else self.tally.others).append(sent)
        self.tally.counts[sent.kind] += 1
        return sent

    async def play_on(self, who: Any, message: Any) -> Any:
        """Make decisions on ``message``'s controls while it offers some; the last
        message (the hand or table, updated in place or sent anew)."""
        while move_controls(message):
            await self.pause()
            if self.stopped():
                return message
            # the controls as the message shows them now: a table may have been edited
            # while the player thought (the robot's turn), and a client clicks what it
            # shows (a control no longer on the message never reaches the bot)
            controls = move_controls(message)
            if not controls:
                break
            custom_id, value = self.pick(controls)
            twice = self.rng.random() < self.double_click
            shown_before = str(message.components)
            first = self.emit(who, message, custom_id, value)
            second = self.emit(who, message, custom_id, value) if twice else None
            await self.send(first, move=True)
            if first.record.response_kind == DEFERRED_UPDATE:  # the table's edit follows
                await self.table_edited(message, shown_before, first)
            if second is not None:
                await self.send(second, move=False)
                self.check_double(first, second)
            shown = self.drv.answer_message(first)
            if shown is None:
                self.tally.problems.append(f"no answer message for {custom_id}")
                return message
            message = shown
        return message

    async def table_edited(self, message: Any, before: str, sent: Sent) -> None:
        """Wait, as the person looking at it does, until the clicked table shows the move
        (a click answered at once, the table edited after); note how long it took."""
        if await until(lambda: str(message.components) != before, seconds=10):
            self.tally.shown.append((time.perf_counter() - sent.started) * 1000)
        else:
            self.tally.problems.append(f"table not updated 10 s after {sent.describe()}")

    def emit(self, who: Any, message: Any, custom_id: str, value: str | None) -> Sent:
        if value is None:
            return self.drv.click(who, message, custom_id)
        return self.drv.select(who, message, custom_id, [value])

    def check_double(self, first: Sent, second: Sent) -> None:
        self.tally.counts["double clicks"] += 1
        texts = [self.text(s) for s in (first, second)]
        # the second of two clicks is refused: the first moved the game on, or ended it
        stale = ("no longer possible", "earlier moment", "That game is over")
        refused = [any(s in t for s in stale) for t in texts]
        applied = [s.record.response_kind is not None and not r for s, r in zip((first, second),
                   refused, strict=True)]  # fmt: skip
        if sum(applied) != 1 or sum(refused) != 1:
            self.tally.problems.append(f"double click: {texts}")

    def text(self, sent: Sent) -> str:
        shown = self.drv.answer_message(sent)
        return "" if shown is None else str(shown.content or "")

    # --------------------------------------------------------------- two players
    async def duel(self, channel: Any, a: Any, b: Any, *, by_slash: bool) -> None:
        start = await self.send(self.drv.slash(a, channel.id, "famiglia start", opponent=b),
                                move=False)  # fmt: skip
        table = self.drv.answer_message(start)
        accept = table and find_button(table, "fam:accept:")
        if accept is None:
            self.tally.problems.append(f"no challenge in {channel.id}: {self.text(start)}")
            return
        await self.pause()
        if self.stopped():
            return
        await self.send(self.drv.click(b, table, accept), move=False)
        players, mover = (a, b), 0
        for _turn in range(400):
            await self.pause()
            if self.stopped():
                return
            who = players[mover]
            table = await self.table_now(table)
            if find_button(table, "fam:rematch:") is not None:
                self.tally.finished += 1
                return
            hand = await self.open_hand(who, channel, table, by_slash)
            if hand is None:
                return
            if not move_controls(hand):
                mover = 1 - mover  # not my turn (or the game just ended): the other one
                if "Game over" in str(hand.embeds):
                    self.tally.finished += 1
                    return
                continue
            if by_slash:
                hand = await self.slash_move(who, channel, hand)
            await self.play_on(who, hand)
            mover = 1 - mover
        self.tally.problems.append(f"game in {channel.id} did not end")

    async def table_now(self, table: Any) -> Any:
        """The table as it is now; right after an answer its edit may still be on the way."""
        where = (table.channel_id, table.id)

        def playable() -> bool:
            nonlocal table
            table = self.drv.message(*where)
            return bool(find_button(table, "fam:hand:") or find_button(table, "fam:rematch:"))

        await until(playable, seconds=5)
        return table

    async def open_hand(self, who: Any, channel: Any, table: Any, by_slash: bool) -> Any:
        if by_slash:
            sent = self.drv.slash(who, channel.id, "famiglia hand")
        else:
            button = find_button(table, "fam:hand:")
            if button is None:
                self.tally.problems.append(f"table without Show my hand: {self.describe(table)}")
                return None
            sent = self.drv.click(who, table, button)
        await self.send(sent, move=False)
        hand = self.drv.answer_message(sent)
        if hand is None:
            self.tally.problems.append(
                f"no hand in {channel.id} ({'/famiglia hand' if by_slash else 'Show my hand'}):"
                f" answered {sent.record.response_kind!r} after {sent.latency_ms:.0f} ms"
            )
        return hand

    def describe(self, table: Any) -> str:
        """What a player found instead of a table to play on: the held message and the
        newest messages of its channel (content and buttons), for the report."""

        def one(message: Any) -> str:
            ids = [p.get("custom_id", "") for p in components(message)]
            return f"#{message.id} {str(message.content or '')[:80]!r} {ids}"

        stored = self.drv.backend.messages.get(table.channel_id, {})
        newest = [one(stored[k]) for k in sorted(stored)[-3:]]
        return f"held {one(table)}; newest in the channel: {newest}"

    async def slash_move(self, who: Any, channel: Any, hand: Any) -> Any:
        """A main move typed as a command: take a card offered by autocomplete, or pass."""
        if not any(cid.split(":")[-1] == "take" or ":8." in cid for cid, _ in move_controls(hand)):
            return hand
        sent = await self.send(
            self.drv.autocomplete(who, channel.id, "famiglia take", "card", ""), move=False
        )
        cards = sent.record.autocomplete_choices or []
        if not cards:
            return hand
        await self.pause()
        card = self.rng.choice(cards)["value"]
        options = {"card": card}
        sent = await self.send(
            self.drv.autocomplete(who, channel.id, "famiglia take", "payment", "", card=card),
            move=False,
        )
        payments = sent.record.autocomplete_choices or []
        if payments:
            options["payment"] = self.rng.choice(payments)["value"]
        move = await self.send(self.drv.slash(who, channel.id, "famiglia take", **options),
                               move=True)  # fmt: skip
        return self.drv.answer_message(move) or hand

    # ---------------------------------------------------------------------- solo
    async def solo(self, user: Any, dm_channel_id: int) -> None:
        level = self.rng.randint(1, 4)
        first = self.rng.choice(["you", "robot"])
        sent = await self.send(
            self.drv.slash(user, dm_channel_id, "famiglia solo", level=level, first=first),
            move=False,
        )
        table = self.drv.answer_message(sent)
        if table is None:
            self.tally.problems.append(f"no solo table: {self.text(sent)}")
            return
        for _table in range(50):
            table = await self.play_on(user, table)
            if self.stopped():
                return
            current = await self.solo_table_now(table)
            if current is None:
                self.tally.problems.append(f"solo table without controls: {self.describe(table)}")
                return
            if find_button(current, "fam:sagain:") is not None:  # the game is over
                self.tally.finished += 1
                return
            table = current
        self.tally.problems.append(f"solo game in {dm_channel_id} did not end")

    async def solo_table_now(self, table: Any) -> Any:
        """The DM's table once it offers a decision or says the game is over: the held
        message, or the newest of the DM when the table was posted anew (None: neither
        within 10 s)."""
        found = None

        def ready() -> bool:
            nonlocal found
            stored = self.drv.backend.messages.get(table.channel_id, {})
            held = stored.get(table.id)
            for message in [held, *(stored[k] for k in sorted(stored, reverse=True)[:20])]:
                if message is None:
                    continue
                if move_controls(message) or find_button(message, "fam:sagain:") is not None:
                    found = message
                    return True
            return False

        await until(ready, seconds=10)
        return found
