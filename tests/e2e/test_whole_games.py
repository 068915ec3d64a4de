"""Whole games to the final score: one by buttons only, one by slash commands only."""

from __future__ import annotations

from tests.simcord_world import World, click_one_decision, fresh, play_by_buttons


async def assert_finished_properly(world: World, game_id: int) -> None:
    game = await world.game(game_id)
    assert game.status == "finished"
    result = await world.bot.store.get_result(game_id)
    assert result is not None and result.reason == "score"
    state = await world.state(game_id)
    assert state.over
    assert await world.replayed(game_id) == state  # seed + log rebuild the stored game
    table = await world.table(game_id)
    labels = [c.get("label") for c in world.components(table)]
    assert "Rematch" in labels and "Show my hand" not in labels
    text = str(table.embeds[0].to_dict())
    high, low = max(result.totals), min(result.totals)
    assert f"{high} to {low}" in text  # the result, winner first
    assert text.count("✋ Hand (") == 2  # issue 14, item 12: every hand on the final table
    last = world.messages()[-1]
    assert "is over" in last.content and f"wins, {high} to {low}." in last.content
    # Each turn's ping replaced the one before; the last one went with the game's end.
    assert not [m for m in world.messages() if "your turn in Famiglia" in m.content]


async def test_only_the_latest_turn_ping_stays(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    for turn in range(3):  # three turns by clicks
        state = await world.state(game_id)
        who = await world.player(game_id, state.current)
        hand = await world.open_hand(who, game_id)
        while (await world.state(game_id)).turn == state.turn:
            assert await click_one_decision(world, who, fresh(world, hand), turn)
    state = await world.state(game_id)
    assert not state.over and state.turn >= 3
    pings = [m for m in world.messages() if "your turn in Famiglia" in m.content]
    assert len(pings) == 1
    assert (await world.player(game_id, state.current)).mention in pings[0].content


async def test_a_whole_game_by_buttons(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    turns = await play_by_buttons(world, game_id)
    assert turns > 10
    await assert_finished_properly(world, game_id)
    # Either player may ask for a rematch: a new challenge in the same channel.
    await world.bob.click(await world.table(game_id), label="Rematch")
    rematch = await world.bot.store.active_game_in_channel(world.channel.id)
    assert rematch is not None and rematch.players == (world.bob.id, world.alice.id)


async def slash_turn(world: World, who, turn: int) -> None:
    """One turn by slash commands, choosing among exactly what autocomplete offers."""
    for _ in range(6):
        state = await world.state(world.game_id)
        if state.over or (await world.player(world.game_id, state.current)).id != who.id:
            return
        if turn % 3 == 0:
            ranks = await world.autocomplete(who, "brute", "rank")
            if ranks:
                rank = ranks[0]["value"]
                targets = await world.autocomplete(who, "brute", "target", rank=rank)
                target = targets[-1]["value"]
                amounts = await world.autocomplete(who, "brute", "amount", rank=rank, target=target)
                options = {"rank": rank, "target": target}
                if amounts:  # a Brute 1 lowers by 1: the engine asks no amount
                    options["amount"] = amounts[-1]["value"]
                result = await world.slash(who, "brute", **options)
                assert result.ephemeral and "✅" in result.response.content, result
                turn += 1
                continue
            ranks = await world.autocomplete(who, "accountant", "rank")
            if ranks:
                rank = ranks[0]["value"]
                takes = await world.autocomplete(who, "accountant", "take", rank=rank)
                take = takes[-1]["value"]
                gives = await world.autocomplete(who, "accountant", "give", rank=rank, take=take)
                options = {"rank": rank, "take": take}
                if gives:
                    options["give"] = gives[0]["value"]
                result = await world.slash(who, "accountant", **options)
                assert result.ephemeral and "✅" in result.response.content, result
                turn += 1
                continue
        cards = await world.autocomplete(who, "take", "card")
        if cards:
            card = cards[-1]["value"]
            payments = await world.autocomplete(who, "take", "payment", card=card)
            options = {"card": card}
            if payments:
                options["payment"] = payments[0]["value"]
            result = await world.slash(who, "take", **options)
            assert result.ephemeral and "✅" in result.response.content, result
            return
        cards = await world.autocomplete(who, "refresh", "card")
        if cards:
            result = await world.slash(who, "refresh", card=cards[0]["value"])
            assert result.ephemeral and "✅" in result.response.content, result
            continue
        result = await world.slash(who, "pass")
        assert result.ephemeral and "passes" in result.response.content, result
        return


async def test_a_whole_game_by_slash_commands(world: World):
    game_id = world.game_id = await world.start_game(world.bob, world.alice)
    for turn in range(200):
        state = await world.state(game_id)
        if state.over:
            break
        await slash_turn(world, await world.player(game_id, state.current), turn)
    await assert_finished_properly(world, game_id)
