"""What a player is told after a move (issue 14, item 14): never "✅ Done." while the
move still waits for them, but what is still needed."""

from __future__ import annotations

from bot.services.choices import choices
from engine.famiglia import Action, GameState
from tests.simcord_world import World, play_until


def _asks_a_payment(state: GameState, action: Action) -> bool:
    run = state.copy()
    run.apply(action)
    return run.decision == "pay" and len(choices(run, ["pay"])) >= 2


def _a_payment_to_choose(state: GameState) -> bool:
    return any(_asks_a_payment(state, take.action) for take in choices(state, ["take"]))


async def test_a_blank_payment_says_which_payment_is_still_needed(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _a_payment_to_choose)
    take = next(
        c for c in choices(state, ["take"])
        if _asks_a_payment(state, c.action)
    )  # fmt: skip
    result = await world.slash(mover, "take", card=f"#{take.action.index + 1}", payment=" ")
    assert result.ephemeral and result.response is not None, result
    text = result.response.content
    assert "✅ Done." not in text, text
    assert "Not finished" in text and "pay" in text.lower(), text
    now = await world.state(game_id)
    assert now.decision == "pay" and now.current == state.current  # it waits, as it says


async def test_a_finished_turn_is_confirmed_without_a_pending_note(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    result = await world.slash(mover, "pass")
    assert result.response.content.startswith("✅") and "Not finished" not in (
        result.response.content
    )


async def test_a_game_ended_by_two_passes_in_a_row_says_so(world: World):
    """Rule 6.3: the end said only who won, and players took the early end for a bug."""
    game_id = await world.start_game(world.alice, world.bob)
    for _ in range(2):
        state = await world.state(game_id)
        mover = await world.player(game_id, state.current)
        await world.slash(mover, "pass")
    assert (await world.game(game_id)).status == "finished"
    said = [m.content for m in world.messages() if "is over" in (m.content or "")]
    assert len(said) == 1 and "Both players passed in a row, which ends the game." in said[0]
