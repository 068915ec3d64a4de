"""Autocomplete offers exactly the legal choices; server-only commands check the guild."""

from __future__ import annotations

import pytest

from bot.services.choices import choices, option_value
from cogs.offered_values import offered
from engine.famiglia.cards import code
from tests.simcord_world import World


@pytest.fixture
def bot_seed() -> int:
    return 3


async def test_autocomplete_offers_exactly_the_legal_choices(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    for _ in range(12):
        state = await world.state(game_id)
        mover = await world.player(game_id, state.current)
        for command, kind in (
            ("take", "take"),
            ("refresh", "refresh"),
            ("brute", "brute"),
            ("accountant", "accountant"),
        ):
            option = "card" if command in ("take", "refresh") else "rank"
            found = await world.autocomplete(mover, command, option)
            legal = choices(state, [kind])
            count = (await world.game(game_id)).action_count
            # A Street position also names the card seen there ("#4 F3"), marked with
            # the moment it was offered for; ranks keep keys.
            listed = [offered(game_id, count, option_value(state, c.action)) for c in legal]
            if option == "rank":
                listed = [option_value(state, c.action) for c in legal]
            assert [(c["name"], str(c["value"])) for c in found] == [
                (c.label, value) for c, value in zip(legal, listed, strict=True)
            ]
            for c in legal:
                index = getattr(c.action, "index", None)
                rank = getattr(c.action, "rank", None)
                seen = str(rank) if index is None else f"#{index + 1} {code(state.street[index])}"
                assert option_value(state, c.action) == seen
        typed = await world.autocomplete(mover, "take", "card", "for free")
        assert all("for free" in c["name"] for c in typed)
        cards = await world.autocomplete(mover, "take", "card")
        if cards:
            await world.slash(mover, "take", card=cards[0]["value"])
        else:
            await world.slash(mover, "pass")
        if (await world.game(game_id)).status != "active":
            break


async def test_start_is_refused_outside_a_server_channel(world: World):
    user = world.alice.user
    answer = await user.slash("famiglia start", opponent=world.bob.user)
    assert answer.ephemeral and "server text channel" in answer.response.content
    assert await world.bot.store.active_games() == []
    rules = await user.slash("famiglia rules", page=1)  # the group itself works in DMs
    assert rules.response is not None and "families" in rules.response.embeds[0].title
