"""Simultaneous presses: both reach the bot before it runs either; one move applies and
the other gets a clear sentence, never a version conflict as an error."""

from __future__ import annotations

from tests.interaction_flood import Driver, Sent, components
from tests.simcord_world import World

CLEAR = ("no longer possible", "earlier moment", "not your turn", "That game is over")


async def answered(drv: Driver, *sent: Sent) -> list[str]:
    for s in sent:
        await drv.answer(s)
    await drv.quiet()
    texts = []
    for s in sent:
        shown = drv.answer_message(s)
        # a new message must be ephemeral; an update edits the clicked (ephemeral) hand
        assert s.record.ephemeral or s.record.response_kind == "update", s.describe()
        texts.append("" if shown is None else str(shown.content))
    return texts


async def mover_and_waiting(world: World, game_id: int):
    state = await world.state(game_id)
    return await world.player(game_id, state.current), await world.player(
        game_id, 1 - state.current
    )


async def test_the_same_slash_move_twice_at_once(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await mover_and_waiting(world, game_id)
    before = await world.game(game_id)
    drv = Driver(world.env)
    texts = await answered(
        drv,
        drv.slash(mover, world.channel.id, "famiglia pass"),
        drv.slash(mover, world.channel.id, "famiglia pass"),
    )
    assert (await world.game(game_id)).action_count == before.action_count + 1
    assert sum("passes" in t for t in texts) == 1, texts
    assert sum(any(c in t for c in CLEAR) for t in texts) == 1, texts
    assert await world.replayed(game_id) == await world.state(game_id)


async def test_both_players_press_at_the_same_moment(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, waiting = await mover_and_waiting(world, game_id)
    hand = await world.open_hand(mover, game_id)
    drv = Driver(world.env)
    message = drv.message(hand.channel_id if hasattr(hand, "channel_id") else world.channel.id,
                          hand.id)  # fmt: skip
    pass_id = next(
        p["custom_id"] for p in components(message) if p.get("label", "").startswith("Pass")
    )
    before = await world.game(game_id)
    texts = await answered(
        drv,
        drv.click(mover, message, pass_id),
        drv.click(waiting, message, pass_id, forge=True),  # the same id from elsewhere
    )
    assert (await world.game(game_id)).action_count == before.action_count + 1
    assert "passes" in texts[0] and all(any(c in t for c in CLEAR) or "not playing" in t
                                        for t in texts[1:]), texts  # fmt: skip
