"""The virtual Discord of the release fixture (``tests/fixtures/release-0.1``).

The fixture database was written by the release before the redesign, playing in this
world; a bot of today's code is started on a copy of it in the same world. SimCord
hands out ids from its clock and a counter, so building the world in the same order
at the same virtual moment gives the same ids: the manifest records them, and the
test checks that they match before it trusts the stored games.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord
from simcord import MemberActor
from simcord.builders import ChannelHandle, GuildHandle

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "release-0.1"
DATABASE = FIXTURE / "famiglia.db"
MANIFEST = FIXTURE / "manifest.json"
GUILD_ID = 1_111_111_111_111_111_111


@dataclass
class ReleaseWorld:
    guild: GuildHandle
    channels: dict[str, ChannelHandle]
    members: dict[str, MemberActor]

    def ids(self) -> dict[str, Any]:
        return {
            "guild": self.guild.id,
            "channels": {name: c.id for name, c in self.channels.items()},
            "users": {name: m.id for name, m in self.members.items()},
            "dms": {name: m.user.dm_channel.id for name, m in self.members.items()},
        }


def build_release_world(env: simcord.Env) -> ReleaseWorld:
    """The server, its channels, four members and their DMs, always in this order."""
    guild = env.create_guild("Famiglia Club", id=GUILD_ID)
    channels = {name: guild.create_text_channel(name) for name in ("duel", "ai", "done")}
    members = {
        name: guild.add_member(env.create_user(name, global_name=name.title()))
        for name in ("alice", "bob", "carol", "dave")
    }
    for member in members.values():
        _ = member.user.dm_channel  # opened now, so every DM gets the same id each time
    return ReleaseWorld(guild, channels, members)


def manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MANIFEST.read_text())
    return data
