"""A typed option names one thing completely or is refused, privately, with the forms
it accepts (issue 14, item 6): nothing is searched inside a value, no other digits
than ASCII count, and numbers are Discord integer options with a range."""

from __future__ import annotations

from typing import Any

from bot.services.choices import choices
from engine.famiglia import GameState
from engine.famiglia.cards import code
from tests.answers import unchanged
from tests.simcord_world import World, play_until

STREET_FORMS = "a Street card's code (F3), its position (#4), or both (#4 F3)"


def refused_with_forms(result: Any, forms: str) -> str:
    assert result.ephemeral and result.response is not None, result
    text = result.response.content
    assert forms in text and "not one of the choices" in text, text
    return text


def _two_takes(state: GameState) -> bool:
    return len({c.action.index for c in choices(state, ["take"])}) >= 2


def _a_brute(state: GameState) -> bool:
    return bool(choices(state, ["brute"]))


async def test_values_with_more_or_other_than_one_form_are_refused_and_change_nothing(
    world: World,
):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _two_takes)
    first, second = sorted({c.action.index for c in choices(state, ["take"])})[:2]
    card, other = code(state.street[first]), code(state.street[second])
    before = await world.game(game_id)
    for value in (
        f"#{first + 1} or #{second + 1}",  # was: took the first one
        f"not {other}, take {card}",  # was: took the first card named
        f"#{'٠١٢٣٤٥٦٧٨٩'[first + 1]}",  # Arabic-Indic digit: was the position
        f"#{'０１２３４５６７８９'[first + 1]}",  # fullwidth digit
        f"{card} thanks",  # trailing junk
        f"#{first + 1} {card} now",
    ):
        refused_with_forms(await world.slash(mover, "take", card=value), STREET_FORMS)
    result = await world.slash(mover, "take", card="#1 Z7")  # was: took #1
    assert result.ephemeral and "no card Z7" in result.response.content, result
    assert unchanged(before, await world.game(game_id))


async def test_numbers_out_of_range_from_a_forged_client_are_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _a_brute)
    brute = choices(state, ["brute"])[0].action
    before = await world.game(game_id)
    for rank in ("-1", f"-{brute.rank}", "٢", "2 or 3", "2.0"):  # was: rank:-1 played 1
        refused_with_forms(await world.raw(mover, "brute", rank=rank), "a number from 1 to 4")
    for rank in (-1, 0, 10**9):
        result = await world.raw(mover, "brute", rank=rank)
        assert result.ephemeral and "1 to 4" in result.response.content, result
    for amount in (-1, "-1", "٢"):  # was: amount:-1 lowered by 1
        result = await world.raw(mover, "brute", rank=brute.rank, target="#1", amount=amount)
        assert result.ephemeral and "amount" in result.response.content, result
    assert unchanged(before, await world.game(game_id))


async def test_ranks_and_amounts_are_integer_options_from_1_to_4(world: World):
    commands = {c.name: c for c in world.bot.tree.get_commands(guild=world.guild)}
    group = commands["famiglia"].to_dict(world.bot.tree)
    options = {
        (sub["name"], o["name"]): o for sub in group["options"] for o in sub.get("options", [])
    }
    for where in (("accountant", "rank"), ("brute", "rank"), ("brute", "amount")):
        option = options[where]
        assert (option["type"], option["min_value"], option["max_value"]) == (4, 1, 4)


async def test_choices_sent_as_other_types_by_a_forged_client_are_refused(world: World):
    """A list, an object or a number where Discord offers fixed choices: a private
    refusal naming what is accepted, no game started (each was an error of the bot)."""
    for forged in (["you"], {"you": 1}, 1):
        solo = await world.raw(world.alice, "solo", level=3, first=forged)
        ai = await world.raw(world.alice, "ai", strength="easy", first=forged)
        board = await world.raw(world.alice, "leaderboard", board=forged)
        for result in (solo, ai, board):
            assert result.ephemeral and result.response is not None, (forged, result)
            assert "Something went wrong" not in result.response.content, result
        assert "you" in solo.response.content and "you" in ai.response.content
        assert "rating" in board.response.content
    assert await world.bot.store.active_games() == []
