"""Famiglia option and control values that only look valid: look-alike and doubled
Street cards, exchanges and payments naming cards not held, a select sent with two
values, start and board choices no client offers, a page button forged onto a game's
table and page numbers out of range. Each is answered privately and changes nothing."""

from __future__ import annotations

from typing import Any

from bot.services.choices import choices
from engine.famiglia import GameState
from engine.famiglia.cards import code
from tests.answers import refused, said, unchanged
from tests.e2e.test_board_pages import rated_players
from tests.simcord_world import World, fresh, play_until


def _cards(counts: list[int]) -> list[str]:
    return [code(kind) for kind, n in enumerate(counts) for _ in range(n)]


def _an_exchange(state: GameState) -> bool:
    """An Accountant can be played and the play area holds a card to take back."""
    return bool(choices(state, ["accountant"])) and sum(state.areas[state.current]) >= 1


def _asks_a_payment(state: GameState, action: Any) -> bool:
    run = state.copy()
    run.apply(action)
    return run.decision == "pay" and len(choices(run, ["pay"])) >= 2


def _a_payment_to_choose(state: GameState) -> bool:
    return any(_asks_a_payment(state, take.action) for take in choices(state, ["take"]))


async def test_look_alike_and_doubled_street_cards_are_refused_and_change_nothing(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    card = code(state.street[0])
    lookalike = {"F": "Ｆ", "A": "А", "B": "В", "M": "М"}[card[0]]  # fullwidth, Cyrillic
    before = await world.game(game_id)
    for value in (f"{lookalike}{card[1]}", f"{card} {card}", f"{card},{code(state.street[1])}"):
        result = await world.slash(mover, "take", card=value)
        refused(result, "not one of the choices")
        assert "✅" not in result.response.content
    assert unchanged(before, await world.game(game_id))


async def test_an_exchange_naming_cards_not_in_the_area_or_too_many_is_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _an_exchange)
    seat = state.current
    rank = choices(state, ["accountant"])[0].action.rank
    area = _cards(state.areas[seat])
    hand = _cards(state.hands[seat])
    missing = next(code(k) for k in range(len(state.areas[seat])) if state.areas[seat][k] == 0)
    before = await world.game(game_id)
    doubled = " ".join([area[0]] * (area.count(area[0]) + 1))  # one more than the area holds
    too_many = " ".join((area * 5)[: rank + 1])  # more than the Accountant's rank
    for take in (missing, doubled, too_many, f"{area[0]} {area[0]}x"):
        result = await world.slash(mover, "accountant", rank=rank, take=take, give=hand[0])
        text = refused(result)
        assert not text.startswith("✅"), (take, text)
    # give: a card the hand does not hold, or more cards than were taken back
    not_held = next(code(k) for k in range(len(state.hands[seat])) if state.hands[seat][k] == 0)
    for give in (not_held, " ".join([hand[0]] * 2)):
        result = await world.slash(mover, "accountant", rank=rank, take=area[0], give=give)
        text = refused(result)
        assert not text.startswith("✅"), (give, text)
    assert unchanged(before, await world.game(game_id))


async def test_a_payment_naming_cards_not_held_is_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _a_payment_to_choose)
    take = next(c for c in choices(state, ["take"]) if _asks_a_payment(state, c.action))
    before = await world.game(game_id)
    card = f"#{take.action.index + 1}"
    for payment in ("Pay M4 + M4", "M9", "Pay with everything", "pay " + "M1 " * 40):
        result = await world.slash(mover, "take", card=card, payment=payment)
        text = refused(result)
        assert not text.startswith("✅"), (payment, text)
    assert unchanged(before, await world.game(game_id))


async def test_a_select_sent_with_two_values_is_refused_not_half_read(world: World):
    """A menu offers one choice at a time; a client sending two (take #1 and #2) got
    the first one taken silently."""
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await play_until(world, game_id, lambda s: len(choices(s, ["take"])) >= 3)
    hand = await world.open_hand(mover, game_id)
    [take] = [p for p in World.components(hand) if p.get("custom_id", "").endswith(":take")]
    values = [option["value"] for option in take["options"][:2]]
    before = await world.game(game_id)
    result = await world.forged_select(mover, hand, take["custom_id"], values)
    refused(result, "not one of the choices")
    assert unchanged(before, await world.game(game_id))


async def test_forged_start_choices_are_refused_and_start_nothing(world: World):
    """A client may send a value its choices never offered: `first:both` once started
    a game the AI began, `first:nobody` a solo game the robot began, and the solo
    game's DM announced a game at a level that does not exist."""
    dm = world.alice.user.dm_channel
    for name, options in (
        ("ai", {"strength": "easy", "first": "both"}),
        ("solo", {"level": 2, "first": "nobody"}),
        ("solo", {"level": 9, "first": "you"}),
    ):
        result = await world.raw(world.alice, name, **options)
        text = said(result)
        assert result.ephemeral and "who starts" in text, (name, options, text)
    assert await world.bot.store.active_games() == []
    assert not [m for m in dm.history() if "solo game" in m.content], [
        m.content for m in dm.history()
    ]


async def test_forged_board_choices_are_refused_privately(world: World):
    for options, words in (
        ({"board": "secret"}, "board"),
        ({"board": "rating", "scope": "galaxy"}, "scope"),
        ({"board": "solo", "level": 7}, "level"),
        ({"board": "solo", "level": -1}, "level"),
        ({"board": "solo", "level": "3"}, "level"),
        ({"board": "solo", "level": 3.0}, "level"),
    ):
        result = await world.raw(world.alice, "leaderboard", **options)
        text = said(result)
        assert result.ephemeral and words in text and "went wrong" not in text, (options, text)
    for page in ("x", -1, 99, 1.0, 1.5):
        result = await world.raw(world.alice, "rules", page=page)
        assert result.ephemeral and "no such rules page" in said(result), (page, said(result))


async def test_a_page_button_forged_onto_a_game_table_leaves_the_table_alone(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    table = await world.table(game_id)
    embeds_before = [e.to_dict() for e in fresh(world, table).embeds]
    controls_before = World.components(fresh(world, table))
    result = await world.forged_click(world.carol, table, "fam:lb:rating:global:0:1:f")
    assert result.ephemeral and result.response is not None, result
    after = fresh(world, table)
    assert [e.to_dict() for e in after.embeds] == embeds_before
    assert World.components(after) == controls_before


async def test_forged_page_numbers_show_a_real_page(world: World):
    await rated_players(world, 22)  # three pages
    board = (await world.slash(world.alice, "leaderboard", board="rating")).response
    for custom_id, page in (
        ("fam:lb:rating:global:0:0:f", 1),
        ("fam:lb:rating:global:0:999999:l", 3),
        ("fam:lb:rating:global:0:2:n", 2),
    ):
        result = await world.forged_click(world.bob, board, custom_id)
        assert result.acknowledged and not result.ephemeral, (custom_id, result)
        [embed] = fresh(world, board).embeds
        assert str(embed.footer.text).startswith(f"Page {page} of 3 · 22 players"), custom_id
        assert "No such page" not in str(embed.description)
    await world.forged_click(world.bob, board, "fam:lb:solo:global:4:999999:n")
    assert "Nobody has beaten the robot gangster" in str(fresh(world, board).embeds[0].description)
    for custom_id in ("fam:lb:rating:global:-1:1:f", "fam:lb:rating:global:0:-3:p"):
        result = await world.forged_click(world.bob, board, custom_id)
        refused(result)
    # a number is matched completely: a leading zero names no page (nor any control)
    refused(await world.forged_click(world.bob, board, "fam:lb:rating:global:0:000002:n"), "older")
    result = await world.forged_click(world.bob, board, "fam:lb:rating:global:3:1:f")
    refused(result, "level")


async def test_a_user_id_discord_did_not_resolve_is_refused_without_a_game(world: World):
    """A forged client names a user by an id that comes without the user's data: no
    challenge, no stats of a stranger, and a private answer saying how to pick one."""
    for name, option in (("start", "opponent"), ("stats", "player")):
        result = await world.raw(world.alice, name, **{option: str(world.bob.id + 999_331)})
        text = said(result)
        assert result.ephemeral and "pick" in text.lower() and "went wrong" not in text, text
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None
