"""Family Business players for bench/bot.py: four-seat games of two people and two AI
seats, played the way people play them.

The host types ``/familybusiness open`` (four seats) in the game's channel, the other
person clicks **Join**, the host adds two AI players (easy, the lightest the lobby's
select offers) and clicks **Start**. From then on each person looks at the table whenever
they look up from thinking. When it says it is their turn they press **Show my hand** and
make the turn's decisions on the hand's selects, step by step, choosing at random among
the options shown. When it shows a counter window and its announcement mentions them,
they press the announcement's button and answer on the private prompt: a counter they
hold (half the time) or **No counter**. What a person reads off the controls is
tests/fb_play.py's, shared with the end-to-end tests.

A move is a step on the hand or a window's answer; opening the hand or the prompt and
the lobby's clicks are counted as other interactions.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass
from typing import Any

from botload import Players
from fb_play import answer_choice, step_choices, window_button
from interaction_flood import Sent, components, find_button

LOOKS = 5000  # a person looks at the table at most this often in one game
TABLE_WAIT = 30.0  # seconds a started game's table may take to appear after Start
UPDATED = "update"  # SimCord's response kind of an answer that edits the clicked message
#: What the bot answers a click on a window closed at its deadline meanwhile (no answer
#: counts as no counter): no fault of the bot's (bench/bot.py gives a window a day).
CLOSED = ("closed", "earlier moment")


@dataclass
class FbPlayers(Players):
    counter: float = 0.5  # how often a person plays a counter they hold

    async def table_game(self, channel: Any, host: Any, guest: Any, names: tuple[str, str]) -> None:
        """One game from its lobby to its end (or until the players stop)."""
        table = await self.lobby(channel, host, guest)
        if table is None:
            return
        game_id = int(str(find_button(table, "fb:hand:")).rpartition(":")[2])
        people = [
            self.person(who, name, game_id, table.channel_id, table.id)
            for who, name in zip((host, guest), names, strict=True)
        ]
        for outcome in await asyncio.gather(*people, return_exceptions=True):
            if isinstance(outcome, BaseException):
                self.tally.problems.append(f"Family Business game {game_id}: {outcome!r}")
        if find_button(self.drv.message(table.channel_id, table.id), "fb:again:") is not None:
            self.tally.finished += 1

    async def lobby(self, channel: Any, host: Any, guest: Any) -> Any | None:
        """Open, join, add two AI players, start: the table (None: stopped or refused)."""
        opened = await self.send(
            self.drv.slash(host, channel.id, "familybusiness open", seats=4), move=False
        )
        lobby = self.drv.answer_message(opened)
        join = lobby and find_button(lobby, "fb:lobby:join:")
        if join is None:
            self.tally.problems.append(f"no lobby in {channel.id}: {self.text(opened)}")
            return None
        game = join.rpartition(":")[2]
        add_ai = (host, f"fb:addai:{game}", "easy")
        clicks = [(guest, join, None), add_ai, add_ai, (host, f"fb:lobby:start:{game}", None)]
        for who, custom_id, value in clicks:
            await self.pause()
            if self.stopped():
                return None
            lobby = self.drv.message(channel.id, lobby.id)
            await self.send(self.emit(who, lobby, custom_id, value), move=False)
        # the Start click is answered first; the table is drawn into the lobby's message
        # right after, as a person sees it appear
        table = self.drv.message(channel.id, lobby.id)
        waited = 0.0
        while find_button(table, "fb:hand:") is None and waited < TABLE_WAIT:
            await asyncio.sleep(0.05)
            waited += 0.05
            table = self.drv.message(channel.id, lobby.id)
        if find_button(table, "fb:hand:") is None:
            self.tally.problems.append(f"game {game} did not start: {table.embeds}")
            return None
        return table

    async def person(
        self, who: Any, name: str, game_id: int, channel_id: int, table_id: int
    ) -> None:
        """One person's part of the game: look at the table, act when asked, until the end."""
        answered: set[int] = set()  # the turns whose window this person is done with
        mine = f"**{name}'s turn**"
        for _ in range(LOOKS):
            await self.pause()
            if self.stopped():
                return
            table = self.drv.message(channel_id, table_id)
            if find_button(table, "fb:hand:") is None:
                return  # over: the table offers Play again
            embed = table.embeds[0]
            status, turn = embed.get("description", ""), int(embed["title"].rpartition(" ")[2])
            if status.startswith(mine):
                await self.turn(who, table)
            elif (
                status.startswith("**Counter window:**")
                and turn not in answered
                and await self.answer_window(who, game_id, channel_id, turn)
            ):
                answered.add(turn)
        self.tally.problems.append(f"Family Business game {game_id} did not end for {name}")

    async def turn(self, who: Any, table: Any) -> None:
        """Show my hand, then its steps one by one while it offers some (a table not yet
        updated after this person's last step shows a hand without any)."""
        opened = await self.send(self.drv.click(who, table, str(find_button(table, "fb:hand:"))),
                                 move=False)  # fmt: skip
        hand = self.drv.answer_message(opened)
        while hand is not None and (choices := step_choices(components(hand))):
            await self.pause()
            if self.stopped():
                return
            custom_id, value = self.rng.choice(choices)
            step = await self.send(self.drv.select(who, hand, custom_id, [value]), move=True)
            if step.record.response_kind != UPDATED:
                self.tally.problems.append(f"step refused: {self.text(step)}")
                return
            hand = self.drv.answer_message(step)

    async def answer_window(self, who: Any, game_id: int, channel_id: int, turn: int) -> bool:
        """Answer the window of ``turn`` if its announcement asks this person; True when
        the window needs nothing more from them (False: not announced yet)."""
        announcement = self.announcement(channel_id, window_button(game_id, turn))
        if announcement is None:
            return False
        if who.id not in announcement.mention_user_ids:
            return True  # the window's own player, or out of the game
        sent = await self.send(self.drv.click(who, announcement, window_button(game_id, turn)),
                               move=False)  # fmt: skip
        prompt = self.drv.answer_message(sent)
        if prompt is None or not components(prompt):
            if not any(closed in self.text(sent) for closed in CLOSED):
                self.tally.problems.append(f"window prompt refused: {self.text(sent)}")
            self.tally.counts["window closed before the prompt"] += 1
            return True
        await self.pause()
        if self.stopped():
            return True
        choice = answer_choice(components(prompt), self.rng.random() < self.counter)
        if choice is None:
            self.tally.problems.append(f"a window's prompt without answers: {prompt.content}")
            return True
        answer = await self.send(self.drv.click(who, prompt, choice), move=True)
        self.note_answer(answer, choice)
        return True

    def note_answer(self, answer: Sent, choice: str) -> None:
        """An answer applies, or finds the window closed at its deadline meanwhile (its
        button then belongs to an earlier moment); any other refusal is a problem."""
        if answer.record.response_kind == UPDATED:
            self.tally.counts["counters" if not choice.endswith(":none") else "no counters"] += 1
        elif any(closed in self.text(answer) for closed in CLOSED):
            self.tally.counts["window closed before the answer"] += 1
        else:
            self.tally.problems.append(f"window answer refused: {self.text(answer)}")

    def announcement(self, channel_id: int, custom_id: str) -> Any | None:
        """The window's announcement among the channel's latest messages."""
        stored = self.drv.backend.messages.get(channel_id, {})
        for message_id in itertools.islice(reversed(stored), 30):
            message = stored[message_id]
            if find_button(message, custom_id) == custom_id:
                return message
        return None
