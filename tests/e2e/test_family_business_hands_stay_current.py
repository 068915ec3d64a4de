"""A Family Business person's private hand message is drawn again as the game changes:
after their move the AI seats play and the hand shows the game as stored (their turn
again, with its moves), never a turn that is over, nor a turn of a game that ended; an
answer that leaves a counter window open edits no other responder's hand, not even one
drawn just before the window opened (RULING R31: no edit tells them that someone
answered; it is drawn again at the window's opening, which it missed, and no more);
and an older drawing never lands over a newer one."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.family_business.open_hands import OpenHands
from tests.fb_play import (
    FB,
    WINDOW,
    a_persons_turn,
    answer_window,
    member,
    selects,
    started,
    state_of,
    table_of,
    until_played_window,
    window_message,
)
from tests.simcord_world import World, fresh


def _options(hand: Any) -> list[tuple[str, str]]:
    """Every option of a hand's selects, as (the select's custom id, the value)."""
    return [(s["custom_id"], o["value"]) for s in selects(hand) for o in s["options"]]


async def _as_stored(world: World, game_id: int, user_id: int) -> str:
    """The hand text of ``user_id`` for the game as stored now."""
    game, state = await world.game(game_id), await state_of(world, game_id)
    seat = game.seat_of(user_id)
    assert seat is not None
    return world.bot.family_business.hand(game, state, seat)[0]


async def test_after_a_discard_the_ai_plays_and_the_hand_shows_the_game_as_stored(
    world: World,
) -> None:
    game_id = await started(world, [world.alice], ai=1)
    who = await a_persons_turn(world, game_id)
    assert who is world.alice
    hand = await who.click(await table_of(world, game_id), label="Show my hand")
    offered = [(s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]]
    custom_id, value = next(o for o in offered if json.loads(o[1])["kind"] == "discard")
    before = await world.game(game_id)
    await who.select(hand.response, [value], custom_id=custom_id)
    await world.env.advance_time(5)  # the AI seat plays (its windows answered at once)
    later = await world.game(game_id)
    assert later.action_count > before.action_count + 1  # the discard, then the AI
    shown = fresh(world, hand.response)
    assert shown.content == await _as_stored(world, game_id, who.id)
    if later.status == "active" and not FB.window_open(await state_of(world, game_id)):
        assert selects(shown)  # her turn again: its moves are on the hand


async def test_an_answer_that_leaves_a_window_open_edits_no_other_responders_hand(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_played_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    responders = [member(world, game.players[s]) for s in FB.game.awaiting(state)]
    assert len(responders) == 2
    first, second = responders
    await second.click(await table_of(world, game_id), label="Show my hand")
    edited: list[int] = []
    real = discord.Interaction.edit_original_response

    async def edit(self: discord.Interaction, **kwargs: Any) -> Any:
        edited.append(self.user.id)
        return await real(self, **kwargs)

    monkeypatch.setattr(discord.Interaction, "edit_original_response", edit)
    announcement = window_message(world, game_id, state.turn)
    prompt = await first.click(announcement, label="Answer the counter window")
    await first.click(prompt.response, label="No counter")
    assert FB.window_open(await state_of(world, game_id))  # the second has not answered
    assert second.id not in edited


def _opens_window(state: Any, seat: int, value: str) -> bool:
    copy = FB.game.copy(state)
    FB.game.apply(copy, FB.game.parse_action(value), seat)
    return FB.window_open(copy)


class SlowHand:
    """C's Show my hand, as discord.py hands it over: its answer is slow to go out."""

    def __init__(self, user_id: int) -> None:
        self.user = SimpleNamespace(id=user_id)
        self.created_at = datetime.now(UTC)
        self.gate = asyncio.Event()
        self.sent: list[str] = []
        self.edits: list[str] = []
        self.response = SimpleNamespace(send_message=self._send)

    async def _send(self, text: str, **_: Any) -> None:
        await self.gate.wait()
        self.sent.append(text)

    async def edit_original_response(self, *, content: str, view: Any) -> None:
        self.edits.append(content)


async def test_a_hand_drawn_just_before_a_window_opened_is_not_edited_at_an_answer(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    flows = world.bot.family_business
    for _ in range(600):
        game, state = await world.game(game_id), await state_of(world, game_id)
        assert game.status == "active"
        if FB.window_open(state):
            await world.env.advance_time(WINDOW + 1)
            continue
        seat = FB.game.awaiting(state)[0]
        who = member(world, game.players[seat])
        hand = await who.click(await table_of(world, game_id), label="Show my hand")
        options = [
            (s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]
        ]
        opening = [o for o in options if _opens_window(state, seat, o[1])]
        others = [s for s in range(3) if s != seat and FB.live(state)[s]]
        if opening and len(others) == 2:
            break
        plain = [o for o in options if not _opens_window(state, seat, o[1])]
        custom_id, value = next(
            (o for o in plain if json.loads(o[1])["kind"] != "discard"), plain[0]
        )
        await who.select(hand.response, [value], custom_id=custom_id)
    else:
        raise AssertionError("no window about to open")
    c_seat, b_seat = others
    c = SlowHand(game.players[c_seat])
    # C presses Show my hand: the game is read now (before the card), the answer is slow
    showing = asyncio.create_task(flows.show_hand(c, game_id))
    for _ in range(20):
        await asyncio.sleep(0)
    assert not showing.done()
    custom_id, value = opening[0]
    await who.select(hand.response, [value], custom_id=custom_id)  # the window opens
    assert FB.window_open(await state_of(world, game_id))
    c.gate.set()
    await showing  # C's hand went out: drawn before the window
    assert c.sent and "turn" in c.sent[0], c.sent
    for _ in range(20):  # it is drawn again at the window's opening, which it missed
        await asyncio.sleep(0)
    assert [("counter window is open" in e) for e in c.edits] == [True], c.edits
    # B answers No counter; C has not answered: the window stays open
    await answer_window(world, member(world, game.players[b_seat]), game_id, counter=False)
    assert FB.window_open(await state_of(world, game_id))
    assert len(c.edits) == 1, f"C's hand was edited at B's answer: {c.edits[1:]}"


async def test_the_last_hand_of_a_game_no_person_plays_any_more_says_it_is_over(
    world: World,
) -> None:
    """Alice's gang is eliminated while AI gangs play on: the service ends the game."""
    game_id = await started(world, [world.alice], ai=3)
    rng = random.Random(0)
    hand = None
    for _ in range(400):
        game, state = await world.game(game_id), await state_of(world, game_id)
        if game.status != "active":
            break
        awaited = [game.players[s] for s in FB.game.awaiting(state)]
        if FB.window_open(state) or world.alice.id not in awaited:
            await world.env.advance_time(WINDOW + 1)
            continue
        hand = await world.alice.click(await table_of(world, game_id), label="Show my hand")
        offered = [
            (s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]
        ]
        plays = [o for o in offered if json.loads(o[1])["kind"] != "discard"] or offered
        custom_id, value = rng.choice(plays)
        await world.alice.select(hand.response, [value], custom_id=custom_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert game.status == "finished" and not FB.game.is_over(state)  # ended, not by the rules
    assert hand is not None
    shown = fresh(world, hand.response).content
    assert "The game is over" in shown and "turn" not in shown, shown


class _Slow:
    """An interaction whose answer's edits can be held on their way to Discord."""

    def __init__(self, user_id: int) -> None:
        self.user = SimpleNamespace(id=user_id)
        self.created_at = datetime.now(UTC)
        self.content: str | None = None
        self.gates: list[asyncio.Event | None] = []

    async def edit_original_response(self, *, content: str, view: object) -> None:
        gate = self.gates.pop(0) if self.gates else None
        if gate is not None:
            await gate.wait()
        self.content = content


def _game(version: int) -> Any:
    seats = [SimpleNamespace(left_place=None), SimpleNamespace(left_place=None)]
    return SimpleNamespace(id=1, version=version, is_open=True, seats=seats, seat_of=lambda u: 0)


async def test_an_older_drawing_of_a_hand_never_lands_over_a_newer_one() -> None:
    hands = OpenHands(lambda game, state, seat: (f"drawn at v{game.version}", None))
    hand = _Slow(10)
    hands.shown(_game(5), hand, "drawn at v5")  # type: ignore[arg-type]
    slow = asyncio.Event()
    hand.gates = [slow, None]  # v6's edit is slow on its way, v7's is not
    older = asyncio.create_task(hands.refresh(_game(6), None))
    while len(hand.gates) == 2:  # until v6's edit is on its way
        await asyncio.sleep(0)
    newer = asyncio.create_task(hands.refresh(_game(7), None))
    for _ in range(5):
        await asyncio.sleep(0)
    slow.set()
    await asyncio.gather(older, newer)
    assert hand.content == "drawn at v7"
