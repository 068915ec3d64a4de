"""A thin layer between the end-to-end tests and SimCord (young; its API moves).

Tests speak of players, tables, hands and buttons; only this module knows how SimCord
clicks, finds messages, restarts the bot, advances the clock or fires two clicks at
once (the last uses SimCord internals, on purpose kept here and in
:mod:`tests.gateway_tricks`, which holds what no normal client can do).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord import MemberActor, SetupError, interactions
from simcord.backend import serializers
from simcord.backend.models.channel import Overwrite
from simcord.builders import ChannelHandle, GuildHandle
from simcord.enums import OverwriteType

from bot.app import FamigliaBot
from bot.services.replay import replay_state
from bot.settings import Settings
from db.rows import GameRow
from engine.famiglia import GameState
from engine.famiglia.actions import from_key
from engine.famiglia.policies import greedy_policy

GUILD_ID = 1_111_111_111_111_111_111


def settings(db_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": None,
        "database_path": db_path,
        "dev_guild_id": GUILD_ID,
        "turn_timeout_hours": 24.0,
        "challenge_timeout_minutes": 10.0,
        "log_level": "INFO",
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


def make_bot(config: Settings, seed: int = 1) -> FamigliaBot:
    return FamigliaBot(config, rng=random.Random(seed))


@dataclass
class World:
    env: simcord.Env
    config: Settings
    guild: GuildHandle
    channel: ChannelHandle
    alice: MemberActor
    bob: MemberActor
    carol: MemberActor
    old_bots: list[FamigliaBot] = field(default_factory=list)

    @property
    def bot(self) -> FamigliaBot:
        return self.env.bot  # type: ignore[return-value]

    # ------------------------------------------------------------------ store
    async def game(self, game_id: int) -> GameRow:
        game = await self.bot.store.get_game(game_id)
        assert game is not None
        return game

    async def state(self, game_id: int) -> GameState:
        return GameState.from_json((await self.game(game_id)).state_json)

    async def replayed(self, game_id: int) -> GameState:
        log = await self.bot.store.action_log(game_id)
        return replay_state(await self.game(game_id), [row.action_json for row in log])

    async def player(self, game_id: int, seat: int) -> MemberActor:
        game = await self.game(game_id)
        return next(m for m in (self.alice, self.bob, self.carol) if m.id == game.players[seat])

    # --------------------------------------------------------------- messages
    def messages(self, viewer: MemberActor | None = None) -> list[discord.Message]:
        return self.channel.history(viewer=viewer)

    def message(self, message_id: int) -> discord.Message:
        for message in self.messages():
            if message.id == message_id:
                return message
        raise AssertionError(f"message {message_id} is not in the channel")

    async def table(self, game_id: int) -> discord.Message:
        game = await self.game(game_id)
        assert game.table_message_id is not None
        return self.message(game.table_message_id)

    def public_text(self) -> str:
        """Everything a bystander can read in the channel: contents, embeds, labels."""
        parts: list[str] = []
        for message in self.messages(viewer=self.carol):
            parts.append(message.content)
            for embed in message.embeds:
                parts.append(str(embed.to_dict()))
        return "\n".join(parts)

    # ---------------------------------------------------------------- actions
    async def slash(self, who: MemberActor, name: str, **options: Any) -> simcord.InteractionResult:
        return await who.slash(self.channel, f"famiglia {name}", **options)

    async def raw(
        self, who: MemberActor, name: str, group: str = "famiglia", **options: Any
    ) -> simcord.InteractionResult:
        """``/<group> name`` with option values no Discord client sends (a string for an
        integer option, a number out of its range): a forged or broken client."""
        from simcord import actors as _actors

        env = self.env
        root = _actors._resolve_visible_command(who, self.channel.id, group, 1)
        leaf, nesting = interactions.walk_to_subcommand(root, [name])
        types = {o["name"]: o["type"] for o in leaf.get("options") or []}
        built = [{"name": k, "type": types.get(k, 3), "value": v} for k, v in options.items()]
        data: dict[str, Any] = {
            "id": root["id"],
            "name": root["name"],
            "type": 1,
            "options": interactions.nest_options(root, nesting, built),
        }
        if root.get("guild_id"):
            data["guild_id"] = root["guild_id"]
        env._begin_operation("raw slash")
        try:
            record, payload = interactions.base_payload(
                env.backend, type=2, channel_id=self.channel.id, guild_id=self.guild.id,
                user_id=who.id, data=data,
            )  # fmt: skip
            env.backend.emit("INTERACTION_CREATE", payload)
            await env._settle_internal(dispatch="INTERACTION_CREATE")
        finally:
            env._end_operation()
        return simcord.InteractionResult(env, record)

    async def autocomplete(
        self, who: MemberActor, name: str, option: str, typed: str = "", **filled: Any
    ) -> list[dict[str, Any]]:
        return await who.autocomplete(self.channel, f"famiglia {name}", option, typed, **filled)

    async def challenge(self, by: MemberActor, to: MemberActor) -> int:
        result = await self.slash(by, "start", opponent=to)
        assert result.response is not None and not result.ephemeral, result
        game = await self.bot.store.active_game_in_channel(self.channel.id)
        assert game is not None
        return game.id

    async def start_game(self, by: MemberActor, to: MemberActor) -> int:
        game_id = await self.challenge(by, to)
        await to.click(await self.table(game_id), label="Accept")
        assert (await self.game(game_id)).status == "active"
        return game_id

    async def open_hand(self, who: MemberActor, game_id: int) -> simcord.ResponseMessage:
        result = await who.click(await self.table(game_id), label="Show my hand")
        assert result.ephemeral and result.response is not None, result
        return result.response

    async def click_rules(self, who: MemberActor, game_id: int) -> simcord.ResponseMessage:
        result = await who.click(await self.table(game_id), label="Rules")
        assert result.ephemeral and result.response is not None, result
        return result.response

    @staticmethod
    def components(message: Any) -> list[dict[str, Any]]:
        rows = message.components
        out: list[dict[str, Any]] = []
        for row in rows:
            if isinstance(row, dict):
                out.extend(row.get("components", []))
            else:
                out.extend(c.to_dict() for c in row.children)
        return out

    def hide_channel(self, channel: ChannelHandle, member: MemberActor) -> None:
        """An admin takes ``member``'s right to see ``channel`` (an overwrite)."""
        overwrite = Overwrite(
            target_id=member.id,
            type=OverwriteType.MEMBER,
            deny=discord.Permissions(view_channel=True).value,
        )
        self.env.backend.set_overwrite(channel.id, overwrite)

    # ------------------------------------------------------------ the process
    async def restart(self) -> None:
        """Start a new bot process on the same database, in the same virtual world."""
        old = self.bot
        self.old_bots.append(old)
        await self.env.restart_bot(make_bot(self.config, seed=7))
        await old.store.close()

    async def forged_select(
        self, who: MemberActor, message: Any, custom_id: str, values: list[str]
    ) -> simcord.InteractionResult:
        """A select interaction with values the menu never offered (a forged client)."""
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        [result] = await self._dispatch([who], message, data)
        return result

    async def forged_click(
        self, who: MemberActor, message: Any, custom_id: str, guild: GuildHandle | None = None
    ) -> simcord.InteractionResult:
        """A button interaction with an id the message never carried (an old client),
        sent from ``message``'s channel in ``guild`` (default: the world's server)."""
        data = {"custom_id": custom_id, "component_type": 2}
        [result] = await self._dispatch([who], message, data, guild)
        return result

    async def click_together(
        self, actors: list[MemberActor], message: Any, custom_id: str
    ) -> list[simcord.InteractionResult]:
        """Two users click one button in the same instant: both interactions are in the
        gateway before the bot runs any of them."""
        return await self._dispatch(actors, message, {"custom_id": custom_id, "component_type": 2})

    async def together(
        self, message: Any, moves: list[tuple[MemberActor, dict[str, Any]]]
    ) -> list[simcord.InteractionResult]:
        """Several users use different controls of one message in the same instant
        (each ``(actor, data)``: data as :meth:`_dispatch` takes it)."""
        return await self._dispatch(
            [a for a, _ in moves], message, moves[0][1], datas=[d for _, d in moves]
        )

    async def slash_together(
        self, who: MemberActor, calls: list[tuple[Any, str, dict[str, Any]]]
    ) -> list[simcord.InteractionResult]:
        """One user's ``/famiglia`` commands in the same instant, each ``(channel,
        subcommand, options)``: all are in the gateway before the bot runs any."""
        env = self.env
        records = []
        env._begin_operation("slash together")
        try:
            for channel, name, options in calls:
                root = simcord.actors._resolve_visible_command(who, channel.id, "famiglia", 1)
                leaf, nesting = interactions.walk_to_subcommand(root, [name])
                types = {o["name"]: o["type"] for o in leaf.get("options") or []}
                built = [
                    {"name": k, "type": types.get(k, 3), "value": v} for k, v in options.items()
                ]
                data = {"id": root["id"], "name": root["name"], "type": 1}
                data["options"] = interactions.nest_options(root, nesting, built)
                if root.get("guild_id"):
                    data["guild_id"] = root["guild_id"]
                record, payload = interactions.base_payload(
                    env.backend, type=2, channel_id=channel.id, guild_id=self.guild.id,
                    user_id=who.id, data=data,
                )  # fmt: skip
                env.backend.emit("INTERACTION_CREATE", payload)
                records.append(record)
            await env._settle_internal(dispatch="INTERACTION_CREATE")
        finally:
            env._end_operation()
        return [simcord.InteractionResult(env, record) for record in records]

    async def _dispatch(
        self,
        actors: list[MemberActor],
        message: Any,
        data: dict[str, Any],
        guild: GuildHandle | None = None,
        datas: list[dict[str, Any]] | None = None,
    ) -> list[simcord.InteractionResult]:
        """Put component interactions on the gateway, then let the bot run (SimCord
        internals: its public verbs settle after each single interaction); ``datas``:
        each actor's own data instead of ``data``."""
        env = self.env
        backend = env.backend
        stored = backend.get_message(
            message.channel_id if hasattr(message, "channel_id") else message.channel.id, message.id
        )
        records = []
        env._begin_operation("dispatch")
        try:
            for index, actor in enumerate(actors):
                data = datas[index] if datas is not None else data
                record, payload = interactions.base_payload(
                    backend,
                    type=3,
                    channel_id=stored.channel_id,
                    guild_id=(guild or self.guild).id,
                    user_id=actor.id,
                    data=data,
                )
                payload["message"] = dict(serializers.message_payload(backend, stored))
                carry(payload["message"], data)
                record.source_message_id = stored.id
                backend.emit("INTERACTION_CREATE", payload)
                records.append(record)
            await env._settle_internal(dispatch="INTERACTION_CREATE")
        finally:
            env._end_operation()
        return [simcord.InteractionResult(env, record) for record in records]


def carry(message: dict[str, Any], data: dict[str, Any]) -> None:
    """Put the clicked component on the message as sent to the bot, if it is not there
    (a forged or stale id): discord.py finds the item it builds from there."""
    rows = list(message.get("components") or [])
    ids = [c.get("custom_id") for row in rows for c in row.get("components", [])]
    if data["custom_id"] in ids:
        return
    part: dict[str, Any] = {"type": data["component_type"], "custom_id": data["custom_id"]}
    if data["component_type"] == 3:
        part["options"] = [{"label": v[:100] or "?", "value": v[:100] or "?"}
                           for v in data.get("values", [])]  # fmt: skip
    else:
        part["label"], part["style"] = "?", 1
    message["components"] = [{"type": 1, "components": [part]}, *rows][:5]


async def build_world(env: simcord.Env, config: Settings) -> World:
    guild = env.create_guild("Famiglia Club", id=GUILD_ID)
    channel = guild.create_text_channel("famiglia")
    alice = guild.add_member(env.create_user("alice", global_name="Alice"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    carol = guild.add_member(env.create_user("carol", global_name="Carol"))
    return World(env, config, guild, channel, alice, bob, carol)


__all__ = ["GUILD_ID", "SetupError", "World", "build_world"]


# ----------------------------------------------------------------- playing by clicks
def fresh(world: World, message: Any) -> simcord.ResponseMessage:
    """The current content of a message the test holds a (possibly old) handle to."""
    channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
    return simcord.ResponseMessage(world.env, world.env.backend.get_message(channel_id, message.id))


def controls(message: Any) -> dict[str, dict[str, Any]]:
    """The hand's controls by what they do: select groups and button keys/labels."""
    found: dict[str, dict[str, Any]] = {}
    for part in World.components(message):
        custom_id = part.get("custom_id", "")
        if custom_id.startswith("fam:pick:"):
            found[custom_id.rsplit(":", 1)[1]] = part
        elif custom_id.startswith("fam:do:"):
            found[part["label"]] = part
    return found


OPS = {"refresh": "0", "accountant": "1", "brute": "5", "take": "8"}  # action key op codes
SUB_DECISIONS = ("pay", "brute_target", "brute_amount", "exchange_give", "exchange_take")


async def click_one_decision(world: World, who: MemberActor, hand: Any, turn: int) -> bool:
    """Make one decision on the hand's controls, by a fixed policy; False if none shown."""
    found = controls(hand)
    if not found:
        return False
    if "Stop taking cards back" in found:
        await who.click(hand, custom_id=found["Stop taking cards back"]["custom_id"])
        return True
    for group in SUB_DECISIONS:
        if group in found:
            value = found[group]["options"][0]["value"]
            await who.select(hand, [value], custom_id=found[group]["custom_id"])
            return True
    buttons = {
        p["custom_id"].split(":")[-1].split(".")[0]: p
        for p in found.values()
        if p.get("custom_id", "").startswith("fam:do:")
    }
    for op in ("9", "6", "7", "4", "2"):  # pay, brute target/amount, exchange give/take
        if op in buttons:
            await who.click(hand, custom_id=buttons[op]["custom_id"])
            return True
    order = ["take", "refresh", "brute", "accountant"]
    if turn % 4 == 0:
        order = ["brute", "accountant", "take", "refresh"]
    for group in order:
        if group in found:
            options = found[group]["options"]
            value = options[-1 if group == "take" else 0]["value"]
            await who.select(hand, [value], custom_id=found[group]["custom_id"])
            return True
        if OPS[group] in buttons:
            await who.click(hand, custom_id=buttons[OPS[group]]["custom_id"])
            return True
    await who.click(hand, label="Pass (take nothing)")
    return True


async def play_by_buttons(world: World, game_id: int, max_turns: int = 200) -> int:
    """Play the game to its end with clicks only; returns the number of turns."""
    for turn in range(max_turns):
        game = await world.game(game_id)
        if game.status != "active":
            return turn
        state = await world.state(game_id)
        who = await world.player(game_id, state.current)
        hand = await world.open_hand(who, game_id)
        for _ in range(20):
            if not await click_one_decision(world, who, fresh(world, hand), turn):
                break
    raise AssertionError("the game did not end")


async def play_until(world: World, game_id: int, wanted: Callable[[GameState], bool]):
    """Greedy moves through the service until the mover's main decision is ``wanted``."""
    rng = random.Random(0)
    for _ in range(400):
        state = await world.state(game_id)
        mover = await world.player(game_id, state.current)
        if state.decision == "main" and wanted(state):
            return mover, state
        action = from_key(greedy_policy(state, rng))
        await world.bot.service.play(game_id, mover.id, None, lambda _s, a=action: [a])
        assert (await world.game(game_id)).status == "active", "the game ended first"
    raise AssertionError("the wanted position never came")
