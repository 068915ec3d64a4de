"""Discord's embed limits hold for the largest states, and the checker itself bites."""

from __future__ import annotations

import discord
import pytest

from cogs.render.embed import hand_embed, table_embed
from cogs.render.limits import check_embed_limits, embed_limit_problems

from .sample_views import ALL_CODES, LONG_NAME, long_log, make_view, maximal_view

LONG_NAMES = (LONG_NAME, "😀" * 200)


@pytest.mark.parametrize("result", [True, False])
def test_maximal_table_within_limits(result):
    embed = table_embed(maximal_view(result=result), LONG_NAMES, long_log())
    check_embed_limits(embed)
    # the maximal state still shows every card of the Street and both play areas
    assert (
        sum(
            f.value.count("🟥") + f.value.count("🟦") + f.value.count("🟨") + f.value.count("🟩")
            for f in embed.fields
        )
        >= 20 + 20 + 20
    )


def test_maximal_solo_table_within_limits():
    view = maximal_view().model_copy(update={"mode": "solo", "level": 4})
    seats = (view.seats[0], view.seats[1].model_copy(update={"is_robot": True}))
    check_embed_limits(
        table_embed(view.model_copy(update={"seats": seats}), LONG_NAMES, long_log())
    )


def test_maximal_hand_within_limits():
    hand = [c for c in ALL_CODES for _ in range(3)]
    view = maximal_view(result=False).model_copy(update={"viewer": 1, "hand": hand, "hand_vp": 999})
    check_embed_limits(hand_embed(view, LONG_NAMES))


def test_table_and_hand_fit_in_one_message_together():
    view = maximal_view(result=False)
    private = view.model_copy(update={"viewer": 0, "hand": ALL_CODES, "hand_vp": 1})
    check_embed_limits(table_embed(view, LONG_NAMES, long_log()), hand_embed(private))


def test_checker_catches_each_limit():
    assert embed_limit_problems(discord.Embed(title="ok", description="fine")) == []
    with pytest.raises(ValueError, match="title"):
        check_embed_limits(discord.Embed(title="x" * 257))
    with pytest.raises(ValueError, match="description"):
        check_embed_limits(discord.Embed(description="🟥" * 2049))  # 4098 UTF-16 units
    many = discord.Embed()
    for i in range(26):
        many.add_field(name=str(i), value="v")
    with pytest.raises(ValueError, match="26 fields"):
        check_embed_limits(many)
    big = discord.Embed()
    big.add_field(name="n", value="v" * 1025)
    with pytest.raises(ValueError, match="field 0 value"):
        check_embed_limits(big)
    total = [discord.Embed(description="d" * 4000), discord.Embed(description="d" * 2001)]
    with pytest.raises(ValueError, match="total"):
        check_embed_limits(*total)


def test_typical_embed_is_small():
    embed = table_embed(make_view(), ("Alice", "Bob"), ["Bob passed"])
    assert len(embed) < 1000
