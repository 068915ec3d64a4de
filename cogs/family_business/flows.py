"""Family Business on Discord: each click or command handed to the service, then what it
changed shown — the table edited in place, a window announced to its responders (each
mentioned once), the turn's player told, the AI seats played, the end with its places.

Refusals are answered privately and change nothing. The table's last events are the
service's one cache of each game's last moves (replayed from the log after a restart);
it is edited in place, or posted again when someone deleted it, by the one table update
of every game (:func:`cogs.table_message.show_table`), and a table that could not be
shown is drawn again from the store by the repair (:mod:`cogs.repair`): what the
service committed stands.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import discord

from bot.app import FamigliaBot
from bot.services.commits import Moved
from bot.services.games import STALE, SomeDueFailed
from bot.services.multi_games import MultiService
from bot.services.multi_lobby import MultiMoved
from bot.services.multi_rules import RULES, rules_of
from bot.services.reads import Refusal
from bot.services.recent import KEEP
from cogs.family_business import views
from cogs.family_business.ai_seats import AiSeats
from cogs.family_business.announce import (
    WindowPosts,
    announce_end,
    announce_left,
    announce_window,
    remind,
    tell_turn,
)
from cogs.family_business.lobby_flows import LEFT, LobbyFlows
from cogs.family_business.open_hands import OpenHands
from cogs.family_business.replies import from_private, in_private, refuse
from cogs.family_business.typed import read_typed, typed_value
from cogs.repair import TableRepair
from cogs.table_message import answered_ok, show_table
from cogs.turn_pings import TurnPings
from db.rows import GameRow
from engine.family_business.text import describe_event, label

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
EVENTS_SHOWN = 6  # the last sentences of the table's "Last events"


class FamilyBusinessFlows(LobbyFlows):
    def __init__(self, bot: discord.Client, multi: MultiService) -> None:
        self.bot = bot
        self.multi = multi
        self._told: dict[int, tuple[int, int]] = {}  # game -> (turn, seat) last told
        self.pings = TurnPings(multi.base.records)  # the latest turn ping of each game
        self._windows_told: dict[int, int] = {}  # game -> the moment of its window announced
        self.window_posts = WindowPosts()
        #: game -> (version, moment) of the open window its table shows (drawn when it
        #: opened; a running game's only)
        self._window_drawn: dict[int, tuple[int, int]] = {}
        self.ai_seats = AiSeats(multi, self.after_ai)
        #: each person's latest hand message, drawn again as the game changes
        self.open_hands = OpenHands(self.hand)
        #: Tables that could not be shown, drawn again from the store.
        self.repair = TableRepair(multi.base, self.show_stored)
        multi.base.unsure.append(self._unsure)

    def _unsure(self, game: GameRow) -> None:
        """A write over ``game`` may have landed though its answer was lost: the game is
        shown from the store in a while (its table, its window, whose turn, its end)."""
        if game.game in RULES:
            self.repair.failed(game.id)

    # ------------------------------------------------------------------ the table
    async def table_payload(self, game: GameRow, state: Any) -> dict[str, Any]:
        """The table of started ``game``: its last events as the service replays them
        from the log, a finished game's places as stored."""
        names = views.names_for_events(game)
        events = await self.multi.recent_events(game, KEEP)
        result = (
            await self.multi.base.records.result(game.id) if game.status == "finished" else None
        )
        places = None if result is None else result.places
        if places is not None:  # the end as stored (a leaver's gang the AI won with is
            # placed where they left), also for a game the rules had not ended
            events = [e for e in events if e.get("kind") != "over"] + [views.end_event(places)]
        recent = [t for e in events if (t := describe_event(e, names))][-EVENTS_SHOWN:]
        embed, picture = await asyncio.to_thread(views.table_message, game, state, recent, places)
        # the buttons are made on the event loop (a discord.py view needs it)
        return {
            "embed": embed,
            "view": views.table_view(game),
            "content": None,
            "attachments": [picture],
        }

    async def update_table(self, game: GameRow, state: Any) -> None:
        """The table edited in place, or posted again (every game's one table update);
        which window it was drawn for is noted (:meth:`show_stored`)."""
        payload = await self.table_payload(game, state)
        failed: list[int] = []

        def fail(game_id: int) -> None:
            failed.append(game_id)
            self.repair.failed(game_id)

        await show_table(self.bot, game, payload, self.multi.base.records, fail)
        noted = self._window_drawn.get(game.id)
        if noted is not None and game.version < noted[0]:
            return  # an older showing, come late (its edit was skipped): the note stands
        rules = rules_of(game.game)
        if rules.window_open(state) and game.status == "active" and not failed:
            self._window_drawn[game.id] = (game.version, rules.moment(state))
        else:
            self._window_drawn.pop(game.id, None)

    async def show_stored(self, moved: Moved) -> None:
        """The repair's redraw of a game as stored: its table (or lobby), the player to
        move told once, the AI seats playing on."""
        game, state = moved.game, moved.state
        if state is None:
            return await self._redraw_lobby(game)
        rules = rules_of(game.game)
        quiet = rules.window_open(state) and game.status == "active"  # R31: see open_hands
        noted = self._window_drawn.get(game.id)
        drawn = noted is not None and noted[1] == rules.moment(state)
        if not (quiet and drawn):  # an edit of a table showing the window tells an answer
            await self.update_table(game, state)
        await self.open_hands.refresh(game, state, quiet=quiet)
        await self._close_window_post(game, state)
        if game.status == "active":
            told = self._windows_told.get(game.id) == rules.moment(state)
            if rules.window_open(state) and not told:  # its announcement failed
                window = await self.multi.resumed_window(game.id)  # at most its whole time
                if window is not None:  # (a start-up's grace may have moved its deadline)
                    game = window.game
                await self._announce_window(game, state)
            await self._tell_turn(game, state)  # in a window it mentions nobody
        elif moved.ended:
            await self._announce_end(game, state)
        self.kick(game.id)

    async def _close_window_post(self, game: GameRow, state: Any) -> None:
        """The window's announcement says it closed once a showing finds it closed."""
        rules = rules_of(game.game)
        still = rules.window_open(state) and game.status == "active"
        await self.window_posts.close(game, rules.moment(state) if still else None)

    async def _announce_end(self, game: GameRow, state: Any) -> None:
        channel = self.bot.get_partial_messageable(game.channel_id)
        await self.pings.drop(channel, game.id, game.version)
        if not await announce_end(self.bot, self.multi, game, state):
            self.repair.failed(game.id)  # the store lists the end until it is said

    # ------------------------------------------------------------------ hands and moves
    def hand(self, game: GameRow, state: Any, seat: int) -> tuple[str, discord.ui.View]:
        rules = rules_of(game.game)
        running = game.status == "active"  # a game that ended mid-window offers nothing
        actions = list(rules.game.legal_actions(state, seat)) if running else []
        values = [rules.game.dump_action(a) for a in actions]
        seen = views.as_shown(game, rules.game.view(state, seat))  # an abandoned game is over
        return views.hand_message(game, seen, actions, values)

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        try:
            game, state = await self.multi.load(game_id, stored=True)
            seat = game.seat_of(interaction.user.id)
            if seat is None or state is None:
                raise Refusal("You are not playing in this game, or it has not started.")
            if game.seats[seat].left_place is not None:
                raise Refusal(LEFT)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        text, controls = self.hand(game, state, seat)
        await interaction.response.send_message(text, view=controls, ephemeral=True)
        self.open_hands.shown(game, interaction, text)

    async def play(
        self, interaction: Interaction, game_id: int, seq: int, values: list[str]
    ) -> None:
        if len(values) != 1:
            return await refuse(interaction, Refusal("Choose exactly one option."))
        try:
            moved = await self.multi.play(game_id, interaction.user.id, values[0], seq=seq)
        except Refusal as refusal:
            if str(refusal) == STALE and from_private(interaction):
                return await self._hand_now(interaction, game_id, refusal)
            return await refuse(interaction, refusal)
        await self._answered_with_hand(interaction, moved)

    async def _hand_now(self, interaction: Interaction, game_id: int, stale: Refusal) -> None:
        """A step on a hand drawn before the game moved on (one shown before a restart,
        or edited no more): refused, and that hand drawn as it is now in its place."""
        try:
            game, state = await self.multi.load(game_id, stored=True)
        except Exception:  # a refusal, or the store away: the refusal alone stands
            return await refuse(interaction, stale)
        seat = game.seat_of(interaction.user.id)
        if seat is None or state is None or game.seats[seat].left_place is not None:
            return await refuse(interaction, Refusal(LEFT) if seat is not None else stale)
        text, controls = self.hand(game, state, seat)
        answer = interaction.response.edit_message(content=f"{stale}\n\n{text}", view=controls)
        if await answered_ok(game, answer):
            self.open_hands.shown(game, interaction, text)

    async def decisions(self, game_id: int, user_id: int) -> list[tuple[str, str]]:
        """The user's legal decisions now, as (label, value): a turn's next step or a
        window's answers (what ``/familybusiness play`` offers); the value is the action's
        JSON marked with the moment it was offered for (:func:`typed_value`)."""
        game, state = await self.multi.load(game_id, stored=True)
        seat = game.seat_of(user_id)
        if state is None or seat is None or game.status != "active":
            return []
        if game.seats[seat].played_by_ai:  # left: the AI decides for the gang
            return []
        rules = rules_of(game.game)
        view = rules.game.view(state, seat)
        card = view.choosing[0] if view.choosing else view.window.card if view.window else -1
        window = rules.moment(state) if rules.window_open(state) else None
        return [
            (label(a, card, view.hit_list), typed_value(game, window, rules.game.dump_action(a)))
            for a in rules.game.legal_actions(state, seat)
        ]

    async def play_typed(self, interaction: Interaction, game_id: int, decision: str) -> None:
        """``/familybusiness play``: the decision as the list offered it, at the moment
        it was offered for (a window's turn, else the game's action count)."""
        try:
            window, seq, action_json = read_typed(decision, game_id)
            moved = await self.multi.play(
                game_id, interaction.user.id, action_json, seq=seq, turn=window
            )
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        await self._answered_with_hand(interaction, moved)

    async def _answered_with_hand(self, interaction: Interaction, moved: MultiMoved) -> None:
        """A committed move answered with the mover's hand (the private message its step
        came from, edited; else a new one), kept current from then on; then what the move
        did is shown."""
        seat = moved.game.seat_of(interaction.user.id)
        assert seat is not None
        text, controls = self.hand(moved.game, moved.state, seat)
        if await answered_ok(moved.game, in_private(interaction, text, controls)):
            self.open_hands.shown(moved.game, interaction, text)
        await self.after(moved)

    async def show_window(self, interaction: Interaction, game_id: int, turn: int) -> None:
        try:
            game, state = await self.multi.load(game_id, stored=True)
            rules = rules_of(game.game)
            seat = game.seat_of(interaction.user.id)
            live = game.status == "active" and state is not None  # a game may end mid-window
            if not live or not rules.window_open(state) or rules.moment(state) != turn:
                raise Refusal("That counter window is closed.")
            if seat is not None and game.seats[seat].played_by_ai:  # its counters are the AI's
                raise Refusal(LEFT)
            if seat is None or seat not in rules.game.awaiting(state):
                raise Refusal("You are not asked in this window, or you have answered it.")
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        view = rules.game.view(state, seat)
        actions = rules.game.legal_actions(state, seat)
        text, controls = views.window_prompt(game, view, actions, turn)
        await interaction.response.send_message(text, view=controls, ephemeral=True)

    async def answer(self, interaction: Interaction, game_id: int, turn: int, card: str) -> None:
        action = {"kind": "no_counter"} if card == "none" else {"kind": "counter", "card": card}
        text = json.dumps(action, separators=(",", ":"))  # as the game writes an action
        try:
            moved = await self.multi.play(game_id, interaction.user.id, text, turn=turn)
        except Refusal as refusal:
            return await refuse(interaction, refusal)
        said = "No counter" if card == "none" else "your counter"
        told = f"Answered: {said}. Nobody learns it unless it is the counter that counts."
        await answered_ok(moved.game, in_private(interaction, told, None))
        await self.after(moved)

    # ------------------------------------------------------------------ after a change
    async def after(self, moved: MultiMoved) -> None:
        """Show what a committed change did, then let the AI seats play (never raises, as
        :meth:`after_ai`)."""
        if moved.state is None:
            return await self._show_lobby(moved.game)
        await self.after_ai(moved)
        self.kick(moved.game.id)

    async def _announce_window(self, game: GameRow, state: Any, *, resumed: bool = False) -> None:
        """Announce the open window once (the ping of the turn that played its card is
        deleted: that turn is over); if Discord refused, the repair announces it."""
        channel = self.bot.get_partial_messageable(game.channel_id)
        await self.pings.drop(channel, game.id, game.version)
        if await announce_window(self.bot, game, state, self.window_posts, resumed=resumed):
            self._windows_told[game.id] = rules_of(game.game).moment(state)
        else:
            self.repair.failed(game.id)

    async def _tell_turn(self, game: GameRow, state: Any) -> None:
        """Tell the person to move; if Discord refused, the repair tells them."""
        if not await tell_turn(self.bot, game, state, self._told, self.pings):
            self.repair.failed(game.id)

    # ------------------------------------------------------------------ the AI seats
    def kick(self, game_id: int) -> None:
        self.ai_seats.kick(game_id)

    async def after_ai(self, moved: MultiMoved) -> None:
        """Show what a committed change of a dealt game did (an AI seat's too); never
        raises: what could not be shown (anything failing, a timeout too) is handed to
        the repair, which draws the game again from the store, and whoever called goes on
        (the AI seats play on)."""
        try:
            await self._show(moved)
        except Exception:
            log.exception("game %s changed, but showing it failed", moved.game.id)
            self.repair.failed(moved.game.id)

    async def _show(self, moved: MultiMoved) -> None:
        """:meth:`after_ai`'s showing. An answer that leaves its window open changes
        nothing the table shows, and the table is left alone: an edit would tell the table
        when someone answered (RULING R31)."""
        rules = rules_of(moved.game.game)
        answered = rules.window_open(moved.state) and not moved.window_opened
        if not answered or moved.left is not None or moved.game.status != "active":
            await self.update_table(moved.game, moved.state)
        await self._close_window_post(moved.game, moved.state)
        if moved.window_opened:
            await self._announce_window(moved.game, moved.state)
        elif moved.game.status == "active":
            await self._tell_turn(moved.game, moved.state)
        if moved.ended:
            await self._announce_end(moved.game, moved.state)
        quiet = answered and moved.game.status == "active"  # R31: see open_hands
        await self.open_hands.refresh(moved.game, moved.state, quiet=quiet)

    async def stop(self) -> None:
        await self.ai_seats.stop()
        await self.repair.stop()

    # ------------------------------------------------------------------ timer, start-up
    async def _resume(self, game: GameRow) -> None:
        """One open game brought back at start-up (see :meth:`at_startup`)."""
        _, state = await self.multi.load(game.id)
        if state is None:
            return await self._redraw_lobby(game)
        window = await self.multi.resumed_window(game.id)
        if window is not None:
            game = window.game
        await self.update_table(game, state)
        if window is not None:
            await self._announce_window(game, state, resumed=True)
        elif game.status == "active":
            await self._tell_turn(game, state)

    async def tick(self) -> int:
        """What the turn timer found due in Family Business, shown."""
        done = await self.multi.due()
        for moved in done:  # each game stands alone: one failing loses no other
            try:
                if moved.reminder:
                    await remind(self.bot, moved.game, moved.state, self.pings)
                elif moved.left is not None:
                    await announce_left(self.bot, moved.game, moved.left, timed_out=True)
            except Exception:
                log.exception("the timer's notice of game %s failed", moved.game.id)
            if not moved.reminder:
                await self.after(moved)
        if self.multi.failing:  # the others shown: the timer waits before trying again
            raise SomeDueFailed("a Family Business game's deadline could not be acted on")
        return len(done)

    async def at_startup(self) -> None:
        """Tables brought up to the stored position with their last events (replayed from
        the log); an open window announced again with at most its whole time from now,
        else the person to move told; the AI seats playing again; ends not yet said."""
        for game in await self.multi.open_games():
            try:
                await self._resume(game)
            except Exception:  # the others resume; the repair shows this one again
                log.exception("game %s not shown at start-up", game.id)
                self.repair.failed(game.id)
            self.kick(game.id)
        for name in self.multi.cores:  # the repair shows them as ending
            self.repair.at_startup(await self.multi.base.records.unannounced_ends(name))
