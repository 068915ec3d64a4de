"""A Family Business hand that reached Discord late is kept current all the same: Alice
presses Show my hand while the AI seat thinks, the hand is read, the AI moves (and the
hands are redrawn) while her answer is on its way. That answer showed the turn before
("It is Vito's turn") and nothing edited it again, since the game then waited for her
and her turn timer ran; now it is drawn again at the newer change at once."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from engine.family_business.quick import quick_policy
from tests.fb_play import FB, a_persons_turn, selects, started, state_of, table_of
from tests.simcord_world import World


class SlowHand:
    def __init__(self, user_id: int, env: Any) -> None:
        self.env = env
        self.user = SimpleNamespace(id=user_id)
        self.created_at = datetime.now(UTC)
        self.gate = asyncio.Event()
        self.shown: str | None = None
        self.response = SimpleNamespace(send_message=self._send)

    async def _send(self, text: str, **_: Any) -> None:
        await self.gate.wait()
        self.shown = text

    async def edit_original_response(self, *, content: str, view: Any) -> None:
        self.shown = content


async def test_a_hand_answered_after_an_ai_move_shows_the_game_as_stored(world: World) -> None:
    game_id = await started(world, [world.alice], ai=1)
    flows = world.bot.family_business
    ai_gate = asyncio.Event()

    async def gated(game: Any, state: Any, seat: int, strength: str) -> Any:
        await world.env.external_wait(ai_gate.wait(), reason="the AI thinks")
        legal = FB.game.legal_actions(state, seat)
        discards = [a for a in legal if a.kind == "discard"]  # no window: a plain turn
        return (
            discards[0]
            if discards
            else quick_policy(state, seat, random.Random(game.action_count * 31 + seat))
        )

    # Alice plays steps until it is the AI seat's (non-window) turn, the AI held
    for _ in range(50):
        who = await a_persons_turn(world, game_id)
        assert who is world.alice
        flows.multi.decide = gated
        hand = await who.click(await table_of(world, game_id), label="Show my hand")
        offered = [
            (s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]
        ]
        custom_id, value = next(
            (o for o in offered if json.loads(o[1])["kind"] == "discard"), offered[0]
        )
        await who.select(hand.response, [value], custom_id=custom_id)
        game, state = await world.game(game_id), await state_of(world, game_id)
        if (
            game.status == "active"
            and not FB.window_open(state)
            and game.seats[FB.game.awaiting(state)[0]].played_by_ai
        ):
            break
        ai_gate.set()
        ai_gate = asyncio.Event()
    else:
        raise AssertionError("never the AI's turn")

    # The AI thinks; Alice presses Show my hand: read now, its answer slow to go out
    slow = SlowHand(world.alice.id, world.env)
    showing = asyncio.create_task(flows.show_hand(slow, game_id))
    for _ in range(20):
        await asyncio.sleep(0)
    assert not showing.done()
    # The AI plays its turn (and its hand refresh runs) while the answer is on its way
    ai_gate.set()
    for _ in range(200):
        await asyncio.sleep(0)
        await world.env.advance_time(0.1)
        game, state = await world.game(game_id), await state_of(world, game_id)
        if game.status != "active" or FB.game.awaiting(state)[0] == game.seat_of(world.alice.id):
            break
    slow.gate.set()
    await showing
    for _ in range(50):
        await asyncio.sleep(0)
    await world.env.advance_time(1)
    game, state = await world.game(game_id), await state_of(world, game_id)
    seat = game.seat_of(world.alice.id)
    expected = flows.hand(game, state, seat)[0]
    assert game.status == "active" and not FB.window_open(state)
    assert FB.game.awaiting(state) == (seat,) or list(FB.game.awaiting(state)) == [seat]
    assert slow.shown == expected, (
        f"the hand Alice reads now:\n{slow.shown}\n--- the game as stored:\n{expected}"
    )
