"""Names (issue 14, item 8): a display name is shown as written, never as formatting or
a mention, in every message (challenge, table, moves, result, leaderboard); no message
pings @everyone, @here or a role, only the players meant; games keep the user's global
display name, not one server's nickname."""

from __future__ import annotations

from typing import Any

from tests.simcord_world import World

NICK = "Server Nick"


async def hostile_member(world: World) -> Any:
    role = world.guild.create_role("mods", mentionable=True)
    name = f"@everyone @here <@&{role.id}> **Boss** _x_ <@{world.carol.id}>"
    user = world.env.create_user("mallory", global_name=name)
    return world.guild.add_member(user, nick=NICK), name


def every_text(world: World) -> str:
    parts = []
    for message in world.messages(viewer=world.carol):
        parts.append(message.content)
        parts.extend(str(embed.to_dict()) for embed in message.embeds)
    return "\n".join(parts)


async def test_a_hostile_display_name_neither_formats_nor_pings(world: World):
    mallory, name = await hostile_member(world)
    game_id = await world.start_game(mallory, world.bob)
    game = await world.game(game_id)
    assert game.options["names"][0] == name  # the global name, not the nickname
    state = await world.state(game_id)
    mover = mallory if game.players[state.current] == mallory.id else world.bob
    await mover.click(await world.open_hand(mover, game_id), label="Pass (take nothing)")
    asked = await world.slash(world.bob, "forfeit")
    assert "@everyone" not in asked.response.content
    await world.bob.click(asked.response, label="Yes, give up this game")
    board = await world.slash(world.bob, "leaderboard", board="rating", scope="global")
    shown = (
        every_text(world)
        + "\n"
        + board.response.content
        + str([e.to_dict() for e in board.response.embeds])
    )
    assert "**Boss**" not in shown and "@everyone" not in shown and "@here" not in shown
    assert "<@&" not in shown.replace("<@&\u200b", "")  # no role mention left whole
    assert "\\*\\*Boss\\*\\*" in shown  # shown as typed
    assert NICK not in shown
    backend = world.env.backend
    for message in world.messages():
        stored = backend.get_message(world.channel.id, message.id)
        assert not stored.mention_everyone, message.content
        assert stored.ping_role_ids == [], message.content
        assert set(stored.ping_user_ids) <= {mallory.id, world.bob.id}, message.content
        assert world.carol.id not in stored.ping_user_ids
