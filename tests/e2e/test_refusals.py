"""Every refusal is an ephemeral answer to that user and changes nothing."""

from __future__ import annotations

from tests.answers import refused
from tests.simcord_world import World, controls, fresh


async def who_moves(world: World, game_id: int):
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    return mover, await world.player(game_id, 1 - state.current)


async def test_a_third_user_and_the_waiting_player_cannot_act(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, waiting = await who_moves(world, game_id)
    before = await world.game(game_id)
    table = await world.table(game_id)

    refused(await world.carol.click(table, label="Show my hand"), "not playing")
    refused(await world.carol.click(table, label="Forfeit"), "not playing")
    refused(await world.slash(world.carol, "pass"), "This channel's game is Alice vs Bob")
    refused(await world.slash(world.carol, "forfeit"), "This channel's game is Alice vs Bob")
    refused(await world.slash(waiting, "pass"), "not your turn")
    refused(await world.slash(waiting, "take", card="F0"), "not your turn")
    refused(await world.slash(world.carol, "board"), "Only the two players")
    hand = await world.open_hand(waiting, game_id)
    assert not controls(hand)  # the waiting player's hand offers no moves
    assert await world.autocomplete(waiting, "take", "card") == []

    after = await world.game(game_id)
    assert (after.version, after.state_json) == (before.version, before.state_json)
    assert mover.id != waiting.id


async def test_illegal_moves_are_explained_and_change_nothing(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await who_moves(world, game_id)
    before = await world.game(game_id)
    state = await world.state(game_id)
    if any(card % 5 == 0 for card in state.street):
        refused(await world.slash(mover, "refresh", card="#1"), "0 is showing")
    refused(await world.slash(mover, "accountant", rank=4), "no Accountant 4")
    refused(await world.slash(mover, "take", card="nonsense"), "not one of the choices")
    refused(await world.slash(mover, "take", card="8.99.0"), "not one of the choices")
    after = await world.game(game_id)
    assert (after.version, after.state_json) == (before.version, before.state_json)


async def test_garbage_select_values_are_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    for _ in range(40):  # play on until the mover's hand shows a select menu
        mover, _ = await who_moves(world, game_id)
        hand = await world.open_hand(mover, game_id)
        selects = [p for p in world.components(hand) if p.get("type") == 3]
        if selects:
            break
        cards = await world.autocomplete(mover, "take", "card")
        await world.slash(mover, "take", card=cards[0]["value"]) if cards else None
        if not cards:
            await world.slash(mover, "pass")
    custom_id = selects[0]["custom_id"]
    before = await world.game(game_id)
    refused(await world.forged_select(mover, hand, custom_id, ["garbage"]), "not one of the")
    # a well-formed key of a move the menu did not offer (a Brute 4 not held) is no choice
    refused(await world.forged_select(mover, hand, custom_id, ["5.4.0"]), "not one of the")
    rules = await world.click_rules(mover, game_id)
    refused(await world.forged_select(mover, rules, "fam:rulespage", ["99"]), "no such")
    after = await world.game(game_id)
    assert (after.version, after.state_json) == (before.version, before.state_json)


async def test_a_control_the_bot_never_made_gets_an_answer(world: World):
    """An id matching none of the bot's items (an old release's button, a forged client)
    is answered privately instead of failing silently, and changes nothing."""
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await who_moves(world, game_id)
    before = await world.game(game_id)
    table = await world.table(game_id)
    for custom_id in ("fam:oldbutton:1", "fam:do:1", "something-else"):
        refused(await world.forged_click(mover, table, custom_id), "no longer works")
    after = await world.game(game_id)
    assert (after.version, after.state_json) == (before.version, before.state_json)


async def test_a_stale_button_is_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await who_moves(world, game_id)
    hand = await world.open_hand(mover, game_id)
    old_pass = controls(hand)["Pass (take nothing)"]["custom_id"]
    result = await world.slash(mover, "pass")  # the move is made another way
    assert result.ephemeral and "passes" in result.response.content
    before = await world.game(game_id)

    refused(await mover.click(hand, custom_id=old_pass), "earlier moment")
    after = await world.game(game_id)
    assert (after.version, after.action_count) == (before.version, before.action_count)


async def test_two_clicks_at_once_apply_one_move(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await who_moves(world, game_id)
    hand = await world.open_hand(mover, game_id)
    pass_id = controls(hand)["Pass (take nothing)"]["custom_id"]
    before = await world.game(game_id)

    results = await world.click_together([mover, mover], hand, pass_id)

    after = await world.game(game_id)
    assert after.action_count == before.action_count + 1
    assert len(await world.bot.store.action_log(game_id)) == after.action_count
    texts = sorted(r.response.content if r.response else "" for r in results)
    assert sum("passes" in t for t in texts) == 1, texts
    assert sum("earlier moment" in t or "no longer possible" in t for t in texts) == 1, texts
    assert all(r.response is not None and r.response.ephemeral for r in results)


async def test_public_messages_never_show_a_hand(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await who_moves(world, game_id)
    await world.open_hand(mover, game_id)
    await world.slash(mover, "hand")
    public = world.public_text()
    assert "Your hand" not in public and "in hand +" not in public
    assert world.message((await world.table(game_id)).id).embeds
    assert fresh(world, await world.table(game_id)).ephemeral is False


async def test_board_reposts_the_table_and_the_old_one_points_to_it(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    old = await world.table(game_id)
    result = await world.slash(world.bob, "board")
    assert not result.ephemeral and result.response.embeds
    new = await world.table(game_id)
    assert new.id != old.id and new.id == result.response.id
    moved = world.message(old.id)
    assert "moved here" in moved.content and not moved.embeds and not world.components(moved)
    mover, _ = await who_moves(world, game_id)
    await world.open_hand(mover, game_id)  # the new table's buttons work


async def test_a_member_without_a_game_is_told_whose_game_the_channel_has(world: World):
    """Issue 14, item 15: not "You have no Famiglia game running"."""
    game_id = await world.start_game(world.alice, world.bob)
    before = await world.game(game_id)
    for name, options in (("take", {"card": "#1"}), ("hand", {}), ("refresh", {"card": "#2"})):
        refused(
            await world.slash(world.carol, name, **options),
            "This channel's game is Alice vs Bob",
            "Start your own",
        )
    after = await world.game(game_id)
    assert (after.version, after.state_json) == (before.version, before.state_json)
