"""Famiglia games that end outside their rules, in SimCord: given up (``/famiglia
forfeit``, then "Yes, give up this game") or lost on the turn timer. The engine's
position is not over then — its result stays empty and it still has a seat to move —
but the game is: its table and its players' hands read like those of a game ended by
the rules. Nothing says whose turn it is (no "to play", no "Your turn", no "Waiting
for", no ▶ mark, no prompt, no end of round or pass still to come, no mark in the
picture), no control offers a move, and the end is said as the store has it: who gave
up or ran out of time, and who wins."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord
from simcord import MemberActor, UserHandle

from cogs.game_texts import names_of
from cogs.render import image
from cogs.render.embed import COLOUR_OVER
from db.rows import GameRow
from engine.famiglia import GameState, view
from tests.ai_bot.ai_play import channel_game, dm_game
from tests.simcord_world import World, fresh

#: what only a running game's table or hand says: whose turn (the description, the
#: hand's status, the ▶ mark beside a seat), the AI thinking, the round's last turns,
#: and a pass that would end it
RUNNING = (
    "to play",
    "Your turn",
    "Waiting for",
    "▶",
    "is thinking",
    "more turn",
    "another pass in a row",
)
#: the turn timer, with some time to spare (tests/simcord_world.py: 24 hours)
PAST_THE_DEADLINE = 24 * 3600 + 5


def _texts(embed: discord.Embed) -> list[str]:
    """Every text of an embed that tells the game's present: its title, description,
    field names and values (the last moves only by name: they tell what happened) and
    footer."""
    data = embed.to_dict()
    fields = [
        part
        for f in data.get("fields", [])
        for part in ((f["name"],) if f["name"] == "Last moves" else (f["name"], f["value"]))
    ]
    footer = data.get("footer", {}).get("text", "")
    return [data.get("title", ""), data.get("description", ""), *fields, footer]


def _says_no_turn(embed: discord.Embed) -> None:
    for text in _texts(embed):
        assert not any(word in text for word in RUNNING), text


def _field(embed: discord.Embed, name: str) -> str:
    [value] = [f.value or "" for f in embed.fields if f.name == name]
    return value


async def _pictured_over(message: simcord.ResponseMessage, game: GameRow) -> None:
    """The table's picture is the position as it lay with nobody to move: no seat
    marked in the mover's colour, "Game over" written under it in that colour (as under
    the picture of a game ended by the rules, where the winner follows)."""
    state = GameState.from_json(game.state_json)
    public = view(state, None)
    assert public.current is not None  # the engine's position still has a mover
    nobody = public.model_copy(update={"current": None, "decision": "over"})
    drawn: list[tuple[str, tuple[int, int, int]]] = []
    write = image._text

    def record(img: Any, xy: Any, text: str, size: int, fill: Any, anchor: str = "lm") -> None:
        drawn.append((text, fill))
        write(img, xy, text, size, fill, anchor)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(image, "_text", record)
        expected = image.table_png(nobody, names_of(game))
    [picture] = message.attachments
    assert await picture.read() == expected
    assert [text for text, fill in drawn if fill == image.ACCENT] == ["Game over"]


async def _table_reads_over(
    world: World, message: Any, game_id: int, ended: str | None, buttons: list[str]
) -> discord.Embed:
    """The table of ``game_id``, ended outside its rules: over in its words, its colour,
    its picture and its buttons (``buttons``, none offering a move), the end said as
    stored (``ended``; None: the solo table says it in its own words). Its embed."""
    game = await world.game(game_id)
    assert game.status == "forfeited"
    assert not GameState.from_json(game.state_json).over  # not ended by the rules
    table = fresh(world, message)
    embed = table.embeds[0]
    _says_no_turn(embed)
    assert embed.colour == COLOUR_OVER
    assert [c.get("label") for c in World.components(table)] == buttons
    await _pictured_over(table, game)
    if ended is not None:
        assert embed.description == "**Game over.**", embed.description
        assert _field(embed, "Game over") == ended
    return embed


async def _hand_reads_over(world: World, who: MemberActor, hand: Any, ended: str) -> None:
    """A player's private hand, opened while the game ran, after its **Update**: the
    game is over, as stored, and no control is left to move with."""
    updated = await who.click(fresh(world, hand), label="Update")
    [embed] = updated.response.embeds
    _says_no_turn(embed)
    assert (embed.description or "").startswith("The game is over."), embed.description
    assert _field(embed, "Game over") == ended
    assert World.components(updated.response) == []


async def _give_up(who: MemberActor | UserHandle, asked: simcord.InteractionResult) -> None:
    """Answer the question of ``/famiglia forfeit`` (``asked``) with yes."""
    assert asked.ephemeral, asked
    done = await who.click(asked.response, label="Yes, give up this game")
    assert "You gave up" in done.response.content


# ---------------------------------------------------------------- two players
async def _duel_with_both_hands_open(
    world: World,
) -> tuple[int, MemberActor, MemberActor, dict[MemberActor, Any]]:
    """A running duel: its id, the player to move, the one waiting, and each one's hand
    opened now."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    waiting = await world.player(game_id, 1 - state.current)
    hands = {p: await world.open_hand(p, game_id) for p in (mover, waiting)}
    return game_id, mover, waiting, hands


async def _duel_reads_over(
    world: World, game_id: int, hands: dict[MemberActor, Any], ended: str
) -> None:
    """The duel's table and both hands opened while it ran say ``ended``, nothing more."""
    table = await world.table(game_id)
    await _table_reads_over(world, table, game_id, ended, ["Rematch", "Rules"])
    for player, hand in hands.items():
        await _hand_reads_over(world, player, hand, ended)


@pytest.mark.parametrize("giver", ["the player to move", "the player waiting"])
async def test_a_duel_given_up_reads_over_on_its_table_and_in_both_hands(
    world: World, giver: str
) -> None:
    game_id, mover, waiting, hands = await _duel_with_both_hands_open(world)
    before = fresh(world, await world.table(game_id)).embeds[0]
    assert "to play**" in (before.description or "")  # a running table names the mover
    quitter, winner = (mover, waiting) if giver == "the player to move" else (waiting, mover)
    await _give_up(quitter, await world.slash(quitter, "forfeit"))

    names = {world.alice: "Alice", world.bob: "Bob"}
    await _duel_reads_over(
        world, game_id, hands, f"{names[quitter]} gave up: **{names[winner]} wins.**"
    )


async def test_a_duel_lost_on_time_reads_over_on_its_table_and_in_both_hands(
    world: World,
) -> None:
    game_id, late, waiting, hands = await _duel_with_both_hands_open(world)
    await world.env.advance_time(PAST_THE_DEADLINE)
    record = await world.bot.store.get_result(game_id)
    assert record is not None and record.reason == "timeout"

    names = {world.alice: "Alice", world.bob: "Bob"}
    ended = f"{names[late]} ran out of time: **{names[waiting]} wins.**"
    await _duel_reads_over(world, game_id, hands, ended)


# ------------------------------------------------------------------ the AI
async def test_a_game_against_the_ai_given_up_in_dms_reads_over_on_its_table(
    world: World,
) -> None:
    game_id = await dm_game(world)
    user = world.alice.user
    game = await world.game(game_id)
    before = next(m for m in user.dm_channel.history() if m.id == game.table_message_id)
    assert "Alice to play" in (before.embeds[0].description or "")
    await _give_up(user, await user.slash("famiglia forfeit"))

    game = await world.game(game_id)
    table = next(m for m in user.dm_channel.history() if m.id == game.table_message_id)
    ai = names_of(game)[1]
    ended = f"Alice gave up: **{ai} wins.**"
    buttons = ["Play again (easy, you start)", "Rules"]
    await _table_reads_over(world, table, game_id, ended, buttons)
    assert len(fresh(world, table).embeds) == 1  # no hand on the table once it is over


async def test_a_game_against_the_ai_lost_on_time_in_a_channel_reads_over_on_its_table(
    world: World,
) -> None:
    game_id = await channel_game(world)
    hand = await world.open_hand(world.alice, game_id)
    await world.env.advance_time(PAST_THE_DEADLINE)
    record = await world.bot.store.get_result(game_id)
    assert record is not None and record.reason == "timeout"

    ai = names_of(await world.game(game_id))[1]
    ended = f"Alice ran out of time: **{ai} wins.**"
    buttons = ["Play again (easy, you start)", "Rules"]
    await _table_reads_over(world, await world.table(game_id), game_id, ended, buttons)
    await _hand_reads_over(world, world.alice, hand, ended)


# --------------------------------------------------------------------- solo
async def test_a_solo_game_given_up_marks_nobody_to_move_on_its_table(world: World) -> None:
    user = world.alice.user
    await user.slash("famiglia solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    before = next(m for m in user.dm_channel.history() if m.id == game.table_message_id)
    assert any(f.name.startswith("▶ ") for f in before.embeds[0].fields)  # while it runs
    await _give_up(user, await user.slash("famiglia forfeit"))

    game = await world.game(game.id)
    table = next(m for m in user.dm_channel.history() if m.id == game.table_message_id)
    buttons = ["Play again (level 3a)", "Rules"]
    embed = await _table_reads_over(world, table, game.id, None, buttons)
    assert (embed.description or "").startswith("You gave up: the robot gangster wins")
    assert len(fresh(world, table).embeds) == 1  # no hand on the table once it is over
